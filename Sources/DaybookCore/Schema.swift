/// The journal's schema, as forward-only migrations.
///
/// `PRAGMA user_version` is the number of migrations applied. A migration is never edited once
/// it has shipped: change the schema by appending one. `PRAGMA application_id` marks the file
/// as a daybook journal, so that another program's SQLite file is never written to.
public enum Schema {
    /// 'DYBK'
    public static let applicationID: Int64 = 0x4459_424B

    public static var version: Int { migrations.count }

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
    ]
}
