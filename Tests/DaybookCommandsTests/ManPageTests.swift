import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews
@testable import DaybookManual
import Foundation
import Testing

/// The committed manual page, man/daybook.1: in step with the command table, lint-clean, and
/// readable at 80 columns in mandoc and in man-db's groff.
@Suite struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let path = root + "/man/daybook.1"

    let committed: String

    init() throws {
        committed = try String(contentsOfFile: Self.path, encoding: .utf8)
    }

    @Test func committedPageIsWhatTheGeneratorMakes() {
        let generated = ManPage.render(.standard)
        guard generated != committed else { return }
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(new.count, old.count)).first { new[$0] != old[$0] } ?? min(new.count, old.count)
        let was = line < old.count ? String(old[line]) : "(end of file)"
        let now = line < new.count ? String(new[line]) : "(end of file)"
        Issue.record(
            "man/daybook.1 is out of date: run make man (line \(line + 1) is \(was.debugDescription), the generator makes \(now.debugDescription))"
        )
    }

    /// The items of the COMMANDS section, one per form, keyed by the name the form starts with.
    func commandItems() -> [String: String] {
        guard let start = committed.range(of: "\n.Sh COMMANDS\n"),
            let end = committed.range(of: "\n.Sh ", range: start.upperBound..<committed.endIndex)
        else { return [:] }
        var items: [String: String] = [:]
        for item in committed[start.upperBound..<end.lowerBound].components(separatedBy: "\n.It Xo\n").dropFirst() {
            guard let first = item.split(separator: "\n").first, first.hasPrefix(".Ic ") else { continue }
            let name = first.dropFirst(4).split(separator: " ").first.map(String.init) ?? ""
            items[name] = item
        }
        return items
    }

    /// `chart` takes its attribute, then words (a second attribute or `mood`, then a period):
    /// `help`, `help chart` and the page say so alike, and TAB offers the mood (CompletionTests).
    @Test func chartTakesWordsAfterItsAttribute() throws {
        let chart = try #require(CommandTable.standard.command(named: "chart"))
        #expect(chart.usage == "chart ATTR [PERIOD...]")
        #expect(chart.arguments.first?.kind == .attributeOrMood)
        let item = try #require(commandItems()["chart"])
        #expect(item.hasPrefix(".Ic chart Ar ATTR\n.Op Ar PERIOD ...\n"), "\(item.prefix(80))")
        let d = try InProcess()
        #expect(try d.run(["help"]).stdout.contains("\n  chart ATTR [PERIOD...] "))
        #expect(try d.run(["help", "chart"]).stdout.hasPrefix("usage: chart ATTR [PERIOD...] [--by STEP]"))
    }

    @Test func everyCommandAndOptionIsInThePage() {
        let items = commandItems()
        let table = CommandTable.standard
        #expect(items.count == table.names.count)
        for command in table.commands {
            let names = [command.name] + command.aliases
            let forms = names.compactMap { items[Mdoc.arg($0)] }
            #expect(forms.count == names.count, "\(command.name): every name has a form in COMMANDS")
            // The body follows the last form.
            let body = forms.last ?? ""
            for form in forms {
                for argument in command.arguments {
                    #expect(form.contains("Ar " + Mdoc.arg(argument.name)), "\(command.name) \(argument.name)")
                }
                for option in command.options {
                    #expect(form.contains("\n.Op " + ManPage.optionMacros(option) + "\n"), "\(command.name) \(option.name)")
                }
            }
            for argument in command.arguments {
                #expect(body.contains("\n.It " + ManPage.argumentMacros(argument) + "\n"), "\(command.name) \(argument.name)")
            }
            for option in command.options {
                #expect(body.contains("\n.It " + ManPage.optionMacros(option) + "\n"), "\(command.name) \(option.name)")
            }
            for example in command.examples {
                #expect(body.contains("\n" + Mdoc.escapeLine(example, trim: false) + "\n"), "\(command.name): \(example)")
            }
        }
        for option in table.globalOptions {
            let short = option.short.map { ManPage.optionName($0) + " , " } ?? ""
            #expect(committed.contains("\n.It " + short + ManPage.optionMacros(option) + "\n"), "\(option.name)")
        }
        for name in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "DATES, VALUES AND RANGES", "THE SHELL",
            "SCRIPT MODE", "DURABILITY", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
        {
            #expect(committed.contains("\n.Sh \(name)\n"), "section \(name)")
        }
        for variable in ["DAYBOOK_JOURNAL", "DAYBOOK_HISTORY", "XDG_DATA_HOME", "XDG_STATE_HOME", "NO_COLOR",
            "COLUMNS", "EDITRC", "VISUAL", "EDITOR"]
        {
            let items = committed.split(separator: "\n").filter { $0.hasPrefix(".It Ev ") }
            #expect(items.contains { $0.split(separator: " ").contains(Substring(variable)) }, "ENVIRONMENT lacks \(variable)")
        }
    }

    @Test func escaping() {
        #expect(Mdoc.arg(".") == "\\&.")
        #expect(Mdoc.arg("?") == "\\&?")
        #expect(Mdoc.arg("Ns") == "\\&Ns")
        #expect(Mdoc.arg("mood") == "mood")
        #expect(Mdoc.arg("a \"b\"") == "\"a \\(dqb\\(dq\"")
        #expect(Mdoc.arg("C:\\x") == "C:\\ex")
        #expect(Mdoc.escapeLine("'goal ATTR off' ends it") == "\\&'goal ATTR off' ends it")
        #expect(Mdoc.escapeLine(".daybook") == "\\&.daybook")
        #expect(Mdoc.escape("4 good · walked") == "4 good \\[u00B7] walked")
        #expect(Mdoc.sentences("One. Two 'three'. 'Four' five. six") == ["One.", "Two 'three'.", "'Four' five. six"])
        var page = Mdoc()
        page.text(String(repeating: "word ", count: 40) + ".starts a line")
        #expect(page.lines.allSatisfy { $0.utf8.count <= 80 })
        #expect(!page.lines.contains { $0.hasPrefix(".") || $0.hasPrefix("'") })
    }

    // MARK: mandoc and man-db

    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The page is small: neither pipe fills before the other is read.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// Rendered text with overstrike (bold, underline) taken out.
    static func plain(_ rendered: String) -> String {
        var shown: [Character] = []
        for character in rendered {
            if character == "\u{8}" { shown.removeLast() } else { shown.append(character) }
        }
        return String(shown)
    }

    /// Lines wider than 80 columns.
    static func wideLines(_ rendered: String) -> [String] {
        plain(rendered).split(separator: "\n").map(String.init).filter { $0.count > 80 }
    }

    @Test(.enabled(if: program("mandoc") != nil, "mandoc is not installed (make test installs it)"))
    func mandocLintIsClean() throws {
        let lint = try Self.run(Self.program("mandoc")!, ["-Tlint", Self.path])
        #expect(lint.stdout == "")
        #expect(lint.status == 0)
        // Without a mandoc.db, mandoc says so for each cross-reference: that is about this machine.
        let other = lint.stderr.split(separator: "\n").filter { !$0.contains("mandoc.db") }
        #expect(other.isEmpty, "\(other)")
    }

    @Test(.enabled(if: program("mandoc") != nil, "mandoc is not installed (make test installs it)"))
    func mandocRendersItAtEightyColumns() throws {
        let shown = try Self.run(Self.program("mandoc")!, ["-Tutf8", "-O", "width=80", Self.path])
        #expect(shown.status == 0)
        #expect(Self.plain(shown.stdout).contains("DATES, VALUES AND RANGES"))
        #expect(Self.wideLines(shown.stdout) == [])
    }

    @Test(.enabled(if: program("man") != nil && program("nroff") != nil, "man-db is not installed (make test installs it)"))
    func manReadsItAtEightyColumns() throws {
        let shown = try Self.run(Self.program("man")!, ["-l", Self.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
        #expect(shown.status == 0)
        #expect(shown.stderr == "")
        #expect(Self.plain(shown.stdout).contains("DATES, VALUES AND RANGES"))
        #expect(Self.wideLines(shown.stdout) == [])
    }
}
