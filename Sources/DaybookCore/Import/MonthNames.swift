/// Month names as phones write them in dates ("7 września", "22 juin", "3. März", "7 сентября",
/// "September 7", "7 sept.", "7 de septiembre", "9月7日"), in English, German, French, Spanish,
/// Italian, Portuguese, Dutch, Polish, Russian, Ukrainian, Czech, Swedish, Danish, Norwegian and
/// Turkish: the names alone and in the genitive, and their abbreviations.
public enum MonthNames {
    /// What `dayAndMonth` reads, for messages.
    public static let accepted = "a day and a month name, such as 7 September, September 7 or 7 września"

    /// Month number (1 to 12) for a name or abbreviation in any of the languages: case, accents
    /// and a final full stop do not matter. A word of three letters or more that begins only
    /// names of one month is read as that month ("sept", "juil", "нояб").
    public static func month(_ word: String) -> Int? {
        let key = fold(word)
        if let month = table.exact[key] { return month }
        guard key.unicodeScalars.count >= 3 else { return nil }
        var found: Int? = nil
        for (name, month) in table.full where name.hasPrefix(key) {
            if let found, found != month { return nil }
            found = month
        }
        return found
    }

    /// The day of the month (1 to 31) and the month (1 to 12) of a date written without its year,
    /// as Daylio's `date` column holds it; nil when it is not one. Words such as "de" and "of"
    /// are allowed around the month; a four-digit number (a year) is ignored.
    public static func dayAndMonth(_ text: String) -> (day: Int, month: Int)? {
        var numbers: [(value: Int, digits: Int, beforeMonthMark: Bool)] = []
        var words: [String] = []
        var monthFromMark: Int? = nil
        var number: (value: Int, digits: Int)? = nil
        var word = String.UnicodeScalarView()
        func finishNumber(mark: Bool = false) {
            if let n = number { numbers.append((n.value, n.digits, mark)) }
            number = nil
        }
        func finishWord() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                finishWord()
                let digits = (number?.digits ?? 0) + 1
                // Past nine digits it is no day or year; stop counting before the value overflows.
                number = (digits > 9 ? 0 : (number?.value ?? 0) * 10 + Int(value), min(digits, 10))
            } else if scalar == "月" || scalar == "월" {
                // Chinese, Japanese and Korean: the number before the mark is the month.
                if let n = number { monthFromMark = n.value }
                number = nil
                finishWord()
            } else if scalar == "日" || scalar == "일" {
                finishNumber()
                finishWord()
            } else if scalar.properties.isAlphabetic || ImportTags.isIgnorable(scalar) {
                finishNumber()
                word.append(scalar)
            } else {
                finishNumber()
                finishWord()
            }
        }
        finishNumber()
        finishWord()
        let days = numbers.filter { $0.digits <= 2 }
        guard days.count == 1, numbers.allSatisfy({ $0.digits <= 2 || $0.digits == 4 }) else { return nil }
        var month = monthFromMark
        for word in words {
            if let m = MonthNames.month(word) {
                if let month, month != m { return nil }
                month = m
            } else if !fillers.contains(fold(word)) {
                return nil
            }
        }
        guard let month, (1...12).contains(month), (1...31).contains(days[0].value) else { return nil }
        return (days[0].value, month)
    }

    /// Words that may stand between the day and the month.
    static let fillers: Set<String> = [
        "de", "del", "di", "d", "of", "the", "el", "le", "la", "den", "der", "im", "st", "nd", "rd", "th", "er", "e",
    ]

    /// Lowercased, without accents (á, ä, ą, č, ł, ř, ş... read as a, a, a, c, l, r, s), `ё` as `е`,
    /// and without full stops.
    static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "." || scalar.properties.isWhitespace { continue }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark { continue }
            if let plain = unaccented[scalar] {
                out.append(plain)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static let unaccented: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, Unicode.Scalar)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ğ", "g"),
            ("ìíîïīĭįı", "i"), ("ł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("ŕřŗ", "r"),
            ("śŝşš", "s"), ("ťţ", "t"), ("ùúûüũūŭůűų", "u"), ("ýÿ", "y"), ("źżž", "z"), ("ё", "е"),
        ]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (accented, plain) in pairs {
            for scalar in accented.unicodeScalars { map[scalar] = plain }
        }
        return map
    }()

    /// Full names (alone and genitive) and abbreviations per month, January first.
    static let names: [(full: [String], short: [String])] = [
        (
            [
                "january", "januar", "jänner", "janvier", "enero", "gennaio", "janeiro", "januari", "styczeń",
                "stycznia", "январь", "января", "січень", "січня", "leden", "ledna", "ocak",
            ],
            ["jan", "janv", "ene", "gen", "sty", "янв", "січ", "led", "oca"]
        ),
        (
            [
                "february", "februar", "février", "febrero", "febbraio", "fevereiro", "februari", "luty", "lutego",
                "февраль", "февраля", "лютий", "лютого", "únor", "února", "şubat",
            ],
            ["feb", "febr", "févr", "fév", "fev", "lut", "февр", "фев", "лют", "úno", "şub"]
        ),
        (
            [
                "march", "märz", "mars", "marzo", "março", "maart", "marzec", "marca", "март", "марта", "березень",
                "березня", "březen", "března", "marts", "mart",
            ],
            ["mar", "mär", "mrz", "mrt", "мар", "бер", "bře"]
        ),
        (
            [
                "april", "avril", "abril", "aprile", "kwiecień", "kwietnia", "апрель", "апреля", "квітень", "квітня",
                "duben", "dubna", "nisan",
            ],
            ["apr", "avr", "abr", "kwi", "апр", "кві", "dub", "nis"]
        ),
        (
            [
                "may", "mai", "mayo", "maggio", "maio", "mei", "maj", "maja", "май", "мая", "травень", "травня",
                "květen", "května", "mayıs",
            ],
            ["mag", "тра", "kvě"]
        ),
        (
            [
                "june", "juni", "juin", "junio", "giugno", "junho", "czerwiec", "czerwca", "июнь", "июня", "червень",
                "червня", "červen", "června", "haziran",
            ],
            ["jun", "giu", "cze", "июн", "чер", "čvn", "haz"]
        ),
        (
            [
                "july", "juli", "juillet", "julio", "luglio", "julho", "lipiec", "lipca", "июль", "июля", "липень",
                "липня", "červenec", "července", "temmuz",
            ],
            ["jul", "juil", "lug", "lip", "июл", "лип", "čvc", "tem"]
        ),
        (
            [
                "august", "août", "agosto", "augustus", "sierpień", "sierpnia", "август", "августа", "серпень",
                "серпня", "srpen", "srpna", "augusti", "ağustos",
            ],
            ["aug", "aoû", "ago", "sie", "авг", "сер", "srp", "ağu"]
        ),
        (
            [
                "september", "septembre", "septiembre", "setiembre", "settembre", "setembro", "wrzesień", "września",
                "сентябрь", "сентября", "вересень", "вересня", "září", "eylül",
            ],
            ["sep", "sept", "set", "wrz", "сент", "сен", "вер", "zář", "eyl"]
        ),
        (
            [
                "october", "oktober", "octobre", "octubre", "ottobre", "outubro", "październik", "października",
                "октябрь", "октября", "жовтень", "жовтня", "říjen", "října", "ekim",
            ],
            ["oct", "okt", "ott", "out", "paź", "окт", "жов", "říj", "eki"]
        ),
        (
            [
                "november", "novembre", "noviembre", "novembro", "listopad", "listopada", "ноябрь", "ноября",
                "листопад", "листопада", "listopadu", "kasım",
            ],
            ["nov", "lis", "нояб", "ноя", "лис", "kas"]
        ),
        (
            [
                "december", "dezember", "décembre", "diciembre", "dicembre", "dezembro", "grudzień", "grudnia",
                "декабрь", "декабря", "грудень", "грудня", "prosinec", "prosince", "desember", "aralık",
            ],
            ["dec", "dez", "déc", "dic", "gru", "дек", "гру", "pro", "des", "ara"]
        ),
    ]

    /// Folded names: every full name and abbreviation exactly, and the full names for prefixes.
    static let table: (exact: [String: Int], full: [(String, Int)]) = {
        var exact: [String: Int] = [:]
        var full: [(String, Int)] = []
        for (index, month) in names.enumerated() {
            for name in month.full {
                exact[fold(name)] = index + 1
                full.append((fold(name), index + 1))
            }
            for name in month.short { exact[fold(name)] = index + 1 }
        }
        return (exact, full)
    }()
}
