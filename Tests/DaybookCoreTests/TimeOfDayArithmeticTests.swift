import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct TimeOfDayArithmeticTests {
    @Test func meanAcrossMidnight() {
        #expect(ValueType.time.mean([1420, 30]) == 5)  // 23:40 and 00:30 -> 00:05
        #expect(ValueType.time.mean([1410, 1430, 10]) == 1430)  // 23:30, 23:50, 00:10 -> 23:50
        #expect(ValueType.time.mean([420, 480]) == 450)  // 07:00 and 08:00 -> 07:30
        #expect(ValueType.time.mean([690, 750]) == 720)  // 11:30 and 12:30 -> 12:00, across midday too
    }

    @Test func medianAndOrderAcrossMidnight() {
        #expect(ValueType.time.median([1420, 30, 1400]) == 1420)
        #expect(ValueType.time.ordered([30, 1420]) == [1420, 30])
        #expect(ValueType.count.median([1, 9, 3, 4]) == 3.5)
    }

    @Test func aggregation() {
        #expect(Aggregation.sum.combine([1000, 2500], type: .count) == 3500)
        #expect(Aggregation.average.combine([70, 80], type: .count) == 75)
        #expect(Aggregation.min.combine([1420, 30], type: .time) == 1420)
        #expect(Aggregation.max.combine([1420, 30], type: .time) == 30)
        #expect(Aggregation.average.combine([1420, 30], type: .time) == 5)
        #expect(Aggregation.last.combine([1, 2, 3], type: .decimal) == 3)
        #expect(Aggregation.sum.combine([], type: .count) == nil)
    }

    @Test func differenceTakesTheShortWayRound() {
        #expect(ValueType.time.difference(1430, 10) == -20)
        #expect(ValueType.time.difference(10, 1430) == 20)
        #expect(ValueType.count.difference(10, 1430) == -1420)
    }
}
