import DaybookCore
/// The journal's schema, as forward-only migrations.
///
/// `PRAGMA user_version` is the number of migrations applied. A migration is never edited once
/// it has shipped: change the schema by appending one. `PRAGMA application_id` marks the file
/// as a daybook journal, so that another program's SQLite file is never written to.
public enum Schema {
    /// 'DYBK'
    static let applicationID: Int64 = 0x4459_424B

    /// The number of migrations, as the domain knows it (`SchemaVersion.current`, which the sync
    /// files carry; a test holds the two equal): opening a journal that is up to date builds none
    /// of the migrations' text.
    public static var version: Int { SchemaVersion.current }

    /// Fills the search index with the text of every live note and mood note: the one bulk
    /// insert into it, for its first filling (migration 3) and `rebuildSearchIndex`. Each
    /// change after that reaches it through the triggers on `note` and `mood`.
    static let searchIndexFill = """
        INSERT INTO search_index (rowid, text) SELECT id, text FROM note WHERE removed_by IS NULL;
        INSERT INTO search_index (rowid, text) SELECT -id, note FROM mood WHERE removed_by IS NULL AND note <> '';
        """

    public static let migrations: [String] = [
        // 1: the first journal.
        """
        CREATE TABLE change (
            id          INTEGER PRIMARY KEY,
            recorded_at TEXT NOT NULL,
            session     TEXT NOT NULL,
            command     TEXT NOT NULL,
            summary     TEXT NOT NULL,
            undoes      INTEGER REFERENCES change(id),
            undone_by   INTEGER REFERENCES change(id)
        );

        CREATE TABLE attribute (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            type        TEXT NOT NULL CHECK (type IN ('count', 'decimal', 'percentage', 'duration', 'time', 'yesno')),
            aggregation TEXT NOT NULL CHECK (aggregation IN ('sum', 'average', 'min', 'max', 'last')),
            unit        TEXT NOT NULL DEFAULT '',
            group_name  TEXT NOT NULL DEFAULT 'other',
            builtin     INTEGER NOT NULL DEFAULT 0,
            added_by    INTEGER REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE UNIQUE INDEX attribute_name ON attribute(name) WHERE removed_by IS NULL;

        CREATE TABLE mood (
            id          INTEGER PRIMARY KEY,
            day         TEXT NOT NULL,
            rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
            note        TEXT NOT NULL DEFAULT '',
            recorded_at TEXT NOT NULL,
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE UNIQUE INDEX mood_day ON mood(day) WHERE removed_by IS NULL;

        CREATE TABLE note (
            id          INTEGER PRIMARY KEY,
            day         TEXT NOT NULL,
            text        TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE INDEX note_day ON note(day);

        CREATE TABLE tag (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            day         TEXT NOT NULL,
            note_id     INTEGER REFERENCES note(id),
            mood_id     INTEGER REFERENCES mood(id),
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE INDEX tag_day ON tag(day);
        CREATE INDEX tag_name ON tag(name);

        CREATE TABLE entry (
            id          INTEGER PRIMARY KEY,
            attribute   TEXT NOT NULL,
            day         TEXT NOT NULL,
            value       REAL NOT NULL,
            recorded_at TEXT NOT NULL,
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE INDEX entry_attribute_day ON entry(attribute, day);

        CREATE TABLE day_value (
            attribute   TEXT NOT NULL,
            day         TEXT NOT NULL,
            value       REAL NOT NULL,
            entries     INTEGER NOT NULL,
            PRIMARY KEY (attribute, day)
        ) WITHOUT ROWID;
        CREATE INDEX day_value_day ON day_value(day);

        CREATE TABLE setting (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            value       TEXT NOT NULL,
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id)
        );
        CREATE UNIQUE INDEX setting_name ON setting(name) WHERE removed_by IS NULL;

        CREATE VIEW daily AS
            SELECT v.day, v.attribute,
                CASE a.type
                    WHEN 'time' THEN printf('%02d:%02d', CAST(v.value AS INTEGER) / 60, CAST(v.value AS INTEGER) % 60)
                    WHEN 'duration' THEN printf('%dh%02dm', CAST(v.value AS INTEGER) / 60, CAST(v.value AS INTEGER) % 60)
                    WHEN 'yesno' THEN CASE WHEN v.value >= 0.5 THEN 'yes' ELSE 'no' END
                    WHEN 'percentage' THEN v.value || '%'
                    WHEN 'count' THEN CAST(round(v.value) AS INTEGER)
                    ELSE v.value
                END AS shown,
                v.value, a.unit, a.type
            FROM day_value v JOIN attribute a ON a.name = v.attribute AND a.removed_by IS NULL;

        INSERT INTO change (id, recorded_at, session, command, summary)
            VALUES (1, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'), 'setup', 'setup', 'created the journal');
        INSERT INTO attribute (name, type, aggregation, unit, group_name, builtin, added_by) VALUES
            ('steps', 'count', 'sum', 'steps', 'activity', 1, 1),
            ('distance', 'decimal', 'sum', 'km', 'activity', 1, 1),
            ('exercise', 'duration', 'sum', '', 'activity', 1, 1),
            ('active_energy', 'count', 'sum', 'kcal', 'activity', 1, 1),
            ('stand_hours', 'count', 'sum', 'h', 'activity', 1, 1),
            ('sleep', 'duration', 'sum', '', 'sleep', 1, 1),
            ('bedtime', 'time', 'last', '', 'sleep', 1, 1),
            ('wake_time', 'time', 'last', '', 'sleep', 1, 1),
            ('mindful', 'duration', 'sum', '', 'health', 1, 1),
            ('heart_rate', 'count', 'average', 'bpm', 'health', 1, 1),
            ('resting_hr', 'count', 'min', 'bpm', 'health', 1, 1),
            ('weight', 'decimal', 'last', 'kg', 'health', 1, 1),
            ('water', 'count', 'sum', 'glasses', 'food', 1, 1),
            ('coffee', 'count', 'sum', 'cups', 'food', 1, 1),
            ('productive', 'duration', 'sum', '', 'productivity', 1, 1);
        """,

        // 2: goals, with their history. A row says "from `since` on, the attribute's goal is
        // this", until the attribute's next live row; a row with no period and no bounds ends
        // the goal from `since` on (`goal ATTR off`). So the goal in force on a day D is the
        // live row with the latest `since` <= D, found with one seek in goal_attribute_since,
        // and setting or ending a goal never changes how earlier days are judged. Bounds are in
        // the attribute's canonical units; NULL is an open end. For a time of day, min > max
        // is a window across midnight. Setting a goal again on the same day replaces that
        // day's row (the old one gets removed_by), which is what keeps the index unique.
        """
        CREATE TABLE goal (
            id          INTEGER PRIMARY KEY,
            attribute   TEXT NOT NULL,
            since       TEXT NOT NULL,
            period      TEXT CHECK (period IN ('daily', 'weekly', 'monthly')),
            min         REAL,
            max         REAL,
            added_by    INTEGER NOT NULL REFERENCES change(id),
            removed_by  INTEGER REFERENCES change(id),
            CHECK ((period IS NULL AND min IS NULL AND max IS NULL)
                OR (period IS NOT NULL AND (min IS NOT NULL OR max IS NOT NULL)))
        );
        CREATE UNIQUE INDEX goal_attribute_since ON goal(attribute, since) WHERE removed_by IS NULL;
        """,

        // 3: the time of day a note is about (`note ... --at 08:30`), in minutes after
        // midnight; NULL when it was not given. `recorded_at` stays when the note was written:
        // a note written on its own day is shown at that time, one written on another day
        // with `at`, or with the day it was written.
        """
        ALTER TABLE note ADD COLUMN at INTEGER CHECK (at BETWEEN 0 AND 1439);
        """,

        // 4: stable note ids, and the text search index.
        //
        // A note's id (`nid`, shown as n123) is the rowid of its first version. An edit writes a
        // new version of the note (the old row gets removed_by, as everywhere) that carries the
        // same nid, so the id belongs to the note and not to the row. Rows are never deleted, so
        // a rowid, and with it an id, is never given out twice. A row inserted without a nid (a
        // new note) gets its own rowid from note_nid_new.
        //
        // search_index is an FTS5 table over the text of live notes (rowid = note.id) and live,
        // non-empty mood notes (rowid = -mood.id). Triggers keep it in step with the rows, inside
        // the statement that changes them: a note written, edited, deleted or brought back by
        // undo (which flips removed_by) is indexed or unindexed in the same transaction, so a
        // crash can never leave the index behind the notes. tag_live serves `tags` (a covering
        // index of the live rows: removed_by is in it only so that SQLite sees it covers the
        // query); tag_note finds a note's tags when it is edited or deleted.
        """
        ALTER TABLE note ADD COLUMN nid INTEGER;
        UPDATE note SET nid = id;
        CREATE INDEX note_nid ON note(nid);
        CREATE TRIGGER note_nid_new AFTER INSERT ON note WHEN new.nid IS NULL BEGIN
            UPDATE note SET nid = new.id WHERE id = new.id;
        END;

        CREATE INDEX tag_note ON tag(note_id) WHERE note_id IS NOT NULL;
        CREATE INDEX tag_live ON tag(day, name, removed_by) WHERE removed_by IS NULL;

        CREATE VIRTUAL TABLE search_index USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
        \(searchIndexFill)

        CREATE TRIGGER note_search_insert AFTER INSERT ON note WHEN new.removed_by IS NULL BEGIN
            INSERT INTO search_index (rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER note_search_update AFTER UPDATE OF id, text, removed_by ON note BEGIN
            DELETE FROM search_index WHERE rowid = old.id AND old.removed_by IS NULL;
            INSERT INTO search_index (rowid, text) SELECT new.id, new.text WHERE new.removed_by IS NULL;
        END;
        CREATE TRIGGER note_search_delete AFTER DELETE ON note WHEN old.removed_by IS NULL BEGIN
            DELETE FROM search_index WHERE rowid = old.id;
        END;

        CREATE TRIGGER mood_search_insert AFTER INSERT ON mood WHEN new.removed_by IS NULL AND new.note <> '' BEGIN
            INSERT INTO search_index (rowid, text) VALUES (-new.id, new.note);
        END;
        CREATE TRIGGER mood_search_update AFTER UPDATE OF id, note, removed_by ON mood BEGIN
            DELETE FROM search_index WHERE rowid = -old.id AND old.removed_by IS NULL AND old.note <> '';
            INSERT INTO search_index (rowid, text) SELECT -new.id, new.note WHERE new.removed_by IS NULL AND new.note <> '';
        END;
        CREATE TRIGGER mood_search_delete AFTER DELETE ON mood WHEN old.removed_by IS NULL AND old.note <> '' BEGIN
            DELETE FROM search_index WHERE rowid = -old.id;
        END;
        """,

        // 5: plausible ranges. A value outside its attribute's range is refused when it is
        // typed (`log ... --force` writes it anyway); NULL is an open end, both NULL no range.
        // Bounds are in the attribute's canonical units; for a time of day, min > max is a
        // window across midnight. Every definition of a built-in attribute that still has the
        // type and unit it was created with gets its range (a built-in tracked again in other
        // units, like weight in lb, gets none); times of day get none, since a person may go
        // to bed or wake at any hour.
        """
        ALTER TABLE attribute ADD COLUMN range_min REAL;
        ALTER TABLE attribute ADD COLUMN range_max REAL;
        UPDATE attribute SET
            range_min = CASE name
                WHEN 'steps' THEN 0 WHEN 'distance' THEN 0 WHEN 'exercise' THEN 0 WHEN 'active_energy' THEN 0
                WHEN 'stand_hours' THEN 0 WHEN 'sleep' THEN 0 WHEN 'mindful' THEN 0 WHEN 'heart_rate' THEN 20
                WHEN 'resting_hr' THEN 20 WHEN 'weight' THEN 1 WHEN 'water' THEN 0 WHEN 'coffee' THEN 0
                WHEN 'productive' THEN 0 END,
            range_max = CASE name
                WHEN 'steps' THEN 200000 WHEN 'distance' THEN 2000 WHEN 'exercise' THEN 1440
                WHEN 'active_energy' THEN 20000 WHEN 'stand_hours' THEN 24 WHEN 'sleep' THEN 1440
                WHEN 'mindful' THEN 1440 WHEN 'heart_rate' THEN 300 WHEN 'resting_hr' THEN 250
                WHEN 'weight' THEN 650 WHEN 'water' THEN 100 WHEN 'coffee' THEN 100 WHEN 'productive' THEN 1440 END
        WHERE builtin = 1 AND (name, type, unit) IN (VALUES
            ('steps', 'count', 'steps'), ('distance', 'decimal', 'km'), ('exercise', 'duration', ''),
            ('active_energy', 'count', 'kcal'), ('stand_hours', 'count', 'h'), ('sleep', 'duration', ''),
            ('mindful', 'duration', ''), ('heart_rate', 'count', 'bpm'), ('resting_hr', 'count', 'bpm'),
            ('weight', 'decimal', 'kg'), ('water', 'count', 'glasses'), ('coffee', 'count', 'cups'),
            ('productive', 'duration', ''));
        """,

        // 6: goals on a period's total, and goal streaks kept in the journal.
        //
        // `total` makes a weekly or monthly goal judge the sum of the period's daily values
        // instead of their mean (`goal exercise '>= 150m' weekly --total`).
        //
        // goal_streak holds, for each attribute with goals and each period length its goals use,
        // every period met (by the goal in force on its last day, over the period's daily values)
        // and the first period of the run of consecutive met periods it belongs to; a streak is
        // then one seek, whatever its length. It is derived from day_value and goal, like
        // day_value is from entry: triggers note in goal_dirty the days whose value changed for an
        // attribute with a goal (day '' when the attribute's goals changed: a goal set, ended,
        // undone or imported), whatever wrote them, and daybook brings goal_streak up to date
        // from goal_dirty inside the same transaction. (The triggers test for a row already there
        // rather than INSERT OR IGNORE: the statement that fires them would override that.) Marking every attribute with a goal here
        // fills it for an existing journal when it is first opened.
        """
        ALTER TABLE goal ADD COLUMN total INTEGER NOT NULL DEFAULT 0 CHECK (total IN (0, 1));

        CREATE TABLE goal_streak (
            attribute   TEXT NOT NULL,
            period      TEXT NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
            start       TEXT NOT NULL,
            run_start   TEXT NOT NULL,
            PRIMARY KEY (attribute, period, start)
        ) WITHOUT ROWID;

        CREATE TABLE goal_dirty (
            attribute   TEXT NOT NULL,
            day         TEXT NOT NULL,
            PRIMARY KEY (attribute, day)
        ) WITHOUT ROWID;

        CREATE TRIGGER day_value_goal_insert AFTER INSERT ON day_value
            WHEN EXISTS (SELECT 1 FROM goal WHERE attribute = new.attribute AND removed_by IS NULL) BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT new.attribute, new.day WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = new.attribute AND day = new.day);
        END;
        CREATE TRIGGER day_value_goal_update AFTER UPDATE ON day_value
            WHEN EXISTS (SELECT 1 FROM goal WHERE attribute IN (old.attribute, new.attribute) AND removed_by IS NULL) BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT old.attribute, old.day WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = old.attribute AND day = old.day);
            INSERT INTO goal_dirty (attribute, day) SELECT new.attribute, new.day WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = new.attribute AND day = new.day);
        END;
        CREATE TRIGGER day_value_goal_delete AFTER DELETE ON day_value
            WHEN EXISTS (SELECT 1 FROM goal WHERE attribute = old.attribute AND removed_by IS NULL) BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT old.attribute, old.day WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = old.attribute AND day = old.day);
        END;
        CREATE TRIGGER goal_goal_insert AFTER INSERT ON goal BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT new.attribute, '' WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = new.attribute AND day = '');
        END;
        CREATE TRIGGER goal_goal_update AFTER UPDATE ON goal BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT old.attribute, '' WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = old.attribute AND day = '');
            INSERT INTO goal_dirty (attribute, day) SELECT new.attribute, '' WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = new.attribute AND day = '');
        END;
        CREATE TRIGGER goal_goal_delete AFTER DELETE ON goal BEGIN
            INSERT INTO goal_dirty (attribute, day) SELECT old.attribute, '' WHERE NOT EXISTS (SELECT 1 FROM goal_dirty WHERE attribute = old.attribute AND day = '');
        END;

        INSERT OR IGNORE INTO goal_dirty (attribute, day) SELECT DISTINCT attribute, '' FROM goal WHERE removed_by IS NULL;
        """,

        // 7: the removed tags by name, few in a journal, so that tag completion takes them off
        // the counts without scanning every tag.
        """
        CREATE INDEX tag_removed ON tag(name) WHERE removed_by IS NOT NULL;
        """,

        // 8: where a value came from. `source` is NULL for a value typed (or restored from
        // daybook's own export); for a value a health import wrote, it names the export it came
        // from ('Apple Health', 'Google Fit', 'Gadgetbridge', a CSV's source name), and `file`
        // the name of the file. A later import from the same source replaces that source's
        // values on the days it covers, and never a typed one without being told to.
        // entry_source finds a source's live values of an attribute by day.
        """
        ALTER TABLE entry ADD COLUMN source TEXT;
        ALTER TABLE entry ADD COLUMN file TEXT;
        CREATE INDEX entry_source ON entry(source, attribute, day) WHERE source IS NOT NULL AND removed_by IS NULL;
        """,

        // 9: sync between devices through a shared folder: global ids, removal registers with
        // a hybrid logical clock, the change capture and what was sent and applied. Written
        // out in Sync/SyncSchema.swift, since it does the same to each synced table.
        SyncSchema.migration,

        // 10: values that cannot be true (infinity, a negative count, more minutes than a day
        // has, one past the storage limit) are refused by triggers before an entry, a goal or
        // a mood is written, whatever writes it. Written out, with why triggers and not a
        // table rebuild, in PossibleValues.swift.
        PossibleValueTriggers.migration,

        // 11: what a change did, as facts (`ChangeDescription.stored`): the kind of change and
        // its facts, which `undo` and a note's history read. NULL for a change recorded before,
        // which keeps its summary.
        """
        ALTER TABLE change ADD COLUMN facts TEXT;
        """,

        // 12: when the export an imported value came from was made, in seconds since 1970 UTC
        // (Apple Health: the file's `<ExportDate>`; other sources: the newest day of the file's
        // values, at midnight UTC). An older file never replaces what a newer export of the same
        // source wrote unless told to (`--replace`), and sync keeps the newest export's value
        // of a source's day. NULL for a typed value, and for one imported before.
        """
        ALTER TABLE entry ADD COLUMN exported INTEGER;
        """,
    ]
}
