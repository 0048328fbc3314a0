import DaybookCore

// Fixing: editing and deleting notes, moods and values. Each is a change like any other: the
// old rows stay in the change log (removed_by), `undo` brings them back, and tags, derived
// values and the search index follow in the same transaction.
extension Journal {
    /// Every version of the note `id`, oldest first; empty when there is no such note.
    func noteVersions(_ id: NoteID) throws -> [NoteVersion] {
        try database.rows(
            "SELECT id, day, recorded_at, text, added_by, removed_by FROM note WHERE nid = ? ORDER BY id",
            [.integer(id.number)]
        ) { row -> NoteVersion? in
            guard let day = Day.parseISO(row.string(1)) else { return nil }
            return NoteVersion(
                id: id, row: row.int(0), day: day, recordedAt: row.string(2), text: row.string(3),
                addedBy: row.int(4), removedBy: row.isNull(5) ? nil : row.int(5))
        }.compactMap { $0 }
    }

    /// The note's current version; nil when there is no such note or it was deleted.
    public func note(_ id: NoteID) throws -> NoteVersion? {
        try noteVersions(id).last { $0.isLive }
    }

    /// Why the note `id` cannot be changed: it never existed, or it was deleted. Nil when it can.
    public func whyNotLive(_ id: NoteID) throws -> NoteAbsence? {
        let versions = try noteVersions(id)
        if versions.isEmpty { return .neverWritten }
        if !versions.contains(where: \.isLive) { return .deleted }
        return nil
    }

    /// The error for a note that is not live.
    func noNote(_ id: NoteID) throws -> JournalError {
        let absence = try whyNotLive(id) ?? .neverWritten
        return JournalError(
            absence == .deleted ? "note \(id) was deleted" : "there is no note \(id)", reason: .noNote(id, absence))
    }

    /// The live version of `id`, read again inside a change: another session may have changed
    /// the note since it was looked at.
    private func liveVersion(_ id: NoteID, expected: Int64) throws -> NoteVersion {
        guard let live = try note(id), live.row == expected else {
            throw JournalError("note \(id) was changed in another session meanwhile; nothing was written")
        }
        return live
    }

    /// Replaces a note's text. The note keeps its id, its day and its time; the old text stays
    /// in the change log, and its tags are replaced by those of the new text, which must have
    /// some (`requireText`). With `expected` (the row of the version the new text was written
    /// from), a note changed or deleted since is left as it is, and the error says so.
    @discardableResult
    public func editNote(_ id: NoteID, text: String, expected: Int64? = nil) throws -> NoteVersion {
        try Journal.requireText(text)
        guard let current = try note(id) else { throw try noNote(id) }
        return try change("edit", "edit \(id) on \(current.day.iso)", facts: .note("edit", id, current.day)) { change in
            let old = try liveVersion(id, expected: expected ?? current.row)
            try database.run("UPDATE note SET removed_by = ? WHERE id = ?", [.integer(change), .integer(old.row)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE note_id = ? AND removed_by IS NULL",
                [.integer(change), .integer(old.row)])
            let at = try database.first("SELECT at FROM note WHERE id = ?", [.integer(old.row)]) {
                $0.isNull(0) ? nil : Int($0.int(0))
            } ?? nil
            let row = try insertNote(
                nid: old.id.number, day: old.day, text: text, at: at, recordedAt: old.recordedAt, addedBy: change)
            try insertTags(extractTags(text), day: old.day, noteID: row, moodID: nil, addedBy: change)
            return NoteVersion(
                id: id, row: row, day: old.day, recordedAt: old.recordedAt, text: text, addedBy: change, removedBy: nil)
        }
    }

    /// Deletes a note: it and its tags are removed by the change, and stay in the change log.
    public func deleteNote(_ id: NoteID) throws {
        guard let current = try note(id) else { throw try noNote(id) }
        try change("delete", "delete \(id) on \(current.day.iso)", facts: .note("delete", id, current.day)) { change in
            let old = try liveVersion(id, expected: current.row)
            try database.run("UPDATE note SET removed_by = ? WHERE id = ?", [.integer(change), .integer(old.row)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE note_id = ? AND removed_by IS NULL",
                [.integer(change), .integer(old.row)])
        }
    }

    /// The day's mood, with its row and the time it was recorded; nil when it has none.
    public func moodRow(on day: Day) throws -> (row: Int64, rating: Int, note: String, recordedAt: String)? {
        try database.first(
            "SELECT id, rating, note, recorded_at FROM mood WHERE day = ? AND removed_by IS NULL", [.text(day.iso)]
        ) { ($0.int(0), Int($0.int(1)), $0.string(2), $0.string(3)) }
    }

    /// Changes the day's mood, keeping the time it was recorded. Its tags follow the new note.
    /// With `expected` (the row of the mood the change was written from), a mood changed or
    /// deleted since is left as it is, and the error says so.
    public func editMood(day: Day, rating: Int, note: String, expected: Int64? = nil) throws {
        guard let current = try moodRow(on: day) else {
            throw JournalError("there is no mood on \(day.iso) to edit", reason: .noMoodToEdit(day))
        }
        try change("edit", "edit mood for \(day.iso): \(rating) (\(Mood.label(rating)))", facts: .mood("edit", day, rating: rating)) {
            change in
            guard let old = try moodRow(on: day), old.row == expected ?? current.row else {
                throw JournalError("the mood of \(day.iso) was changed in another session meanwhile; nothing was written")
            }
            try database.run("UPDATE mood SET removed_by = ? WHERE id = ?", [.integer(change), .integer(old.row)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE mood_id = ? AND day = ? AND removed_by IS NULL",
                [.integer(change), .integer(old.row), .text(day.iso)])
            let moodID = try insertMood(
                day: day, rating: rating, note: note, recordedAt: old.recordedAt, addedBy: change)
            try insertTags(extractTags(note), day: day, noteID: nil, moodID: moodID, addedBy: change)
        }
    }

    /// Deletes the day's mood and its tags.
    public func deleteMood(day: Day) throws {
        guard try moodRow(on: day) != nil else {
            throw JournalError("there is no mood on \(day.iso) to delete")
        }
        try change("delete", "delete mood for \(day.iso)", facts: .mood("delete", day)) { change in
            guard let old = try moodRow(on: day) else {
                throw JournalError("the mood of \(day.iso) was deleted in another session meanwhile; nothing was written")
            }
            try database.run("UPDATE mood SET removed_by = ? WHERE id = ?", [.integer(change), .integer(old.row)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE mood_id = ? AND day = ? AND removed_by IS NULL",
                [.integer(change), .integer(old.row), .text(day.iso)])
        }
    }

    /// The day's entries of one attribute: how many, and the day's value they make.
    public func values(of attribute: Attribute, on day: Day) throws -> DeletedValues {
        try flushDerived()
        let entries = try database.scalarInt(
            "SELECT count(*) FROM entry WHERE attribute = ? AND day = ? AND removed_by IS NULL",
            [.text(attribute.name), .text(day.iso)]) ?? 0
        let value = try database.first(
            "SELECT value FROM day_value WHERE attribute = ? AND day = ?", [.text(attribute.name), .text(day.iso)]
        ) { $0.storedValue(0) }
        return DeletedValues(entries: Int(entries), value: value ?? nil, damaged: value.map { $0 == nil } ?? false)
    }

    /// Deletes every value of `attribute` logged for the day; the day's derived value goes with
    /// them in the same transaction.
    @discardableResult
    public func deleteValues(of attribute: Attribute, on day: Day) throws -> DeletedValues {
        let before = try values(of: attribute, on: day)
        guard before.entries > 0 else {
            throw JournalError("there are no \(attribute.name) values on \(day.iso) to delete")
        }
        let count = before.entries == 1 ? "1 value" : "\(before.entries) values"
        try change(
            "delete", "delete \(attribute.name) for \(day.iso) (\(count))",
            facts: .deleteValues(attribute.name, day, count: before.entries)
        ) { change in
            let removed = try database.run(
                "UPDATE entry SET removed_by = ? WHERE attribute = ? AND day = ? AND removed_by IS NULL",
                [.integer(change), .text(attribute.name), .text(day.iso)])
            guard removed > 0 else {
                throw JournalError(
                    "the \(attribute.name) values of \(day.iso) were deleted in another session meanwhile; nothing was written")
            }
            dirtyValues.insert(DirtyKey(attribute: attribute.name, day: day.iso))
        }
        return before
    }

    /// The note's revisions, from the change log; nil when there is no such note.
    public func noteHistory(_ id: NoteID) throws -> NoteHistory? {
        let versions = try noteVersions(id)
        guard let first = versions.first else { return nil }
        var changes = Set(versions.flatMap { [$0.addedBy] + ($0.removedBy.map { [$0] } ?? []) })
        // A deletion that was undone left no mark on the rows (undo cleared their removed_by):
        // it is found by its facts, which name the note (by its text before they were kept),
        // and its undo by `undoes`.
        for deletion in try database.rows(
            "SELECT id, undone_by FROM change WHERE command = 'delete' AND (facts = ? OR (facts IS NULL AND summary = ?))",
            [.text(ChangeDescription.note("delete", id, first.day).stored), .text("delete \(id) on \(first.day.iso)")],
            { ($0.int(0), $0.isNull(1) ? nil : $0.int(1)) })
        {
            changes.insert(deletion.0)
            if let undo = deletion.1 { changes.insert(undo) }
        }
        let changeIDs = changes.sorted()
        var events: [NoteHistory.Event] = []
        for change in changeIDs {
            guard
                let (at, command, summary, undoes) = try database.first(
                    "SELECT recorded_at, command, summary, undoes FROM change WHERE id = ?", [.integer(change)],
                    { ($0.string(0), $0.string(1), $0.string(2), $0.isNull(3) ? nil : $0.int(3)) })
            else { continue }
            if let added = versions.last(where: { $0.addedBy == change }) {
                let what: NoteHistory.Event.What =
                    switch command {
                    case "note": .written
                    case "edit": .edited
                    default: .other(command)
                    }
                events.append(.init(at: at, what: what, text: added.text))
            } else {
                let what: NoteHistory.Event.What
                switch command {
                case "delete": what = .deleted
                case "undo":
                    let target = try undoes.flatMap {
                        try database.first("SELECT summary, facts FROM change WHERE id = ?", [.integer($0)]) {
                            LoggedChange(facts: $0.isNull(1) ? nil : $0.string(1), text: $0.string(0))
                        }
                    }
                    what = .undone(target ?? LoggedChange(description: nil, text: String(summary.dropFirst("undo ".count))))
                default: what = .other(command)
                }
                events.append(.init(at: at, what: what, text: nil))
            }
        }
        return NoteHistory(
            id: id, day: first.day, recordedAt: first.recordedAt, events: events,
            current: versions.last { $0.isLive }?.text)
    }
}
