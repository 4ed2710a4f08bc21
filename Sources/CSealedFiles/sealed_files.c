/*
 * Sealed SQLite files: see include/sealed_files.h and docs/decisions.md 83.
 *
 * Layout. A sealed database's file is a run of 4096-byte pages; each is one AES-256-XTS data unit
 * whose tweak is the page's number, so a page written whole is encrypted whole and no write
 * touches a neighbour. Its write-ahead log keeps SQLite's 32-byte header and each frame's
 * 24-byte header in clear (page numbers, salts and checksums: no names, no amounts) and seals
 * each frame's page as one unit, tweaked by the frame's number in a separate domain. Any other
 * file opened for the database (a rollback journal) is XORed with AES-256-CTR by offset. A page
 * read back as all zeros is a hole SQLite never wrote (a file extended, a short read): it stays
 * zeros. The write-ahead log's index (-shm) holds frame and page numbers only and passes through.
 *
 * Memory-mapped reads are refused for sealed files (xFetch answers no page), so every read comes
 * through xRead and is decrypted.
 */
#include "sealed_files.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __linux__
#include <dlfcn.h>
#include <pthread.h>

/* ---- libcrypto, opened on first use ---------------------------------------------------------- */

typedef const void *(*cipher_fn)(void);
typedef int (*init_fn)(void *ctx, const void *cipher, void *engine, const unsigned char *key, const unsigned char *iv);
typedef int (*update_fn)(void *ctx, unsigned char *out, int *out_length, const unsigned char *in, int in_length);
typedef int (*final_fn)(void *ctx, unsigned char *out, int *out_length);

static struct {
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    cipher_fn xts, ctr, gcm;
    init_fn encrypt_init, decrypt_init;
    update_fn encrypt_update, decrypt_update;
    final_fn encrypt_final, decrypt_final;
    int (*ctrl)(void *ctx, int type, int arg, void *ptr);
    int (*random)(unsigned char *out, int count);
    int ready;
} crypto;

#define GCM_SET_IVLEN 0x9
#define GCM_GET_TAG 0x10
#define GCM_SET_TAG 0x11
/* OPENSSL_INIT_NO_ATEXIT: no OPENSSL_cleanup() from exit() under a thread still using it.
 * OPENSSL_INIT_NO_LOAD_CONFIG: the system's openssl.cnf is not read for sealing (a millisecond of
 * every start); the TLS shim's own init still loads it when https is first used. */
#define INIT_NO_ATEXIT 0x00080000ULL
#define INIT_NO_LOAD_CONFIG 0x00000080ULL

static void load_crypto(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    int (*init)(unsigned long long, const void *) = (int (*)(unsigned long long, const void *))dlsym(library, "OPENSSL_init_crypto");
    if (init) init(INIT_NO_ATEXIT | INIT_NO_LOAD_CONFIG, NULL);
    crypto.ctx_new = (void *(*)(void))dlsym(library, "EVP_CIPHER_CTX_new");
    crypto.ctx_free = (void (*)(void *))dlsym(library, "EVP_CIPHER_CTX_free");
    crypto.xts = (cipher_fn)dlsym(library, "EVP_aes_256_xts");
    crypto.ctr = (cipher_fn)dlsym(library, "EVP_aes_256_ctr");
    crypto.gcm = (cipher_fn)dlsym(library, "EVP_aes_256_gcm");
    crypto.encrypt_init = (init_fn)dlsym(library, "EVP_EncryptInit_ex");
    crypto.decrypt_init = (init_fn)dlsym(library, "EVP_DecryptInit_ex");
    crypto.encrypt_update = (update_fn)dlsym(library, "EVP_EncryptUpdate");
    crypto.decrypt_update = (update_fn)dlsym(library, "EVP_DecryptUpdate");
    crypto.encrypt_final = (final_fn)dlsym(library, "EVP_EncryptFinal_ex");
    crypto.decrypt_final = (final_fn)dlsym(library, "EVP_DecryptFinal_ex");
    crypto.ctrl = (int (*)(void *, int, int, void *))dlsym(library, "EVP_CIPHER_CTX_ctrl");
    crypto.random = (int (*)(unsigned char *, int))dlsym(library, "RAND_bytes");
    crypto.ready = crypto.ctx_new && crypto.ctx_free && crypto.xts && crypto.ctr && crypto.gcm && crypto.encrypt_init &&
                   crypto.decrypt_init && crypto.encrypt_update && crypto.decrypt_update && crypto.encrypt_final &&
                   crypto.decrypt_final && crypto.ctrl && crypto.random;
}

static int crypto_ready(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_crypto);
    return crypto.ready;
}

int pulpe_sealed_random(unsigned char *out, int count) {
    if (!crypto_ready()) return -1;
    return crypto.random(out, count) == 1 ? 1 : 0;
}

int pulpe_sealed_gcm_seal(const unsigned char *key, const unsigned char *nonce, const unsigned char *plain, int length,
                          const unsigned char *ad, int ad_length, unsigned char *sealed, unsigned char *tag) {
    if (!crypto_ready()) return -1;
    void *ctx = crypto.ctx_new();
    if (!ctx) return 0;
    int out = 0, ok = crypto.encrypt_init(ctx, crypto.gcm(), NULL, NULL, NULL) == 1 &&
                      crypto.ctrl(ctx, GCM_SET_IVLEN, 12, NULL) == 1 &&
                      crypto.encrypt_init(ctx, NULL, NULL, key, nonce) == 1 &&
                      (ad_length == 0 || crypto.encrypt_update(ctx, NULL, &out, ad, ad_length) == 1) &&
                      crypto.encrypt_update(ctx, sealed, &out, plain, length) == 1 &&
                      crypto.encrypt_final(ctx, sealed + out, &out) == 1 && crypto.ctrl(ctx, GCM_GET_TAG, 16, tag) == 1;
    crypto.ctx_free(ctx);
    return ok ? 1 : 0;
}

int pulpe_sealed_gcm_open(const unsigned char *key, const unsigned char *nonce, const unsigned char *sealed, int length,
                          const unsigned char *ad, int ad_length, const unsigned char *tag, unsigned char *plain) {
    if (!crypto_ready()) return -1;
    void *ctx = crypto.ctx_new();
    if (!ctx) return 0;
    unsigned char expected[16];
    memcpy(expected, tag, 16);
    int out = 0, ok = crypto.decrypt_init(ctx, crypto.gcm(), NULL, NULL, NULL) == 1 &&
                      crypto.ctrl(ctx, GCM_SET_IVLEN, 12, NULL) == 1 &&
                      crypto.decrypt_init(ctx, NULL, NULL, key, nonce) == 1 &&
                      (ad_length == 0 || crypto.decrypt_update(ctx, NULL, &out, ad, ad_length) == 1) &&
                      crypto.decrypt_update(ctx, plain, &out, sealed, length) == 1 &&
                      crypto.ctrl(ctx, GCM_SET_TAG, 16, expected) == 1 &&
                      crypto.decrypt_final(ctx, plain + out, &out) == 1;
    crypto.ctx_free(ctx);
    return ok ? 1 : 0;
}

/* ---- the key registry ------------------------------------------------------------------------ */

/* The registry grows as paths are registered (a process seals a few files: the cache, the outbox,
 * a copy being sealed; a test process many more, some never forgotten), up to MAX_SEALED — past
 * that a registration fails (SQLITE_FULL) and the caller opens nothing (decision 98). A key never
 * lingers in freed memory: the old array is zeroed before it is freed. */
#define MAX_SEALED 1024

typedef struct {
    char *path;
    unsigned char key[PULPE_SEALED_KEY_BYTES];
} sealed_slot;

static sealed_slot *registry;
static int registry_count;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs *root_vfs;

/* The name SQLite will give the file (its VFS's full pathname: absolute, links resolved), in a
 * new string; `path` itself when the VFS is not installed or cannot say. */
static char *canonical(const char *path) {
    if (root_vfs) {
        int size = root_vfs->mxPathname + 1;
        char *out = malloc((size_t)size);
        if (out && root_vfs->xFullPathname(root_vfs, path, size, out) == SQLITE_OK) return out;
        free(out);
    }
    return strdup(path);
}

/* Doubles the registry (8 places first); 0 when it is at MAX_SEALED or memory is short. Under the lock. */
static int grow_registry(void) {
    int count = registry_count ? registry_count * 2 : 8;
    if (count > MAX_SEALED) return 0;
    sealed_slot *grown = calloc((size_t)count, sizeof *grown);
    if (!grown) return 0;
    if (registry) {
        memcpy(grown, registry, (size_t)registry_count * sizeof *registry);
        memset(registry, 0, (size_t)registry_count * sizeof *registry);
        free(registry);
    }
    registry = grown;
    registry_count = count;
    return 1;
}

int pulpe_sealed_register(const char *given, const unsigned char *key) {
    if (!given || !key || memcmp(key, key + 32, 32) == 0) return SQLITE_MISUSE;
    char *path = canonical(given);
    if (!path) return SQLITE_NOMEM;
    int rc = SQLITE_FULL;
    pthread_mutex_lock(&registry_lock);
    int free_slot = -1;
    for (int i = 0; i < registry_count; i++) {
        if (registry[i].path && strcmp(registry[i].path, path) == 0) {
            memcpy(registry[i].key, key, PULPE_SEALED_KEY_BYTES);
            rc = SQLITE_OK;
            break;
        }
        if (!registry[i].path && free_slot < 0) free_slot = i;
    }
    if (rc != SQLITE_OK && free_slot < 0) {
        int before = registry_count;
        if (grow_registry()) free_slot = before;
    }
    if (rc != SQLITE_OK && free_slot >= 0) {
        registry[free_slot].path = path;
        path = NULL;
        memcpy(registry[free_slot].key, key, PULPE_SEALED_KEY_BYTES);
        rc = SQLITE_OK;
    }
    pthread_mutex_unlock(&registry_lock);
    free(path);
    return rc;
}

void pulpe_sealed_forget(const char *given) {
    char *path = canonical(given);
    if (!path) return;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < registry_count; i++) {
        if (registry[i].path && strcmp(registry[i].path, path) == 0) {
            free(registry[i].path);
            registry[i].path = NULL;
            memset(registry[i].key, 0, PULPE_SEALED_KEY_BYTES);
        }
    }
    pthread_mutex_unlock(&registry_lock);
    free(path);
}

int pulpe_sealed_is_registered(const char *given) {
    char *path = canonical(given);
    if (!path) return 0;
    int found = 0;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < registry_count; i++) {
        if (registry[i].path && strcmp(registry[i].path, path) == 0) found = 1;
    }
    pthread_mutex_unlock(&registry_lock);
    free(path);
    return found;
}

/* The key for `name` with `suffix` removed from its end; 1 when found. */
static int lookup(const char *name, const char *suffix, unsigned char *key) {
    size_t length = strlen(name), suffix_length = strlen(suffix);
    if (length < suffix_length || strcmp(name + length - suffix_length, suffix) != 0) return 0;
    size_t base = length - suffix_length;
    int found = 0;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < registry_count && !found; i++) {
        if (registry[i].path && strlen(registry[i].path) == base && strncmp(registry[i].path, name, base) == 0) {
            memcpy(key, registry[i].key, PULPE_SEALED_KEY_BYTES);
            found = 1;
        }
    }
    pthread_mutex_unlock(&registry_lock);
    return found;
}

/* ---- the file shim --------------------------------------------------------------------------- */

enum { KIND_CLEAR = -1, KIND_DATABASE = 0, KIND_LOG = 1, KIND_OTHER = 2 };
#define PAGE PULPE_SEALED_PAGE
#define LOG_HEADER 32
#define FRAME_HEADER 24

typedef struct sealed_file {
    sqlite3_file base;
    sqlite3_file *real;
    int kind;
    void *encrypt; /* XTS (pages) or CTR (other files) */
    void *decrypt; /* XTS only */
    unsigned char scratch[PAGE];
} sealed_file;

/* The real file sits after the shim's struct, 8-byte aligned. */
#define SHIM_SIZE ((int)((sizeof(sealed_file) + 7) & ~(size_t)7))

static sqlite3_vfs sealed_vfs;

/* Where `offset` falls: [start, end) of its region, and the unit number, or -1 when in clear. */
static void region(int kind, sqlite3_int64 offset, sqlite3_int64 *start, sqlite3_int64 *end, sqlite3_int64 *unit) {
    if (kind == KIND_DATABASE) {
        *unit = offset / PAGE;
        *start = *unit * PAGE;
        *end = *start + PAGE;
        return;
    }
    if (offset < LOG_HEADER) {
        *unit = -1;
        *start = 0;
        *end = LOG_HEADER;
        return;
    }
    sqlite3_int64 frame = (offset - LOG_HEADER) / (FRAME_HEADER + PAGE);
    sqlite3_int64 frame_start = LOG_HEADER + frame * (FRAME_HEADER + PAGE);
    if (offset < frame_start + FRAME_HEADER) {
        *unit = -1;
        *start = frame_start;
        *end = frame_start + FRAME_HEADER;
    } else {
        *unit = frame;
        *start = frame_start + FRAME_HEADER;
        *end = *start + PAGE;
    }
}

static void tweak_for(int kind, sqlite3_int64 unit, unsigned char tweak[16]) {
    memset(tweak, 0, 16);
    uint64_t number = (uint64_t)unit;
    for (int i = 0; i < 8; i++) tweak[i] = (unsigned char)(number >> (8 * i));
    tweak[15] = (unsigned char)kind;
}

static int is_zero(const unsigned char *bytes, int length) {
    for (int i = 0; i < length; i++) {
        if (bytes[i]) return 0;
    }
    return 1;
}

/* Whether `page` (a database's first, in clear) is SQLite's header saying a page size other than
 * PAGE. Such a database's pages would not be the cipher's units and its log's frames would not sit
 * where `region` seals them: it is refused, written or read (decision 98). */
static int wrong_page_size(const unsigned char *page) {
    static const unsigned char magic[16] = "SQLite format 3";
    if (memcmp(page, magic, sizeof magic) != 0) return 0;
    unsigned size = ((unsigned)page[16] << 8) | page[17];
    return (size == 1 ? 65536u : size) != PAGE;
}

/* Whether a write-ahead log's header (`count` bytes at offset 0) says a page size other than PAGE. */
static int wrong_log_page_size(const unsigned char *header, int count) {
    if (count < 12) return 0;
    unsigned size = ((unsigned)header[8] << 24) | ((unsigned)header[9] << 16) | ((unsigned)header[10] << 8) | header[11];
    return size != PAGE;
}

/* Decrypts one page in place (a page of zeros is a hole and stays zeros). */
static int open_page(sealed_file *p, sqlite3_int64 unit, unsigned char *page) {
    if (is_zero(page, PAGE)) return SQLITE_OK;
    unsigned char tweak[16];
    tweak_for(p->kind, unit, tweak);
    int out = 0;
    if (crypto.decrypt_init(p->decrypt, NULL, NULL, NULL, tweak) != 1 ||
        crypto.decrypt_update(p->decrypt, page, &out, page, PAGE) != 1)
        return SQLITE_IOERR_READ;
    return SQLITE_OK;
}

/* Encrypts `plain` (one page) into `sealed`, which may be the same buffer. */
static int seal_page(sealed_file *p, sqlite3_int64 unit, const unsigned char *plain, unsigned char *sealed) {
    unsigned char tweak[16];
    tweak_for(p->kind, unit, tweak);
    int out = 0;
    if (crypto.encrypt_init(p->encrypt, NULL, NULL, NULL, tweak) != 1 ||
        crypto.encrypt_update(p->encrypt, sealed, &out, plain, PAGE) != 1)
        return SQLITE_IOERR_WRITE;
    return SQLITE_OK;
}

/* XORs `length` bytes at file `offset` with the CTR stream (in place). */
static int stream(sealed_file *p, unsigned char *bytes, int length, sqlite3_int64 offset) {
    unsigned char counter[16];
    memset(counter, 0, 16);
    uint64_t block = (uint64_t)offset / 16;
    for (int i = 0; i < 8; i++) counter[15 - i] = (unsigned char)(block >> (8 * i));
    counter[0] = KIND_OTHER;
    int out = 0;
    if (crypto.encrypt_init(p->encrypt, NULL, NULL, NULL, counter) != 1) return 0;
    int skip = (int)(offset % 16);
    if (skip) {
        unsigned char discard[16] = {0};
        if (crypto.encrypt_update(p->encrypt, discard, &out, discard, skip) != 1) return 0;
    }
    return crypto.encrypt_update(p->encrypt, bytes, &out, bytes, length) == 1;
}

static int sealed_close(sqlite3_file *file) {
    sealed_file *p = (sealed_file *)file;
    int rc = p->real->pMethods ? p->real->pMethods->xClose(p->real) : SQLITE_OK;
    if (p->encrypt) crypto.ctx_free(p->encrypt);
    if (p->decrypt) crypto.ctx_free(p->decrypt);
    p->encrypt = p->decrypt = NULL;
    memset(p->scratch, 0, PAGE);
    return rc;
}

static int sealed_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    sealed_file *p = (sealed_file *)file;
    sqlite3_file *real = p->real;
    if (p->kind == KIND_CLEAR) return real->pMethods->xRead(real, buffer, amount, offset);
    if (p->kind == KIND_OTHER) {
        int rc = real->pMethods->xRead(real, buffer, amount, offset);
        if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
        sqlite3_int64 size = 0;
        if (real->pMethods->xFileSize(real, &size) != SQLITE_OK) return SQLITE_IOERR_READ;
        sqlite3_int64 present = size - offset < amount ? size - offset : amount;
        if (present > 0 && !stream(p, buffer, (int)present, offset)) return SQLITE_IOERR_READ;
        return rc;
    }
    unsigned char *out = buffer;
    sqlite3_int64 position = offset;
    int left = amount, result = SQLITE_OK;
    while (left > 0) {
        sqlite3_int64 start, end, unit;
        region(p->kind, position, &start, &end, &unit);
        int count = (int)(end - position < left ? end - position : left);
        int rc;
        if (unit < 0) {
            rc = real->pMethods->xRead(real, out, count, position);
        } else if (position == start && count == PAGE) {
            rc = real->pMethods->xRead(real, out, PAGE, start);
            if (rc == SQLITE_OK || rc == SQLITE_IOERR_SHORT_READ) {
                int opened = open_page(p, unit, out);
                if (opened != SQLITE_OK) return opened;
                if (p->kind == KIND_DATABASE && unit == 0 && wrong_page_size(out)) return SQLITE_NOTADB;
            }
        } else {
            rc = real->pMethods->xRead(real, p->scratch, PAGE, start);
            if (rc == SQLITE_OK || rc == SQLITE_IOERR_SHORT_READ) {
                int opened = open_page(p, unit, p->scratch);
                if (opened != SQLITE_OK) return opened;
                if (p->kind == KIND_DATABASE && unit == 0 && wrong_page_size(p->scratch)) return SQLITE_NOTADB;
                memcpy(out, p->scratch + (position - start), (size_t)count);
            }
        }
        if (rc == SQLITE_IOERR_SHORT_READ) {
            result = rc;
        } else if (rc != SQLITE_OK) {
            return rc;
        }
        position += count;
        out += count;
        left -= count;
    }
    return result;
}

static int sealed_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    sealed_file *p = (sealed_file *)file;
    sqlite3_file *real = p->real;
    if (p->kind == KIND_CLEAR) return real->pMethods->xWrite(real, buffer, amount, offset);
    const unsigned char *in = buffer;
    if (p->kind == KIND_OTHER) {
        for (int done = 0; done < amount;) {
            int count = amount - done < PAGE ? amount - done : PAGE;
            memcpy(p->scratch, in + done, (size_t)count);
            if (!stream(p, p->scratch, count, offset + done)) return SQLITE_IOERR_WRITE;
            int rc = real->pMethods->xWrite(real, p->scratch, count, offset + done);
            if (rc != SQLITE_OK) return rc;
            done += count;
        }
        return SQLITE_OK;
    }
    sqlite3_int64 position = offset;
    int left = amount;
    while (left > 0) {
        sqlite3_int64 start, end, unit;
        region(p->kind, position, &start, &end, &unit);
        int count = (int)(end - position < left ? end - position : left);
        int rc;
        if (unit < 0) {
            if (p->kind == KIND_LOG && position == 0 && wrong_log_page_size(in, count)) return SQLITE_NOTADB;
            rc = real->pMethods->xWrite(real, in, count, position);
        } else {
            int first = p->kind == KIND_DATABASE && unit == 0;
            if (position != start || count != PAGE) {
                /* Part of a page (SQLite writes whole pages; kept correct for any other write). */
                rc = real->pMethods->xRead(real, p->scratch, PAGE, start);
                if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
                if ((rc = open_page(p, unit, p->scratch)) != SQLITE_OK) return rc;
                memcpy(p->scratch + (position - start), in, (size_t)count);
                if (first && wrong_page_size(p->scratch)) return SQLITE_NOTADB;
                if ((rc = seal_page(p, unit, p->scratch, p->scratch)) != SQLITE_OK) return rc;
            } else if (first && wrong_page_size(in)) {
                return SQLITE_NOTADB;
            } else if ((rc = seal_page(p, unit, in, p->scratch)) != SQLITE_OK) {
                return rc;
            }
            rc = real->pMethods->xWrite(real, p->scratch, PAGE, start);
        }
        if (rc != SQLITE_OK) return rc;
        position += count;
        in += count;
        left -= count;
    }
    return SQLITE_OK;
}

static int sealed_truncate(sqlite3_file *file, sqlite3_int64 size) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xTruncate(p->real, size);
}
static int sealed_sync(sqlite3_file *file, int flags) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xSync(p->real, flags);
}
static int sealed_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xFileSize(p->real, size);
}
static int sealed_lock(sqlite3_file *file, int level) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xLock(p->real, level);
}
static int sealed_unlock(sqlite3_file *file, int level) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xUnlock(p->real, level);
}
static int sealed_check_reserved_lock(sqlite3_file *file, int *reserved) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xCheckReservedLock(p->real, reserved);
}
static int sealed_file_control(sqlite3_file *file, int op, void *argument) {
    sealed_file *p = (sealed_file *)file;
    /* No memory map for a sealed file: every page comes through xRead, decrypted. */
    if (p->kind != KIND_CLEAR && op == SQLITE_FCNTL_MMAP_SIZE && argument) {
        *(sqlite3_int64 *)argument = 0;
        return SQLITE_OK;
    }
    return p->real->pMethods->xFileControl(p->real, op, argument);
}
static int sealed_sector_size(sqlite3_file *file) {
    sealed_file *p = (sealed_file *)file;
    return p->real->pMethods->xSectorSize(p->real);
}
static int sealed_device_characteristics(sqlite3_file *file) {
    sealed_file *p = (sealed_file *)file;
    int characteristics = p->real->pMethods->xDeviceCharacteristics(p->real);
    /* A page is rewritten whole: no promise of atomic partial writes. */
    if (p->kind != KIND_CLEAR) {
        characteristics &= ~(SQLITE_IOCAP_ATOMIC | SQLITE_IOCAP_ATOMIC512 | SQLITE_IOCAP_ATOMIC1K | SQLITE_IOCAP_ATOMIC2K |
                             SQLITE_IOCAP_ATOMIC4K | SQLITE_IOCAP_ATOMIC8K | SQLITE_IOCAP_ATOMIC16K |
                             SQLITE_IOCAP_ATOMIC32K | SQLITE_IOCAP_ATOMIC64K | SQLITE_IOCAP_BATCH_ATOMIC);
    }
    return characteristics;
}
static int sealed_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **mapped) {
    sealed_file *p = (sealed_file *)file;
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmMap) return SQLITE_IOERR_SHMMAP;
    return p->real->pMethods->xShmMap(p->real, page, size, extend, mapped);
}
static int sealed_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    sealed_file *p = (sealed_file *)file;
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmLock) return SQLITE_IOERR_SHMLOCK;
    return p->real->pMethods->xShmLock(p->real, offset, count, flags);
}
static void sealed_shm_barrier(sqlite3_file *file) {
    sealed_file *p = (sealed_file *)file;
    if (p->real->pMethods->iVersion >= 2 && p->real->pMethods->xShmBarrier) p->real->pMethods->xShmBarrier(p->real);
}
static int sealed_shm_unmap(sqlite3_file *file, int delete_flag) {
    sealed_file *p = (sealed_file *)file;
    if (p->real->pMethods->iVersion < 2 || !p->real->pMethods->xShmUnmap) return SQLITE_OK;
    return p->real->pMethods->xShmUnmap(p->real, delete_flag);
}
static int sealed_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page) {
    sealed_file *p = (sealed_file *)file;
    if (p->kind != KIND_CLEAR || p->real->pMethods->iVersion < 3 || !p->real->pMethods->xFetch) {
        *page = NULL;
        return SQLITE_OK;
    }
    return p->real->pMethods->xFetch(p->real, offset, amount, page);
}
static int sealed_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    sealed_file *p = (sealed_file *)file;
    if (p->kind != KIND_CLEAR || p->real->pMethods->iVersion < 3 || !p->real->pMethods->xUnfetch) return SQLITE_OK;
    return p->real->pMethods->xUnfetch(p->real, offset, page);
}

static const sqlite3_io_methods sealed_io = {
    3,
    sealed_close,
    sealed_read,
    sealed_write,
    sealed_truncate,
    sealed_sync,
    sealed_file_size,
    sealed_lock,
    sealed_unlock,
    sealed_check_reserved_lock,
    sealed_file_control,
    sealed_sector_size,
    sealed_device_characteristics,
    sealed_shm_map,
    sealed_shm_lock,
    sealed_shm_barrier,
    sealed_shm_unmap,
    sealed_fetch,
    sealed_unfetch,
};

static int sealed_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    sealed_file *p = (sealed_file *)file;
    p->real = (sqlite3_file *)((char *)file + SHIM_SIZE);
    p->kind = KIND_CLEAR;
    p->encrypt = p->decrypt = NULL;
    p->base.pMethods = NULL;
    unsigned char key[PULPE_SEALED_KEY_BYTES];
    if (name) {
        if ((flags & SQLITE_OPEN_MAIN_DB) && lookup(name, "", key)) {
            p->kind = KIND_DATABASE;
        } else if ((flags & SQLITE_OPEN_WAL) && lookup(name, "-wal", key)) {
            p->kind = KIND_LOG;
        } else if ((flags & SQLITE_OPEN_MAIN_JOURNAL) && lookup(name, "-journal", key)) {
            p->kind = KIND_OTHER;
        }
    }
    if (p->kind != KIND_CLEAR) {
        p->encrypt = crypto.ctx_new();
        p->decrypt = p->kind == KIND_OTHER ? NULL : crypto.ctx_new();
        int ready = p->encrypt && (p->kind == KIND_OTHER || p->decrypt);
        if (ready && p->kind == KIND_OTHER) {
            ready = crypto.encrypt_init(p->encrypt, crypto.ctr(), NULL, key + 32, NULL) == 1;
        } else if (ready) {
            ready = crypto.encrypt_init(p->encrypt, crypto.xts(), NULL, key, NULL) == 1 &&
                    crypto.decrypt_init(p->decrypt, crypto.xts(), NULL, key, NULL) == 1;
        }
        memset(key, 0, sizeof key);
        if (!ready) {
            if (p->encrypt) crypto.ctx_free(p->encrypt);
            if (p->decrypt) crypto.ctx_free(p->decrypt);
            p->encrypt = p->decrypt = NULL;
            return SQLITE_CANTOPEN;
        }
    }
    memset(p->real, 0, (size_t)root_vfs->szOsFile);
    int rc = root_vfs->xOpen(root_vfs, name, p->real, flags, out_flags);
    if (rc != SQLITE_OK) {
        if (p->real->pMethods) p->real->pMethods->xClose(p->real);
        if (p->encrypt) crypto.ctx_free(p->encrypt);
        if (p->decrypt) crypto.ctx_free(p->decrypt);
        p->encrypt = p->decrypt = NULL;
        return rc;
    }
    p->base.pMethods = &sealed_io;
    return SQLITE_OK;
}

static int install_result = SQLITE_OK;

static void install_once(void) {
    if (!crypto_ready()) {
        install_result = -1;
        return;
    }
    root_vfs = sqlite3_vfs_find(NULL);
    if (!root_vfs) {
        install_result = SQLITE_ERROR;
        return;
    }
    /* Everything but opening is the root's own (same app data), called with this VFS. */
    sealed_vfs = *root_vfs;
    sealed_vfs.pNext = NULL;
    sealed_vfs.zName = "pulpe-sealed";
    sealed_vfs.szOsFile = SHIM_SIZE + root_vfs->szOsFile;
    sealed_vfs.xOpen = sealed_open;
    install_result = sqlite3_vfs_register(&sealed_vfs, 1);
}

int pulpe_sealed_install(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
    return install_result;
}

#else /* not Linux: no sealing (the client is built and shipped for Linux) */

int pulpe_sealed_install(void) { return -1; }
int pulpe_sealed_register(const char *path, const unsigned char *key) { (void)path; (void)key; return SQLITE_MISUSE; }
void pulpe_sealed_forget(const char *path) { (void)path; }
int pulpe_sealed_is_registered(const char *path) { (void)path; return 0; }
int pulpe_sealed_random(unsigned char *out, int count) { (void)out; (void)count; return -1; }
int pulpe_sealed_gcm_seal(const unsigned char *key, const unsigned char *nonce, const unsigned char *plain, int length,
                          const unsigned char *ad, int ad_length, unsigned char *sealed, unsigned char *tag) {
    (void)key; (void)nonce; (void)plain; (void)length; (void)ad; (void)ad_length; (void)sealed; (void)tag;
    return -1;
}
int pulpe_sealed_gcm_open(const unsigned char *key, const unsigned char *nonce, const unsigned char *sealed, int length,
                          const unsigned char *ad, int ad_length, const unsigned char *tag, unsigned char *plain) {
    (void)key; (void)nonce; (void)sealed; (void)length; (void)ad; (void)ad_length; (void)tag; (void)plain;
    return -1;
}
#endif
