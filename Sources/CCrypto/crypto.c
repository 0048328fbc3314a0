// The libcrypto functions that SQLCipher's OpenSSL provider calls (every symbol `nm -u
// libsqlcipher.a` lists that libcrypto.so.3 defines), each
// forwarded to libcrypto.so.3 loaded with dlopen at the first call. Linked instead of -lcrypto,
// so that a process that opens only plain journals never maps libcrypto (1.4 MiB of memory and
// its relocations at every start). If the library is missing, every function fails as OpenSSL
// does when it cannot allocate (NULL or 0), and daybook_crypto_available() says so first.
//
// The types are OpenSSL's own, written as what they are to the ABI (pointers to opaque
// structures, int, size_t, unsigned long), so that no OpenSSL header is needed to build.

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include "CCrypto.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
}

static void *symbol(const char *name) {
    pthread_once(&once, load);
    return library ? dlsym(library, name) : NULL;
}

int daybook_crypto_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

// One forwarder: the function's pointer is looked up once and kept.
#define FORWARD(ret, fail, name, params, args)                                   \
    ret name params {                                                            \
        static ret(*fn) params;                                                  \
        if (!fn) fn = (ret(*) params)symbol(#name);                              \
        if (!fn) return fail;                                                    \
        return fn args;                                                          \
    }
#define FORWARD_VOID(name, params, args)                                         \
    void name params {                                                           \
        static void(*fn) params;                                                 \
        if (!fn) fn = (void(*) params)symbol(#name);                             \
        if (fn) fn args;                                                         \
    }

typedef void *ptr;
typedef const void *cptr;

FORWARD(unsigned long, 0, ERR_get_error, (void), ())
FORWARD(ptr, NULL, EVP_CIPHER_CTX_new, (void), ())
FORWARD_VOID(EVP_CIPHER_CTX_free, (ptr ctx), (ctx))
FORWARD(int, 0, EVP_CIPHER_CTX_set_padding, (ptr ctx, int pad), (ctx, pad))
FORWARD(int, 0, EVP_CIPHER_get_block_size, (cptr cipher), (cipher))
FORWARD(int, 0, EVP_CIPHER_get_iv_length, (cptr cipher), (cipher))
FORWARD(int, 0, EVP_CIPHER_get_key_length, (cptr cipher), (cipher))
FORWARD(int, 0, EVP_CIPHER_get_nid, (cptr cipher), (cipher))
FORWARD(int, 0, EVP_CipherFinal_ex, (ptr ctx, unsigned char *out, int *outl), (ctx, out, outl))
FORWARD(int, 0, EVP_CipherInit_ex,
        (ptr ctx, cptr cipher, ptr engine, const unsigned char *key, const unsigned char *iv, int enc),
        (ctx, cipher, engine, key, iv, enc))
FORWARD(int, 0, EVP_CipherUpdate, (ptr ctx, unsigned char *out, int *outl, const unsigned char *in, int inl),
        (ctx, out, outl, in, inl))
FORWARD(ptr, NULL, EVP_MAC_CTX_new, (ptr mac), (mac))
FORWARD_VOID(EVP_MAC_CTX_free, (ptr ctx), (ctx))
FORWARD(ptr, NULL, EVP_MAC_fetch, (ptr libctx, const char *algorithm, const char *properties),
        (libctx, algorithm, properties))
FORWARD_VOID(EVP_MAC_free, (ptr mac), (mac))
FORWARD(int, 0, EVP_MAC_init, (ptr ctx, const unsigned char *key, size_t keylen, cptr params),
        (ctx, key, keylen, params))
FORWARD(int, 0, EVP_MAC_update, (ptr ctx, const unsigned char *data, size_t datalen), (ctx, data, datalen))
FORWARD(int, 0, EVP_MAC_final, (ptr ctx, unsigned char *out, size_t *outl, size_t outsize),
        (ctx, out, outl, outsize))
FORWARD(int, 0, EVP_MD_get_size, (cptr md), (md))
FORWARD(cptr, NULL, EVP_aes_256_cbc, (void), ())
FORWARD(cptr, NULL, EVP_sha1, (void), ())
FORWARD(cptr, NULL, EVP_sha256, (void), ())
FORWARD(cptr, NULL, EVP_sha512, (void), ())
FORWARD(int, 0, PKCS5_PBKDF2_HMAC,
        (const char *pass, int passlen, const unsigned char *salt, int saltlen, int iter, cptr digest, int keylen,
         unsigned char *out),
        (pass, passlen, salt, saltlen, iter, digest, keylen, out))
FORWARD_VOID(RAND_add, (const void *buf, int num, double randomness), (buf, num, randomness))
FORWARD(int, 0, RAND_bytes, (unsigned char *buf, int num), (buf, num))
FORWARD(const char *, "UNDEF", OBJ_nid2sn, (int nid), (nid))
FORWARD(const char *, "libcrypto.so.3 not loaded", OpenSSL_version, (int type), (type))

char *ERR_error_string(unsigned long e, char *buf) {
    static char *(*fn)(unsigned long, char *);
    static char missing[] = "libcrypto.so.3 (Debian's libssl3) is not installed";
    if (!fn) fn = (char *(*)(unsigned long, char *))symbol("ERR_error_string");
    if (!fn) {
        if (buf) {
            snprintf(buf, 256, "%s", missing);
            return buf;
        }
        return missing;
    }
    return fn(e, buf);
}
