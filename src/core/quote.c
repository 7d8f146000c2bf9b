/* Text from outside made safe to show a person (include/gin/quote.h). */
#include "gin/quote.h"

#include <string.h>

/* Byte c as quoted: into piece (4 bytes), returning its length. */
static size_t quote_byte(unsigned char c, char *piece)
{
    static const char hex[] = "0123456789abcdef";
    if (c >= 32 && c < 127 && c != '\\') {
        piece[0] = (char)c;
        return 1;
    }
    if (c == '\\') {
        piece[0] = piece[1] = '\\';
        return 2;
    }
    piece[0] = '\\';
    piece[1] = 'x';
    piece[2] = hex[c >> 4];
    piece[3] = hex[c & 15];
    return 4;
}

char *gin_quote(const char *s, size_t len, char *buf, size_t cap)
{
    if (!buf || !cap)
        return buf;
    size_t need = 0, o = 0;
    if (!s)
        len = 0;
    char piece[4];
    for (size_t i = 0; i < len; i++)
        need += quote_byte((unsigned char)s[i], piece);
    /* All of it, or as much as leaves room for "..." (never half a \xNN). */
    size_t room = need < cap ? need : cap > 4 ? cap - 4 : 0;
    for (size_t i = 0; i < len; i++) {
        size_t n = quote_byte((unsigned char)s[i], piece);
        if (o + n > room)
            break;
        memcpy(buf + o, piece, n);
        o += n;
    }
    if (need >= cap)
        for (int k = 0; k < 3 && o + 1 < cap; k++)
            buf[o++] = '.';
    buf[o] = '\0';
    return buf;
}
