import CCrypto
import CSQLite
import Synchronization
import DaybookCore

// SQLite's settings for the whole process, which it takes only before it is first used: made
// by the first `Database` opened; a process that has used SQLite before keeps what it has.
extension Database {
    /// No count of SQLite's memory (`csqlite_stop_counting_memory`; daybook never reads it),
    /// which took a global mutex at every allocation and free: 11% of a plain `status`'s
    /// instructions.
    static let configured: Bool = csqlite_stop_counting_memory() == SQLITE_OK

    // The page cache of a process that opens an encrypted journal: in memory of its own,
    // locked against swap as each page is first used and left out of core dumps
    // (`CCrypto/pagecache.c`), made whole at the first opening of an encrypted journal.

    /// The page cache, in KiB, that this process's journal will keep (`Journal.planPageCache`):
    /// SQLite's default 2,000 KiB unless a one-shot command says less before it opens one.
    static let plannedPageCache = Atomic<Int>(2000)

    /// The pages of the locked page cache of a process that opens an encrypted journal: its
    /// whole planned cache (2,000 KiB is 465 pages of 4 KiB with their headers) and 16 more, for
    /// the in-memory pages of a sort. SQLite writes into every slot when it takes the memory, so
    /// all of it is resident at once: a one-shot command plans a small cache first. Pages beyond
    /// them, which only a second connection needs, go to SQLite's heap as before.
    static var lockedPageCacheSlots: Int32 { Int32(min(plannedPageCache.load(ordering: .relaxed), 8192) / 4 + 16) }

    /// Makes the locked page cache, before an encrypted journal's first opening.
    static func lockPageCache() {
        _ = daybook_lock_page_cache(lockedPageCacheSlots, 4096)
    }
}
