/* gin — a bounded text writer for the core's formatters (records, the
 * protocol). Private to src/core. It never writes past cap and keeps buf
 * NUL-terminated; once a piece does not fit, `full` is set and every later
 * piece is dropped, so the caller checks `full` once at the end and the
 * text is never a mix of written and skipped pieces. */
#ifndef GIN_CORE_TEXT_H
#define GIN_CORE_TEXT_H

#include <stddef.h>
#include <stdint.h>

typedef struct gin_text {
    char *buf; /* not owned */
    size_t cap, len;
    int full;
} gin_text;

/* ASCII case folding, the same whatever the C library's locale. */
static inline int gin_text_lower(int c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }
/* 1 if a and b are the same word but for ASCII case. */
int gin_text_same_word(const char *a, const char *b);

/* Start writing into buf (cap > 0 bytes, or cap 0: everything is full). */
void gin_text_init(gin_text *t, char *buf, size_t cap);
void gin_text_put(gin_text *t, const char *s);
/* A number in decimal. */
void gin_text_u64(gin_text *t, uint64_t v);
void gin_text_int(gin_text *t, long long v);

#endif
