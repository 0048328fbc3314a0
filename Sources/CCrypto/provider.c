// SQLCipher's cryptography, done by Nettle (Debian's nettle-dev, linked statically) instead of
// OpenSSL: AES-256-CBC, HMAC and PBKDF2 are Nettle's own functions, random bytes the kernel's
// (getrandom). This file only maps SQLCipher's provider interface (sqlcipher_register_provider,
// its documented way to bring other cryptography) onto those functions; nothing here is a
// cipher, a hash or a key derivation of its own.
//
// Why: OpenSSL 3 sets up its providers and builds a table of every algorithm at the first use
// in each process (about 3 ms and 12 million instructions with loading libcrypto), more than a
// one-shot command takes on a plain journal; Nettle needs no set-up. The file format is
// SQLCipher 4's, byte for byte: Debian's `sqlcipher` shell, on OpenSSL, opens what this writes
// and the other way round (EncryptionEngineTests).
//
// The provider's layout is SQLCipher 4.6's (src/sqlcipher.h of 4.6.1); later versions changed
// it, so it is installed only when sqlcipher_version() says 4.6. Otherwise SQLCipher keeps its
// OpenSSL provider (crypto.c forwards its calls to libcrypto), and journals still open.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/hmac.h>
#include <nettle/nettle-meta.h>
#include <nettle/pbkdf2.h>
#include <nettle/version.h>

// SHA-512's own function from libcrypto.a (linked statically: sha512.o, its AVX2 assembly and
// the CPU probe OpenSSL runs at start-up, nothing more; no provider, no set-up). It is about 30%
// faster than Nettle's C SHA-512 here (an HMAC of a 4 KiB page: 8.0 against 11.5 µs), and
// every page of an encrypted journal is checked with an HMAC-SHA512, so it serves as the hash of
// Nettle's HMAC (docs/encryption.md).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

#include "CCrypto.h"

// src/sqlcipher.h of SQLCipher 4.6.1, which Debian does not install.
typedef struct {
    int (*activate)(void *ctx);
    int (*deactivate)(void *ctx);
    const char *(*get_provider_name)(void *ctx);
    int (*add_random)(void *ctx, void *buffer, int length);
    int (*random)(void *ctx, void *buffer, int length);
    int (*hmac)(void *ctx, int algorithm, unsigned char *hmac_key, int key_sz, unsigned char *in, int in_sz,
                unsigned char *in2, int in2_sz, unsigned char *out);
    int (*kdf)(void *ctx, int algorithm, const unsigned char *pass, int pass_sz, unsigned char *salt, int salt_sz,
               int workfactor, int key_sz, unsigned char *key);
    int (*cipher)(void *ctx, int mode, unsigned char *key, int key_sz, unsigned char *iv, unsigned char *in, int in_sz,
                  unsigned char *out);
    const char *(*get_cipher)(void *ctx);
    int (*get_key_sz)(void *ctx);
    int (*get_iv_sz)(void *ctx);
    int (*get_block_sz)(void *ctx);
    int (*get_hmac_sz)(void *ctx, int algorithm);
    int (*ctx_init)(void **ctx);
    int (*ctx_free)(void **ctx);
    int (*fips_status)(void *ctx);
    const char *(*get_provider_version)(void *ctx);
} sqlcipher_provider;

extern int sqlcipher_register_provider(sqlcipher_provider *provider);
extern sqlcipher_provider *sqlcipher_get_provider(void);
extern void *sqlcipher_malloc(unsigned long long size);
extern char *sqlcipher_version(void);
extern void sqlite3_free(void *);

enum { OK = 0, ERROR = 1 };                        // SQLITE_OK, SQLITE_ERROR
enum { HMAC_SHA1 = 0, HMAC_SHA256 = 1, HMAC_SHA512 = 2 };  // SQLCIPHER_HMAC_* and _PBKDF2_*
enum { DECRYPT = 0, ENCRYPT = 1 };                 // CIPHER_DECRYPT, CIPHER_ENCRYPT
enum { KEY_SIZE = 32, IV_SIZE = 16, BLOCK_SIZE = 16 };

static int provider_ok(void *ctx) {
    (void)ctx;
    return OK;
}

static const char *provider_name(void *ctx) {
    (void)ctx;
    return "nettle";
}

static const char *provider_version(void *ctx) {
    (void)ctx;
    static char text[32];
    if (!text[0]) {
        snprintf(text, sizeof text, "Nettle %d.%d", nettle_version_major(), nettle_version_minor());
    }
    return text;
}

// SQLCipher's `PRAGMA cipher_add_random`: the kernel's generator needs nothing added.
static int add_random(void *ctx, void *buffer, int length) {
    (void)ctx, (void)buffer, (void)length;
    return OK;
}

static int random_bytes(void *ctx, void *buffer, int length) {
    (void)ctx;
    unsigned char *bytes = buffer;
    size_t left = length > 0 ? (size_t)length : 0;
    while (left > 0) {
        ssize_t got = getrandom(bytes, left, 0);
        if (got < 0) return ERROR;
        bytes += got;
        left -= (size_t)got;
    }
    return OK;
}

static void openssl_sha512_init(void *state) { SHA512_Init(state); }
static void openssl_sha512_update(void *state, size_t length, const uint8_t *data) { SHA512_Update(state, data, length); }
// As Nettle's digest functions do, writes the first `length` bytes and starts the state afresh.
static void openssl_sha512_digest(void *state, size_t length, uint8_t *digest) {
    uint8_t whole[SHA512_DIGEST_LENGTH];
    SHA512_Final(whole, state);
    memcpy(digest, whole, length < sizeof whole ? length : sizeof whole);
    explicit_bzero(whole, sizeof whole);
    SHA512_Init(state);
}
static const struct nettle_hash openssl_sha512 = {
    "sha512", sizeof(SHA512_CTX), SHA512_DIGEST_LENGTH, SHA512_CBLOCK,
    openssl_sha512_init, openssl_sha512_update, openssl_sha512_digest,
};

static int hmac(void *ctx, int algorithm, unsigned char *key, int key_sz, unsigned char *in, int in_sz,
                unsigned char *in2, int in2_sz, unsigned char *out) {
    (void)ctx;
    if (in == NULL || key_sz < 0 || in_sz < 0 || in2_sz < 0) return ERROR;
    switch (algorithm) {
    case HMAC_SHA1: {
        struct hmac_sha1_ctx state;
        hmac_sha1_set_key(&state, (size_t)key_sz, key);
        hmac_sha1_update(&state, (size_t)in_sz, in);
        if (in2 != NULL) hmac_sha1_update(&state, (size_t)in2_sz, in2);
        hmac_sha1_digest(&state, SHA1_DIGEST_SIZE, out);
        explicit_bzero(&state, sizeof state);
        return OK;
    }
    case HMAC_SHA256: {
        struct hmac_sha256_ctx state;
        hmac_sha256_set_key(&state, (size_t)key_sz, key);
        hmac_sha256_update(&state, (size_t)in_sz, in);
        if (in2 != NULL) hmac_sha256_update(&state, (size_t)in2_sz, in2);
        hmac_sha256_digest(&state, SHA256_DIGEST_SIZE, out);
        explicit_bzero(&state, sizeof state);
        return OK;
    }
    case HMAC_SHA512: {
        // Nettle's HMAC over OpenSSL's SHA-512 (above): outer, inner and running states.
        SHA512_CTX outer, inner, state;
        hmac_set_key(&outer, &inner, &state, &openssl_sha512, (size_t)key_sz, key);
        hmac_update(&state, &openssl_sha512, (size_t)in_sz, in);
        if (in2 != NULL) hmac_update(&state, &openssl_sha512, (size_t)in2_sz, in2);
        hmac_digest(&outer, &inner, &state, &openssl_sha512, SHA512_DIGEST_SIZE, out);
        explicit_bzero(&outer, sizeof outer);
        explicit_bzero(&inner, sizeof inner);
        explicit_bzero(&state, sizeof state);
        return OK;
    }
    default:
        return ERROR;
    }
}

static int kdf(void *ctx, int algorithm, const unsigned char *pass, int pass_sz, unsigned char *salt, int salt_sz,
               int workfactor, int key_sz, unsigned char *key) {
    (void)ctx;
    if (pass_sz < 0 || salt_sz < 0 || workfactor < 1 || key_sz < 1) return ERROR;
    switch (algorithm) {
    case HMAC_SHA1:
        pbkdf2_hmac_sha1((size_t)pass_sz, pass, (unsigned)workfactor, (size_t)salt_sz, salt, (size_t)key_sz, key);
        return OK;
    case HMAC_SHA256:
        pbkdf2_hmac_sha256((size_t)pass_sz, pass, (unsigned)workfactor, (size_t)salt_sz, salt, (size_t)key_sz, key);
        return OK;
    case HMAC_SHA512:
        pbkdf2_hmac_sha512((size_t)pass_sz, pass, (unsigned)workfactor, (size_t)salt_sz, salt, (size_t)key_sz, key);
        return OK;
    default:
        return ERROR;
    }
}

// AES-256 in CBC mode without padding, as SQLCipher asks OpenSSL for it. Nettle's CBC moves the
// IV along as it goes, and SQLCipher's IV lies in the page itself, so it is copied first.
static int cipher(void *ctx, int mode, unsigned char *key, int key_sz, unsigned char *iv, unsigned char *in,
                  int in_sz, unsigned char *out) {
    (void)ctx;
    if (key_sz != KEY_SIZE || in_sz < 0 || in_sz % BLOCK_SIZE != 0 || iv == NULL) return ERROR;
    struct aes256_ctx schedule;
    uint8_t chain[IV_SIZE];
    memcpy(chain, iv, IV_SIZE);
    if (mode == ENCRYPT) {
        aes256_set_encrypt_key(&schedule, key);
        cbc_encrypt(&schedule, (nettle_cipher_func *)aes256_encrypt, BLOCK_SIZE, chain, (size_t)in_sz, out, in);
    } else {
        aes256_set_decrypt_key(&schedule, key);
        cbc_decrypt(&schedule, (nettle_cipher_func *)aes256_decrypt, BLOCK_SIZE, chain, (size_t)in_sz, out, in);
    }
    explicit_bzero(&schedule, sizeof schedule);
    explicit_bzero(chain, sizeof chain);
    return OK;
}

// OpenSSL's short name of the cipher (OBJ_nid2sn), which `PRAGMA cipher` has always shown.
static const char *cipher_name(void *ctx) {
    (void)ctx;
    return "AES-256-CBC";
}

static int key_size(void *ctx) {
    (void)ctx;
    return KEY_SIZE;
}

static int iv_size(void *ctx) {
    (void)ctx;
    return IV_SIZE;
}

static int block_size(void *ctx) {
    (void)ctx;
    return BLOCK_SIZE;
}

static int hmac_size(void *ctx, int algorithm) {
    (void)ctx;
    switch (algorithm) {
    case HMAC_SHA1: return SHA1_DIGEST_SIZE;
    case HMAC_SHA256: return SHA256_DIGEST_SIZE;
    case HMAC_SHA512: return SHA512_DIGEST_SIZE;
    default: return 0;
    }
}

// Nettle keeps no state between calls: the context is a placeholder SQLCipher carries along.
static int context_init(void **ctx) {
    static int placeholder;
    *ctx = &placeholder;
    return OK;
}

static int context_free(void **ctx) {
    *ctx = NULL;
    return OK;
}

static int fips_status(void *ctx) {
    (void)ctx;
    return 0;
}

static int known_version(void) {
    static int known = -1;
    if (known < 0) {
        char *version = sqlcipher_version();
        known = version != NULL && strncmp(version, "4.6.", 4) == 0;
        sqlite3_free(version);
    }
    return known;
}

// When its last encrypted connection closes, SQLCipher frees its provider and the mutexes that
// guard it, but keeps pointers to those mutexes: registering a provider again then locks freed
// memory (a process that closes its journal and opens it again, as `decrypt` does, hung there).
// One keyed connection to an empty in-memory database, open for the process's life, keeps
// SQLCipher active from the first install on, so the provider is installed once. It is keyed
// with a raw key (no derivation) and never reads a page.
static void keep_activated(void) {
    static sqlite3 *keeper;
    if (keeper != NULL) return;
    if (sqlite3_open_v2(":memory:", &keeper, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        sqlite3_close_v2(keeper);
        keeper = NULL;
        return;
    }
    // SQLCipher's log is process-wide, and its first activation (the key below) sends it to
    // standard error at the level of warnings unless it has a destination: it gets /dev/null
    // first, and no level at all once active. A refused mlock (over RLIMIT_MEMLOCK) is no
    // error here, and SQLCipher would print it.
    sqlite3_exec(keeper, "PRAGMA cipher_log = '/dev/null'", NULL, NULL, NULL);
    static const char raw[] = "x'0000000000000000000000000000000000000000000000000000000000000000'";
    sqlite3_key_v2(keeper, "main", raw, (int)sizeof raw - 1);
    sqlite3_exec(keeper, "PRAGMA cipher_log_level = NONE", NULL, NULL, NULL);
}

int daybook_cipher_provider_install(void) {
    if (!known_version()) return 0;
    sqlcipher_provider *current = sqlcipher_get_provider();
    if (current != NULL && current->get_provider_name == provider_name) return 1;
    // SQLCipher frees the provider itself (sqlcipher_free) when the last encrypted connection
    // closes, so it is allocated by SQLCipher too, and installed again before the next one.
    sqlcipher_provider *provider = sqlcipher_malloc(sizeof *provider);
    if (provider == NULL) return 0;
    provider->activate = provider_ok;
    provider->deactivate = provider_ok;
    provider->get_provider_name = provider_name;
    provider->add_random = add_random;
    provider->random = random_bytes;
    provider->hmac = hmac;
    provider->kdf = kdf;
    provider->cipher = cipher;
    provider->get_cipher = cipher_name;
    provider->get_key_sz = key_size;
    provider->get_iv_sz = iv_size;
    provider->get_block_sz = block_size;
    provider->get_hmac_sz = hmac_size;
    provider->ctx_init = context_init;
    provider->ctx_free = context_free;
    provider->fips_status = fips_status;
    provider->get_provider_version = provider_version;
    if (sqlcipher_register_provider(provider) != OK) return 0;
    keep_activated();
    return 1;
}

int daybook_derive_key(const unsigned char *passphrase, int length, const unsigned char *salt, unsigned char *key) {
    if (length < 0) return 0;
    pbkdf2_hmac_sha512((size_t)length, passphrase, 256000, 16, salt, 32, key);
    return 1;
}
