/* gin — text from outside (a bot's answer, a referee's line, a value read
 * from a file) made safe to quote in a message for a person: every byte
 * that is not printable ASCII written as \xNN and a backslash as \\, so no
 * control or raw byte reaches a terminal. Pure. */
#ifndef GIN_QUOTE_H
#define GIN_QUOTE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Quote len bytes of s (NULs included) into buf, cut to fit cap with "..."
 * at the end (never half a \xNN). Always NUL-terminates buf when cap >= 1
 * (cap 0 writes nothing). s may be NULL (len is then 0). Returns buf. */
char *gin_quote(const char *s, size_t len, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
