/* Least deadwood for the search's inner loops: every discard of a hand
 * priced at once, and one least-deadwood arrangement's unmatched cards.
 * The answers are the core's (gin_discard_deadwoods, gin_deadwood; the
 * tests compare them on many thousands of hands); what differs is the
 * cost. The core enumerates the set choices of every rank holding three or
 * four cards; here a rank none of whose cards can join a run (the usual
 * case) is settled in closed form: it is always best taken whole, and
 * throwing one of its cards leaves either a set of three (a four) or two
 * unmatched cards (a three). So most hands are one pass over their runs
 * and unmatched cards, a few dozen instructions, where the core's discard
 * solver took about 1,500 (callgrind) on the hands of a playout. */
#include "botlib.h"
#include "gin/error.h"

enum { BIG = 1 << 20, MAX_RANKS = 4, OPTS = 6 };

/* Deadwood value of every 13-bit suit mask, built by the preprocessor
 * (meld.c keeps the same table private). */
#define V0(x) (x), (x) + 1
#define V1(x) V0(x), V0((x) + 2)
#define V2(x) V1(x), V1((x) + 3)
#define V3(x) V2(x), V2((x) + 4)
#define V4(x) V3(x), V3((x) + 5)
#define V5(x) V4(x), V4((x) + 6)
#define V6(x) V5(x), V5((x) + 7)
#define V7(x) V6(x), V6((x) + 8)
#define V8(x) V7(x), V7((x) + 9)
#define V9(x) V8(x), V8((x) + 10)
#define V10(x) V9(x), V9((x) + 10)
#define V11(x) V10(x), V10((x) + 10)
#define V12(x) V11(x), V11((x) + 10)
const uint8_t ai_suit_value[1 << GIN_RANKS] = {V12(0)};

#define k_suit_value ai_suit_value
#define value_of ai_value
#define runs_of ai_runs_of

/* The set choices that matter: ranks with a card that could join a run
 * get the core's options (none, whole, and for a four each three); the
 * others are taken whole, into *forced (their threes into *f3, fours into
 * *f4). Returns how many ranks have options, or -1 for too many. */
typedef struct setopts {
    int k, n[MAX_RANKS];
    gin_cardset opt[MAX_RANKS][OPTS];
    gin_cardset forced, f3, f4;
} setopts;

static int set_options(gin_cardset h, setopts *so)
{
    unsigned g = ai_ranks_ge3(h);
    gin_cardset runnable = runs_of(h);
    so->k = 0;
    so->forced = so->f3 = so->f4 = 0;
    while (g) {
        int r = __builtin_ctz(g);
        g &= g - 1;
        gin_cardset q = h & (AI_RANK0 << r);
        int four = q == AI_RANK0 << r;
        if (!(q & runnable)) {
            so->forced |= q;
            if (four)
                so->f4 |= q;
            else
                so->f3 |= q;
            continue;
        }
        if (so->k == MAX_RANKS)
            return -1;
        int k = so->k++;
        so->opt[k][0] = 0;
        so->opt[k][1] = q;
        so->n[k] = 2;
        if (four) {
            for (int s = 0; s < GIN_SUITS; s++)
                so->opt[k][2 + s] = q & ~(UINT64_C(1) << (16 * s + r));
            so->n[k] = OPTS;
        }
    }
    return so->k;
}

/* The discards of r (the hand less its chosen sets), folded into after[]
 * by minimum: an unmatched card saves its value, a run card re-prices its
 * own suit. Returns r's deadwood. */
static int price_leaf(gin_cardset r, int after[64])
{
    gin_cardset runs = runs_of(r), dead = r & ~runs;
    int dw = value_of(dead);
    for (gin_cardset q = dead; q; q &= q - 1) {
        int c = __builtin_ctzll(q), v = dw - gin_card_value(c);
        if (v < after[c])
            after[c] = v;
    }
    for (gin_cardset q = runs; q; q &= q - 1) {
        int c = __builtin_ctzll(q), sh = c & ~15;
        gin_cardset lane = ((r >> sh) & AI_LANE) & ~(UINT64_C(1) << (c & 15));
        int v = dw - k_suit_value[(dead >> sh) & AI_LANE] + k_suit_value[lane & ~runs_of(lane)];
        if (v < after[c])
            after[c] = v;
    }
    return dw;
}

int ai_price_discards(gin_cardset h, int after[64])
{
    if (!h || (h & ~GIN_DECK))
        return GIN_EINVAL;
    setopts so;
    if (set_options(h, &so) < 0)
        return gin_discard_deadwoods(h, after);
    for (gin_cardset q = h; q; q &= q - 1)
        after[__builtin_ctzll(q)] = BIG;
    gin_cardset r0 = h & ~so.forced;
    int idx[MAX_RANKS] = {0}, least = BIG;
    for (;;) { /* every choice of sets: an odometer over the ranks' options */
        gin_cardset sets = 0;
        for (int j = 0; j < so.k; j++)
            sets |= so.opt[j][idx[j]];
        int dw = price_leaf(r0 & ~sets, after);
        if (dw < least)
            least = dw;
        int j = so.k - 1;
        while (j >= 0 && ++idx[j] == so.n[j])
            idx[j--] = 0;
        if (j < 0)
            break;
    }
    /* A card of a whole-taken rank: a four leaves a set, a three two unmatched. */
    for (gin_cardset q = so.f4; q; q &= q - 1)
        after[__builtin_ctzll(q)] = least;
    for (gin_cardset q = so.f3; q; q &= q - 1) {
        int c = __builtin_ctzll(q);
        after[c] = least + 2 * gin_card_value(c);
    }
    int best = BIG;
    for (gin_cardset q = h; q; q &= q - 1)
        if (after[__builtin_ctzll(q)] < best)
            best = after[__builtin_ctzll(q)];
    return best;
}

/* ai_unmatched when some rank has a card that could run: every choice
 * of sets, the odometer of ai_price_discards. */
static int unmatched_choose(gin_cardset h, gin_cardset *dead)
{
    setopts so;
    if (set_options(h, &so) < 0) {
        gin_arrangement a;
        if (gin_arrange(h, &a) != GIN_OK)
            return GIN_EINVAL;
        *dead = a.unmatched;
        return a.deadwood;
    }
    gin_cardset r0 = h & ~so.forced;
    int idx[MAX_RANKS] = {0}, least = BIG;
    for (;;) {
        gin_cardset sets = 0;
        for (int j = 0; j < so.k; j++)
            sets |= so.opt[j][idx[j]];
        gin_cardset r = r0 & ~sets, d = r & ~runs_of(r);
        int dw = value_of(d);
        if (dw < least) {
            least = dw;
            *dead = d;
        }
        int j = so.k - 1;
        while (j >= 0 && ++idx[j] == so.n[j])
            idx[j--] = 0;
        if (j < 0)
            break;
    }
    return least;
}

/* A leaf (the hand less its chosen sets) and its unmatched cards work lane
 * by lane: runs_of never carries a bit across a suit's lane (three clear
 * bits above each), and value_of is a sum of lanes. So one rank's options
 * differ only in that rank's lanes: given the leaf's unmatched cards with
 * all its cards in (din) and all out (dout), the four less a suit keeps
 * din's lane of that suit and dout's others. Visits the rank's options in
 * set_options' order (none, whole, then a four without each suit),
 * keeping the first least as the odometer would. */
static inline void rank_options(gin_cardset din, gin_cardset dout, int four, int *least, gin_cardset *dead)
{
    int vin = value_of(din), vout = value_of(dout);
    if (vin < *least) {
        *least = vin;
        *dead = din;
    }
    if (vout < *least) {
        *least = vout;
        *dead = dout;
    }
    if (four)
        for (int sh = 0; sh < 64; sh += 16) {
            int v = vout - k_suit_value[(dout >> sh) & AI_LANE] + k_suit_value[(din >> sh) & AI_LANE];
            if (v < *least) {
                gin_cardset m = AI_LANE << sh;
                *least = v;
                *dead = (dout & ~m) | (din & m);
            }
        }
}

/* ai_unmatched when one rank, `rank`, has a card that could run (runs:
 * runs_of(h)); the other ranks of in_sets are taken whole. Their cards lie
 * in no block of three of h, so h less them keeps every block: its runs
 * are `runs`, and the leaf with the rank all in needs no runs_of. The
 * leaf with it all out is h less every set. */
static int unmatched_one(gin_cardset h, gin_cardset runs, gin_cardset in_sets, int rank, gin_cardset *dead)
{
    gin_cardset q = in_sets & (AI_RANK0 << rank), out = h & ~in_sets;
    int least = BIG;
    rank_options((out | q) & ~runs, out & ~runs_of(out), q == AI_RANK0 << rank, &least, dead);
    return least;
}

/* The same for two such ranks r1 < r2, every pair of options, the
 * second's fastest. The leaves' unmatched cards, lane by lane, are those
 * of four hands: each rank all in or all out (d[in1][in2]); an option of
 * r1 is the lanes in which its cards stay in (all, none, or one suit's).
 * Out of line: inlined, its registers cost the commoner one-rank path
 * saves and restores. */
static __attribute__((noinline)) int unmatched_two(gin_cardset h, gin_cardset runs, gin_cardset in_sets, int r1, int r2,
                                                   gin_cardset *dead)
{
    gin_cardset q1 = in_sets & (AI_RANK0 << r1), q2 = in_sets & (AI_RANK0 << r2);
    gin_cardset o12 = h & ~in_sets, o1 = o12 | q2, o2 = o12 | q1;
    gin_cardset d11 = (o12 | q1 | q2) & ~runs, d01 = o1 & ~runs_of(o1), d10 = o2 & ~runs_of(o2),
                d00 = o12 & ~runs_of(o12);
    int four1 = q1 == AI_RANK0 << r1, four2 = q2 == AI_RANK0 << r2, least = BIG;
    rank_options(d11, d10, four2, &least, dead);
    rank_options(d01, d00, four2, &least, dead);
    if (four1)
        for (int sh = 0; sh < 64; sh += 16) {
            gin_cardset m = AI_LANE << sh;
            rank_options((d11 & m) | (d01 & ~m), (d10 & m) | (d00 & ~m), four2, &least, dead);
        }
    return least;
}

int ai_unmatched_open(gin_cardset h, gin_cardset runs, gin_cardset in_sets, gin_cardset open, gin_cardset *dead)
{
    unsigned ranks = (unsigned)((open | open >> 16 | open >> 32 | open >> 48) & AI_LANE);
    unsigned more = ranks & (ranks - 1);
    if (more & (more - 1))
        return unmatched_choose(h, dead);
    if (more)
        return unmatched_two(h, runs, in_sets, __builtin_ctz(ranks), __builtin_ctz(more), dead);
    return unmatched_one(h, runs, in_sets, __builtin_ctz(ranks), dead);
}

/* The unmatched cards of one least arrangement (deadwood dw) price
 * themselves: throwing one leaves exactly dw less its value. Any card
 * leaves at least dw less its own value, so of the others only those of
 * `from` worth as much as the best unmatched one could do better and are
 * priced one by one; with no unmatched card in `from`, every card is.
 * What the sampler's opponent throws (tracker.c): hard's knock estimate
 * took a fifth fewer instructions than with every card priced (callgrind). */
gin_card ai_least_throw(gin_cardset h, gin_cardset from, gin_card first)
{
    if (!gin_card_valid(first) || !gin_cardset_has(from, first) || (from & ~h) || (h & ~GIN_DECK))
        return GIN_NO_CARD;
    gin_cardset dead = 0;
    int dw = ai_unmatched(h, &dead), after[64];
    if (dw < 0)
        return GIN_NO_CARD;
    gin_cardset loose = from & dead;
    if (!loose) {
        if (ai_price_discards(h, after) < 0)
            return GIN_NO_CARD;
    } else {
        unsigned ranks = (unsigned)((loose | loose >> 16 | loose >> 32 | loose >> 48) & AI_LANE);
        int top = 31 - __builtin_clz(ranks), vmax = top >= 9 ? 10 : top + 1;
        for (gin_cardset q = from; q; q &= q - 1) {
            gin_card c = (gin_card)__builtin_ctzll(q);
            int v = gin_card_value(c);
            gin_cardset rest;
            if (gin_cardset_has(dead, c))
                after[c] = dw - v;
            else if (v >= vmax)
                after[c] = ai_unmatched(h & ~gin_cardset_of(c), &rest);
            else
                after[c] = BIG; /* leaves more than the best unmatched card: never chosen */
        }
    }
    gin_card best = first;
    for (gin_cardset q = from & ~gin_cardset_of(first); q; q &= q - 1) {
        gin_card c = (gin_card)__builtin_ctzll(q);
        if (after[c] < after[best] || (after[c] == after[best] && gin_card_value(c) > gin_card_value(best)))
            best = c;
    }
    return best;
}

/* The best discard of leaf r (the hand less its chosen sets): with an
 * unmatched card, throwing the highest (a run card never saves more);
 * with none, each run card in turn (a run of four or more gives one up
 * for nothing). */
static int least_leaf(gin_cardset r, int *dw_out)
{
    gin_cardset runs = runs_of(r), dead = r & ~runs;
    int dw = value_of(dead);
    *dw_out = dw;
    if (dead) {
        unsigned ranks = (unsigned)((dead | dead >> 16 | dead >> 32 | dead >> 48) & AI_LANE);
        int top = 31 - __builtin_clz(ranks);
        return dw - (top >= 9 ? 10 : top + 1);
    }
    int best = BIG;
    for (gin_cardset q = runs; q; q &= q - 1) {
        int c = __builtin_ctzll(q), sh = c & ~15;
        gin_cardset lane = ((r >> sh) & AI_LANE) & ~(UINT64_C(1) << (c & 15));
        int v = k_suit_value[lane & ~runs_of(lane)];
        if (v < best)
            best = v;
    }
    return best;
}

int ai_least_after(gin_cardset h)
{
    if (!h || (h & ~GIN_DECK))
        return GIN_EINVAL;
    setopts so;
    if (set_options(h, &so) < 0) {
        int after[64];
        return gin_discard_deadwoods(h, after);
    }
    gin_cardset r0 = h & ~so.forced;
    int idx[MAX_RANKS] = {0}, least = BIG, best = BIG;
    for (;;) {
        gin_cardset sets = 0;
        for (int j = 0; j < so.k; j++)
            sets |= so.opt[j][idx[j]];
        int dw, v = least_leaf(r0 & ~sets, &dw);
        if (dw < least)
            least = dw;
        if (v < best)
            best = v;
        int j = so.k - 1;
        while (j >= 0 && ++idx[j] == so.n[j])
            idx[j--] = 0;
        if (j < 0)
            break;
    }
    if (so.f4 && least < best)
        best = least;
    for (gin_cardset q = so.f3; q; q &= q - 1) {
        int v = least + 2 * gin_card_value(__builtin_ctzll(q));
        if (v < best)
            best = v;
    }
    return best;
}
