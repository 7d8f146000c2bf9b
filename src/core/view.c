/* What one seat may see, rebuilt event by event from the redacted stream.
 * The view never reads a gin_hand: whatever it holds came through an event
 * that seat received, so an agent deciding from it cannot cheat. */
#include <string.h>
#include "gin/view.h"

void gin_view_init(gin_view *v, const gin_rules *r, int seat)
{
    if (!v || !r)
        return;
    memset(v, 0, sizeof *v);
    v->rules = *r;
    v->seat = seat;
    v->seats = r->seats > 0 && r->seats <= GIN_MAX_SEATS ? r->seats : 2;
    v->dealer = -1;
    v->turn = -1;
    v->phase = GIN_PHASE_OVER;
    v->first_upcard = GIN_NO_CARD;
    v->taken = GIN_NO_CARD;
}

static int next_seat(const gin_view *v, int seat) { return seat + 1 < v->seats ? seat + 1 : 0; }

static int seat_ok(const gin_view *v, int seat) { return seat >= 0 && seat < v->seats; }

static void new_hand(gin_view *v, const gin_event *ev)
{
    v->dealer = ev->value;
    v->first_upcard = ev->card;
    v->knock_limit = gin_rules_knock_limit(&v->rules, ev->card);
    if (v->knock_limit < 0)
        v->knock_limit = 0;
    v->hand = 0;
    v->taken = GIN_NO_CARD;
    v->pile_n = 0;
    if (gin_card_valid(ev->card)) {
        v->pile[0] = ev->card;
        v->pile_by[0] = -1;
        v->pile_n = 1;
    }
    int dealt = gin_cards_dealt(v->seats);
    v->stock_n = GIN_DECK_SIZE - v->seats * dealt - 1;
    for (int s = 0; s < GIN_MAX_SEATS; s++) {
        v->hand_size[s] = s < v->seats ? dealt : 0;
        v->known[s] = v->discarded[s] = v->declined[s] = v->took[s] = 0;
    }
    v->seen = gin_card_valid(ev->card) ? gin_cardset_of(ev->card) : 0;
    v->turns = 0;
    v->passes = 0;
    v->turn = next_seat(v, v->dealer);
    v->phase = v->rules.first_turn == GIN_FIRST_TURN_OFFER ? GIN_PHASE_OFFER : GIN_PHASE_DRAW;
    v->hand_no++;
}

/* A card leaves the pile top into seat s's hand, in plain sight. */
static void take_from_pile(gin_view *v, int s, gin_card c)
{
    if (v->pile_n > 0)
        v->pile_n--;
    v->known[s] |= gin_cardset_of(c);
    v->took[s] |= gin_cardset_of(c);
    v->hand_size[s]++;
    if (s == v->seat) {
        v->hand |= gin_cardset_of(c);
        v->taken = c;
    }
    v->turn = s;
    v->phase = GIN_PHASE_DISCARD;
}

/* Seat s puts card c face up on the pile (a discard, or a knock's card
 * turned up at the showdown). */
static void throw_card(gin_view *v, int s, gin_card c)
{
    if (!gin_card_valid(c))
        return;
    gin_cardset b = gin_cardset_of(c);
    if (v->pile_n < GIN_DECK_SIZE) {
        v->pile[v->pile_n] = c;
        v->pile_by[v->pile_n++] = (int8_t)s;
    }
    v->known[s] &= ~b;
    v->discarded[s] |= b;
    v->seen |= b;
    if (v->hand_size[s] > 0)
        v->hand_size[s]--;
    if (s == v->seat)
        v->hand &= ~b;
    v->taken = GIN_NO_CARD;
}

static void on_deal(gin_view *v, const gin_event *ev)
{
    if (!seat_ok(v, ev->seat) || !seat_ok(v, ev->value))
        return;
    /* The DEAL of the dealer's left comes first and opens the hand. */
    if (ev->seat == next_seat(v, ev->value))
        new_hand(v, ev);
    if (ev->seat == v->seat) {
        v->hand = ev->cards & GIN_DECK;
        v->seen |= v->hand;
    }
}

static void on_pass(gin_view *v, int s, gin_cardset b)
{
    v->declined[s] |= b;
    v->passes++;
    if (s == v->dealer) { /* everyone passed: the dealer's left draws from stock */
        v->turn = next_seat(v, v->dealer);
        v->phase = GIN_PHASE_DRAW;
    } else {
        v->turn = next_seat(v, s);
    }
}

static void on_draw_stock(gin_view *v, int s, gin_cardset b)
{
    if (v->pile_n > 0) /* drew over the face-up card */
        v->declined[s] |= gin_cardset_of(v->pile[v->pile_n - 1]);
    if (v->stock_n > 0)
        v->stock_n--;
    v->hand_size[s]++;
    if (s == v->seat && b) {
        v->hand |= b;
        v->seen |= b;
    }
    v->taken = GIN_NO_CARD;
    v->turn = s;
    v->phase = GIN_PHASE_DISCARD;
}

static int8_t clamp8(int x) { return (int8_t)(x < -1 ? -1 : x > 127 ? 127 : x); }

/* Keep what a two-seat showdown showed of both seats' styles. The knocker
 * is the seat whose KNOCK or GIN event ended the hand (v->turn). */
static void keep_showdown(gin_view *v, const gin_showdown *sd)
{
    int k = v->turn, d = next_seat(v, k);
    if (!sd || v->seats != 2 || !seat_ok(v, k))
        return;
    gin_view_showdown *r = &v->showdowns[v->n_showdowns % GIN_VIEW_SHOWDOWNS];
    r->seat = (int8_t)k;
    r->deadwood = clamp8(sd->knocker.deadwood);
    r->other = v->discarded[d] ? clamp8(sd->defender_deadwood_before_layoffs) : -1;
    r->limit = clamp8(v->knock_limit);
    r->turns = (uint8_t)(v->turns > 255 ? 255 : v->turns);
    r->stock = (uint8_t)(v->stock_n > 255 ? 255 : v->stock_n);
    v->n_showdowns++;
    /* What became of the cards each took from the pile: a card it still
     * holds (known) is shown in a meld, laid off, or left unmatched. */
    const gin_cardset loose[2] = {k == 0 ? sd->knocker.unmatched : sd->defender.unmatched,
                                  k == 1 ? sd->knocker.unmatched : sd->defender.unmatched};
    for (int s = 0; s < 2; s++) {
        v->takes[s] += gin_cardset_count(v->took[s]);
        v->takes_used[s] += gin_cardset_count(v->took[s] & v->known[s] & ~loose[s]);
    }
}

/* The hand's end: every hand is shown, and two seats score hand points (a
 * ring's penalty points came with the PENALTY events). */
static void on_hand_over(gin_view *v, const gin_event *ev)
{
    v->seen |= ev->cards & GIN_DECK;
    keep_showdown(v, ev->showdown);
    if (seat_ok(v, ev->seat) && v->seats == 2)
        v->scores[ev->seat] += ev->value;
    v->phase = GIN_PHASE_OVER;
    v->taken = GIN_NO_CARD;
}

/* The events a seat's move makes (every one names a seat). */
static void on_move(gin_view *v, const gin_event *ev, gin_cardset b)
{
    int s = ev->seat;
    if (!seat_ok(v, s))
        return;
    switch (ev->kind) {
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_DRAW_DISCARD:
        if (b)
            take_from_pile(v, s, ev->card);
        break;
    case GIN_EV_PASS:
        on_pass(v, s, b);
        break;
    case GIN_EV_DRAW_STOCK:
        on_draw_stock(v, s, b);
        break;
    case GIN_EV_DISCARD:
        throw_card(v, s, ev->card);
        v->turns++;
        v->turn = next_seat(v, s);
        v->phase = GIN_PHASE_DRAW;
        break;
    default: /* GIN_EV_KNOCK, GIN_EV_GIN */
        throw_card(v, s, ev->card);
        v->turn = s;
        v->phase = GIN_PHASE_OVER;
        if (ev->kind == GIN_EV_KNOCK)
            v->knocks[s]++;
        break;
    }
}

void gin_view_apply(gin_view *v, const gin_event *ev)
{
    if (!v || !ev)
        return;
    gin_cardset b = gin_card_valid(ev->card) ? gin_cardset_of(ev->card) : 0;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        on_deal(v, ev);
        break;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_PASS:
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        on_move(v, ev, b);
        break;
    case GIN_EV_LAYOFF:
        v->seen |= b;
        break;
    case GIN_EV_RESHUFFLE:
        if (v->pile_n > 0) {
            v->pile[0] = v->pile[v->pile_n - 1];
            v->pile_by[0] = v->pile_by[v->pile_n - 1];
            v->pile_n = 1;
        }
        v->stock_n = ev->value;
        break;
    case GIN_EV_VOID:
        v->phase = GIN_PHASE_OVER;
        v->taken = GIN_NO_CARD;
        break;
    case GIN_EV_PENALTY:
        /* A ring's scores are penalty totals. */
        if (seat_ok(v, ev->seat))
            v->scores[ev->seat] += ev->value;
        break;
    case GIN_EV_HAND_OVER:
        on_hand_over(v, ev);
        break;
    case GIN_EV_GAME_OVER:
        v->phase = GIN_PHASE_OVER;
        break;
    default:
        break;
    }
}
