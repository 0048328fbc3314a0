import DaybookViews
import Testing

@Suite struct AppearanceTests {
    @Test func colourIsEscapeSequencesOnlyWhenOn() {
        #expect(colour.bold("a") == "\u{1B}[1ma\u{1B}[0m")
        #expect(colour.dim("a") == "\u{1B}[2ma\u{1B}[0m")
        #expect(colour.accent("a") == "\u{1B}[36ma\u{1B}[0m")
        #expect(colour.group("sleep", "a") == "\u{1B}[34ma\u{1B}[0m")
        #expect(colour.group("Activity", "a") == "\u{1B}[32ma\u{1B}[0m")
        #expect(colour.group("a-group-of-my-own", "a") == "a")
        for plain in [unicode, ascii] {
            #expect(plain.bold("a") == "a")
            #expect(plain.dim("a") == "a")
            #expect(plain.accent("a") == "a")
            #expect(plain.group("sleep", "a") == "a")
            #expect(plain.style.paint(.red, "a") == "a")
        }
    }

    @Test func everyGroupHasAColour() {
        for group in ["activity", "sleep", "health", "food", "productivity", "mood"] {
            #expect(Style.groupColours[group] != nil, "\(group)")
        }
    }

    @Test func barsRoundDownSoThatAFullBarMeansDone() {
        #expect(unicode.bar(0.42, width: 10) == "████░░░░░░")
        #expect(unicode.bar(0.999, width: 10) == "█████████░")
        #expect(unicode.bar(1, width: 10) == "██████████")
        #expect(unicode.bar(1.5, width: 4) == "████")
        #expect(unicode.bar(-1, width: 4) == "░░░░")
        #expect(unicode.bar(nil, width: 3) == "░░░")
        #expect(unicode.bar(0.5, width: 0) == "")
        #expect(ascii.bar(0.42, width: 10) == "####......")
    }

    @Test func sparklineTicks() {
        #expect((0...7).map { unicode.tick(Double($0) / 7) }.joined() == "▁▂▃▄▅▆▇█")
        #expect((0...7).map { ascii.tick(Double($0) / 7) }.joined() == "_.-~=+*#")
        #expect(unicode.tick(-3) == "▁")
        #expect(unicode.tick(9) == "█")
        #expect(unicode.tick(.nan) == "▁")
    }

    @Test func separatorsDashesAndEllipses() {
        #expect(unicode.separator == " · ")
        #expect(ascii.separator == " | ")
        #expect(unicode.dash == "—")
        #expect(ascii.dash == "-")
        #expect(unicode.ellipsis == "…")
        #expect(ascii.ellipsis == "...")
    }

    @Test func borders() {
        #expect(unicode.borders.topLeft + unicode.borders.rule(3) + unicode.borders.topRight == "╭───╮")
        #expect(ascii.borders.topLeft + ascii.borders.rule(3) + ascii.borders.topRight == "+---+")
        #expect(ascii.borders.rule(-1) == "")
    }

    @Test func theASCIIAppearanceIsASCII() {
        let g = ascii.glyphs
        let b = ascii.borders
        let all =
            [g.barFilled, g.barEmpty, g.separator, g.dash, g.ellipsis] + g.ticks
            + [
                b.horizontal, b.vertical, b.topLeft, b.topRight, b.bottomLeft, b.bottomRight, b.teeRight, b.teeLeft,
                b.teeDown, b.teeUp, b.cross,
            ]
        #expect(all.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(unicode.glyphs.ticks.count == ascii.glyphs.ticks.count)
    }
}
