import CCrypto
import CKeyutils
import CSQLite
import CSodium
import DaybookCore

#if canImport(Glibc)
    import Glibc
#endif

/// The raw key of an encrypted journal: SQLCipher 4's own derivation of the passphrase with the
/// file's salt (PBKDF2-HMAC-SHA512, 256,000 iterations, 32 bytes), so that a journal opens with
/// it without paying the derivation again. Kept in `SecretBytes` (locked pages, out of a core
/// dump where the system allows it), wiped by `wipe()` once the journal is open and the key
/// ring holds it, and when it goes in any case.
public final class JournalKey {
    /// 32 bytes of key, then the 16 bytes of the salt it was derived with.
    let secret: SecretBytes
    var bytes: UnsafeMutablePointer<UInt8> { secret.base }
    static let keyCount = 32
    static let saltCount = 16

    init() {
        secret = SecretBytes(capacity: JournalKey.keyCount + JournalKey.saltCount, filled: true)
    }

    /// Zeroes the key: it opens nothing afterwards.
    public func wipe() { secret.wipe() }

    /// The key of `passphrase` for a file whose salt is `salt` (its first 16 bytes): the
    /// derivation, about 100 ms, paid once when a journal is unlocked. The passphrase is read
    /// where it lies; the caller wipes it. The derivation is Nettle's (CCrypto), as every page's
    /// encryption is.
    public static func derive(passphrase: SecretBytes, salt: [UInt8]) throws -> JournalKey? {
        guard salt.count == saltCount else { return nil }
        let key = JournalKey()
        let ok = passphrase.withUnsafeBytes { text in
            daybook_derive_key(text.baseAddress, Int32(text.count), salt, key.bytes)
        }
        guard ok == 1 else { return nil }
        for index in 0..<saltCount { key.bytes[keyCount + index] = salt[index] }
        return key
    }

    /// A key for a new file: the passphrase derived with a new random salt.
    public static func derive(passphrase: SecretBytes) throws -> JournalKey? {
        var salt = [UInt8](repeating: 0, count: saltCount)
        randombytes_buf(&salt, saltCount)
        return try derive(passphrase: passphrase, salt: salt)
    }

    var salt: [UInt8] { (0..<JournalKey.saltCount).map { bytes[JournalKey.keyCount + $0] } }

    /// The key as SQLCipher's raw key with its salt (`x'<key><salt>'`), built in `SecretBytes`
    /// and wiped after `body`, never in a Swift string: no derivation, and a new file starts
    /// with that salt.
    func withText<T>(_ body: (UnsafePointer<CChar>, Int32) throws -> T) rethrows -> T {
        let hex = Array("0123456789abcdef".utf8)
        let total = JournalKey.keyCount + JournalKey.saltCount
        let text = SecretBytes(capacity: 3 + total * 2)
        defer { text.wipe() }
        text.append(UInt8(ascii: "x"))
        text.append(UInt8(ascii: "'"))
        for index in 0..<total {
            text.append(hex[Int(bytes[index] >> 4)])
            text.append(hex[Int(bytes[index] & 15)])
        }
        text.append(UInt8(ascii: "'"))
        return try text.withUnsafeBytes { chars in
            try chars.baseAddress!.withMemoryRebound(to: CChar.self, capacity: chars.count) {
                try body($0, Int32(chars.count))
            }
        }
    }

    /// Gives the key to a connection before its first read. SQLCipher's own log is then
    /// turned off, so that messages stay daybook's.
    func apply(_ handle: OpaquePointer) -> Int32 {
        _ = daybook_cipher_provider_install()
        let rc = withText { sqlite3_key_v2(handle, "main", $0, $1) }
        sqlite3_exec(handle, "PRAGMA cipher_log_level = NONE", nil, nil, nil)
        return rc
    }

    // MARK: The kernel's key ring

    /// The key ring entry of the journal at `path`: one per journal, by its absolute path.
    static func keyringName(_ path: String) -> String {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let absolute = realpath(path, &resolved) != nil ? String(cString: resolved) : Paths.absolute(path)
        return "daybook:" + absolute
    }

    /// The key kept for the journal at `path` in this user's key ring (`daybook unlock`), or
    /// nil: never asks, never waits.
    public static func kept(for path: String) -> JournalKey? {
        let id = keyctl_search(KEY_SPEC_USER_KEYRING, "user", keyringName(path), 0)
        guard id >= 0 else { return nil }
        let key = JournalKey()
        let total = keyCount + saltCount
        let count = keyctl_read(key_serial_t(id), UnsafeMutableRawPointer(key.bytes).assumingMemoryBound(to: CChar.self), total)
        guard count == total else { return nil }
        return key
    }

    /// Keeps the key in this user's key ring for `minutes`, in place of what was kept for the
    /// journal at `path`. False when the key ring cannot be used.
    @discardableResult
    public func keep(for path: String, minutes: Int) -> Bool {
        JournalKey.forget(path)
        let id = add_key("user", JournalKey.keyringName(path), bytes, JournalKey.keyCount + JournalKey.saltCount, KEY_SPEC_USER_KEYRING)
        guard id >= 0 else { return false }
        let possessor = UInt32(KEY_POS_VIEW | KEY_POS_READ | KEY_POS_WRITE | KEY_POS_SEARCH | KEY_POS_LINK | KEY_POS_SETATTR)
        let user = UInt32(KEY_USR_VIEW | KEY_USR_READ | KEY_USR_WRITE | KEY_USR_SEARCH | KEY_USR_LINK | KEY_USR_SETATTR)
        _ = keyctl_setperm(id, possessor | user)
        _ = keyctl_set_timeout(id, UInt32(max(minutes, 1) * 60))
        return true
    }

    /// Takes the key of the journal at `path` out of the key ring; true when one was there.
    @discardableResult
    public static func forget(_ path: String) -> Bool {
        var found = false
        while true {
            let id = keyctl_search(KEY_SPEC_USER_KEYRING, "user", keyringName(path), 0)
            guard id >= 0 else { return found }
            found = true
            if keyctl_invalidate(key_serial_t(id)) != 0 && keyctl_unlink(key_serial_t(id), KEY_SPEC_USER_KEYRING) != 0 {
                return found
            }
        }
    }
}

/// What a journal's file is, from its first bytes, read without SQLite.
public enum JournalFile: Sendable, Equatable {
    /// Nothing there, or an empty file (a journal not written yet).
    case absent
    /// A plain SQLite file.
    case plain
    /// No SQLite header, and a size in whole 4 KiB pages: an encrypted journal (or a damaged
    /// file; only the key tells). `salt` is its first 16 bytes.
    case encrypted(salt: [UInt8])
    /// Neither: not a journal at all.
    case other

    public static func at(_ path: String) -> JournalFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .absent }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .other }
        if info.st_size == 0 { return .absent }
        var head = [UInt8](repeating: 0, count: 16)
        guard read(fd, &head, 16) == 16 else { return .other }
        if head == Array("SQLite format 3\0".utf8) { return .plain }
        return info.st_size % 4096 == 0 ? .encrypted(salt: head) : .other
    }

    public var isEncrypted: Bool {
        if case .encrypted = self { return true }
        return false
    }
}

extension Journal {
    /// Minutes an unlocked journal's key stays in the key ring (the `unlock-minutes` setting).
    public var unlockMinutes: Int {
        let stored = (try? setting(SettingDefinition.unlockMinutes.name)) ?? nil
        return Int(stored ?? SettingDefinition.unlockMinutes.defaultValue) ?? 60
    }
}
