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
    GIN_RESULT_BIG_GIN = 3   /* 11 cards melded, no discard */
};
enum { GIN_KNOCKER = 0, GIN_DEFENDER = 1 };

typedef struct gin_layoff {
    gin_card card; /* defender's card laid off */
    int meld;      /* index into knocker.melds it extends */
} gin_layoff;

typedef struct gin_showdown {
    int kind;                  /* enum gin_result_kind */
    int winner;                /* GIN_KNOCKER or GIN_DEFENDER */
    int points;                /* to the winner, under the rule set */
    gin_arrangement knocker;   /* the spread */
    gin_arrangement defender;  /* after layoffs: its melds and what stays unmatched */
    int defender_deadwood_before_layoffs;
    int n_layoffs;
    gin_layoff layoffs[11];    /* in the order they are laid (chains in order) */
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
int gin_showdown_settle(const gin_rules *r, gin_cardset knocker, gin_cardset defender,
                        int knock_limit, gin_showdown *out);

#ifdef __cplusplus
}
#endif
#endif
