/* Text as the table shows it: a card's name in the current mode, UTF-8
 * decoding and display width, and wrapping to a width. No painting. */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

void gin_ui_card_text(gin_card c, char *buf, size_t cap)
{
    char name[GIN_CARD_NAME_MAX];
    snprintf(buf, cap, "%s", gin_card_name(c, gin_ui_st.utf8, name));
}

void gin_ui_cards_text(gin_cardset m, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (gin_cardset s = m; s; s &= s - 1) {
        char c[GIN_UI_CARD_TEXT];
        gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
        size_t need = strlen(c) + (s != m);
        if (n + need >= cap) /* no room for it whole and the NUL */
            break;
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", s == m ? "" : " ", c);
    }
}

/* UTF-8 to wide characters (our own, so it works whatever the C library's
 * locale tables say). Returns the count written. */
int gin_ui_decode(const char *s, wchar_t *out, int cap)
{
    int n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p && n < cap) {
        unsigned c = *p++;
        int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
        if (more)
            c &= 0x3fu >> more;
        while (more-- && (*p & 0xc0) == 0x80)
            c = (c << 6) | (*p++ & 0x3fu);
        out[n++] = (wchar_t)c;
    }
    return n;
}

int gin_ui_strwidth(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xc0) != 0x80;
    return n;
}

static int is_cont(unsigned char c) { return (c & 0xc0) == 0x80; }

/* The column continuation rows of a line start at: a two-column line ("  k
 * knock, ..." — a word, two or more blanks, then text) hangs under its
 * second column; any other line under its own first word. */
static int hang_of(const char *p, const char *end, int lead)
{
    int col = lead;
    for (const char *q = p + lead; q < end; q++) {
        if (is_cont((unsigned char)*q))
            continue;
        if (q[0] == ' ' && q + 1 < end && q[1] == ' ') {
            const char *r = q;
            while (r < end && *r == ' ')
                r++;
            return r < end ? col + (int)(r - q) : lead;
        }
        col++;
    }
    return lead;
}

int gin_ui_wrap(const char *body, int width, void (*emit)(void *, const char *, int, int), void *ctx)
{
    int n = 0;
    if (width < 8)
        width = 8;
    const char *p = body;
    for (;;) {
        const char *end = p + strcspn(p, "\n");
        int lead = 0;
        while (p + lead < end && p[lead] == ' ')
            lead++;
        int indent = hang_of(p, end, lead);
        if (indent >= width / 2)
            indent = lead < width / 2 ? lead : 0;
        const char *q = p;
        int first = 1;
        do {
            int avail = width - (first ? 0 : indent);
            /* Walk up to avail columns; remember the last space. */
            const char *r = q, *space = NULL;
            int col = 0;
            while (r < end && col < avail) {
                if (*r == ' ' && (r > q + (first ? lead : 0)))
                    space = r;
                r++;
                while (r < end && is_cont((unsigned char)*r))
                    r++;
                col++;
            }
            const char *stop = r;
            if (r < end) {
                if (*r == ' ')
                    stop = r; /* breaks right at the edge */
                else if (space)
                    stop = space;
            }
            if (emit)
                emit(ctx, q, (int)(stop - q), first ? 0 : indent);
            n++;
            q = stop;
            while (q < end && *q == ' ' && stop < end)
                q++;
            first = 0;
        } while (q < end);
        if (!*end)
            break;
        p = end + 1;
    }
    return n;
}
