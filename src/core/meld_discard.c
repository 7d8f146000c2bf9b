/* gin — every discard at once (gin_discard_deadwoods) and the least
 * deadwood of many hands (gin_deadwood_batch): the plan shared by every
 * instruction set, the portable kernels, and the choice of path.
 *
 * A discard c of the hand leaves hand - c, whose set choices are exactly the
 * hand's set choices that avoid c; so one pass over the hand's set choices
 * (each a "leaf": the hand less those sets) solves all discards at once.
 * Within a leaf r the deadwood after each discard follows from bit masks,
 * without solving again: dropping an unmatched card saves its value, and
 * dropping a card of a run block cuts the block in two, whose parts of one
 * or two cards become unmatched (a part of three or more stays a run). So
 * with dw the leaf's deadwood, the deadwood after dropping c is
 *   dw - value(c)                          c unmatched
 *   dw + (left part if 1-2 cards long) + (right part if 1-2 cards long)
 * and "the left part is 1-2 cards" is a test of the bits c-1, c-2, c-3: the
 * whole leaf is six shifts and a few ANDs, for every card at once, which is
 * what the SIMD kernels (meld_x86.c) do with one byte lane per card. The
 * public functions, which pick a kernel per call, are in meld_x86.c. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "meld_internal.h"

static inline int card_value(int c) { return gin_meld_rank_value(c & 15); }

static inline void fold_min(int after[64], int c, int v)
{
    if (v < after[c])
        after[c] = v;
}

typedef struct portable_state {
    int *after;
} portable_state;

/* One leaf into after[] by minimum. */
static void leaf_portable(gin_meld_leaf l, portable_state *st)
{
    int *after = st->after;
    gin_meld_cuts m = gin_meld_cuts_of(l.rest);
    int dw = gin_meld_value(m.dead);
    for (uint64_t x = m.dead; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        fold_min(after, c, dw - card_value(c));
    }
    for (uint64_t x = m.run; x; x &= x - 1) {
        int c = __builtin_ctzll(x), v = dw;
        /* (c - 1 and c - 2 are cards of the same suit whenever the bit is set) */
        if ((m.l1 >> c) & 1)
            v += card_value(c - 1) + ((m.l2 >> c) & 1 ? card_value(c - 2) : 0);
        if ((m.h1 >> c) & 1)
            v += card_value(c + 1) + ((m.h2 >> c) & 1 ? card_value(c + 2) : 0);
        fold_min(after, c, v);
    }
    for (uint64_t x = l.set4; x; x &= x - 1)
        fold_min(after, __builtin_ctzll(x), dw);
    for (uint64_t x = l.set3; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        fold_min(after, c, dw + 2 * card_value(c));
    }
}

/* Too many choice ranks to enumerate (15+ cards): one exact solve per card. */
static int discards_each(gin_cardset hand, int after[64])
{
    memset(after, 0xff, 64 * sizeof after[0]);
    int best = INT_MAX;
    for (uint64_t x = hand; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        after[c] = gin_meld_deadwood(hand & ~(UINT64_C(1) << c));
        if (after[c] < best)
            best = after[c];
    }
    return best;
}

GIN_MELD_LEAVES_FN(leaves_portable, , portable_state, leaf_portable)

int gin_meld_discards_portable(gin_cardset hand, int after[64])
{
    gin_meld_shape s = gin_meld_shape_of(hand);
    memset(after, 0xff, 64 * sizeof after[0]); /* -1 everywhere */
    for (uint64_t x = hand; x; x &= x - 1)
        after[__builtin_ctzll(x)] = INT_MAX;
    portable_state st = {after};
    if (leaves_portable(hand, &s, &st) < 0)
        return discards_each(hand, after);
    int best = INT_MAX;
    for (uint64_t x = hand; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        if (after[c] < best)
            best = after[c];
    }
    return best;
}

/* ---- many hands ---- */

void gin_meld_batch_portable(const gin_cardset *hands, size_t n, int *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = hands[i] & ~GIN_DECK ? GIN_EINVAL : gin_meld_deadwood(hands[i]);
}
