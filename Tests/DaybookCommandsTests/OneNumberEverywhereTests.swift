import Foundation
import Testing

/// One number everywhere: every numeric field of `goals`, `today`, `insights`, `week` and
/// `review month` in JSON is worked out again here from the journal file itself (read with the
/// sqlite3 shell), rounded by the rule `docs/scripts.md` gives, and found in the text of the
/// same command.
@Suite struct OneNumberEverywhereTests {
    static let types: [String: String] = [
        "steps": "count", "sleep": "duration", "resting_hr": "count", "weight": "decimal", "water": "count",
        "exercise": "duration", "meditated": "yesno",
    ]
    static let day = "2026-11-21"

    /// Ten weeks to Saturday 21 November 2026, at 21:00: seven attributes, of every kind the
    /// rule tells apart, and a goal on each, weekly, monthly, daily and on the week's total.
    func journal() throws -> InProcess {
        let d = try InProcess()
        d.now = "2026-11-21T21:00"
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let start = formatter.date(from: "2026-09-13")!
        var lines = ["track meditated yesno"]
        for i in 0..<70 {
            let date = formatter.string(from: start.addingTimeInterval(Double(i) * 86400))
            let sleep = 400 + (i * 37) % 150
            var log = "log steps \(4000 + (i * 7919) % 9000) sleep \(sleep / 60)h\(sleep % 60)m"
            log += " resting_hr \(55 + (i * 13) % 9) weight \(70 + Double((i * 17) % 30) / 10) water \((i * 5) % 9)"
            if i % 3 != 2 { log += " exercise \(10 + (i * 11) % 50)m" }
            log += " meditated \((i * 7) % 3 == 0 ? "no" : "yes") --on \(date)"
            lines.append(log)
            lines.append("mood \(2 + (i * 3) % 4) --on \(date)")
        }
        lines += [
            "goal steps >= 10000 weekly --on 2026-09-13", "goal sleep >= 9h weekly --on 2026-09-13",
            "goal resting_hr <= 58 weekly --on 2026-09-13", "goal weight 70..71 monthly --on 2026-09-13",
            "goal water >= 40 weekly --total --on 2026-09-13", "goal exercise >= 30m --on 2026-09-13",
            "goal meditated yes weekly --on 2026-09-13",
        ]
        let r = try d.run(input: lines.joined(separator: "\n") + "\n")
        #expect(r.stderr == "")
        #expect(r.status == 0)
        return d
    }

    // MARK: Worked out again

    /// Every day's value, straight from the file.
    func stored(_ d: InProcess) throws -> [String: [String: Double]] {
        var values: [String: [String: Double]] = [:]
        for row in try d.sql("SELECT attribute, day, value FROM day_value").split(separator: "\n") {
            let parts = row.split(separator: "|").map(String.init)
            values[parts[0], default: [:]][parts[1]] = Double(parts[2])!
        }
        return values
    }

    static func days(_ from: String, _ through: String, _ values: [String: Double]) -> [Double] {
        values.filter { $0.key >= from && $0.key <= through }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The rule: a mean, a total or a median as it is shown.
    static func mean(_ x: Double, _ type: String) -> Double {
        switch type {
        case "count": return abs(x) >= 100 ? x.rounded() : (x * 10).rounded() / 10
        case "decimal": return (x * 10).rounded() / 10
        case "duration": return x.rounded()
        default: return (x * 100 + 1e-9).rounded(.down) / 100
        }
    }

    /// A day's value as it is shown.
    static func value(_ x: Double, _ type: String) -> Double { type == "duration" ? x.rounded() : x }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    /// A number as the text writes it: `12,345`, `58.7`, `8h 29m`.
    static func text(_ x: Double, _ type: String) -> String {
        if type == "duration" {
            let m = Int(x.rounded())
            return m < 60 ? "\(m)m" : m % 60 == 0 ? "\(m / 60)h" : "\(m / 60)h \(m % 60)m"
        }
        if x == x.rounded() {
            let n = NumberFormatter()
            n.numberStyle = .decimal
            n.locale = Locale(identifier: "en_US")
            return n.string(from: NSNumber(value: Int(x)))!
        }
        return String(format: "%.1f", x)
    }

    /// The goal a period holds on the 21st, worked out again: value, left and progress.
    func goal(_ name: String, period: String, total: Bool, min: Double?, max: Double?, values: [String: Double])
        -> (value: Double, left: Double?, progress: Int)
    {
        let type = Self.types[name]!
        let from = period == "daily" ? Self.day : period == "weekly" ? "2026-11-16" : "2026-11-01"
        let xs = Self.days(from, Self.day, values)
        let raw = total ? xs.reduce(0, +) : xs.reduce(0, +) / Double(xs.count)
        let value = period == "daily" ? Self.value(raw, type) : Self.mean(raw, type)
        var left: Double? = nil
        var progress = 100
        if let min, value < min - 1e-6 {
            left = min - value
        } else if let max, value > max + 1e-6 {
            left = max - value
        } else {
            left = max.map { $0 - value } ?? 0
        }
        if let min { progress = Int((Swift.min(1, value / min) * 100 + 1e-9).rounded(.down)) }
        else if let max, value > max { progress = Int((max / value * 100 + 1e-9).rounded(.down)) }
        return (value, type == "yesno" ? nil : left.map { Self.mean($0, type) }, progress)
    }

    func json(_ d: InProcess, _ arguments: [String]) throws -> Any {
        let r = try d.run(arguments)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    }

    func text(_ d: InProcess, _ arguments: [String]) throws -> String {
        let r = try d.run(arguments)
        #expect(r.status == 0)
        return r.stdout
    }

    // MARK: The commands

    @Test func goalsAndTodayCarryTheNumbersTheTextShows() throws {
        let d = try journal()
        let values = try stored(d)
        let goals = try #require(try json(d, ["goals", Self.day, "--json"]) as? [[String: Any]])
        let goalsText = try text(d, ["goals", Self.day]).split(separator: "\n").map(String.init)
        #expect(goals.count == 7)
        for object in goals {
            let name = try #require(object["attribute"] as? String)
            let type = Self.types[name]!
            let period = try #require(object["period"] as? String)
            let expected = goal(
                name, period: period, total: object["total"] as? Bool == true, min: Self.number(object["min"]),
                max: Self.number(object["max"]), values: values[name]!)
            #expect(Self.number(object["value"]) == expected.value, "\(name) value")
            #expect(Self.number(object["left"]) == expected.left, "\(name) left")
            #expect(object["progress"] as? Int == expected.progress, "\(name) progress")
            // The goal's line, and the lines it wraps onto.
            let first = try #require(goalsText.firstIndex { $0.hasPrefix("  \(name) ") })
            let rest = goalsText[(first + 1)...].prefix { $0.hasPrefix("   ") }
            let line = ([goalsText[first]] + rest).joined(separator: " ")
            if type == "yesno" {
                #expect(line.contains("yes on \(Int((expected.value * 100).rounded()))% of days"), "\(line)")
            } else {
                let prefix = period == "daily" ? "" : object["total"] as? Bool == true ? "total " : "avg "
                #expect(line.contains(prefix + Self.text(expected.value, type)), "\(line)")
                if let left = expected.left, left != 0 { #expect(line.contains(Self.text(abs(left), type)), "\(line)") }
                // Over an upper bound the text tells how far over (120%), not the progress.
                if object["state"] as? String != "over" { #expect(line.contains("\(expected.progress)%"), "\(line)") }
            }
        }

        // `today --json` carries the same goal objects, and the day's values from the file.
        let today = try #require(try json(d, ["today", Self.day, "--json"]) as? [String: Any])
        let todayText = try text(d, ["today", Self.day])
        let items = try #require(today["attributes"] as? [[String: Any]])
        #expect(items.count == 7)
        for item in items {
            let name = try #require(item["attribute"] as? String)
            let type = Self.types[name]!
            let stored = try #require(values[name]?[Self.day])
            if type == "yesno" {
                #expect(item["value"] as? Bool == (stored >= 0.5))
            } else {
                #expect(Self.number(item["value"]) == Self.value(stored, type), "\(name)")
            }
            let goal = try #require(item["goal"] as? [String: Any])
            let same = try #require(goals.first { $0["attribute"] as? String == name })
            for key in ["value", "left", "progress", "min", "max"] {
                #expect(Self.number(goal[key]) == Self.number(same[key]), "\(name) \(key)")
            }
            if type != "yesno", let value = Self.number(goal["value"]) {
                #expect(todayText.contains(Self.text(value, type)), "\(name) \(value)")
            }
        }
    }

    @Test func insightsCarryTheNumbersOfTheirSentences() throws {
        let d = try journal()
        let values = try stored(d)
        let goals = try #require(try json(d, ["goals", Self.day, "--json"]) as? [[String: Any]])
        let objects = try #require(try json(d, ["insights", Self.day, "--all", "--json"]) as? [[String: Any]])
        let lines = try text(d, ["insights", Self.day, "--all"]).split(separator: "\n").map(String.init)
        var checked = 0
        for object in objects {
            let kind = try #require(object["kind"] as? String)
            let name = try #require(object["attribute"] as? String)
            let sentence = try #require(object["sentence"] as? String)
            if kind != "usual" || object["missing"] is NSNull { #expect(lines.contains("  " + sentence), "\(sentence)") }
            guard let type = Self.types[name], let series = values[name] else { continue }
            let stored = try #require(series[Self.day])
            switch kind {
            case "usual" where !(object["usual"] is NSNull), "average":
                let weekdays = (1...8).map { Self.iso(daysBefore: 7 * $0) }
                let usual = Self.mean(Self.median(weekdays.compactMap { series[$0] }), type)
                let before = Self.days(Self.iso(daysBefore: 30), Self.iso(daysBefore: 1), series)
                let average = Self.mean(before.reduce(0, +) / Double(before.count), type)
                #expect(Self.number(object["value"]) == Self.value(stored, type), "\(name)")
                #expect(Self.number(object["usual"]) == usual, "\(name) usual")
                #expect(Self.number(object["average_30d"]) == average, "\(name) average")
                let base = kind == "usual" ? usual : average
                #expect(Self.number(object["difference"]) == Self.mean(stored - base, type), "\(name) difference")
                #expect(object["percent_of_usual"] as? Int == Int((stored / usual * 100).rounded()), "\(name) %")
                #expect(sentence.contains(Self.text(base, type)), "\(sentence)")
                checked += 1
            case "so_far", "record":
                #expect(Self.number(object["value"]) == Self.value(stored, type), "\(name)")
                checked += 1
            case "goal":
                let same = try #require(goals.first { $0["attribute"] as? String == name })
                #expect(Self.number(object["value"]) == Self.number(same["value"]), "\(name) goal value")
                #expect(Self.number(object["left"]) == Self.number(same["left"]), "\(name) goal left")
                checked += 1
            default: break
            }
        }
        #expect(checked >= 10)
    }

    static func iso(daysBefore back: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: formatter.date(from: day)!.addingTimeInterval(-Double(back) * 86400))
    }

    @Test func weekAndReviewCarryTheFileItsRounding() throws {
        let d = try journal()
        let values = try stored(d)
        let week = try #require(try json(d, ["week", Self.day, "--json"]) as? [String: Any])
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.count == 7)
        for object in days {
            let date = try #require(object["date"] as? String)
            let shown = try #require(object["values"] as? [String: Any])
            for (name, type) in Self.types {
                guard let stored = values[name]?[date] else {
                    #expect(shown[name] == nil)
                    continue
                }
                if type == "yesno" {
                    #expect(shown[name] as? Bool == (stored >= 0.5))
                } else {
                    #expect(Self.number(shown[name]) == Self.value(stored, type), "\(date) \(name)")
                }
            }
        }

        // A review of November on the 21st at 21:00: what adds up leaves the 21st out.
        let review = try #require(try json(d, ["review", "month", "2026-11", "--json"]) as? [String: Any])
        // Lines wrapped with an indent read as one.
        let reviewText = try text(d, ["review", "month", "2026-11"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let parts = try #require(review["attributes"] as? [[String: Any]])
        #expect(parts.count == 7)
        for part in parts {
            let name = try #require(part["attribute"] as? String)
            let type = Self.types[name]!
            let addsUp = ["steps", "sleep", "water", "exercise"].contains(name)
            let through = addsUp ? "2026-11-20" : Self.day
            let xs = Self.days("2026-11-01", through, values[name]!)
            let before = Self.days("2026-10-01", "2026-10-31", values[name]!)
            #expect(part["days"] as? Int == xs.count, "\(name) days")
            #expect(Self.number(part["mean"]) == Self.mean(xs.reduce(0, +) / Double(xs.count), type), "\(name) mean")
            #expect(
                Self.number(part["previous_mean"]) == Self.mean(before.reduce(0, +) / Double(before.count), type),
                "\(name) previous mean")
            if addsUp {
                #expect(Self.number(part["total"]) == Self.mean(xs.reduce(0, +), type), "\(name) total")
                #expect(Self.number(part["previous_total"]) == Self.mean(before.reduce(0, +), type), "\(name) total")
            } else {
                #expect(part["total"] is NSNull)
            }
            let sentence = try #require(part["sentence"] as? String)
            #expect(reviewText.contains(sentence), "\(sentence)")
            if type != "yesno", let mean = Self.number(part["mean"]) {
                #expect(sentence.contains(Self.text(mean, type)), "\(sentence)")
            }
        }
    }
}
