import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The rules every reading of an attribute shares: what adds up over a day, what reads as an
/// amount a day, and how a share becomes a percentage.
@Suite struct AttributeRulesTests {
    static func attribute(_ type: ValueType, _ aggregation: Aggregation) -> Attribute {
        Attribute(name: "x", type: type, aggregation: aggregation, unit: "", group: "other")
    }

    @Test func onlyCountsDecimalsAndDurationsSummedOverTheDayAddUp() {
        for type in ValueType.allCases {
            for aggregation in Aggregation.allCases {
                let attribute = Self.attribute(type, aggregation)
                let expected = aggregation == .sum && [.count, .decimal, .duration].contains(type)
                #expect(attribute.addsUpOverDay == expected, "\(type) \(aggregation)")
                // A total over a period exists exactly for what adds up, and says why not otherwise.
                #expect((Goals.totalMisfit(attribute) == nil) == expected, "\(type) \(aggregation)")
            }
        }
    }

    /// A duration kept as an average does not add up (no total, no bar toward its usual
    /// value), yet a mean of its days reads "a day", as `goals`, `today`, the insights and the
    /// goal command all say now; a percentage or yes/no logged as a sum reads neither way.
    @Test func aDurationKeptAsAnAverageReadsADayWithoutAddingUp() {
        let exercise = Self.attribute(.duration, .average)
        #expect(!exercise.addsUpOverDay)
        #expect(exercise.meanReadsAsPerDay)
        #expect(Goals.totalMisfit(exercise) == "its daily value is the mean of the day's values, which does not add up")
        for type in [ValueType.percentage, .yesno] {
            #expect(!Self.attribute(type, .sum).addsUpOverDay)
            #expect(!Self.attribute(type, .sum).meanReadsAsPerDay)
        }
        #expect(Self.attribute(.count, .sum).meanReadsAsPerDay)
        #expect(!Self.attribute(.decimal, .last).meanReadsAsPerDay)
        #expect(!Self.attribute(.time, .last).meanReadsAsPerDay)
    }

    @Test func theBuiltInsThatAddUp() {
        let adding = BuiltInAttributes.attributes.filter(\.addsUpOverDay).map(\.name)
        #expect(
            adding == [
                "steps", "distance", "exercise", "active_energy", "stand_hours", "sleep", "mindful", "water", "coffee",
                "productive",
            ])
    }

    /// Rounded down, so that 100% is only ever a goal met or every day a yes. The week view
    /// rounded a share of yes days to the nearest (2 of 3 read 67%) where `goals` and `today`
    /// read 66%: all three read 66% now.
    @Test func percentagesRoundDown() {
        #expect(Percent.roundedDown(2.0 / 3.0) == 66)
        #expect(Percent.roundedDown(4.0 / 7.0) == 57)
        #expect(Percent.roundedDown(0.29) == 29)  // 28.999999999999996 before the tolerance
        #expect(Percent.roundedDown(0.999) == 99)
        #expect(Percent.roundedDown(1) == 100)
        #expect(Percent.roundedDown(1.5) == 150)
        #expect(Percent.roundedDown(0) == 0)
    }

    @Test func defaultAggregationsFitTheirTypes() {
        #expect(ValueType.count.defaultAggregation == .sum)
        #expect(ValueType.duration.defaultAggregation == .sum)
        #expect(ValueType.decimal.defaultAggregation == .average)
        #expect(ValueType.percentage.defaultAggregation == .average)
        #expect(ValueType.time.defaultAggregation == .last)
        #expect(ValueType.yesno.defaultAggregation == .last)
        for type in ValueType.allCases {
            #expect(type.defaultAggregation.fits(type))
            for aggregation in Aggregation.allCases {
                #expect(aggregation.fits(type) == !(type == .time && aggregation == .sum), "\(type) \(aggregation)")
            }
        }
        // What a new count adds up to follows from its default.
        #expect(Self.attribute(.count, ValueType.count.defaultAggregation).addsUpOverDay)
    }
}
