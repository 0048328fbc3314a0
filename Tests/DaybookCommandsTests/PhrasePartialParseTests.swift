import DaybookCommandLine
import DaybookCommands
import DaybookViews
import Testing

@testable import DaybookShell

/// `log` lines in phrases, as completion reads them: the partial parse cut at the end of each
/// word reads it as the full parse does, and the day of the line is the date at its end.
@Suite struct PhrasePartialParseTests {
    let parser = Parser(table: .standard)

    static let lines = [
        "log slept 7 and a half hours, walked 9k steps, 3 coffees",
        "log slept 7h, 3 coffees yesterday",
        "log walked 9k steps and slept 7 hours and 30 minutes 3 days ago",
        "log drank 3 glasses of water, weighed 72 kg --on yesterday",
        "log steps 9k steps",
        "log sleep 7 hours 3 days ago",
        "log 2 cups of coffee last monday",
        #"log "slept 7h, 2 coffees" nov 12"#,
    ]

    @Test func everyWordReadsAlike() throws {
        for line in Self.lines {
            let tokens = try Tokenizer.tokenize(line)
            let invocation = try parser.parse(tokens)
            #expect(invocation.roles.count == tokens.count, "\(line)")
            for k in tokens.indices {
                let end =
                    k + 1 < tokens.count
                    ? tokens[k + 1].start - tokens[k + 1].leading.unicodeScalars.count : line.unicodeScalars.count
                let p = parser.partial(line, cursor: end)
                #expect(p.role == invocation.roles[k], "\(line) | word \(k)")
                #expect(p.word.text == tokens[k].text, "\(line) | word \(k)")
                let q = parser.partial(words: tokens[..<k], current: tokens[k], following: Array(tokens[(k + 1)...]))
                #expect(q.role == invocation.roles[k] && q.date == p.date, "\(line) | word \(k)")
            }
        }
    }

    @Test func theDayOfTheLine() {
        let cases: [(String, String?)] = [
            ("log slept 7h, 3 coffees yesterday", "yesterday"),
            ("log slept 7h, 3 coffees", nil),
            ("log 3 coffees last monday", "last monday"),
            ("log slept 7h, walked 9k steps --on fri", "fri"),
        ]
        for (line, date) in cases {
            #expect(parser.partial(line, cursor: line.unicodeScalars.count).date == date, "\(line)")
        }
    }

    /// After a phrase, the next attribute completes as after a pair.
    @Test func attributesCompleteAfterAPhrase() {
        let p = parser.partial("log slept 7h, st", cursor: 16)
        #expect(p.kind == .attribute)
    }
}
