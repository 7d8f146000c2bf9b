/* The bot protocol's handshake and what a referee says of a bot's lines
 * (protocol.h): the bot's "ok NAME", and any line from the other side
 * quoted safely for a person. Pure. */
#include "gin/protocol.h"

#include <string.h>
#include "gin/error.h"
#include "gin/quote.h"
#include "proto_line.h"
#include "text.h"

int gin_proto_parse_ok(const char *line, char *name, size_t namecap)
{
    if (!line || !name || !namecap)
        return GIN_EINVAL;
    gin_words w;
    if (gin_proto_words(line, &w) != GIN_OK || !gin_text_same_word(w.w[0], "ok") || w.n < 2)
        return GIN_EFORMAT;
    const char *t = line + w.at[1];
    size_t i = 0;
    for (; i < namecap - 1 && t[i] && t[i] != '\n' && t[i] != '\r'; i++)
        name[i] = (unsigned char)t[i] >= 32 && (unsigned char)t[i] < 127 ? t[i] : '?';
    while (i > 0 && gin_text_blank(name[i - 1]))
        i--;
    name[i] = '\0';
    return GIN_OK;
}

char *gin_proto_quote(const char *line, char *buf, size_t cap)
{
    size_t len = line ? strlen(line) : 0;
    if (len && line[len - 1] == '\n')
        len--;
    if (len && line[len - 1] == '\r')
        len--;
    return gin_quote(line, len, buf, cap);
}
