import DaybookCore
import Testing

/// The examples hints and check-in questions show, and that each parses back to its value.
@Suite struct ValueExampleTests {
    @Test func builtinsShowTheirOwnTypicalDay() {
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        #expect(steps.exampleValue == 8200)
        #expect(steps.typedExamples == "8200, 8,200 or 8.2k")
        let water = Attribute(name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food")
        #expect(water.typedExamples == "8")
        let energy = Attribute(name: "active_energy", type: .count, aggregation: .sum, unit: "kcal", group: "activity")
        #expect(energy.typedExamples == "450")
        let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
        #expect(sleep.exampleValue == 450)
        #expect(sleep.typedExamples == "7h30m, 7h, 45m, 7:30 or 7.5h")
    }

    @Test func aRetypedBuiltinOrATrackedAttributeGetsOneByType() {
        // steps tracked again as kilometres: 8,200 would be no example of it.
        let steps = Attribute(name: "steps", type: .decimal, aggregation: .sum, unit: "km", group: "activity")
        #expect(steps.exampleValue == 2.5)
        #expect(steps.typedExamples == "2.5")
        let pages = Attribute(name: "pages", type: .count, aggregation: .sum, unit: "pages", group: "other")
        #expect(pages.typedExamples == "3")
        let sauna = Attribute(name: "sauna", type: .yesno, aggregation: .last, unit: "", group: "health")
        #expect(sauna.typedExamples == "yes or no")
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
