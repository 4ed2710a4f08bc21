#ifndef COPENSSLTLS_SHIM_H
#define COPENSSLTLS_SHIM_H

/*
 * TLS for the tests' https server (TLSTestServer) from the system's OpenSSL libssl, opened on first use (dlopen) like
 * libcrypto (COpenSSLCrypto, decision 63): a start that asks no https server loads nothing, and the
 * build compiles no TLS library (decision 73). Entry points are declared with OpenSSL 3's stable
 * ABI, so building needs no OpenSSL headers. The transport drives non-blocking sockets: every call
 * here returns at once and says, through SSL_get_error, whether it wants to read or write first.
 */
#include <stddef.h>

/* What a TLS call asks for (SSL_get_error's values). */
enum {
    COSSL_TLS_DONE = 0,           /* SSL_ERROR_NONE */
    COSSL_TLS_FAILED = 1,         /* SSL_ERROR_SSL: a protocol or certificate failure */
    COSSL_TLS_WANT_READ = 2,
    COSSL_TLS_WANT_WRITE = 3,
    COSSL_TLS_SYSCALL = 5,        /* the socket failed (errno) or closed mid-record */
    COSSL_TLS_CLOSED = 6,         /* SSL_ERROR_ZERO_RETURN: the peer's close_notify */
    COSSL_TLS_MISSING = -1        /* libssl could not be opened */
};

#ifdef __linux__
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>

typedef const void *(*cossl_tls_method_fn)(void);
typedef void *(*cossl_ctx_new_fn)(const void *);
typedef void (*cossl_ptr_fn)(void *);
typedef int (*cossl_int_ptr_fn)(void *);
typedef int (*cossl_load_verify_fn)(void *, const char *, const char *);
typedef void (*cossl_set_verify_fn)(void *, int, void *);
typedef int (*cossl_use_file_fn)(void *, const char *, int);
typedef int (*cossl_use_chain_fn)(void *, const char *);
typedef long (*cossl_ctrl_fn)(void *, int, long, void *);
typedef unsigned long long (*cossl_set_options_fn)(void *, unsigned long long);
typedef void *(*cossl_new_fn)(void *);
typedef int (*cossl_set_fd_fn)(void *, int);
typedef int (*cossl_set1_host_fn)(void *, const char *);
typedef void *(*cossl_get0_param_fn)(void *);
typedef int (*cossl_set1_ip_asc_fn)(void *, const char *);
typedef int (*cossl_io_fn)(void *, void *, int);
typedef int (*cossl_write_fn)(void *, const void *, int);
typedef int (*cossl_get_error_fn)(const void *, int);
typedef long (*cossl_verify_result_fn)(const void *);
typedef const char *(*cossl_verify_string_fn)(long);
typedef unsigned long (*cossl_err_get_fn)(void);
typedef void (*cossl_err_string_fn)(unsigned long, char *, size_t);
typedef void (*cossl_err_clear_fn)(void);
typedef int (*cossl_init_ssl_fn)(unsigned long long, const void *);
typedef const char *(*cossl_servername_fn)(const void *, int);

/* OPENSSL_INIT_NO_ATEXIT: no OPENSSL_cleanup() from exit() while another thread may be in TLS
 * (the same crash decision 70 fixed for libcrypto). */
#define COSSL_TLS_INIT_NO_ATEXIT 0x00080000ULL
#define COSSL_SSL_VERIFY_NONE 0
#define COSSL_SSL_VERIFY_PEER 1
#define COSSL_SSL_FILETYPE_PEM 1
#define COSSL_SSL_CTRL_MODE 33
#define COSSL_SSL_CTRL_SET_TLSEXT_HOSTNAME 55
#define COSSL_SSL_CTRL_SET_MIN_PROTO_VERSION 123
#define COSSL_TLS1_2_VERSION 0x0303
/* SSL_write may be retried with the same bytes at another address; partial writes are fine. */
#define COSSL_SSL_MODE_PARTIAL_AND_MOVING 0x3L
/* A peer that closes without close_notify ends the stream like an EOF: the HTTP layer already
 * tells a short body (Content-Length, chunks) from a whole one. */
#define COSSL_SSL_OP_IGNORE_UNEXPECTED_EOF (1ULL << 7)

struct cossl_tls_entry_points {
    cossl_tls_method_fn client_method, server_method;
    cossl_ctx_new_fn ctx_new;
    cossl_ptr_fn ctx_free, ssl_free;
    cossl_int_ptr_fn default_verify_paths, connect, accept, shutdown;
    cossl_load_verify_fn load_verify;
    cossl_set_verify_fn set_verify;
    cossl_use_file_fn use_key_file;
    cossl_use_chain_fn use_chain_file;
    cossl_ctrl_fn ctx_ctrl, ssl_ctrl;
    cossl_set_options_fn ctx_set_options;
    cossl_new_fn ssl_new;
    cossl_set_fd_fn set_fd;
    cossl_set1_host_fn set1_host;
    cossl_get0_param_fn get0_param;
    cossl_set1_ip_asc_fn set1_ip_asc;
    cossl_io_fn read;
    cossl_write_fn write;
    cossl_get_error_fn get_error;
    cossl_verify_result_fn verify_result;
    cossl_verify_string_fn verify_string;
    cossl_err_get_fn err_get;
    cossl_err_string_fn err_string;
    cossl_err_clear_fn err_clear;
    cossl_servername_fn servername;
};

/* Function-local statics: Swift emits a header's inline functions into the calling module, but
 * not a file-scope static variable. */
static inline struct cossl_tls_entry_points *cossl_tls_storage(void) {
    static struct cossl_tls_entry_points loaded;
    return &loaded;
}

static inline void cossl_tls_load(void) {
    struct cossl_tls_entry_points *e = cossl_tls_storage();
    void *ssl = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!ssl) ssl = dlopen("libssl.so", RTLD_NOW | RTLD_LOCAL);
    if (!ssl) return;
    /* libssl's libcrypto: already loaded by libssl, so this only finds it. */
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!crypto) crypto = ssl;
    cossl_init_ssl_fn init = (cossl_init_ssl_fn)dlsym(ssl, "OPENSSL_init_ssl");
    if (!init || !init(COSSL_TLS_INIT_NO_ATEXIT, NULL)) return;
    struct cossl_tls_entry_points found;
    memset(&found, 0, sizeof found);
    found.client_method = (cossl_tls_method_fn)dlsym(ssl, "TLS_client_method");
    found.server_method = (cossl_tls_method_fn)dlsym(ssl, "TLS_server_method");
    found.ctx_new = (cossl_ctx_new_fn)dlsym(ssl, "SSL_CTX_new");
    found.ctx_free = (cossl_ptr_fn)dlsym(ssl, "SSL_CTX_free");
    found.ssl_free = (cossl_ptr_fn)dlsym(ssl, "SSL_free");
    found.default_verify_paths = (cossl_int_ptr_fn)dlsym(ssl, "SSL_CTX_set_default_verify_paths");
    found.connect = (cossl_int_ptr_fn)dlsym(ssl, "SSL_connect");
    found.accept = (cossl_int_ptr_fn)dlsym(ssl, "SSL_accept");
    found.shutdown = (cossl_int_ptr_fn)dlsym(ssl, "SSL_shutdown");
    found.load_verify = (cossl_load_verify_fn)dlsym(ssl, "SSL_CTX_load_verify_locations");
    found.set_verify = (cossl_set_verify_fn)dlsym(ssl, "SSL_CTX_set_verify");
    found.use_key_file = (cossl_use_file_fn)dlsym(ssl, "SSL_CTX_use_PrivateKey_file");
    found.use_chain_file = (cossl_use_chain_fn)dlsym(ssl, "SSL_CTX_use_certificate_chain_file");
    found.ctx_ctrl = (cossl_ctrl_fn)dlsym(ssl, "SSL_CTX_ctrl");
    found.ssl_ctrl = (cossl_ctrl_fn)dlsym(ssl, "SSL_ctrl");
    found.ctx_set_options = (cossl_set_options_fn)dlsym(ssl, "SSL_CTX_set_options");
    found.ssl_new = (cossl_new_fn)dlsym(ssl, "SSL_new");
    found.set_fd = (cossl_set_fd_fn)dlsym(ssl, "SSL_set_fd");
    found.set1_host = (cossl_set1_host_fn)dlsym(ssl, "SSL_set1_host");
    found.get0_param = (cossl_get0_param_fn)dlsym(ssl, "SSL_get0_param");
    found.set1_ip_asc = (cossl_set1_ip_asc_fn)dlsym(crypto, "X509_VERIFY_PARAM_set1_ip_asc");
    found.read = (cossl_io_fn)dlsym(ssl, "SSL_read");
    found.write = (cossl_write_fn)dlsym(ssl, "SSL_write");
    found.get_error = (cossl_get_error_fn)dlsym(ssl, "SSL_get_error");
    found.verify_result = (cossl_verify_result_fn)dlsym(ssl, "SSL_get_verify_result");
    found.verify_string = (cossl_verify_string_fn)dlsym(crypto, "X509_verify_cert_error_string");
    found.err_get = (cossl_err_get_fn)dlsym(crypto, "ERR_get_error");
    found.err_string = (cossl_err_string_fn)dlsym(crypto, "ERR_error_string_n");
    found.err_clear = (cossl_err_clear_fn)dlsym(crypto, "ERR_clear_error");
    found.servername = (cossl_servername_fn)dlsym(ssl, "SSL_get_servername");
    /* All or nothing: a libssl missing one entry point is treated as no libssl. */
    void **slots = (void **)&found;
    for (size_t i = 0; i < sizeof found / sizeof(void *); i++) {
        if (!slots[i]) return;
    }
    *e = found;
}

static inline const struct cossl_tls_entry_points *cossl_tls_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cossl_tls_load);
    return cossl_tls_storage();
}

/* Whether libssl is there (the first call opens it). */
static inline int cossl_tls_available(void) { return cossl_tls_library()->ssl_new != NULL; }

/* A server context from PEM files (the tests' https server). */
static inline void *cossl_tls_server_context(const char *chain_file, const char *key_file) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    if (!e->ssl_new) return NULL;
    void *ctx = e->ctx_new(e->server_method());
    if (!ctx) return NULL;
    if (e->use_chain_file(ctx, chain_file) != 1 || e->use_key_file(ctx, key_file, COSSL_SSL_FILETYPE_PEM) != 1) {
        e->ctx_free(ctx);
        return NULL;
    }
    e->ctx_ctrl(ctx, COSSL_SSL_CTRL_MODE, COSSL_SSL_MODE_PARTIAL_AND_MOVING, NULL);
    e->ctx_set_options(ctx, COSSL_SSL_OP_IGNORE_UNEXPECTED_EOF);
    return ctx;
}

static inline void cossl_tls_context_free(void *ctx) {
    if (ctx) cossl_tls_library()->ctx_free(ctx);
}

/* A connection over `fd`. With `host` (a client's), the certificate must name it: a DNS name is
 * also sent as SNI; an IP address (`is_ip`) is matched against the certificate's IP entries. */
static inline void *cossl_tls_new(void *ctx, int fd, const char *host, int is_ip) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    void *ssl = e->ssl_new(ctx);
    if (!ssl) return NULL;
    int ok = e->set_fd(ssl, fd) == 1;
    if (ok && host) {
        if (is_ip) {
            ok = e->set1_ip_asc(e->get0_param(ssl), host) == 1;
        } else {
            ok = e->ssl_ctrl(ssl, COSSL_SSL_CTRL_SET_TLSEXT_HOSTNAME, 0, (void *)host) == 1 && e->set1_host(ssl, host) == 1;
        }
    }
    if (!ok) {
        e->ssl_free(ssl);
        return NULL;
    }
    return ssl;
}

static inline void cossl_tls_free(void *ssl) {
    if (ssl) cossl_tls_library()->ssl_free(ssl);
}

/* A call's result as a COSSL_TLS_* outcome. */
static inline int cossl_tls_outcome(void *ssl, int result) {
    return result > 0 ? COSSL_TLS_DONE : cossl_tls_library()->get_error(ssl, result);
}

static inline int cossl_tls_handshake(void *ssl, int server) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    e->err_clear();
    errno = 0; /* SSL_ERROR_SYSCALL with errno 0 is an EOF: no older errno may pass for it */
    return cossl_tls_outcome(ssl, server ? e->accept(ssl) : e->connect(ssl));
}

/* Read and write: `*count` bytes moved, and the COSSL_TLS_* outcome. */
static inline int cossl_tls_read(void *ssl, void *buffer, int length, int *count) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    e->err_clear();
    errno = 0; /* SSL_ERROR_SYSCALL with errno 0 is an EOF: no older errno may pass for it */
    int result = e->read(ssl, buffer, length);
    *count = result > 0 ? result : 0;
    return cossl_tls_outcome(ssl, result);
}

static inline int cossl_tls_write(void *ssl, const void *buffer, int length, int *count) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    e->err_clear();
    errno = 0; /* SSL_ERROR_SYSCALL with errno 0 is an EOF: no older errno may pass for it */
    int result = e->write(ssl, buffer, length);
    *count = result > 0 ? result : 0;
    return cossl_tls_outcome(ssl, result);
}

/* A best-effort close_notify (non-blocking: never waits for the peer's). */
static inline void cossl_tls_shutdown(void *ssl) {
    if (ssl) cossl_tls_library()->shutdown(ssl);
}

/* The name the client asked for (SNI) on a server's connection, NULL when none. */
static inline const char *cossl_tls_server_name(void *ssl) {
    return cossl_tls_library()->servername(ssl, 0);
}

/* Why the last call failed, as text: the certificate check's verdict when it failed, else
 * OpenSSL's first queued error. */
static inline void cossl_tls_failure(void *ssl, char *out, size_t length) {
    const struct cossl_tls_entry_points *e = cossl_tls_library();
    out[0] = 0;
    long verdict = ssl ? e->verify_result(ssl) : 0;
    if (verdict != 0) {
        const char *text = e->verify_string(verdict);
        strncpy(out, text ? text : "certificate verification failed", length - 1);
        out[length - 1] = 0;
        return;
    }
    unsigned long code = e->err_get();
    if (code) e->err_string(code, out, length);
}
#else
/* No libssl here (Darwin): every call reports it missing. */
static inline int cossl_tls_available(void) { return 0; }
static inline void *cossl_tls_server_context(const char *c, const char *k) { (void)c; (void)k; return NULL; }
static inline void cossl_tls_context_free(void *ctx) { (void)ctx; }
static inline void *cossl_tls_new(void *ctx, int fd, const char *host, int is_ip) {
    (void)ctx; (void)fd; (void)host; (void)is_ip; return NULL;
}
static inline void cossl_tls_free(void *ssl) { (void)ssl; }
static inline int cossl_tls_handshake(void *ssl, int server) { (void)ssl; (void)server; return COSSL_TLS_MISSING; }
static inline int cossl_tls_read(void *ssl, void *b, int l, int *count) { (void)ssl; (void)b; (void)l; *count = 0; return COSSL_TLS_MISSING; }
static inline int cossl_tls_write(void *ssl, const void *b, int l, int *count) { (void)ssl; (void)b; (void)l; *count = 0; return COSSL_TLS_MISSING; }
static inline void cossl_tls_shutdown(void *ssl) { (void)ssl; }
static inline void cossl_tls_failure(void *ssl, char *out, size_t length) { (void)ssl; if (length) out[0] = 0; }
static inline const char *cossl_tls_server_name(void *ssl) { (void)ssl; return NULL; }
#endif

#endif
