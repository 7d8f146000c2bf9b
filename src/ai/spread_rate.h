/* gin — the knocker's choice of spread, rated: which melds to show at a
 * knock, from the knocker's view.
 *
 * A hand that can show its melds more than one way within the knock limit
 * (a 7 in the set 7♠7♥7♦ or the run 5♦6♦7♦; a four-set or a run through
 * one of its cards; a meld left unshown) decides by its spread which of
 * the defender's cards lay off. Each spread is rated by the knocker's
 * expected net points of the hand (points won, or minus points lost)
 * over defender hands sampled as the analysis samples them: the card
 * tracker's odds, an opponent that has kept its melds (ai_tracker_sample,
 * ai_tracker_improve). Every spread meets the same hands, so the gaps are
 * paired; each showdown is exact (gin_showdown_settle_spread).
 *
 * The unit is the hand's points, not the chance to win the game: the
 * knock is made, the hand ends at this showdown, and a spread changes only
 * its points; there are no playouts, so no playout noise.
 *
 * The rules' own pick (a zero spread: least deadwood, among those the one
 * leaving the defender most deadwood) chooses with the defender's cards in
 * sight, which no player can; it is rated beside the spreads (rules_points)
 * but is not one of them.
 *
 * Pure: no I/O, no globals; the caller passes the seed, and the same view,
 * card, options and seed give the same rating on any machine. The work is
 * a number of samples, never the clock. Two seats only. */
#ifndef GIN_AI_SPREAD_RATE_H
#define GIN_AI_SPREAD_RATE_H

#include <stdint.h>
#include "gin/meld.h"
#include "gin/view.h"

enum {
    GIN_SPREAD_RATE_MAX = 16,       /* spreads rated, at most: the first in gin_spreads' order */
    GIN_SPREAD_RATE_SAMPLES = 2000, /* the default budget, in sampled defender hands */
    GIN_SPREAD_RATE_CARDS = 64      /* lay[] is indexed by gin_card */
};

typedef struct gin_spread_rate_opts {
    long samples;  /* defender hands sampled; <= 0: GIN_SPREAD_RATE_SAMPLES */
    uint64_t seed; /* with the view, fixes the hands */
} gin_spread_rate_opts;

typedef struct gin_spread_value {
    gin_spread spread;     /* the melds shown */
    gin_arrangement shown; /* those melds in display order, and the deadwood they leave */
    double points;         /* the knocker's expected net points: won, or minus lost */
    double points_se;      /* its standard error */
    double gap;            /* points minus the best spread's, paired over the same hands: 0 for
                            * the best, <= 0 for the others */
    double gap_se;         /* its standard error (0 for the best) */
    double undercut;       /* the chance of an undercut */
    double laid;           /* the mean deadwood the defender lays off on it */
    /* The chance that each card (by gin_card) is laid off on this spread. */
    float lay[GIN_SPREAD_RATE_CARDS];
} gin_spread_value;

typedef struct gin_spread_rating {
    gin_card thrown;     /* the card thrown face down */
    int total;           /* spreads the hand may show within the limit (may exceed n) */
    int n;               /* spreads rated, in gin_spreads' order (least deadwood first) */
    int best;            /* the index of the best in spread[] */
    long samples;        /* defender hands the rating stands on */
    double rules_points; /* the rules' pick (zero spread) over the same hands, for reference */
    gin_spread_value spread[GIN_SPREAD_RATE_MAX];
} gin_spread_rating;

/* Rate every spread (the first GIN_SPREAD_RATE_MAX) that the seat of `v`
 * may show when it knocks now, throwing `thrown` face down. Returns the
 * number rated (out->n); 0 when there is nothing to choose (a gin hand, a
 * knock over the limit); GIN_EINVAL (NULL v or out, a card not held),
 * GIN_ESTATE (not two seats, not the seat's discard). o may be NULL (the
 * defaults, seed 0).
 *
 * Cost: samples x (spreads + 1) exact showdowns, under a microsecond
 * each: about 4 ms of one core for a hand of three spreads at the default
 * budget (2,000 hands).
 * Ownership: *out is the caller's; nothing is kept. */
int gin_spread_rate(const gin_view *v, gin_card thrown, const gin_spread_rate_opts *o, gin_spread_rating *out);

#endif
