/* The referee's ruling on a bot's answer (protocol.h, gin_proto_check):
 * the core's legality with its reason (gin_view_check), in the words bot
 * authors read. Pure. */
#include "gin/protocol.h"

#include "gin/error.h"
#include "text.h"

/* The referee's words for each refusal (gin_view_check), as bot authors
 * have read them since protocol 1: a card's name goes before the second
 * part when there is one. */
static const struct {
    const char *a, *b;
} refusals[GIN_ILLEGAL_REASONS] = {
    [GIN_ILLEGAL_NOT_DUE] = {"no move is due", NULL},
    [GIN_ILLEGAL_STOCK_EMPTY] = {"the stock is empty", NULL},
    [GIN_ILLEGAL_PILE_EMPTY] = {"the discard pile is empty", NULL},
    [GIN_ILLEGAL_PILE_BARRED] = {"after both players passed the upcard, the first draw is from the stock", NULL},
    [GIN_ILLEGAL_NOT_HELD] = {"", " is not in your hand"},
    [GIN_ILLEGAL_JUST_TAKEN] = {"", " was just taken from the pile and cannot be thrown this turn"},
    [GIN_ILLEGAL_NO_BIG_GIN] = {"big gin is not allowed under these rules", NULL},
    [GIN_ILLEGAL_BIG_GIN_UNMELDED] = {"biggin, but not all eleven cards are melded", NULL},
    [GIN_ILLEGAL_NOT_GIN] = {"gin ", ", but the other ten cards are not all melded"},
    [GIN_ILLEGAL_OVER_LIMIT] = {"knock ", " leaves more deadwood than the knock limit"},
    [GIN_ILLEGAL_NOT_MELDS] = {"the melds named are not melds of the cards you keep", NULL},
    [GIN_ILLEGAL_MELDS_OVER_LIMIT] = {"the melds named leave more deadwood than the knock limit", NULL},
    [GIN_ILLEGAL_GIN_AS_KNOCK] = {"the melds named leave deadwood, but the hand is gin: show it as gin", NULL},
};

/* A wrong kind of answer, named for the request it answers. */
static const char *wrong_kind(int phase)
{
    switch (phase) {
    case GIN_PHASE_OFFER:
        return "the answer to an offer is take or pass";
    case GIN_PHASE_DRAW:
        return "the answer to draw is stock or pile";
    default:
        return "the answer to discard is discard, knock, gin or biggin";
    }
}

int gin_proto_check(const gin_view *v, gin_action a, int claims_gin, char *why, size_t cap)
{
    if (why && cap)
        why[0] = '\0';
    int rc = gin_view_check(v, a, claims_gin, NULL);
    if (rc <= 0) /* GIN_OK, GIN_EINVAL */
        return rc;
    if (why && cap) {
        char cb[3] = "??";
        if (gin_card_valid(a.card))
            gin_card_format(a.card, cb);
        gin_text o;
        gin_text_init(&o, why, cap);
        if (rc == GIN_ILLEGAL_WRONG_KIND) {
            gin_text_put(&o, wrong_kind(v->phase));
        } else if (rc > 0 && rc < GIN_ILLEGAL_REASONS) {
            gin_text_put(&o, refusals[rc].a);
            if (refusals[rc].b) {
                gin_text_put(&o, cb);
                gin_text_put(&o, refusals[rc].b);
            }
        }
    }
    return GIN_EILLEGAL;
}
