import DaybookProcessSupport
import Foundation
import Testing

/// `status --prompt` in real shells' prompts, as docs/status.md sets them: each shell must read
/// the colour codes as taking no room, and everything else as the text it is.
@Suite struct StatusPromptTests {
    /// A journal whose status line is coloured text around a percent sign:
    /// `not checked in · focus 55%/80%`.
    func journal() throws -> Daybook {
        let d = try Daybook()
        #expect(try d.run(["track", "focus", "percentage"]).status == 0)
        #expect(try d.run(["goal", "focus", "at", "least", "80%"]).status == 0)
        #expect(try d.run(["log", "focus", "55%"]).status == 0)
        #expect(try d.run(["status"]).stdout == "not checked in · focus 55%/80%\n")
        return d
    }

    static let visible = "not checked in · focus 55%/80% > "

    /// The text without the escape sequences.
    static func stripped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { inEscape = false }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Bash's PS1 with the status in `$(...)`, expanded as bash expands it for readline:
    /// each escape sequence between 0x01 and 0x02, the markers readline skips when it
    /// measures the prompt, and nothing else between them.
    @Test(.enabled(if: Installed.program("/bin/bash"), "needs bash"))
    func bash() throws {
        let d = try journal()
        let r = try d.execute(
            "/bin/bash",
            [
                "--norc", "--noprofile", "-c",
                #"PS1='$("$DAYBOOK" --journal "$J" status --prompt bash) > '; printf '%s' "${PS1@P}""#,
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let expanded = r.stdout
        #expect(expanded.contains("\u{1B}[31m"), "no colour: \(expanded)")
        // What readline shows: everything outside the markers, and every escape inside them.
        var shown = String.UnicodeScalarView()
        var hidden = String.UnicodeScalarView()
        var marked = false
        for scalar in expanded.unicodeScalars {
            switch scalar {
            case "\u{01}": marked = true
            case "\u{02}": marked = false
            default: if marked { hidden.append(scalar) } else { shown.append(scalar) }
            }
        }
        #expect(String(shown) == Self.visible)
        #expect(Self.stripped(String(hidden)) == "")
        #expect(!String(shown).contains("\u{1B}"))
    }

    /// Zsh's PROMPT with PROMPT_SUBST, expanded in full: `%{ %}` hide the escapes from the
    /// width zsh counts (a prompt cut at 20 columns keeps 20 visible ones), and the percent
    /// signs of the text show as themselves.
    @Test(.enabled(if: Installed.zsh, "needs zsh"))
    func zsh() throws {
        let d = try journal()
        let script = #"""
            setopt prompt_subst
            PROMPT='$("$DAYBOOK" --journal "$J" status --prompt zsh) %%> '
            print -rn -- "${(%%)PROMPT}"
            print -rn -- '|'
            PROMPT='%20>>$("$DAYBOOK" --journal "$J" status --prompt zsh)%>>'
            print -rn -- "${(%%)PROMPT}"
            """#
        let r = try d.execute("/usr/bin/zsh", ["-f", "-c", script])
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.stdout.split(separator: "|", maxSplits: 1).map(String.init)
        try #require(parts.count == 2, "\(r.stdout)")
        #expect(parts[0].contains("\u{1B}[31m"), "no colour: \(parts[0])")
        #expect(!parts[0].contains("%{") && !parts[0].contains("%}"))
        #expect(Self.stripped(parts[0]) == "not checked in · focus 55%/80% %> ")
        #expect(Self.stripped(parts[1]) == "not checked in · foc")
    }

    /// Fish measures escape sequences itself: `--prompt fish` leaves them as they are, and
    /// fish counts only the text.
    @Test(.enabled(if: Installed.fish, "needs fish"))
    func fish() throws {
        let d = try journal()
        let r = try d.execute(
            "/usr/bin/fish",
            [
                "--no-config", "-c",
                #"set s ("$DAYBOOK" --journal "$J" status --prompt fish); string length --visible -- $s; printf '%s' $s"#,
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", maxSplits: 1).map(String.init)
        try #require(lines.count == 2, "\(r.stdout)")
        #expect(lines[0] == String("not checked in · focus 55%/80%".count))
        #expect(lines[1].contains("\u{1B}[31m"))
    }
}
