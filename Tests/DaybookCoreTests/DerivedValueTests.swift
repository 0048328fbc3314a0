import Foundation
import DaybookTestSupport
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The stored daily values (`day_value`), which a flush brings up to date from the stored value
/// where values were only logged, against a computation afresh from the live entries; and what
/// a batch keeps between its lines (the settings it read, its prepared statements).
@Suite struct DerivedValueTests {
    /// Every stored daily value, and every one that the live entries make.
    static func storedAndRecomputed(_ journal: Journal) throws -> (stored: [String: String], fresh: [String: String]) {
        var stored: [String: String] = [:]
        for (attribute, day, value, entries) in try journal.database.rows(
            "SELECT attribute, day, value, entries FROM day_value", [],
            { ($0.string(0), $0.string(1), $0.double(2), $0.int(3)) })
        {
            stored["\(attribute) \(day)"] = "\(value) from \(entries)"
        }
        var values: [String: (String, [Double])] = [:]
        for (attribute, day, value) in try journal.database.rows(
            "SELECT attribute, day, value FROM entry WHERE removed_by IS NULL ORDER BY id", [],
            { ($0.string(0), $0.string(1), $0.double(2)) })
        {
            values["\(attribute) \(day)", default: (attribute, [])].1.append(value)
        }
        var fresh: [String: String] = [:]
        for (key, (name, list)) in values {
            guard let attribute = journal.attribute(named: name),
                let value = attribute.aggregation.combine(list, type: attribute.type)
            else { continue }
            fresh[key] = "\(value) from \(list.count)"
        }
        return (stored, fresh)
    }

    static func expectExact(_ journal: Journal, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try journal.flushDerived()
        let (stored, fresh) = try storedAndRecomputed(journal)
        let wrong = fresh.filter { stored[$0.key] != $0.value }.map { "\($0.key): stored \(stored[$0.key] ?? "none"), entries \($0.value)" }
        let extra = stored.keys.filter { fresh[$0] == nil }
        #expect(wrong.isEmpty && extra.isEmpty, "after \(step): \(wrong.sorted().prefix(3)) \(extra.sorted().prefix(3))", sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func storedValuesMatchARecomputationOnRandomLogs(seed: UInt64) throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        // Every aggregation of every kind of value, times of day included (whose sum is the
        // last value, and whose min and max are taken around their mean).
        try journal.track(Attribute(name: "latest", type: .time, aggregation: .min, unit: "", group: "sleep"))
        try journal.track(Attribute(name: "earliest", type: .time, aggregation: .max, unit: "", group: "sleep"))
        try journal.track(Attribute(name: "naps", type: .time, aggregation: .sum, unit: "", group: "sleep"))
        try journal.track(Attribute(name: "focus", type: .percentage, aggregation: .max, unit: "", group: "other"))
        try journal.track(Attribute(name: "mood_score", type: .decimal, aggregation: .min, unit: "", group: "other"))
        try journal.track(Attribute(name: "reading", type: .duration, aggregation: .average, unit: "", group: "other"))
        var rng = SeededRandom(seed: seed)
        let attributes = journal.attributes
        let days = (0..<6).map { saturday.day.adding(days: -$0) }
        func value(_ attribute: Attribute) -> Double {
            switch attribute.type {
            case .time: return Double(Int.random(in: 0..<1440, using: &rng))
            case .percentage: return Double(Int.random(in: 0...100, using: &rng))
            case .yesno: return Double(Int.random(in: 0...1, using: &rng))
            case .decimal: return Double(Int.random(in: -500...500, using: &rng)) / 10 + 0.1
            // A duration is at most a day: past it, a value cannot be stored.
            case .duration:
                return Double(Int.random(in: 0...3, using: &rng)) * 0.1 + Double(Int.random(in: 0...1439, using: &rng))
            default: return Double(Int.random(in: 0...3, using: &rng)) * 0.1 + Double(Int.random(in: 0...20_000, using: &rng))
            }
        }
        func randomLog() throws {
            let count = Int.random(in: 1...3, using: &rng)
            let day = days.randomElement(using: &rng)!
            let values = (0..<count).map { _ in attributes.randomElement(using: &rng)! }.map { ($0, value($0)) }
            // Any number, plausible or not (--force): the daily values must follow them all.
            try journal.log(day: day, values, force: true)
        }
        for round in 0..<40 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                try randomLog()
            case 4...6:
                // A batch, as a script writes: lines, a line that fails half-way, a read, an undo.
                try journal.beginBatch()
                for _ in 0..<Int.random(in: 1...25, using: &rng) {
                    switch Int.random(in: 0..<12, using: &rng) {
                    case 0:
                        let steps = journal.attribute(named: "steps")!
                        _ = try? journal.change("log", "fails half-way") { id in
                            try journal.log(day: days[0], [(steps, 1234)])
                            throw JournalError("no")
                        }
                    case 1:
                        _ = try journal.day(days.randomElement(using: &rng)!)
                    case 2:
                        _ = try journal.undo()
                    default:
                        try randomLog()
                    }
                }
                if Bool.random(using: &rng) { try journal.commitBatch() } else { journal.rollbackBatch() }
            case 7:
                _ = try journal.undo()
            case 8:
                // Another aggregation: every day of it is computed afresh.
                let name = ["steps", "water", "focus"].randomElement(using: &rng)!
                let attribute = journal.attribute(named: name)!
                let other = Aggregation.allCases.filter { $0 != attribute.aggregation }.randomElement(using: &rng)!
                var changed = attribute
                changed.aggregation = other
                try journal.track(changed)
            default:
                try randomLog()
                try randomLog()
            }
            try Self.expectExact(journal, "round \(round)")
        }
    }

    @Test func aScriptSeesTheSettingsItsLinesWrite() throws {
        let dir = try TempDir()
        let late = LocalTime(day: saturday.day, minuteOfDay: 2 * 60)
        let journal = try openJournal(dir, at: late)
        try journal.beginBatch()
        #expect(journal.today() == saturday.day)
        try journal.setSetting("day-start", "04:00")
        #expect(journal.today() == saturday.day.adding(days: -1))
        // A line that fails takes its setting back with it.
        _ = try? journal.change("set", "fails half-way") { id in
            try journal.setSetting("day-start", "00:00")
            #expect(journal.today() == saturday.day)
            throw JournalError("no")
        }
        #expect(journal.today() == saturday.day.adding(days: -1))
        _ = try journal.undo()
        #expect(journal.today() == saturday.day)
        try journal.commitBatch()
        #expect(journal.today() == saturday.day)
        // A setting written by another session between batches is read afresh.
        let other = try openJournal(dir, at: late)
        try other.setSetting("day-start", "03:00")
        try journal.beginBatch()
        #expect(journal.today() == saturday.day.adding(days: -1))
        journal.rollbackBatch()
        // And one that a batch rolled back is forgotten with it.
        try journal.beginBatch()
        try journal.setSetting("day-start", "00:00")
        #expect(journal.today() == saturday.day)
        journal.rollbackBatch()
        try journal.beginBatch()
        #expect(journal.today() == saturday.day.adding(days: -1))
        try journal.commitBatch()
    }

    @Test func statementsBuiltAtRunTimeAreNeverMistakenForOthers() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let database = journal.database
        // Texts built anew each time, freed and built again, often at addresses another text
        // had before: each must run as itself.
        for round in 0..<200 {
            let n = round % 37
            let sql = "SELECT \(n) + 0 AS value, '\(String(repeating: "x", count: n))' AS padding"
            #expect(try database.scalarInt(sql) == Int64(n))
        }
        for round in 0..<50 {
            #expect(try database.scalarInt("SELECT ? + 1 AS next_value_of_the_counter", [.integer(Int64(round))]) == Int64(round + 1))
        }
        // Text bound by its bytes: empty, with NUL characters, and long.
        for text in ["", "a\0b", String(repeating: "é", count: 10_000), "short"] {
            #expect(try database.scalarText("SELECT ? AS echoed_text_of_the_binding", [.text(text)]) == text)
        }
    }
}
