import CSQLite
import DaybookStore

// The only ways to SQLite from outside the store, each for one named purpose: the benchmark's
// floor for a lookup (`BaselineQuery`), and the fuzz target's search index (`SearchIndexProbe`).
// Neither writes a journal. They are a target of their own, which the benchmark, the fuzzing
// target and the tests depend on and the daybook binary does not: nothing of them ships. They
// reach the store's connection (`Database`, `package`).

/// A query on a journal's connection, prepared once and run through the SQLite C API alone:
/// no wrapper, no `String` decoding. It is the floor `make bench` measures daybook's own
/// lookups against, so it does nothing but bind, step and count.
package final class BaselineQuery {
    private let statement: OpaquePointer
    /// Kept so that the connection outlives the statement.
    private let journal: Journal

    /// Prepares `sql`, which takes one text parameter, on `journal`'s connection.
    package init(_ journal: Journal, _ sql: String) throws {
        var statement: OpaquePointer?
        let db = journal.database.handle
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(db)), operation: "prepare")
        }
        self.statement = statement
        self.journal = journal
    }

    deinit { sqlite3_finalize(statement) }

    /// The floor of a tag's TAB: the tags that match a `LIKE` pattern, most used first, as
    /// `Journal.tags(prefix:)` lists them.
    package static func tags(_ journal: Journal) throws -> BaselineQuery {
        try BaselineQuery(
            journal,
            "SELECT name FROM tag WHERE name LIKE ? ESCAPE '\\' AND removed_by IS NULL GROUP BY name ORDER BY count(*) DESC, name LIMIT 50"
        )
    }

    /// The floor of an attribute's TAB: the names that match a `LIKE` pattern.
    package static func attributes(_ journal: Journal) throws -> BaselineQuery {
        try BaselineQuery(
            journal, "SELECT name FROM attribute WHERE name LIKE ? ESCAPE '\\' AND removed_by IS NULL ORDER BY id")
    }

    /// Binds `text` to the parameter, steps every row, and counts those whose first column is
    /// not NULL.
    package func run(_ text: String) -> Int {
        sqlite3_reset(statement)
        _ = text.withCString { sqlite3_bind_text(statement, 1, $0, -1, csqlite_transient()) }
        var rows = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            if sqlite3_column_text(statement, 0) != nil { rows += 1 }
        }
        return rows
    }
}

/// A search index in memory, made by the journal's own migrations (so it is the journal's
/// `search_index`, whatever its definition becomes), holding the texts it is given. The fuzz
/// target asks it whether SQLite takes the full-text query made of any typed words.
package final class SearchIndexProbe {
    private let database: Database

    /// The index, holding `texts` (rowids 1, 2, ... as notes).
    package init(texts: [String]) throws {
        database = try Database(path: ":memory:", create: true)
        for migration in Schema.migrations { try database.execute(migration) }
        for (index, text) in texts.enumerated() {
            try database.run(
                "INSERT INTO search_index (rowid, text) VALUES (?, ?)", [.integer(Int64(index + 1)), .text(text)])
        }
    }

    /// The rowids that the FTS5 query `query` matches, each with its text highlighted as
    /// `search` highlights it; throws when SQLite refuses the query.
    package func matches(_ query: String) throws -> [Int64] {
        try database.rows(
            "SELECT rowid, highlight(search_index, 0, char(1), char(2)) FROM search_index WHERE search_index MATCH ?",
            [.text(query)]
        ) { $0.int(0) }
    }
}
