/* gin — internals shared by the meld solvers (not a public header).
 *
 * Once the sets are chosen, a hand has exactly one canonical arrangement:
 * every maximal block of 3+ consecutive remaining cards of a suit is one run
 * (touching runs are merged), everything else is unmatched. So the solvers
 * below only choose `sets` (the union of the set melds' cards: at most one
 * set per rank) and report each least-deadwood choice through a callback.
 *
 * The discard and batch kernels exist once per instruction set (portable C,
 * AVX2, AVX-512); the public functions pick one per call (meld_x86.c says
 * how), and the tests call each path here directly, so the portable path is
 * checked even on a machine that would never run it. */
#ifndef GIN_MELD_INTERNAL_H
#define GIN_MELD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "gin/card.h"

#define GIN_MELD_RANK0 UINT64_C(0x0001000100010001) /* the four aces; shift by rank */
#define GIN_MELD_LANE UINT64_C(0x1fff)

/* Receives one least-deadwood choice of set cards. */
typedef void (*gin_meld_emit_fn)(void *ctx, gin_cardset sets);

/* Exact solver for any hand, by dynamic programming over the ranks; used
 * when too many ranks hold 3+ cards for plain enumeration. `hand` must be a
 * subset of GIN_DECK. Emits the first `cap` least-deadwood set choices in
 * canonical order (ranks ascending; per rank: no set, the whole rank, then
 * the rank without its spade, heart, diamond, club), stores how many exist
 * in *count (if non-NULL) and returns the least deadwood. */
int gin_meld_dp(gin_cardset hand, size_t cap, gin_meld_emit_fn emit, void *ctx, long long *count);

/* gin_deadwood without the argument check: `hand` must be a subset of GIN_DECK. */
int gin_meld_deadwood(gin_cardset hand);

/* Deadwood value of every 13-bit suit mask (meld.c; a constant table). */
extern const uint8_t gin_meld_suit_value[1 << GIN_RANKS];

/* ---- bit helpers, shared by every path ---- */

/* Inlined even where the compiler would rather call: the kernels need these
 * compiled into their own instruction set and kept in registers. */
#define GIN_MELD_INLINE static inline __attribute__((always_inline))

/* Cards of `r` lying in a block of 3+ consecutive ranks of their suit. The
 * three empty bits above each 13-bit lane keep blocks from crossing suits. */
static inline uint64_t gin_meld_runs(uint64_t r)
{
    uint64_t t = r & (r >> 1) & (r >> 2);
    return t | (t << 1) | (t << 2);
}

/* Ranks (as a 13-bit mask) holding 3 or 4 cards of `h`. */
static inline unsigned gin_meld_ranks_ge3(uint64_t h)
{
    unsigned a = (unsigned)(h & GIN_MELD_LANE), b = (unsigned)((h >> 16) & GIN_MELD_LANE);
    unsigned c = (unsigned)((h >> 32) & GIN_MELD_LANE), d = (unsigned)(h >> 48);
    return (a & b & (c | d)) | (c & d & (a | b));
}

/* Every card (of all four suits) of the ranks in the 13-bit mask: one
 * multiply, as the four copies do not overlap. */
static inline uint64_t gin_meld_spread(unsigned ranks) { return (uint64_t)(ranks & 0x1fffu) * GIN_MELD_RANK0; }

/* The 13-bit mask of ranks holding any card of `s`. */
static inline unsigned gin_meld_fold(uint64_t s)
{
    s |= s >> 32;
    s |= s >> 16;
    return (unsigned)(s & GIN_MELD_LANE);
}

static inline int gin_meld_value(uint64_t d)
{
    return gin_meld_suit_value[d & GIN_MELD_LANE] + gin_meld_suit_value[(d >> 16) & GIN_MELD_LANE] +
           gin_meld_suit_value[(d >> 32) & GIN_MELD_LANE] + gin_meld_suit_value[d >> 48];
}

static inline int gin_meld_rank_value(int rank) { return rank >= 9 ? 10 : rank + 1; }

/* ---- every discard at once ----
 *
 * The leaves are the set choices; in each, a discard of a card outside the
 * sets is priced from bit masks (gin_meld_cuts), and a discard of a set
 * card leaves a three-set (from a four-set: the leaf's deadwood) or two
 * unmatched cards (from a three-set: the deadwood plus twice the card's
 * value). Those set-card prices are real arrangements of the hand less the
 * card, and with them most set choices are never better than another, so
 * the plan lists only the rest (every card below "runnable" means: in a
 * block of 3+ of its suit in the whole hand, so possibly in a run):
 *  - a rank with 3+ cards none runnable ("forced"): only its set. Any other
 *    choice leaves its cards unmatched for nothing.
 *  - a rank with three cards, some runnable: none, or the set.
 *  - a rank with four, some runnable: the four-set; the three-set without
 *    s for each runnable s (the three-set without an unrunnable card is no
 *    better than the four-set with that card's discard priced as above);
 *    and none only if two or more are runnable (with one runnable card s,
 *    "none" leaves the three others unmatched where the three-set without
 *    s melds them, and a discard of one of them costs the same both ways).
 * The tests check the result against a brute-force solver on every path. */
enum { GIN_MELD_MAX_CHOICE = 4, GIN_MELD_OPTS = 6, GIN_MELD_BYTE_CARDS = 25, GIN_MELD_BYTE_MAX = 250 };

/* A hand's ranks of 3+ cards, found for all ranks at once. */
typedef struct gin_meld_shape {
    uint64_t base;     /* the hand less the forced ranks' cards */
    uint64_t forced3;  /* cards of forced ranks holding exactly three */
    uint64_t forced4;  /* cards of forced ranks holding four */
    uint64_t runnable; /* cards in a block of 3+ of their suit */
    unsigned choice;   /* the other ranks of 3+ (13-bit mask) */
    unsigned four;     /* ranks holding four cards */
} gin_meld_shape;

GIN_MELD_INLINE gin_meld_shape gin_meld_shape_of(gin_cardset hand)
{
    gin_meld_shape s;
    unsigned g = gin_meld_ranks_ge3(hand);
    uint64_t sets = hand & gin_meld_spread(g);
    s.runnable = gin_meld_runs(hand);
    s.four = (unsigned)(hand & (hand >> 16) & (hand >> 32) & (hand >> 48)) & g;
    s.choice = gin_meld_fold(sets & s.runnable) & g;
    uint64_t forced = sets & ~gin_meld_spread(s.choice);
    s.base = hand & ~forced;
    s.forced4 = forced & gin_meld_spread(s.four);
    s.forced3 = forced & ~s.forced4;
    return s;
}

/* One leaf: the cards outside the sets, and the set cards by set size. */
typedef struct gin_meld_leaf {
    uint64_t rest, set4, set3;
} gin_meld_leaf;

typedef struct gin_meld_plan {
    gin_meld_shape shape;
    int k;                                             /* choice ranks; more than GIN_MELD_MAX_CHOICE: no enumeration */
    int n[GIN_MELD_MAX_CHOICE];                        /* options of each choice rank, 1 to 6 */
    uint64_t opt[GIN_MELD_MAX_CHOICE][GIN_MELD_OPTS];  /* each option's set cards */
    uint64_t opt4[GIN_MELD_MAX_CHOICE][GIN_MELD_OPTS]; /* the same if a four-set, else 0 */
} gin_meld_plan;

/* The options of a choice rank with cards q, of which `run` are runnable;
 * returns how many. */
GIN_MELD_INLINE int gin_meld_plan_rank(uint64_t q, uint64_t run, int four, uint64_t *opt, uint64_t *opt4)
{
    if (!four) {
        opt[0] = opt4[0] = opt4[1] = 0;
        opt[1] = q;
        return 2;
    }
    int n = 0;
    opt[n] = opt4[n] = q;
    n++;
    /* (by suit, not by clearing bits: gcc turns a count of cleared bits
     * into a popcount, a library call where the instruction is not known) */
    for (int s = 0; s < GIN_SUITS; s++) {
        uint64_t card = run & (GIN_MELD_LANE << (16 * s));
        if (card) {
            opt[n] = q & ~card;
            opt4[n++] = 0;
        }
    }
    if (run & (run - 1)) {
        opt[n] = opt4[n] = 0;
        n++;
    }
    return n;
}

/* Every choice rank's options, for `hand` of shape *s. */
GIN_MELD_INLINE void gin_meld_plan_make(gin_cardset hand, const gin_meld_shape *s, gin_meld_plan *p)
{
    p->shape = *s;
    p->k = 0;
    unsigned choice = s->choice;
    for (; choice && p->k < GIN_MELD_MAX_CHOICE; choice &= choice - 1) {
        int r = __builtin_ctz(choice);
        uint64_t q = hand & (GIN_MELD_RANK0 << r);
        p->n[p->k] = gin_meld_plan_rank(q, q & s->runnable, (s->four >> r) & 1, p->opt[p->k], p->opt4[p->k]);
        p->k++;
    }
    if (choice)
        p->k = GIN_MELD_MAX_CHOICE + 1;
}

/* The plan's leaves: idx[] (k entries, all 0 at first) picks one option per
 * choice rank; plan_leaf gives that leaf and plan_next steps to the next,
 * 0 after the last. */
GIN_MELD_INLINE gin_meld_leaf gin_meld_plan_leaf(const gin_meld_plan *p, const int *idx)
{
    uint64_t sets = 0, set4 = p->shape.forced4;
    for (int j = 0; j < p->k; j++) {
        sets |= p->opt[j][idx[j]];
        set4 |= p->opt4[j][idx[j]];
    }
    gin_meld_leaf l = {p->shape.base & ~sets, set4, (sets | p->shape.forced3) & ~set4};
    return l;
}

GIN_MELD_INLINE int gin_meld_plan_next(const gin_meld_plan *p, int *idx)
{
    int j = p->k - 1;
    while (j >= 0 && ++idx[j] == p->n[j])
        idx[j--] = 0;
    return j >= 0;
}

/* The leaf with no set chosen (a real arrangement in every shape, where
 * not always a needed one), and the leaf with the cards q taken as one
 * three-set or one four-set besides the forced sets. */
GIN_MELD_INLINE gin_meld_leaf gin_meld_leaf_none(const gin_meld_shape *s)
{
    gin_meld_leaf l = {s->base, s->forced4, s->forced3};
    return l;
}

GIN_MELD_INLINE gin_meld_leaf gin_meld_leaf_with3(const gin_meld_shape *s, uint64_t q)
{
    gin_meld_leaf l = {s->base & ~q, s->forced4, s->forced3 | q};
    return l;
}

GIN_MELD_INLINE gin_meld_leaf gin_meld_leaf_with4(const gin_meld_shape *s, uint64_t q)
{
    gin_meld_leaf l = {s->base & ~q, s->forced4 | q, s->forced3};
    return l;
}

/* Defines `attrs static int name(gin_cardset hand, const gin_meld_shape *s,
 * state *st)`, which calls leaf(l, st) for every leaf of the hand (some
 * more than once: harmless, the kernels fold by minimum) and returns 0, or
 * -1 with too many choice ranks to enumerate (the caller then solves each
 * discard apart). One walk for every kernel, each instantiating it with its
 * own instruction set and leaf function. The commonest shapes are straight
 * code, since a mispredicted loop exit costs as much as a leaf: four hands
 * met in play in five have no choice rank (one leaf), and most others one
 * choice rank (three cards: two leaves; four: the four-set and a three-set
 * per runnable card besides) or two of three cards (four leaves). Anything
 * else walks the plan, out of line. */
/* NOLINTBEGIN(bugprone-macro-parentheses): its arguments are a name, attributes and a type */
#define GIN_MELD_LEAVES_FN(name, attrs, state, leaf)                                                                   \
    attrs __attribute__((noinline)) static int name##_plan(gin_cardset hand, const gin_meld_shape *s, state *st)       \
    {                                                                                                                  \
        gin_meld_plan p;                                                                                               \
        gin_meld_plan_make(hand, s, &p);                                                                               \
        if (p.k > GIN_MELD_MAX_CHOICE)                                                                                 \
            return -1;                                                                                                 \
        int idx[GIN_MELD_MAX_CHOICE] = {0};                                                                            \
        do                                                                                                             \
            leaf(gin_meld_plan_leaf(&p, idx), st);                                                                     \
        while (gin_meld_plan_next(&p, idx));                                                                           \
        return 0;                                                                                                      \
    }                                                                                                                  \
    attrs static inline int name(gin_cardset hand, const gin_meld_shape *s, state *st)                                 \
    {                                                                                                                  \
        leaf(gin_meld_leaf_none(s), st);                                                                               \
        if (!s->choice)                                                                                                \
            return 0;                                                                                                  \
        unsigned second = s->choice & (s->choice - 1);                                                                 \
        if (!second) {                                                                                                 \
            uint64_t q = s->base & gin_meld_spread(s->choice);                                                         \
            if (!(s->choice & s->four)) {                                                                              \
                leaf(gin_meld_leaf_with3(s, q), st);                                                                   \
                return 0;                                                                                              \
            }                                                                                                          \
            leaf(gin_meld_leaf_with4(s, q), st);                                                                       \
            for (uint64_t x = q & s->runnable; x; x &= x - 1)                                                          \
                leaf(gin_meld_leaf_with3(s, q & ~(x & (~x + 1))), st);                                                 \
            return 0;                                                                                                  \
        }                                                                                                              \
        if (!(second & (second - 1)) && !(s->choice & s->four)) {                                                      \
            uint64_t qa = s->base & gin_meld_spread(s->choice & ~second), qb = s->base & gin_meld_spread(second);      \
            leaf(gin_meld_leaf_with3(s, qa), st);                                                                      \
            leaf(gin_meld_leaf_with3(s, qb), st);                                                                      \
            leaf(gin_meld_leaf_with3(s, qa | qb), st);                                                                 \
            return 0;                                                                                                  \
        }                                                                                                              \
        /* (on a copy, so that *st never has its address taken and stays in registers) */                              \
        state copy = *st;                                                                                              \
        int rc = name##_plan(hand, s, &copy);                                                                          \
        *st = copy;                                                                                                    \
        return rc;                                                                                                     \
    }
/* NOLINTEND(bugprone-macro-parentheses) */

/* A leaf r's cards by what dropping them costs: unmatched (dead) or in a run
 * block (run); of the run cards, those whose removal leaves a part of one or
 * two cards below them (l1; l2: two), and likewise above (h1, h2). The
 * shifts by up to three stay inside the suit: the lanes' three empty bits. */
typedef struct gin_meld_cuts {
    uint64_t run, dead, l1, l2, h1, h2;
} gin_meld_cuts;

GIN_MELD_INLINE gin_meld_cuts gin_meld_cuts_of(uint64_t r)
{
    gin_meld_cuts m;
    m.run = gin_meld_runs(r);
    m.dead = r & ~m.run;
    m.l1 = m.run & (r << 1) & ~((r << 2) & (r << 3));
    m.l2 = m.l1 & (r << 2);
    m.h1 = m.run & (r >> 1) & ~((r >> 2) & (r >> 3));
    m.h2 = m.h1 & (r >> 2);
    return m;
}

/* Instruction sets with a kernel. */
enum gin_meld_path { GIN_MELD_PORTABLE = 0, GIN_MELD_AVX2 = 1, GIN_MELD_AVX512 = 2, GIN_MELD_PATHS = 3 };

/* 1 if this build has the path and this CPU (and OS) can run it. */
int gin_meld_path_supported(int path);

/* gin_discard_deadwoods on one path: `hand` non-empty, a subset of
 * GIN_DECK, `after` non-NULL; an unsupported path answers as the portable
 * one. Every path gives the same answers (the tests check it). */
int gin_meld_discards_on(int path, gin_cardset hand, int after[64]);
/* gin_deadwood_batch on one path (pointers valid when n > 0). */
void gin_meld_batch_on(int path, const gin_cardset *hands, size_t n, int *out);

/* The kernels themselves, with the preconditions above; only call a SIMD
 * one (meld_x86.c) if gin_meld_path_supported says so. They count in byte
 * lanes, so a hand of more than GIN_MELD_BYTE_CARDS cards (which may be
 * worth more than GIN_MELD_BYTE_MAX) or with too many choice ranks goes on
 * to the portable kernel. */
int gin_meld_discards_portable(gin_cardset hand, int after[64]);
int gin_meld_discards_avx2(gin_cardset hand, int after[64]);
int gin_meld_discards_avx512(gin_cardset hand, int after[64]);
void gin_meld_batch_portable(const gin_cardset *hands, size_t n, int *out);
void gin_meld_batch_avx2(const gin_cardset *hands, size_t n, int *out);
void gin_meld_batch_avx512(const gin_cardset *hands, size_t n, int *out);

#endif
