/* gin — the coach: every legal answer to a decision, ranked by the engine's
 * own analysis (analysis.h), each with a reason in words.
 *
 * The ranking and the numbers are gin_analyze's and nothing else's: the
 * hint at the table, the practice review and `gin advise` all show these,
 * so they cannot disagree. The reason only states what the view supports:
 * what the move does to the deadwood now (against the least possible), the
 * melds it keeps or breaks, the two-card combinations it gives up and how
 * many of the cards that would complete them are unseen, what a thrown card
 * may give the opponent with the evidence (cards it took from the pile,
 * threw, or passed), a knock's undercut chance from the opponent hands the
 * analysis samples, and the stock left. With no evidence about the
 * opponent there is no danger claim. The analysis plays the opponent as a
 * strong one (gin_analysis_opts.wary: it never knocks into an undercut),
 * so the advice never counts on a bot's mistakes. Two seats only, as the
 * analysis. */
#ifndef GIN_AI_COACH_H
#define GIN_AI_COACH_H

#include <stdint.h>
#include "analysis.h"
#include "gin/view.h"

enum {
    GIN_COACH_REASON_MAX = 320,
    /* The default budget: every move in every world (no race), about 15,000
     * worlds a move on a discard, some 70 ms of one core: more than the
     * expert spends on a decision, so the coach is at least as strong. */
    GIN_COACH_PLAYOUTS = 200000
};

typedef struct gin_coach_opts {
    long playouts; /* the analysis budget; <= 0: think_ms's, or GIN_COACH_PLAYOUTS */
    int think_ms;  /* > 0 with playouts <= 0: the budget the expert has in that time */
    uint64_t seed; /* with the view, fixes the answer */
    int glyphs;    /* 1: cards in reasons as "10♥" (UTF-8); 0: as the protocol writes them ("TH") */
} gin_coach_opts;

typedef struct gin_coach_move {
    gin_move_value value;              /* the analysis of this move */
    char reason[GIN_COACH_REASON_MAX]; /* what it does, in words; NUL-terminated */
} gin_coach_move;

/* The legal answers of the seat of `v` to its decision, best first (the
 * analysis's order), with reasons. Writes up to cap (GIN_ANALYSIS_MAX
 * suffices) and returns how many answers there are; 0 when the seat has
 * no decision; GIN_EINVAL, GIN_ESTATE (a ring) as gin_analyze. o may be
 * NULL (the defaults, seed 0, letters). */
int gin_coach(const gin_view *v, const gin_coach_opts *o, gin_coach_move *out, int cap);

/* Just the reason for one legal action (no analysis: the hint can explain
 * a move the player picked that the ranking did not reach). */
void gin_coach_reason(const gin_view *v, gin_action a, int glyphs, uint64_t seed, char *buf, size_t cap);

/* The answer as a bot writes it ("knock 5D", "gin 5D", "biggin", "pile");
 * gin when the cards kept after the throw all meld. buf of 16 suffices. */
void gin_coach_move_text(const gin_view *v, gin_action a, char *buf, size_t cap);

#endif
