/* One hand of gin as a state machine: deal, upcard offer, draw, discard,
 * knock and showdown, and the stock-low rule of the rule set. Everything a
 * turn changes is a few words of the gin_hand; deadwood is computed only
 * when a knock is asked for, so random playouts stay cheap. */
#include <string.h>
#include "gin/hand.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "legal.h"

static void emit(gin_event_fn fn, void *ctx, int kind, int seat, gin_card card, gin_cardset cards, int value,
                 const gin_showdown *sd)
{
    if (!fn)
        return;
    gin_event ev = {kind, seat, card, cards, value, sd};
    fn(ctx, &ev);
}

/* No division: this runs on every turn. */
static int next_seat(const gin_hand *h, int seat) { return seat + 1 < h->seats ? seat + 1 : 0; }

void gin_deck_shuffle(gin_rng *rng, gin_card deck[GIN_DECK_SIZE])
{
    int n = 0;
    for (int suit = 0; suit < GIN_SUITS; suit++)
        for (int rank = 0; rank < GIN_RANKS; rank++)
            deck[n++] = gin_card_make(rank, suit);
    gin_rng_shuffle(rng, deck, GIN_DECK_SIZE);
}

int gin_hand_deal(gin_hand *h, const gin_rules *r, int dealer, const gin_card deck[GIN_DECK_SIZE],
                  uint64_t reshuffle_seed, gin_event_fn on_event, void *ctx)
{
    if (!h || !r || !deck)
        return GIN_EINVAL;
    if (r->seats < 2 || r->seats > GIN_MAX_SEATS)
        return GIN_ERULES;
    if (dealer < 0 || dealer >= r->seats)
        return GIN_EINVAL;
    gin_cardset all = 0;
    for (int i = 0; i < GIN_DECK_SIZE; i++) {
        if (!gin_card_valid(deck[i]) || gin_cardset_has(all, deck[i]))
            return GIN_EINVAL;
        all |= gin_cardset_of(deck[i]);
    }

    /* Validated: build in place (no second copy of the whole hand); r may
     * point into *h, so copy it first. */
    gin_rules rules = *r;
    r = &h->rules;
    gin_hand *n = h;
    memset(n, 0, sizeof *n);
    n->rules = rules;
    n->seats = r->seats;
    n->dealer = dealer;
    n->taken = GIN_NO_CARD;
    n->knocker = -1;
    int k = 0;
    int dealt = gin_cards_dealt(n->seats);
    for (int i = 0; i < dealt; i++)
        for (int s = 1; s <= n->seats; s++)
            n->held[(dealer + s) % n->seats] |= gin_cardset_of(deck[k++]);
    n->first_upcard = deck[k];
    n->pile[0] = deck[k++];
    n->pile_by[0] = -1;
    n->pile_n = 1;
    for (int i = GIN_DECK_SIZE - 1; i >= k; i--)
        n->stock[n->stock_n++] = deck[i];
    n->knock_limit = gin_rules_knock_limit(r, n->first_upcard);
    if (n->knock_limit < 0)
        n->knock_limit = 0;
    n->turn = next_seat(n, dealer);
    n->phase = r->first_turn == GIN_FIRST_TURN_OFFER ? GIN_PHASE_OFFER : GIN_PHASE_DRAW;
    gin_rng_seed(&n->rng, reshuffle_seed);

    for (int s = 1; s <= h->seats; s++) {
        int seat = (dealer + s) % h->seats;
        emit(on_event, ctx, GIN_EV_DEAL, seat, h->first_upcard, h->held[seat], dealer, NULL);
    }
    return GIN_OK;
}

/* After every seat passed on the upcard, the dealer's left must draw from stock. */
static int pile_draw_barred(const gin_hand *h) { return h->turns == 0 && h->passes >= h->seats; }

static int defender_of(const gin_hand *h, int knocker) { return next_seat(h, knocker); }

/* What the seat to move has to go on: the same facts a view holds. */
static gin_turn_facts facts_of(const gin_hand *h)
{
    gin_turn_facts f = {h->phase,  h->held[h->turn],    h->taken,       h->stock_n,
                        h->pile_n, pile_draw_barred(h), h->knock_limit, h->rules.big_gin_bonus > 0};
    return f;
}

int gin_hand_is_legal(const gin_hand *h, gin_action a)
{
    if (!h || h->turn < 0 || h->turn >= GIN_MAX_SEATS)
        return 0;
    gin_turn_facts f = facts_of(h);
    return gin_turn_is_legal(&f, a);
}

int gin_hand_legal(const gin_hand *h, gin_action *out, size_t cap)
{
    if (!h || (!out && cap))
        return GIN_EINVAL;
    if (h->turn < 0 || h->turn >= GIN_MAX_SEATS)
        return 0;
    gin_turn_facts f = facts_of(h);
    return gin_turn_legal(&f, out, cap);
}

static void end_void(gin_hand *h, gin_event_fn fn, void *ctx)
{
    h->phase = GIN_PHASE_OVER;
    h->void_hand = 1;
    h->knocker = -1;
    emit(fn, ctx, GIN_EV_VOID, h->turn, GIN_NO_CARD, 0, h->stock_n, NULL);
}

/* Discard pile but its top becomes the stock, shuffled with the hand's RNG. */
static void reshuffle(gin_hand *h, gin_event_fn fn, void *ctx)
{
    gin_card top = h->pile[h->pile_n - 1];
    int8_t top_by = h->pile_by[h->pile_n - 1];
    h->stock_n = 0;
    for (int i = 0; i < h->pile_n - 1; i++)
        h->stock[h->stock_n++] = h->pile[i];
    gin_rng_shuffle(&h->rng, h->stock, h->stock_n);
    h->pile[0] = top;
    h->pile_by[0] = top_by;
    h->pile_n = 1;
    emit(fn, ctx, GIN_EV_RESHUFFLE, -1, GIN_NO_CARD, 0, h->stock_n, NULL);
}

/* The Oklahoma option: a first upcard of spades makes the hand count double. */
static int doubled(const gin_hand *h) { return gin_rules_hand_factor(&h->rules, h->first_upcard) == 2; }

/* A knock in a ring of 3-4: every other seat defends (the Oklahoma rules). */
static int knock_table(gin_hand *h, gin_card card, gin_spread spread, gin_event_fn fn, void *ctx)
{
    int k = h->turn;
    gin_cardset held[GIN_MAX_SEATS];
    for (int s = 0; s < GIN_MAX_SEATS; s++)
        held[s] = h->held[s];
    if (card != GIN_NO_CARD)
        held[k] &= ~gin_cardset_of(card);
    int rc = gin_showdown_settle_ring_spread(&h->rules, held, h->seats, k, h->knock_limit, spread, &h->ring);
    if (rc != GIN_OK)
        return rc == GIN_EKNOCK ? GIN_EILLEGAL : rc;
    if (doubled(h)) {
        for (int s = 0; s < h->seats; s++)
            h->ring.penalty[s] *= 2;
        h->ring.total *= 2;
    }

    h->held[k] = held[k];
    if (card != GIN_NO_CARD) {
        h->pile[h->pile_n] = card;
        h->pile_by[h->pile_n++] = (int8_t)k;
    }
    h->taken = GIN_NO_CARD;
    h->phase = GIN_PHASE_OVER;
    h->knocker = k;

    /* The two-seat summary, for readers that know only gin_showdown. */
    const gin_ring_showdown *t = &h->ring;
    int left = next_seat(h, k);
    gin_showdown *sd = &h->result;
    memset(sd, 0, sizeof *sd);
    sd->kind = t->kind;
    sd->winner = t->winner == k ? GIN_KNOCKER : GIN_DEFENDER;
    sd->points = t->total;
    sd->knocker = t->spread[k];
    sd->defender = t->spread[left];
    sd->defender_deadwood_before_layoffs = t->deadwood_before[left];
    sd->n_layoffs = t->n_layoffs[left];
    for (int i = 0; i < sd->n_layoffs; i++)
        sd->layoffs[i] = t->layoffs[left][i];

    int gin = t->kind == GIN_RESULT_GIN || t->kind == GIN_RESULT_BIG_GIN;
    emit(fn, ctx, gin ? GIN_EV_GIN : GIN_EV_KNOCK, k, card, 0, t->deadwood[k], NULL);
    gin_cardset all = 0;
    for (int s = k, i = 0; i < h->seats; i++, s = next_seat(h, s)) {
        all |= h->held[s];
        for (int j = 0; j < t->n_layoffs[s]; j++)
            emit(fn, ctx, GIN_EV_LAYOFF, s, t->layoffs[s][j].card, 0, t->layoffs[s][j].meld, NULL);
    }
    for (int s = k, i = 0; i < h->seats; i++, s = next_seat(h, s))
        emit(fn, ctx, GIN_EV_PENALTY, s, GIN_NO_CARD, h->held[s], t->penalty[s], NULL);
    emit(fn, ctx, GIN_EV_HAND_OVER, t->winner, GIN_NO_CARD, all, t->total, &h->result);
    return GIN_OK;
}

static int knock(gin_hand *h, gin_card card, gin_spread spread, gin_event_fn fn, void *ctx)
{
    if (h->seats > 2)
        return knock_table(h, card, spread, fn, ctx);
    int k = h->turn, d = defender_of(h, k);
    gin_cardset mine = h->held[k];
    if (card != GIN_NO_CARD)
        mine &= ~gin_cardset_of(card);
    gin_showdown sd;
    int rc = gin_showdown_settle_spread(&h->rules, mine, h->held[d], h->knock_limit, spread, &sd);
    if (rc != GIN_OK)
        return rc == GIN_EKNOCK ? GIN_EILLEGAL : rc;
    if (doubled(h))
        sd.points *= 2;

    h->held[k] = mine;
    if (card != GIN_NO_CARD) {
        /* The face-down discard joins the pile so all 52 cards stay placed;
         * it is public from the showdown, which happens now. */
        h->pile[h->pile_n] = card;
        h->pile_by[h->pile_n++] = (int8_t)k;
    }
    h->taken = GIN_NO_CARD;
    h->phase = GIN_PHASE_OVER;
    h->knocker = k;
    h->result = sd;
    int winner = sd.winner == GIN_KNOCKER ? k : d;
    int gin = sd.kind == GIN_RESULT_GIN || sd.kind == GIN_RESULT_BIG_GIN;
    emit(fn, ctx, gin ? GIN_EV_GIN : GIN_EV_KNOCK, k, card, 0, sd.knocker.deadwood, NULL);
    for (int i = 0; i < sd.n_layoffs; i++)
        emit(fn, ctx, GIN_EV_LAYOFF, d, sd.layoffs[i].card, 0, sd.layoffs[i].meld, NULL);
    emit(fn, ctx, GIN_EV_HAND_OVER, winner, GIN_NO_CARD, h->held[k] | h->held[d], sd.points, &h->result);
    return GIN_OK;
}

static void discard(gin_hand *h, gin_card card, gin_event_fn fn, void *ctx)
{
    int s = h->turn;
    h->held[s] &= ~gin_cardset_of(card);
    h->pile[h->pile_n] = card;
    h->pile_by[h->pile_n++] = (int8_t)s;
    h->taken = GIN_NO_CARD;
    h->turns++;
    emit(fn, ctx, GIN_EV_DISCARD, s, card, 0, h->pile_n, NULL);

    int after = gin_after_discard(&h->rules, h->stock_n, h->pile_n, h->turns);
    if (after == GIN_AFTER_VOID) {
        end_void(h, fn, ctx);
        return;
    }
    if (after == GIN_AFTER_RESHUFFLE)
        reshuffle(h, fn, ctx);
    h->turn = next_seat(h, s);
    h->phase = GIN_PHASE_DRAW;
}

int gin_hand_apply(gin_hand *h, gin_action a, gin_event_fn on_event, void *ctx)
{
    if (!h)
        return GIN_EINVAL;
    if (h->phase == GIN_PHASE_OVER)
        return GIN_ESTATE;
    if (!gin_hand_is_legal(h, a))
        return GIN_EILLEGAL;
    if (a.kind == GIN_ACT_KNOCK)
        return knock(h, a.card, a.spread, on_event, ctx);
    int s = h->turn;
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD: {
        gin_card c = h->pile[--h->pile_n];
        h->held[s] |= gin_cardset_of(c);
        h->taken = c;
        h->phase = GIN_PHASE_DISCARD;
        emit(on_event, ctx, GIN_EV_TAKE_UPCARD, s, c, 0, 0, NULL);
        break;
    }
    case GIN_ACT_PASS: {
        h->passes++;
        emit(on_event, ctx, GIN_EV_PASS, s, h->pile[h->pile_n - 1], 0, h->passes, NULL);
        if (h->passes >= h->seats) {
            h->turn = next_seat(h, h->dealer);
            h->phase = GIN_PHASE_DRAW;
        } else {
            h->turn = next_seat(h, s);
        }
        break;
    }
    case GIN_ACT_DRAW_STOCK: {
        gin_card c = h->stock[--h->stock_n];
        h->held[s] |= gin_cardset_of(c);
        h->taken = GIN_NO_CARD;
        h->phase = GIN_PHASE_DISCARD;
        emit(on_event, ctx, GIN_EV_DRAW_STOCK, s, c, 0, h->stock_n, NULL);
        break;
    }
    case GIN_ACT_DRAW_DISCARD: {
        gin_card c = h->pile[--h->pile_n];
        h->held[s] |= gin_cardset_of(c);
        h->taken = c;
        h->phase = GIN_PHASE_DISCARD;
        emit(on_event, ctx, GIN_EV_DRAW_DISCARD, s, c, 0, h->pile_n, NULL);
        break;
    }
    case GIN_ACT_DISCARD:
        discard(h, a.card, on_event, ctx);
        break;
    default:
        return GIN_EILLEGAL;
    }
    return GIN_OK;
}

void gin_event_redact(const gin_event *ev, int seat, gin_event *out)
{
    gin_event e = *ev;
    if (e.seat != seat) {
        if (e.kind == GIN_EV_DEAL)
            e.cards = 0;
        else if (e.kind == GIN_EV_DRAW_STOCK)
            e.card = GIN_NO_CARD;
    }
    *out = e;
}
