#ifndef CXML2_SHIM_H
#define CXML2_SHIM_H

/*
 * libxml2 for the bank statement reader (decision 90), opened on first use (dlopen) like libcurl and
 * libcrypto (decisions 63, 86): linked, it and what it brings (ICU, liblzma, zlib) were loaded at
 * every start of the app — about 2.5 MB of resident memory for a file read now and then. The
 * reader drives libxml2's SAX2 push parser with callbacks written in Swift.
 *
 * The few types used are declared here, as libxml2 2.x lays them out (`xmlSAXHandler` and
 * `xmlError` are part of its stable ABI; the parser context is only passed around, never read):
 * libxml2's own headers live outside the default include path and would bring ICU's, which clash
 * with Foundation's; pkg-config's flags would also link the library.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef unsigned char pulpe_xml_char;
typedef void *pulpe_xml_parser;

/* libxml2's `xmlError`. */
struct pulpe_xml_error {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2; /* the column */
    void *ctxt;
    void *node;
};

typedef void (*pulpe_xml_start_element)(void *context, const pulpe_xml_char *localname, const pulpe_xml_char *prefix,
                                        const pulpe_xml_char *uri, int namespaceCount, const pulpe_xml_char **namespaces,
                                        int attributeCount, int defaultedCount, const pulpe_xml_char **attributes);
typedef void (*pulpe_xml_end_element)(void *context, const pulpe_xml_char *localname, const pulpe_xml_char *prefix,
                                      const pulpe_xml_char *uri);
typedef void (*pulpe_xml_characters)(void *context, const pulpe_xml_char *characters, int length);
typedef void (*pulpe_xml_structured_error)(void *context, struct pulpe_xml_error *error);

/* libxml2's `xmlSAXHandler` (SAX2: `initialized` is XML_SAX2_MAGIC). Unused callbacks stay NULL. */
struct pulpe_xml_sax {
    void *internalSubset;
    void *isStandalone;
    void *hasInternalSubset;
    void *hasExternalSubset;
    void *resolveEntity;
    void *getEntity;
    void *entityDecl;
    void *notationDecl;
    void *attributeDecl;
    void *elementDecl;
    void *unparsedEntityDecl;
    void *setDocumentLocator;
    void *startDocument;
    void *endDocument;
    void *startElement;
    void *endElement;
    void *reference;
    pulpe_xml_characters characters;
    void *ignorableWhitespace;
    void *processingInstruction;
    void *comment;
    void *warning;
    void *error;
    void *fatalError;
    void *getParameterEntity;
    void *cdataBlock;
    void *externalSubset;
    unsigned int initialized;
    void *_private;
    pulpe_xml_start_element startElementNs;
    pulpe_xml_end_element endElementNs;
    pulpe_xml_structured_error serror;
};

enum {
    PULPE_XML_SAX2_MAGIC = 0xDEEDBEAF,
    PULPE_XML_PARSE_NONET = 1 << 11,   /* no network access */
    PULPE_XML_PARSE_NOCDATA = 1 << 14, /* CDATA as text */
};

struct pulpe_xml_api {
    pulpe_xml_parser (*create_push_parser)(struct pulpe_xml_sax *, void *, const char *, int, const char *);
    int (*use_options)(pulpe_xml_parser, int);
    int (*parse_chunk)(pulpe_xml_parser, const char *, int, int);
    void (*free_parser)(pulpe_xml_parser);
    struct pulpe_xml_error *(*last_error)(void *);
    int (*line)(void *);
    int (*column)(void *);
};

/* Function-local statics: Swift emits a header's inline functions into the calling module, but
 * not a file-scope static variable. `usable` is set last, once every entry point is found. */
static inline struct pulpe_xml_api *pulpe_xml_storage(int **usable) {
    static struct pulpe_xml_api loaded;
    static int found;
    *usable = &found;
    return &loaded;
}

static inline void pulpe_xml_load(void) {
    int *usable;
    struct pulpe_xml_api *api = pulpe_xml_storage(&usable);
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define PULPE_XML_SYMBOL(field, name) \
    *(void **)(&api->field) = dlsym(library, name); \
    if (api->field == NULL) return;
    PULPE_XML_SYMBOL(create_push_parser, "xmlCreatePushParserCtxt")
    PULPE_XML_SYMBOL(use_options, "xmlCtxtUseOptions")
    PULPE_XML_SYMBOL(parse_chunk, "xmlParseChunk")
    PULPE_XML_SYMBOL(free_parser, "xmlFreeParserCtxt")
    PULPE_XML_SYMBOL(last_error, "xmlCtxtGetLastError")
    PULPE_XML_SYMBOL(line, "xmlSAX2GetLineNumber")
    PULPE_XML_SYMBOL(column, "xmlSAX2GetColumnNumber")
#undef PULPE_XML_SYMBOL
    *usable = 1;
}

/* The entry points, or NULL when libxml2.so.2 cannot be opened. */
static inline const struct pulpe_xml_api *pulpe_xml(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pulpe_xml_load);
    int *usable;
    const struct pulpe_xml_api *api = pulpe_xml_storage(&usable);
    return *usable ? api : NULL;
}

#endif
