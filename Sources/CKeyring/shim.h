#ifndef CKEYRING_SHIM_H
#define CKEYRING_SHIM_H

/*
 * The kernel key retention service (keyrings(7)), called through syscall(2) directly: the
 * three calls libkeyutils wraps, without a library to install or link (docs/decisions.md 36).
 * Swift cannot call the variadic syscall(), hence these fixed-arity wrappers.
 */
#include <stddef.h>
#include <stdint.h>
#include <errno.h>

#ifdef __linux__
#include <unistd.h>
#include <sys/syscall.h>

static inline int32_t ckr_add_key(const char *type, const char *description, const void *payload, size_t length,
                                  int32_t keyring) {
    return (int32_t)syscall(SYS_add_key, type, description, payload, length, keyring);
}
/* KEYCTL_GET_KEYRING_ID (0): the serial behind a special id (-3 session, -5 user session). */
static inline int32_t ckr_keyring_id(int32_t special, int create) {
    return (int32_t)syscall(SYS_keyctl, 0, special, create);
}
/* KEYCTL_SEARCH (10), no destination keyring. */
static inline int32_t ckr_search(int32_t keyring, const char *type, const char *description) {
    return (int32_t)syscall(SYS_keyctl, 10, keyring, type, description, 0);
}
/* KEYCTL_READ (11): the payload's length, or -1. */
static inline long ckr_read(int32_t key, void *buffer, size_t length) {
    return syscall(SYS_keyctl, 11, key, buffer, length);
}
/* KEYCTL_INVALIDATE (21, Linux 3.13+), else KEYCTL_REVOKE (3). */
static inline int ckr_invalidate(int32_t key) {
    if (syscall(SYS_keyctl, 21, key) == 0) return 0;
    return (int)syscall(SYS_keyctl, 3, key);
}
/* KEYCTL_SET_TIMEOUT (15): the key expires `seconds` from now (0: never). The kept client key's
 * time to live (key_ttl), renewed at each use. */
static inline int ckr_set_timeout(int32_t key, unsigned int seconds) {
    return (int)syscall(SYS_keyctl, 15, key, seconds);
}
#define CKR_AVAILABLE 1
#else
#define CKR_AVAILABLE 0
#endif

#ifndef __linux__
static inline int ckr_set_timeout(int32_t key, unsigned int seconds) { (void)key; (void)seconds; return -1; }
#endif
static inline int ckr_available(void) { return CKR_AVAILABLE; }
static inline int ckr_errno(void) { return errno; }

#endif
