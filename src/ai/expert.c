/* The expert: hard's move, every other discard (gifts aside) and the
 * best-scored knocks race in the analysis (analysis.c) on the same
 * sampled worlds; hard's move stands unless the best of the others beats
 * it by two standard errors of the paired difference.
 *
 * Deterministic: the work is bounded by a number of playouts derived from
 * think_ms (AI_PLAYOUTS_PER_MS, calibrated with `gin-bench playouts` so the
 * 99th percentile of a decision stays within think_ms of one core), never
 * by the clock, and the random stream comes from the seed and the view. */
#include <string.h>
#include "botlib.h"
#include "ai.h"
#include "gin/error.h"

/* How many standard errors a move must beat hard's choice by. */
static const double CONFIDENCE = 2.0;

/* Hard's move, three knocks and every discard of eleven cards. */
enum { MIN_EVIDENCE = 32, MAX_CANDIDATES = 15 };

typedef struct cand {
    gin_action a;
} cand;

/* The candidate moves, best-guess first (hard's order). Returns the count. */
static int add_cand(cand *c, int n, gin_action a)
{
    for (int i = 0; i < n; i++)
        if (c[i].a.kind == a.kind && c[i].a.card == a.card)
            return n;
    c[n].a = a;
    return n + 1;
}

static int candidates(const gin_view *v, const ai_tracker *t, uint64_t seed, cand *c, gin_action *fallback)
{
    const ai_params *hp = ai_level_params(GIN_LEVEL_HARD);
    int n = 0;
    ai_policy_decide(hp, v, seed, fallback);
    c[n++].a = *fallback; /* hard's choice first: the others must beat it */
    switch (v->phase) {
    case GIN_PHASE_OFFER:
        n = add_cand(c, n, gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD));
        n = add_cand(c, n, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD));
        break;
    case GIN_PHASE_DRAW:
        if ((v->turns == 0 && v->rules.first_turn == GIN_FIRST_TURN_OFFER) || v->stock_n <= 0 || v->pile_n <= 0)
            return 0; /* forced */
        n = add_cand(c, n, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD));
        n = add_cand(c, n, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD));
        break;
    case GIN_PHASE_DISCARD: {
        if (fallback->kind == GIN_ACT_KNOCK) {
            /* Gin (or big gin) is never worse than playing on. */
            int dw = fallback->card == GIN_NO_CARD ? 0 : gin_deadwood(v->hand & ~gin_cardset_of(fallback->card));
            if (dw == 0)
                return 0;
        }
        ai_discard_eval e;
        ai_eval_discards(hp, t, v, &e);
        int order[11];
        for (int i = 0; i < e.n; i++)
            order[i] = i;
        for (int i = 1; i < e.n; i++) /* insertion sort by score, best first */
            for (int j = i; j > 0 && e.score[order[j]] > e.score[order[j - 1]]; j--) {
                int tmp = order[j];
                order[j] = order[j - 1];
                order[j - 1] = tmp;
            }
        /* The two best-scored knocks race whether hard knocks or not: hard
         * waits for gin or an undercut unless a knock clears its knock bar
         * (policy.c), which against a seat that waits too leaves hands it
         * should have ended (docs/strength.md). */
        int knocks = 0;
        for (int i = 0; i < e.n && knocks < 2; i++) {
            int j = order[i];
            if (e.dw_after[j] <= v->knock_limit) {
                n = add_cand(c, n, gin_action_make(GIN_ACT_KNOCK, e.card[j]));
                knocks++;
            }
        }
        /* The best knock by deadwood, if not yet among them. */
        gin_card kc;
        int kdw = ai_best_after_discard(v->hand, v->taken, &kc);
        if (fallback->kind == GIN_ACT_KNOCK && kdw <= v->knock_limit && kc != GIN_NO_CARD)
            n = add_cand(c, n, gin_action_make(GIN_ACT_KNOCK, kc));
        /* The gift rule (discard.c) holds for the expert too: a throw that
         * hands over a shown meld does not race unless hard's own throw is
         * one (every card is). At its budget the race let such throws beat
         * hard's by two standard errors where the coach at ten times the
         * budget called 12 of 23 a mistake (gin-bench gifts, 500 games). */
        int gifts_ok = fallback->kind == GIN_ACT_DISCARD && ai_gift(t, fallback->card);
        /* Every discard races, in hard's order: only four of them did, but
         * the search is flat in its budget from a quarter of it up, and
         * the discards hard scores lower won it three points and more of
         * win share against hard (docs/strength.md). */
        for (int i = 0; i < e.n && n < MAX_CANDIDATES; i++) {
            gin_card x = e.card[order[i]];
            if (!gifts_ok && ai_gift(t, x))
                continue;
            n = add_cand(c, n, gin_action_make(GIN_ACT_DISCARD, x));
        }
        break;
    }
    default:
        return 0;
    }
    return n;
}

int ai_expert_search(const gin_view *v, uint64_t seed, int think_ms, gin_action *out, long *playouts)
{
    if (playouts)
        *playouts = 0;
    if (!v || !out)
        return GIN_EINVAL;
    if (think_ms <= 0)
        think_ms = 50;
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    cand c[MAX_CANDIDATES + 4];
    memset(c, 0, sizeof c);
    int n = candidates(v, &t, seed, c, out);
    if (n <= 1)
        return GIN_OK; /* forced or obvious: hard's choice stands */
    long budget = (long)think_ms * AI_PLAYOUTS_PER_MS;
    if (budget < (long)MIN_EVIDENCE * n)
        return GIN_OK; /* too little time to overrule hard */
    gin_action acts[MAX_CANDIDATES + 4];
    for (int j = 0; j < n; j++)
        acts[j] = c[j].a;
    gin_move_value val[MAX_CANDIDATES + 4];
    long spent = 0;
    int best = ai_search_moves(v, &t, acts, n, 0, budget, ai_view_seed(v, seed), AI_SEARCH_SETTLE, NULL, val, &spent);
    if (best < 0)
        return GIN_OK;
    if (playouts)
        *playouts = spent;
    /* The best move, if it beats hard's clearly: taking the best lower
     * bound instead favours whichever move was luckiest. */
    if (best != 0 && (val[best].worlds < MIN_EVIDENCE || -val[0].gap <= CONFIDENCE * val[0].gap_se))
        best = 0;
    *out = acts[best];
    return GIN_OK;
}

int ai_expert_decide(const gin_view *v, uint64_t seed, int think_ms, gin_action *out)
{
    return ai_expert_search(v, seed, think_ms, out, NULL);
}
