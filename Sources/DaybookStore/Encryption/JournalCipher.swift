import CCrypto
import CSQLite
import DaybookCore

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a journal's file into an encrypted one, back into a plain one, or into one under
/// another key: always through a new file beside it (SQLCipher's `sqlcipher_export`), checked,
/// written to disk (fsync) and renamed over the journal, its folder written to disk then: a
/// crash at any point leaves one whole journal at the path, the old one or the new one.
public enum JournalCipher {
    /// Where the new file is written before it takes the journal's place.
    static func newFilePath(_ path: String) -> String { path + ".daybook-new" }

    /// Converts the journal at `path`, which `from` opens (nil: it is plain), into a file
    /// encrypted with `to` (nil: plain). Refuses, writing nothing, a journal another process
    /// has open (its write-ahead log must be folded into the file first), a wrong key and a
    /// damaged file.
    public static func convert(path: String, from: JournalKey?, to: JournalKey?) throws {
        let kind = JournalFile.at(path)
        switch (kind, from) {
        case (.absent, _): throw JournalError("no journal at \(path) yet; nothing was changed", kind: .missing)
        case (.other, _): throw JournalError("\(path) is not a daybook journal, plain or encrypted; it was left untouched")
        case (.plain, .some): throw JournalError("journal \(path) is not encrypted; nothing was changed")
        case (.encrypted, .none): throw JournalError.locked(path)
        default: break
        }
        let newPath = newFilePath(path)
        // One conversion at a time, and the new file only while it holds this lock: an opening
        // that finds a new file and can take the lock knows it was left by a conversion that
        // did not end (`removeAbandoned`).
        let guardian = open(path, O_RDONLY | O_CLOEXEC)
        guard guardian >= 0 else {
            throw JournalError("cannot open journal \(path): \(String(cString: strerror(errno))); nothing was changed")
        }
        defer { close(guardian) }  // closing unlocks
        guard flock(guardian, LOCK_EX | LOCK_NB) == 0 else {
            throw JournalError(
                "journal \(path) is being converted by another daybook (encrypted, decrypted or given a new passphrase); nothing was changed"
            )
        }
        removeLeftovers(newPath)
        // Made here, so that it is 0600 whatever the umask; SQLite writes into the empty file.
        let fd = open(newPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw JournalError("cannot create \(newPath): \(String(cString: strerror(errno))); nothing was changed")
        }
        close(fd)
        var renamed = false
        defer { if !renamed { removeLeftovers(newPath) } }
        do {
            let database = try Database(path: path, create: false, key: from)
            try database.execute("PRAGMA busy_timeout = \(Database.busyTimeoutMilliseconds)")
            do {
                _ = try database.scalarInt("SELECT count(*) FROM sqlite_schema")
            } catch let error as DatabaseError where error.kind == .notAJournal && from != nil {
                throw JournalError.wrongKey(path)
            }
            let marks = try database.first(
                "SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version())"
            ) { ($0.int(0), $0.int(1)) }
            guard let (appID, version) = marks, appID == Schema.applicationID else {
                throw JournalError("\(path) is a SQLite database but not a daybook journal; it was left untouched")
            }
            // Out of WAL mode, the whole journal is in its file, and no log or shared memory
            // file beside it belongs to the old file once the new one is in place. SQLite
            // allows the switch only while no other connection has the journal open.
            do {
                let mode = try database.scalarText("PRAGMA journal_mode = DELETE")
                guard mode?.lowercased() == "delete" else { throw JournalError.inUse(path) }
            } catch let error as DatabaseError where error.isBusy {
                throw JournalError.inUse(path)
            }
            // The write lock, held until the new file is in place, so that nothing is written to
            // the old file meanwhile. A second connection reads it (a rollback journal lets it
            // while the lock is held) and writes the new file in one transaction of its own.
            try database.execute("BEGIN IMMEDIATE")
            defer { try? database.execute("ROLLBACK") }
            let reader = try Database(path: path, create: false, key: from)
            try reader.execute("PRAGMA busy_timeout = \(Database.busyTimeoutMilliseconds)")
            _ = daybook_cipher_provider_install()
            let attach = try reader.cached("ATTACH ?1 AS converted KEY ?2")
            try attach.bind(.text(newPath), at: 1)
            if let to {
                // The key's text bound where it lies (SQLITE_STATIC: SQLite copies it nowhere),
                // and unbound before it is wiped.
                try to.withText { text, count in
                    sqlite3_bind_text(attach.handle, 2, text, count, nil)
                    defer { attach.reset() }  // unbinds it too
                    while try attach.step() {}
                }
            } else {
                try attach.bind(.text(""), at: 2)
                while try attach.step() {}
                attach.reset()
            }
            try reader.execute("PRAGMA cipher_log_level = NONE")
            try reader.execute("BEGIN")
            do {
                _ = try reader.scalarInt("SELECT sqlcipher_export('converted')")
                try reader.execute("PRAGMA converted.user_version = \(version)")
                try reader.execute("PRAGMA converted.application_id = \(appID)")
                try reader.execute("COMMIT")
            } catch {
                try? reader.execute("ROLLBACK")
                throw error
            }
            guard try reader.scalarText("PRAGMA converted.quick_check") == "ok" else {
                throw JournalError("the new file \(newPath) did not check out; journal \(path) was left as it was")
            }
            try reader.execute("DETACH converted")
            reader.clearCache()
            database.clearCache()
            try syncFile(newPath)
            guard rename(newPath, path) == 0 else {
                throw JournalError(
                    "cannot put the new file in place of \(path): \(String(cString: strerror(errno))); the journal was left as it was")
            }
            renamed = true
            try syncFile(Paths.folder(of: path))
        } catch let error as DatabaseError {
            if error.kind == .notAJournal && from != nil { throw JournalError.wrongKey(path) }
            if Journal.isOutOfSpace(error, newPath) {
                throw JournalError("no room for the new file beside \(path); the journal was left as it was")
            }
            throw JournalError("cannot convert journal \(path): \(error.message); it was left as it was")
        }
    }

    /// Removes the new file of a conversion that was killed before it could put it in place
    /// (after a killed decrypt, a plain copy of the journal), when the journal at `path` is
    /// opened: only when no conversion holds the journal's lock, never waiting for it. When
    /// there is no such file, this is one `lstat`.
    static func removeAbandoned(beside path: String) {
        let newPath = newFilePath(path)
        var info = stat()
        guard lstat(newPath, &info) == 0 else { return }
        let guardian = open(path, O_RDONLY | O_CLOEXEC)
        guard guardian >= 0 else { return }
        defer { close(guardian) }
        if flock(guardian, LOCK_EX | LOCK_NB) == 0 { removeLeftovers(newPath) }
    }

    /// Removes a new file left by a conversion that did not end, with SQLite's files beside it.
    static func removeLeftovers(_ newPath: String) {
        for file in [newPath, newPath + "-journal", newPath + "-wal", newPath + "-shm"] {
            var info = stat()
            if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { unlink(file) }
        }
    }

    /// Writes a file, or a folder's entries, to disk.
    static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL {
            throw JournalError("cannot write \(path) to disk: \(String(cString: strerror(errno)))")
        }
    }
}

extension JournalError {
    /// The journal at `path` is encrypted, and no key for it is at hand.
    public static func locked(_ path: String) -> JournalError {
        JournalError(
            "journal \(path) is encrypted and locked (or no SQLite file at all, which only a passphrase can tell): run 'daybook unlock' on a terminal, or name a command that prints the passphrase in DAYBOOK_PASSPHRASE_COMMAND; it was left untouched",
            kind: .locked)
    }

    /// The passphrase (or the key kept for it) does not open the journal at `path`.
    public static func wrongKey(_ path: String) -> JournalError {
        JournalError(
            "the passphrase does not open journal \(path) (or its first page is damaged); nothing was written",
            kind: .wrongKey)
    }

    /// Another process has the journal at `path` open.
    static func inUse(_ path: String) -> JournalError {
        JournalError(
            "journal \(path) is open in another daybook (a shell, a script or a sync); close it and try again. Nothing was changed")
    }
}
