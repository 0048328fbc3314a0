import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct UnitTests {
    @Test func oneOfAUnitIsSingular() {
        let coffee = Attribute(name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food")
        #expect(coffee.formatWithUnit(1) == "1 cup")
        #expect(coffee.formatWithUnit(2) == "2 cups")
        #expect(coffee.formatWithUnit(0) == "0 cups")
        let water = Attribute(name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food")
        #expect(water.formatWithUnit(1) == "1 glass")
        let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health")
        #expect(weight.formatWithUnit(1) == "1 kg")
        let hr = Attribute(name: "resting_hr", type: .count, aggregation: .min, unit: "bpm", group: "health")
        #expect(hr.formatWithUnit(1) == "1 bpm")
        #expect(singular("kcal") == "kcal")
        #expect(singular("boss") == "boss")
        #expect(singular("h") == "h")
    }
}
