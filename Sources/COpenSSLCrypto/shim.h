#ifndef COPENSSLCRYPTO_SHIM_H
#define COPENSSLCRYPTO_SHIM_H

/*
 * The two primitives PulpeCrypto needs — PBKDF2-HMAC-SHA256 and SHA-256 — from the system's
 * OpenSSL libcrypto, rather than swift-crypto, whose own BoringSSL copy (369 C files) and Swift
 * layers took over a minute of every clean build, twice in CI (docs/decisions.md 63).
 *
 * libcrypto is opened on first use (dlopen), not linked: the PIN needs it, `pulpe status` does
 * not, and a linked library is loaded and relocated at every start. Its entry points are declared
 * here with OpenSSL 3's stable ABI, so building needs no OpenSSL headers; libcrypto.so.3 is on any
 * machine where Swift's Foundation networking runs (libcurl links it).
 */
#include <stddef.h>

#ifdef __APPLE__
/* Darwin has no libcrypto.so.3: CommonCrypto gives the same two functions. */
#include <CommonCrypto/CommonDigest.h>
#include <CommonCrypto/CommonKeyDerivation.h>

static inline int cossl_pbkdf2_sha256(const unsigned char *password, size_t password_length, const unsigned char *salt,
                                      size_t salt_length, int iterations, unsigned char *out, size_t out_length) {
    return CCKeyDerivationPBKDF(kCCPBKDF2, (const char *)password, password_length, salt, salt_length, kCCPRFHmacAlgSHA256,
                                (unsigned)iterations, out, out_length) == kCCSuccess ? 1 : 0;
}

static inline int cossl_sha256(const unsigned char *data, size_t length, unsigned char *out) {
    return CC_SHA256(data, (CC_LONG)length, out) ? 1 : -1;
}
#else
#include <dlfcn.h>
#include <pthread.h>

typedef const void *(*cossl_md_fn)(void);
typedef int (*cossl_pbkdf2_fn)(const char *, int, const unsigned char *, int, int, const void *, int, unsigned char *);
typedef unsigned char *(*cossl_sha256_fn)(const unsigned char *, size_t, unsigned char *);
typedef int (*cossl_init_fn)(unsigned long long, const void *);

/* OPENSSL_INIT_NO_ATEXIT (OpenSSL >= 1.1.1b): no OPENSSL_cleanup() from exit(). */
#define COSSL_INIT_NO_ATEXIT 0x00080000ULL

struct cossl_entry_points {
    cossl_pbkdf2_fn pbkdf2;
    cossl_md_fn sha256_md;
    cossl_sha256_fn sha256;
};

/* State lives in function-local statics: Swift emits the header's inline functions (and their
 * local statics) into the module that calls them, but not a file-scope static variable. */
static inline struct cossl_entry_points *cossl_storage(void) {
    static struct cossl_entry_points loaded;
    return &loaded;
}

static inline void cossl_load(void) {
    struct cossl_entry_points *loaded = cossl_storage();
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    /* The first init decides whether libcrypto registers OPENSSL_cleanup() with atexit. It must
     * not: the app returns from main while a key check may still be hashing on another thread,
     * and exit() then frees libcrypto's tables under that thread (a SIGSEGV at quit, seen in CI).
     * The kernel reclaims everything at exit anyway. */
    cossl_init_fn init = (cossl_init_fn)dlsym(library, "OPENSSL_init_crypto");
    if (init) init(COSSL_INIT_NO_ATEXIT, NULL);
    loaded->pbkdf2 = (cossl_pbkdf2_fn)dlsym(library, "PKCS5_PBKDF2_HMAC");
    loaded->sha256_md = (cossl_md_fn)dlsym(library, "EVP_sha256");
    loaded->sha256 = (cossl_sha256_fn)dlsym(library, "SHA256");
}

/* libcrypto's entry points, opened once (any entry NULL when it cannot be). */
static inline const struct cossl_entry_points *cossl_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cossl_load);
    return cossl_storage();
}

/* 1 on success, 0 on failure, -1 when libcrypto is missing. */
static inline int cossl_pbkdf2_sha256(const unsigned char *password, size_t password_length, const unsigned char *salt,
                                      size_t salt_length, int iterations, unsigned char *out, size_t out_length) {
    static const unsigned char empty[1] = {0};
    const struct cossl_entry_points *library = cossl_library();
    if (!library->pbkdf2 || !library->sha256_md) return -1;
    return library->pbkdf2((const char *)(password ? password : empty), (int)password_length, salt ? salt : empty,
                           (int)salt_length, iterations, library->sha256_md(), (int)out_length, out);
}

/* 1 with the 32-byte digest in `out`, -1 when libcrypto is missing. */
static inline int cossl_sha256(const unsigned char *data, size_t length, unsigned char *out) {
    static const unsigned char empty[1] = {0};
    const struct cossl_entry_points *library = cossl_library();
    if (!library->sha256) return -1;
    return library->sha256(data ? data : empty, length, out) ? 1 : -1;
}
#endif

#endif
