/* gin — the analysis: what every legal answer to the current decision is
 * worth to the seat of a view. The expert decides by it, and the coach
 * (hints, reviews, `gin advise`) reports it, so both say the same thing.
 *
 * How: worlds are sampled from what the view shows (the opponent's hidden
 * cards by the card tracker's odds, as an opponent that has kept its melds,
 * and a stock order), every move is played in the same worlds and the hand
 * is played out to its end with a fast policy for both seats (playout.c).
 * The opponent in those playouts knocks the way this opponent has been
 * seen to knock (see "the playout opponent" in docs/DESIGN.md). A move's
 * value is the mean over its worlds; because the worlds are shared, the
 * differences between moves are measured far more precisely than the
 * values themselves (gap_se below).
 *
 * The moves race: from the 32nd world on, every 16 worlds, a move two
 * standard errors worse than the heuristic's move (hard's) or than the
 * leader stops being played, so the budget goes to the close calls. An
 * obvious decision ends after a few hundred playouts.
 *
 * Deterministic: the same view, options and seed give the same answer on
 * any machine and with any number of threads; the work is a number of
 * playouts, never the clock.
 * Two seats only (a ring's playouts are not modelled). */
#ifndef GIN_AI_ANALYSIS_H
#define GIN_AI_ANALYSIS_H

#include <stdint.h>
#include "gin/view.h"

enum {
    GIN_ANALYSIS_MAX = 24,        /* more than any decision has legal answers (GIN_LEGAL_MAX:
                                  * 11 discards, 11 knocks, big gin) */
    GIN_ANALYSIS_PLAYOUTS = 15000 /* the default budget: the expert's at its default 50 ms */
};

typedef struct gin_analysis_opts {
    long playouts; /* budget in playouts (one move played out in one world); <= 0: the default */
    uint64_t seed; /* with the view, fixes every sampled world */
    int full;      /* 1: every move is played in every world (no race; the budget is shared
                    * evenly); 0: the race above */
    int wary;      /* 1: the opponent is strong: it knocks as soon as its knock would not be
                    * undercut, never into one (as if it could tell); 0: the expert's model,
                    * a mix of styles from how often it has knocked this game */
    int threads;   /* threads that play the worlds: 0 or 1 the caller's alone, N up to N
                    * (at most 64), -1 one per online core. The answer is the same for
                    * any number: world i is sampled from the seed and i alone, and the
                    * sums are added in the worlds' order */
} gin_analysis_opts;

typedef struct gin_move_value {
    gin_action action; /* a legal answer: take, pass, stock, pile, discard C, knock C (gin when
                        * the ten cards left all meld; GIN_NO_CARD: big gin) */
    double points;     /* expected net points of this hand for the seat: won minus lost, over
                        * the rest of the hand (a void hand counts 0) */
    double points_se;  /* its standard error */
    double win;        /* chance of winning the game after this hand, when the hand ends as the
                        * playouts say (a plain model of the hands to come: either side wins a
                        * hand evenly, for 10 to 45 points); with no game to win (hollywood
                        * scoring, no target) the chance of winning the hand */
    double win_se;     /* its standard error */
    double gap;        /* this move's value minus the best move's, paired over the worlds both
                        * were played in: 0 for the best, negative for the others. The value is
                        * 100 * win (or points with no game to win) */
    double gap_se;     /* standard error of gap (0 for the best) */
    long worlds;       /* worlds this move was played in (fewer when the race dropped it) */
    int heuristic;     /* 1 for the move the heuristic (hard) makes: the race's reference */
} gin_move_value;

/* Every legal answer of the seat of `v` to its current decision (upcard
 * offer, draw, or discard/knock), best first: ranked by value among the
 * moves the race kept to the end, then the dropped ones by value. Writes
 * up to cap entries (GIN_ANALYSIS_MAX always suffices) and returns the
 * number of legal answers; 0 when it is not this seat's decision; or
 * GIN_EINVAL (NULL arguments), GIN_ESTATE (a ring of three or four).
 * o may be NULL (the defaults, seed 0, one thread). Cost: about the
 * budget in playouts plus one heuristic decision; at the default budget
 * well under 50 ms of one core (gin-bench playouts); threads share the
 * playouts, and are started and joined within the call. */
int gin_analyze(const gin_view *v, const gin_analysis_opts *o, gin_move_value *out, int cap);

#endif
