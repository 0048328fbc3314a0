#ifndef DAYBOOK_CSQLITE_SHIM_H
#define DAYBOOK_CSQLITE_SHIM_H
// SQLCipher 4 (Debian's libsqlcipher-dev, from bookworm-backports): SQLite with encryption, the
// one engine of plain and encrypted journals alike. Linked statically (DaybookCore's linker
// settings): the system's libsqlite3 is never linked beside it.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>
#include <openssl/evp.h>

// SQLITE_TRANSIENT is a macro with a cast that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// SQLCipher 4's key derivation: PBKDF2-HMAC-SHA512 of the passphrase, with the file's 16-byte
// salt (its first bytes), 256,000 iterations, a 32-byte key. With that raw key a journal opens
// without the derivation (`PRAGMA key = "x'...'"`). Returns 1 on success.
static inline int csqlite_derive_key(const char *passphrase, int length, const unsigned char *salt,
                                     unsigned char *key) {
    return PKCS5_PBKDF2_HMAC(passphrase, length, salt, 16, 256000, EVP_sha512(), 32, key);
}
#endif
