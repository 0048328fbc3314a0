import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct FormattingTests {
    let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
    let coffee = Attribute(name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food")
    let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health")
    let focus = Attribute(name: "focus", type: .percentage, aggregation: .average, unit: "%", group: "productivity")
    let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "h", group: "sleep")
    let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
    let meditated = Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "other")

    @Test func counts() {
        #expect(ValueType.count.format(8200) == "8,200")
        #expect(ValueType.count.format(1_234_567) == "1,234,567")
        #expect(ValueType.count.format(999) == "999")
        #expect(ValueType.count.format(0) == "0")
        #expect(ValueType.count.format(-1200) == "-1,200")
        #expect(ValueType.count.format(8199.6) == "8,200")
        #expect(ValueType.count.typed(8200) == "8200")
        #expect(ValueType.count.json(8200) == "8200")
    }

    /// Means and medians: one rule for every view and for insights, so that text and JSON agree.
    @Test func meansReadWithOneDecimal() {
        #expect(ValueType.count.format(1.55, decimals: ValueType.meanDecimals) == "1.6")
        #expect(ValueType.count.format(2.0, decimals: ValueType.meanDecimals) == "2")
        #expect(ValueType.count.format(8234.5, decimals: ValueType.meanDecimals) == "8,235")
        #expect(coffee.formatWithUnit(1.5, decimals: ValueType.meanDecimals) == "1.5 cups")
        #expect(coffee.formatWithUnit(1, decimals: ValueType.meanDecimals) == "1 cup")
        #expect(ValueType.count.roundedMean(1.55) == 1.6)
        #expect(ValueType.count.roundedMean(8234.5) == 8235)
        #expect(ValueType.decimal.roundedMean(72.44) == 72.4)
        #expect(ValueType.decimal.roundedMean(-0.04) == 0)
        #expect(ValueType.decimal.roundedMean(-0.04).sign == .plus)
        #expect(ValueType.percentage.roundedMean(85.26) == 85.3)
        #expect(ValueType.duration.roundedMean(450.4) == 450)
        #expect(ValueType.time.roundedMean(1439.7) == 0)
        #expect(ValueType.yesno.roundedMean(0.574) == 0.57)
        for value in [1.26, 72.44, 85.25, 8234.5, 0.04] {
            for type in [ValueType.count, .decimal, .percentage] {
                #expect(
                    type.format(value, decimals: ValueType.meanDecimals)
                        == type.format(type.roundedMean(value), decimals: ValueType.meanDecimals))
            }
        }
    }

    @Test func decimals() {
        #expect(ValueType.decimal.format(72.5) == "72.5")
        #expect(ValueType.decimal.format(72) == "72")
        #expect(ValueType.decimal.format(72.123456) == "72.1235")
        #expect(ValueType.decimal.format(-0.25) == "-0.25")
        #expect(ValueType.decimal.format(72.44, decimals: 1) == "72.4")
        #expect(ValueType.decimal.format(72.45, decimals: 0) == "72")
        #expect(ValueType.decimal.typed(72.5) == "72.5")
        #expect(ValueType.decimal.json(72.5) == "72.5")
    }

    @Test func percentages() {
        #expect(ValueType.percentage.format(85) == "85%")
        #expect(ValueType.percentage.format(85.25) == "85.25%")
        #expect(ValueType.percentage.format(85.25, decimals: 1) == "85.3%")
        #expect(ValueType.percentage.typed(85) == "85%")
        #expect(ValueType.percentage.json(85) == "85")
    }

    @Test func durations() {
        #expect(ValueType.duration.format(450) == "7h 30m")
        #expect(ValueType.duration.format(450, compact: true) == "7h30m")
        #expect(ValueType.duration.format(45) == "45m")
        #expect(ValueType.duration.format(420) == "7h")
        #expect(ValueType.duration.format(0) == "0m")
        #expect(ValueType.duration.format(449.6) == "7h 30m")
        #expect(ValueType.duration.format(450.44, decimals: 1) == "7h 30m")  // whole minutes whatever the decimals
        #expect(ValueType.duration.typed(450) == "7h30m")
        #expect(ValueType.duration.json(450) == "450")
        #expect(formatDuration(90) == "1h 30m")
        #expect(formatDuration(90, compact: true) == "1h30m")
    }

    @Test func timesOfDay() {
        #expect(ValueType.time.format(1420) == "23:40")
        #expect(ValueType.time.format(5) == "00:05")
        #expect(ValueType.time.format(0) == "00:00")
        #expect(ValueType.time.format(1439.6) == "00:00")  // rounds to midnight, on the clock
        #expect(ValueType.time.format(-20) == "23:40")
        #expect(ValueType.time.typed(1420) == "23:40")
        #expect(ValueType.time.json(1420) == "\"23:40\"")
    }

    @Test func yesOrNo() {
        #expect(ValueType.yesno.format(1) == "yes")
        #expect(ValueType.yesno.format(0) == "no")
        #expect(ValueType.yesno.format(0.5) == "yes")
        #expect(ValueType.yesno.typed(0) == "no")
        #expect(ValueType.yesno.json(1) == "true")
        #expect(ValueType.yesno.json(0) == "false")
    }

    @Test func everyTypedFormReadsBackToItsValue() throws {
        let samples: [(ValueType, Double)] = [
            (.count, 8200), (.decimal, 72.5), (.percentage, 85), (.duration, 450), (.duration, 45), (.time, 1420),
            (.yesno, 1), (.yesno, 0),
        ]
        for (type, value) in samples {
            #expect(try type.parse(type.typed(value)) == value, "\(type) \(value)")
            #expect(try type.parse(type.format(value)) == value, "\(type) \(value)")
        }
    }

    @Test func unitsAreSingularForOne() {
        #expect(coffee.formatWithUnit(1) == "1 cup")
        #expect(coffee.formatWithUnit(2) == "2 cups")
        #expect(coffee.formatWithUnit(0) == "0 cups")
        #expect(coffee.formatWithUnit(1.2) == "1 cup")  // a count is whole
        #expect(steps.formatWithUnit(1) == "1 step")
        #expect(steps.formatWithUnit(8200) == "8,200 steps")
        #expect(weight.formatWithUnit(1) == "1 kg")
        #expect(weight.formatWithUnit(72.44, decimals: 1) == "72.4 kg")
        #expect(weight.formatWithUnit(1.04, decimals: 1) == "1 kg")
        #expect(singular("glasses") == "glass")
        #expect(singular("dishes") == "dish")
        #expect(singular("lunches") == "lunch")
        #expect(singular("boxes") == "box")
        #expect(singular("kcal") == "kcal")
    }

    @Test func unitsFollowOnlyCountsAndDecimals() {
        #expect(focus.formatWithUnit(85) == "85%")
        #expect(sleep.formatWithUnit(450) == "7h 30m")
        #expect(bedtime.formatWithUnit(1420) == "23:40")
        #expect(meditated.formatWithUnit(1) == "yes")
        #expect(steps.shownUnit == "steps")
        #expect(weight.shownUnit == "kg")
        #expect(sleep.shownUnit == nil)
        #expect(Attribute(name: "pages", type: .count, aggregation: .sum, unit: "", group: "other").shownUnit == nil)
    }

    @Test func afterItsNameAUnitThatRepeatsTheNameIsLeftOut() {
        #expect(steps.format(8200) == "8,200")
        #expect(coffee.format(2) == "2 cups")
        #expect(coffee.format(1) == "1 cup")
        #expect(weight.format(72.44, decimals: 1) == "72.4 kg")
        #expect(sleep.format(450) == "7h 30m")
    }

    @Test func goalRanges() {
        #expect(GoalRange(min: 8000, max: nil).format(steps) == ">= 8,000 steps")
        #expect(GoalRange(min: nil, max: 2).format(coffee) == "<= 2 cups")
        #expect(GoalRange(min: 60, max: 75.5).format(weight) == "60..75.5 kg")
        #expect(GoalRange(min: 80, max: 100).format(focus) == "80%..100%")
        #expect(GoalRange(min: 450, max: 540).format(sleep) == "7h30m..9h")
        #expect(GoalRange(min: 1380, max: 30).format(bedtime) == "23:00..00:30")
        #expect(GoalRange(min: 1, max: nil).format(meditated) == "yes")
        #expect(GoalRange(min: nil, max: 0).format(meditated) == "no")
        #expect(GoalRange(min: nil, max: nil).format(steps) == "any")
    }

    /// Numbers worked out from stored values (a day's value over a tiny goal, a huge sum) are
    /// shown, never a trap of `Int(Double)`.
    @Test func numbersPastWhatAnIntHoldsAreShownWithoutATrap() {
        #expect(Int(clampingValue: 1e300) == Int.max)
        #expect(Int(clampingValue: -.infinity) == Int.min)
        #expect(Int(clampingValue: .nan) == 0)
        #expect(Int(clampingValue: 42.9) == 42)
        #expect(Percent.roundedDown(1e300) == Int.max)
        #expect(!formatDuration(1e300).isEmpty)
        #expect(!formatTimeOfDay(1e300).isEmpty)
        #expect(!steps.format(1e20).isEmpty)
    }
}
