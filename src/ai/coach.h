/* gin — the coach: every legal answer to a decision, ranked by the engine's
 * own analysis (analysis.h) in one measure, with the facts that explain
 * the ranking. Numbers and card sets only, never words: the trainer
 * (src/trainer) phrases them for the table, `gin advise` and the protocol,
 * and a front end names the cards (glyphs or letters) as it likes.
 *
 * The ranking and the numbers are gin_analyze's and nothing else's, so the
 * hint, the review and `gin advise` cannot disagree. Every move is played
 * in every world (no race), so the list reads top to bottom, and the
 * playout opponent is a strong one (gin_analysis_opts.wary: it never knocks
 * into an undercut): the advice never counts on a bot's mistakes.
 *
 * One measure: the chance to win the game, or with no game to win
 * (Hollywood scoring, no target) the hand's net points, as the analysis
 * ranks. Each move's gap to the best is in that measure, and a move within
 * the noise of the best is marked equal (see gin_coach_move).
 *
 * Close calls: the analysis is the ranking race (GIN_ANALYSIS_RANK): a
 * move clearly below the leader stops being played, and the moves left
 * share the rest of the budget, so a close call gets the playouts an
 * obvious decision does not need; a decision still close when the budget
 * is spent is marked `close` (gin-bench coach prints how often that is).
 * Two seats only, as the analysis. */
#ifndef GIN_AI_COACH_H
#define GIN_AI_COACH_H

#include <stdint.h>
#include "analysis.h"
#include "gin/view.h"

enum {
    /* The default budget of the ranking race: ten times what the expert
     * spends on a decision at most, so the coach is at least as strong;
     * an obvious decision takes a small part of it. */
    GIN_COACH_PLAYOUTS = 200000
};

/* Within the noise: a gap of at most this many standard errors (of the
 * paired difference), or under GIN_COACH_NEGLIGIBLE points of the measure
 * (percentage points of win chance, or hand points): no learner should
 * choose between moves on less. */
#define GIN_COACH_NOISE_SE 2.0
#define GIN_COACH_NEGLIGIBLE 0.1

/* What a ranking is in. */
enum gin_coach_measure {
    GIN_COACH_BY_WIN = 0,   /* the chance to win the game (gin_move_value.win) */
    GIN_COACH_BY_POINTS = 1 /* no game to win: the hand's net points (gin_move_value.points) */
};

typedef struct gin_coach_opts {
    long playouts; /* the analysis budget; <= 0: think_ms's, or GIN_COACH_PLAYOUTS */
    int think_ms;  /* > 0 with playouts <= 0: the budget the expert has in that time */
    uint64_t seed; /* with the view, fixes the answer */
    int threads;   /* as gin_analysis_opts.threads: 0 or 1 the caller's alone, -1 every
                    * core; the answer is the same for any number */
} gin_coach_opts;

/* What a thrown card may do for the opponent, from the view. The card
 * melds with a pair of cards (two more of its rank, or two of its suit
 * around it); a pair counts when the opponent may hold both (each unseen,
 * or taken from the pile and still held). A pair is ruled out when the
 * opponent threw or passed a card that would have melded with it (the
 * rank's fourth card, a run's other end): it would have kept that card. */
typedef struct gin_coach_safety {
    int set_ways, run_ways; /* the pairs it may hold: of the card's rank, of its suit */
    gin_cardset took;       /* cards of those pairs it took from the pile and holds: danger */
    gin_cardset threw;      /* cards it threw that rule a pair out */
    gin_cardset passed;     /* face-up cards it passed on or drew over that rule a pair out */
    int safe;               /* 1: it took none, and every pair is ruled out (or there is none) */
} gin_coach_safety;

/* The facts the evaluation of one move stands on, from the seat's view.
 * Card sets are of the deck; GIN_NO_CARD and 0 mean "none". */
typedef struct gin_coach_facts {
    /* The cards kept: the ten after a throw or knock; after a take, the ten
     * the next throw (then) keeps; after the stock or a pass, the hand. */
    gin_cardset kept;
    int deadwood; /* the least deadwood of kept */
    /* A take: the coach's best answer to the discard that follows, exactly
     * what the hint will rank first then; else kind -1. */
    gin_action then;
    double expected; /* the stock: the expected least deadwood after the draw and a throw */
    /* A throw or knock: the meld of the hand's best arrangement holding the
     * card; a take: the meld of kept's best arrangement holding it. */
    gin_cardset meld;
    /* A throw: the rest of meld when every card of it still melds in kept
     * (a four-set's three, a run less its end); else 0. */
    gin_cardset meld_left;
    /* A throw or take: the cards of kept it makes some meld with, whether
     * or not the best arrangement uses it. */
    gin_cardset fits;
    /* A throw or take: the cards not held that would put it in a meld with
     * kept (through a run's end or gap, or a set). */
    gin_cardset joins;
    /* A throw of an unmatched card, or a take of a card kept unmatched:
     * the unmatched card it makes the best two-card start with (most
     * completions unseen), or GIN_NO_CARD; and the cards that would
     * complete that start. */
    gin_card partner;
    gin_cardset partner_outs;
    int outs;                /* cards not held that would meld with kept */
    int live_outs;           /* of those, the unseen (to come from the stock or the opponent) */
    gin_coach_safety safety; /* a throw or knock: the card given up (a knock's is face down) */
    /* A knock (not gin): the chance of an undercut against the opponent
     * hands the analysis samples, and their mean deadwood after lay-offs. */
    double undercut;
    double opp_deadwood;
} gin_coach_facts;

typedef struct gin_coach_move {
    gin_move_value value; /* the analysis of this move (its own gap field is the analysis's,
                           * in the analysis's units, <= 0) */
    double gap;           /* behind the best in the ranking's measure, in that field's unit (a
                           * chance 0-1 for win, points for points): 0 for the best, never
                           * negative, never less than the move above's */
    double gap_se;        /* its standard error, same unit */
    int equal;            /* 1: about equal to the best: this move and every one above it within
                           * GIN_COACH_NOISE_SE standard errors or GIN_COACH_NEGLIGIBLE of the
                           * best; 1 for the best */
    gin_coach_facts facts;
} gin_coach_move;

/* One decision's advice: the ranking, and what every move shares. */
typedef struct gin_coach_advice {
    int n;               /* legal answers, all in move[], best first */
    int measure;         /* enum gin_coach_measure */
    int close;           /* 1: a close call: more than one move was left when the budget ran out */
    long playouts;       /* the playouts spent */
    int phase;           /* the decision: GIN_PHASE_OFFER, _DRAW or _DISCARD */
    int deadwood;        /* the hand's least deadwood now (in the discard phase: least) */
    int least;           /* the discard phase: the least deadwood a throw leaves; else deadwood */
    gin_card least_card; /* ... and the throw that leaves it (ties: the one ranked higher) */
    /* The plainest answer, which the reasons weigh the others against: the
     * least-deadwood throw ranked highest, the stock, or the pass. */
    int plain;
    int stock;    /* cards left in the stock */
    gin_card top; /* the face-up card of the pile, or GIN_NO_CARD */
    gin_coach_move move[GIN_ANALYSIS_MAX];
} gin_coach_advice;

/* The advice on the decision of the seat of `v`: every legal answer, best
 * first, with its values, gap and facts. Returns the number of answers
 * (out->n); 0 when the seat has no decision; GIN_EINVAL (NULL v or out),
 * GIN_ESTATE (a ring of three or four), as gin_analyze. o may be NULL
 * (the defaults, seed 0). Cost: at most the budget, and as much again for
 * a take (the discard after it is analysed for `then`). */
int gin_coach(const gin_view *v, const gin_coach_opts *o, gin_coach_advice *out);

/* The undercut estimate of knocking now by throwing `thrown` face down, as
 * the advice's facts give it (the same opponent hands): the chance in
 * *undercut, their mean deadwood after lay-offs in *opp_deadwood (either
 * may be NULL). For the knock confirmation. Returns GIN_OK, GIN_EINVAL
 * (NULL v, a card not in the hand) or GIN_ESTATE (not two seats, not the
 * discard phase). */
int gin_coach_undercut(const gin_view *v, gin_card thrown, uint64_t seed, double *undercut, double *opp_deadwood);

/* The index in a->move[] of the answer that is act (the same kind and card:
 * a knock's melds are not compared, the coach ranks the throw), or -1 when
 * act is not among them. */
int gin_coach_find(const gin_coach_advice *a, gin_action act);

/* The answer as a bot writes it ("knock 5D", "gin 5D", "biggin", "pile");
 * gin when the cards kept after the throw all meld. buf of 16 suffices. */
void gin_coach_move_text(const gin_view *v, gin_action a, char *buf, size_t cap);

#endif
