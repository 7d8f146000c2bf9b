/* A bot's answers to the referee's requests (protocol.h): the action codec
 * (action.h) on one protocol line, its words case-free. Pure. */
#include "gin/protocol.h"

#include "gin/action.h"
#include "gin/error.h"
#include "proto_line.h"

int gin_proto_parse_answer(const char *line, int phase, gin_action *out, int *claims_gin)
{
    if (!line || !out)
        return GIN_EINVAL;
    size_t len;
    gin_action a;
    int gin, said;
    if (gin_proto_line(line, &len) != GIN_OK ||
        gin_action_parse(line, len, GIN_ACTION_CASE_FREE, &a, &gin, &said) != GIN_OK)
        return GIN_EFORMAT;
    if (said != phase)
        return GIN_EILLEGAL;
    *out = a;
    if (claims_gin)
        *claims_gin = gin;
    return GIN_OK;
}

int gin_proto_format_answer(gin_action a, int claims_gin, char *buf, size_t cap)
{
    int n = gin_action_format(a, claims_gin, buf, cap);
    if (n < 0)
        return n;
    if ((size_t)n + 2 > cap)
        return GIN_ESPACE;
    buf[n] = '\n';
    buf[n + 1] = '\0';
    return n + 1;
}
