/* gin — one hand as a state machine: deal, upcard offer, draw, discard,
 * knock, showdown. Pure: the caller supplies the shuffled deck (or an RNG)
 * and receives every state change as a gin_event through a callback.
 *
 * A gin_hand is a plain value (no pointers to itself; copy it freely, e.g.
 * to search). Treat its fields as read-only: change it only through
 * gin_hand_apply(). Seat count is a parameter of the rule set: 2 seats of
 * ten cards, or a ring of 3-4 seats of seven (the Oklahoma rules; docs/rules.md,
 * "A ring of three or four"). */
#ifndef GIN_HAND_H
#define GIN_HAND_H

#include <stddef.h>
#include <stdint.h>
#include "gin/card.h"
#include "gin/rng.h"
#include "gin/rules.h"
#include "gin/showdown.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A hand ends void once this many discards have been made without a knock:
 * two seats could otherwise swap pile cards forever (and, under the
 * reshuffle rule, the stock never runs out). Real hands take well under 60. */
enum { GIN_HAND_MAX_TURNS = 200 };

enum gin_phase {
    GIN_PHASE_OFFER = 0,   /* seat `turn` may take the upcard or pass */
    GIN_PHASE_DRAW = 1,    /* seat `turn` draws from stock or discard pile */
    GIN_PHASE_DISCARD = 2, /* seat `turn` holds 11 cards (8 in a ring): discard, or knock */
    GIN_PHASE_OVER = 3     /* hand finished: see `result` / `void_hand` */
};

enum gin_action_kind {
    GIN_ACT_TAKE_UPCARD = 0, /* offer: take the face-up card */
    GIN_ACT_PASS = 1,        /* offer: refuse it */
    GIN_ACT_DRAW_STOCK = 2,
    GIN_ACT_DRAW_DISCARD = 3,
    GIN_ACT_DISCARD = 4, /* card: the card thrown face up */
    GIN_ACT_KNOCK = 5    /* card: thrown face down; GIN_NO_CARD = big gin (all 11 melded;
                                8 in a ring).
                                Knocking with zero deadwood is gin. */
};

typedef struct gin_action {
    int kind;      /* enum gin_action_kind */
    gin_card card; /* DISCARD / KNOCK only; ignored by the other kinds */
    /* KNOCK only: the melds the knocker shows (meld.h; it must be a spread
     * of its cards after the discard within the knock limit); zero, as in
     * any action built without it, lets the rules choose: a least-deadwood
     * spread, the one leaving the defender most deadwood. Ignored by the
     * other kinds. */
    gin_spread spread;
} gin_action;

/* The most legal actions at one decision: a discard and a knock of each
 * card held, and big gin. */
enum { GIN_LEGAL_MAX = 2 * GIN_HELD_MAX + 1 };

/* An action of `kind` with `card` and no spread chosen. */
static inline gin_action gin_action_make(int kind, gin_card card)
{
    gin_action a = {kind, card, {0, 0}};
    return a;
}

enum gin_event_kind {
    GIN_EV_DEAL = 0,         /* a seat's ten cards were dealt; see below */
    GIN_EV_TAKE_UPCARD = 1,  /* seat took the face-up card `card` on the offer */
    GIN_EV_PASS = 2,         /* seat passed on the upcard `card` */
    GIN_EV_DRAW_STOCK = 3,   /* seat drew `card` from stock (GIN_NO_CARD when redacted) */
    GIN_EV_DRAW_DISCARD = 4, /* seat took `card` from the discard pile */
    GIN_EV_DISCARD = 5,      /* seat discarded `card` face up */
    GIN_EV_KNOCK = 6,        /* seat knocked, discarding `card` face down (public at showdown) */
    GIN_EV_GIN = 7,          /* seat went gin (card as KNOCK; GIN_NO_CARD for big gin) */
    GIN_EV_LAYOFF = 8,       /* seat (defender) laid `card` off on the knocker's meld `value` */
    GIN_EV_RESHUFFLE = 9,    /* discard pile but its top became the stock; value: stock count */
    GIN_EV_VOID = 10,        /* hand void (stock ran low, or GIN_HAND_MAX_TURNS); nobody
                                 scores; value: stock count */
    GIN_EV_HAND_OVER = 11,   /* hand scored: showdown points to `seat`; see `showdown` */
    GIN_EV_GAME_OVER = 12,   /* emitted by gin_game: seat = winner, value = winner's total */
    GIN_EV_PENALTY = 13      /* ring of 3-4 only: seat takes `value` penalty points (0 for
                                 the hand's winner); one per seat, the knocker first then in
                                 turn order, after the LAYOFFs and before HAND_OVER; `cards`
                                 the seat's hand as shown (the knocker's after its discard),
                                 public, so a referee can tell every seat's spread */
};

/* GIN_EV_DEAL is emitted once per seat, the dealer's left first, the dealer
 * last: `seat` is the receiving seat, `cards` its hand (0 when redacted for
 * another seat), `card`
 * the upcard, `value` the dealer. Other `value`s: PASS the passes so far,
 * DRAW_STOCK the stock left, DRAW_DISCARD / DISCARD the pile size after it,
 * KNOCK / GIN the knocker's deadwood, LAYOFF the knocker's meld index,
 * HAND_OVER the points. GIN_EV_HAND_OVER carries both hands (after the
 * knock's discard) in `cards`, `seat` = the winner. A knock is emitted as
 * GIN_EV_GIN when the showdown finds it gin. Unset cards are GIN_NO_CARD.
 * In a ring of 3-4: LAYOFF events come defender by defender in turn order
 * from the knocker's left; HAND_OVER has `seat` = the hand's winner (the
 * knocker, or the undercutter), `value` = the penalty points paid in all,
 * `cards` every seat's hand, and `showdown` a two-seat summary (knocker
 * against its left neighbour; the whole showdown is gin_hand.ring). */
typedef struct gin_event {
    int kind; /* enum gin_event_kind */
    int seat;
    gin_card card;
    gin_cardset cards;
    int value;
    const gin_showdown *showdown; /* HAND_OVER after a knock, else NULL; valid during the callback */
} gin_event;

/* Receives each event as it happens. `ctx` is the caller's. */
typedef void (*gin_event_fn)(void *ctx, const gin_event *ev);

typedef struct gin_hand {
    gin_rules rules; /* a copy; its name points at static storage, never into the hand */
    int seats, dealer, turn, phase;
    int first_upcard; /* the card turned up at the deal */
    int knock_limit;  /* of this hand (Oklahoma: from the first upcard) */
    int passes;       /* upcard offers refused so far */
    int turns;        /* completed discards */
    gin_card taken;   /* card taken from the pile this turn (may not be discarded), or GIN_NO_CARD */
    gin_cardset held[GIN_MAX_SEATS];
    gin_card stock[GIN_DECK_SIZE];
    int stock_n; /* top is stock[stock_n - 1] */
    gin_card pile[GIN_DECK_SIZE];
    int pile_n;                    /* top is pile[pile_n - 1]; a knock's
                                                     face-down card is put on top at the end */
    int8_t pile_by[GIN_DECK_SIZE]; /* who discarded each pile card; -1 = the upcard */
    gin_rng rng;                   /* for a reshuffle (Oklahoma stock rule) */
    /* When phase == GIN_PHASE_OVER: */
    int void_hand;       /* 1 if nobody scored */
    int knocker;         /* seat that knocked, or -1 */
    gin_showdown result; /* valid when knocker >= 0; in a ring of 3-4 only a summary:
                              kind, winner (GIN_DEFENDER on an undercut), points = penalty
                              total, the knocker's spread, its left neighbour's defence */
    /* Added for the ring of 3-4; last so every existing field keeps its place. */
    gin_ring_showdown ring; /* valid when knocker >= 0 and seats > 2 */
} gin_hand;

/* Deal a hand from `deck` (52 distinct cards; deck[0] is dealt first, one at
 * a time starting left of the dealer (dealer + 1) % seats, gin_cards_dealt
 * each, then the upcard, the rest is the stock with deck[51] at the
 * bottom). The upcard offer goes round every seat from the dealer's left,
 * the dealer last; if all pass, the dealer's left draws from stock. Turns go
 * to seat + 1. Emits DEAL events. `reshuffle_seed` seeds the hand's own RNG
 * for reshuffles. The rule set is copied, not checked (see gin_rules_check).
 * Returns GIN_OK, GIN_EINVAL (NULL, bad dealer, deck not 52 distinct cards),
 * GIN_ERULES (seats outside 2..GIN_MAX_SEATS); *h is untouched on error. */
int gin_hand_deal(gin_hand *h, const gin_rules *r, int dealer, const gin_card deck[GIN_DECK_SIZE],
                  uint64_t reshuffle_seed, gin_event_fn on_event, void *ctx);

/* Fill deck[] with a shuffled deck drawn from rng. */
void gin_deck_shuffle(gin_rng *rng, gin_card deck[GIN_DECK_SIZE]);

/* The legal actions now, written to out[] (cap GIN_LEGAL_MAX always suffices).
 * Returns the count (0 when the hand is over), or GIN_ESPACE if cap is too
 * small, GIN_EINVAL for NULL. Deterministic order: TAKE_UPCARD, PASS;
 * DRAW_STOCK, DRAW_DISCARD; every DISCARD by ascending card, every KNOCK by
 * ascending card, then big gin (KNOCK with GIN_NO_CARD). */
int gin_hand_legal(const gin_hand *h, gin_action *out, size_t cap);

/* 1 if `a` is legal now, else 0. */
int gin_hand_is_legal(const gin_hand *h, gin_action a);

/* Apply the action of seat h->turn. An illegal action returns GIN_EILLEGAL
 * and changes nothing (GIN_ESTATE once the hand is over); on success emits
 * its events (and, when the hand ends, LAYOFF and HAND_OVER or VOID) and
 * returns GIN_OK. Stock low: under GIN_STOCK_VOID a discard (not a knock)
 * that leaves <= stock_void_at cards voids the hand; under
 * GIN_STOCK_RESHUFFLE a discard that leaves the stock empty turns the pile
 * but its top into a new stock (RESHUFFLE). */
int gin_hand_apply(gin_hand *h, gin_action a, gin_event_fn on_event, void *ctx);

/* Copy `ev` as seat `seat` may see it: the other seats' dealt cards and
 * stock draws are hidden. Everything else is public. */
void gin_event_redact(const gin_event *ev, int seat, gin_event *out);

#ifdef __cplusplus
}
#endif
#endif
