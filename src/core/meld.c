/* gin — melds, deadwood and the least-deadwood arrangement.
 *
 * How it is fast: with the sets fixed, the runs take care of themselves. A
 * card is in a run exactly when it lies in a block of 3+ consecutive cards of
 * its suit, and taking every such block whole is optimal (runs are free).
 * gin_meld_runs() finds all those blocks of all four suits at once with three
 * shifts, and a 13-bit value table prices what is left. Sets are the only
 * real choice, and only ranks holding 3+ cards have one: none, the set, or
 * (with four) the four-set or one of four three-sets. A 10-card hand has at
 * most three such ranks and usually none, so a solve is one to a few dozen
 * mask operations. Hands with more than four such ranks (15+ cards) go to an
 * exact dynamic programme over the ranks (meld_dp.c) instead. Every discard
 * at once and the batch of many hands are in meld_discard.c and, per
 * instruction set, meld_x86.c. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "gin/meld.h"
#include "gin/error.h"
#include "meld_internal.h"

#define RANK0 GIN_MELD_RANK0
#define LANE GIN_MELD_LANE

/* More ranks with 3+ cards than this go to the dynamic programme: 6^4
 * choices still beat its fixed cost. */
enum { MAX_ENUM_RANKS = 4, OPTS = 6 };

/* Deadwood value of every 13-bit suit mask, expanded by the preprocessor:
 * level k doubles the table, adding rank k's value to the upper half. */
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
const uint8_t gin_meld_suit_value[1 << GIN_RANKS] = {V12(0)};

static inline int at_least_3(uint64_t m)
{
    m &= m - 1;
    return (m & (m - 1)) != 0;
}

/* Least deadwood of `r` using runs only. */
static inline int dead_value(uint64_t r) { return gin_meld_value(r & ~gin_meld_runs(r)); }

/* The set choices of each rank in `ranks`, ascending, in canonical order
 * (none, whole rank, then without spade .. club). Returns how many ranks.
 * With `prune`, a rank none of whose cards could join a run (no block of 3+
 * even in the whole hand) has only one sensible choice, the whole rank:
 * any other leaves some of its cards unmatched. Such ranks are not listed
 * but added to *forced. (gin_best_discard cannot prune: removing a card of
 * the rank is one of its choices. gin_discard_deadwoods prunes and prices
 * those removals apart: see gin_meld_plan in meld_internal.h.) */
static int set_options(uint64_t h, unsigned ranks, int prune, uint64_t opt[][OPTS], int n[], uint64_t *forced)
{
    uint64_t runnable = prune ? gin_meld_runs(h) : ~UINT64_C(0);
    int k = 0;
    *forced = 0;
    while (ranks) {
        int r = __builtin_ctz(ranks);
        ranks &= ranks - 1;
        uint64_t q = h & (RANK0 << r);
        if (!(q & runnable)) {
            *forced |= q;
            continue;
        }
        opt[k][0] = 0;
        opt[k][1] = q;
        n[k] = 2;
        if (q == RANK0 << r) {
            for (int s = 0; s < GIN_SUITS; s++)
                opt[k][2 + s] = q & ~(UINT64_C(1) << (16 * s + r));
            n[k] = OPTS;
        }
        k++;
    }
    return k;
}

static int min_over_sets(uint64_t r, const uint64_t (*opt)[OPTS], const int *n, int k)
{
    if (k == 0)
        return dead_value(r);
    int best = INT_MAX;
    for (int i = 0; i < n[0]; i++) {
        int v = min_over_sets(r & ~opt[0][i], opt + 1, n + 1, k - 1);
        if (v < best)
            best = v;
    }
    return best;
}

int gin_meld_deadwood(gin_cardset hand)
{
    unsigned g = gin_meld_ranks_ge3(hand);
    if (!g)
        return dead_value(hand);
    uint64_t opt[GIN_RANKS][OPTS], forced;
    int n[GIN_RANKS];
    int k = set_options(hand, g, 1, opt, n, &forced);
    if (k == 0)
        return dead_value(hand & ~forced);
    if (k > MAX_ENUM_RANKS)
        return gin_meld_dp(hand, 0, NULL, NULL, NULL);
    return min_over_sets(hand & ~forced, (const uint64_t(*)[OPTS])opt, n, k);
}

int gin_deadwood(gin_cardset hand) { return hand & ~GIN_DECK ? GIN_EINVAL : gin_meld_deadwood(hand); }

/* Every least-deadwood choice of sets, in canonical order: the first `cap`
 * are emitted, the total goes to *count. Returns the least deadwood. */
static int solve_sets(uint64_t hand, size_t cap, gin_meld_emit_fn emit, void *ctx, long long *count)
{
    uint64_t opt[GIN_RANKS][OPTS], forced;
    int n[GIN_RANKS];
    int k = set_options(hand, gin_meld_ranks_ge3(hand), 1, opt, n, &forced);
    if (k > MAX_ENUM_RANKS)
        return gin_meld_dp(hand, cap, emit, ctx, count);
    int idx[MAX_ENUM_RANKS] = {0};
    int best = INT_MAX;
    long long found = 0;
    /* Two passes over the same odometer: find the least, then emit in order. */
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < k; j++)
            idx[j] = 0;
        for (;;) {
            uint64_t sets = forced;
            for (int j = 0; j < k; j++)
                sets |= opt[j][idx[j]];
            int v = dead_value(hand & ~sets);
            if (pass == 0 && v < best)
                best = v;
            if (pass == 1 && v == best) {
                if ((size_t)found < cap)
                    emit(ctx, sets);
                found++;
            }
            int j = k - 1;
            while (j >= 0 && ++idx[j] == n[j])
                idx[j--] = 0;
            if (j < 0)
                break;
        }
    }
    if (count)
        *count = found;
    return best;
}

/* The canonical arrangement of `hand` once `sets` are chosen. */
static void build(uint64_t hand, uint64_t sets, gin_arrangement *out)
{
    uint64_t rest = hand & ~sets, runs = gin_meld_runs(rest);
    int n = 0;
    for (int r = 0; r < GIN_RANKS; r++) {
        uint64_t q = sets & (RANK0 << r);
        if (q)
            out->melds[n++] = q;
    }
    for (uint64_t x = runs; x;) {
        int lo = __builtin_ctzll(x);
        uint64_t y = x >> lo;
        int len = __builtin_ctzll(~y);
        uint64_t block = ((UINT64_C(1) << len) - 1) << lo;
        out->melds[n++] = block;
        x &= ~block;
    }
    /* Display order: by lowest card (melds are disjoint, so no ties). */
    for (int i = 1; i < n; i++) {
        gin_cardset m = out->melds[i];
        int j = i;
        for (; j > 0 && __builtin_ctzll(out->melds[j - 1]) > __builtin_ctzll(m); j--)
            out->melds[j] = out->melds[j - 1];
        out->melds[j] = m;
    }
    out->n_melds = n;
    /* Unused slots are zeroed so equal arrangements compare equal bytewise. */
    for (int i = n; i < GIN_MAX_MELDS; i++)
        out->melds[i] = 0;
    out->unmatched = rest & ~runs;
    out->deadwood = gin_meld_value(out->unmatched);
}

struct collect {
    uint64_t hand;
    gin_arrangement *out;
    size_t n;
};

static void collect_one(void *ctx, gin_cardset sets)
{
    struct collect *c = ctx;
    build(c->hand, sets, &c->out[c->n++]);
}

int gin_arrange_all(gin_cardset hand, gin_arrangement *out, size_t cap)
{
    if ((hand & ~GIN_DECK) || (!out && cap))
        return GIN_EINVAL;
    struct collect c = {hand, out, 0};
    long long count = 0;
    solve_sets(hand, cap, collect_one, &c, &count);
    return count > INT_MAX ? INT_MAX : (int)count;
}

int gin_arrange(gin_cardset hand, gin_arrangement *out)
{
    if (!out)
        return GIN_EINVAL;
    int n = gin_arrange_all(hand, out, 1);
    return n < 0 ? n : GIN_OK;
}

/* ---- the best discard ---- */

/* A discard's sort key: deadwood after it, then highest rank (which is also
 * highest value), then lowest suit. Smaller is better. */
static inline int discard_key(int dw, int card) { return dw * 64 + (12 - (card & 15)) * 4 + (card >> 4); }

/* Best discard key among the cards of `r` (the hand less its sets). If any
 * card is unmatched, the best is the highest unmatched card: dropping it
 * saves its value, while dropping a run card never lowers deadwood. Only an
 * all-melded remainder needs the card-by-card look. */
static int best_discard_leaf(uint64_t r)
{
    uint64_t runs = gin_meld_runs(r), dead = r & ~runs;
    if (dead) {
        unsigned ranks = (unsigned)((dead | dead >> 16 | dead >> 32 | dead >> 48) & LANE);
        int top = 31 - __builtin_clz(ranks);
        int suit = __builtin_ctzll((dead >> top) & RANK0) >> 4;
        return discard_key(gin_meld_value(dead) - gin_meld_rank_value(top), 16 * suit + top);
    }
    int best = INT_MAX;
    for (uint64_t x = r; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        int key = discard_key(dead_value(r & ~(UINT64_C(1) << c)), c);
        if (key < best)
            best = key;
    }
    return best;
}

static int best_discard_rec(uint64_t r, const uint64_t (*opt)[OPTS], const int *n, int k)
{
    if (k == 0)
        return best_discard_leaf(r);
    int best = INT_MAX;
    for (int i = 0; i < n[0]; i++) {
        int v = best_discard_rec(r & ~opt[0][i], opt + 1, n + 1, k - 1);
        if (v < best)
            best = v;
    }
    return best;
}

int gin_best_discard(gin_cardset hand, gin_card *discard, int *deadwood_after)
{
    if (!discard || !deadwood_after || !hand || (hand & ~GIN_DECK))
        return GIN_EINVAL;
    uint64_t opt[GIN_RANKS][OPTS], forced;
    int n[GIN_RANKS];
    int k = set_options(hand, gin_meld_ranks_ge3(hand), 0, opt, n, &forced);
    int best = INT_MAX;
    if (k > MAX_ENUM_RANKS) {
        /* 15 cards or more: too many set choices to walk together; one
         * exact solve per discard (the dynamic programme) is cheaper. */
        for (uint64_t x = hand; x; x &= x - 1) {
            int c = __builtin_ctzll(x), key = discard_key(gin_meld_deadwood(hand & ~(UINT64_C(1) << c)), c);
            if (key < best)
                best = key;
        }
    } else {
        best = best_discard_rec(hand, (const uint64_t(*)[OPTS])opt, n, k);
    }
    *deadwood_after = best >> 6;
    int rank = 12 - ((best >> 2) & 15);
    *discard = gin_card_make(rank, best & 3);
    return GIN_OK;
}

/* ---- single melds ---- */

int gin_meld_is_set(gin_cardset m)
{
    if (!m || (m & ~GIN_DECK))
        return 0;
    int r = __builtin_ctzll(m) & 15;
    uint64_t q = RANK0 << r;
    if (m & ~q)
        return 0;
    return at_least_3(m);
}

int gin_meld_valid(gin_cardset m)
{
    if (!m || (m & ~GIN_DECK))
        return 0;
    if (gin_meld_is_set(m))
        return 1;
    int lo = __builtin_ctzll(m);
    uint64_t x = m >> lo;
    /* One block of consecutive bits, 3+ long; a block cannot cross a suit
     * boundary because of the empty bits between lanes. */
    return (x & (x + 1)) == 0 && x >= 7;
}

int gin_melds_in(gin_cardset hand, gin_cardset *out, size_t cap)
{
    if ((hand & ~GIN_DECK) || (!out && cap))
        return GIN_EINVAL;
    size_t n = 0;
#define PUT(m)                                                                                                         \
    do {                                                                                                               \
        if (n < cap)                                                                                                   \
            out[n] = (m);                                                                                              \
        n++;                                                                                                           \
    } while (0)
    /* Sets by rank: the four-set first, then the three-sets without spade .. club. */
    for (int r = 0; r < GIN_RANKS; r++) {
        uint64_t q = hand & (RANK0 << r);
        if (q == RANK0 << r) {
            PUT(q);
            for (int s = 0; s < GIN_SUITS; s++)
                PUT(q & ~(UINT64_C(1) << (16 * s + r)));
        } else if (at_least_3(q)) {
            PUT(q);
        }
    }
    /* Runs by suit, then lowest rank, then length. */
    for (int lo = 0; lo < 64; lo++) {
        if (!((hand >> lo) & 1))
            continue;
        for (int len = 3; (lo & 15) + len <= GIN_RANKS; len++) {
            uint64_t run = ((UINT64_C(1) << len) - 1) << lo;
            if ((hand & run) != run)
                break;
            PUT(run);
        }
    }
#undef PUT
    return (int)n;
}
