import Testing

@testable import DaybookCore
@testable import DaybookStore

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
