#ifndef DAYBOOK_CCRYPTO_H
#define DAYBOOK_CCRYPTO_H

/// Loads libcrypto (OpenSSL 3, Debian's libssl3) for SQLCipher, once; true when it is there.
/// Plain journals never call it, so they never load libcrypto: every start stays as small as
/// it was before SQLCipher became the engine.
int daybook_crypto_available(void);

/// Makes Nettle SQLCipher's cryptography (provider.c) for the connections keyed from now on;
/// called before each journal is keyed, since SQLCipher drops its provider when the last
/// encrypted connection closes. 1 when installed; 0 leaves SQLCipher's OpenSSL provider.
int daybook_cipher_provider_install(void);

/// SQLCipher 4's key derivation of a passphrase (PBKDF2-HMAC-SHA512, 256,000 iterations, a
/// 16-byte salt, a 32-byte key), by Nettle. 1 on success.
int daybook_derive_key(const unsigned char *passphrase, int length, const unsigned char *salt,
                       unsigned char *key);

/// Gives SQLite a page cache of `slots` pages of `pageSize` bytes in memory of its own, locked
/// against swap as each page is first used and left out of core dumps (pagecache.c). Only before
/// SQLite is first used in the process; once per process. 2 when the memory is locked, 1 when it
/// is SQLite's page cache but could not be locked (RLIMIT_MEMLOCK), 0 when it is not used.
int daybook_lock_page_cache(int slots, int pageSize);

#endif
