#ifndef CARGON2_SHIM_H
#define CARGON2_SHIM_H

/*
 * Argon2id from the system's libargon2 (Debian's libargon2-1, which cryptsetup and systemd pull
 * into any base system), opened on first use (dlopen) like libcrypto (COpenSSLCrypto): only a PIN
 * unlock needs it, and building needs no header. The one entry point is declared with the
 * reference implementation's stable ABI (argon2.h, 20171227).
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __APPLE__
static inline int cargon2_id_raw(uint32_t t_cost, uint32_t m_cost, uint32_t parallelism, const void *secret, size_t secret_length,
                                 const void *salt, size_t salt_length, void *out, size_t out_length) {
    return -1;
}
#else
#include <dlfcn.h>
#include <pthread.h>

typedef int (*cargon2_id_raw_fn)(const uint32_t, const uint32_t, const uint32_t, const void *, const size_t, const void *,
                                 const size_t, void *, const size_t);

/* Function-local static: Swift emits a header's inline functions into the calling module, not a
 * file-scope static variable (the same pattern as COpenSSLCrypto). */
static inline cargon2_id_raw_fn *cargon2_storage(void) {
    static cargon2_id_raw_fn loaded;
    return &loaded;
}

static inline void cargon2_load(void) {
    void *library = dlopen("libargon2.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libargon2.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *cargon2_storage() = (cargon2_id_raw_fn)dlsym(library, "argon2id_hash_raw");
}

/* 0 (ARGON2_OK) with `out_length` bytes in `out`; libargon2's negative error code otherwise; -1000
 * when the library is missing. `m_cost` in KiB. */
static inline int cargon2_id_raw(uint32_t t_cost, uint32_t m_cost, uint32_t parallelism, const void *secret, size_t secret_length,
                                 const void *salt, size_t salt_length, void *out, size_t out_length) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cargon2_load);
    cargon2_id_raw_fn hash = *cargon2_storage();
    if (!hash) return -1000;
    return hash(t_cost, m_cost, parallelism, secret, secret_length, salt, salt_length, out, out_length);
}
#endif

#endif
