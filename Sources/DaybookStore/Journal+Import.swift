import DaybookCore

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
    /// The change records what it wrote (`ChangeDescription.dataImport`: `file`, the name the
    /// views give the file, and the counts). When there is nothing to write, no change
    /// is recorded. With `localTimes` (a file of local wall-clock times, Daylio's or jrnl's,
    /// stamped with the offset the computer's time zone gives), a note is matched by its day,
    /// its local time of day and its text, whatever the offset: the same file imported again
    /// after the time zone changed writes nothing.
    @discardableResult
    public func importData(
        _ data: JournalExport, file: String, resolution: ImportResolution, localTimes: Bool = false
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
                try recordFacts(.dataImport(file: file, work.summary), change: id)
                return work.summary
            }
        } catch let nothing as NothingToWrite {
            return nothing.summary
        }
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
