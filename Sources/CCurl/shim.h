#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

/*
 * libcurl for the transport (decision 86), opened on first use (dlopen) like libcrypto and libssl
 * (decisions 63, 73): a start that asks nothing of the network loads neither libcurl nor the dozen
 * libraries it links (nghttp2, libidn2, libpsl, GSS-API…). The types and constants are curl's own
 * headers (libcurl4-openssl-dev); the entry points are looked up in libcurl.so.4, and the variadic
 * ones (`curl_easy_setopt`, `curl_easy_getinfo`) get one typed wrapper per argument type, which
 * Swift can call.
 */
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

struct pulpe_curl_api {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    curl_version_info_data *(*version_info)(CURLversion);
};

/* Function-local statics: Swift emits a header's inline functions into the calling module, but
 * not a file-scope static variable. `usable` is set last, once every entry point is found. */
static inline struct pulpe_curl_api *pulpe_curl_storage(int **usable) {
    static struct pulpe_curl_api loaded;
    static int found;
    *usable = &found;
    return &loaded;
}

static inline void pulpe_curl_load(void) {
    int *usable;
    struct pulpe_curl_api *api = pulpe_curl_storage(&usable);
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define PULPE_CURL_SYMBOL(field, name) \
    *(void **)(&api->field) = dlsym(library, name); \
    if (api->field == NULL) return;
    PULPE_CURL_SYMBOL(global_init, "curl_global_init")
    PULPE_CURL_SYMBOL(easy_init, "curl_easy_init")
    PULPE_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    PULPE_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    PULPE_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    PULPE_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    PULPE_CURL_SYMBOL(multi_init, "curl_multi_init")
    PULPE_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle")
    PULPE_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    PULPE_CURL_SYMBOL(multi_perform, "curl_multi_perform")
    PULPE_CURL_SYMBOL(multi_poll, "curl_multi_poll")
    PULPE_CURL_SYMBOL(multi_wakeup, "curl_multi_wakeup")
    PULPE_CURL_SYMBOL(multi_info_read, "curl_multi_info_read")
    PULPE_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup")
    PULPE_CURL_SYMBOL(slist_append, "curl_slist_append")
    PULPE_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
    PULPE_CURL_SYMBOL(version_info, "curl_version_info")
#undef PULPE_CURL_SYMBOL
    /* Once per process, before any other call (curl_global_init is not thread-safe): SSL and the
     * rest, nothing for Win32. */
    if (api->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return;
    *usable = 1;
}

/* The entry points, or NULL when libcurl.so.4 cannot be opened (or lacks one: older than 7.68). */
static inline const struct pulpe_curl_api *pulpe_curl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pulpe_curl_load);
    int *usable;
    const struct pulpe_curl_api *api = pulpe_curl_storage(&usable);
    return *usable ? api : NULL;
}

/* The typed faces of the variadic calls (`api` is what `pulpe_curl()` returned). */
static inline CURLcode pulpe_curl_set_long(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, long value) {
    return api->easy_setopt(easy, option, value);
}
static inline CURLcode pulpe_curl_set_offset(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, curl_off_t value) {
    return api->easy_setopt(easy, option, value);
}
/* Strings are copied by libcurl (every string option since 7.17). */
static inline CURLcode pulpe_curl_set_string(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, const char *value) {
    return api->easy_setopt(easy, option, value);
}
static inline CURLcode pulpe_curl_set_pointer(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, void *value) {
    return api->easy_setopt(easy, option, value);
}
static inline CURLcode pulpe_curl_set_list(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(easy, option, value);
}
typedef size_t (*pulpe_curl_data_fn)(char *, size_t, size_t, void *);
static inline CURLcode pulpe_curl_set_data_function(const struct pulpe_curl_api *api, CURL *easy, CURLoption option, pulpe_curl_data_fn value) {
    return api->easy_setopt(easy, option, value);
}
typedef int (*pulpe_curl_progress_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
static inline CURLcode pulpe_curl_set_progress_function(const struct pulpe_curl_api *api, CURL *easy, pulpe_curl_progress_fn value) {
    return api->easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, value);
}
static inline long pulpe_curl_info_long(const struct pulpe_curl_api *api, CURL *easy, CURLINFO info) {
    long value = 0;
    if (api->easy_getinfo(easy, info, &value) != CURLE_OK) return 0;
    return value;
}
static inline void *pulpe_curl_info_private(const struct pulpe_curl_api *api, CURL *easy) {
    char *value = NULL;
    if (api->easy_getinfo(easy, CURLINFO_PRIVATE, &value) != CURLE_OK) return NULL;
    return value;
}
/* CURLMsg's `data` is a union: the result of a finished transfer. */
static inline CURLcode pulpe_curl_message_result(const CURLMsg *message) { return message->data.result; }

#endif
