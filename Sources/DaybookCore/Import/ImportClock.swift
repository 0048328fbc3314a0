/// Times of day as phones and other programs write them, in 24 or 12 hours.
public enum ImportClock {
    /// What `timeOfDay` reads, for messages.
    public static let accepted = "a time such as 21:35, 9:35 pm or 9:35 p.m."

    /// Reads `21:35`, `7:05`, `21:35:10`, `11:54 pm`, `11:54 PM`, `7:05 a.m.`, `7:05 p. m.`,
    /// `11:54\u{202F}PM` (the narrow space newer phones write), `19.05`, `19 h 05`, and the
    /// markers German, Chinese, Japanese, Korean and Greek phones write before or after the time
    /// (`vorm.`/`nachm.`, `上午`/`下午`, `午前`/`午後`, `오전`/`오후`, `π.μ.`/`μ.μ.`). In 12 hours
    /// the hour is 1 to 12 (0 too, as Japanese phones write it); 12 am is midnight.
    /// Returns minutes after midnight and seconds, or nil.
    public static func timeOfDay(_ text: String) -> (minuteOfDay: Int, second: Int)? {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func digit(_ s: Unicode.Scalar) -> Int? {
            guard s.properties.numericType == .decimal, let value = s.properties.numericValue else { return nil }
            return Int(value)
        }
        func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0
            var count = 0
            while i < scalars.count, count < maxDigits, let d = digit(scalars[i]) {
                value = value * 10 + d
                count += 1
                i += 1
            }
            return count == 0 ? nil : (value, count)
        }
        func skipSpaces() {
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
        }
        // The marker may come first ("下午7:05", "오후 7:05").
        let start = scalars.firstIndex { digit($0) != nil } ?? scalars.count
        let before = String(String.UnicodeScalarView(scalars[0..<start]))
        i = start
        guard let hour = number(maxDigits: 2) else { return nil }
        func separator() -> Bool {
            let save = i
            skipSpaces()
            if i < scalars.count, scalars[i] == ":" || scalars[i] == "." || scalars[i] == "h" {
                let isH = scalars[i] == "h"
                i += 1
                if isH { skipSpaces() }
                if i < scalars.count, digit(scalars[i]) != nil { return true }
            }
            i = save
            return false
        }
        guard separator(), let minute = number(maxDigits: 2), minute.digits == 2, minute.value < 60 else { return nil }
        var second = 0
        let beforeSeconds = i
        if i < scalars.count, scalars[i] == ":", i + 1 < scalars.count, digit(scalars[i + 1]) != nil {
            i += 1
            guard let s = number(maxDigits: 2), s.digits == 2, s.value < 60 else { return nil }
            second = s.value
        } else {
            i = beforeSeconds
        }
        let after = String(String.UnicodeScalarView(scalars[i...]))
        let marker = normalizedMarker(before) + normalizedMarker(after)
        var h = hour.value
        if marker.isEmpty {
            guard h < 24 else { return nil }
        } else if amMarkers.contains(marker) {
            guard h <= 12 else { return nil }
            if h == 12 { h = 0 }
        } else if pmMarkers.contains(marker) {
            guard h <= 12 else { return nil }
            if h < 12 { h += 12 }
        } else {
            return nil
        }
        return (h * 60 + minute.value, second)
    }

    static let amMarkers: Set<String> = ["am", "a", "vorm", "上午", "午前", "오전", "πμ", "ص", "sa"]
    static let pmMarkers: Set<String> = ["pm", "p", "nachm", "下午", "午後", "오후", "μμ", "م", "ch"]

    /// Lowercased, without spaces and full stops: "P. M." is "pm".
    static func normalizedMarker(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars where !scalar.properties.isWhitespace && scalar != "." {
            out.append(scalar)
        }
        return String(out)
    }
}
