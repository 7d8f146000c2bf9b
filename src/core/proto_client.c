/* The bot's side of the protocol (protocol.h): a seat's view rebuilt from
 * the referee's messages, emitting the very events, in the same order,
 * that gin_match handed the referee's view of that seat. Pure. */
#include "gin/protocol.h"

#include <string.h>
#include "gin/error.h"
#include "legal.h"
#include "text.h"

void gin_proto_client_init(gin_proto_client *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    gin_rules_preset("standard", &c->rules);
    c->knocker = -1;
    c->last_mover = -1;
    c->upcard = GIN_NO_CARD;
    c->knock_card = GIN_NO_CARD;
    c->taken = GIN_NO_CARD;
}

static void emit(gin_proto_client *c, gin_event_fn fn, void *ctx, int kind, int seat, gin_card card, gin_cardset cards,
                 int value, const gin_showdown *sd)
{
    gin_event ev = {kind, seat, card, cards, value, sd};
    gin_view_apply(&c->view, &ev);
    if (fn)
        fn(ctx, &ev);
}

static void put_card(gin_text *o, gin_card x)
{
    char cb[3] = "??";
    if (gin_card_valid(x))
        gin_card_format(x, cb);
    gin_text_put(o, cb);
}

/* Refuse a message that cannot be, saying why in c->why: a, then the card
 * x unless GIN_NO_CARD, then b. Returns GIN_ESTATE. */
static int refuse(gin_proto_client *c, const char *a, gin_card x, const char *b)
{
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, a);
    if (x != GIN_NO_CARD)
        put_card(&o, x);
    gin_text_put(&o, b);
    return GIN_ESTATE;
}

/* "your" or "seat N's", for the seat a message names. */
static void put_whose(gin_text *o, const gin_proto_client *c, int seat)
{
    if (seat == c->view.seat) {
        gin_text_put(o, "your");
        return;
    }
    gin_text_put(o, "seat ");
    gin_text_int(o, seat);
    gin_text_put(o, "'s");
}

/* Refuse a result that comes before seat's `what` ("spread", "penalty"). */
static int refuse_early(gin_proto_client *c, int seat, const char *what)
{
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, "the result comes before ");
    put_whose(&o, c, seat);
    gin_text_put(&o, " ");
    gin_text_put(&o, what);
    return GIN_ESTATE;
}

/* Refuse a message naming a seat the table lacks. */
static int refuse_seat(gin_proto_client *c, int seat, int seats)
{
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, "there is no seat ");
    gin_text_int(&o, seat);
    gin_text_put(&o, " at a table of ");
    gin_text_int(&o, seats);
    return GIN_ESTATE;
}

static int settle(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    int k = c->knocker, d = (k + 1) % 2;
    for (int i = 0; i < 2; i++)
        if (!c->have_unmatched[(k + i) % 2])
            return refuse_early(c, (k + i) % 2, "spread");
    gin_showdown *sd = &c->sd;
    sd->kind = m->result;
    sd->winner = m->seat == k ? GIN_KNOCKER : GIN_DEFENDER;
    sd->points = m->n;
    gin_cardset kh = c->shown[k], dh = c->shown[d];
    int before = gin_deadwood(dh);
    sd->defender_deadwood_before_layoffs = before < 0 ? 0 : before;
    emit(c, fn, ctx, c->knock_event, k, c->knock_card, 0, sd->knocker.deadwood, NULL);
    for (int i = 0; i < sd->n_layoffs; i++)
        emit(c, fn, ctx, GIN_EV_LAYOFF, d, sd->layoffs[i].card, 0, sd->layoffs[i].meld, NULL);
    emit(c, fn, ctx, GIN_EV_HAND_OVER, m->seat, GIN_NO_CARD, kh | dh, m->n, sd);
    c->knocker = -1;
    return GIN_OK;
}

static int seats_of(const gin_proto_client *c)
{
    return c->view.seats >= 2 && c->view.seats <= GIN_MAX_SEATS ? c->view.seats : 2;
}

/* A ring's showdown, complete with `result`: the events in the order the
 * hand emitted them (knock, every defender's layoffs from the knocker's
 * left, every seat's penalty from the knocker, hand over with the two-seat
 * summary of the knocker against its left neighbour). */
static int settle_ring(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    int seats = seats_of(c), k = c->knocker, left = (k + 1) % seats;
    for (int i = 0; i < seats; i++) {
        int s = (k + i) % seats;
        if (!c->have_unmatched[s] || !c->have_penalty[s])
            return refuse_early(c, s, c->have_unmatched[s] ? "penalty" : "spread");
    }
    /* Each card was shown once (check_shown): the seats' hands are apart. */
    const gin_cardset *shown = c->shown;
    gin_cardset all = 0;
    for (int s = 0; s < seats; s++)
        all |= shown[s];
    gin_showdown *sd = &c->sd;
    memset(sd, 0, sizeof *sd);
    sd->kind = m->result;
    sd->winner = m->seat == k ? GIN_KNOCKER : GIN_DEFENDER;
    sd->points = m->n;
    sd->knocker = c->spread[k];
    sd->defender = c->spread[left];
    int before = gin_deadwood(shown[left]);
    sd->defender_deadwood_before_layoffs = before < 0 ? 0 : before;
    sd->n_layoffs = c->n_layoffs[left];
    memcpy(sd->layoffs, c->layoffs[left], sizeof sd->layoffs);
    emit(c, fn, ctx, c->knock_event, k, c->knock_card, 0, c->spread[k].deadwood, NULL);
    for (int i = 0; i < seats; i++) {
        int s = (k + i) % seats;
        for (int j = 0; j < c->n_layoffs[s]; j++)
            emit(c, fn, ctx, GIN_EV_LAYOFF, s, c->layoffs[s][j].card, 0, c->layoffs[s][j].meld, NULL);
    }
    for (int i = 0; i < seats; i++) {
        int s = (k + i) % seats;
        emit(c, fn, ctx, GIN_EV_PENALTY, s, GIN_NO_CARD, shown[s], c->penalty[s], NULL);
    }
    emit(c, fn, ctx, GIN_EV_HAND_OVER, m->seat, GIN_NO_CARD, all, m->n, sd);
    c->knocker = -1;
    return GIN_OK;
}

/* The phase a move word belongs to. */
static int phase_of_move(int event)
{
    switch (event) {
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_PASS:
        return GIN_PHASE_OFFER;
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DRAW_DISCARD:
        return GIN_PHASE_DRAW;
    default:
        return GIN_PHASE_DISCARD;
    }
}

/* Is it seat m->seat's turn to make a move of this kind? */
static int check_turn(gin_proto_client *c, const gin_proto_msg *m)
{
    const gin_view *v = &c->view;
    if (v->phase == GIN_PHASE_OVER || c->hand_open)
        return refuse(c, "no hand is in play", GIN_NO_CARD, "");
    if (c->knocker >= 0)
        return refuse(c, "the hand is over: its showdown is being told", GIN_NO_CARD, "");
    if (v->turn == m->seat && v->phase == phase_of_move(m->event))
        return GIN_OK;
    static const char *const doing[] = {"take or pass the upcard", "draw", "discard"};
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, "it is ");
    put_whose(&o, c, v->turn);
    gin_text_put(&o, " turn to ");
    gin_text_put(&o, v->phase >= GIN_PHASE_OFFER && v->phase <= GIN_PHASE_DISCARD ? doing[v->phase] : "move");
    return GIN_ESTATE;
}

/* A card the mover cannot have: in another seat's hand as far as this
 * seat knows (ours; another's taken from the pile), or on the pile.
 * mover -1: nobody may hold it (a card coming out of the stock). */
static int check_place(gin_proto_client *c, gin_card x, int mover)
{
    const gin_view *v = &c->view;
    if (mover != v->seat && gin_cardset_has(v->hand, x))
        return refuse(c, "", x, " is in your hand");
    for (int i = 0; i < v->pile_n; i++)
        if (v->pile[i] == x)
            return refuse(c, "", x, " is on the discard pile");
    for (int s = 0; s < v->seats; s++)
        if (s != mover && s != v->seat && gin_cardset_has(v->known[s], x)) {
            gin_text o;
            gin_text_init(&o, c->why, sizeof c->why);
            put_card(&o, x);
            gin_text_put(&o, " is in ");
            put_whose(&o, c, s);
            gin_text_put(&o, " hand");
            return GIN_ESTATE;
        }
    return GIN_OK;
}

/* This seat's own move: the referee's ruling on it as an answer, and the
 * card it names where this seat knows it to be. */
static int check_own(gin_proto_client *c, const gin_proto_msg *m)
{
    const gin_view *v = &c->view;
    static const int act[] = {[GIN_EV_TAKE_UPCARD] = GIN_ACT_TAKE_UPCARD,
                              [GIN_EV_PASS] = GIN_ACT_PASS,
                              [GIN_EV_DRAW_STOCK] = GIN_ACT_DRAW_STOCK,
                              [GIN_EV_DRAW_DISCARD] = GIN_ACT_DRAW_DISCARD,
                              [GIN_EV_DISCARD] = GIN_ACT_DISCARD,
                              [GIN_EV_KNOCK] = GIN_ACT_KNOCK,
                              [GIN_EV_GIN] = GIN_ACT_KNOCK};
    gin_action a = gin_action_make(act[m->event], phase_of_move(m->event) == GIN_PHASE_DISCARD ? m->card : GIN_NO_CARD);
    if (gin_proto_check(v, a, m->event == GIN_EV_GIN, c->why, sizeof c->why) != GIN_OK)
        return GIN_ESTATE;
    if (m->event != GIN_EV_DRAW_STOCK)
        return GIN_OK;
    if (!gin_card_valid(m->card))
        return refuse(c, "your draw from the stock must name the card drawn", GIN_NO_CARD, "");
    return check_place(c, m->card, -1);
}

/* Seat s throws x: by count, a card this seat does not know it to hold
 * comes from the part of its hand this seat has not seen, so it must have
 * one; when every card it holds was taken from the pile, x is one of them. */
static int check_count(gin_proto_client *c, int s, gin_card x)
{
    const gin_view *v = &c->view;
    int known = gin_cardset_count(v->known[s]);
    if (gin_cardset_has(v->known[s], x) || v->hand_size[s] > known)
        return GIN_OK;
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, "all ");
    gin_text_int(&o, v->hand_size[s]);
    gin_text_put(&o, " of seat ");
    gin_text_int(&o, s);
    gin_text_put(&o, "'s cards were taken from the pile, and ");
    put_card(&o, x);
    gin_text_put(&o, " is not one of them");
    return GIN_ESTATE;
}

/* Another seat's move, by what this seat knows of it. */
static int check_other(gin_proto_client *c, const gin_proto_msg *m)
{
    const gin_view *v = &c->view;
    switch (m->event) {
    case GIN_EV_DRAW_STOCK:
        return v->stock_n > 0 ? GIN_OK : refuse(c, "the stock is empty", GIN_NO_CARD, "");
    case GIN_EV_DRAW_DISCARD:
        if (v->turns == 0 && v->passes >= v->seats)
            return refuse(c,
                          v->seats == 2 ? "after both players passed the upcard, the first draw is from the stock"
                                        : "after every player passed the upcard, the first draw is from the stock",
                          GIN_NO_CARD, "");
        return GIN_OK;
    case GIN_EV_GIN:
        if (m->card == GIN_NO_CARD && v->rules.big_gin_bonus <= 0)
            return refuse(c, "big gin is not allowed under these rules", GIN_NO_CARD, "");
        break;
    default:
        break;
    }
    if (phase_of_move(m->event) != GIN_PHASE_DISCARD || !gin_card_valid(m->card))
        return GIN_OK;
    if (m->card == c->taken)
        return refuse(c, "", m->card, " was just taken from the pile and cannot be thrown this turn");
    if (check_place(c, m->card, m->seat) != GIN_OK)
        return GIN_ESTATE;
    return check_count(c, m->seat, m->card);
}

/* Can move m be, by what this seat knows? GIN_OK, or GIN_ESTATE with
 * c->why. */
static int check_move(gin_proto_client *c, const gin_proto_msg *m)
{
    const gin_view *v = &c->view;
    if (m->event < GIN_EV_TAKE_UPCARD || m->event > GIN_EV_GIN)
        return GIN_EINVAL;
    int rc = check_turn(c, m);
    if (rc != GIN_OK)
        return rc;
    /* A move that names the pile's top names the card on top. */
    if (m->event == GIN_EV_TAKE_UPCARD || m->event == GIN_EV_PASS || m->event == GIN_EV_DRAW_DISCARD) {
        if (v->pile_n <= 0)
            return refuse(c, "the discard pile is empty", GIN_NO_CARD, "");
        gin_card top = v->pile[v->pile_n - 1];
        if (m->card != top) {
            gin_text o;
            gin_text_init(&o, c->why, sizeof c->why);
            gin_text_put(&o, "the top of the discard pile is ");
            put_card(&o, top);
            gin_text_put(&o, ", not ");
            put_card(&o, m->card);
            return GIN_ESTATE;
        }
    }
    return m->seat == v->seat ? check_own(c, m) : check_other(c, m);
}

/* After a discard the hand may end void, or the stock be rebuilt, before
 * anything else (gin_after_discard, as the hand itself): that message is
 * due. */
static int due_after_discard(const gin_view *v)
{
    int after = gin_after_discard(&v->rules, v->stock_n, v->pile_n, v->turns);
    return after == GIN_AFTER_VOID ? GIN_PROTO_VOID : after == GIN_AFTER_RESHUFFLE ? GIN_PROTO_RESHUFFLE : 0;
}

static int move(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    gin_view *v = &c->view;
    int rc = check_move(c, m);
    if (rc != GIN_OK)
        return rc;
    int s = m->seat;
    c->last_mover = s;
    c->taken = m->event == GIN_EV_TAKE_UPCARD || m->event == GIN_EV_DRAW_DISCARD ? m->card : GIN_NO_CARD;
    switch (m->event) {
    case GIN_EV_TAKE_UPCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, 0, NULL);
        break;
    case GIN_EV_PASS:
        emit(c, fn, ctx, m->event, s, m->card, 0, ++c->passes, NULL);
        break;
    case GIN_EV_DRAW_STOCK:
        emit(c, fn, ctx, m->event, s, s == c->seat ? m->card : GIN_NO_CARD, 0, v->stock_n - 1, NULL);
        break;
    case GIN_EV_DRAW_DISCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, v->pile_n - 1, NULL);
        break;
    case GIN_EV_DISCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, v->pile_n + 1, NULL);
        c->due = due_after_discard(v);
        break;
    default: /* GIN_EV_KNOCK, GIN_EV_GIN */
        /* Told with the showdown, once its deadwood is known. */
        c->knocker = s;
        c->knock_event = m->event;
        c->knock_card = m->card;
        memset(&c->sd, 0, sizeof c->sd);
        memset(c->spread, 0, sizeof c->spread);
        memset(c->shown, 0, sizeof c->shown);
        memset(c->have_spread, 0, sizeof c->have_spread);
        memset(c->have_unmatched, 0, sizeof c->have_unmatched);
        memset(c->n_layoffs, 0, sizeof c->n_layoffs);
        memset(c->have_penalty, 0, sizeof c->have_penalty);
        break;
    }
    return GIN_OK;
}

/* A deal: one DEAL event per seat from the dealer's left, the dealer last. */
static int client_deal(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    int seats = seats_of(c);
    if (!c->hand_open)
        return refuse(c, "no hand line has begun a hand to deal", GIN_NO_CARD, "");
    if (gin_cardset_count(m->cards) != gin_cards_dealt(seats)) {
        gin_text o;
        gin_text_init(&o, c->why, sizeof c->why);
        gin_text_put(&o, "a deal at a table of ");
        gin_text_int(&o, seats);
        gin_text_put(&o, " is ");
        gin_text_int(&o, gin_cards_dealt(seats));
        gin_text_put(&o, " cards, not ");
        gin_text_int(&o, gin_cardset_count(m->cards));
        return GIN_ESTATE;
    }
    if (gin_cardset_has(m->cards, c->upcard))
        return refuse(c, "the upcard ", c->upcard, " is in your deal");
    c->hand_open = 0;
    c->taken = GIN_NO_CARD;
    c->due = 0;
    c->passes = 0;
    c->knocker = -1;
    c->last_mover = -1;
    for (int i = 1; i <= seats; i++) {
        int s = (c->dealer + i) % seats;
        emit(c, fn, ctx, GIN_EV_DEAL, s, c->upcard, s == c->seat ? m->cards : 0, c->dealer, NULL);
    }
    return GIN_OK;
}

/* The arrangement a seat's melds and unmatched lines fill: a ring keeps
 * one a seat, two seats the showdown's knocker and defender. */
static gin_arrangement *arrangement_of(gin_proto_client *c, int seat)
{
    if (seats_of(c) > 2)
        return &c->spread[seat];
    return seat == c->knocker ? &c->sd.knocker : &c->sd.defender;
}

/* The cards seat s has laid off onto the knocker's meld `meld` so far: a
 * chain grows through its own, never through another defender's. */
static gin_cardset laid_on(const gin_proto_client *c, int s, int meld)
{
    int ring = seats_of(c) > 2, n = ring ? c->n_layoffs[s] : c->sd.n_layoffs;
    const gin_layoff *l = ring ? c->layoffs[s] : c->sd.layoffs;
    gin_cardset x = 0;
    for (int i = 0; i < n; i++)
        if (l[i].meld == meld)
            x |= gin_cardset_of(l[i].card);
    return x;
}

/* The cards seat s holds at the showdown, by count: its hand, less the card
 * a knock or gin threw face down (big gin throws none). */
static int showdown_size(const gin_proto_client *c, int s)
{
    int n = c->view.hand_size[s];
    return s == c->knocker && c->knock_card != GIN_NO_CARD ? n - 1 : n;
}

/* "seat 1 shows 11 cards, but holds 10". */
static int refuse_count(gin_proto_client *c, int s, int shows, int holds)
{
    int ours = s == c->view.seat;
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    if (ours) {
        gin_text_put(&o, "you show ");
    } else {
        gin_text_put(&o, "seat ");
        gin_text_int(&o, s);
        gin_text_put(&o, " shows ");
    }
    gin_text_int(&o, shows);
    gin_text_put(&o, ours ? " cards, but hold " : " cards, but holds ");
    gin_text_int(&o, holds);
    return GIN_ESTATE;
}

/* Can seat s show the cards x (a melds, unmatched or layoff line), by what
 * this seat knows? Each must be a card s may hold: ours in our hand,
 * another's none we know to be elsewhere (ours, on the pile, in a third
 * seat's hand); neither the knock's card, thrown face down, nor a card
 * shown already; and s shows no more cards than it holds. */
static int check_shown(gin_proto_client *c, int s, gin_cardset x)
{
    const gin_view *v = &c->view;
    gin_cardset all = 0;
    for (int i = 0; i < seats_of(c); i++)
        all |= c->shown[i];
    if (gin_cardset_has(x, c->knock_card))
        return refuse(c, "", c->knock_card, " was thrown face down with the knock");
    for (gin_cardset left = x; left; left &= left - 1) {
        gin_card y = gin_cardset_first(left);
        if (gin_cardset_has(all, y))
            return refuse(c, "", y, " is shown already");
        if (s == v->seat && !gin_cardset_has(v->hand, y))
            return refuse(c, "", y, " is not in your hand");
        if (s != v->seat && check_place(c, y, s) != GIN_OK)
            return GIN_ESTATE;
    }
    int shows = gin_cardset_count(c->shown[s] | x), holds = showdown_size(c, s);
    return shows > holds ? refuse_count(c, s, shows, holds) : GIN_OK;
}

/* Seat s's showdown is told (its unmatched line, after its layoffs and
 * melds): it must have shown its whole hand, every card this seat knows
 * it to hold among them. */
static int check_whole(gin_proto_client *c, int s, gin_cardset shown)
{
    const gin_view *v = &c->view;
    gin_cardset thrown = s == c->knocker ? gin_cardset_of(c->knock_card) : 0;
    if (s == v->seat) {
        gin_cardset missing = v->hand & ~thrown & ~shown;
        return missing ? refuse(c, "", gin_cardset_first(missing), " is in your hand, but not shown") : GIN_OK;
    }
    int shows = gin_cardset_count(shown), holds = showdown_size(c, s);
    if (shows != holds)
        return refuse_count(c, s, shows, holds);
    gin_cardset missing = v->known[s] & ~thrown & ~shown;
    if (!missing)
        return GIN_OK;
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    gin_text_put(&o, "seat ");
    gin_text_int(&o, s);
    gin_text_put(&o, " took ");
    put_card(&o, gin_cardset_first(missing));
    gin_text_put(&o, " from the pile, but does not show it");
    return GIN_ESTATE;
}

/* A seat's showdown lines out of their order (layoffs, melds, unmatched):
 * "seat 1's unmatched cards come after its melds" (how: " come after "),
 * "your melds are told already" (how: " are told already", other NULL). */
static int refuse_spread_order(gin_proto_client *c, int s, const char *what, const char *how, const char *other)
{
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    put_whose(&o, c, s);
    gin_text_put(&o, what);
    gin_text_put(&o, how);
    if (other) {
        gin_text_put(&o, s == c->view.seat ? "your " : "its ");
        gin_text_put(&o, other);
    }
    return GIN_ESTATE;
}

/* The knocker's unmatched cards: none after gin, no more deadwood than the
 * knock limit after a knock. */
static int check_knocker_deadwood(gin_proto_client *c, gin_cardset unmatched)
{
    int deadwood = gin_cardset_value(unmatched), limit = c->view.knock_limit;
    int gin = c->knock_event == GIN_EV_GIN;
    if (gin ? !unmatched : deadwood <= limit)
        return GIN_OK;
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    put_whose(&o, c, c->knocker);
    if (gin) {
        gin_text_put(&o, c->knock_card == GIN_NO_CARD ? " big gin leaves " : " gin leaves ");
        put_card(&o, gin_cardset_first(unmatched));
        gin_text_put(&o, " unmatched");
        return GIN_ESTATE;
    }
    gin_text_put(&o, " deadwood ");
    gin_text_int(&o, deadwood);
    gin_text_put(&o, " is over the knock limit ");
    gin_text_int(&o, limit);
    return GIN_ESTATE;
}

/* A layoff: a defender's card, after the knocker's melds and before its
 * own, onto one of the knocker's melds that it extends (through its own
 * earlier layoffs), and none against gin. */
static int check_layoff(gin_proto_client *c, const gin_proto_msg *m)
{
    int s = m->seat, k = c->knocker;
    if (s == k)
        return refuse(c, "the knocker lays nothing off", GIN_NO_CARD, "");
    if (c->knock_event == GIN_EV_GIN)
        return refuse(c, "nothing is laid off against gin", GIN_NO_CARD, "");
    if (!c->have_spread[k])
        return refuse(c, "nothing is laid off before the knocker's melds are told", GIN_NO_CARD, "");
    if (c->have_spread[s])
        return refuse_spread_order(c, s, " layoffs", " come before ", "melds");
    const gin_arrangement *ka = arrangement_of(c, k);
    if (m->n >= ka->n_melds) {
        gin_text o;
        gin_text_init(&o, c->why, sizeof c->why);
        gin_text_put(&o, "the knocker has no meld ");
        gin_text_int(&o, m->n);
        return GIN_ESTATE;
    }
    gin_cardset x = gin_cardset_of(m->card);
    if (check_shown(c, s, x) != GIN_OK)
        return GIN_ESTATE;
    if (!gin_meld_valid(ka->melds[m->n] | laid_on(c, s, m->n) | x)) {
        gin_text o;
        gin_text_init(&o, c->why, sizeof c->why);
        put_card(&o, m->card);
        gin_text_put(&o, " does not fit the knocker's meld ");
        gin_text_int(&o, m->n);
        return GIN_ESTATE;
    }
    return GIN_OK;
}

/* A melds or unmatched line, checked: GIN_OK, or GIN_ESTATE with c->why. */
static int check_spread(gin_proto_client *c, const gin_proto_msg *m)
{
    int s = m->seat;
    if (m->kind == GIN_PROTO_MELDS) {
        if (c->have_spread[s])
            return refuse_spread_order(c, s, " melds", " are told already", NULL);
        gin_cardset x = 0;
        for (int i = 0; i < m->n_melds; i++)
            x |= m->melds[i];
        return check_shown(c, s, x);
    }
    if (c->have_unmatched[s])
        return refuse_spread_order(c, s, " unmatched cards", " are told already", NULL);
    if (!c->have_spread[s])
        return refuse_spread_order(c, s, " unmatched cards", " come after ", "melds");
    if (check_shown(c, s, m->cards) != GIN_OK)
        return GIN_ESTATE;
    if (s == c->knocker && check_knocker_deadwood(c, m->cards) != GIN_OK)
        return GIN_ESTATE;
    return check_whole(c, s, c->shown[s] | m->cards);
}

/* The showdown's lines before the result: the spreads, the lay-offs, a
 * ring's penalties. Each spread and layoff is checked against what this
 * seat knows of the hands before it is kept. */
static int client_spread(gin_proto_client *c, const gin_proto_msg *m)
{
    int s = m->seat;
    if (m->kind == GIN_PROTO_PENALTY) {
        c->penalty[s] = m->n;
        c->have_penalty[s] = 1;
        return GIN_OK;
    }
    if (m->kind == GIN_PROTO_LAYOFF) {
        if (check_layoff(c, m) != GIN_OK)
            return GIN_ESTATE;
        int ring = seats_of(c) > 2, *n = ring ? &c->n_layoffs[s] : &c->sd.n_layoffs;
        if (*n >= GIN_HELD_MAX) /* check_shown's count keeps it under; the array's bound regardless */
            return refuse(c, "more cards are laid off than a hand holds", GIN_NO_CARD, "");
        gin_layoff *l = ring ? &c->layoffs[s][*n] : &c->sd.layoffs[*n];
        l->card = m->card;
        l->meld = m->n;
        ++*n;
        c->shown[s] |= gin_cardset_of(m->card);
        return GIN_OK;
    }
    if (check_spread(c, m) != GIN_OK)
        return GIN_ESTATE;
    gin_arrangement *a = arrangement_of(c, s);
    if (m->kind == GIN_PROTO_MELDS) {
        a->n_melds = m->n_melds;
        memcpy(a->melds, m->melds, sizeof a->melds);
        c->have_spread[s] = 1;
        for (int i = 0; i < m->n_melds; i++)
            c->shown[s] |= m->melds[i];
    } else {
        a->unmatched = m->cards;
        a->deadwood = gin_cardset_value(m->cards);
        c->have_unmatched[s] = 1;
        c->shown[s] |= m->cards;
    }
    return GIN_OK;
}

/* The seat a message names, if it names one (a hand its dealer, an
 * endgame its winner unless a tie), else -1. */
static int seat_named(const gin_proto_msg *m)
{
    switch (m->kind) {
    case GIN_PROTO_HAND:
        return m->dealer;
    case GIN_PROTO_MOVE:
    case GIN_PROTO_MELDS:
    case GIN_PROTO_UNMATCHED:
    case GIN_PROTO_LAYOFF:
    case GIN_PROTO_RESULT:
    case GIN_PROTO_PENALTY:
    case GIN_PROTO_ENDGAME:
        return m->seat;
    default:
        return -1;
    }
}

/* Is message m in its place? A game's messages need a game, the
 * showdown's a knock, a seat must be one of the game's, and penalties are
 * a ring's only. GIN_OK, or GIN_ESTATE with c->why. */
static int client_in_order(gin_proto_client *c, const gin_proto_msg *m)
{
    int needs_game = (m->kind >= GIN_PROTO_HAND && m->kind <= GIN_PROTO_ENDGAME) || m->kind == GIN_PROTO_PENALTY;
    if (needs_game && !c->in_game)
        return refuse(c, "no game has begun", GIN_NO_CARD, "");
    if (m->kind == GIN_PROTO_PENALTY && seats_of(c) <= 2)
        return refuse(c, "penalties are told at a table of three or four only", GIN_NO_CARD, "");
    int showdown = (m->kind >= GIN_PROTO_MELDS && m->kind <= GIN_PROTO_RESULT) || m->kind == GIN_PROTO_PENALTY;
    if (showdown && c->knocker < 0)
        return refuse(c, "no showdown is being told", GIN_NO_CARD, "");
    int seat = seat_named(m);
    if (needs_game && seat >= seats_of(c))
        return refuse_seat(c, seat, seats_of(c));
    return GIN_OK;
}

/* A discard made `void` or `reshuffle` due (c->due): is m that message,
 * with the stock it must have? Else c->why says what is due. Requests,
 * too, wait for it. */
static int client_told_due(gin_proto_client *c, const gin_proto_msg *m)
{
    const gin_view *v = &c->view;
    int stock = c->due == GIN_PROTO_VOID ? v->stock_n : v->pile_n - 1;
    gin_text o;
    gin_text_init(&o, c->why, sizeof c->why);
    if (m->kind == c->due) {
        if (m->n == stock)
            return 1;
        gin_text_put(&o, c->due == GIN_PROTO_VOID ? "the stock has " : "the new stock has ");
        gin_text_int(&o, stock);
        gin_text_put(&o, " cards, not ");
        gin_text_int(&o, m->n);
        return 0;
    }
    if (m->kind == GIN_PROTO_HELLO || m->kind == GIN_PROTO_ERROR || m->kind == GIN_PROTO_QUIT) {
        c->why[0] = '\0';
        return 1;
    }
    if (c->due == GIN_PROTO_RESHUFFLE) {
        gin_text_put(&o, "the stock is empty: a reshuffle is due");
    } else if (v->turns >= GIN_HAND_MAX_TURNS) {
        gin_text_put(&o, "the hand is void after ");
        gin_text_int(&o, v->turns);
        gin_text_put(&o, " discards");
    } else {
        gin_text_put(&o, "the hand is void: the last discard left ");
        gin_text_int(&o, v->stock_n);
        gin_text_put(&o, v->stock_n == 1 ? " card in the stock" : " cards in the stock");
    }
    return 0;
}

int gin_proto_client_feed(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    if (!c || !m)
        return GIN_EINVAL;
    c->why[0] = '\0';
    if (client_in_order(c, m) != GIN_OK)
        return GIN_ESTATE;
    if (c->due && m->kind != GIN_PROTO_GAME && m->kind != GIN_PROTO_RULES && !client_told_due(c, m))
        return GIN_ESTATE;
    switch (m->kind) {
    case GIN_PROTO_RULES:
        c->rules = m->rules;
        c->have_rules = 1;
        break;
    case GIN_PROTO_GAME:
        if (m->seat >= c->rules.seats)
            return refuse_seat(c, m->seat, c->rules.seats);
        c->seat = m->seat;
        c->seed = m->seed;
        c->in_game = 1;
        c->hand_open = 0;
        c->knocker = -1;
        c->due = 0;
        gin_view_init(&c->view, &c->rules, m->seat);
        break;
    case GIN_PROTO_HAND:
        c->hand_no = m->n;
        c->dealer = m->dealer;
        c->upcard = m->card;
        c->hand_open = 1;
        break;
    case GIN_PROTO_DEAL:
        return client_deal(c, m, fn, ctx);
    case GIN_PROTO_MOVE:
        return move(c, m, fn, ctx);
    case GIN_PROTO_RESHUFFLE:
    case GIN_PROTO_VOID:
        if (c->due != m->kind)
            return refuse(c, m->kind == GIN_PROTO_VOID ? "no void is due" : "no reshuffle is due", GIN_NO_CARD, "");
        c->due = 0;
        emit(c, fn, ctx, m->kind == GIN_PROTO_VOID ? GIN_EV_VOID : GIN_EV_RESHUFFLE,
             m->kind == GIN_PROTO_VOID ? c->last_mover : -1, GIN_NO_CARD, 0, m->n, NULL);
        break;
    case GIN_PROTO_MELDS:
    case GIN_PROTO_UNMATCHED:
    case GIN_PROTO_LAYOFF:
    case GIN_PROTO_PENALTY:
        return client_spread(c, m);
    case GIN_PROTO_RESULT:
        return seats_of(c) > 2 ? settle_ring(c, m, fn, ctx) : settle(c, m, fn, ctx);
    case GIN_PROTO_ENDGAME:
        emit(c, fn, ctx, GIN_EV_GAME_OVER, m->seat, GIN_NO_CARD, 0, m->n, NULL);
        break;
    default:
        break; /* hello, endhand, requests, error, quit */
    }
    return GIN_OK;
}
