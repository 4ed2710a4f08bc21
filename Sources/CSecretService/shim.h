#ifndef CSECRETSERVICE_SHIM_H
#define CSECRETSERVICE_SHIM_H

/*
 * The desktop's Secret Service (GNOME Keyring, KWallet) through libsecret, opened on first use
 * (dlopen) like libcrypto and libargon2: only a data key's unwrap asks it, building needs no
 * header, and a machine without libsecret-1-0 simply has no second secret (decision 105). The
 * few entry points and structs are declared with libsecret 0.20's and GLib 2's stable ABI; the
 * `v` variants take the attributes as a GHashTable, since Swift cannot call C variadics.
 */
#ifdef __APPLE__
static inline int pss_lookup(const char *account, char *out, unsigned long capacity) { return -2; }
static inline int pss_store(const char *account, const char *label, const char *secret) { return -2; }
#else
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* libsecret's public structs, by its stable ABI (secret-schema.h, 0.20). */
typedef struct { const char *name; int type; } pss_attribute;
typedef struct {
    const char *name; int flags; pss_attribute attributes[32];
    int reserved; void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} pss_schema;
typedef struct { unsigned int domain; int code; char *message; } pss_error;

typedef void *(*pss_hash_new_fn)(void *, void *);
typedef int (*pss_hash_insert_fn)(void *, void *, void *);
typedef void (*pss_hash_unref_fn)(void *);
typedef char *(*pss_lookupv_fn)(const pss_schema *, void *, void *, pss_error **);
typedef int (*pss_storev_fn)(const pss_schema *, void *, const char *, const char *, const char *, void *, pss_error **);
typedef void (*pss_free_fn)(char *);
typedef void (*pss_error_free_fn)(pss_error *);

struct pss_entry_points {
    pss_hash_new_fn hash_new; void *str_hash; void *str_equal; pss_hash_insert_fn insert; pss_hash_unref_fn unref;
    pss_lookupv_fn lookupv; pss_storev_fn storev; pss_free_fn password_free; pss_error_free_fn error_free;
};

static inline struct pss_entry_points *pss_storage(void) { static struct pss_entry_points loaded; return &loaded; }

static inline void pss_load(void) {
    struct pss_entry_points *e = pss_storage();
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *secret = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!glib || !secret) return;
    e->hash_new = (pss_hash_new_fn)dlsym(glib, "g_hash_table_new");
    e->str_hash = dlsym(glib, "g_str_hash");
    e->str_equal = dlsym(glib, "g_str_equal");
    e->insert = (pss_hash_insert_fn)dlsym(glib, "g_hash_table_insert");
    e->unref = (pss_hash_unref_fn)dlsym(glib, "g_hash_table_unref");
    e->error_free = (pss_error_free_fn)dlsym(glib, "g_error_free");
    e->lookupv = (pss_lookupv_fn)dlsym(secret, "secret_password_lookupv_sync");
    e->storev = (pss_storev_fn)dlsym(secret, "secret_password_storev_sync");
    e->password_free = (pss_free_fn)dlsym(secret, "secret_password_free");
}

static inline const struct pss_entry_points *pss_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pss_load);
    const struct pss_entry_points *e = pss_storage();
    if (!e->hash_new || !e->str_hash || !e->str_equal || !e->insert || !e->unref || !e->lookupv || !e->storev
        || !e->password_free || !e->error_free) return NULL;
    return e;
}

static inline pss_schema pss_pulpe_schema(void) {
    pss_schema schema;
    memset(&schema, 0, sizeof schema);
    schema.name = "app.pulpe.tui.CacheSecret";
    schema.flags = 0; /* SECRET_SCHEMA_NONE */
    schema.attributes[0].name = "account"; schema.attributes[0].type = 0; /* STRING */
    return schema;
}

/* The secret kept for `account`, copied into `out` (up to `capacity` bytes, NUL-terminated):
 * 1 found, 0 none, -1 the service answered an error, -2 libsecret or glib missing. */
static inline int pss_lookup(const char *account, char *out, size_t capacity) {
    const struct pss_entry_points *e = pss_library();
    if (!e) return -2;
    pss_schema schema = pss_pulpe_schema();
    void *attributes = e->hash_new(e->str_hash, e->str_equal);
    e->insert(attributes, (void *)"account", (void *)account);
    pss_error *error = NULL;
    char *found = e->lookupv(&schema, attributes, NULL, &error);
    e->unref(attributes);
    if (error) { e->error_free(error); if (found) e->password_free(found); return -1; }
    if (!found) return 0;
    size_t length = strlen(found);
    int fits = length < capacity;
    if (fits) memcpy(out, found, length + 1);
    e->password_free(found);
    return fits ? 1 : -1;
}

/* Stores `secret` for `account` in the default collection: 1 stored, -1 refused, -2 missing. */
static inline int pss_store(const char *account, const char *label, const char *secret) {
    const struct pss_entry_points *e = pss_library();
    if (!e) return -2;
    pss_schema schema = pss_pulpe_schema();
    void *attributes = e->hash_new(e->str_hash, e->str_equal);
    e->insert(attributes, (void *)"account", (void *)account);
    pss_error *error = NULL;
    int stored = e->storev(&schema, attributes, NULL, label, secret, NULL, &error);
    e->unref(attributes);
    if (error) { e->error_free(error); return -1; }
    return stored ? 1 : -1;
}
#endif

#endif
