/* Line reader, output line buffer, main loop and error reports for analyze
 * and showdown. */
#include "cli_io.h"
#include "gin/quote.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include "gin/error.h"
#include "gin/meld.h"

/* The separators gin_card_parse skips, plus CR from files written on Windows. */
static int is_blank(char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; }

char *cli_lines_next(cli_lines *r)
{
    if (!r->buf) {
        r->buf = malloc(CLI_LINE_MAX + 1);
        if (!r->buf) {
            r->no_memory = 1;
            return NULL;
        }
        r->cap = CLI_LINE_MAX + 1;
    }
    for (;;) {
        /* One bounded pass per line: what does not fit is read and dropped. */
        size_t n = 0;
        int c, over = 0;
        while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
            if (n < CLI_LINE_MAX)
                r->buf[n++] = (char)c;
            else
                over = 1;
        }
        if (c == EOF && n == 0 && !over)
            return NULL;
        r->number++;
        char *s = r->buf;
        s[n] = '\0';
        if (over || memchr(s, '\0', n)) {
            cli_line_error(r->number,
                           over ? "line too long (over %d bytes); skipped" : "a NUL byte in the line; skipped",
                           CLI_LINE_MAX);
            r->bad_lines++;
            continue;
        }
        /* A tab ends the input: the rest is a comment or an expected answer. */
        char *tab = r->keep_tabs ? NULL : memchr(s, '\t', n);
        size_t len = tab ? (size_t)(tab - s) : n;
        while (len > 0 && s[len - 1] == '\r')
            len--;
        s[len] = '\0';
        const char *p = s;
        while (is_blank(*p))
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        return s;
    }
}

void cli_lines_free(cli_lines *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}

static void out_reset(cli_out *o) { o->len = 0; }

static void out_mem(cli_out *o, const char *s, size_t n)
{
    size_t room = sizeof o->data - 1 - o->len;
    if (n > room)
        n = room;
    memcpy(o->data + o->len, s, n);
    o->len += n;
}

void cli_out_str(cli_out *o, const char *s) { out_mem(o, s, strlen(s)); }

void cli_out_char(cli_out *o, char c) { out_mem(o, &c, 1); }

void cli_out_int(cli_out *o, int v)
{
    char tmp[16];
    size_t n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        cli_out_char(o, '-');
    while (n)
        cli_out_char(o, tmp[--n]);
}

/* The canonical text of a set ("AS 2S 7H"), or "?" if the card module
 * refuses it (it never should for bits inside GIN_DECK). */
static int format_set(gin_cardset s, char buf[3 * GIN_DECK_SIZE + 1])
{
    int n = gin_cardset_format(s, buf, 3 * GIN_DECK_SIZE + 1);
    if (n < 0) {
        strcpy(buf, "?");
        n = 1;
    }
    return n;
}

void cli_out_cards(cli_out *o, gin_cardset s)
{
    char buf[3 * GIN_DECK_SIZE + 1];
    if (!s) {
        cli_out_char(o, '-');
        return;
    }
    out_mem(o, buf, (size_t)format_set(s, buf));
}

void cli_out_card(cli_out *o, gin_card c)
{
    char buf[3];
    if (gin_card_format(c, buf) != GIN_OK)
        strcpy(buf, "?");
    cli_out_str(o, buf);
}

static int meld_key(gin_cardset m) { return m ? __builtin_ctzll(m) : 64; }

/* Melds sorted by their lowest card, so the order is ours to promise
 * whatever order the optimiser returns them in. Returns the count. */
static int sort_melds(const gin_cardset *melds, int n, gin_cardset out[GIN_MAX_MELDS])
{
    if (n > GIN_MAX_MELDS)
        n = GIN_MAX_MELDS;
    for (int i = 0; i < n; i++) {
        gin_cardset m = melds[i];
        int j = i;
        while (j > 0 && meld_key(out[j - 1]) > meld_key(m)) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = m;
    }
    return n;
}

void cli_out_melds(cli_out *o, const gin_cardset *melds, int n)
{
    gin_cardset sorted[GIN_MAX_MELDS];
    n = sort_melds(melds, n, sorted);
    if (n <= 0) {
        cli_out_char(o, '-');
        return;
    }
    for (int i = 0; i < n; i++) {
        if (i)
            cli_out_char(o, ' ');
        cli_out_char(o, '[');
        cli_out_cards(o, sorted[i]);
        cli_out_char(o, ']');
    }
}

void cli_out_json_card(cli_out *o, gin_card c)
{
    cli_out_char(o, '"');
    cli_out_card(o, c);
    cli_out_char(o, '"');
}

void cli_out_json_cards(cli_out *o, gin_cardset s)
{
    char buf[3 * GIN_DECK_SIZE + 1];
    cli_out_char(o, '[');
    if (s) {
        int n = format_set(s, buf);
        /* Canonical text is tokens separated by single spaces: quote each. */
        int start = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || buf[i] == ' ') {
                if (start)
                    cli_out_char(o, ',');
                cli_out_char(o, '"');
                out_mem(o, buf + start, (size_t)(i - start));
                cli_out_char(o, '"');
                start = i + 1;
            }
        }
    }
    cli_out_char(o, ']');
}

void cli_out_json_melds(cli_out *o, const gin_cardset *melds, int n)
{
    gin_cardset sorted[GIN_MAX_MELDS];
    n = sort_melds(melds, n, sorted);
    cli_out_char(o, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            cli_out_char(o, ',');
        cli_out_json_cards(o, sorted[i]);
    }
    cli_out_char(o, ']');
}

/* Append '\n' and write the line. Returns 0, or -1 on a write error. */
static int out_flush_line(cli_out *o, FILE *f)
{
    o->data[o->len++] = '\n'; /* room kept: out_mem stops one byte short */
    size_t n = o->len;
    o->len = 0;
    return fwrite(o->data, 1, n, f) == n ? 0 : -1;
}

/* Give stdout a large buffer when it is not a terminal (a terminal keeps
 * line buffering so typed hands are answered at once). */
static void stdout_fast(void)
{
    static char buf[1 << 16];
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, buf, _IOFBF, sizeof buf);
}

int cli_answer_lines(const char *name, int (*answer)(char *text, long line, void *ctx, cli_out *o), void *ctx)
{
    stdout_fast();
    cli_lines in = {.in = stdin};
    static cli_out out; /* 8 KiB: keep it off the stack */
    int status = 0;
    char *text;
    while ((text = cli_lines_next(&in)) != NULL) {
        out_reset(&out);
        if (answer(text, in.number, ctx, &out) < 0) {
            status = 1;
            continue;
        }
        if (out_flush_line(&out, stdout) < 0)
            break;
    }
    int read_failed = ferror(stdin);
    if (in.bad_lines)
        status = 1;
    if (in.no_memory) {
        fprintf(stderr, "%s: out of memory for the line buffer\n", name);
        status = 1;
    }
    cli_lines_free(&in);
    if (read_failed) {
        fprintf(stderr, "%s: reading standard input: %s\n", name, strerror(errno));
        status = 1;
    }
    /* A failed write stops the answers; main says so once, for every
     * command alike (see finish in main.c). */
    return ferror(stdout) ? 1 : status;
}

void cli_line_error(long line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "line %ld: ", line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_parse_error(long line, const char *who, const char *text, int rc, size_t pos)
{
    size_t n = strlen(text);
    if (pos > n)
        pos = n;
    /* The blank-separated token holding the fault (or just before it, when
     * the fault position is the end of a token). */
    size_t a = pos;
    if ((a == n || is_blank(text[a])) && a > 0 && !is_blank(text[a - 1]))
        a--;
    size_t b = a;
    while (a > 0 && !is_blank(text[a - 1]))
        a--;
    while (b < n && !is_blank(text[b]))
        b++;
    /* Quoted: every byte that is not printable ASCII as \xNN, so nothing
     * the input holds (a C1 control in UTF-8 or raw) reaches the terminal. */
    char tok[160];
    size_t k = b - a;
    gin_quote(text + a, k < 39 ? k : 39, tok, sizeof tok);

    const char *what;
    switch (rc) {
    case GIN_ERANK:
        what = "unknown card (bad rank)";
        break;
    case GIN_ESUIT:
        what = "unknown card (bad or missing suit)";
        break;
    case GIN_ETOKEN:
        what = "unknown card (text after the card)";
        break;
    case GIN_EDUPLICATE:
        what = "duplicate card";
        break;
    default:
        what = gin_strerror(rc);
        break;
    }
    if (k)
        cli_line_error(line, "%s%s%s '%s'", who ? who : "", who ? ": " : "", what, tok);
    else
        cli_line_error(line, "%s%s%s", who ? who : "", who ? ": " : "", what);
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(f, "\\u%04x", *c);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}
