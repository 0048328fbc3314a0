/// What takes a journal of schema 12 back to schema 8 (an imported value's export date, 12, the
/// change log's facts, 11, then sync, 9; the value triggers of 10 stay, and their step runs again without failing): the tests that make an older journal by hand run it first.
public enum SyncSchemaRollback {
    /// The tables whose rows sync: each has a `gid`, a register (`reg_live`, `reg_hlc`,
    /// `reg_dev`) and the triggers and index that keep them.
    static let syncedTables = ["attribute", "mood", "note", "tag", "entry", "setting", "goal"]

    public static let sql =
        """
            ALTER TABLE entry DROP COLUMN exported;
            ALTER TABLE change DROP COLUMN facts;
            DROP TRIGGER change_clock;
            DROP INDEX note_ngid;
            DROP TRIGGER mood_sync_restore; DROP TRIGGER mood_sync_supersede; DROP TRIGGER note_sync_supersede;
            DROP TRIGGER attribute_sync_supersede; DROP TRIGGER setting_sync_supersede; DROP TRIGGER goal_sync_supersede;
            DROP TRIGGER attribute_sync_restore;
            DROP TRIGGER setting_sync_restore;
            DROP TRIGGER goal_sync_restore;
            DROP TRIGGER note_sync_restore;

        """
        + syncedTables.map { table in
            "DROP TRIGGER \(table)_sync_insert; DROP TRIGGER \(table)_sync_flip; DROP INDEX \(table)_gid;\n"
                + ["gid", "reg_live", "reg_hlc", "reg_dev"].map { "ALTER TABLE \(table) DROP COLUMN \($0);" }
                .joined(separator: " ") + "\n"
        }.joined()
        + """
            ALTER TABLE note DROP COLUMN ngid; ALTER TABLE change DROP COLUMN hlc; ALTER TABLE change DROP COLUMN device;
            DROP TABLE sync_device; DROP TABLE sync_outbox; DROP TABLE sync_file;
        """
}
