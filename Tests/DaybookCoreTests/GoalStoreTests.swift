@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

@Suite struct GoalStoreTests {
    func journal(_ now: String = "2026-11-21") throws -> (Journal, String) {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-goals-" + UUID().uuidString
        let clock = LocalTime(day: day(now), minuteOfDay: 9 * 60 + 30)
        return (try Journal(path: dir + "/journal.sqlite3", clock: { clock }), dir)
    }

    @Test func goalsKeepTheirHistoryAndUndoWorks() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-11-01"))
        let write = try j.setGoal(
            steps, range: GoalRange(min: 10000, max: nil), period: .daily, from: day("2026-11-15"))
        #expect(write.previous?.range.min == 8000)
        #expect(write.nextChange == nil)
        try j.endGoal(steps, from: day("2026-11-20"))
        #expect(try j.goal("steps", on: day("2026-10-31")) == nil)
        #expect(try j.goal("steps", on: day("2026-11-14"))?.range.min == 8000)
        #expect(try j.goal("steps", on: day("2026-11-19"))?.range.min == 10000)
        #expect(try j.goal("steps", on: day("2026-11-21")) == nil)
        #expect(throws: JournalError.self) { try j.endGoal(steps, from: day("2026-11-21")) }
        // Filling in an earlier goal leaves the later ones in force.
        let filled = try j.setGoal(
            steps, range: GoalRange(min: 5000, max: nil), period: .weekly, from: day("2026-10-01"))
        #expect(filled.nextChange == day("2026-11-01"))
        #expect(try j.goal("steps", on: day("2026-11-02"))?.range.min == 8000)
        // Setting a goal again on the same day replaces that day's change.
        try j.setGoal(steps, range: GoalRange(min: 6000, max: nil), period: .weekly, from: day("2026-10-01"))
        #expect(try j.goal("steps", on: day("2026-10-01"))?.range.min == 6000)
        #expect(try j.goalHistory("steps", through: day("2026-11-30")).changes.count == 4)
        // Undo goes back change by change.
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-10-01"))?.range.min == 5000)
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-10-01")) == nil)
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-11-21"))?.range.min == 10000)
    }

    @Test func theGoalInForceIsOneIndexSeek() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try j.database.rows(
            "EXPLAIN QUERY PLAN SELECT since, period, min, max FROM goal WHERE attribute = ? AND since <= ? AND removed_by IS NULL ORDER BY since DESC LIMIT 1",
            [.text("steps"), .text("2026-11-21")]
        ) { $0.string(3) }
        #expect(plan.contains { $0.contains("USING INDEX goal_attribute_since") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    /// With no values to go by, the goals offered fit each attribute's type and unit, and the
    /// way round a person sets it: the journal's own built-in attributes, then units, then types.
    @Test func examplesFitTheAttributeWithoutHistory() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first: [String: String] = [
            "steps": ">= 8000", "distance": ">= 5", "exercise": ">= 30m", "active_energy": ">= 400",
            "stand_hours": ">= 12", "sleep": "7h..9h", "bedtime": "22:00..23:30", "wake_time": "06:30..07:30",
            "mindful": ">= 10m", "heart_rate": "60..80", "resting_hr": "<= 60", "weight": "70..75", "water": ">= 8",
            "coffee": "<= 2", "productive": ">= 4h",
        ]
        #expect(Set(j.attributes.map(\.name)) == Set(first.keys))
        for attribute in j.attributes {
            let forms = try j.rangeSuggestions(attribute).forms
            #expect(forms.first == first[attribute.name], "\(attribute.name): \(forms)")
            #expect(try j.rangeSuggestions(attribute).usual == nil)
            for form in forms {
                #expect((try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil, "\(attribute.name) \(form)")
            }
        }
        #expect(try j.rangeSuggestions(j.attribute(named: "water")!).forms == [">= 8", "6..10"])
        #expect(try j.rangeSuggestions(j.attribute(named: "bedtime")!).forms == ["22:00..23:30", "<= 23:30"])
        // Attributes a person tracked: by their unit, else by their type.
        let custom: [(Attribute, [String])] = [
            (Attribute(name: "tea", type: .count, aggregation: .sum, unit: "cups", group: "food"), ["<= 2", "1..3"]),
            (Attribute(name: "reading", type: .count, aggregation: .sum, unit: "pages", group: "other"), [">= 25", "20..40"]),
            (Attribute(name: "pushups", type: .count, aggregation: .sum, unit: "", group: "activity"), [">= 10", "<= 2", "5..10"]),
            (Attribute(name: "water", type: .count, aggregation: .sum, unit: "ml", group: "food"), [">= 10", "<= 2", "5..10"]),
            (Attribute(name: "lights_out", type: .time, aggregation: .last, unit: "", group: "sleep"), ["22:00..23:30", "<= 23:30"]),
            (Attribute(name: "wake_up", type: .time, aggregation: .last, unit: "", group: "other"), ["06:30..07:30", "<= 07:30", ">= 06:00"]),
            (Attribute(name: "lunch", type: .time, aggregation: .last, unit: "", group: "food"), ["08:00..09:00", "<= 09:00", ">= 08:00"]),
            (Attribute(name: "reading_time", type: .duration, aggregation: .sum, unit: "", group: "other"), [">= 30m", "<= 1h", "30m..1h"]),
        ]
        for (attribute, forms) in custom {
            #expect(Goals.rangeSuggestions(for: attribute, usual: nil).forms == forms, "\(attribute.name)")
            for form in forms {
                #expect((try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil, "\(attribute.name) \(form)")
            }
        }
    }

    @Test func statusesReadThroughTheJournal() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-11-18"))
        for (iso, value) in [("2026-11-18", 9000.0), ("2026-11-19", 8000), ("2026-11-20", 12000), ("2026-11-21", 2000)]
        {
            try j.log(day: day(iso), [(steps, value)])
        }
        let statuses = try j.goalStatuses(on: day("2026-11-21"))
        #expect(statuses.count == 1)
        #expect(statuses[0].attribute.name == "steps")
        #expect(statuses[0].status.state == .under)
        #expect(statuses[0].status.streak == 3)
        try j.log(day: day("2026-10-31"), [(steps, 7000)])
        try j.log(day: day("2026-11-07"), [(steps, 9000)])
        #expect(try j.usualValue(of: steps, on: day("2026-11-21")) == nil)  // two Saturdays: too few
        #expect(try j.rangeSuggestions(steps).usual == nil)
        try j.log(day: day("2026-10-24"), [(steps, 8000)])
        #expect(try j.usual(of: steps, on: day("2026-11-21")) == UsualValue(value: 8000, days: 3))
        #expect(try j.rangeSuggestions(steps).usual == "usual 8,000 steps")
    }
}
