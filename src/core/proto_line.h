/* gin — the bot protocol's line rules, for the files that read its lines
 * (private to src/core): a line ends in LF or CRLF, holds no other control
 * character but tabs, is shorter than GIN_PROTO_LINE_MAX, and its words
 * are separated by blanks. */
#ifndef GIN_CORE_PROTO_LINE_H
#define GIN_CORE_PROTO_LINE_H

#include <stddef.h>
#include "text.h"

/* The length of `line` without its end in *len: GIN_OK, or GIN_EFORMAT for
 * a control character or too long a line (*len then unset). */
int gin_proto_line(const char *line, size_t *len);
/* Its words (gin_proto_line, then gin_words_split): GIN_OK, or GIN_EFORMAT,
 * for no words too. */
int gin_proto_words(const char *line, gin_words *w);

#endif
