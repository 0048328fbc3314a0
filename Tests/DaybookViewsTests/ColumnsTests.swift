@testable import DaybookCore
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ColumnsTests {
    @Test func wideCharactersCountTwoAndColourNothing() {
        #expect(Columns.width("steps") == 5)
        #expect(Columns.width("日本語") == 6)
        #expect(Columns.width("café") == 4)
        #expect(Columns.width("cafe\u{301}") == 4)
        #expect(Columns.width("🏃") == 2)
        // Emoji sequences: as wide as their scalars, and never under two columns.
        #expect(Columns.width("☀️") == 2)
        #expect(Columns.width("1️⃣") == 2)
        #expect(Columns.width("🇵🇹") == 4)
        #expect(Columns.width("👍🏽") == 4)
        #expect(Columns.width("❤️ ok") == 5)
        // A cut never splits a character: not a flag, nor a sequence joined with ZWJ.
        #expect(Columns.fit("🇵🇹🇵🇹", 5, ellipsis: "") == "🇵🇹")
        #expect(Columns.fit("👩‍💻x", 3, ellipsis: "") == "")
        #expect(Columns.wrap("👩‍💻👩‍💻", width: 5) == ["👩‍💻", "👩‍💻"])
        #expect(Columns.width("\u{1B}[1mbold\u{1B}[0m") == 4)
        #expect(Columns.width("█░●■╭─…") == 7)
        for text in [Dashboard.wide, printable(Dashboard.hostile), "ＡＢＣ한국어"] {
            #expect(Columns.width(text) >= terminalColumns(text), "\(text)")
        }
    }

    /// A text's width, counted byte by byte when it is ASCII, is its characters' widths added
    /// up, and colour around it adds nothing.
    @Test func aTextIsAsWideAsItsCharacters() {
        let pieces = [
            "a", "1", "#", " ", "é", "e\u{301}", "日", "🏃", "☀", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{200D}",
            "👩", "💻", "🏽", "🇵", "🇹", "❤", "한", "\u{1160}", "ok", "\t",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let characters = text.reduce(0) { $0 + Columns.width($1) }
            let scalars = "\(text.unicodeScalars.map { String($0.value, radix: 16) })"
            #expect(Columns.width(text) == characters, "\(scalars)")
            #expect(Columns.width("\u{1B}[1m" + text + "\u{1B}[0m") == characters, "\(scalars)")
            #expect(Columns.width("\u{1B}[2m" + text + "\u{1B}[0m ok") == characters + 3, "\(scalars)")
        }
    }

    @Test func fitCutsByColumnsKeepsColourClosed() {
        #expect(Columns.fit("walked by the sea", 10) == "walked by…")
        #expect(Columns.fit("walked by the sea", 10, ellipsis: "...") == "walked ...")
        #expect(Columns.fit("日本語のメモ", 7) == "日本語…")
        #expect(Columns.fit("short", 10) == "short")
        #expect(Columns.fit("\u{1B}[32mgreen text\u{1B}[0m", 6) == "\u{1B}[32mgreen\u{1B}[0m…")
    }

    @Test func wrapByColumns() {
        #expect(Columns.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(Columns.wrap("abcdefghij", width: 4, first: "", indent: "  ") == ["abcd", "  ef", "  gh", "  ij"])
        #expect(Columns.wrapLine("  usage: a b c d e f", width: 12, hanging: 4) == ["  usage: a b", "    c d e f"])
        #expect(Columns.wrapLine("fits", width: 4) == ["fits"])
        // A separator goes with what follows it: `show`'s note id at 40 columns.
        #expect(Columns.wrap("lunch with Ana · n3", width: 16) == ["lunch with Ana", "· n3"])
        #expect(Columns.wrap("a | b · c", width: 5) == ["a | b", "· c"])
        #expect(Columns.wrap("end ·", width: 4) == ["end", "·"])
        // A label padded to the hanging column keeps its padding when its text wraps.
        #expect(
            Columns.wrapLine("  mood    4 good · a long note here", width: 24, hanging: 10) == [
                "  mood    4 good · a", "          long note here",
            ])
    }
}
