import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Minutes after midnight of `HH:MM`.
private func at(_ hour: Int, _ minute: Int) -> Double { Double(hour * 60 + minute) }

@Suite struct StatisticsTests {
    @Test func medianOfAnOddAndAnEvenCount() {
        #expect(Statistics.median([7, 1, 3]) == 3)
        #expect(Statistics.median([4, 1, 9, 3]) == 3.5)
        #expect(Statistics.median([5]) == 5)
        #expect(Statistics.median([]) == nil)
        #expect(Statistics.median(sorted: [1, 2, 10, 11]) == 6)
    }

    @Test func mean() {
        #expect(Statistics.mean([1, 2, 3, 6]) == 3)
        #expect(Statistics.mean([-2, 2]) == 0)
        #expect(Statistics.mean([]) == nil)
    }

    @Test func circularMeanAcrossMidnight() {
        #expect(Statistics.circularMean([at(23, 40), at(0, 30)]) == at(0, 5))
        #expect(Statistics.circularMean([at(0, 30), at(23, 40)]) == at(0, 5))
        #expect(Statistics.circularMean([at(23, 30), at(23, 50), at(0, 10)]) == at(23, 50))
        #expect(Statistics.circularMean([]) == nil)
    }

    @Test func circularMeanAcrossMidday() {
        #expect(Statistics.circularMean([at(11, 40), at(12, 30)]) == at(12, 5))
        #expect(Statistics.circularMean([at(7, 0), at(8, 0)]) == at(7, 30))
    }

    @Test func circularMeanWithoutACentreIsTakenAroundMidnight() {
        // 06:00 and 18:00 point opposite ways: the line runs noon to noon, so the mean is midnight.
        #expect(Statistics.circularMean([at(6, 0), at(18, 0)]) == 0)
    }

    @Test func circularDifferenceTakesTheShortWayRound() {
        #expect(Statistics.circularDifference(at(0, 20), at(23, 50)) == 30)
        #expect(Statistics.circularDifference(at(23, 50), at(0, 20)) == -30)
        #expect(Statistics.circularDifference(at(13, 0), at(11, 0)) == 120)
        // Exactly half a day apart: +720, never -720.
        #expect(Statistics.circularDifference(at(12, 0), 0) == 720)
        #expect(Statistics.circularDifference(0, at(12, 0)) == 720)
    }

    @Test func minutesGoRoundTheClock() {
        #expect(Statistics.onClock(1450) == 10)
        #expect(Statistics.onClock(-20) == 1420)
        #expect(Statistics.onClock(1440) == 0)
        #expect(Statistics.minutesClockwise(from: at(23, 50), to: at(0, 20)) == 30)
        #expect(Statistics.minutesClockwise(from: at(0, 20), to: at(23, 50)) == 1410)
    }

    @Test func medianAndOrderOfTimesAcrossMidnight() {
        #expect(Statistics.circularMedian([at(23, 20), at(0, 30), at(23, 40)]) == at(23, 40))
        #expect(Statistics.circularMedian([at(23, 50), at(0, 10)]) == 0)
        #expect(Statistics.circularOrdered([at(0, 30), at(23, 40), at(23, 50)]) == [at(23, 40), at(23, 50), at(0, 30)])
        #expect(Statistics.circularOrdered([]) == [])
    }

    @Test func valueTypesPickTheirForm() {
        #expect(ValueType.time.mean([at(23, 40), at(0, 30)]) == at(0, 5))
        #expect(ValueType.count.mean([1420, 30]) == 725)
        #expect(ValueType.time.difference(at(0, 20), at(23, 50)) == 30)
        #expect(ValueType.duration.difference(at(0, 20), at(23, 50)) == -1410)
        #expect(ValueType.decimal.ordered([3, 1, 2]) == [1, 2, 3])
    }
}
