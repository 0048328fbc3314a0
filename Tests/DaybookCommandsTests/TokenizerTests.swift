import DaybookCommands
import Testing

@testable import DaybookShell

@Suite struct TokenizerTests {
    func words(_ line: String) throws -> [String] { try Tokenizer.tokenize(line).map(\.text) }

    @Test func plainWordsAndSpacing() throws {
        #expect(try words("mood 4  calm\tday") == ["mood", "4", "calm", "day"])
        #expect(try words("   ") == [])
        #expect(try Tokenizer.tokenize("a  b\tc").map(\.leading) == ["", "  ", "\t"])
    }

    @Test func quotes() throws {
        #expect(try words(#"mood 4 "calm day""#) == ["mood", "4", "calm day"])
        #expect(try words("note 'single \"inner\"'") == ["note", "single \"inner\""])
        #expect(try words(#"note "say \"hi\" \\ \n""#) == ["note", #"say "hi" \ \n"#])
        #expect(try words(#"note "a"b c"#) == ["note", "ab", "c"])
        #expect(try words(#"note """#) == ["note", ""])
        #expect(try Tokenizer.tokenize(#"x "--on""#)[1].quoted)
        #expect(try !Tokenizer.tokenize("x --on")[1].quoted)
    }

    @Test func apostrophesInsideWordsAreText() throws {
        #expect(try words("note don't forget Ana's keys") == ["note", "don't", "forget", "Ana's", "keys"])
    }

    @Test func backslashes() throws {
        #expect(try words(#"note C:\Users\ana"#) == ["note", #"C:\Users\ana"#])
        #expect(try words(#"note a\ b \"q\" end\"#) == ["note", "a b", "\"q\"", #"end\"#])
        #expect(try Tokenizer.tokenize(#"\--on"#)[0].text == #"\--on"#)
    }

    @Test func unterminatedQuotes() {
        #expect(throws: TokenizeError.unterminatedQuote("\"")) { try Tokenizer.tokenize(#"note "open"#) }
        #expect(throws: TokenizeError.unterminatedQuote("'")) { try Tokenizer.tokenize("note 'open") }
    }

    @Test func combiningMarkAfterAQuoteIsStillAQuote() throws {
        // A quote followed by a combining mark is one Character in Swift; over scalars it is a quote.
        #expect(try words("note \"\u{301}x\"") == ["note", "\u{301}x"])
    }
}
