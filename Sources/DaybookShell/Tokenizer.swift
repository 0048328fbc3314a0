import DaybookCommands

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

/// Splits a command line into words, over Unicode scalars.
///
/// - Words are separated by spaces and tabs.
/// - A quote (`"` or `'`) at the start of a word opens a quoted part, which runs to the same
///   quote; inside double quotes, `\"` and `\\` are escapes. A quote inside a word (don't,
///   Ana's) is an ordinary character.
/// - Outside quotes, a backslash escapes a quote, a backslash, a space or a tab; before any
///   other character it is kept as it is (C:\Users stays whole).
/// - Quoted or escaped words are never options.
public enum Tokenizer {
    public static func tokenize(_ line: some StringProtocol) throws(TokenizeError) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quoted = false
        var leading = String.UnicodeScalarView()
        var quote: Unicode.Scalar? = nil
        var scalars = line.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func next() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            return scalars.next()
        }

        while let scalar = next() {
            if let q = quote {
                if scalar == q {
                    quote = nil
                } else if q == "\"" && scalar == "\\" {
                    if let following = next() {
                        if following == "\"" || following == "\\" {
                            current.append(following)
                        } else {
                            current.append(scalar)
                            pending = following
                        }
                    } else {
                        current.append(scalar)
                    }
                } else {
                    current.append(scalar)
                }
                continue
            }
            switch scalar {
            case " ", "\t", "\r", "\n":
                if inWord {
                    tokens.append(Token(String(current), quoted: quoted, leading: String(leading)))
                    current = String.UnicodeScalarView()
                    leading = String.UnicodeScalarView()
                    inWord = false
                    quoted = false
                }
                leading.append(scalar)
            case "\"" where !inWord, "'" where !inWord:
                inWord = true
                quoted = true
                quote = scalar
            case "\\":
                inWord = true
                if let following = next() {
                    if following == "\"" || following == "'" || following == "\\" || following == " " || following == "\t" {
                        current.append(following)
                        quoted = true
                    } else {
                        current.append(scalar)
                        pending = following
                    }
                } else {
                    current.append(scalar)
                }
            default:
                inWord = true
                current.append(scalar)
            }
        }
        if let quote { throw .unterminatedQuote(Character(quote)) }
        if inWord { tokens.append(Token(String(current), quoted: quoted, leading: String(leading))) }
        return tokens
    }
}
