// SQLite's page cache in memory of its own, for a process that opens an encrypted journal: the
// decrypted pages live there, kept out of swap (mlock2 with MLOCK_ONFAULT: a page is locked when
// it is first touched, so nothing is resident that was not used) and out of core dumps
// (MADV_DONTDUMP). SQLCipher's own buffers and keys are locked by SQLCipher itself.

#define _GNU_SOURCE
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

#include "CCrypto.h"

static int outcome = -1;

int daybook_lock_page_cache(int slots, int pageSize) {
    if (outcome >= 0) return outcome;
    outcome = 0;
    int header = 0;
    if (slots <= 0 || sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &header) != SQLITE_OK) return outcome;
    size_t slot = ((size_t)pageSize + (size_t)header + 7) & ~(size_t)7;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t length = (slot * (size_t)slots + page - 1) / page * page;
    void *memory = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return outcome;
    // SQLite takes it only before it is first used in the process; otherwise nothing changes.
    if (sqlite3_config(SQLITE_CONFIG_PAGECACHE, memory, (int)slot, slots) != SQLITE_OK) {
        munmap(memory, length);
        return outcome;
    }
    (void)madvise(memory, length, MADV_DONTDUMP);
    outcome = mlock2(memory, length, MLOCK_ONFAULT) == 0 ? 2 : 1;
    return outcome;
}
