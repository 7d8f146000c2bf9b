/* gin — exact least-deadwood solver for hands of any size.
 *
 * meld.c enumerates set choices, which is instant for game hands but grows
 * as 6^k in the number k of ranks holding 3+ cards. This solver walks the
 * ranks from ace to king instead, carrying for each suit how long the block
 * of consecutive remaining cards ending at the previous rank is (0, 1, 2 or
 * 3+): 256 states, at most six set choices per rank, so its cost is fixed
 * whatever the hand. A block that ends shorter than 3 is deadwood; its value
 * follows from where it ends and its length. Each path through the ranks is
 * one set choice, so counting least paths counts arrangements. */
#include <limits.h>
#include <stdint.h>
#include "gin/meld.h"
#include "meld_internal.h"

enum { STATES = 256, OPTS = 6 };

/* (Only reachable states have r - len >= 0; the others are never read.) */
static int rank_value(int rank) { return rank >= 9 ? 10 : rank + 1; }

/* The state after rank `r` and the deadwood closed on the way, given the
 * suits (4-bit mask) whose card of rank r stays outside the sets. */
static int step(int r, unsigned state, unsigned present, unsigned *next)
{
    int cost = 0;
    unsigned out = 0;
    for (int s = 0; s < GIN_SUITS; s++) {
        unsigned len = (state >> (2 * s)) & 3;
        if ((present >> s) & 1) {
            out |= (len < 3 ? len + 1 : 3) << (2 * s);
        } else if (len == 1) {
            cost += rank_value(r - 1);
        } else if (len == 2) {
            cost += rank_value(r - 1) + rank_value(r - 2);
        }
    }
    *next = out;
    return cost;
}

struct dp {
    unsigned present[GIN_RANKS];   /* suits holding each rank */
    unsigned opt[GIN_RANKS][OPTS]; /* set choices per rank, as suit masks */
    int n[GIN_RANKS];
    int16_t best[GIN_RANKS + 1][STATES];    /* least deadwood from rank r on */
    long long count[GIN_RANKS + 1][STATES]; /* how many ways reach it */
    size_t cap, emitted;
    gin_meld_emit_fn emit;
    void *ctx;
};

static void walk(struct dp *d, int r, unsigned state, int left, gin_cardset sets)
{
    if (d->emitted >= d->cap)
        return;
    if (r == GIN_RANKS) {
        d->emit(d->ctx, sets);
        d->emitted++;
        return;
    }
    for (int i = 0; i < d->n[r]; i++) {
        unsigned next, o = d->opt[r][i];
        int c = step(r, state, d->present[r] & ~o, &next);
        if (c + d->best[r + 1][next] != left)
            continue;
        gin_cardset add = 0;
        for (int s = 0; s < GIN_SUITS; s++)
            if ((o >> s) & 1)
                add |= gin_cardset_of(gin_card_make(r, s));
        walk(d, r + 1, next, left - c, sets | add);
    }
}

int gin_meld_dp(gin_cardset hand, size_t cap, gin_meld_emit_fn emit, void *ctx, long long *count)
{
    struct dp d;
    for (int r = 0; r < GIN_RANKS; r++) {
        unsigned p = gin_cardset_rank(hand, r);
        d.present[r] = p;
        d.opt[r][0] = 0;
        d.n[r] = 1;
        if (p == 15) {
            d.opt[r][1] = 15;
            for (int s = 0; s < GIN_SUITS; s++)
                d.opt[r][2 + s] = 15u & ~(1u << s);
            d.n[r] = OPTS;
        } else if (p == 7 || p == 11 || p == 13 || p == 14) {
            d.opt[r][1] = p;
            d.n[r] = 2;
        }
    }
    for (unsigned st = 0; st < STATES; st++) {
        unsigned next;
        d.best[GIN_RANKS][st] = (int16_t)step(GIN_RANKS, st, 0, &next);
        d.count[GIN_RANKS][st] = 1;
    }
    for (int r = GIN_RANKS - 1; r >= 0; r--) {
        for (unsigned st = 0; st < STATES; st++) {
            int best = INT_MAX;
            long long ways = 0;
            for (int i = 0; i < d.n[r]; i++) {
                unsigned next;
                int v = step(r, st, d.present[r] & ~d.opt[r][i], &next) + d.best[r + 1][next];
                if (v < best) {
                    best = v;
                    ways = 0;
                }
                if (v == best)
                    ways += d.count[r + 1][next];
            }
            d.best[r][st] = (int16_t)best;
            d.count[r][st] = ways; /* at most 6^13, no overflow */
        }
    }
    if (count)
        *count = d.count[0][0];
    d.cap = emit ? cap : 0;
    d.emitted = 0;
    d.emit = emit;
    d.ctx = ctx;
    walk(&d, 0, 0, d.best[0][0], 0);
    return d.best[0][0];
}
