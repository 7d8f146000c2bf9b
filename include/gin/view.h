/* gin — what one seat may see. Built only from the redacted events that
 * seat received; agents decide from this and nothing else. */
#ifndef GIN_VIEW_H
#define GIN_VIEW_H

#include "gin/card.h"
#include "gin/hand.h"
#include "gin/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One showdown of this game as every seat saw it (two seats only): how the
 * knocker ended the hand, and whether the other seat had passed up a knock
 * of its own. What a player at the table learns of an opponent's style. */
typedef struct gin_view_showdown {
    int8_t seat;     /* who knocked or went gin */
    int8_t deadwood; /* its deadwood; 0 for gin */
    int8_t other;    /* the other seat's least deadwood before layoffs, or -1
                        if it had not discarded this hand: its last discard
                        left it that hand, so within `limit` it chose to play
                        on rather than knock */
    int8_t limit;    /* the hand's knock limit */
    uint8_t turns;   /* discards before the knock, both seats' (as `turns`) */
    uint8_t stock;   /* cards left in the stock at the knock */
} gin_view_showdown;

enum { GIN_VIEW_SHOWDOWNS = 32 };

typedef struct gin_view {
    gin_rules rules;
    int seat, seats;
    int dealer, turn, phase; /* as gin_hand; phase OVER between hands */
    int knock_limit;
    int first_upcard;
    gin_cardset hand; /* this seat's cards */
    gin_card taken;   /* card this seat took from the pile this turn, or GIN_NO_CARD */
    int stock_n;
    int pile_n;
    gin_card pile[GIN_DECK_SIZE];  /* bottom .. top */
    int8_t pile_by[GIN_DECK_SIZE]; /* who threw each; -1 = the first upcard */
    int hand_size[GIN_MAX_SEATS];
    gin_cardset known[GIN_MAX_SEATS];     /* cards a seat is known to hold (took from pile, not discarded) */
    gin_cardset discarded[GIN_MAX_SEATS]; /* every card a seat discarded this hand */
    gin_cardset declined[GIN_MAX_SEATS];  /* face-up cards a seat passed on or drew over */
    gin_cardset seen;                     /* every card this seat has seen (own hand, pile, known) */
    int turns;
    int scores[GIN_MAX_SEATS]; /* game totals so far: hand points (2 seats, from
                                                HAND_OVER), penalty points (3-4, from PENALTY) */
    int hand_no;               /* 1-based hand in play, void hands included */
    int knocks[GIN_MAX_SEATS]; /* hands each seat ended by knocking (gin not
                                                counted) this game: how eagerly it knocks,
                                                public at every showdown */
    int passes;                /* upcard offers refused this hand: when every
                                               seat passed, the first draw is from the stock */

    /* What this game's showdowns showed (two seats; void hands show none):
     * the i-th (0-based) at showdowns[i % GIN_VIEW_SHOWDOWNS], the last
     * GIN_VIEW_SHOWDOWNS kept. */
    int n_showdowns;
    gin_view_showdown showdowns[GIN_VIEW_SHOWDOWNS];
    /* Cards each seat took from the pile this hand; over this game's
     * showdown hands, how many it took and how many of those it still held
     * at the showdown in a meld or laid off (taken to build, not to block
     * or to mislead). */
    gin_cardset took[GIN_MAX_SEATS];
    int takes[GIN_MAX_SEATS];
    int takes_used[GIN_MAX_SEATS];
} gin_view;

/* Start a fresh view for `seat`: everything zero, phase OVER, no hand yet.
 * Call it once per game, not per hand: each hand's first DEAL event (the
 * dealer's left's) resets the per-hand fields itself and bumps hand_no, while
 * `scores` (hand points, from HAND_OVER) carry across hands. A driver keeps
 * one view per seat for the whole game and feeds it every event. */
void gin_view_init(gin_view *v, const gin_rules *r, int seat);
/* Update from one event already redacted for v->seat (feeding it an
 * unredacted event would leak cards; the view trusts its driver). Events
 * that make no sense (bad seat) are ignored. */
void gin_view_apply(gin_view *v, const gin_event *ev);
/* The legal actions of this seat now, from the view alone, written to out[]
 * (cap GIN_LEGAL_MAX always suffices): exactly what gin_hand_legal gives for the
 * hand the view was built from when it is this seat's turn, in the same
 * order; 0 when it is not this seat's turn or no hand is in play. Returns
 * the count, GIN_ESPACE if cap is too small, GIN_EINVAL for NULL. */
int gin_view_legal(const gin_view *v, gin_action *out, size_t cap);
/* 1 if `a` is legal for this seat now (as gin_view_legal lists), else 0. */
int gin_view_is_legal(const gin_view *v, gin_action a);

/* Why an action is refused: gin_view_check's answer other than GIN_OK, one
 * code per rule broken (positive, so never a gin_status). A front end
 * phrases them in its own words (the bot protocol's referee for bots, the
 * table for people) from these and the facts of gin_view_check_facts. */
enum gin_illegal {
    GIN_ILLEGAL_NOT_DUE = 1,      /* not this seat's move, or no hand in play */
    GIN_ILLEGAL_WRONG_KIND,       /* not an answer to this decision (offer: take or pass; draw: stock or
                                     pile; discard: discard, knock, gin or big gin) */
    GIN_ILLEGAL_STOCK_EMPTY,      /* draw from an empty stock */
    GIN_ILLEGAL_PILE_EMPTY,       /* draw from an empty discard pile */
    GIN_ILLEGAL_PILE_BARRED,      /* every seat passed the upcard: the first draw is from the stock */
    GIN_ILLEGAL_NOT_HELD,         /* the card named is not in the hand (or not a card) */
    GIN_ILLEGAL_JUST_TAKEN,       /* the card was taken from the pile this turn */
    GIN_ILLEGAL_NO_BIG_GIN,       /* big gin, under rules that do not pay it */
    GIN_ILLEGAL_BIG_GIN_UNMELDED, /* big gin, but not all eleven cards are melded */
    GIN_ILLEGAL_NOT_GIN,          /* claims gin, but the ten cards kept leave deadwood */
    GIN_ILLEGAL_OVER_LIMIT,       /* a knock leaving more deadwood than the knock limit */
    GIN_ILLEGAL_NOT_MELDS,        /* the melds a knock names are not melds of the cards kept */
    GIN_ILLEGAL_MELDS_OVER_LIMIT, /* the melds named leave more deadwood than the knock limit */
    GIN_ILLEGAL_GIN_AS_KNOCK,     /* the melds named leave deadwood, but the hand is gin */
    GIN_ILLEGAL_REASONS           /* one past the last */
};

/* The facts a front end needs to phrase a refusal, or to say what the
 * seat may do instead (in its discard, on its move). */
typedef struct gin_view_check_facts {
    int limit;     /* this hand's knock limit (0: gin only) */
    int least;     /* least deadwood the seat keeps by any throw it may make
                      now (not the card just taken); -1 outside its discard */
    gin_card best; /* the lowest card whose throw keeps `least`, or GIN_NO_CARD */
    int after;     /* deadwood kept by throwing the action's card; -1 when the
                      seat does not hold it (or outside its discard) */
} gin_view_check_facts;

/* Is `a` legal for this seat now, and if not, why? claims_gin: the player
 * said gin with a knock's card, which also needs the ten cards kept to be
 * all melded (big gin is always a claim). Returns GIN_OK exactly when
 * gin_view_is_legal(v, a) (and, with claims_gin, the knock is gin), else
 * the first rule broken (enum gin_illegal, checked in the order listed,
 * the melds a knock names last), or GIN_EINVAL for a NULL view. facts (may
 * be NULL) is filled either way. */
int gin_view_check(const gin_view *v, gin_action a, int claims_gin, gin_view_check_facts *facts);
/* Cards this seat has not seen: candidates for the opponents' hands and the stock. */
static inline gin_cardset gin_view_unseen(const gin_view *v) { return GIN_DECK & ~v->seen; }

#ifdef __cplusplus
}
#endif
#endif
