@testable import DaybookCore
@testable import DaybookStore
import Testing

/// The rules that turn a health export's samples into one value per attribute and day:
/// overlap between sources, the day a sample counts for, and each attribute's own rule.
@Suite struct HealthDaysTests {
    typealias F = HealthFixture

    @Test func aWatchAndAPhoneCountingTheSameWalkCountTheWatchOnce() {
        // The iPhone's samples come first in the file; the Watch still ranks first.
        let result = F.result([
            F.sample(.steps, F.phone, "2025-05-28 10:00", "2025-05-28 10:30", 950),
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 1000),
        ])
        #expect(result.values("steps") == ["2025-05-28": 1000])
        #expect(result.sourceOrder == [F.watch, F.phone])
        let summary = result.summary("steps")
        #expect(summary?.overlapRemoved == 950)
        #expect(summary?.samples == 2)
        #expect(summary?.sources == [.init(name: F.watch, samples: 1), .init(name: F.phone, samples: 1)])
    }

    @Test func thePhoneCountsForAnHourTheWatchWasOff() {
        let result = F.result([
            F.sample(.steps, F.watch, "2025-05-28 09:00", "2025-05-28 10:00", 500),
            F.sample(.steps, F.phone, "2025-05-28 09:00", "2025-05-28 10:00", 480),
            F.sample(.steps, F.phone, "2025-05-28 10:00", "2025-05-28 11:00", 700),
        ])
        #expect(result.values("steps") == ["2025-05-28": 1200])
        #expect(result.summary("steps")?.overlapRemoved == 480)
    }

    @Test func aPartlyCoveredSampleCountsProRata() {
        // The phone's 10:10-10:40 (300 steps) is covered for 10 of its 30 minutes: 200 count.
        let result = F.result([
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:20", 600),
            F.sample(.steps, F.phone, "2025-05-28 10:10", "2025-05-28 10:40", 300),
        ])
        #expect(result.values("steps") == ["2025-05-28": 800])
        #expect(result.summary("steps")?.overlapRemoved == 100)
    }

    @Test func aLowerSourceCountsOnlyWhereNoHigherSourceCovers() {
        // Watch 10:00-10:10 and 10:20-10:30; phone 10:05-10:25 (covered 10 of 20 minutes: 200 of
        // 400); a scale 10:00-11:00 (covered by both: 10:00-10:30 bar nothing; 30 of 60
        // minutes: 60 of 120).
        let result = F.result([
            F.sample(.distance, F.watch, "2025-05-28 10:00", "2025-05-28 10:10", 1),
            F.sample(.distance, F.watch, "2025-05-28 10:20", "2025-05-28 10:30", 1),
            F.sample(.distance, F.phone, "2025-05-28 10:05", "2025-05-28 10:25", 4),
            F.sample(.distance, "Scale", "2025-05-28 10:00", "2025-05-28 11:00", 1.5),
        ])
        #expect(result.values("distance") == ["2025-05-28": 1 + 1 + 2 + 0.75])
        #expect(result.summary("distance")?.overlapRemoved == 2 + 0.75)
        #expect(result.sourceOrder == [F.watch, F.phone, "Scale"])
    }

    @Test func preferReversesTheOrder() {
        let samples = [
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 1000),
            F.sample(.steps, F.phone, "2025-05-28 10:00", "2025-05-28 10:30", 950),
        ]
        // A part of the name, in any case, with a straight apostrophe for the curly one.
        for name in ["iphone", "BOB'S IPHONE", F.phone] {
            let result = F.result(samples, prefer: [name])
            #expect(result.values("steps") == ["2025-05-28": 950])
            #expect(result.sourceOrder == [F.phone, F.watch])
        }
        #expect(F.result(samples, prefer: ["nothing like it"]).values("steps") == ["2025-05-28": 1000])
    }

    @Test func theDefaultOrderIsWatchThenIPhoneThenTheOthersAsTheyCame() {
        let result = F.result(
            ["Scale", "Strava", F.phone, "Anna’s Apple Watch", "MyFitnessPal", F.watch].map {
                F.sample(.activeEnergy, $0, "2025-05-28 10:00", "2025-05-28 10:30", 10)
            })
        #expect(result.sourceOrder == ["Anna’s Apple Watch", F.watch, F.phone, "Scale", "Strava", "MyFitnessPal"])
        // Preferred sources come first in the order asked for, the rest keep theirs.
        let preferred = F.result(
            ["Scale", "Strava", F.phone, F.watch].map {
                F.sample(.activeEnergy, $0, "2025-05-28 10:00", "2025-05-28 10:30", 10)
            }, prefer: ["strava", "scale"])
        #expect(preferred.sourceOrder == ["Strava", "Scale", F.watch, F.phone])
    }

    @Test func samplesOfOneSourceAreSummedWhereTheyOverlap() {
        let result = F.result([
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 100),
            F.sample(.steps, F.watch, "2025-05-28 10:15", "2025-05-28 10:45", 200),
            F.sample(.steps, F.watch, "2025-05-28 10:15", "2025-05-28 10:45", 50),
        ])
        #expect(result.values("steps") == ["2025-05-28": 350])
        #expect(result.summary("steps")?.overlapRemoved == 0)
    }

    @Test func aSampleAtAnInstantCountsUnlessStrictlyInsideAHigherInterval() {
        let result = F.result([
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 100),
            F.sample(.steps, F.watch, "2025-05-28 10:30", "2025-05-28 10:40", 10),
            F.sample(.steps, F.watch, "2025-05-28 12:00", "2025-05-28 12:00", 7),
            F.sample(.steps, F.phone, "2025-05-28 10:15", "2025-05-28 10:15", 40),  // inside: 0
            F.sample(.steps, F.phone, "2025-05-28 10:30", "2025-05-28 10:30", 20),  // where two meet
            F.sample(.steps, F.phone, "2025-05-28 10:00", "2025-05-28 10:00", 3),  // at a start
            F.sample(.steps, F.phone, "2025-05-28 12:00", "2025-05-28 12:00", 5),  // at the Watch's instant
            F.sample(.steps, F.phone, "2025-05-28 11:00", "2025-05-28 11:00", 1),  // outside
        ])
        #expect(result.values("steps") == ["2025-05-28": 100 + 10 + 7 + 20 + 3 + 5 + 1])
        #expect(result.summary("steps")?.overlapRemoved == 40)
    }

    @Test func samplesOnAFlightCountForTheirOwnLocalDays() {
        // 23:30 at +0100 is 22:30 UTC on the 10th; 21:00 at -0500 is 02:00 UTC on the 11th;
        // 00:30 at +0100 on the 11th is 23:30 UTC on the 10th.
        let result = F.result([
            F.sample(.steps, F.phone, "2025-03-10 23:30", "2025-03-10 23:40", 100, offset: "+0100"),
            F.sample(.steps, F.phone, "2025-03-11 00:30", "2025-03-11 00:40", 30, offset: "+0100"),
            F.sample(.steps, F.phone, "2025-03-10 21:00", "2025-03-10 21:10", 200, offset: "-0500"),
            F.sample(.steps, F.phone, "2025-03-11 07:00", "2025-03-11 07:10", 400, offset: "-0500"),
        ])
        #expect(result.values("steps") == ["2025-03-10": 300, "2025-03-11": 430])
    }

    @Test func theDayClocksGoForwardKeepsEachSampleOnItsLocalDay() {
        // London, 30 March 2025: 01:00 GMT became 02:00 BST.
        let result = F.result([
            F.sample(.steps, F.phone, "2025-03-30 00:30", "2025-03-30 00:40", 10, offset: "+0000"),
            F.sample(.steps, F.phone, "2025-03-30 23:30", "2025-03-30 23:40", 20, offset: "+0100"),
            F.sample(.steps, F.phone, "2025-03-31 00:30", "2025-03-31 00:40", 40, offset: "+0100"),
            F.sample(.steps, F.phone, "2025-03-29 23:50", "2025-03-30 00:20", 80, offset: "+0000"),
        ])
        // The last starts before midnight and counts, whole, for the day it started.
        #expect(result.values("steps") == ["2025-03-29": 80, "2025-03-30": 30, "2025-03-31": 40])
    }

    @Test func aDayStartOfThreeCountsTheSmallHoursForTheDayBefore() {
        let samples = [
            F.sample(.steps, F.phone, "2025-03-12 02:30", "2025-03-12 02:40", 100, offset: "+0100"),
            F.sample(.steps, F.phone, "2025-03-12 03:00", "2025-03-12 03:10", 10, offset: "+0100"),
            F.reading(.weight, F.phone, "2025-03-12 02:59", 70),
        ]
        let result = F.result(samples, dayStart: 180)
        #expect(result.values("steps") == ["2025-03-11": 100, "2025-03-12": 10])
        #expect(result.values("weight") == ["2025-03-11": 70])
        #expect(F.result(samples).values("steps") == ["2025-03-12": 110])
    }

    @Test func exerciseComesFromWorkoutsOnlyOnDaysWithoutExercise() {
        let result = F.result([
            F.sample(.exercise, F.watch, "2025-05-01 07:00", "2025-05-01 07:30", 30),
            F.sample(.workout, F.watch, "2025-05-01 18:00", "2025-05-01 18:45", 45),
            F.sample(.workout, F.watch, "2025-05-02 10:00", "2025-05-02 10:45", 45),
            // Another app's record of the same workout overlaps it for 15 of its 30 minutes.
            F.sample(.workout, "Strava", "2025-05-02 10:30", "2025-05-02 11:00", 30),
        ])
        #expect(result.values("exercise") == ["2025-05-01": 30, "2025-05-02": 60])
        #expect(result.summary("exercise")?.overlapRemoved == 15)
        #expect(result.summary("exercise")?.samples == 4)
    }

    @Test func aDayValueCountsOnlyOnDaysNoSampleFills() {
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes)
        for hour in ["08", "09", "10"] {
            days.add(F.sample(.standHours, F.watch, "2025-05-01 \(hour):00", "2025-05-01 \(hour):59", 1))
        }
        days.addDayValue(attribute: "stand_hours", day: F.day("2025-05-01"), value: 10, source: "Fit")
        days.addDayValue(attribute: "stand_hours", day: F.day("2025-05-02"), value: 8, source: "Fit")
        let result = days.result()
        #expect(result.values("stand_hours") == ["2025-05-01": 3, "2025-05-02": 8])
        #expect(result.summary("stand_hours")?.dayValues == 2)
        #expect(result.summary("stand_hours")?.dayValuesSetAside == 1)
        #expect(result.summary("stand_hours")?.sources == [.init(name: F.watch, samples: 3), .init(name: "Fit", samples: 2)])
    }

    @Test func dayValuesCombineByTheAttributeAndTheFirstSourceWins() {
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes)
        let day = F.day("2025-05-01")
        days.addDayValue(attribute: "steps", day: day, value: 4000, source: "Fit")
        days.addDayValue(attribute: "steps", day: day, value: 3000, source: "Mi Band")
        days.addDayValue(attribute: "steps", day: day, value: 500, source: "Fit")
        days.addDayValue(attribute: "weight", day: day, value: 71, source: "Fit")
        days.addDayValue(attribute: "weight", day: day, value: 70.5, source: "Fit")
        days.addDayValue(attribute: "resting_hr", day: day, value: 58, source: "Fit")
        days.addDayValue(attribute: "resting_hr", day: day, value: 55, source: "Fit")
        days.addDayValue(attribute: "zeal", day: day, value: 3, source: "Fit")
        days.addDayValue(attribute: "ale", day: day, value: 1, source: "Fit")
        let result = days.result()
        #expect(result.values("steps") == ["2025-05-01": 4500])
        #expect(result.values("weight") == ["2025-05-01": 70.5])
        #expect(result.values("resting_hr") == ["2025-05-01": 55])
        #expect(result.summary("steps")?.overlapRemoved == 3000)
        #expect(result.summary("steps")?.dayValuesSetAside == 1)
        #expect(result.values.map(\.attribute) == ["steps", "resting_hr", "weight", "ale", "zeal"])
    }

    @Test func waterIsInGlasses() {
        #expect(HealthDays.glassMillilitres == 250)
        let result = F.result([
            F.sample(.water, F.phone, "2025-05-01 08:00", "2025-05-01 08:00", 500),
            F.sample(.water, F.phone, "2025-05-01 12:00", "2025-05-01 12:00", 250),
            F.sample(.water, F.phone, "2025-05-02 12:00", "2025-05-02 12:00", 100),
        ])
        #expect(result.values("water") == ["2025-05-01": 3, "2025-05-02": 0.4])
    }

    @Test func heartRateIsTheMeanRestingTheLowestAndWeightTheLast() {
        let result = F.result([
            F.reading(.heartRate, F.watch, "2025-05-01 08:00", 60),
            F.reading(.heartRate, F.phone, "2025-05-01 09:00", 70),
            F.reading(.heartRate, F.watch, "2025-05-01 23:00", 83),
            F.reading(.heartRate, F.watch, "2025-05-02 08:00", 90),
            F.reading(.restingHeartRate, F.watch, "2025-05-01 07:00", 55),
            F.reading(.restingHeartRate, F.phone, "2025-05-01 08:00", 52),
            F.reading(.restingHeartRate, F.watch, "2025-05-01 09:00", 58),
            F.reading(.weight, "Scale", "2025-05-01 08:00", 70.0),
            F.reading(.weight, "Scale", "2025-05-01 07:00", 69.5),  // earlier, though later in the file
            F.reading(.weight, F.phone, "2025-05-01 08:00", 69.8),  // same time, later in the file
        ])
        #expect(result.values("heart_rate") == ["2025-05-01": 71, "2025-05-02": 90])
        #expect(result.values("resting_hr") == ["2025-05-01": 52])
        #expect(result.values("weight") == ["2025-05-01": 69.8])
        #expect(result.summary("heart_rate")?.samples == 4)
    }

    @Test func valuesAreSortedByAttributeThenDay() {
        let result = F.result([
            F.reading(.weight, "Scale", "2025-05-02 08:00", 70),
            F.sample(.steps, F.phone, "2025-05-03 10:00", "2025-05-03 10:10", 5),
            F.sample(.asleep, F.watch, "2025-05-01 23:00", "2025-05-02 07:00"),
            F.sample(.steps, F.phone, "2025-05-01 10:00", "2025-05-01 10:10", 5),
            F.sample(.water, F.phone, "2025-05-01 10:00", "2025-05-01 10:00", 250),
        ])
        #expect(result.values.map { "\($0.attribute) \($0.day.iso)" } == [
            "steps 2025-05-01", "steps 2025-05-03", "water 2025-05-01", "weight 2025-05-02", "sleep 2025-05-02",
            "bedtime 2025-05-02", "wake_time 2025-05-02",
        ])
        let steps = result.summary("steps")
        #expect(steps?.days == 2)
        #expect(steps?.first == F.day("2025-05-01"))
        #expect(steps?.last == F.day("2025-05-03"))
    }

    @Test func skippedTypesAreCountedMostFrequentFirst() {
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes)
        for type in ["B", "A", "C", "C", "A"] { days.skip(type: type) }
        days.add(HealthSample(measure: .steps, source: F.phone, start: 0, end: 60, offset: 0, value: .nan))
        let skipped = days.result().skipped.map { "\($0.type) \($0.count)" }
        #expect(skipped == ["A 2", "C 2", "B 1", "steps without a number 1"])
    }

    @Test func aSampleKeepsItsValueAtDoublePrecision() {
        let result = F.result([
            F.sample(.distance, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 88.23378186623255),
            F.sample(.activeEnergy, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 45.3),
        ])
        #expect(result.values("distance") == ["2025-05-28": 88.23378186623255])
        #expect(result.values("active_energy") == ["2025-05-28": 45.3])
    }

    @Test func aSampleThatCannotBeTrueIsNotReadAndSaysWhy() {
        let result = F.result([
            F.sample(.exercise, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 1e308),
            F.sample(.steps, F.watch, "2025-05-28 10:00", "2025-05-28 10:30", 1e308),
            F.sample(.steps, F.phone, "2025-05-28 10:00", "2025-05-28 10:30", 1e308),
            F.sample(.steps, F.phone, "2025-05-28 11:00", "2025-05-28 11:30", -3),
            F.sample(.steps, F.phone, "2025-05-28 12:00", "2025-05-28 12:30", 400),
        ])
        #expect(result.values("steps") == ["2025-05-28": 400])
        #expect(result.values("exercise") == [:])
        let skipped = result.skipped.map { "\($0.type) \($0.count)" }
        #expect(skipped == ["steps with a value that cannot be true 3", "exercise with a value that cannot be true 1"])
    }

    @Test func aStoredSampleTakesSixteenBytesAndItsOffsetOne() {
        // The value is a double (what was read, at full precision); the offset is kept beside it.
        #expect(MemoryLayout<PackedInterval>.stride == 16)
        #expect(MemoryLayout<Int8>.stride == 1)
    }

    @Test func twoMillionSamplesOfTwoSourcesLoseExactlyTheirOverlap() {
        // 2,000,160 samples: for 926 days, the Watch records every other minute (2 steps), the
        // phone every minute (1 step), newest first: the phone counts in the minutes the Watch
        // has none, 720 a day.
        let dayCount: Int64 = 926
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes)
        let first = F.seconds("2020-01-01 00:00")
        let minutes = dayCount * 1440
        for minute in stride(from: minutes - 1, through: 0, by: -1) {
            let start = first + minute * 60
            days.add(HealthSample(measure: .steps, source: F.phone, start: start, end: start + 60, offset: 0, value: 1))
            if minute % 2 == 0 {
                days.add(HealthSample(measure: .steps, source: F.watch, start: start, end: start + 60, offset: 0, value: 2))
            }
        }
        let result = days.result()
        #expect(result.summary("steps")?.samples == 2_000_160)
        #expect(result.values.count == 926)
        #expect(result.values.allSatisfy { $0.value == 720 * 2 + 720 })
        #expect(result.summary("steps")?.overlapRemoved == Double(720 * 926))
    }
}
