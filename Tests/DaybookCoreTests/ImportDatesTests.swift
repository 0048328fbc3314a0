import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct ImportDatesTests {
    @Test(arguments: [
        // The forms the issue names.
        ("7 września", 7, 9), ("22 juin", 22, 6), ("3. März", 3, 3), ("7 сентября", 7, 9), ("September 7", 7, 9),
        ("7 sept.", 7, 9), ("7 de septiembre", 7, 9),
        // English
        ("18 May", 18, 5), ("Dec 17", 17, 12), ("December 17", 17, 12), ("1 jan", 1, 1), ("September 7th", 7, 9),
        // German
        ("17. Februar", 17, 2), ("1. Jänner", 1, 1), ("3. Mrz.", 3, 3), ("24. Dez.", 24, 12), ("9. Okt.", 9, 10),
        // French
        ("1 août", 1, 8), ("4 juil.", 4, 7), ("4 juillet", 4, 7), ("12 févr.", 12, 2), ("1er janvier", 1, 1),
        ("25 déc.", 25, 12), ("3 avr.", 3, 4), ("8 MAI", 8, 5),
        // Spanish
        ("5 de marzo", 5, 3), ("5 ene", 5, 1), ("7 de setiembre", 7, 9), ("31 dic.", 31, 12), ("2 ago", 2, 8),
        // Italian
        ("2 giu", 2, 6), ("9 ottobre", 9, 10), ("1 gen", 1, 1), ("15 ago", 15, 8), ("3 lug", 3, 7), ("11 mag", 11, 5),
        // Portuguese
        ("5 de março", 5, 3), ("5 de Marco", 5, 3), ("10 out", 10, 10), ("7 set", 7, 9), ("2 fev", 2, 2),
        // Dutch
        ("10 mrt", 10, 3), ("10 maart", 10, 3), ("3 mei", 3, 5), ("9 okt.", 9, 10),
        // Polish, in the genitive, alone and abbreviated
        ("1 Maja", 1, 5), ("1 maj", 1, 5), ("2 lut", 2, 2), ("3 października", 3, 10), ("3 paź", 3, 10),
        ("9 czerwca", 9, 6), ("9 lipca", 9, 7), ("11 listopada", 11, 11), ("24 grudnia", 24, 12), ("1 stycznia", 1, 1),
        ("5 sierpnia", 5, 8), ("5 kwietnia", 5, 4), ("5 marca", 5, 3), ("5 lutego", 5, 2), ("7 wrzesień", 7, 9),
        // Russian
        ("1 мая", 1, 5), ("30 ноября", 30, 11), ("3 нояб.", 3, 11), ("22 Февраля", 22, 2), ("1 янв.", 1, 1),
        ("9 июня", 9, 6), ("9 июля", 9, 7), ("31 декабря", 31, 12), ("5 сент.", 5, 9), ("20 августа", 20, 8),
        ("15 апреля", 15, 4), ("8 марта", 8, 3), ("12 октября", 12, 10),
        // Ukrainian and Czech
        ("7 вересня", 7, 9), ("1 січня", 1, 1), ("7 září", 7, 9), ("7 října", 7, 10), ("7 července", 7, 7),
        ("7 června", 7, 6), ("24. prosince", 24, 12),
        // Swedish, Danish, Norwegian, Turkish
        ("7 augusti", 7, 8), ("7 marts", 7, 3), ("24. desember", 24, 12), ("19 Mayıs", 19, 5), ("29 Ekim", 29, 10),
        // Chinese, Japanese, Korean
        ("9月7日", 7, 9), ("12月25日", 25, 12), ("9월 7일", 7, 9),
        // With the year
        ("7 September 2020", 7, 9), ("7 de septiembre de 2020", 7, 9),
    ])
    func dayAndMonth(_ text: String, _ day: Int, _ month: Int) {
        let parsed = MonthNames.dayAndMonth(text)
        #expect(parsed?.day == day && parsed?.month == month, "\(text)")
    }

    @Test(arguments: [
        "7 Smarch", "September", "7", "32 May", "0 May", "7 8 September", "7 jui", "7 ma", "", "7 May June",
        "May 7 2020 10:00",
    ])
    func notDayAndMonth(_ text: String) {
        #expect(MonthNames.dayAndMonth(text) == nil, "\(text)")
    }

    @Test func noNameStandsForTwoMonths() {
        var seen: [String: Int] = [:]
        for (index, month) in MonthNames.names.enumerated() {
            for name in month.full + month.short {
                let key = MonthNames.fold(name)
                if let other = seen[key] { #expect(other == index + 1, "\(name) is month \(other) and \(index + 1)") }
                seen[key] = index + 1
                #expect(MonthNames.month(name) == index + 1, "\(name)")
                #expect(MonthNames.month(name.uppercased() + ".") == index + 1, "\(name)")
            }
        }
    }

    @Test(arguments: [
        ("21:35", 21 * 60 + 35, 0), ("7:05", 7 * 60 + 5, 0), ("07:05", 7 * 60 + 5, 0), ("00:00", 0, 0),
        ("23:59:58", 23 * 60 + 59, 58), ("11:54 pm", 23 * 60 + 54, 0), ("11:54 PM", 23 * 60 + 54, 0),
        ("11:54pm", 23 * 60 + 54, 0), ("7:05 a.m.", 7 * 60 + 5, 0), ("7:05 p.m.", 19 * 60 + 5, 0),
        ("7:05 p. m.", 19 * 60 + 5, 0), ("12:05 am", 5, 0), ("12:30 pm", 12 * 60 + 30, 0), ("12:00 AM", 0, 0),
        ("11:54\u{202F}PM", 23 * 60 + 54, 0), ("11:54\u{00A0}PM", 23 * 60 + 54, 0), ("1:02:03 PM", 13 * 60 + 2, 3),
        ("19.05", 19 * 60 + 5, 0), ("19 h 05", 19 * 60 + 5, 0), ("下午7:05", 19 * 60 + 5, 0), ("오후 7:05", 19 * 60 + 5, 0),
        ("午前0:10", 10, 0), ("7:05 nachm.", 19 * 60 + 5, 0), (" 8:30 pm ", 20 * 60 + 30, 0),
    ])
    func timeOfDay(_ text: String, _ minute: Int, _ second: Int) {
        let parsed = ImportClock.timeOfDay(text)
        #expect(parsed?.minuteOfDay == minute && parsed?.second == second, "\(text)")
    }

    @Test(arguments: [
        "", "25:00", "24:00", "13:00 pm", "12:60", "7", "7:5", "abends", "7:05 xm", "7:05 later", "7:05:61", "123:00",
    ])
    func notTimeOfDay(_ text: String) {
        #expect(ImportClock.timeOfDay(text) == nil, "\(text)")
    }
}
