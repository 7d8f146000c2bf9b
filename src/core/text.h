/* gin — the core's text (private to src/core): a bounded writer for its
 * formatters (records, the protocol, actions) and the one word splitter of
 * its readers.
 *
 * The writer never writes past cap and keeps buf NUL-terminated; once a
 * piece does not fit, `full` is set and every later piece is dropped, so
 * the caller checks `full` once at the end and the text is never a mix of
 * written and skipped pieces. */
#ifndef GIN_CORE_TEXT_H
#define GIN_CORE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include "gin/card.h"

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

/* ---- words ---- */

/* The longest text split (a protocol line, GIN_PROTO_LINE_MAX, is the
 * longest), and the most words of one. */
enum { GIN_WORDS_TEXT_MAX = 4096, GIN_WORDS_MAX = 64 };

/* The words of one line: copies, each NUL-terminated, and where each
 * starts in the text split (so a reader can take "the rest of the line"). */
typedef struct gin_words {
    int n;
    char *w[GIN_WORDS_MAX]; /* into buf */
    size_t at[GIN_WORDS_MAX];
    char buf[GIN_WORDS_TEXT_MAX];
} gin_words;

/* 1 for the blanks that separate words: space and tab. */
static inline int gin_text_blank(int c) { return c == ' ' || c == '\t'; }

/* Split text[0..len) (no NUL in it) at blanks into at most `max` (<=
 * GIN_WORDS_MAX) words. Every other byte, a control character included,
 * is part of a word: a reader that refuses them checks first. Returns the count
 * (0 for an empty or blank text), GIN_ESPACE for a text of
 * GIN_WORDS_TEXT_MAX bytes or more, GIN_EFORMAT for more than max words. */
int gin_words_split(const char *text, size_t len, int max, gin_words *w);

/* 1 and the card in *c if `word` is exactly one card (gin_card_parse, no
 * separator before or after it), else 0. */
int gin_text_card(const char *word, gin_card *c);

#endif
