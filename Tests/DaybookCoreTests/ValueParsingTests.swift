import Testing

@testable import DaybookCore

@Suite struct DateParsingTests {
    // 2026-11-21 is a Saturday.
    let today = Day(year: 2026, month: 11, day: 21)!

    @Test func weekdayOfKnownDates() {
        #expect(today.weekday == 6)
        #expect(Day(year: 1970, month: 1, day: 1)!.weekday == 4)
        #expect(Day(year: 2000, month: 2, day: 29)!.weekday == 2)
    }

    @Test func words() throws {
        #expect(try Day.parse("today", today: today) == today)
        #expect(try Day.parse("Yesterday", today: today).iso == "2026-11-20")
        #expect(try Day.parse("sat", today: today) == today)
        #expect(try Day.parse("friday", today: today).iso == "2026-11-20")
        #expect(try Day.parse("sun", today: today).iso == "2026-11-15")
        #expect(try Day.parse("mon", today: today).iso == "2026-11-16")
        #expect(try Day.parse("2024-02-29", today: today).iso == "2024-02-29")
    }

    @Test(arguments: ["2023-02-29", "2026-13-01", "2026-1-1", "0000-01-01", "someday", "fr", "2026-11-21x", ""])
    func refused(_ text: String) {
        #expect(throws: DateParseError.self) { try Day.parse(text, today: today) }
    }

    @Test func wordsNeverLeadOutsideYears1To9999() throws {
        let first = Day(year: 1, month: 1, day: 1)!
        #expect(try Day.parse("today", today: first) == first)
        #expect(try Day.parse("mon", today: first) == first)  // 0001-01-01 was a Monday
        for word in ["yesterday", "sunday"] {
            let error = #expect(throws: DateParseError.self) { try Day.parse(word, today: first) }
            #expect(error?.outOfRange == true)
        }
        #expect(throws: DateParseError.self) { try Day.parse("tomorrow", today: Day(year: 9999, month: 12, day: 31)!) }
    }

    @Test func roundTripOverCenturies() {
        for ordinal in stride(from: -700_000, through: 2_900_000, by: 997) {
            let day = Day(ordinal: ordinal)
            let c = day.components
            #expect(Day(year: c.year, month: c.month, day: c.day) == day || c.year < 1 || c.year > 9999)
            if c.year >= 1 && c.year <= 9999 { #expect(Day.parseISO(day.iso) == day) }
        }
    }

    @Test func periods() {
        #expect(today.startOfISOWeek.iso == "2026-11-16")
        #expect(Day(year: 2026, month: 11, day: 16)!.startOfISOWeek.iso == "2026-11-16")
        #expect(Day(year: 2026, month: 11, day: 22)!.startOfISOWeek.iso == "2026-11-16")
        #expect(today.startOfMonth.iso == "2026-11-01")
        #expect(Day(year: 2024, month: 2, day: 10)!.endOfMonth.iso == "2024-02-29")
    }

    @Test func pinnedClockAndTimestamps() {
        let t = LocalTime.parsePinned("2026-11-21T23:05")!
        #expect(t.day == today)
        #expect(t.minuteOfDay == 23 * 60 + 5)
        #expect(LocalTime(day: today, minuteOfDay: 9 * 60 + 12, second: 5, utcOffset: 3600).iso8601 == "2026-11-21T09:12:05+01:00")
        #expect(LocalTime(day: today, minuteOfDay: 0, second: 0, utcOffset: -16200).iso8601 == "2026-11-21T00:00:00-04:30")
    }
}

@Suite struct ValueParsingTests {
    @Test func counts() throws {
        #expect(try ValueType.count.parse("8200") == 8200)
        #expect(try ValueType.count.parse("8,200") == 8200)
        #expect(try ValueType.count.parse("8.2k") == 8200)
        #expect(try ValueType.count.parse("12K") == 12000)
        #expect(try ValueType.count.parse("0") == 0)
        for bad in ["-1", "8.5", "1e308", "8,2", ",8", "8,", "abc", "", "8.2.1", "1,000,000,000,001", "--1"] {
            #expect(throws: ValueError.self, "\(bad)") { try ValueType.count.parse(bad) }
        }
    }

    @Test func decimalsAndPercentages() throws {
        #expect(try ValueType.decimal.parse("72.5") == 72.5)
        #expect(try ValueType.decimal.parse("-3.25") == -3.25)
        #expect(try ValueType.decimal.parse("1,234.5") == 1234.5)
        #expect(throws: ValueError.self) { try ValueType.decimal.parse("1e308") }
        #expect(throws: ValueError.self) { try ValueType.decimal.parse("nan") }
        #expect(throws: ValueError.self) { try ValueType.decimal.parse("inf") }
        #expect(try ValueType.percentage.parse("85%") == 85)
        #expect(try ValueType.percentage.parse("85") == 85)
        #expect(throws: ValueError.self) { try ValueType.percentage.parse("101%") }
        #expect(throws: ValueError.self) { try ValueType.percentage.parse("-1%") }
    }

    @Test func durations() throws {
        let cases: [(String, Double)] = [
            ("7h30m", 450), ("7h", 420), ("45m", 45), ("7:30", 450), ("7.5h", 450), ("7h 30m", 450),
            ("0:05", 5), ("90min", 90), ("1 hour", 60), ("2hrs", 120), ("1h5m", 65), ("24h", 1440),
            // Minutes after the hours without their unit, as people write them.
            ("7h30", 450),
        ]
        for (text, minutes) in cases {
            #expect(try ValueType.duration.parse(text) == minutes, "\(text)")
        }
        for bad in ["7", "30m7h", "7h7h", "7:5", "7:60", "-1h", "25h", "h", "7x", "7h60", "7h300", ""] {
            #expect(throws: ValueError.self, "\(bad)") { try ValueType.duration.parse(bad) }
        }
    }

    @Test func timesOfDay() throws {
        let cases: [(String, Double)] = [
            ("23:40", 1420), ("00:30", 30), ("7:05", 425), ("11:40pm", 1420), ("7am", 420), ("12am", 0),
            ("12pm", 720), ("12:30am", 30), ("7 pm", 1140), ("7:15 a.m.", 435),
        ]
        for (text, minutes) in cases {
            #expect(try ValueType.time.parse(text) == minutes, "\(text)")
        }
        for bad in ["24:00", "7", "13pm", "0am", "7:5", "23:60", "noon", "", "123:00"] {
            #expect(throws: ValueError.self, "\(bad)") { try ValueType.time.parse(bad) }
        }
    }

    @Test func yesNo() throws {
        #expect(try ValueType.yesno.parse("Yes") == 1)
        #expect(try ValueType.yesno.parse("n") == 0)
        #expect(throws: ValueError.self) { try ValueType.yesno.parse("maybe") }
    }

    @Test func formatting() {
        #expect(ValueType.count.format(8200) == "8,200")
        #expect(ValueType.count.format(1_234_567) == "1,234,567")
        #expect(ValueType.decimal.format(72.5) == "72.5")
        #expect(ValueType.decimal.format(72) == "72")
        #expect(ValueType.percentage.format(85) == "85%")
        #expect(ValueType.duration.format(450) == "7h 30m")
        #expect(ValueType.duration.format(45) == "45m")
        #expect(ValueType.duration.format(420) == "7h")
        #expect(ValueType.time.format(5) == "00:05")
        #expect(ValueType.time.json(1420) == "\"23:40\"")
        #expect(ValueType.duration.json(450) == "450")
        #expect(ValueType.yesno.json(1) == "true")
    }

    @Test func moodWordsAndNumbers() throws {
        #expect(try Mood.parse("4") == 4)
        #expect(try Mood.parse("Great") == 5)
        #expect(try Mood.parse("ok") == 3)
        let error = #expect(throws: ValueError.self) { try Mood.parse("7") }
        #expect(error?.description == "mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7")
        #expect(throws: ValueError.self) { try Mood.parse("0") }
        #expect(throws: ValueError.self) { try Mood.parse("4.5") }
        // A word that is not a number may be the start of the note: it is not named.
        let word = #expect(throws: ValueError.self) { try Mood.parse("walked") }
        #expect(word?.description.contains("walked") == false)
    }

    @Test func tags() {
        #expect(extractTags("walked by the sea #outdoors with #Ana, #ana again") == ["outdoors", "ana"])
        #expect(extractTags("no tags, issue#12 and C# and &#x20;") == [])
        #expect(extractTags("#café-au-lait- #2026 #") == ["café-au-lait", "2026"])
        #expect(extractTags("#a_b#c") == ["a_b"])
    }
}

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
