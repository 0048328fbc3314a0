import CKeyutils
import DaybookCore
import CSodium

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of a secret (a passphrase, a journal's key, the key's text for SQLCipher) in memory
/// of their own, never in a Swift `String` or `Array`, whose copies nobody wipes. Whole pages,
/// allocated for it alone: locked against swap (`sodium_mlock`, which also keeps them out of a
/// core dump with `MADV_DONTDUMP`) where the system allows it, and zeroed with
/// `sodium_memzero`, which the optimiser keeps, by `wipe()` and when the value goes. A process
/// that makes one leaves no core dump at all (`PR_SET_DUMPABLE`).
public final class SecretBytes {
    /// How many bytes it may hold.
    public let capacity: Int
    /// How many it holds.
    public private(set) var count: Int = 0
    let base: UnsafeMutablePointer<UInt8>
    /// The memory's whole length: `capacity` rounded up to whole pages, or the memory wrapped.
    private let length: Int
    /// Whether this value allocated the memory (and so frees it) or only wipes it.
    private let owned: Bool
    /// Whether the pages are locked: false where the system refuses (`RLIMIT_MEMLOCK`).
    public let locked: Bool

    /// Room for `capacity` bytes, zeroed; with `filled`, it holds them all (zeroes, to be
    /// written in place: a key).
    public init(capacity: Int, filled: Bool = false) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        self.capacity = max(capacity, 1)
        length = (self.capacity + page - 1) / page * page
        base = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: page).bindMemory(
            to: UInt8.self, capacity: length)
        base.initialize(repeating: 0, count: length)
        owned = true
        count = filled ? self.capacity : 0
        locked = sodium_mlock(base, length) == 0
        _ = ckeyutils_no_core_dumps()
    }

    /// The bytes of `memory`, which the caller owns and frees: wiped, like any, when this value
    /// goes, but neither locked nor freed. For the tests of the wiping.
    public init(wiping memory: UnsafeMutableRawBufferPointer) {
        capacity = memory.count
        length = memory.count
        base = memory.baseAddress!.bindMemory(to: UInt8.self, capacity: memory.count)
        owned = false
        locked = false
        count = memory.count
    }

    deinit {
        if locked {
            sodium_munlock(base, length)  // zeroes the pages, then unlocks them
        } else {
            sodium_memzero(base, length)
        }
        if owned { UnsafeMutableRawPointer(base).deallocate() }
    }

    /// Zeroes every byte; it then holds none.
    public func wipe() {
        sodium_memzero(base, length)
        count = 0
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return base[index]
    }

    /// Adds `byte`; false, adding nothing, when it is full.
    @discardableResult
    public func append(_ byte: UInt8) -> Bool {
        guard count < capacity else { return false }
        base[count] = byte
        count += 1
        return true
    }

    /// Reads from `fd` into the room left, at most once; what `read(2)` returns.
    public func read(from fd: Int32) -> Int {
        guard count < capacity else { return 0 }
        let got = Glibc.read(fd, base + count, capacity - count)
        if got > 0 { count += got }
        return got
    }

    /// Keeps the first `length` bytes and zeroes the rest.
    public func keep(first length: Int) {
        let kept = min(max(length, 0), count)
        if kept < count { sodium_memzero(base + kept, count - kept) }
        count = kept
    }

    /// Keeps the bytes before the first line feed, zeroing it and what follows.
    public func keepFirstLine() {
        var index = 0
        while index < count && base[index] != 0x0A { index += 1 }
        keep(first: index)
    }

    /// The same bytes as `other`, compared in a time that does not depend on where they differ.
    public func equals(_ other: SecretBytes) -> Bool {
        count == other.count && (count == 0 || sodium_memcmp(base, other.base, count) == 0)
    }

    /// Lends the bytes; `body` must not copy them out.
    public func withUnsafeBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
