import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The phrase grammar on its own, over the built-in catalogue.
@Suite struct PhraseTests {
    static let catalogue: [Attribute] = [
        ("steps", ValueType.count, "steps"), ("distance", .decimal, "km"), ("exercise", .duration, ""),
        ("stand_hours", .count, "h"), ("sleep", .duration, ""), ("bedtime", .time, ""), ("weight", .decimal, "kg"),
        ("water", .count, "glasses"), ("coffee", .count, "cups"), ("alcohol", .yesno, ""),
    ].map { Attribute(name: $0.0, type: $0.1, aggregation: .sum, unit: $0.2, group: "other") }
    static let today = Day(year: 2026, month: 11, day: 21)!

    func read(_ line: String) throws(PhraseError) -> (String, String?) {
        let (values, date) = try Phrase.read(
            line.split(separator: " ").map(String.init), attributes: Self.catalogue,
            isDate: { (try? Day.parse($0, today: Self.today)) != nil })
        return (values.map { "\($0.attribute.name)=\($0.attribute.type.format($0.value))" }.joined(separator: " "), date)
    }

    /// Pairs stay pairs; a comma, an `and` between values, a number first, a verb, a filler or
    /// a name again make phrases.
    @Test func whichLinesArePhrases() {
        for pairs in [
            "steps 8200", "steps 8200 sleep 7h30m", "sleep 7 and a half hours", "coffee 2 cups", "steps 8,200",
            "sleep 7 hours 30 minutes yesterday", "steps 8000 last monday", "weight 72.5 kg",
        ] {
            #expect(!Phrase.marks(pairs.split(separator: " ").map(String.init)), "\(pairs)")
        }
        for phrases in [
            "slept 7h", "3 coffees", "steps 8000, sleep 7h", "steps 8000 and sleep 7h", "2 cups of coffee",
            "steps 9k steps", "coffee 3 coffees", "slept 7h, 2 coffees", "Walked 9k",
        ] {
            #expect(Phrase.marks(phrases.split(separator: " ").map(String.init)), "\(phrases)")
        }
        #expect(Phrase.marks(["slept 7h, 2 coffees"]))
    }

    @Test func valuesAndDates() throws {
        let cases: [(String, String, String?)] = [
            ("slept 7 and a half hours, walked 9k steps, 3 coffees", "sleep=7h 30m steps=9,000 coffee=3", nil),
            ("sleep 7 hours 3 days ago", "sleep=7h", "3 days ago"),
            ("sleep 7 hours 30", "sleep=7h 30m", nil),
            ("slept 7 hours and 30 minutes and 2 coffees", "sleep=7h 30m coffee=2", nil),
            ("walked 5 km yesterday", "distance=5", "yesterday"),
            ("stood 10 hours", "stand_hours=10", nil),
            ("alcohol no, 8 glasses", "alcohol=no water=8", nil),
            ("went to bed at 23:40", "bedtime=23:40", nil),
            ("a coffee", "coffee=1", nil),
            ("slept 7h last mondy", "sleep=7h", "last mondy"),
        ]
        for (line, values, date) in cases {
            let (read, day) = try read(line)
            #expect(read == values, "\(line)")
            #expect(day == date, "\(line)")
        }
    }

    /// A unit attached to its number is read as one apart: in pairs, in phrases and in answers.
    @Test func unitsAttachedToNumbers() throws {
        let weight = Self.catalogue.first { $0.name == "weight" }!
        let coffee = Self.catalogue.first { $0.name == "coffee" }!
        let stand = Self.catalogue.first { $0.name == "stand_hours" }!
        #expect(try weight.parse("72.9kg") == 72.9)
        #expect(try weight.parse("72.9KG") == 72.9)
        #expect(try coffee.parse("2cups") == 2)
        #expect(try coffee.parse("1cup") == 1)
        #expect(try stand.parse("10h") == 10)
        #expect(throws: ValueError.self) { try weight.parse("72.9cups") }
        #expect(try read("weighed 72.9kg").0 == "weight=72.9")
        #expect(try read("72.9kg, 2cups of coffee").0 == "weight=72.9 coffee=2")
        #expect(try read("ran 5km and stood 10h").0 == "distance=5 stand_hours=10")
        #expect(try read("slept 7h30m, 72.9kg yesterday").0 == "sleep=7h 30m weight=72.9")
        #expect(try Phrase.answer("72.9kg", for: weight, among: Self.catalogue) == 72.9)
        #expect(try Phrase.answer("weighed 72.9kg", for: weight, among: Self.catalogue) == 72.9)
    }

    @Test func pluralsOnlyWhereAWordHasOne() {
        #expect(PhraseWords.forms("coffee") == ["coffee", "coffees"])
        #expect(PhraseWords.forms("cups") == ["cups", "cup"])
        #expect(PhraseWords.forms("glasses") == ["glasses", "glass"])
        #expect(PhraseWords.forms("glass") == ["glass", "glasses"])
        #expect(PhraseWords.forms("box") == ["box", "boxes"])
        #expect(PhraseWords.forms("pages") == ["pages", "page"])
        for symbol in ["kg", "km", "bpm", "kcal", "h", "%"] { #expect(PhraseWords.forms(symbol) == [symbol]) }
        let weight = Self.catalogue.first { $0.name == "weight" }!
        #expect(throws: ValueError.self) { try weight.parse("3 kges") }
        #expect(throws: PhraseError.self) { try read("3 kges") }
    }

    @Test func answersAboutOneAttribute() throws {
        let sleep = Self.catalogue.first { $0.name == "sleep" }!
        let steps = Self.catalogue.first { $0.name == "steps" }!
        #expect(try Phrase.answer("slept 7h30", for: sleep, among: Self.catalogue) == 450)
        #expect(try Phrase.answer("7 and a half hours", for: sleep, among: Self.catalogue) == 450)
        #expect(try Phrase.answer("9k steps", for: steps, among: Self.catalogue) == 9000)
        #expect(try Phrase.answer("walked 9k", for: steps, among: Self.catalogue) == 9000)
        let other = #expect(throws: PhraseError.self) { try Phrase.answer("3 coffees", for: steps, among: Self.catalogue) }
        #expect(other?.description == "'coffees' is not about steps; answer with a count, like 8200")
        let two = #expect(throws: PhraseError.self) { try Phrase.answer("7h and 8h", for: sleep, among: Self.catalogue) }
        #expect(two?.description == "'8h' is a second value; answer with one a duration, like 7h30m or 7 and a half hours")
    }
}
