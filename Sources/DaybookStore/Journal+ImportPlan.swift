import DaybookCore
// Import's planning: what a `JournalExport` would write into the journal, step by step (its
// attributes, settings, goal changes, then the days' moods, notes and values), and what it
// conflicts with. `Journal+Import` writes what the plan found.
extension Journal {
    struct ImportWork {
        var summary = ImportSummary()
        /// Definitions to write, each replacing the live row `replacing` when there is one.
        var attributes: [(attribute: Attribute, replacing: Int64?, reaggregate: Bool)] = []
        var settings: [(setting: JournalExport.Setting, replacing: Bool)] = []
        var goals: [(goal: JournalExport.GoalChange, replacing: Bool)] = []
        var moods: [(mood: JournalExport.MoodRecord, replacing: Bool)] = []
        var notes: [(note: JournalExport.NoteRecord, tags: [String])] = []
        var values: [JournalExport.ValueRecord] = []
        /// The days that get a record, and the distinct tags written, while planning.
        var writtenDays = Set<Day>()
        var tags = Set<String>()

        mutating func conflict(_ line: Int, _ text: String) {
            summary.conflicts.append(ImportConflict(line: line, description: text))
        }
    }

    private struct RecordKey: Hashable {
        let day: Day
        let recordedAt: String
        let text: String
        let value: UInt64
    }

    func plan(_ data: JournalExport, resolution: ImportResolution, localTimes: Bool = false) throws -> ImportWork {
        var work = ImportWork()
        let attributes = try planAttributes(data, resolution: resolution, into: &work)
        try planSettings(data, resolution: resolution, into: &work)
        try planGoals(data, resolution: resolution, attributes: attributes, into: &work)
        // The days' records. The journal's records of the file's days are read once.
        if let range = try importedDays(data) {
            try planMoods(data, resolution: resolution, range: range, into: &work)
            try planNotes(data, localTimes: localTimes, range: range, into: &work)
            try planValues(data, attributes: attributes, range: range, into: &work)
        }
        work.summary.days = work.writtenDays.count
        work.summary.entries = work.notes.count + work.values.count
        work.summary.tags = work.tags.count
        return work
    }

    /// The attributes' definitions to write; returns the attributes as they will be, by name.
    private func planAttributes(
        _ data: JournalExport, resolution: ImportResolution, into work: inout ImportWork
    ) throws -> [String: Attribute] {
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
                    work.conflict(
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
        return effective
    }

    private func planSettings(_ data: JournalExport, resolution: ImportResolution, into work: inout ImportWork) throws {
        // Settings (their names and values are checked by the caller).
        for setting in data.settings {
            let current = try self.setting(setting.name)
            if current == setting.value { continue }
            if let current {
                work.conflict(
                    setting.line,
                    "setting \(setting.name): \(ImportError.shown(current)) in the journal, \(ImportError.shown(setting.value)) in the file"
                )
                if resolution != .replace { continue }
            }
            work.settings.append((setting, current != nil))
            work.summary.settings += 1
        }
    }

    private func planGoals(
        _ data: JournalExport, resolution: ImportResolution, attributes effective: [String: Attribute],
        into work: inout ImportWork
    ) throws {
        // Goal changes.
        var goals: [String: JournalExport.GoalChange] = [:]
        for goal in try database.rows(
            "SELECT attribute, since, period, min, max, total FROM goal WHERE removed_by IS NULL",
            [],
            { row in
                JournalExport.GoalChange(
                    attribute: row.string(0), since: Day.parseISO(row.string(1)) ?? Day.earliest,
                    period: row.text(2).flatMap(GoalPeriod.init(rawValue:)), min: row.storedValue(3),
                    max: row.storedValue(4), total: row.int(5) != 0)
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
            let bounds = ImportBounds.problem(min: goal.min, max: goal.max, type: attribute.type)
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
                work.conflict(
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
    }

    /// The first and last of the file's days, bound for a read of the journal's records
    /// between them; nil when the file has no records. Refuses a day after today.
    private func importedDays(_ data: JournalExport) throws -> [SQLValue]? {
        let today = self.today()
        let days = data.days
        guard let firstDay = days.first, let lastDay = days.last else { return nil }
        if lastDay > today {
            let line =
                (data.moods.map { ($0.day, $0.line) } + data.notes.map { ($0.day, $0.line) }
                + data.values.map { ($0.day, $0.line) }).first { $0.0 == lastDay }?.1
            throw ImportError(
                line: line,
                "\(lastDay.iso) is after today (\(today.iso)); daybook writes nothing for days to come. Check the computer's date"
            )
        }
        return [.text(firstDay.iso), .text(lastDay.iso)]
    }

    private func planMoods(
        _ data: JournalExport, resolution: ImportResolution, range: [SQLValue], into work: inout ImportWork
    ) throws {
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
                work.conflict(
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
            work.writtenDays.insert(mood.day)
            for tag in extractTags(fileNote) { work.tags.insert(tag) }
        }
    }

    private func planNotes(
        _ data: JournalExport, localTimes: Bool, range: [SQLValue], into work: inout ImportWork
    ) throws {
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
            work.writtenDays.insert(note.day)
            for tag in noteTags { work.tags.insert(tag) }
        }
    }

    private func planValues(
        _ data: JournalExport, attributes effective: [String: Attribute], range: [SQLValue], into work: inout ImportWork
    ) throws {
        var held: [RecordKey: Int] = [:]
        for (day, at, attribute, value) in try database.rows(
            "SELECT day, recorded_at, attribute, value FROM entry WHERE day BETWEEN ? AND ? AND removed_by IS NULL",
            range,
            { ($0.day(0), $0.string(1), $0.string(2), $0.storedValue(3)) })
        {
            // A damaged value (`storedValue`) matches no value of a file.
            if let day, let value {
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
            if let accepted = ImportBounds.rangeProblem(value.value, attribute.type) {
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
            work.writtenDays.insert(value.day)
            if let range = attribute.range, !range.admits(value.value, type: attribute.type) { work.summary.implausible += 1 }
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
}
