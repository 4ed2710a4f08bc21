#ifndef PULPE_SEALED_FILES_H
#define PULPE_SEALED_FILES_H
/*
 * Sealed SQLite files (docs/decisions.md 83): a VFS shim over the system's default VFS
 * that encrypts, with a 64-byte data key registered for a database path, every page of that
 * database and of its write-ahead log (AES-256-XTS, one data unit per 4096-byte page, the page's
 * place as the tweak) and any other file SQLite opens beside it (a rollback journal: AES-256-CTR
 * by offset). Files with no key registered pass through untouched, so the VFS can be the
 * process's default: GRDB opens databases without naming a VFS.
 *
 * Also the two primitives that keep the data key: AES-256-GCM to wrap it with the client key,
 * and the system's random bytes. libcrypto is opened on first use (dlopen), as COpenSSLCrypto does.
 */
#include <stddef.h>

/* The data unit: a sealed database must use 4096-byte pages (SQLite's default). A sealed
 * database whose header says another size is refused (SQLITE_NOTADB), written or read, and so is
 * a write-ahead log whose header does. */
#define PULPE_SEALED_PAGE 4096
#define PULPE_SEALED_KEY_BYTES 64

/* Registers the VFS as the default (once; later calls are no-ops). 0 on success, -1 when
 * libcrypto cannot be opened, else an SQLite error code. */
int pulpe_sealed_install(void);

/* Seals `path` (a database's full path, as given to SQLite) and its -wal/-journal with `key`
 * (64 bytes, two different halves); replaces an earlier key for the path. 0 on success; else
 * SQLITE_FULL when 1024 paths are registered already, SQLITE_MISUSE or SQLITE_NOMEM — and the
 * file must then not be opened: without a key it would pass through in clear. */
int pulpe_sealed_register(const char *path, const unsigned char *key);

/* Forgets the key of `path`: files opened afterwards pass through (open ones keep their key). */
void pulpe_sealed_forget(const char *path);

/* 1 when `path` is registered now. */
int pulpe_sealed_is_registered(const char *path);

/* `count` random bytes from libcrypto's generator. 1 on success. */
int pulpe_sealed_random(unsigned char *out, int count);

/* AES-256-GCM with a 12-byte nonce and a 16-byte tag; `ad` (`ad_length` bytes, none when 0) is
 * authenticated, not encrypted: the account a data key's wrap belongs to. 1 on success; open
 * returns 0 when the tag does not match (wrong key, other associated data, or damage), -1 when
 * libcrypto is missing. */
int pulpe_sealed_gcm_seal(const unsigned char *key, const unsigned char *nonce, const unsigned char *plain, int length,
                          const unsigned char *ad, int ad_length, unsigned char *sealed, unsigned char *tag);
int pulpe_sealed_gcm_open(const unsigned char *key, const unsigned char *nonce, const unsigned char *sealed, int length,
                          const unsigned char *ad, int ad_length, const unsigned char *tag, unsigned char *plain);

#endif
