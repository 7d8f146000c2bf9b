/* A bot's answers to the referee's requests (protocol.h): the action codec
 * (action.h) on one protocol line, its words case-free. Pure. */
#include "gin/protocol.h"

#include "gin/action.h"
#include "gin/error.h"
#include "gin/meld.h"
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

/* The cards of `word` (which gin_cardset_parse read) in its order, in our
 * notation and comma-separated: never the bot's own bytes. */
static void put_cards(gin_text *t, const char *word)
{
    const char *p = word, *end = NULL;
    gin_card c;
    for (int first = 1;; first = 0, p = end) {
        while (*p == ',' || gin_text_blank(*p))
            p++;
        char cb[3];
        if (gin_card_parse(p, &c, &end) != GIN_OK || gin_card_format(c, cb) != GIN_OK)
            return;
        gin_text_put(t, first ? "" : ",");
        gin_text_put(t, cb);
    }
}

int gin_proto_spread_why(const char *line, char *why, size_t cap)
{
    gin_words ws;
    gin_action a;
    if (!line || !why || cap == 0 || gin_proto_words(line, &ws) != GIN_OK || ws.n < 3 ||
        gin_action_parse(line, ws.at[2], GIN_ACTION_CASE_FREE, &a, NULL, NULL) != GIN_OK || a.kind != GIN_ACT_KNOCK)
        return GIN_EFORMAT;
    gin_cardset shown = 0;
    gin_text t;
    gin_text_init(&t, why, cap);
    for (int m = 2; m < ws.n; m++) {
        gin_cardset s;
        if (gin_cardset_parse(ws.w[m], &s, NULL) < 1)
            return GIN_EFORMAT; /* not cards at all */
        char cb[3];
        if ((s & shown) && gin_card_format(gin_cardset_first(s & shown), cb) == GIN_OK) {
            gin_text_put(&t, cb);
            gin_text_put(&t, " is in two melds");
            return GIN_OK;
        }
        if (!gin_meld_valid(s)) {
            put_cards(&t, ws.w[m]);
            gin_text_put(&t, " is not a meld");
            return GIN_OK;
        }
        shown |= s;
    }
    return GIN_EFORMAT;
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
