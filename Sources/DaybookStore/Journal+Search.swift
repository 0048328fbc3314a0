import DaybookCore
// Finding: text search over notes and mood notes, and tags with their use.
extension Journal {
    /// The marks `SearchMarker` puts around each matched run of words (those of SQLite's `highlight()`).
    private static let openMark: Unicode.Scalar = "\u{01}"
    private static let closeMark: Unicode.Scalar = "\u{02}"

    /// Notes and mood notes that match `query`, newest first. With words, through the FTS5
    /// index (`search_index`); without, straight from the notes by day. `more` is true when
    /// `limit` left older hits out. With a limit, only the newest matches are read
    /// (`newestRows`), so that a few hits cost milliseconds on a million notes. At most
    /// `SearchQuery.mostTags` tags.
    public func search(_ query: SearchQuery) throws -> (hits: [SearchHit], more: Bool) {
        guard query.tags.count <= SearchQuery.mostTags else {
            throw JournalError(
                "a search takes at most \(SearchQuery.mostTags) #tags, which a note must all carry; this one has \(query.tags.count)")
        }
        let rows = try query.limit.map { try newestRows(query, count: $0 + 1) } ?? allRows(query)
        let dayStart = dayStartMinutes
        var hits = rows.compactMap { row -> SearchHit? in
            guard let day = Day.parseISO(row.day) else { return nil }
            let kind: SearchHit.Kind = row.key > 0 ? .note(NoteID(row.nid)) : .mood(rating: Int(row.rating))
            let pieces =
                query.words.isEmpty
                ? nil
                : SearchHit.pieces(row.marked, text: row.text, open: Journal.openMark, close: Journal.closeMark)
            // Written on another day (`--on`): its time is that day's, not this one's.
            let written = DayRecord.Note(recordedAt: row.at, text: "", at: nil, of: day, dayStart: dayStart).writtenOn
            return SearchHit(
                kind: kind, day: day, recordedAt: row.at, text: row.text, pieces: pieces, writtenOnItsDay: written == nil)
        }
        var more = false
        if let limit = query.limit, hits.count > limit {
            hits.removeLast(hits.count - limit)
            more = true
        }
        return (hits, more)
    }

    /// True when the search index holds nothing while there are notes or mood notes to find:
    /// an index emptied outside daybook, through which no word finds anything until
    /// `rebuildSearchIndex` fills it again.
    public func searchIndexIsEmptied() throws -> Bool {
        try database.scalarInt(
            """
            SELECT NOT EXISTS (SELECT 1 FROM search_index)
                AND (EXISTS (SELECT 1 FROM note WHERE removed_by IS NULL)
                    OR EXISTS (SELECT 1 FROM mood WHERE removed_by IS NULL AND note <> ''))
            """) == 1
    }

    /// Indexes the text of every live note and mood note afresh, in one transaction of its
    /// own (not in a batch). The index is derived from the rows, so this is no change to undo.
    public func rebuildSearchIndex() throws {
        try requireWritable()
        guard !batchOpen else { throw JournalError("the search index cannot be rebuilt inside a batch of commands") }
        try requireInPlace()
        try beginWrite()
        do {
            try database.execute("DELETE FROM search_index;\n" + Schema.searchIndexFill)
            try database.executeRetryingBusy("COMMIT") { database.inTransaction }
        } catch {
            database.settleInterrupt()
            if database.inTransaction { try? database.execute("ROLLBACK") }
            throw error
        }
    }

    /// Every row `query` matches, newest first; with `marked`, its words marked in each.
    func allRows(_ query: SearchQuery, marked: Bool = true) throws -> [SearchRow] {
        let from = query.from?.iso ?? "0000-01-01"
        let through = query.through?.iso ?? "9999-12-31"
        var values: [SQLValue] = [.text(from), .text(through)]
        // Each tag narrows the hits to the rows that carry it: one set, read once through tag_name.
        var tagFilter = ""
        for tag in query.tags {
            values.append(.text(tag))
            let n = values.count
            tagFilter += """
                 AND key IN (SELECT note_id FROM tag WHERE name = ?\(n) AND removed_by IS NULL AND note_id IS NOT NULL
                    UNION ALL SELECT -mood_id FROM tag WHERE name = ?\(n) AND removed_by IS NULL AND mood_id IS NOT NULL)
                """
        }
        let sql: String
        if query.words.isEmpty {
            sql = """
                SELECT key, nid, day, at, rating, text, text FROM (
                    SELECT id AS key, nid, day, recorded_at AS at, 0 AS rating, text FROM note
                        WHERE removed_by IS NULL AND day BETWEEN ?1 AND ?2
                    UNION ALL
                    SELECT -id, 0, day, recorded_at, rating, note FROM mood
                        WHERE removed_by IS NULL AND note <> '' AND day BETWEEN ?1 AND ?2
                ) WHERE 1\(tagFilter)
                ORDER BY day DESC, at DESC, nid DESC, key DESC
                """
        } else {
            values.append(.text(SearchQuery.ftsQuery(query.words)))
            let matchIndex = values.count
            // The text from the note or mood row, never the index's copy (SearchMarker says why).
            sql = """
                SELECT key, nid, day, at, rating, text, text FROM (
                    SELECT f.rowid AS key, coalesce(n.nid, 0) AS nid, coalesce(n.day, m.day) AS day,
                        coalesce(n.recorded_at, m.recorded_at) AS at, coalesce(m.rating, 0) AS rating,
                        coalesce(n.text, m.note) AS text
                    FROM search_index AS f
                    LEFT JOIN note AS n ON f.rowid > 0 AND n.id = f.rowid AND n.removed_by IS NULL
                    LEFT JOIN mood AS m ON f.rowid < 0 AND m.id = -f.rowid AND m.removed_by IS NULL
                    WHERE search_index MATCH ?\(matchIndex)
                ) WHERE day BETWEEN ?1 AND ?2\(tagFilter)
                ORDER BY day DESC, at DESC, nid DESC, key DESC
                """
        }
        var rows = try database.rows(sql, values, { SearchRow($0) })
        if marked { try mark(&rows, query.words) }
        return rows
    }

    /// The words of a search marked in each row's text, as `highlight()` marks them.
    func mark(_ rows: inout [SearchRow], _ words: [String]) throws {
        guard !words.isEmpty, !rows.isEmpty else { return }
        let marker = try SearchMarker(database, words: words)
        for index in rows.indices { rows[index].marked = marker.mark(rows[index].text) }
    }

    /// Every tag used from `first` to `last` (the whole journal when nil), with the number of
    /// notes and moods that carry it and the last day it was used; most used first. One query,
    /// over the covering index of live tags (tag_live).
    public func tagUses(from first: Day? = nil, through last: Day? = nil) throws -> [TagUse] {
        try database.rows(
            """
            SELECT name, count(*), max(day) FROM tag
                WHERE removed_by IS NULL AND day BETWEEN ?1 AND ?2
                GROUP BY name ORDER BY count(*) DESC, name
            """,
            [.text(first?.iso ?? "0000-01-01"), .text(last?.iso ?? "9999-12-31")]
        ) { row -> TagUse? in
            guard let day = Day.parseISO(row.string(2)) else { return nil }
            return TagUse(name: row.string(0), count: Int(row.int(1)), last: day)
        }.compactMap { $0 }
    }
}
