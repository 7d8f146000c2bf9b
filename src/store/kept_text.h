/* gin — reading the kept files' text, for their parsers: which bytes a
 * kept file may hold, its lines, its numbers, and how a fault is named
 * (the line and what is wrong there). Pure: no I/O. */
#ifndef GIN_KEPT_TEXT_H
#define GIN_KEPT_TEXT_H

#include <stddef.h>

/* Where and why a kept file's text did not parse. */
typedef struct gin_text_fault {
    int line;       /* 1-based line at fault; 0 when it is the file as a whole */
    char what[160]; /* e.g. "unknown level 'zzz'", "a NUL byte" */
} gin_text_fault;

/* Fill *fault (may be NULL) with the line and the printf-style reason;
 * returns status, so a parser can write `return gin_text_fault_at(...)`. */
int gin_text_fault_at(gin_text_fault *fault, int line, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Check that text[0..len) holds only bytes a kept text file allows:
 * printable ASCII, tab, CR, LF and, when utf8 is non-zero, well-formed
 * UTF-8 sequences of non-ASCII characters. No NUL, no other control byte.
 * Returns 0, or the 1-based line of the first byte that is not allowed,
 * with *fault (may be NULL) naming it ("a NUL byte", "byte 0x80"). */
int gin_kept_check_text(const char *text, size_t len, int utf8, gin_text_fault *fault);

/* The next line of the text [*p, end) without its newline (nor a CR
 * before it), copied into buf with a NUL; *p steps past it. Returns 1; 0
 * at the end of the text; -1 if the line does not fit in cap bytes (*p
 * still steps past it; buf then holds its start). */
int gin_kept_line(const char **p, const char *end, char *buf, size_t cap);

/* A decimal whole number, exactly: an optional '-' and digits, nothing
 * else (no blanks, no '+', no hex), within [lo, hi] (the core's one
 * reader, gin_number_parse). Returns 0 and *out, or -1 (*out unchanged). */
int gin_kept_number(const char *s, long long lo, long long hi, long long *out);

/* A name as the kept files write one (a bot, a rules preset, a game's
 * identity): 1 to 15 bytes of lower-case letters, digits, '-' and '_',
 * starting with a letter or digit. Whatever name gin is given is kept as
 * it is; only the shape is judged here. Returns 1 or 0. */
int gin_kept_name_ok(const char *s);

/* A game's identity as the kept files write one: 16 lower-case hex
 * digits. Returns 1 or 0. */
int gin_kept_game_ok(const char *s);

/* A date as the kept files write one, UTC: "2024-05-01T12:34:56Z".
 * gin_kept_date_ok: 1 when s has that shape; gin_kept_date_now: now
 * into date[24]. */
int gin_kept_date_ok(const char *s);
void gin_kept_date_now(char date[24]);

/* A label (the rules as the table names them): printable ASCII, not
 * empty, no blank at either end. Returns 1 or 0. */
int gin_kept_label_ok(const char *s);

/* Quote user text for a message: at most max bytes of it, printable ASCII
 * as is, anything else as \xNN, in single quotes, "..." when cut. Writes
 * buf (always NUL-terminated when cap > 0); returns buf. */
const char *gin_kept_quote(const char *s, size_t len, size_t max, char *buf, size_t cap);

#endif
