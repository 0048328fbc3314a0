#ifndef DAYBOOK_CSQLITE_SHIM_H
#define DAYBOOK_CSQLITE_SHIM_H
// SQLCipher 4 (Debian's libsqlcipher-dev, from bookworm-backports): SQLite with encryption, the
// one engine of plain and encrypted journals alike. Linked statically (DaybookCore's linker
// settings): the system's libsqlite3 is never linked beside it.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

// SQLITE_TRANSIENT is a macro with a cast that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// Turns off SQLite's count of the memory it allocates (sqlite3_memory_used, which daybook never
// reads): each allocation and free then takes no global mutex. Only before SQLite is first used
// in the process; SQLITE_MISUSE after.
static inline int csqlite_stop_counting_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif