import DaybookCore
import DaybookStore
import Testing

/// The examples hints and check-in questions show, and that each parses back to its value.
@Suite struct ValueExampleTests {
    /// The built-ins show their own typical day; a built-in tracked again with another type or
    /// unit (steps in km: 8,200 would be no example), and an attribute of a person's own, get
    /// one by type.
    @Test func eachAttributeShowsAnExampleOfItsOwn() {
        let cases: [(Attribute, value: Double, typed: String)] = [
            (Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity"), 8200, "8200, 8,200 or 8.2k"),
            (Attribute(name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food"), 8, "8"),
            (Attribute(name: "active_energy", type: .count, aggregation: .sum, unit: "kcal", group: "activity"), 450, "450"),
            (Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep"), 450, "7h30m, 7h, 45m, 7:30 or 7.5h"),
            (Attribute(name: "steps", type: .decimal, aggregation: .sum, unit: "km", group: "activity"), 2.5, "2.5"),
            (Attribute(name: "pages", type: .count, aggregation: .sum, unit: "pages", group: "other"), 3, "3"),
            (Attribute(name: "sauna", type: .yesno, aggregation: .last, unit: "", group: "health"), 1, "yes or no"),
        ]
        for (attribute, value, typed) in cases {
            #expect(attribute.exampleValue == value, "\(attribute.name) \(attribute.type)")
            #expect(attribute.typedExamples == typed, "\(attribute.name) \(attribute.type)")
        }
    }

    @Test func everyExampleParsesBackToItsValue() throws {
        for type in [ValueType.count, .decimal, .percentage, .duration, .time, .yesno] {
            let attribute = Attribute(name: "x", type: type, aggregation: .last, unit: "", group: "other")
            let parsed = try type.parse(type.typed(attribute.exampleValue))
            #expect(parsed == attribute.exampleValue)
        }
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        let forms = steps.typedExamples.split(separator: ", ").flatMap { $0.split(separator: " or ") }
        #expect(forms.count == 3)
        for form in forms { #expect((try? steps.parse(String(form))) == 8200, "\(form)") }
    }
}
