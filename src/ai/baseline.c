/* The baseline agents: `random` and `simple`.
 *
 * `simple` ports SimpleGinRummyPlayer from Todd Neller's EAAI gin rummy
 * framework (tneller/gin-rummy-eaai), the yardstick published bot results
 * are quoted against, so it keeps that player's logic:
 *  - take the face-up card (the upcard offer, or the draw) only if some meld
 *    of hand + card contains it (GinRummyUtil.cardsToAllMelds), else draw
 *    from stock;
 *  - discard uniformly at random among the cards whose removal leaves the
 *    least deadwood, never the card just taken face up, and never a card
 *    that would repeat an earlier {drawn, discarded} pair of this hand (the
 *    original's guard against two players cycling one card forever);
 *  - knock as soon as the deadwood after that discard is within the limit
 *    (gin when it is zero).
 * Deviations, all where the original has no such rule: the knock limit is
 * the hand's (Oklahoma, straight) instead of a fixed 10; big gin, where
 * enabled, is declared whenever the eleven cards all meld; after both
 * players pass the first upcard the non-dealer's forced stock draw asks
 * nothing (as the original, which does not offer it). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ai.h"
#include "botlib.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rng.h"

typedef struct baseline {
    gin_rng rng;
    int seat;
    gin_card drawn;        /* this turn's drawn card, as observed; GIN_NO_CARD if unknown */
    gin_cardset pairs[64]; /* pairs[a] has b when {a, b} was a draw/discard pair this hand */
} baseline;

/* 1 if drawing the pile's top card is legal in this DRAW phase. */
static int pile_allowed(const gin_view *v)
{
    if (v->pile_n <= 0)
        return 0;
    /* After both players pass the first upcard the non-dealer must draw from
     * stock: the only DRAW phase before the first discard of an offer hand. */
    if (v->rules.first_turn == GIN_FIRST_TURN_OFFER && v->turns == 0)
        return 0;
    return 1;
}

static gin_card pile_top(const gin_view *v) { return v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD; }

/* ---- shared ---- */

static void baseline_observe(void *self, const gin_view *v, const gin_event *ev)
{
    baseline *b = self;
    b->seat = v->seat;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        if (ev->seat == v->seat) {
            memset(b->pairs, 0, sizeof b->pairs);
            b->drawn = GIN_NO_CARD;
        }
        break;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DRAW_DISCARD:
        if (ev->seat == v->seat)
            b->drawn = ev->card;
        break;
    default:
        break;
    }
}

static void baseline_destroy(void *self) { free(self); }

static baseline *baseline_new(uint64_t seed)
{
    baseline *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    gin_rng_seed(&b->rng, seed);
    b->drawn = GIN_NO_CARD;
    return b;
}

/* ---- random ---- */

static int random_offer(void *self, const gin_view *v)
{
    (void)v;
    return (int)gin_rng_below(&((baseline *)self)->rng, 2);
}

static int random_draw(void *self, const gin_view *v)
{
    if (!pile_allowed(v) || v->stock_n <= 0)
        return v->stock_n > 0 ? GIN_ACT_DRAW_STOCK : GIN_ACT_DRAW_DISCARD;
    return gin_rng_below(&((baseline *)self)->rng, 2) ? GIN_ACT_DRAW_DISCARD : GIN_ACT_DRAW_STOCK;
}

/* Big gin is open: the rules pay it and every card of the hand melds, at
 * the discard, the hand one over the deal (eleven at two seats, eight at a
 * table: checking for eleven never went big gin at a table). */
static int big_gin(const gin_view *v)
{
    return v->rules.big_gin_bonus > 0 && gin_cardset_count(v->hand) == gin_cards_dealt(v->seats) + 1 &&
           gin_deadwood(v->hand) == 0;
}

/* Uniform over every legal discard-phase action: each discard, each knock
 * within the limit, and big gin where allowed. */
static int random_discard(void *self, const gin_view *v, gin_action *out)
{
    baseline *b = self;
    gin_action acts[2 * 11 + 1];
    int n = 0, after[64];
    gin_cardset cands = v->hand;
    if (v->taken != GIN_NO_CARD)
        cands &= ~gin_cardset_of(v->taken);
    if (!cands || gin_discard_deadwoods(v->hand, after) < 0)
        return GIN_ESTATE;
    for (gin_cardset s = cands; s && n < 22; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        acts[n++] = gin_action_make(GIN_ACT_DISCARD, c);
        if (after[c] <= v->knock_limit)
            acts[n++] = gin_action_make(GIN_ACT_KNOCK, c);
    }
    if (big_gin(v))
        acts[n++] = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
    *out = acts[gin_rng_below(&b->rng, (uint32_t)n)];
    return GIN_OK;
}

/* ---- simple ---- */

static int simple_offer(void *self, const gin_view *v)
{
    (void)self;
    gin_card up = pile_top(v);
    return up != GIN_NO_CARD && ai_card_can_meld(v->hand, up);
}

static int simple_draw(void *self, const gin_view *v)
{
    if (v->stock_n > 0 && !pile_allowed(v))
        return GIN_ACT_DRAW_STOCK;
    if (v->stock_n <= 0 || simple_offer(self, v))
        return GIN_ACT_DRAW_DISCARD;
    return GIN_ACT_DRAW_STOCK;
}

static int simple_discard(void *self, const gin_view *v, gin_action *out)
{
    baseline *b = self;
    int after[64];
    if (gin_cardset_count(v->hand) < 2 || gin_discard_deadwoods(v->hand, after) < 0)
        return GIN_ESTATE;
    if (big_gin(v)) {
        *out = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
        return GIN_OK;
    }
    /* The drawn card: the pile card taken (public), else the stock card this
     * agent saw itself draw; unknown only if it missed the events. */
    gin_card drawn = v->taken != GIN_NO_CARD ? v->taken : b->drawn;
    if (drawn != GIN_NO_CARD && !gin_cardset_has(v->hand, drawn))
        drawn = GIN_NO_CARD;
    gin_cardset legal = v->hand;
    if (v->taken != GIN_NO_CARD)
        legal &= ~gin_cardset_of(v->taken);
    gin_cardset allowed = legal;
    if (drawn != GIN_NO_CARD)
        allowed &= ~b->pairs[drawn];
    if (!allowed) /* the original would fail here; it cannot happen with 11 cards */
        allowed = legal;
    int best = 1 << 30, n = 0;
    gin_card cand[11] = {0}; /* n >= 1: `allowed` is never empty */
    for (gin_cardset s = allowed; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (after[c] < best) {
            best = after[c];
            n = 0;
        }
        if (after[c] == best && n < 11)
            cand[n++] = c;
    }
    gin_card d = cand[gin_rng_below(&b->rng, (uint32_t)n)];
    if (drawn != GIN_NO_CARD) {
        b->pairs[drawn] |= gin_cardset_of(d);
        b->pairs[d] |= gin_cardset_of(drawn);
    }
    b->drawn = GIN_NO_CARD;
    *out = gin_action_make(best <= v->knock_limit ? GIN_ACT_KNOCK : GIN_ACT_DISCARD, d);
    return GIN_OK;
}

int gin_baseline_create(const char *name, uint64_t seed, gin_agent *out)
{
    if (!name || !out)
        return GIN_ENAME;
    int is_random = !strcasecmp(name, "random"), is_simple = !strcasecmp(name, "simple");
    if (!is_random && !is_simple)
        return GIN_ENAME;
    baseline *b = baseline_new(seed);
    if (!b)
        return GIN_EINVAL;
    memset(out, 0, sizeof *out);
    out->name = is_random ? "random" : "simple";
    out->self = b;
    out->offer = is_random ? random_offer : simple_offer;
    out->draw = is_random ? random_draw : simple_draw;
    out->discard = is_random ? random_discard : simple_discard;
    out->observe = baseline_observe;
    out->destroy = baseline_destroy;
    return GIN_OK;
}
