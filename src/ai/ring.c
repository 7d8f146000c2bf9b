/* The heuristic levels in a ring of three or four (seven cards, penalty
 * scoring): when to knock. A ring differs from two seats in what a knock
 * risks: every defender pays its deadwood minus ours, but ONE defender at or
 * below us undercuts, and we then pay the difference plus the undercut
 * penalty. Seven-card hands reach the knock limit early, when defenders
 * still hold much deadwood, so an early knock is strong. */
#include "botlib.h"
#include "gin/error.h"
#include "gin/showdown.h"

/* Knocking in a ring, per level (easy knocks at the first chance, normal by
 * thresholds, hard by the estimate below). Tuned by simulation against
 * simple (docs/strength.md). */
typedef struct ring_knock {
    double ev;        /* knock if the expected penalty swing is at least this ... */
    double ev_round;  /* ... plus this per round played (a round: every seat's turn) */
    double max_under; /* ... and the undercut chance is at most this */
    double win_game;  /* knock anyway if it ends the game with us lowest this likely */
    int samples;
} ring_knock;

static const ring_knock k_hard = {.ev = 0.0, .ev_round = 0.0, .max_under = 0.5, .win_game = 0.5, .samples = 32};

void ai_ring_eval_knock(const ai_ring *tb, const gin_view *v, gin_cardset h, int samples, uint64_t seed,
                        ai_ring_knock_eval *k)
{
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    /* Each opponent has kept its best cards over its own turns. */
    int improve = v->turns / (tb->seats > 0 ? tb->seats : 1);
    if (improve > 6)
        improve = 6;
    double sum = 0;
    int under = 0, done = 0, win = 0, lose = 0;
    int target = v->rules.target;
    for (int i = 0; i < samples; i++) {
        gin_cardset held[GIN_MAX_SEATS] = {0};
        ai_ring_sample(tb, &rng, improve, held);
        held[tb->me] = h;
        gin_ring_showdown sd;
        if (gin_showdown_settle_ring(&v->rules, held, tb->seats, tb->me, -1, &sd) != GIN_OK)
            continue;
        done++;
        double others = 0;
        for (int j = 0; j < tb->n_opp; j++)
            others += sd.penalty[tb->opp[j]];
        sum += others / tb->n_opp - sd.penalty[tb->me];
        under += sd.winner != tb->me;
        if (target > 0) {
            int top = 0, mine = v->scores[tb->me] + sd.penalty[tb->me], lowest_other = 1 << 30;
            for (int s = 0; s < tb->seats; s++) {
                int tot = v->scores[s] + sd.penalty[s];
                if (tot > top)
                    top = tot;
                if (s != tb->me && tot < lowest_other)
                    lowest_other = tot;
            }
            if (top >= target) {
                win += mine < lowest_other;
                lose += mine >= lowest_other;
            }
        }
    }
    k->ev = done ? sum / done : 0;
    k->p_undercut = done ? (double)under / done : 1;
    k->p_win_game = done ? (double)win / done : 0;
    k->p_lose_game = done ? (double)lose / done : 0;
}

int ai_ring_discard(const ai_params *p, const ai_tracker *t, const gin_view *v, uint64_t seed, gin_action *out)
{
    ai_discard_eval e;
    int ki = 0, dw = 0, rc = ai_discard_start(p, t, v, &e, out, &ki, &dw);
    if (rc <= 0)
        return rc < 0 ? rc : GIN_OK;
    int knock = 0;
    int round = v->turns / (v->seats > 0 ? v->seats : 1);
    if (dw == 0 || p->knock_mode == AI_KNOCK_FIRST) {
        knock = 1;
    } else if (p->knock_mode == AI_KNOCK_THRESHOLD) {
        /* The two-seat thresholds, counted in rounds of the ring. */
        knock = round * 2 < p->early_turns || dw <= p->late_dw || ai_discard_voids(v) ||
                (p->late_stock > 0 && v->stock_n <= p->late_stock);
    } else {
        const ring_knock *q = &k_hard;
        ai_ring tb;
        ai_ring_build(v, p->infer, &tb);
        ai_ring_knock_eval k;
        ai_ring_eval_knock(&tb, v, v->hand & ~gin_cardset_of(e.card[ki]), q->samples, seed, &k);
        if (ai_discard_voids(v))
            knock = k.ev > 0;
        else
            knock = k.ev >= q->ev + q->ev_round * round && k.p_undercut <= q->max_under;
        if (!knock && q->win_game > 0 && k.p_win_game >= q->win_game)
            knock = 1;
    }
    if (knock) {
        out->kind = GIN_ACT_KNOCK;
        out->card = e.card[ki];
    }
    return GIN_OK;
}
