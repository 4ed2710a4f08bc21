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
#include <dlfcn.h>

typedef const void *(*cossl_md_fn)(void);
typedef int (*cossl_pbkdf2_fn)(const char *, int, const unsigned char *, int, int, const void *, int, unsigned char *);
typedef unsigned char *(*cossl_sha256_fn)(const unsigned char *, size_t, unsigned char *);

/* libcrypto's handle, or NULL when it cannot be opened. Racing first calls open it twice at worst:
 * dlopen counts references and returns the same handle. */
static inline void *cossl_library(void) {
    static void *handle;
    if (!handle) handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!handle) handle = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    return handle;
}

/* Whether libcrypto and the three functions are there. */
static inline int cossl_available(void) {
    void *library = cossl_library();
    return library && dlsym(library, "PKCS5_PBKDF2_HMAC") && dlsym(library, "EVP_sha256") && dlsym(library, "SHA256");
}

/* 1 on success, 0 on failure, -1 when libcrypto is missing. */
static inline int cossl_pbkdf2_sha256(const unsigned char *password, size_t password_length, const unsigned char *salt,
                                      size_t salt_length, int iterations, unsigned char *out, size_t out_length) {
    static const unsigned char empty[1] = {0};
    void *library = cossl_library();
    if (!library) return -1;
    cossl_pbkdf2_fn pbkdf2 = (cossl_pbkdf2_fn)dlsym(library, "PKCS5_PBKDF2_HMAC");
    cossl_md_fn sha256 = (cossl_md_fn)dlsym(library, "EVP_sha256");
    if (!pbkdf2 || !sha256) return -1;
    return pbkdf2((const char *)(password ? password : empty), (int)password_length, salt ? salt : empty, (int)salt_length,
                  iterations, sha256(), (int)out_length, out);
}

/* 1 with the 32-byte digest in `out`, -1 when libcrypto is missing. */
static inline int cossl_sha256(const unsigned char *data, size_t length, unsigned char *out) {
    static const unsigned char empty[1] = {0};
    void *library = cossl_library();
    if (!library) return -1;
    cossl_sha256_fn sha256 = (cossl_sha256_fn)dlsym(library, "SHA256");
    if (!sha256) return -1;
    return sha256(data ? data : empty, length, out) ? 1 : -1;
}

#endif
