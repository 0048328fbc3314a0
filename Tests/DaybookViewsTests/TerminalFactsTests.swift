import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TerminalFactsTests {
    func facts(
        terminal: Bool = true, window: Int? = nil, _ environment: [String: String] = [:], flag: String? = nil,
        script: Bool = false
    ) -> TerminalFacts {
        TerminalFacts.resolve(
            isTerminal: terminal, windowColumns: window, environment: environment, colorFlag: flag, script: script)
    }

    @Test func theFlagBeatsNoColorWhichBeatsTheSetting() {
        let noColor = ["NO_COLOR": "1"]
        // --color always or never decides, whatever NO_COLOR and the setting say.
        #expect(facts(noColor, flag: "always").color.enabled(setting: "never"))
        #expect(!facts(flag: "never").color.enabled(setting: "always"))
        // Without the flag, NO_COLOR beats the setting.
        #expect(!facts(noColor).color.enabled(setting: "always"))
        #expect(!facts(noColor).color.enabled(setting: nil))
        // Without either, the setting decides.
        #expect(facts(terminal: false).color.enabled(setting: "always"))
        #expect(!facts().color.enabled(setting: "never"))
        // NO_COLOR set to nothing is not set.
        #expect(facts(["NO_COLOR": ""]).color.enabled(setting: "auto"))
    }

    @Test func autoColoursATerminalOnly() {
        #expect(facts().color.enabled(setting: nil))
        #expect(facts(flag: "auto").color.enabled(setting: "never"))
        #expect(!facts(terminal: false).color.enabled(setting: nil))
        #expect(!facts(terminal: false, flag: "auto").color.enabled(setting: "always"))
        #expect(!facts(["TERM": "dumb"]).color.enabled(setting: "auto"))
        #expect(!facts(script: true).color.enabled(setting: nil))
        #expect(!facts(["NO_COLOR": "1"], flag: "auto").color.enabled(setting: nil))
    }

    @Test func theAppearanceFollowsTheColourChoice() {
        let utf8 = ["LANG": "C.UTF-8"]
        #expect(facts(utf8).appearance(setting: nil) == Appearance(colour: true, unicode: true))
        #expect(facts(utf8).appearance(setting: "never") == Appearance(colour: false, unicode: true))
        #expect(TerminalFacts.plain.appearance(setting: nil) == .plain)
        #expect(TerminalFacts.plain.appearance(setting: "always").colour)
    }

    @Test func unicodeGlyphsInAUTF8LocaleASCIIOtherwise() {
        #expect(facts(["LC_ALL": "en_GB.UTF-8"]).appearance(setting: nil).glyphs == .unicode)
        #expect(facts(["LANG": "C.UTF-8"]).appearance(setting: "never").borders == .unicode)
        for locale in [[:], ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "C.UTF-8"], ["LANG": "en_US.ISO-8859-1"]] {
            let appearance = facts(locale).appearance(setting: nil)
            #expect(appearance == Appearance(colour: true, unicode: false), "\(locale)")
        }
    }

    @Test func theWindowThenColumnsThen80() {
        #expect(facts(window: 132, ["COLUMNS": "60"]).width == 132)
        #expect(facts(terminal: false, window: nil, ["COLUMNS": "60"]).width == 60)
        #expect(facts(terminal: false).width == 80)
        for bad in ["", "0", "-5", "wide", "60x", " 60"] {
            #expect(facts(terminal: false, ["COLUMNS": bad]).width == 80, "\(bad)")
        }
        #expect(facts(window: 0, ["COLUMNS": "70"]).width == 70)
        #expect(facts(terminal: false, ["COLUMNS": "99999999"]).width == TerminalFacts.maximumWidth)
    }

    @Test func utf8FromLCAllThenLCCTypeThenLang() {
        #expect(facts(["LANG": "en_GB.UTF-8"]).utf8)
        #expect(facts(["LANG": "C.utf8"]).utf8)
        #expect(facts(["LANG": "de_DE.UTF-8@euro"]).utf8)
        #expect(!facts(["LANG": "C"]).utf8)
        #expect(!facts(["LANG": "POSIX"]).utf8)
        #expect(!facts(["LANG": "en_US.ISO-8859-1"]).utf8)
        #expect(!facts([:]).utf8)
        // LC_ALL wins over both; LC_CTYPE over LANG; an empty one is not set.
        #expect(!facts(["LC_ALL": "C", "LC_CTYPE": "en_US.UTF-8", "LANG": "en_US.UTF-8"]).utf8)
        #expect(facts(["LC_ALL": "en_US.UTF-8", "LANG": "C"]).utf8)
        #expect(!facts(["LC_CTYPE": "C", "LANG": "en_US.UTF-8"]).utf8)
        #expect(facts(["LC_ALL": "", "LC_CTYPE": "", "LANG": "C.UTF-8"]).utf8)
    }
}
