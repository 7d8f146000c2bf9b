/* The lean playout: the rest of a hand played out on card sets, for the
 * search (analysis.c). No gin_hand, no views, no allocation; a world is a
 * small value copied once per candidate.
 *
 * Where the time went (callgrind, before): two full least-deadwood solves
 * of 11 cards every turn (one for the upcard, one for the discard), 60% of
 * the expert's instructions. Now each seat keeps its ten cards' deadwood
 * and the unmatched cards of a least-deadwood arrangement between turns:
 *  - a card x that joins no meld of hand + x (a "dead" card, most draws)
 *    changes nothing but itself: the eleven's unmatched cards are the
 *    ten's and x, with no solve at all;
 *  - a live card costs one arrangement of the eleven (price.c), not a
 *    pricing of every discard;
 *  - throwing an unmatched card c of a least-deadwood arrangement leaves
 *    exactly its deadwood less c's value, and that arrangement less c is
 *    again least, so the seat stays up to date for its next turn.
 * The policy: take the face-up card when throwing another then leaves less
 * deadwood; throw an unmatched card (never break a meld of the eleven's
 * arrangement: when all eleven meld, any card), the one least by deadwood
 * plus live outs; knock by the seat's style. */
#include <string.h>
#include "botlib.h"
#include "gin/error.h"
#include "gin/showdown.h"

/* The playout discard minimises 10 * deadwood + OUT_K * the card's live
 * outs (tenths of a point per out: hard's potential term, lean). */
enum { OUT_W = 10, OUT_K = 15, NO_DW = 999 };
/* Stock places a playout shuffles beyond the one it draws, once it draws
 * below the sampler's (ai_world_shuffle). */
enum { STOCK_CHUNK = 3 };

/* For the steps of a turn, run in the play loop: gcc -O2 kept them as
 * calls, each saving and restoring registers once a turn. */
#define AI_HOT_INLINE inline __attribute__((always_inline))

/* The set of one card known to be a card: gin_cardset_of also turns
 * GIN_NO_CARD into the empty set, which costs three instructions a use in
 * the playout's every step. */
static inline gin_cardset card_bit(gin_card c) { return (gin_cardset)1 << c; }

/* gin_card_value of a card (not GIN_NO_CARD) as one load: the playout
 * asks for values in every step. */
#define VALUE_OF(c) (((c)&15) + 1 > 10 ? 10 : ((c)&15) + 1)
#define VAL2(c) VALUE_OF(c), VALUE_OF((c) + 1)
#define VAL4(c) VAL2(c), VAL2((c) + 2)
#define VAL8(c) VAL4(c), VAL4((c) + 4)
#define VAL16(c) VAL8(c), VAL8((c) + 8)
static const uint8_t k_value[64] = {VAL16(0), VAL16(16), VAL16(32), VAL16(48)};
static inline int card_value(gin_card c) { return k_value[c]; }

/* Bit n is set when the five-bit neighbourhood n of a card x in its suit
 * (x at bit 2, as in outs) holds a run of three through x: the two
 * below, the two around or the two above. */
#define LIVE_RUNS 0xff88cc88u

/* 1 if x (not in h) can be part of some meld of h + x: two more of its
 * rank, or a run of three through it. A card that cannot is unmatched in
 * every arrangement, which is what lets a turn skip the solve. The rank's
 * cards (one bit a lane) are two or more when clearing the lowest leaves
 * one, and the run is a lookup, with no branch: whether a card is live is
 * a coin flip to a predictor. */
static inline int card_live(gin_cardset h, gin_card x)
{
    gin_cardset same = (h >> gin_card_rank(x)) & AI_RANK0;
    unsigned nb = (unsigned)((h << 2) >> x) & 0x1bu;
    return ((same & (same - 1)) != 0) | (int)(LIVE_RUNS >> nb & 1u);
}

/* k_worth[v]: the cards worth v or more (none for 11). */
#define WORTH(v) (((AI_LANE << ((v) > 1 ? (v)-1 : 0)) & AI_LANE) * AI_RANK0)
static const gin_cardset k_worth[12] = {WORTH(0), WORTH(1), WORTH(2), WORTH(3), WORTH(4),  WORTH(5),
                                        WORTH(6), WORTH(7), WORTH(8), WORTH(9), WORTH(10), 0};

/* Refresh a seat's deadwood and unmatched cards from its ten cards. */
static void seat_fix(ai_ro_seat *s)
{
    s->dw = ai_unmatched(s->hand, &s->dead);
    s->fresh = 1;
}

/* A seat's eleven cards (its ten and x) and the discards worth weighing:
 * `cand`, and the deadwood left by throwing each (after_at). Normally cand
 * is the unmatched cards of a least-deadwood arrangement (the deadwood
 * left is dw11 - value(c), worked out when read), and throwing one keeps
 * the seat's arrangement (`keeps`); when all eleven meld every card is
 * priced by the solver into after[]. */
typedef struct priced {
    gin_cardset h11, cand, dead11;
    gin_card x;
    int dw11, keeps;
    int after[64];
} priced;

/* The deadwood left by throwing c (a card of p->cand), p->keeps being
 * `keeps` (a constant where the turn has branched on it). */
static inline int after_keeps(const priced *p, gin_card c, int keeps)
{
    return keeps ? p->dw11 - card_value(c) : p->after[c];
}
static inline int after_at(const priced *p, gin_card c) { return after_keeps(p, c, p->keeps); }

/* The highest rank among the cards of s (not empty), over the four suits. */
static inline int top_rank(gin_cardset s)
{
    return 31 - __builtin_clz((unsigned)((s | s >> 16 | s >> 32 | s >> 48) & AI_LANE));
}

/* The value of a card of rank r. */
static inline int rank_value(int r) { return r >= 9 ? 10 : r + 1; }

/* All eleven meld (or only the forbidden card is unmatched): price every card. */
static void price_all(priced *p)
{
    ai_price_discards(p->h11, p->after);
    p->cand = p->h11;
    p->keeps = 0;
}

/* price_live for a live x: one arrangement of the eleven. Inline: as a
 * call (1.1 million a run of gin-bench playouts --positions 60) its
 * answer went through memory to the branches waiting on it; inline it
 * costs fewer instructions too (callgrind). */
static AI_HOT_INLINE void price_solve(priced *p)
{
    p->dw11 = ai_unmatched(p->h11, &p->dead11);
    if (!p->dead11) {
        price_all(p);
        return;
    }
    p->cand = p->dead11;
    p->keeps = 1;
}

/* Price seat s's ten and x, whose card_live is `live`. A dead x (most
 * draws) is priced inline, with no call: it is unmatched beside the
 * ten's unmatched cards, which are therefore not empty. */
static inline void price_live(ai_ro_seat *s, gin_card x, int live, priced *p)
{
    p->x = x;
    p->h11 = s->hand | card_bit(x);
    if (live) {
        price_solve(p);
        return;
    }
    p->dead11 = s->dead | card_bit(x);
    p->dw11 = s->dw + card_value(x);
    p->cand = p->dead11;
    p->keeps = 1;
}

/* Price a fresh seat s's ten and x. */
static inline void price(ai_ro_seat *s, gin_card x, priced *p) { price_live(s, x, card_live(s->hand, x), p); }

/* The seat threw c from p: its ten, and their arrangement, kept or (all
 * eleven melded, rarely) solved anew: a seat in play is always fresh, so
 * the turns need not ask. */
static inline void seat_throw_keeps(ai_ro_seat *s, const priced *p, gin_card c, int keeps)
{
    s->hand = p->h11 & ~card_bit(c);
    if (!keeps) {
        seat_fix(s);
        return;
    }
    s->dw = p->dw11 - card_value(c);
    s->dead = p->dead11 & ~card_bit(c);
}
static void seat_throw(ai_ro_seat *s, const priced *p, gin_card c) { seat_throw_keeps(s, p, c, p->keeps); }

/* The run outs of a card c, by its suit neighbours on five bits, c in the
 * middle (bit 0 two below c, bit 4 two above; c's own bit 2 is left out):
 * the hand's in bits 0-4 of the index, the live cards' in bits 5-9. A card
 * next to c (a two-card run) is met on either side by one card, and a
 * card two away by the one between when that is not held (c with the card
 * above fills to c+2 or goes down to c-1, and so on). Nothing lives past a
 * suit's king or below its ace, so nothing crosses into the next suit. A
 * table because the neighbours are coin flips to a predictor and the
 * branch-free sum of eight bits was a fifth of the playout's instructions
 * (callgrind). */
#define RUN_OUTS(i)                                                                                                    \
    (((i) >> 3 & 1) * (((i) >> 6 & 1) + ((i) >> 9 & 1)) + ((i) >> 1 & 1) * (((i) >> 8 & 1) + ((i) >> 5 & 1)) +         \
     ((i) >> 4 & ~((i) >> 3) & 1) * ((i) >> 8 & 1) + ((i) & ~((i) >> 1) & 1) * ((i) >> 6 & 1))
#define RO1(i) (OUT_K * RUN_OUTS(i)), (OUT_K * RUN_OUTS((i) + 1))
#define RO2(i) RO1(i), RO1((i) + 2)
#define RO3(i) RO2(i), RO2((i) + 4)
#define RO4(i) RO3(i), RO3((i) + 8)
#define RO5(i) RO4(i), RO4((i) + 16)
#define RO6(i) RO5(i), RO5((i) + 32)
#define RO7(i) RO6(i), RO6((i) + 64)
#define RO8(i) RO7(i), RO7((i) + 128)
#define RO9(i) RO8(i), RO8((i) + 256)
#define RO10(i) RO9(i), RO9((i) + 512)
static const uint8_t k_run_outs[1 << 10] = {RO10(0)}; /* OUT_K each: a score */

/* k_set_outs[i]: the set outs of a card whose rank's four suits hold, in
 * i's bits 0-3, the hand's cards and, in bits 4-7, the live ones: the
 * live count when the hand holds exactly two (the card and one other). */
#define SET_OUTS(i)                                                                                                    \
    (((((i)&1) + ((i) >> 1 & 1) + ((i) >> 2 & 1) + ((i) >> 3 & 1)) == 2) *                                             \
     (((i) >> 4 & 1) + ((i) >> 5 & 1) + ((i) >> 6 & 1) + ((i) >> 7 & 1)))
#define SO1(i) (OUT_K * SET_OUTS(i)), (OUT_K * SET_OUTS((i) + 1))
#define SO2(i) SO1(i), SO1((i) + 2)
#define SO3(i) SO2(i), SO2((i) + 4)
#define SO4(i) SO3(i), SO3((i) + 8)
#define SO5(i) SO4(i), SO4((i) + 16)
#define SO6(i) SO5(i), SO5((i) + 32)
#define SO7(i) SO6(i), SO6((i) + 64)
#define SO8(i) SO7(i), SO7((i) + 128)
static const uint8_t k_set_outs[1 << 8] = {SO8(0)}; /* OUT_K each: a score */

/* OUT_K times the cards that would turn c (a card of h) into part of a
 * meld with the rest of h (a pair or a two-card run with c), still live:
 * hard's potential term, lean, as it adds to the discard's score (the
 * tables hold it multiplied). The set outs: the live cards of c's rank
 * when h holds exactly one other, from a table indexed by the rank's four
 * lanes of h (bits 0, 16, 32, 48 of `lanes`) and of avail (4, 20, 36, 52),
 * folded into one byte by two shifts (popcount is a library call here,
 * and the counts by a multiplication took more instructions). */
static inline int out_score(gin_cardset h, gin_card c, gin_cardset avail)
{
    int r = gin_card_rank(c);
    gin_cardset lanes = ((h >> r) & AI_RANK0) | (((avail >> r) & AI_RANK0) << 4);
    lanes |= lanes >> 15;
    lanes |= lanes >> 30;
    unsigned hv = (unsigned)((h << 2) >> c) & 0x1bu, av = (unsigned)((avail << 2) >> c) & 0x1bu;
    return k_set_outs[lanes & 0xffu] + k_run_outs[hv | av << 5];
}

/* Chains of the showdown's enumeration: at most two per run block and
 * one per set. */
enum { MAX_CHAINS = 2 * GIN_MAX_MELDS };

/* The defender's layoffs on a spread of the knocker's, whose melds are
 * the ranks of `sets` and each block of consecutive cards of `runs` (the
 * run cards of the rest, as gin_arrange_all builds them): per block the
 * defender's cards continuing it down and up, per set of three its fourth
 * card. A lane's bits 13 to 15 hold no card, so nothing found on the bits
 * runs into another suit. */

/* The cards of d reached from `from` (cards of d) going up through d:
 * adding carries from each through its block of d to the gap above. */
static inline gin_cardset fill_up(gin_cardset from, gin_cardset d) { return ((d + from) ^ d) & d; }

/* The same going down, in doubling steps (a chain is at most 12 cards). */
static inline gin_cardset fill_down(gin_cardset from, gin_cardset d)
{
    from |= d & (from >> 1);
    d &= d >> 1;
    from |= d & (from >> 2);
    d &= d >> 2;
    from |= d & (from >> 4);
    d &= d >> 4;
    return from | (d & (from >> 8));
}

/* Every card of every chain of def's on `runs` and (`fourths`) the sets. */
static inline gin_cardset chain_cards(gin_cardset runs, gin_cardset fourths, gin_cardset def)
{
    return fill_up((runs << 1) & def, def) | fill_down((runs >> 1) & def, def) | fourths;
}

/* The chains one by one, for the enumeration: each a mask, laid from the
 * meld outward (bit j of *down when chain j grows downward, from its
 * highest card). Returns how many. */
static int find_chains(gin_cardset runs, gin_cardset fourths, gin_cardset def, gin_cardset c[MAX_CHAINS],
                       unsigned *down)
{
    int n = 0;
    for (gin_cardset lo = (runs >> 1) & def; lo; lo &= lo - 1)
        c[n++] = fill_down(lo & -lo, def);
    *down = (1u << n) - 1;
    for (gin_cardset hi = (runs << 1) & def; hi; hi &= hi - 1)
        c[n++] = fill_up(hi & -hi, def);
    for (gin_cardset f = fourths; f; f &= f - 1)
        c[n++] = f & -f;
    return n;
}

/* laid_off when some chain card is not in dead: the enumeration. */
static __attribute__((noinline)) int laid_off_solve(gin_cardset runs, gin_cardset fourths, gin_cardset def,
                                                    gin_cardset dead, int dd)
{
    gin_cardset quiet = def & dead, c[MAX_CHAINS], cur[MAX_CHAINS] = {0};
    unsigned down;
    int n = find_chains(runs, fourths, def, c, &down);
    int best = dd - ai_value(chain_cards(runs, fourths & dead, quiet));
    while (best > 0) {
        /* The next union: a mixed-radix step over the prefixes, one card longer. */
        int i = 0;
        while (i < n && cur[i] == c[i])
            cur[i++] = 0;
        if (i == n)
            break;
        gin_cardset rest = c[i] & ~cur[i], laid = 0, left;
        cur[i] |= down >> i & 1u ? UINT64_C(1) << (63 - __builtin_clzll(rest)) : rest & -rest;
        for (int j = 0; j < n; j++)
            laid |= cur[j];
        if (dd - ai_value(laid & ~ai_runs_of(laid)) >= best)
            continue;
        int v = ai_unmatched(def & ~laid, &left);
        best = v < best ? v : best;
    }
    return best;
}

/* The defender's least deadwood after laying off on the knocker's spread
 * with `sets`: the least over every union of chain prefixes, as the
 * showdown enumerates them, with the unions that cannot beat the best so
 * far left unsolved. `dead` is unmatched in a least arrangement A of def
 * (deadwood dd; any subset of A's unmatched cards will do, 0 too). Why
 * that is exact: for any L, an arrangement of def - L plus a least
 * arrangement of L alone is one of def, so least(def - L) >= dd -
 * least(L) >= dd - value(L's cards in no run of L); and when L is within
 * dead, A less L reaches dd - value(L). So the union P of each chain's
 * longest prefix within dead (itself a union of prefixes: the chains of
 * def & dead) leaves exactly dd - value(P), and every union within dead
 * is within P, leaving no less: only unions reaching past P are solved,
 * and of those only the ones whose bound is below the best. When every
 * chain card is dead (most knocks), P is all of them and nothing is
 * solved, nor the chains told apart. */
static inline int laid_off(gin_cardset knocker, gin_cardset sets, gin_cardset def, gin_cardset dead, int dd)
{
    gin_cardset runs = ai_runs_of(knocker & ~sets);
    unsigned ranks = (unsigned)((sets | sets >> 16 | sets >> 32 | sets >> 48) & AI_LANE);
    gin_cardset fourths = def & ((gin_cardset)ranks * AI_RANK0); /* the knocker holds the rest of those ranks */
    gin_cardset all = chain_cards(runs, fourths, def);
    if (!(all & ~dead))
        return dd - ai_value(all);
    return laid_off_solve(runs, fourths, def, dead, dd);
}

/* The showdown weighs this many of the knocker's least-deadwood spreads
 * (showdown.c's MAX_TIES); with more, only it knows which. */
enum { SHOWDOWN_TIES = 64, OPEN_RANKS = 3, SET_OPTS = 2 + GIN_SUITS };

/* The set choices of `rank` among in_sets, as the core's (none, whole, a
 * four less one suit) into opt; returns how many. */
static int rank_choices(gin_cardset in_sets, int rank, gin_cardset opt[SET_OPTS])
{
    gin_cardset q = in_sets & (AI_RANK0 << rank);
    int n = 2;
    opt[0] = 0;
    opt[1] = q;
    if (q == AI_RANK0 << rank)
        for (gin_cardset x = q; x; x &= x - 1)
            opt[n++] = q & ~(x & -x);
    return n;
}

/* The most the defender keeps over the knocker's least-deadwood spreads
 * when ranks of in_sets (open_ranks) have a card that could run: each
 * choice of their sets, the other ranks taken whole, that leaves the
 * knocker's least deadwood kd is one spread, as gin_arrange_all finds
 * them. Returns -1 when the showdown must settle it: more ties than it
 * weighs (or none: kd not the least), or more such ranks than a
 * knocker's eleven can hold. */
static int laid_off_ties(gin_cardset knocker, int kd, gin_cardset in_sets, unsigned open_ranks, gin_cardset def,
                         gin_cardset dead, int dd)
{
    gin_cardset opt[OPEN_RANKS][SET_OPTS], forced = in_sets;
    int n[OPEN_RANKS], idx[OPEN_RANKS] = {0}, k = 0, ties = 0, left = -1;
    for (; open_ranks; open_ranks &= open_ranks - 1, k++) {
        if (k == OPEN_RANKS)
            return -1;
        n[k] = rank_choices(in_sets, __builtin_ctz(open_ranks), opt[k]);
        forced &= ~opt[k][1];
    }
    for (;;) { /* an odometer over the ranks' choices */
        gin_cardset sets = forced;
        for (int j = 0; j < k; j++)
            sets |= opt[j][idx[j]];
        gin_cardset rest = knocker & ~sets;
        if (ai_value(rest & ~ai_runs_of(rest)) == kd) {
            int v = laid_off(knocker, sets, def, dead, dd);
            left = v > left ? v : left;
            ties++;
        }
        int j = k - 1;
        while (j >= 0 && ++idx[j] == n[j])
            idx[j--] = 0;
        if (j < 0)
            break;
    }
    return ties && ties <= SHOWDOWN_TIES ? left : -1;
}

int ai_knock_points(const gin_rules *r, gin_cardset knocker, int kd, gin_cardset def, int dd, gin_cardset dead)
{
    if (kd == 0)
        return (gin_cardset_count(knocker) == 11 ? r->big_gin_bonus : r->gin_bonus) + dd;
    /* Built on the bits, where the core's solver cost five times the
     * layoffs: most knocks have one arrangement, the sets (ranks of three
     * or more) none of whose cards could run taken whole. */
    gin_cardset in_sets = knocker & ((gin_cardset)ai_ranks_ge3(knocker) * AI_RANK0);
    gin_cardset open = in_sets & ai_runs_of(knocker);
    int left;
    if (!open) {
        left = laid_off(knocker, in_sets, def, dead, dd);
    } else {
        unsigned open_ranks = (unsigned)((open | open >> 16 | open >> 32 | open >> 48) & AI_LANE);
        left = laid_off_ties(knocker, kd, in_sets, open_ranks, def, dead, dd);
        if (left < 0) {
            gin_showdown sd;
            if (gin_showdown_settle(r, knocker, def, -1, &sd) != GIN_OK)
                return 0;
            return sd.winner == GIN_KNOCKER ? sd.points : -sd.points;
        }
    }
    return kd < left ? left - kd : -(kd - left + r->undercut_bonus);
}

/* Score a knock by seat k holding `knocker` (10 cards, or 11 for big
 * gin) with deadwood kd (< 0: not known yet), from seat k's side. */
static int settle(ai_world *w, int k, gin_cardset knocker, int kd)
{
    ai_ro_seat *d = &w->seat[1 - k];
    if (kd < 0) {
        gin_cardset dead;
        kd = ai_unmatched(knocker, &dead);
    }
    int to_knocker = ai_knock_points(w->rules, knocker, kd, d->hand, d->dw, d->dead);
    return k == 0 ? to_knocker : -to_knocker;
}

static int voids_after_discard(const ai_world *w) { return w->stock_n <= w->void_at; }

/* The four lanes' ranks 9 to 12 (ten to king): the cards worth 10. */
#define TENS UINT64_C(0x1e001e001e001e00)
/* k_top[r]: the cards worth as much as rank r (a table: whether the top
 * rank is a court card is a coin flip to a predictor). */
static const gin_cardset k_top[GIN_RANKS] = {AI_RANK0,      AI_RANK0 << 1, AI_RANK0 << 2, AI_RANK0 << 3, AI_RANK0 << 4,
                                             AI_RANK0 << 5, AI_RANK0 << 6, AI_RANK0 << 7, AI_RANK0 << 8, TENS,
                                             TENS,          TENS,          TENS};

/* The card of cand whose discard leaves the least deadwood (ties: the
 * higher card, then the first), for a knock; GIN_NO_CARD when cand is
 * empty. When p keeps its arrangement that is the first of cand's highest
 * value: found on the bits, no card priced. */
static AI_HOT_INLINE gin_card knock_card(const priced *p, gin_cardset cand, int keeps)
{
    if (!cand)
        return GIN_NO_CARD;
    if (keeps)
        return gin_cardset_first(cand & k_top[top_rank(cand)]);
    int kdw = NO_DW;
    gin_card kc = GIN_NO_CARD;
    for (gin_cardset q = cand; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        if (p->after[c] < kdw || (p->after[c] == kdw && gin_card_value(c) > gin_card_value(kc))) {
            kdw = p->after[c];
            kc = c;
        }
    }
    return kc;
}

/* A discard's score and tie-breaks in one int, smaller better: the
 * score, then the higher value, then the lower card. Kept as a running
 * minimum without branches (which discard is best is a coin flip to a
 * predictor). The tie-breaks of card c are k_key[c], one load. */
enum { KEY_SCORE = 10 };
#define KEY_OF(c) ((10 - VALUE_OF(c)) << 6 | (c))
#define KEY2(c) KEY_OF(c), KEY_OF((c) + 1)
#define KEY4(c) KEY2(c), KEY2((c) + 2)
#define KEY8(c) KEY4(c), KEY4((c) + 4)
#define KEY16(c) KEY8(c), KEY8((c) + 8)
static const uint16_t k_key[64] = {KEY16(0), KEY16(16), KEY16(32), KEY16(48)};
static inline int discard_key(int score, gin_card c) { return score << KEY_SCORE | k_key[c]; }

/* The better of best and card c left at deadwood a: c's outs are counted
 * only when its deadwood alone is within best (outs only add). */
static inline int discard_better(int best, int a, gin_card c, gin_cardset h, gin_cardset avail)
{
    int sc = OUT_W * a;
    if (sc > best >> KEY_SCORE)
        return best;
    if (a > 0)
        sc += out_score(h, c, avail);
    int key = discard_key(sc, c);
    return key < best ? key : best;
}

/* choose_discard when all eleven meld (p->after priced): every card of
 * cand scored, the bound on the deadwood alone. */
static gin_card choose_priced(const priced *p, gin_cardset cand, gin_cardset h, gin_cardset avail, gin_card kc)
{
    int ak = p->after[kc], best = discard_key(OUT_W * ak + (ak > 0 ? out_score(h, kc, avail) : 0), kc);
    for (gin_cardset q = cand & ~card_bit(kc); q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        best = discard_better(best, p->after[c], c, h, avail);
    }
    return best & 63;
}

/* The discard among cand: least OUT_W * deadwood plus OUT_K per live card
 * that would meld it (ties: the higher card, then the first). kc, the
 * least-deadwood card, is scored first and bounds the rest, so only cards
 * whose deadwood alone stays within the best so far need their outs
 * counted (and, with the arrangement kept, only cards worth enough are
 * looked at). vk is kc's value when p keeps its arrangement. */
static AI_HOT_INLINE gin_card choose_discard(const priced *p, gin_cardset cand, gin_cardset gone, gin_card kc, int vk,
                                             int keeps)
{
    gin_cardset h = p->h11, avail = GIN_DECK & ~h & ~gone;
    if (!keeps)
        return choose_priced(p, cand, h, avail, kc);
    /* A card's deadwood is dw11 less its value. */
    int dw11 = p->dw11, ak = dw11 - vk, o = ak > 0 ? out_score(h, kc, avail) : 0;
    int best = discard_key(OUT_W * ak + o, kc);
    /* Only a card c worth v with OUT_W * (vk - v) + its outs < o can
     * beat kc: kc is worth the most and is the first of its value (the
     * tie-breaks favour it against an equal score), so c needs
     * OUT_W * (vk - v) < o, v > vk - o / OUT_W (rounded up). The others
     * are not looked at; with o = 0 none is. Whether any is (half the
     * discards: a coin flip to a predictor) is settled first by the
     * highest value v2 of the rest, o > OUT_W * (vk - v2), so that the
     * branch waits on o alone and not on the bound's division and load:
     * 3% to 5% more playouts a second for 5% more instructions. */
    gin_cardset rest = cand & ~card_bit(kc);
    if (o <= OUT_W * (vk - rank_value(top_rank(rest | 1)))) /* rest | 1: an ace when empty */
        return kc;
    int vmin = vk - (o + OUT_W - 1) / OUT_W + 1;
    for (gin_cardset q = rest & k_worth[vmin > 0 ? vmin : 0]; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        best = discard_better(best, dw11 - card_value(c), c, h, avail);
    }
    return best & 63;
}

/* The knock rule (a seat with `st` knocks with deadwood dw when dw <= the
 * rules' limit and: dw is 0, or dw <= st->late, or before st->early
 * turns, or the last discard; and a wary seat only with dw 0 or under
 * the other's deadwood other_dw) as one bar on dw, worked out from what
 * is known before dw: the knock then waits on one branch, and on dw
 * alone. About 2% more playouts a second for 5% more instructions. The
 * early-or-last choice is a mask: gcc made a ?: of it a branch. */
static inline int knock_bar(const ai_ro_style *st, int limit, int turns, int last, int other_dw)
{
    int late = st->late > 0 ? st->late : 0, any = (turns < st->early) | last;
    int lb = late < limit ? late : limit, bar = lb + ((limit - lb) & -any);
    if (st->wary) { /* rare: the coach's strong opponent */
        int under = other_dw > 1 ? other_dw - 1 : 0;
        bar = under < bar ? under : bar;
    }
    return bar;
}

int ai_ro_knock_bar(const ai_ro_style *st, int limit, int turns, int last, int other_dw)
{
    return knock_bar(st, limit, turns, last, other_dw);
}

/* Seat k holds p->h11 (x taken from the pile when `taken`: it may not be
 * thrown). Discards or knocks. Returns 1 with the result in *val if the
 * hand ended. Forced inline, as play_turn: gcc -O2 kept both as calls,
 * each saving six registers once a turn; inlining them saved 7% of the
 * playout's instructions (callgrind). */
static AI_HOT_INLINE int discard_keeps(ai_world *w, int k, priced *p, int taken, int *val, int keeps)
{
    ai_ro_seat *s = &w->seat[k];
    gin_cardset h11 = p->h11, cand = p->cand;
    if (taken)
        cand &= ~card_bit(p->x);
    gin_card kc = knock_card(p, cand, keeps);
    if (kc == GIN_NO_CARD) {
        *val = 0;
        return 1;
    }
    /* kc's value from its rank, not its card: the knock and the discard
     * wait on it. */
    int vk = keeps ? rank_value(top_rank(cand)) : 0, dw = keeps ? p->dw11 - vk : p->after[kc];
    if (w->big_gin && !taken && p->dw11 == 0) {
        s->hand = h11;
        *val = settle(w, k, h11, 0);
        return 1;
    }
    const ai_ro_style *st = w->style[k];
    int last = voids_after_discard(w);
    int bar = knock_bar(st, w->limit, w->turns, last, w->seat[1 - k].dw);
    if (dw <= bar) {
        s->hand = h11 & ~card_bit(kc);
        *val = settle(w, k, s->hand, dw);
        return 1;
    }
    gin_card c = choose_discard(p, cand, w->gone, kc, vk, keeps);
    seat_throw_keeps(s, p, c, keeps);
    w->top = c;
    w->gone |= card_bit(c);
    w->turns++;
    if (last) {
        *val = 0;
        return 1;
    }
    return 0;
}

/* discard_keeps, told whether p keeps its arrangement once, as a
 * constant: the knock card, the deadwood left, the discard and the throw
 * each asked p->keeps again. */
static AI_HOT_INLINE int discard_step(ai_world *w, int k, priced *p, int taken, int *val)
{
    if (taken && !(p->cand & ~card_bit(p->x)))
        price_all(p); /* the taken card is the only unmatched one */
    if (p->keeps)
        return discard_keeps(w, k, p, taken, val, 1);
    return discard_keeps(w, k, p, taken, val, 0);
}

void ai_world_shuffle(ai_world *w, int i)
{
    gin_rng rng = w->rng; /* in registers for the loop, as a local */
    ai_stock_steps(&rng, w->stock, w->shuffled, i > 1 ? i : 1);
    w->rng = rng;
    w->shuffled = i > 1 ? i : 0; /* the step at place 1 settles place 0 too */
}

/* The stock's top card, drawn, when the sampler left it unshuffled: it
 * and a few places more are shuffled first (the steps are the same
 * whenever they are taken). Not inline: the call at every draw cost more
 * saved registers than the shuffle saved. */
static __attribute__((noinline)) gin_card stock_deep(ai_world *w)
{
    int i = --w->stock_n;
    ai_world_shuffle(w, i > STOCK_CHUNK ? i - STOCK_CHUNK : 0);
    return w->stock[i];
}

/* The stock's top card, drawn (the stock not empty). */
static inline gin_card stock_draw(ai_world *w)
{
    return w->stock_n > w->shuffled ? w->stock[--w->stock_n] : stock_deep(w);
}

/* wants_top for a u that is live or could replace an unmatched card:
 * price the eleven and see. Inline in the play loop (AI_HOT_INLINE); as a
 * call of its own it cost 14 M instructions more (callgrind). */
static AI_HOT_INLINE int wants_priced(ai_ro_seat *s, gin_card u, int live, priced *p)
{
    price_live(s, u, live, p);
    gin_cardset others = p->cand & ~card_bit(u);
    if (p->keeps) {
        /* Throwing c leaves dw11 less its value: below dw when c is worth
         * more than dw11 - dw, on the bits. */
        int v = p->dw11 - s->dw + 1;
        return (others & k_worth[v < 0 ? 0 : v > 11 ? 11 : v]) != 0;
    }
    for (gin_cardset q = others; q; q &= q - 1)
        if (p->after[gin_cardset_first(q)] < s->dw)
            return 1;
    return 0;
}

/* Would seat k take the face-up card u? When throwing another card then
 * leaves less deadwood than now; *p is the pricing for the discard. A
 * dead u lowers the deadwood only in place of an unmatched card worth
 * more: most face-up cards are refused on that, without pricing the
 * eleven (also with no unmatched card: u would be the eleven's only one,
 * leaving nothing to throw in its place). */
static inline int wants_top(ai_ro_seat *s, gin_card u, priced *p)
{
    int live = card_live(s->hand, u);
    if (!live && !(s->dead & k_worth[card_value(u) + 1]))
        return 0;
    return wants_priced(s, u, live, p);
}

/* The stock is empty at a draw: under the reshuffle rule every card in
 * neither hand nor face up (the pile below its top) is the new stock, to
 * be shuffled as it is drawn, and those cards are in play again. Returns
 * 0 when the hand is void instead: the void rule, the turn limit, or no
 * pile to make a stock from (gin_after_discard). Not inline: it is rare. */
static __attribute__((noinline)) int stock_renew(ai_world *w)
{
    if (!w->reshuffle || w->turns >= GIN_HAND_MAX_TURNS)
        return 0;
    gin_cardset held = w->seat[0].hand | w->seat[1].hand, top = gin_cardset_of(w->top);
    int n = 0;
    for (gin_cardset q = GIN_DECK & ~held & ~top; q; q &= q - 1)
        w->stock[n++] = (int8_t)gin_cardset_first(q);
    w->stock_n = n;
    w->shuffled = n;
    w->gone = (w->gone & held) | top;
    return n > 0;
}

/* Seat k draws (taking the face-up card when it lowers its deadwood), then
 * discards. Returns 1 with the result in *val if the hand ended. The
 * face-up card is a card: every turn follows a discard. */
static AI_HOT_INLINE int play_turn(ai_world *w, int k, int *val)
{
    priced p;
    int taken = wants_top(&w->seat[k], w->top, &p);
    if (taken) {
        w->top = GIN_NO_CARD;
    } else {
        if (w->stock_n <= 0 && !stock_renew(w)) {
            *val = 0;
            return 1;
        }
        /* A dead draw (most) keeps the arrangement: the discard is told so
         * without asking. */
        gin_card x = stock_draw(w);
        int live = card_live(w->seat[k].hand, x);
        price_live(&w->seat[k], x, live, &p);
        if (!live)
            return discard_keeps(w, k, &p, 0, val, 1);
    }
    return discard_step(w, k, &p, taken, val);
}

/* Play on from seat k to move (at its draw), just after a discard, until
 * the hand ends. */
static int play_on(ai_world *w, int k)
{
    int val = 0;
    for (int guard = 0; guard < 200; guard++) {
        if (play_turn(w, k, &val))
            return val;
        k = 1 - k;
    }
    return 0;
}

void ai_world_rules(ai_world *w, const gin_rules *r, int limit)
{
    w->rules = r;
    w->limit = limit;
    /* Worked out once: the playout asks after every discard. Under the
     * reshuffle rule no discard voids the hand (the stock is made anew). */
    w->reshuffle = r->stock_low == GIN_STOCK_RESHUFFLE;
    w->void_at = w->reshuffle ? -1 : r->stock_void_at;
    w->big_gin = r->big_gin_bonus > 0;
}

void ai_world_seat(ai_world *w, int k, gin_cardset hand)
{
    w->seat[k].hand = hand;
    w->seat[k].fresh = 0;
    if (gin_cardset_count(hand) <= 10)
        seat_fix(&w->seat[k]);
}

gin_card ai_ro_keep(ai_ro_seat *s, gin_cardset throwable, gin_card x)
{
    if (s->fresh && !card_live(s->hand, x)) {
        /* A dead x (most draws), as price_live and seat_throw would have
         * it, without building the pricing: x is among the cards weighed. */
        gin_cardset q = (s->dead | card_bit(x)) & (throwable | card_bit(x));
        gin_card best = gin_cardset_first(q & k_top[top_rank(q)]);
        s->hand = (s->hand | card_bit(x)) & ~card_bit(best);
        s->dw += card_value(x) - card_value(best);
        s->dead = (s->dead | card_bit(x)) & ~card_bit(best);
        return best;
    }
    priced p;
    if (!s->fresh)
        seat_fix(s);
    price(s, x, &p);
    throwable |= gin_cardset_of(x);
    if (!(p.cand & throwable))
        price_all(&p);
    gin_card best = GIN_NO_CARD;
    if (p.keeps) {
        /* The least deadwood left is the most value thrown, ties to the
         * first card: on the bits, as knock_card. */
        gin_cardset q = p.cand & throwable;
        best = gin_cardset_first(q & k_top[top_rank(q)]);
        seat_throw(s, &p, best);
        return best;
    }
    for (gin_cardset q = p.cand & throwable; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        if (best == GIN_NO_CARD || after_at(&p, c) < after_at(&p, best) ||
            (after_at(&p, c) == after_at(&p, best) && gin_card_value(c) > gin_card_value(best)))
            best = c;
    }
    if (best == GIN_NO_CARD) /* cannot happen: x itself is throwable */
        best = x;
    seat_throw(s, &p, best);
    return best;
}

gin_card ai_ro_discard(const ai_ro_seat *s, gin_card x, gin_cardset gone)
{
    ai_ro_seat t = *s;
    if (!t.fresh)
        seat_fix(&t);
    priced p;
    price(&t, x, &p);
    gin_card kc = knock_card(&p, p.cand, p.keeps);
    if (kc == GIN_NO_CARD)
        return GIN_NO_CARD;
    if (p.keeps)
        return choose_discard(&p, p.cand, gone, kc, rank_value(top_rank(p.cand)), 1);
    return choose_discard(&p, p.cand, gone, kc, 0, 0);
}

void ai_world_ours(const ai_world *w, gin_action a, ai_ro_seat *ours)
{
    ours->hand = w->seat[0].hand;
    ours->fresh = 0;
    if (a.kind == GIN_ACT_DISCARD) {
        ours->hand &= ~gin_cardset_of(a.card);
        seat_fix(ours);
    }
}

/* Our seat holds eleven cards and plays candidate `a`: a knock is settled
 * at once; a discard leaves ten cards (*ours when it is fresh) and the
 * opponent to move. */
static int our_discard(ai_world *w, gin_action a, const ai_ro_seat *ours)
{
    ai_ro_seat *s = &w->seat[0];
    gin_cardset h11 = s->hand;
    if (a.kind == GIN_ACT_KNOCK)
        return settle(w, 0, a.card == GIN_NO_CARD ? h11 : h11 & ~gin_cardset_of(a.card), -1);
    if (!gin_card_valid(a.card)) /* a made-up discard of no card: nothing to play */
        return 0;
    if (ours && ours->fresh) {
        *s = *ours;
    } else {
        s->hand = h11 & ~gin_cardset_of(a.card);
        seat_fix(s);
    }
    w->top = a.card;
    w->gone |= gin_cardset_of(a.card);
    w->turns++;
    if (voids_after_discard(w))
        return 0;
    return play_on(w, 1);
}

/* Play our seat's draw from the stock, then on. */
static int draw_stock_then_on(ai_world *w, int k)
{
    int val = 0;
    if (w->stock_n <= 0 && !stock_renew(w))
        return 0;
    priced p;
    price(&w->seat[k], stock_draw(w), &p);
    if (discard_step(w, k, &p, 0, &val))
        return val;
    return play_on(w, 1 - k);
}

int ai_world_play(const ai_world *world, const gin_view *v, gin_action a)
{
    return ai_world_play_ours(world, v, a, NULL);
}

int ai_world_play_ours(const ai_world *world, const gin_view *v, gin_action a, const ai_ro_seat *ours)
{
    ai_world w = *world;
    int val = 0;
    /* The seats in play are fresh from here on (seat_throw keeps them so);
     * the sampler's always are, and ours holding eleven is fixed by its
     * discard. */
    for (int k = 0; k < 2; k++)
        if (!w.seat[k].fresh && gin_cardset_count(w.seat[k].hand) <= 10)
            seat_fix(&w.seat[k]);
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD: {
        if (!gin_card_valid(w.top)) /* a view with no face-up card (a made-up one): nothing to play */
            return 0;
        priced p;
        price(&w.seat[0], w.top, &p);
        w.top = GIN_NO_CARD;
        if (discard_step(&w, 0, &p, 1, &val))
            return val;
        return play_on(&w, 1);
    }
    case GIN_ACT_PASS:
        if (v->dealer != v->seat) {
            /* We were offered first: the dealer may take it; else we draw. */
            priced p;
            if (gin_card_valid(w.top) && wants_top(&w.seat[1], w.top, &p)) {
                w.top = GIN_NO_CARD;
                if (discard_step(&w, 1, &p, 1, &val))
                    return val;
                return play_on(&w, 0);
            }
            return draw_stock_then_on(&w, 0);
        }
        /* We are the dealer: the non-dealer now draws from the stock. */
        return draw_stock_then_on(&w, 1);
    case GIN_ACT_DRAW_STOCK:
        return draw_stock_then_on(&w, 0);
    case GIN_ACT_DISCARD:
    case GIN_ACT_KNOCK:
        return our_discard(&w, a, ours);
    default:
        return 0;
    }
}
