/* Reading the kept files' text (kept_text.h). */
#include "kept_text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gin/error.h"
#include "gin/number.h"
#include "gin/quote.h"

/* Length of the well-formed UTF-8 sequence of a non-ASCII character at s
 * (n bytes left), or 0 (overlong forms, surrogates, > U+10FFFF refused). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t want;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf)
        want = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        want = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
        want = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (n < want || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < want; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return want;
}

int gin_kept_check_text(const char *text, size_t len, int utf8, gin_text_fault *fault)
{
    const unsigned char *s = (const unsigned char *)text;
    int line = 1;
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        if (c == '\n')
            line++;
        if (c == '\n' || c == '\t' || c == '\r' || (c >= 0x20 && c < 0x7f)) {
            i++;
            continue;
        }
        size_t u = utf8 && c >= 0x80 ? utf8_len(s + i, len - i) : 0;
        if (u) {
            i += u;
            continue;
        }
        if (fault) {
            fault->line = line;
            if (c == 0)
                snprintf(fault->what, sizeof fault->what, "a NUL byte");
            else if (c >= 0x80 && utf8)
                snprintf(fault->what, sizeof fault->what, "byte 0x%02x is not UTF-8 text", c);
            else if (c >= 0x80)
                snprintf(fault->what, sizeof fault->what, "byte 0x%02x is not ASCII text", c);
            else
                snprintf(fault->what, sizeof fault->what, "control byte 0x%02x", c);
        }
        return line;
    }
    return 0;
}

int gin_kept_line(const char **p, const char *end, char *buf, size_t cap)
{
    const char *s = *p;
    if (s >= end)
        return 0;
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
    *p = nl ? nl + 1 : end;
    if (n && s[n - 1] == '\r')
        n--;
    int fits = n < cap;
    if (!fits)
        n = cap ? cap - 1 : 0;
    if (cap) {
        memcpy(buf, s, n);
        buf[n] = '\0';
    }
    return fits ? 1 : -1;
}

int gin_kept_number(const char *s, long long lo, long long hi, long long *out)
{
    return gin_number_parse(s, lo, hi, out, NULL) == GIN_OK ? 0 : -1;
}

const char *gin_kept_quote(const char *s, size_t len, size_t max, char *buf, size_t cap)
{
    if (cap < 3) {
        if (cap)
            buf[0] = '\0';
        return buf;
    }
    /* 'TEXT' or 'TEXT...': the escaping is the core's (gin_quote). */
    int cut = len > max;
    buf[0] = '\'';
    gin_quote(s, cut ? max : len, buf + 1, cap - (cut ? 5 : 2));
    size_t o = strlen(buf);
    snprintf(buf + o, cap - o, "%s'", cut ? "..." : "");
    return buf;
}

int gin_kept_name_ok(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || n > 15 || s[0] == '-' || s[0] == '_')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_'))
            return 0;
    return 1;
}

int gin_kept_game_ok(const char *s) { return s && strlen(s) == 16 && strspn(s, "0123456789abcdef") == 16; }

int gin_kept_date_ok(const char *d)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(d) != sizeof shape - 1)
        return 0;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? (d[i] < '0' || d[i] > '9') : d[i] != shape[i])
            return 0;
    return 1;
}

void gin_kept_date_now(char date[24])
{
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(date, 24, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(date, 24, "1970-01-01T00:00:00Z");
}

int gin_kept_label_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || s[0] == ' ' || s[n - 1] == ' ')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] < 0x20 || s[i] > 0x7e)
            return 0;
    return 1;
}

int gin_text_fault_at(gin_text_fault *fault, int line, int status, const char *fmt, ...)
{
    if (fault) {
        fault->line = line;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(fault->what, sizeof fault->what, fmt, ap);
        va_end(ap);
    }
    return status;
}
