import DaybookCore
import DaybookStore
import Testing

/// Nights of sleep from a health export's intervals: the day a night belongs to, the union of
/// sources, time in bed, and bedtime and wake time from the longest block.
@Suite struct HealthSleepTests {
    typealias F = HealthFixture

    @Test func overlappingSourcesCountTheirUnion() {
        // 23:00-03:00 and 03:30-07:00 from the Watch, 02:00-04:00 from an app: asleep from
        // 23:00 to 07:00, 480 minutes; 570 minutes recorded, 90 of them twice.
        let result = F.result([
            F.sample(.asleep, F.watch, "2025-05-01 23:00", "2025-05-02 03:00"),
            F.sample(.asleep, F.watch, "2025-05-02 03:30", "2025-05-02 07:00"),
            F.sample(.asleep, "Sleep Cycle", "2025-05-02 02:00", "2025-05-02 04:00"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 480])
        #expect(result.values("bedtime") == ["2025-05-02": 23 * 60])
        #expect(result.values("wake_time") == ["2025-05-02": 7 * 60])
        #expect(result.summary("sleep")?.overlapRemoved == 90)
        #expect(result.summary("sleep")?.samples == 3)
        #expect(result.inBedOnlyNights == 0)
    }

    @Test func aNapCountsForTheDayButNotForBedtime() {
        let result = F.result([
            F.sample(.asleep, F.watch, "2025-05-01 23:00", "2025-05-02 07:00"),
            F.sample(.asleep, F.watch, "2025-05-02 14:00", "2025-05-02 15:00"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 540])
        #expect(result.values("bedtime") == ["2025-05-02": 23 * 60])
        #expect(result.values("wake_time") == ["2025-05-02": 7 * 60])
    }

    @Test func sleepEndingAtOrAfterSixInTheEveningCountsForTheNextDay() {
        let result = F.result([
            F.sample(.asleep, F.phone, "2025-05-02 16:00", "2025-05-02 17:59"),
            F.sample(.asleep, F.phone, "2025-05-03 16:30", "2025-05-03 18:00"),
            F.sample(.asleep, F.phone, "2025-05-05 17:00", "2025-05-05 18:30"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 119, "2025-05-04": 90, "2025-05-06": 90])
    }

    @Test func timeInBedCountsOnlyForANightWithNoTimeAsleep() {
        let result = F.result([
            F.sample(.inBed, F.phone, "2025-05-01 23:00", "2025-05-02 07:00"),
            F.sample(.asleep, F.watch, "2025-05-01 23:30", "2025-05-02 06:30"),
            F.sample(.inBed, F.phone, "2025-05-02 22:30", "2025-05-03 06:30"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 420, "2025-05-03": 480])
        #expect(result.values("bedtime") == ["2025-05-02": 23 * 60 + 30, "2025-05-03": 22 * 60 + 30])
        #expect(result.values("wake_time") == ["2025-05-02": 6 * 60 + 30, "2025-05-03": 6 * 60 + 30])
        #expect(result.inBedOnlyNights == 1)
    }

    @Test func bedtimeAndWakeTimeAreThoseOfTheLongestBlock() {
        let result = F.result([
            // 40 minutes awake joins two parts into one block of 22:00-06:00; a two-hour gap
            // leaves 08:00-09:00 a block of its own.
            F.sample(.asleep, F.watch, "2025-05-01 22:00", "2025-05-02 01:00"),
            F.sample(.asleep, F.watch, "2025-05-02 01:40", "2025-05-02 06:00"),
            F.sample(.asleep, F.watch, "2025-05-02 08:00", "2025-05-02 09:00"),
            // Two hours between 21:00-22:00 and 00:00-07:00: the night is the second.
            F.sample(.asleep, F.watch, "2025-05-02 21:00", "2025-05-02 22:00"),
            F.sample(.asleep, F.watch, "2025-05-03 00:00", "2025-05-03 07:00"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 500, "2025-05-03": 480])
        #expect(result.values("bedtime") == ["2025-05-02": 22 * 60, "2025-05-03": 0])
        #expect(result.values("wake_time") == ["2025-05-02": 6 * 60, "2025-05-03": 7 * 60])
    }

    @Test func bedtimeAndWakeTimeAreReadAtTheirOwnSamplesOffsets() {
        // Asleep from 22:00 at +0100 (21:00 UTC), on a flight west, waking at 03:00 at -0500
        // (08:00 UTC): 11 hours.
        let result = F.result([
            F.sample(.asleep, F.watch, "2025-05-01 22:00", "2025-05-02 02:00", offset: "+0100"),
            F.sample(.asleep, F.watch, "2025-05-01 20:00", "2025-05-02 03:00", offset: "-0500"),
        ])
        #expect(result.values("sleep") == ["2025-05-02": 660])
        #expect(result.values("bedtime") == ["2025-05-02": 22 * 60])
        #expect(result.values("wake_time") == ["2025-05-02": 3 * 60])
    }

    @Test func theDayStartDoesNotMoveSleep() {
        let result = F.result(
            [
                F.sample(.asleep, F.watch, "2025-05-01 22:00", "2025-05-02 02:30"),
                F.sample(.steps, F.watch, "2025-05-02 02:00", "2025-05-02 02:10", 10),
            ], dayStart: 180)
        #expect(result.values("sleep") == ["2025-05-02": 270])
        #expect(result.values("steps") == ["2025-05-01": 10])
    }

    @Test func minutesAreNotRounded() {
        let result = F.result([F.sample(.asleep, F.watch, "2025-05-01 23:00:30", "2025-05-02 07:00:00")])
        #expect(result.values("sleep") == ["2025-05-02": 479.5])
        #expect(result.values("bedtime") == ["2025-05-02": 23 * 60 + 0.5])
    }

    @Test func sleepDayValuesCountOnlyOnNightsWithoutIntervals() {
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes)
        days.add(F.sample(.asleep, F.watch, "2025-05-01 23:00", "2025-05-02 07:00"))
        days.addDayValue(attribute: "sleep", day: F.day("2025-05-02"), value: 300, source: "Fit")
        days.addDayValue(attribute: "bedtime", day: F.day("2025-05-02"), value: 60, source: "Fit")
        days.addDayValue(attribute: "sleep", day: F.day("2025-05-05"), value: 400, source: "Fit")
        let result = days.result()
        #expect(result.values("sleep") == ["2025-05-02": 480, "2025-05-05": 400])
        #expect(result.values("bedtime") == ["2025-05-02": 23 * 60])
        #expect(result.summary("sleep")?.dayValuesSetAside == 1)
        #expect(result.summary("bedtime")?.dayValuesSetAside == 1)
    }
}
