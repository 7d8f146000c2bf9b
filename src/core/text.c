/* The core's text: the bounded writer and the word splitter (text.h). */
#include "text.h"

#include <string.h>
#include "gin/error.h"

int gin_text_same_word(const char *a, const char *b)
{
    while (*a && gin_text_lower((unsigned char)*a) == gin_text_lower((unsigned char)*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

void gin_text_init(gin_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = cap;
    t->len = 0;
    t->full = cap == 0;
    if (cap)
        buf[0] = '\0';
}

void gin_text_put(gin_text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->full || t->len + n + 1 > t->cap) {
        t->full = 1;
        return;
    }
    memcpy(t->buf + t->len, s, n + 1);
    t->len += n;
}

void gin_text_u64(gin_text *t, uint64_t v)
{
    char tmp[24], *p = tmp + sizeof tmp;
    *--p = '\0';
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    gin_text_put(t, p);
}

void gin_text_int(gin_text *t, long long v)
{
    if (v < 0) {
        gin_text_put(t, "-");
        gin_text_u64(t, (uint64_t)(-(v + 1)) + 1);
    } else {
        gin_text_u64(t, (uint64_t)v);
    }
}

int gin_words_split(const char *text, size_t len, int max, gin_words *w)
{
    if (len >= sizeof w->buf)
        return GIN_ESPACE;
    if (max > GIN_WORDS_MAX)
        max = GIN_WORDS_MAX;
    memcpy(w->buf, text, len);
    w->buf[len] = '\0';
    w->n = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && gin_text_blank(w->buf[i]))
            i++;
        if (i == len)
            return w->n;
        if (w->n == max)
            return GIN_EFORMAT;
        w->at[w->n] = i;
        w->w[w->n++] = w->buf + i;
        while (i < len && !gin_text_blank(w->buf[i]))
            i++;
        if (i < len)
            w->buf[i++] = '\0';
    }
}

int gin_text_card(const char *word, gin_card *c)
{
    const char *end;
    return strchr(word, ',') == NULL && gin_card_parse(word, c, &end) == GIN_OK && *end == '\0';
}
