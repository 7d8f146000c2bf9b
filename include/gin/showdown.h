/* gin — the showdown after a knock: spreads, layoffs, result and points. */
#ifndef GIN_SHOWDOWN_H
#define GIN_SHOWDOWN_H

#include "gin/card.h"
#include "gin/meld.h"
#include "gin/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gin_result_kind {
    GIN_RESULT_KNOCK = 0,    /* knocker had less deadwood */
    GIN_RESULT_UNDERCUT = 1, /* defender had equal or less */
    GIN_RESULT_GIN = 2,
    GIN_RESULT_BIG_GIN = 3 /* 11 cards melded, no discard */
};
enum { GIN_KNOCKER = 0, GIN_DEFENDER = 1 };

typedef struct gin_layoff {
    gin_card card; /* defender's card laid off */
    int meld;      /* index into knocker.melds it extends */
} gin_layoff;

typedef struct gin_showdown {
    int kind;                 /* enum gin_result_kind */
    int winner;               /* GIN_KNOCKER or GIN_DEFENDER */
    int points;               /* to the winner, under the rule set */
    gin_arrangement knocker;  /* the spread */
    gin_arrangement defender; /* after layoffs: its melds and what stays unmatched */
    int defender_deadwood_before_layoffs;
    int n_layoffs;
    gin_layoff layoffs[GIN_HELD_MAX]; /* in the order they are laid (chains in order); a
                                         defender lays off only cards it holds */
} gin_showdown;

/* Settle a knock. `knocker` is the knocker's hand after the face-down discard
 * (10 cards; 11 for big gin), `defender` the defender's 10 cards.
 * knock_limit: the limit of this hand (gin_rules_knock_limit), or < 0 to skip
 * the check. The knocker spreads a least-deadwood arrangement, among ties the
 * one leaving the defender most deadwood; the defender spreads and lays off
 * to its least deadwood (none against gin; layoffs onto 3-card sets and at
 * either end of runs, chaining through earlier layoffs; never breaking the
 * knocker's melds). Returns GIN_OK, or GIN_ECOUNT, GIN_EOVERLAP, GIN_EINVAL,
 * GIN_EKNOCK (deadwood over the limit, or 11 cards that are not big gin or
 * big gin not allowed). */
int gin_showdown_settle(const gin_rules *r, gin_cardset knocker, gin_cardset defender, int knock_limit,
                        gin_showdown *out);

/* The same with the knocker's own choice of melds (meld.h, gin_spread):
 * it shows `spread`, its deadwood is what that leaves, and the defender
 * lays off onto those melds. A zero spread is gin_showdown_settle. Errors
 * as gin_showdown_settle, and those of gin_spread_arrange for the spread
 * (GIN_EINVAL: not melds of the knocker's cards; GIN_EKNOCK: over the
 * limit, or deadwood left in a gin hand). */
int gin_showdown_settle_spread(const gin_rules *r, gin_cardset knocker, gin_cardset defender, int knock_limit,
                               gin_spread spread, gin_showdown *out);

/* ---- a ring of three or four (the Oklahoma rules; docs/rules.md, "A ring for
 * three or four") ----
 *
 * One knocker, every other seat defends. Each defender spreads its own melds
 * and lays off onto the knocker's ORIGINAL melds only: never onto a card
 * another defender laid off, but through its own earlier layoffs (a chain
 * 8H 9H onto 5H-6H-7H). Since the card next to a meld end is unique, two
 * defenders never compete for an end, so each lays off to its own least
 * deadwood whatever the order; the order (turn order from the knocker's
 * left) is only the order they are listed. No layoffs against gin.
 *
 * Penalty points for the defeated, gin_bonus / big_gin_bonus and
 * undercut_penalty from the rule set (undercut_bonus is not used):
 * - gin / big gin: each defender pays its deadwood + the gin (big gin) bonus;
 * - knock, no defender at or under the knocker's deadwood K: each defender
 *   pays its deadwood - K;
 * - undercut (some defender's deadwood <= K): the hand goes to the defender
 *   with the least deadwood U (a tie: the first from the knocker's left);
 *   every other defender pays its deadwood - U, the knocker K - U plus
 *   undercut_penalty. */
typedef struct gin_ring_showdown {
    int kind; /* enum gin_result_kind */
    int seats;
    int knocker; /* seat */
    int winner;  /* seat that won the hand (pays nothing): the knocker, or the undercutter */
    /* Per seat. The knocker's entry is its spread; a defender's is its melds
     * and unmatched cards after its layoffs. */
    gin_arrangement spread[GIN_MAX_SEATS];
    int deadwood_before[GIN_MAX_SEATS]; /* least deadwood before any layoff (knocker: its own) */
    int deadwood[GIN_MAX_SEATS];        /* after layoffs */
    int undercut[GIN_MAX_SEATS];        /* 1: a defender whose deadwood <= the knocker's */
    int n_layoffs[GIN_MAX_SEATS];
    gin_layoff layoffs[GIN_MAX_SEATS][GIN_HELD_MAX]; /* a defender's, in laying order (chains outward) */
    int penalty[GIN_MAX_SEATS];                      /* penalty points of this hand; 0 for the winner */
    int total;                                       /* sum of penalty[] */
} gin_ring_showdown;

/* Settle a knock in a ring. held[0..seats-1] are every seat's cards (the
 * knocker's after its face-down discard: gin_cards_dealt(seats) cards, one
 * more for big gin; each defender gin_cards_dealt(seats)). knock_limit as
 * gin_showdown_settle. The knocker spreads a least-deadwood arrangement,
 * among ties the one best for it: its own least penalty, then the most
 * penalty for the others in total, then the first. Works for 2 seats too
 * (penalty scoring; gin_hand uses gin_showdown_settle there). Returns
 * GIN_OK, or GIN_EINVAL (NULL, seats outside 2..GIN_MAX_SEATS, knocker
 * out of range, bits outside the deck), GIN_ECOUNT, GIN_EOVERLAP,
 * GIN_EKNOCK as gin_showdown_settle; *out is written only on success. */
int gin_showdown_settle_ring(const gin_rules *r, const gin_cardset held[], int seats, int knocker, int knock_limit,
                             gin_ring_showdown *out);

/* The same with the knocker's own choice of melds, as
 * gin_showdown_settle_spread. */
int gin_showdown_settle_ring_spread(const gin_rules *r, const gin_cardset held[], int seats, int knocker,
                                    int knock_limit, gin_spread spread, gin_ring_showdown *out);

#ifdef __cplusplus
}
#endif
#endif
