import DaybookCore
/// Migration 9, written out by code because it does the same to seven tables: what `sync`
/// needs (docs/sync.md).
///
/// - Each synced row gets a global id (`gid`, 128 random bits in hex), backfilled for the rows
///   there are; a note's versions share `ngid`, the gid of its first version, which names the
///   note on every device. A row written here gets them, and its register's stamp, when it is
///   first sent (`Journal.stampOutbox`): the one trigger a write fires lists it in the outbox,
///   which keeps writes nearly as cheap as before.
/// - Each synced row carries its removal as a last-writer-wins register: `reg_live` (1 or 0),
///   stamped with the hybrid logical clock and device of the change that last set it
///   (`reg_hlc`, `reg_dev`). `removed_by` stays what the journal reads: it follows the register,
///   except where two live rows would break a rule of the journal (one mood a day, one version
///   of a note, one definition of a name, one goal a day), where the later stays live.
/// - `change` gets its clock (`hlc`: milliseconds, `max(now, highest seen + 1)`) and device.
/// - `sync_device` holds this journal's device id, its clock, its last file and the flag that
///   turns capture off while `sync` applies; `sync_outbox` lists the rows written or flipped
///   here since the last sync; `sync_file` every file applied or written, by device, sequence
///   and hash, so that no file is applied twice.
///
/// Settings that belong to one machine (`sync-folder`, `device-name`, `color`) are never
/// captured.
public enum SyncSchema {
    public static let tables = ["attribute", "mood", "note", "tag", "entry", "setting", "goal"]
    /// Settings kept out of `sync`: they describe this machine, not the journal
    /// (`SettingDefinition.machineLocal`). The capture trigger names them in its SQL, which a
    /// migration never changes; a test checks the two lists agree.
    static let machineSettings = SettingDefinition.all.filter(\.machineLocal).map(\.name)
    static let machineSettingsInMigration = ["sync-folder", "device-name", "color"]
    /// Those names as a list for SQL's `IN`.
    static let machineSettingsSQL = machineSettingsInMigration.map { "'\($0)'" }.joined(separator: ", ")

    static let randomID = "lower(hex(randomblob(16)))"
    static let nowMilliseconds = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    static let notApplying = "(SELECT applying FROM sync_device WHERE id = 1) = 0"

    static var migration: String {
        var sql = """
            CREATE TABLE sync_device (
                id          INTEGER PRIMARY KEY CHECK (id = 1),
                device      TEXT NOT NULL,
                hlc         INTEGER NOT NULL DEFAULT 0,
                file_seq    INTEGER NOT NULL DEFAULT 0,
                applying    INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO sync_device (id, device) VALUES (1, \(randomID));
            CREATE TABLE sync_outbox (
                seq         INTEGER PRIMARY KEY,
                tbl         TEXT NOT NULL,
                row         INTEGER NOT NULL
            );
            CREATE TABLE sync_file (
                device      TEXT NOT NULL,
                seq         INTEGER NOT NULL,
                hash        TEXT NOT NULL,
                name        TEXT NOT NULL,
                applied_by  INTEGER REFERENCES change(id),
                PRIMARY KEY (device, seq, hash)
            ) WITHOUT ROWID;

            ALTER TABLE change ADD COLUMN hlc INTEGER;
            ALTER TABLE change ADD COLUMN device TEXT;
            UPDATE change SET hlc = coalesce(CAST((julianday(recorded_at) - 2440587.5) * 86400000 AS INTEGER), 0),
                device = (SELECT device FROM sync_device);
            UPDATE sync_device SET hlc = (SELECT coalesce(max(hlc), 0) FROM change);
            CREATE TRIGGER change_clock AFTER INSERT ON change WHEN new.hlc IS NULL BEGIN
                UPDATE sync_device SET hlc = max(hlc + 1, \(nowMilliseconds)) WHERE id = 1;
                UPDATE change SET hlc = (SELECT hlc FROM sync_device WHERE id = 1),
                    device = (SELECT device FROM sync_device WHERE id = 1) WHERE id = new.id;
            END;

            ALTER TABLE note ADD COLUMN ngid TEXT;

            """
        for table in tables {
            let captured = table == "setting" ? " AND new.name NOT IN (\(machineSettingsSQL))" : ""
            sql += """
                ALTER TABLE \(table) ADD COLUMN gid TEXT;
                ALTER TABLE \(table) ADD COLUMN reg_live INTEGER NOT NULL DEFAULT 1;
                ALTER TABLE \(table) ADD COLUMN reg_hlc INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE \(table) ADD COLUMN reg_dev TEXT NOT NULL DEFAULT '';
                UPDATE \(table) SET gid = \(randomID), reg_live = (removed_by IS NULL),
                    reg_hlc = coalesce((SELECT hlc FROM change WHERE id = coalesce(\(table).removed_by, \(table).added_by)), 0),
                    reg_dev = (SELECT device FROM sync_device);
                CREATE UNIQUE INDEX \(table)_gid ON \(table)(gid);
                CREATE TRIGGER \(table)_sync_insert AFTER INSERT ON \(table) WHEN \(notApplying)\(captured) BEGIN
                    INSERT INTO sync_outbox (tbl, row) VALUES ('\(table)', new.id);
                END;
                CREATE TRIGGER \(table)_sync_flip AFTER UPDATE OF removed_by ON \(table)
                    WHEN old.removed_by IS NOT new.removed_by AND \(notApplying)\(captured) BEGIN
                    UPDATE \(table) SET reg_live = (new.removed_by IS NULL),
                        reg_hlc = (SELECT hlc FROM sync_device WHERE id = 1),
                        reg_dev = (SELECT device FROM sync_device WHERE id = 1) WHERE id = new.id;
                    INSERT INTO sync_outbox (tbl, row) VALUES ('\(table)', new.id);
                END;

                """
        }
        // The built-in attributes the journal was created with are the same rows on every
        // device: the same gid, and while they are live the same register. Every other row
        // there is goes out with the first sync.
        sql += """
            UPDATE attribute SET gid = 'builtin:' || name WHERE added_by = 1 AND builtin = 1;
            UPDATE attribute SET reg_hlc = 0, reg_dev = '' WHERE added_by = 1 AND builtin = 1 AND removed_by IS NULL;

            """
        for table in tables {
            let kept =
                table == "attribute" ? " WHERE NOT (added_by = 1 AND builtin = 1 AND removed_by IS NULL)"
                : table == "setting" ? " WHERE name NOT IN (\(machineSettingsSQL))" : ""
            sql += "INSERT INTO sync_outbox (tbl, row) SELECT '\(table)', id FROM \(table)\(kept) ORDER BY id;\n"
        }
        // A note's versions share the gid of its first; a new note (nid not given) starts one.
        sql += """
            UPDATE note SET ngid = (SELECT first.gid FROM note first WHERE first.id = note.nid);
            UPDATE note SET ngid = gid WHERE ngid IS NULL;
            CREATE INDEX note_ngid ON note(ngid);

            """
        // A row brought back here (undo) where another device's row is live now takes the
        // place back: the other is removed by the same change, as setting it again would.
        let groups: [(String, String, String)] = [
            (
                "mood", "day = old.day",
                "UPDATE tag SET removed_by = (SELECT max(id) FROM change) WHERE mood_id IN (SELECT id FROM mood WHERE day = old.day AND removed_by IS NULL AND id <> old.id) AND removed_by IS NULL;"
            ),
            ("attribute", "name = old.name", ""),
            ("setting", "name = old.name", ""),
            ("goal", "attribute = old.attribute AND since = old.since", ""),
            (
                "note", "ngid = old.ngid",
                "UPDATE tag SET removed_by = (SELECT max(id) FROM change) WHERE note_id IN (SELECT id FROM note WHERE ngid = old.ngid AND removed_by IS NULL AND id <> old.id) AND removed_by IS NULL;"
            ),
        ]
        // A row of such a group removed here (a mood set again, a note edited or deleted)
        // takes with it the rows that lost a conflict to it: what was typed here replaces all
        // of them, on every device.
        for (table, same, _) in groups {
            let losers =
                "\(same.replacingAll("old.", with: "new.")) AND reg_live = 1 AND removed_by IS NOT NULL AND id <> new.id"
            sql += """
                CREATE TRIGGER \(table)_sync_supersede AFTER UPDATE OF removed_by ON \(table)
                    WHEN old.removed_by IS NULL AND new.removed_by IS NOT NULL AND \(notApplying) BEGIN
                    INSERT INTO sync_outbox (tbl, row) SELECT '\(table)', id FROM \(table) WHERE \(losers);
                    UPDATE \(table) SET reg_live = 0, reg_hlc = (SELECT hlc FROM sync_device WHERE id = 1),
                        reg_dev = (SELECT device FROM sync_device WHERE id = 1) WHERE \(losers);
                END;

                """
        }
        for (table, same, tags) in groups {
            sql += """
                CREATE TRIGGER \(table)_sync_restore BEFORE UPDATE OF removed_by ON \(table)
                    WHEN old.removed_by IS NOT NULL AND new.removed_by IS NULL AND \(notApplying) BEGIN
                    \(tags)
                    UPDATE \(table) SET removed_by = (SELECT max(id) FROM change)
                        WHERE \(same) AND removed_by IS NULL AND id <> old.id;
                END;

                """
        }
        return sql
    }
}
