#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

/*
 * zlib, for the sandbox's gzip answers (the real backend compresses every answer:
 * `app.use(compression())`). `deflateInit2` is a macro Swift cannot call: this wraps it.
 * Building needs zlib's header (Debian: zlib1g-dev, installed by .ci/run and make test-deps).
 */
#include <zlib.h>

static inline int czlib_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
