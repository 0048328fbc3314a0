/// Which side wins where an import and the journal disagree.
public enum ImportResolution: Sendable, Equatable {
    /// Neither: an import with conflicts writes nothing.
    case ask
    /// The file's side (`--replace`); what it replaces stays in the change log.
    case replace
    /// The journal's side (`--keep`).
    case keep
}

/// Something the file and the journal hold differently: a day's mood, a setting, a goal
/// change, an attribute's definition. `description` says what, never note text.
public struct ImportConflict: Sendable, Equatable, CustomStringConvertible {
    /// The line of the file.
    public let line: Int
    public let description: String
}

/// What an import writes (or would write).
public struct ImportSummary: Sendable, Equatable {
    /// Days that get a mood, a note or a value.
    public var days = 0
    /// Notes and values.
    public var entries = 0
    /// Distinct tags of the notes and mood notes written.
    public var tags = 0
    /// Attribute definitions, goal changes and settings written.
    public var attributes = 0
    public var goals = 0
    public var settings = 0
    public var conflicts: [ImportConflict] = []
    /// Values written that lie outside their attribute's plausible range: an import keeps
    /// them as the file has them, and says how many there are.
    public var implausible = 0

    public init() {}

    public var writesNothing: Bool { days == 0 && entries == 0 && attributes == 0 && goals == 0 && settings == 0 }
}

/// An import met conflicts and was told neither `--replace` nor `--keep`: nothing was written.
public struct ImportConflictError: Error, Sendable {
    public let summary: ImportSummary
}

// Import: writes a `JournalExport` (daybook's own export, or another program's file made into
// one) into the journal as one change, merging it with what is there.
extension Journal {
    /// What importing `data` would write, without writing anything (`--dry-run`).
    public func planImport(
        _ data: JournalExport, resolution: ImportResolution = .ask, localTimes: Bool = false
    ) throws -> ImportSummary {
        try flushDerived()
        let began = !database.inTransaction
        if began { try database.execute("BEGIN") }
        defer { if began { try? database.execute("COMMIT") } }
        return try plan(data, resolution: resolution, localTimes: localTimes).summary
    }

    /// Writes `data` into the journal as one change, which one `undo` reverts, and says what
    /// was written. Merging:
    /// - a note, or a value, that the journal already holds on that day at that time is not
    ///   written again (importing the same file twice writes nothing the second time);
    /// - a day whose mood differs (another rating, or another note where the file has one), a
    ///   setting with another value, a goal change of another range on the same day, and an
    ///   attribute defined otherwise that the journal has values of, are conflicts:
    ///   `resolution` says which side wins, and with `.ask` nothing is written
    ///   (`ImportConflictError`);
    /// - an attribute the journal defines otherwise but has no values of takes the file's
    ///   definition, and attributes come in the file's order.
    /// Records that cannot be written (a value of an unknown attribute or outside its type, a
    /// day after today) throw an `ImportError` naming their line, and nothing is written.
    /// `describe` gives the change log's summary. When there is nothing to write, no change
    /// is recorded. With `localTimes` (a file of local wall-clock times, Daylio's or jrnl's,
    /// stamped with the offset the computer's time zone gives), a note is matched by its day,
    /// its local time of day and its text, whatever the offset: the same file imported again
    /// after the time zone changed writes nothing.
    @discardableResult
    public func importData(
        _ data: JournalExport, resolution: ImportResolution, localTimes: Bool = false,
        describe: (ImportSummary) -> String
    ) throws -> ImportSummary {
        struct NothingToWrite: Error { let summary: ImportSummary }
        do {
            return try change("import", "import") { id in
                let work = try plan(data, resolution: resolution, localTimes: localTimes)
                if !work.summary.conflicts.isEmpty && resolution == .ask {
                    throw ImportConflictError(summary: work.summary)
                }
                if work.summary.writesNothing && work.attributes.isEmpty { throw NothingToWrite(summary: work.summary) }
                try apply(work, change: id)
                try database.run(
                    "UPDATE change SET summary = ? WHERE id = ?", [.text(describe(work.summary)), .integer(id)])
                return work.summary
            }
        } catch let nothing as NothingToWrite {
            return nothing.summary
        }
    }

    // MARK: Planning

    struct ImportWork {
        var summary = ImportSummary()
        /// Definitions to write, each replacing the live row `replacing` when there is one.
        var attributes: [(attribute: Attribute, replacing: Int64?, reaggregate: Bool)] = []
        var settings: [(setting: JournalExport.Setting, replacing: Bool)] = []
        var goals: [(goal: JournalExport.GoalChange, replacing: Bool)] = []
        var moods: [(mood: JournalExport.MoodRecord, replacing: Bool)] = []
        var notes: [(note: JournalExport.NoteRecord, tags: [String])] = []
        var values: [JournalExport.ValueRecord] = []
    }

    private struct RecordKey: Hashable {
        let day: Day
        let recordedAt: String
        let text: String
        let value: UInt64
    }

    func plan(_ data: JournalExport, resolution: ImportResolution, localTimes: Bool = false) throws -> ImportWork {
        var work = ImportWork()
        let today = self.today()
        func conflict(_ line: Int, _ text: String) {
            work.summary.conflicts.append(ImportConflict(line: line, description: text))
        }

        // Attributes, in the file's order: a definition that is new, or differs where the
        // journal has no values of it, is written; one that comes before another it follows in
        // the file is written again, so that the journal's order becomes the file's.
        var effective = attributesByName
        var position = Dictionary(uniqueKeysWithValues: attributeOrder.enumerated().map { ($1, $0) })
        var nextPosition = attributeOrder.count
        var lastPosition = -1
        for definition in data.attributes {
            let file = definition.attribute
            guard let existing = attributesByName[file.name] else {
                work.attributes.append((file, nil, false))
                work.summary.attributes += 1
                effective[file.name] = file
                position[file.name] = nextPosition
                lastPosition = nextPosition
                nextPosition += 1
                continue
            }
            let same =
                existing.type == file.type && existing.aggregation == file.aggregation && existing.unit == file.unit
                && existing.group == file.group && (!definition.rangeStated || existing.range == file.range)
            var write = !same
            if !same {
                let values =
                    try database.scalarInt(
                        "SELECT count(*) FROM entry WHERE attribute = ? AND removed_by IS NULL", [.text(existing.name)])
                    ?? 0
                if values > 0 {
                    if existing.type != file.type {
                        throw ImportError(
                            line: definition.line,
                            "\(file.name) is \(existing.type.noun) in the journal, which has \(values) \(values == 1 ? "value" : "values") of it, and \(file.type.noun) in the file; import cannot change its type. Rename it in the file, or import into another journal"
                        )
                    }
                    let ranges = definition.rangeStated && existing.range != file.range
                    conflict(
                        definition.line,
                        "attribute \(file.name): \(describe(existing, range: ranges)) in the journal, \(describe(file, range: ranges)) in the file"
                    )
                    write = resolution == .replace
                }
            }
            var attribute = write ? file : existing
            attribute.builtin = existing.builtin
            // The file's range when it gives one (an export from before ranges does not).
            if !(write && definition.rangeStated) { attribute.range = existing.rangeKept(as: attribute) }
            if write || (position[file.name] ?? 0) < lastPosition {
                work.attributes.append((attribute, existing.id, write && existing.aggregation != file.aggregation))
                if write { work.summary.attributes += 1 }
                effective[file.name] = attribute
                position[file.name] = nextPosition
                nextPosition += 1
            }
            lastPosition = position[file.name] ?? lastPosition
        }

        // Settings (their names and values are checked by the caller).
        for setting in data.settings {
            let current = try self.setting(setting.name)
            if current == setting.value { continue }
            if let current {
                conflict(
                    setting.line,
                    "setting \(setting.name): \(ImportError.shown(current)) in the journal, \(ImportError.shown(setting.value)) in the file"
                )
                if resolution != .replace { continue }
            }
            work.settings.append((setting, current != nil))
            work.summary.settings += 1
        }

        // Goal changes.
        var goals: [String: JournalExport.GoalChange] = [:]
        for goal in try database.rows(
            "SELECT attribute, since, period, min, max, total FROM goal WHERE removed_by IS NULL",
            [],
            { row in
                JournalExport.GoalChange(
                    attribute: row.string(0), since: Day.parseISO(row.string(1)) ?? Day.earliest,
                    period: row.text(2).flatMap(GoalPeriod.init(rawValue:)), min: row.isNull(3) ? nil : row.double(3),
                    max: row.isNull(4) ? nil : row.double(4), total: row.int(5) != 0)
            })
        {
            goals[goal.attribute + " " + goal.since.iso] = goal
        }
        for goal in data.goals {
            guard let attribute = effective[goal.attribute] else {
                throw ImportError(
                    line: goal.line,
                    "a goal for '\(ImportError.shown(goal.attribute))', which neither the file nor the journal tracks")
            }
            let bounds = Journal.boundsProblem(min: goal.min, max: goal.max, type: attribute.type)
            if case .notAValue(let bound, let accepted) = bounds {
                throw ImportError(
                    line: goal.line, "\(attribute.name)'s goal bound \(exportNumber(bound)) is not \(accepted)")
            }
            if goal.total, let misfit = Goals.totalMisfit(attribute) {
                throw ImportError(
                    line: goal.line, "a goal on the total (aggregation sum) does not fit \(attribute.name): \(misfit)")
            }
            if case .reversed(let low, let high) = bounds {
                throw ImportError(
                    line: goal.line,
                    "\(attribute.name)'s goal has min \(exportNumber(low)) above max \(exportNumber(high))")
            }
            if let current = goals[goal.attribute + " " + goal.since.iso] {
                if current.sameGoal(goal) { continue }
                conflict(
                    goal.line,
                    "goal \(goal.attribute) from \(goal.since.iso): \(describe(current, attribute)) in the journal, \(describe(goal, attribute)) in the file"
                )
                if resolution != .replace { continue }
                work.goals.append((goal, true))
            } else {
                work.goals.append((goal, false))
            }
            work.summary.goals += 1
        }

        // The days' records. The journal's records of the file's days are read once.
        let days = data.days
        var writtenDays = Set<Day>()
        var tags = Set<String>()
        guard let firstDay = days.first, let lastDay = days.last else { return work }
        if lastDay > today {
            let line =
                (data.moods.map { ($0.day, $0.line) } + data.notes.map { ($0.day, $0.line) }
                + data.values.map { ($0.day, $0.line) }).first { $0.0 == lastDay }?.1
            throw ImportError(
                line: line,
                "\(lastDay.iso) is after today (\(today.iso)); daybook writes nothing for days to come. Check the computer's date"
            )
        }
        let range: [SQLValue] = [.text(firstDay.iso), .text(lastDay.iso)]

        var moods: [Day: (rating: Int, note: String)] = [:]
        for (day, rating, note) in try database.rows(
            "SELECT day, rating, note FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL", range,
            { ($0.day(0), Int($0.int(1)), $0.string(2)) })
        {
            if let day { moods[day] = (rating, note) }
        }
        for var mood in data.moods {
            // The tags the file brings: those of its note, when it has one.
            let fileNote = mood.note
            var replacing = false
            if let current = moods[mood.day] {
                if current.rating == mood.rating && (current.note == mood.note || mood.note.isEmpty) { continue }
                conflict(
                    mood.line,
                    current.rating == mood.rating
                        ? "\(mood.day.iso): mood \(mood.rating) with another note in the journal"
                        : "\(mood.day.iso): mood \(current.rating) in the journal, \(mood.rating) in the file")
                if resolution != .replace { continue }
                replacing = true
                // A note conflicts only where the file has one: without one, the journal's
                // note (and so its tags) stays with the file's rating.
                if mood.note.isEmpty { mood.note = current.note }
            }
            work.moods.append((mood, replacing))
            writtenDays.insert(mood.day)
            for tag in extractTags(fileNote) { tags.insert(tag) }
        }

        // A note's key holds its time of day (`at`, 0 for none, else minutes + 1). With
        // `localTimes`, its time is the local date and time without the offset.
        func when(_ recordedAt: String) -> String { localTimes ? String(recordedAt.prefix(19)) : recordedAt }
        var held: [RecordKey: Int] = [:]
        for (day, recordedAt, text, at) in try database.rows(
            "SELECT day, recorded_at, text, at FROM note WHERE day BETWEEN ? AND ? AND removed_by IS NULL", range,
            { ($0.day(0), $0.string(1), $0.string(2), $0.isNull(3) ? 0 : UInt64($0.int(3)) + 1) })
        {
            if let day { held[RecordKey(day: day, recordedAt: when(recordedAt), text: text, value: at), default: 0] += 1 }
        }
        work.notes.reserveCapacity(data.notes.count)
        for note in data.notes {
            if !held.isEmpty {
                let key = RecordKey(
                    day: note.day, recordedAt: when(note.recordedAt), text: note.text,
                    value: note.at.map { UInt64($0) + 1 } ?? 0)
                if let count = held[key], count > 0 {
                    held[key] = count - 1
                    continue
                }
            }
            let noteTags = extractTags(note.text)
            work.notes.append((note, noteTags))
            writtenDays.insert(note.day)
            for tag in noteTags { tags.insert(tag) }
        }

        held.removeAll()
        for (day, at, attribute, value) in try database.rows(
            "SELECT day, recorded_at, attribute, value FROM entry WHERE day BETWEEN ? AND ? AND removed_by IS NULL",
            range,
            { ($0.day(0), $0.string(1), $0.string(2), $0.double(3)) })
        {
            if let day {
                held[RecordKey(day: day, recordedAt: at, text: attribute, value: value.bitPattern), default: 0] += 1
            }
        }
        work.values.reserveCapacity(data.values.count)
        for value in data.values {
            guard let attribute = effective[value.attribute] else {
                throw ImportError(
                    line: value.line,
                    "a value of '\(ImportError.shown(value.attribute))', which neither the file nor the journal tracks")
            }
            if let accepted = Journal.rangeProblem(value.value, attribute.type) {
                throw ImportError(
                    line: value.line, "\(attribute.name)'s value \(exportNumber(value.value)) is not \(accepted)")
            }
            if !held.isEmpty {
                let key = RecordKey(
                    day: value.day, recordedAt: value.recordedAt, text: value.attribute, value: value.value.bitPattern)
                if let count = held[key], count > 0 {
                    held[key] = count - 1
                    continue
                }
            }
            work.values.append(value)
            writtenDays.insert(value.day)
            if let range = attribute.range, !range.admits(value.value, type: attribute.type) { work.summary.implausible += 1 }
        }
        work.summary.days = writtenDays.count
        work.summary.entries = work.notes.count + work.values.count
        work.summary.tags = tags.count
        return work
    }

    /// What is wrong with the bounds of a range read from a file (a goal's, or a plausible
    /// range), checked in this order.
    enum BoundsProblem {
        /// A bound that is no value of the type: what a value of it is.
        case notAValue(Double, accepted: String)
        /// The low bound above the high one, which only a time of day's window across
        /// midnight may be.
        case reversed(Double, Double)
    }

    static func boundsProblem(min: Double?, max: Double?, type: ValueType) -> BoundsProblem? {
        for bound in [min, max].compactMap({ $0 }) {
            if let accepted = rangeProblem(bound, type) { return .notAValue(bound, accepted: accepted) }
        }
        if let min, let max, min > max, type != .time { return .reversed(min, max) }
        return nil
    }

    /// What a value of `type` must be, when `value` is not that; nil when it fits. The same
    /// bounds as typing the value.
    static func rangeProblem(_ value: Double, _ type: ValueType) -> String? {
        switch type {
        case .count:
            return value >= 0 && value == value.rounded() && value <= largestValue
                ? nil : "a count (a whole number from 0 to 1,000,000,000,000)"
        case .decimal: return abs(value) <= largestValue ? nil : "a number up to 1,000,000,000,000"
        case .percentage: return (0...100).contains(value) ? nil : "a percentage from 0 to 100"
        case .duration: return (0...1440).contains(value) ? nil : "a duration from 0 to 1440 minutes"
        case .time: return value >= 0 && value < 1440 ? nil : "a time of day (0 to 1439 minutes after midnight)"
        case .yesno: return value == 0 || value == 1 ? nil : "yes or no (1 or 0)"
        }
    }

    /// An attribute's definition for a conflict's line; its plausible range with `range`.
    private func describe(_ attribute: Attribute, range: Bool = false) -> String {
        "\(attribute.type.rawValue), \(attribute.aggregation.rawValue)"
            + (attribute.unit.isEmpty ? "" : ", in \(attribute.unit)") + ", group \(attribute.group)"
            + (range ? ", plausible range " + (attribute.range.map { $0.format(attribute) } ?? "none") : "")
    }

    private func describe(_ goal: JournalExport.GoalChange, _ attribute: Attribute) -> String {
        guard let period = goal.period else { return "off" }
        return GoalRange(min: goal.min, max: goal.max).format(attribute) + " " + period.rawValue
            + (goal.total ? " total" : "")
    }

    // MARK: Writing

    /// Writes what `plan` found, as part of change `id`.
    func apply(_ work: ImportWork, change id: Int64) throws {
        let change = SQLValue.integer(id)
        for (attribute, replacing, reaggregate) in work.attributes {
            if let replacing {
                try database.run("UPDATE attribute SET removed_by = ? WHERE id = ?", [change, .integer(replacing)])
            }
            try insertAttribute(attribute, range: attribute.range, builtin: attribute.builtin, addedBy: id)
            if reaggregate { try markAllDirty(attribute: attribute.name) }
        }
        if !work.attributes.isEmpty { try loadAttributes() }
        for (setting, replacing) in work.settings {
            if replacing {
                try database.run(
                    "UPDATE setting SET removed_by = ? WHERE name = ? AND removed_by IS NULL",
                    [change, .text(setting.name)])
            }
            try insertSetting(name: setting.name, value: setting.value, addedBy: id)
        }
        for (goal, replacing) in work.goals {
            if replacing {
                try database.run(
                    "UPDATE goal SET removed_by = ? WHERE attribute = ? AND since = ? AND removed_by IS NULL",
                    [change, .text(goal.attribute), .text(goal.since.iso)])
            }
            try insertGoal(
                attribute: goal.attribute, since: goal.since, period: goal.period, min: goal.min, max: goal.max,
                total: goal.total, addedBy: id)
        }
        for (mood, replacing) in work.moods {
            if replacing {
                try database.run(
                    "UPDATE mood SET removed_by = ? WHERE day = ? AND removed_by IS NULL",
                    [change, .text(mood.day.iso)])
                try database.run(
                    "UPDATE tag SET removed_by = ? WHERE day = ? AND mood_id IS NOT NULL AND removed_by IS NULL",
                    [change, .text(mood.day.iso)])
            }
            try writeMood(day: mood.day, rating: mood.rating, note: mood.note, recordedAt: mood.recordedAt, change: id)
        }
        // A note keeps its id when no row has it as its id or its note's id; the others get a
        // new one after those that keep theirs, so that a new id never takes one the file
        // still has to give.
        var fresh: [(note: JournalExport.NoteRecord, tags: [String])] = []
        for (note, tags) in work.notes {
            guard let wanted = note.id,
                try database.scalarInt(
                    "SELECT 1 FROM note WHERE id = ? OR nid = ? LIMIT 1", [.integer(wanted), .integer(wanted)]) == nil
            else {
                fresh.append((note, tags))
                continue
            }
            try writeNote(
                id: wanted, day: note.day, text: note.text, at: note.at, tags: tags, recordedAt: note.recordedAt,
                change: id)
        }
        for (note, tags) in fresh {
            try writeNote(
                id: nil, day: note.day, text: note.text, at: note.at, tags: tags, recordedAt: note.recordedAt,
                change: id)
        }
        for value in work.values {
            try insertEntry(
                attribute: value.attribute, day: value.day, value: value.value, recordedAt: value.recordedAt,
                source: value.source, file: value.file, addedBy: id)
        }
    }

    /// A mood with its recorded time, and its tags, inside change `id`. The day must hold no
    /// live mood.
    func writeMood(day: Day, rating: Int, note: String, recordedAt: String, change id: Int64) throws {
        let moodID = try insertMood(day: day, rating: rating, note: note, recordedAt: recordedAt, addedBy: id)
        try insertTags(extractTags(note), day: day, noteID: nil, moodID: moodID, addedBy: id)
    }

    /// A note with its recorded time, its time of day `at`, and its tags, inside change `id`.
    /// Given `noteID` (which the caller has found free, as a row's id and as a note's id), the
    /// note's row and its id are that number. Returns the row's id.
    @discardableResult
    func writeNote(
        id noteID: Int64?, day: Day, text: String, at: Int? = nil, tags: [String], recordedAt: String,
        change id: Int64
    ) throws -> Int64 {
        let written = try insertNote(
            row: noteID, nid: noteID, day: day, text: text, at: at, recordedAt: recordedAt, addedBy: id)
        try insertTags(tags, day: day, noteID: written, moodID: nil, addedBy: id)
        return written
    }
}
