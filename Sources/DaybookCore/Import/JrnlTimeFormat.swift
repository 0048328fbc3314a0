/// jrnl's `timeformat`: a strftime pattern, read back.
enum TimeFormat {
    enum Piece: Equatable {
        case literal(Unicode.Scalar)
        case space
        case year4, year2, month, monthName, day, hour24, hour12, minute, second, ampm, weekdayName
    }

    struct Parsed {
        var day: Day
        var minute: Int
        var second: Int
        /// Where the match ended.
        var end: Int
    }

    static let bracketedForms: [[Piece]] = [
        "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %I:%M %p", "%Y-%m-%d %I:%M:%S %p", "%Y-%m-%d %I:%M%p",
        "%Y-%m-%d %I:%M:%S%p", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d",
    ].map { try! compile($0) }

    static let legacyForms: [[Piece]] = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M"].map { try! compile($0) }

    /// The pieces of a strftime pattern. Reads %Y %y %m %d %e %H %I %M %S %p %b %B %h %a %A and
    /// %F %T %R %r %D %%; any other directive is an error.
    static func compile(_ pattern: String) throws(ImportError) -> [Piece] {
        var pieces: [Piece] = []
        var percent = false
        for scalar in pattern.unicodeScalars {
            if percent {
                percent = false
                switch scalar {
                case "Y": pieces.append(.year4)
                case "y": pieces.append(.year2)
                case "m": pieces.append(.month)
                case "d", "e": pieces.append(.day)
                case "H": pieces.append(.hour24)
                case "I": pieces.append(.hour12)
                case "M": pieces.append(.minute)
                case "S": pieces.append(.second)
                case "p": pieces.append(.ampm)
                case "b", "B", "h": pieces.append(.monthName)
                case "a", "A": pieces.append(.weekdayName)
                case "F": pieces += [.year4, .literal("-"), .month, .literal("-"), .day]
                case "T": pieces += [.hour24, .literal(":"), .minute, .literal(":"), .second]
                case "R": pieces += [.hour24, .literal(":"), .minute]
                case "r": pieces += [.hour12, .literal(":"), .minute, .literal(":"), .second, .space, .ampm]
                case "D": pieces += [.month, .literal("/"), .day, .literal("/"), .year2]
                case "%": pieces.append(.literal("%"))
                default:
                    throw ImportError(
                        line: nil,
                        "the time format '\(pattern)' uses %\(scalar), which daybook does not read; it reads %Y %y %m %d %e %H %I %M %S %p %b %B %a %A %F %T %R %r %D"
                    )
                }
            } else if scalar == "%" {
                percent = true
            } else if scalar.properties.isWhitespace {
                if pieces.last != .space { pieces.append(.space) }
            } else {
                pieces.append(.literal(scalar))
            }
        }
        if percent { throw ImportError(line: nil, "the time format '\(pattern)' ends with a lone %") }
        return pieces
    }

    /// Matches `pieces` at `from` in `s`: the date and time, and where the match ends.
    static func match(_ pieces: [Piece], _ s: [Unicode.Scalar], from: Int) -> Parsed? {
        var i = from
        var year: Int? = nil
        var month: Int? = nil
        var dayOfMonth: Int? = nil
        var hour = 9
        var minute = 0
        var second = 0
        var twelve: Int? = nil
        var pm: Bool? = nil
        func number(_ maxDigits: Int, exactly: Bool = false) -> Int? {
            var value = 0
            var count = 0
            while i < s.count, count < maxDigits, s[i].properties.numericType == .decimal,
                let d = s[i].properties.numericValue
            {
                value = value * 10 + Int(d)
                count += 1
                i += 1
            }
            if count == 0 || (exactly && count != maxDigits) { return nil }
            return value
        }
        func letters() -> String {
            var word = String.UnicodeScalarView()
            while i < s.count, s[i].properties.isAlphabetic || s[i] == "." {
                word.append(s[i])
                i += 1
            }
            return String(word)
        }
        for piece in pieces {
            switch piece {
            case .literal(let c):
                guard i < s.count, s[i] == c else { return nil }
                i += 1
            case .space:
                guard i < s.count, s[i].properties.isWhitespace else { return nil }
                while i < s.count, s[i].properties.isWhitespace { i += 1 }
            case .year4:
                guard let y = number(4, exactly: true) else { return nil }
                year = y
            case .year2:
                guard let y = number(2, exactly: true) else { return nil }
                year = y < 69 ? 2000 + y : 1900 + y
            case .month:
                guard let m = number(2) else { return nil }
                month = m
            case .monthName:
                guard let m = MonthNames.month(letters()) else { return nil }
                month = m
            case .day:
                while i < s.count, s[i] == " " { i += 1 }
                guard let d = number(2) else { return nil }
                dayOfMonth = d
            case .hour24:
                guard let h = number(2), h < 24 else { return nil }
                hour = h
            case .hour12:
                guard let h = number(2), h <= 12 else { return nil }
                twelve = h
            case .minute:
                guard let m = number(2, exactly: true), m < 60 else { return nil }
                minute = m
            case .second:
                guard let sec = number(2, exactly: true), sec < 61 else { return nil }
                second = min(sec, 59)
            case .ampm:
                let marker = ImportClock.normalizedMarker(letters())
                if marker == "am" { pm = false } else if marker == "pm" { pm = true } else { return nil }
            case .weekdayName:
                guard !letters().isEmpty else { return nil }
            }
        }
        if let twelve {
            guard let pm else { return nil }
            hour = (twelve % 12) + (pm ? 12 : 0)
        } else if pm != nil {
            return nil
        }
        guard let year, let month, let dayOfMonth, let day = Day(year: year, month: month, day: dayOfMonth) else {
            return nil
        }
        return Parsed(day: day, minute: hour * 60 + minute, second: second, end: i)
    }
}
