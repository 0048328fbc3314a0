import DaybookCommandLine
import DaybookCommands
import DaybookViews
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

    @Test func lenientLinesAndOffsets() throws {
        let open = Tokenizer.tokenize(lenient: #"note "a quoted #ta"#)
        #expect(open.openQuote == "\"" && open.endsInWord)
        #expect(open.current.text == "a quoted #ta" && open.current.start == 5 && open.current.quoted)
        #expect(open.finished.map(\.text) == ["note"])
        let blank = Tokenizer.tokenize(lenient: "log steps ")
        #expect(!blank.endsInWord && blank.current.text.isEmpty && blank.current.start == 10 && blank.length == 10)
        #expect(blank.finished.map(\.text) == ["log", "steps"])
        #expect(Tokenizer.tokenize(lenient: #"a \"b c"#).tokens.map(\.start) == [0, 2, 6])
        // Offsets count Unicode scalars: an accent written as a combining mark is one more.
        #expect(try Tokenizer.tokenize("e\u{301} x \"\u{301}y\" z").map(\.start) == [0, 3, 5, 10])
        // Where the line is whole, both modes read it alike.
        for line in [#"mood 4 "calm day""#, #"note a\ b \"q\" end\"#, "  x\ty ", #"note "say \"hi\"""#] {
            let lenient = Tokenizer.tokenize(lenient: line)
            #expect(try Tokenizer.tokenize(line) == lenient.tokens && lenient.openQuote == nil, "\(line)")
        }
    }
}
