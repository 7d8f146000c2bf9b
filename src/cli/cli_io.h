/* gin — helpers shared by the line-oriented commands (analyze, showdown):
 * a line reader, a per-line output buffer with card and meld formatting in
 * text and JSON, and `line N: ...` error reports. Nothing here allocates per
 * line: the reader reuses one getline buffer, the output one fixed array. */
#ifndef GIN_CLI_IO_H
#define GIN_CLI_IO_H

#include <stddef.h>
#include <stdio.h>
#include "gin/card.h"

/* Input lines are untrusted: a line longer than this is reported and
 * skipped rather than read into ever more memory (`gin analyze < /dev/zero`). */
enum { CLI_LINE_MAX = 65536 };

/* Input lines. Zero-initialise, then call cli_lines_next until it returns
 * NULL; cli_lines_free releases the buffer (owned by the reader). */
typedef struct cli_lines {
    FILE *in;
    char *buf;
    size_t cap;
    long number;   /* 1-based number of the line last returned */
    int bad_lines; /* lines reported and skipped by the reader itself (too long, NUL byte) */
    int no_memory; /* the line buffer could not be allocated */
    int keep_tabs; /* set before reading: a tab is a blank like a space, not the end (protocol lines) */
} cli_lines;

/* The next line worth answering: the text before any tab, with the line end
 * (LF or CRLF) removed. Blank lines and lines whose first non-blank
 * character is '#' are skipped. The string lives in the reader's buffer
 * until the next call and may be modified. A line over CLI_LINE_MAX bytes
 * or holding a NUL byte gets "line N: ..." on stderr and counts in
 * bad_lines. NULL at end of input, on a read error (check ferror(r->in)) or
 * when no buffer could be had (no_memory). */
char *cli_lines_next(cli_lines *r);
void cli_lines_free(cli_lines *r);

/* One output line, built in memory and written with one fwrite. Too long a
 * line is cut (cannot happen for hands of up to 52 cards); `len` never
 * exceeds sizeof data - 1. */
typedef struct cli_out {
    size_t len;
    char data[8192];
} cli_out;

void cli_out_str(cli_out *o, const char *s);
void cli_out_char(cli_out *o, char c);
void cli_out_int(cli_out *o, int v);
/* Cards in display order, space-separated; "-" for none. */
void cli_out_cards(cli_out *o, gin_cardset s);
/* Melds as "[AS 2S 3S] [7S 7H 7D]", ordered by their lowest card; "-" for none. */
void cli_out_melds(cli_out *o, const gin_cardset *melds, int n);
void cli_out_card(cli_out *o, gin_card c);
/* JSON: ["AS","2S"] / [["AS","2S","3S"],["7S","7H","7D"]] / "AS". */
void cli_out_json_cards(cli_out *o, gin_cardset s);
void cli_out_json_melds(cli_out *o, const gin_cardset *melds, int n);
void cli_out_json_card(cli_out *o, gin_card c);
/* A JSON string of s: quotes, with '"', '\\' and control bytes escaped
 * (other bytes as they are). For the kept files' reports (stats, history). */
void cli_json_string(FILE *f, const char *s);

/* The main loop of a line-oriented command: for each line of standard input
 * worth answering (see cli_lines_next), answer(text, line number, ctx, o)
 * builds the answer in o and returns 0, or reports the line as bad and
 * returns -1; answers are written to stdout (fully buffered unless it is a terminal).
 * Read and write failures are reported on stderr after `name` (e.g.
 * "gin analyze"). Returns the exit status: 0, or 1 if any line was bad or
 * input or output failed. */
int cli_answer_lines(const char *name, int (*answer)(char *text, long line, void *ctx, cli_out *o), void *ctx);

/* Report a bad input line on stderr: "line N: " then the printf-style text. */
void cli_line_error(long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Report a gin_cardset_parse failure (status rc, fault at byte `pos` of
 * `text`) as "line N: [who: ]<what> 'TOKEN'", naming the offending token. */
void cli_parse_error(long line, const char *who, const char *text, int rc, size_t pos);

#endif
