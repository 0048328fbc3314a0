import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Durations in words, read by the value parser.
@Suite struct DurationPhraseTests {
    @Test func durationsInWords() throws {
        let d = ValueType.duration
        #expect(try d.parse("7 hours 30 minutes") == 450)
        #expect(try d.parse("7 hours") == 420)
        #expect(try d.parse("7 and a half hours") == 450)
        #expect(try d.parse("1 hour 1 minute") == 61)
        #expect(try d.parse("90 minutes") == 90)
        #expect(try d.parse("1h30") == 90)
        #expect(try d.parse("7h30") == 450)
        #expect(try d.parse("7h5") == 425)
        #expect(throws: ValueError.self) { try d.parse("7") }
        #expect(throws: ValueError.self) { try d.parse("7h60") }
        #expect(throws: ValueError.self) { try d.parse("7h300") }
        #expect(throws: ValueError.self) { try d.parse("and a half hours") }
        #expect(throws: ValueError.self) { try d.parse("7 and a half minutes") }
        #expect(try ValueType.count.parse("9k") == 9000)
    }

    @Test func wordsThatGoOnAValue() {
        #expect(ValuePhrase.continues(["7"], "hours"))
        #expect(ValuePhrase.continues(["7", "hours"], "30"))
        #expect(ValuePhrase.continues(["7"], "and"))
        #expect(ValuePhrase.continues(["7", "and"], "a"))
        #expect(ValuePhrase.continues(["7", "and", "a"], "half"))
        #expect(ValuePhrase.continues(["7", "and", "a", "half"], "hours"))
        #expect(ValuePhrase.continues(["2"], "cups"))
        #expect(!ValuePhrase.continues(["2"], "a"))
        #expect(!ValuePhrase.continues(["8000"], "steps"))
        #expect(!ValuePhrase.continues(["8000"], "yesterday"))
        #expect(!ValuePhrase.continues(["2", "cups"], "30"))
    }
}
