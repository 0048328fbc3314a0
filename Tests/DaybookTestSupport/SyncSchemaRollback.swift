/// What takes a journal of schema 9 back to schema 8: the tests that make an older journal by
/// hand run it first.
public enum SyncSchemaRollback {
    public static let sql = """
            DROP TRIGGER change_clock;
            DROP INDEX note_ngid;
            DROP TRIGGER mood_sync_restore; DROP TRIGGER mood_sync_supersede; DROP TRIGGER note_sync_supersede;
            DROP TRIGGER attribute_sync_supersede; DROP TRIGGER setting_sync_supersede; DROP TRIGGER goal_sync_supersede;
            DROP TRIGGER attribute_sync_restore;
            DROP TRIGGER setting_sync_restore;
            DROP TRIGGER goal_sync_restore;
            DROP TRIGGER note_sync_restore;
            DROP TRIGGER attribute_sync_insert; DROP TRIGGER attribute_sync_flip; DROP INDEX attribute_gid;
            ALTER TABLE attribute DROP COLUMN gid; ALTER TABLE attribute DROP COLUMN reg_live; ALTER TABLE attribute DROP COLUMN reg_hlc; ALTER TABLE attribute DROP COLUMN reg_dev;
            DROP TRIGGER mood_sync_insert; DROP TRIGGER mood_sync_flip; DROP INDEX mood_gid;
            ALTER TABLE mood DROP COLUMN gid; ALTER TABLE mood DROP COLUMN reg_live; ALTER TABLE mood DROP COLUMN reg_hlc; ALTER TABLE mood DROP COLUMN reg_dev;
            DROP TRIGGER note_sync_insert; DROP TRIGGER note_sync_flip; DROP INDEX note_gid;
            ALTER TABLE note DROP COLUMN gid; ALTER TABLE note DROP COLUMN reg_live; ALTER TABLE note DROP COLUMN reg_hlc; ALTER TABLE note DROP COLUMN reg_dev;
            DROP TRIGGER tag_sync_insert; DROP TRIGGER tag_sync_flip; DROP INDEX tag_gid;
            ALTER TABLE tag DROP COLUMN gid; ALTER TABLE tag DROP COLUMN reg_live; ALTER TABLE tag DROP COLUMN reg_hlc; ALTER TABLE tag DROP COLUMN reg_dev;
            DROP TRIGGER entry_sync_insert; DROP TRIGGER entry_sync_flip; DROP INDEX entry_gid;
            ALTER TABLE entry DROP COLUMN gid; ALTER TABLE entry DROP COLUMN reg_live; ALTER TABLE entry DROP COLUMN reg_hlc; ALTER TABLE entry DROP COLUMN reg_dev;
            DROP TRIGGER setting_sync_insert; DROP TRIGGER setting_sync_flip; DROP INDEX setting_gid;
            ALTER TABLE setting DROP COLUMN gid; ALTER TABLE setting DROP COLUMN reg_live; ALTER TABLE setting DROP COLUMN reg_hlc; ALTER TABLE setting DROP COLUMN reg_dev;
            DROP TRIGGER goal_sync_insert; DROP TRIGGER goal_sync_flip; DROP INDEX goal_gid;
            ALTER TABLE goal DROP COLUMN gid; ALTER TABLE goal DROP COLUMN reg_live; ALTER TABLE goal DROP COLUMN reg_hlc; ALTER TABLE goal DROP COLUMN reg_dev;
            ALTER TABLE note DROP COLUMN ngid; ALTER TABLE change DROP COLUMN hlc; ALTER TABLE change DROP COLUMN device;
            DROP TABLE sync_device; DROP TABLE sync_outbox; DROP TABLE sync_file;
        """
}
