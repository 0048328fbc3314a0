/// One word of a command line, as the tokenizer found it.
public struct Token: Sendable, Equatable {
    /// The word, with quotes and escapes removed.
    public var text: String
    /// True when any part of the word was quoted or escaped: it is then never an option.
    public var quoted: Bool
    /// The white space that stood before the word, so that a note keeps its spacing.
    public var leading: String
    /// Offset, in Unicode scalars, of the word's first scalar in its line (an opening quote or
    /// a backslash included). 0 for a word that was not read from a line.
    public var start: Int

    public init(_ text: String, quoted: Bool = false, leading: String = " ", start: Int = 0) {
        self.text = text
        self.quoted = quoted
        self.leading = leading
        self.start = start
    }
}

/// Why a line could not be split into words.
public enum TokenizeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A quote opened and never closed. The shell continues such a line; a script reports it.
    case unterminatedQuote(Character)

    public var description: String {
        switch self {
        case .unterminatedQuote(let quote):
            return "unterminated quote (\(quote)); close it with \(quote), or write a lone quote as \\\(quote)"
        }
    }
}

/// A line split leniently, as it stands while it is typed: an open quote is not an error.
public struct TokenizedLine: Sendable, Equatable {
    /// Every word, the last one included when the line ends inside it.
    public var tokens: [Token]
    /// The quote still open at the end of the line, if any: it opened the last token.
    public var openQuote: Unicode.Scalar?
    /// True when the line ends inside its last word (no blank after it).
    public var endsInWord: Bool
    /// The line's length in Unicode scalars.
    public var length: Int

    /// The words before the one at the end of the line.
    public var finished: ArraySlice<Token> { endsInWord ? tokens.dropLast() : tokens[...] }

    /// The word at the end of the line, as typed so far; after a blank, an empty word that
    /// starts at the end of the line.
    public var current: Token {
        if endsInWord, let last = tokens.last { return last }
        return Token("", leading: "", start: length)
    }
}

/// Splits a command line into words, over Unicode scalars.
///
/// - Words are separated by spaces and tabs.
/// - A quote (`"` or `'`) at the start of a word opens a quoted part, which runs to the same
///   quote; inside double quotes, `\"` and `\\` are escapes. A quote inside a word (don't,
///   Ana's) is an ordinary character.
/// - Outside quotes, a backslash escapes a quote, a backslash, a space or a tab; before any
///   other character it is kept as it is (C:\Users stays whole).
/// - Quoted or escaped words are never options.
///
/// The same rules serve a whole line (`tokenize`, which refuses an open quote) and a line
/// being typed (`tokenize(lenient:)`, for completion).
public enum Tokenizer {
    public static func tokenize(_ line: some StringProtocol) throws(TokenizeError) -> [Token] {
        let line = scan(String(line))
        if let quote = line.openQuote { throw .unterminatedQuote(Character(quote)) }
        return line.tokens
    }

    /// The words of a line being typed: an open quote makes the last word run to the end of
    /// the line, and each word knows where it starts.
    public static func tokenize(lenient line: some StringProtocol) -> TokenizedLine {
        scan(String(line))
    }

    static func scan(_ line: String) -> TokenizedLine {
        let scalars = line.unicodeScalars
        let end = scalars.endIndex
        var tokens: [Token] = []
        // Most lines hold a few words: room for them at once, rather than growing three times.
        tokens.reserveCapacity(8)
        var i = scalars.startIndex
        // The offset of scalars[i], and the offset where the current word started.
        var offset = 0
        var start = 0
        var inWord = false
        var quoted = false
        var quote: Unicode.Scalar? = nil
        // A word is read in runs of scalars taken as they are: `text` holds the word before
        // `run`, where the run being read starts. Where the blanks before the word start.
        var text = String.UnicodeScalarView()
        var run = i
        var blanks = i
        var wordStart = i

        while i < end {
            let scalar = scalars[i]
            let next = scalars.index(after: i)
            if let q = quote {
                if scalar == q {
                    text.append(contentsOf: scalars[run..<i])
                    run = next
                    quote = nil
                } else if q == "\"", scalar == "\\", next < end, scalars[next] == "\"" || scalars[next] == "\\" {
                    // The escaped scalar starts the next run.
                    text.append(contentsOf: scalars[run..<i])
                    run = next
                    i = scalars.index(after: next)
                    offset += 2
                    continue
                }
                i = next
                offset += 1
                continue
            }
            switch scalar {
            case " ", "\t", "\r", "\n":
                if inWord {
                    tokens.append(
                        Token(
                            word(text, scalars[run..<i]), quoted: quoted,
                            leading: String(Substring(scalars[blanks..<wordStart])), start: start))
                    text = String.UnicodeScalarView()
                    inWord = false
                    quoted = false
                    blanks = i
                }
            case "\"" where !inWord, "'" where !inWord:
                inWord = true
                start = offset
                wordStart = i
                quoted = true
                quote = scalar
                run = next
            case "\\":
                if !inWord {
                    inWord = true
                    start = offset
                    wordStart = i
                    run = i
                }
                if next < end {
                    let following = scalars[next]
                    if following == "\"" || following == "'" || following == "\\" || following == " "
                        || following == "\t"
                    {
                        text.append(contentsOf: scalars[run..<i])
                        run = next
                        quoted = true
                        i = scalars.index(after: next)
                        offset += 2
                        continue
                    }
                }
            default:
                if !inWord {
                    inWord = true
                    start = offset
                    wordStart = i
                    run = i
                }
            }
            i = next
            offset += 1
        }
        if inWord {
            tokens.append(
                Token(
                    word(text, scalars[run..<end]), quoted: quoted,
                    leading: String(Substring(scalars[blanks..<wordStart])), start: start))
        }
        return TokenizedLine(tokens: tokens, openQuote: quote, endsInWord: inWord, length: offset)
    }

    /// A word's text: what was read before its last run, then the run.
    private static func word(_ text: String.UnicodeScalarView, _ run: Substring.UnicodeScalarView) -> String {
        if text.isEmpty { return String(Substring(run)) }
        var text = text
        text.append(contentsOf: run)
        return String(text)
    }
}
