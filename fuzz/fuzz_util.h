/* gin fuzz targets: shared helpers (header-only; each target is one file).
 * A failed invariant aborts, which libFuzzer reports as a crash with the
 * input that caused it. */
#ifndef GIN_FUZZ_UTIL_H
#define GIN_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);                               \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

/* The input as a NUL-terminated string, for the readers that take a C
 * string (cards, protocol lines, records): bytes after an embedded NUL are
 * not seen by them. The kept files' parsers take the length instead, and
 * call a NUL byte damage. Caller frees. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
