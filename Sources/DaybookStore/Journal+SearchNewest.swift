import DaybookCore
// A search with a limit: the newest hits, without joining and sorting every match.
extension Journal {
    /// One row a search finds, as its queries select it: key (a note's row id, or minus a
    /// mood's), nid, day, time, rating, the text with its matches marked, and the text.
    struct SearchRow {
        let key: Int64
        let nid: Int64
        let day: String
        let at: String
        let rating: Int64
        var marked: String
        let text: String

        init(_ row: Statement) {
            key = row.int(0)
            nid = row.int(1)
            day = row.string(2)
            at = row.string(3)
            rating = row.int(4)
            marked = row.string(5)
            text = row.string(6)
        }

        /// The order hits are listed in: newest day, then latest time, then newest id.
        static func newer(_ a: SearchRow, _ b: SearchRow) -> Bool {
            (a.day, a.at, a.nid, a.key) > (b.day, b.at, b.nid, b.key)
        }
    }

    /// Up to this many matches are joined to their rows and sorted; more are not, and the rows
    /// are walked newest first instead, where so many matches are soon met.
    static let fewMatches = 5_000

    /// The newest `count` rows of `query`, newest first. Matches of the words are read from
    /// the search index as a set of keys, and matches of a tag are counted up to `fewMatches`.
    /// Few matches are read whole and sorted. Otherwise the notes and the mood notes are
    /// walked by their index of days, newest first, each checked against the set and the
    /// tags, until `count` are found: on a million notes a common word costs milliseconds.
    func newestRows(_ query: SearchQuery, count: Int) throws -> [SearchRow] {
        let range: [SQLValue] = [.text(query.from?.iso ?? "0000-01-01"), .text(query.through?.iso ?? "9999-12-31")]
        var keys: Set<Int64>? = nil
        if !query.words.isEmpty {
            let fts = SQLValue.text(SearchQuery.ftsQuery(query.words))
            let found = try database.rows("SELECT rowid FROM search_index WHERE search_index MATCH ?", [fts]) { $0.int(0) }
            if found.count <= Journal.fewMatches {
                var rows = Array(try allRows(query, marked: false).prefix(count))
                try mark(&rows, query.words)
                return rows
            }
            keys = Set(found)
        } else if let first = query.tags.first {
            let uses = try database.scalarInt(
                "SELECT count(*) FROM (SELECT 1 FROM tag WHERE name = ? AND removed_by IS NULL LIMIT ?)",
                [.text(first), .integer(Int64(Journal.fewMatches + 1))]) ?? 0
            if uses <= Journal.fewMatches { return Array(try taggedRows(query).sorted(by: SearchRow.newer).prefix(count)) }
        }
        var values = range
        let (noteTags, moodTags) = Journal.tagConditions(query.tags, binding: &values)
        var found = try walk(
            count, keys,
            """
            SELECT id, nid, day, recorded_at, 0, text, text FROM note AS n
            WHERE removed_by IS NULL AND day BETWEEN ?1 AND ?2\(noteTags)
            ORDER BY day DESC, recorded_at DESC, nid DESC, id DESC
            """, values)
        found += try walk(
            count, keys,
            """
            SELECT -id, 0, day, recorded_at, rating, note, note FROM mood AS m
            WHERE removed_by IS NULL AND note <> '' AND day BETWEEN ?1 AND ?2\(moodTags)
            ORDER BY day DESC
            """, values)
        found.sort(by: SearchRow.newer)
        found = Array(found.prefix(count))
        try mark(&found, query.words)
        return found
    }

    /// The first `count` rows of `sql` (ordered newest first) whose key is in `keys` (any
    /// key when nil).
    private func walk(_ count: Int, _ keys: Set<Int64>?, _ sql: String, _ values: [SQLValue]) throws -> [SearchRow] {
        let statement = try database.cached(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var found: [SearchRow] = []
        while found.count < count, try statement.step() {
            if let keys, !keys.contains(statement.int(0)) { continue }
            found.append(SearchRow(statement))
        }
        return found
    }

    /// The conditions that a note (`n`) and a mood (`m`) carry each of `tags`, each tag bound
    /// as the next parameter after `values`.
    private static func tagConditions(_ tags: [String], binding values: inout [SQLValue]) -> (notes: String, moods: String) {
        var notes = ""
        var moods = ""
        for tag in tags {
            values.append(.text(tag))
            notes += " AND EXISTS (SELECT 1 FROM tag WHERE note_id = n.id AND name = ?\(values.count) AND removed_by IS NULL)"
            moods +=
                " AND EXISTS (SELECT 1 FROM tag WHERE day = m.day AND mood_id = m.id AND name = ?\(values.count) AND removed_by IS NULL)"
        }
        return (notes, moods)
    }

    /// Every row that carries the first of `query`'s tags and all the others, through the
    /// index of tag names: for a tag used on few rows.
    private func taggedRows(_ query: SearchQuery) throws -> [SearchRow] {
        var values: [SQLValue] = [.text(query.from?.iso ?? "0000-01-01"), .text(query.through?.iso ?? "9999-12-31")]
        let (noteTags, moodTags) = Journal.tagConditions(query.tags, binding: &values)
        return try database.rows(
            """
            SELECT DISTINCT CASE WHEN t.note_id IS NOT NULL THEN n.id ELSE -m.id END, coalesce(n.nid, 0), coalesce(n.day, m.day),
                coalesce(n.recorded_at, m.recorded_at), coalesce(m.rating, 0), coalesce(n.text, m.note), coalesce(n.text, m.note)
            FROM tag AS t
            LEFT JOIN note AS n ON t.note_id IS NOT NULL AND n.id = t.note_id AND n.removed_by IS NULL\(noteTags)
            LEFT JOIN mood AS m ON t.mood_id IS NOT NULL AND m.id = t.mood_id AND m.removed_by IS NULL
                AND m.note <> ''\(moodTags)
            WHERE t.name = ?3 AND t.removed_by IS NULL AND coalesce(n.day, m.day) BETWEEN ?1 AND ?2
            """, values
        ) { SearchRow($0) }
    }
}
