/* Tests for gin/meld.h: fixed hands for each rule, then a property test
 * against a deliberately naive solver written here from scratch (it tries
 * every subset of the hand as a meld and every disjoint collection of those
 * melds), sharing no code with src/core. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/rng.h"
#include "gin/game.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "meld_internal.h"
#include "support/support.h"

/* ---- local helpers (independent of card.c) ---- */

static int bit_of(int rank, int suit) { return suit * 16 + rank; }

/* "AS TD 5H" -> card set; test-only, fails the test on bad text. */
static gin_cardset H(const char *text)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "SHDC";
    gin_cardset s = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        const char *r = strchr(ranks, p[0]);
        const char *u = p[1] ? strchr(suits, p[1]) : NULL;
        assert_non_null(r);
        assert_non_null(u);
        int b = bit_of((int)(r - ranks), (int)(u - suits));
        assert_false((s >> b) & 1);
        s |= UINT64_C(1) << b;
        p += 2;
    }
    return s;
}

static int C(const char *text) { return __builtin_ctzll(H(text)); }

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = gin_rng_mix(*x);
    *x += GIN_RNG_GOLDEN;
    return z;
}

/* ---- the naive solver ---- */

enum { MAXC = 64, MAXM = 4096, MAXA = 4096 };

static int naive_value(int rank) { return rank + 1 > 10 ? 10 : rank + 1; }

/* Is this list of cards a meld? Checked the long way: same rank and 3-4
 * cards, or same suit and, once sorted, each rank one above the last. */
static int naive_is_meld(const int *cards, int n)
{
    if (n < 3)
        return 0;
    int same_rank = 1, same_suit = 1;
    for (int i = 1; i < n; i++) {
        if (cards[i] % 16 != cards[0] % 16)
            same_rank = 0;
        if (cards[i] / 16 != cards[0] / 16)
            same_suit = 0;
    }
    if (same_rank)
        return n <= 4;
    if (!same_suit)
        return 0;
    int r[16];
    for (int i = 0; i < n; i++)
        r[i] = cards[i] % 16;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (r[j] < r[i]) {
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
    for (int i = 1; i < n; i++)
        if (r[i] != r[i - 1] + 1)
            return 0;
    return 1;
}

struct naive {
    int n, cards[MAXC];
    int nm;
    uint64_t melds[MAXM];
    /* search state */
    uint64_t excluded; /* cards that may not be used (a discard) */
    int best;
    int chosen[32], nchosen;
    int na;                 /* least arrangements found, canonical */
    uint64_t arr[MAXA][20]; /* sorted meld masks, 0-terminated */
    int collect;
};

static void naive_init(struct naive *z, gin_cardset hand)
{
    z->n = 0;
    for (int b = 0; b < 64; b++)
        if ((hand >> b) & 1)
            z->cards[z->n++] = b;
    z->nm = 0;
    assert_true(z->n <= 20);
    for (uint32_t sub = 1; sub < (UINT32_C(1) << z->n); sub++) {
        int list[MAXC], k = 0;
        uint64_t mask = 0;
        for (int i = 0; i < z->n; i++)
            if ((sub >> i) & 1) {
                list[k++] = z->cards[i];
                mask |= UINT64_C(1) << z->cards[i];
            }
        if (naive_is_meld(list, k)) {
            assert_true(z->nm < MAXM);
            z->melds[z->nm++] = mask;
        }
    }
}

static int naive_deadwood_of(const struct naive *z, uint64_t used)
{
    int dw = 0;
    for (int i = 0; i < z->n; i++) {
        int c = z->cards[i];
        if (!((used >> c) & 1) && !((z->excluded >> c) & 1))
            dw += naive_value(c % 16);
    }
    return dw;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Canonical form: merge the runs of each suit that touch into one, then
 * sort the melds. */
static void naive_canon(const struct naive *z, uint64_t out[20])
{
    uint64_t run_cards = 0;
    int k = 0;
    for (int i = 0; i < z->nchosen; i++) {
        uint64_t m = z->melds[z->chosen[i]];
        int a = __builtin_ctzll(m), b = 63 - __builtin_clzll(m);
        if (a / 16 == b / 16 && m != (UINT64_C(1) << a)) {
            /* all in one suit: a run (a set has one card per suit) */
            run_cards |= m;
        } else {
            out[k++] = m;
        }
    }
    for (int c = 0; c < 64; c++) {
        if (!((run_cards >> c) & 1))
            continue;
        uint64_t block = 0;
        while (c < 64 && ((run_cards >> c) & 1) && (block == 0 || c % 16 != 0))
            block |= UINT64_C(1) << c++;
        out[k++] = block;
    }
    qsort(out, (size_t)k, sizeof out[0], cmp_u64);
    out[k] = 0;
}

static void naive_rec(struct naive *z, int i, uint64_t used)
{
    if (i == z->nm) {
        int dw = naive_deadwood_of(z, used);
        if (dw > z->best)
            return;
        if (dw < z->best) {
            z->best = dw;
            z->na = 0;
        }
        if (!z->collect)
            return;
        uint64_t canon[20];
        naive_canon(z, canon);
        for (int a = 0; a < z->na; a++) {
            int same = 1;
            for (int j = 0; j < 20; j++) {
                if (z->arr[a][j] != canon[j]) {
                    same = 0;
                    break;
                }
                if (!canon[j])
                    break;
            }
            if (same)
                return;
        }
        assert_true(z->na < MAXA);
        memcpy(z->arr[z->na++], canon, sizeof canon);
        return;
    }
    naive_rec(z, i + 1, used);
    uint64_t m = z->melds[i];
    if (!(m & used) && !(m & z->excluded)) {
        z->chosen[z->nchosen++] = i;
        naive_rec(z, i + 1, used | m);
        z->nchosen--;
    }
}

/* Least deadwood of the hand less `excluded`; with collect, also every
 * distinct least arrangement in z->arr. */
static int naive_solve(struct naive *z, uint64_t excluded, int collect)
{
    z->excluded = excluded;
    z->best = 1 << 30;
    z->nchosen = 0;
    z->na = 0;
    z->collect = collect;
    naive_rec(z, 0, 0);
    return z->best;
}

/* ---- fixed cases ---- */

static void test_ace_low_runs(void **state)
{
    (void)state;
    assert_int_equal(gin_deadwood(H("AS 2S 3S")), 0);
    assert_int_equal(gin_deadwood(H("AH 2H 3H 4H")), 0);
    assert_int_equal(gin_deadwood(H("QS KS AS")), 21);
    assert_int_equal(gin_deadwood(H("KS AS 2S")), 13);
    assert_int_equal(gin_deadwood(H("JC QC KC")), 0);
    assert_int_equal(gin_deadwood(H("AS 2S 3H")), 6);
}

static void test_meld_valid(void **state)
{
    (void)state;
    assert_true(gin_meld_valid(H("AS 2S 3S")));
    assert_true(gin_meld_valid(H("TD JD QD KD")));
    assert_true(gin_meld_valid(H("7S 7H 7D")));
    assert_true(gin_meld_valid(H("7S 7H 7D 7C")));
    assert_true(gin_meld_valid(H("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")));
    assert_false(gin_meld_valid(H("QS KS AS")));
    assert_false(gin_meld_valid(H("KS AS 2S")));
    assert_false(gin_meld_valid(H("AS 2S")));
    assert_false(gin_meld_valid(H("7S 7H")));
    assert_false(gin_meld_valid(H("4S 5S 7S")));
    assert_false(gin_meld_valid(H("4S 5S 6H")));
    assert_false(gin_meld_valid(H("7S 7H 8H")));
    /* K of spades and A of hearts are adjacent bits only through the gap. */
    assert_false(gin_meld_valid(H("QS KS AH")));
    assert_false(gin_meld_valid(0));
    assert_false(gin_meld_valid(UINT64_C(7) << 13));
    assert_false(gin_meld_valid(H("AS 2S 3S") | (UINT64_C(1) << 63)));
    assert_true(gin_meld_is_set(H("9H 9D 9C")));
    assert_false(gin_meld_is_set(H("9H TH JH")));
    assert_false(gin_meld_is_set(H("9H 9D")));
}

static void test_sets(void **state)
{
    (void)state;
    gin_arrangement a;
    assert_int_equal(gin_deadwood(H("7S 7H 7D")), 0);
    assert_int_equal(gin_deadwood(H("7S 7H 7D 7C")), 0);
    assert_int_equal(gin_deadwood(H("7S 7H 7D 7C KS")), 10);
    assert_int_equal(gin_arrange(H("7S 7H 7D 7C 2S"), &a), GIN_OK);
    assert_int_equal(a.n_melds, 1);
    assert_true(a.melds[0] == H("7S 7H 7D 7C"));
    assert_true(a.unmatched == H("2S"));
    assert_int_equal(a.deadwood, 2);
}

static void test_split_four_of_a_kind(void **state)
{
    (void)state;
    gin_arrangement a;
    /* Three 7s as a set, the fourth in 5-6-7 of spades. */
    gin_cardset h = H("7S 7H 7D 7C 5S 6S");
    assert_int_equal(gin_deadwood(h), 0);
    assert_int_equal(gin_arrange(h, &a), GIN_OK);
    assert_int_equal(a.n_melds, 2);
    assert_true(a.melds[0] == H("5S 6S 7S")); /* display order: lowest card first */
    assert_true(a.melds[1] == H("7H 7D 7C"));
    assert_true(a.unmatched == 0);
    assert_int_equal(gin_arrange_all(h, NULL, 0), 1);
    /* Same with the 7 of clubs needed for a run at the top. */
    assert_int_equal(gin_deadwood(H("7S 7H 7D 7C 8C 9C TC 2H")), 2);
}

static void test_many_equal_arrangements(void **state)
{
    (void)state;
    gin_arrangement a[16];
    /* Either spade or heart 7 can join its 5-6; deadwood 11 both ways. */
    gin_cardset h = H("7S 7H 7D 7C 5S 6S 5H 6H");
    assert_int_equal(gin_deadwood(h), 11);
    assert_int_equal(gin_arrange_all(h, a, 16), 2);
    assert_int_equal(a[0].deadwood, 11);
    assert_int_equal(a[1].deadwood, 11);
    assert_true(a[0].unmatched != a[1].unmatched);
    /* A 3x3 grid: three runs or three sets. */
    h = H("4S 5S 6S 4H 5H 6H 4D 5D 6D");
    assert_int_equal(gin_arrange_all(h, a, 16), 2);
    /* A 3x4 grid: four runs, three four-sets, or three three-sets plus
     * the run of the suit they leave out (four ways). */
    h = H("4S 5S 6S 4H 5H 6H 4D 5D 6D 4C 5C 6C");
    assert_int_equal(gin_arrange_all(h, a, 16), 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(a[i].deadwood, 0);
    /* cap smaller than the total: returns the total, writes cap. */
    a[1].deadwood = 99;
    assert_int_equal(gin_arrange_all(h, a, 1), 6);
    assert_int_equal(a[1].deadwood, 99);
    /* A run split into touching runs is the same arrangement. */
    assert_int_equal(gin_arrange_all(H("AS 2S 3S 4S 5S 6S"), a, 16), 1);
    assert_int_equal(a[0].n_melds, 1);
    /* Equal deadwood from different cards: JS or QH left over. */
    assert_int_equal(gin_arrange_all(H("JS JH JD QH QD QC"), a, 16), 1);
}

static void test_gin_hands(void **state)
{
    (void)state;
    gin_arrangement a;
    gin_cardset ten = H("AS 2S 3S 4S 9H 9D 9C KD KH KC");
    assert_int_equal(gin_deadwood(ten), 0);
    assert_int_equal(gin_arrange(ten, &a), GIN_OK);
    assert_int_equal(a.n_melds, 3);
    assert_true(a.unmatched == 0);
    gin_cardset eleven = H("AS 2S 3S 4S 9H 9D 9C 9S KD KH KC");
    assert_int_equal(gin_deadwood(eleven), 0);
    int after[64];
    /* 11 cards all melded: a discard from the four-run or the four-set keeps gin. */
    assert_int_equal(gin_discard_deadwoods(eleven, after), 0);
    assert_int_equal(after[C("4S")], 0);
    assert_int_equal(after[C("9S")], 0);
    assert_int_equal(after[C("KD")], 20);
    assert_int_equal(after[C("2S")], 8);
    assert_int_equal(after[C("5S")], -1);
    gin_card d;
    int dw;
    assert_int_equal(gin_best_discard(eleven, &d, &dw), GIN_OK);
    assert_int_equal(dw, 0);
    assert_int_equal(d, C("9S")); /* 9 beats 4 and ace on value */
}

static void test_empty_and_bad(void **state)
{
    (void)state;
    gin_arrangement a;
    int after[64];
    gin_card d;
    int dw;
    gin_cardset melds[4];
    assert_int_equal(gin_deadwood(0), 0);
    assert_int_equal(gin_arrange(0, &a), GIN_OK);
    assert_int_equal(a.n_melds, 0);
    assert_int_equal(a.deadwood, 0);
    assert_int_equal(gin_arrange_all(0, &a, 1), 1);
    assert_int_equal(gin_melds_in(0, melds, 4), 0);
    assert_int_equal(gin_discard_deadwoods(0, after), GIN_EINVAL);
    assert_int_equal(gin_best_discard(0, &d, &dw), GIN_EINVAL);
    gin_cardset bads[] = {UINT64_C(1) << 13, UINT64_C(1) << 63, H("AS") | UINT64_C(1) << 31};
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(gin_deadwood(bads[i]), GIN_EINVAL);
        assert_int_equal(gin_arrange(bads[i], &a), GIN_EINVAL);
        assert_int_equal(gin_arrange_all(bads[i], &a, 1), GIN_EINVAL);
        assert_int_equal(gin_melds_in(bads[i], melds, 4), GIN_EINVAL);
        assert_int_equal(gin_discard_deadwoods(bads[i], after), GIN_EINVAL);
        assert_int_equal(gin_best_discard(bads[i], &d, &dw), GIN_EINVAL);
    }
    assert_int_equal(gin_arrange(H("AS"), NULL), GIN_EINVAL);
    assert_int_equal(gin_arrange_all(H("AS"), NULL, 1), GIN_EINVAL);
    assert_int_equal(gin_melds_in(H("AS"), NULL, 1), GIN_EINVAL);
    assert_int_equal(gin_discard_deadwoods(H("AS"), NULL), GIN_EINVAL);
    assert_int_equal(gin_best_discard(H("AS"), NULL, &dw), GIN_EINVAL);
    assert_int_equal(gin_best_discard(H("AS"), &d, NULL), GIN_EINVAL);
}

static void test_best_discard_ties(void **state)
{
    (void)state;
    gin_card d;
    int dw;
    /* JS and QH tie on value: the higher rank goes. */
    assert_int_equal(gin_best_discard(H("AS 2S 3S 4H 5H 6H 7D 7C 7S JS QH"), &d, &dw), GIN_OK);
    assert_int_equal(d, C("QH"));
    assert_int_equal(dw, 10);
    /* KH and KS tie on value and rank: the lower suit index (spades) goes. */
    assert_int_equal(gin_best_discard(H("AS 2S 3S 4H 5H 6H 7D 7C 7S KH KS"), &d, &dw), GIN_OK);
    assert_int_equal(d, C("KS"));
    assert_int_equal(dw, 10);
    /* All eleven in one run: either end keeps gin; the higher rank goes. */
    assert_int_equal(gin_best_discard(H("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"), &d, &dw), GIN_OK);
    assert_int_equal(d, C("JS"));
    assert_int_equal(dw, 0);
    /* Value first: discarding the 9 (rank 8) leaves 5; the 5 leaves 9. */
    assert_int_equal(gin_best_discard(H("5D 9C"), &d, &dw), GIN_OK);
    assert_int_equal(d, C("9C"));
    assert_int_equal(dw, 5);
    /* One card: discarding it leaves nothing. */
    assert_int_equal(gin_best_discard(H("KC"), &d, &dw), GIN_OK);
    assert_int_equal(d, C("KC"));
    assert_int_equal(dw, 0);
}

static void test_melds_in(void **state)
{
    (void)state;
    gin_cardset out[400];
    assert_int_equal(gin_melds_in(GIN_DECK, out, 400), 329);
    for (int i = 0; i < 329; i++)
        assert_true(gin_meld_valid(out[i]));
    for (int i = 0; i < 329; i++)
        for (int j = i + 1; j < 329; j++)
            assert_true(out[i] != out[j]);
    assert_int_equal(gin_melds_in(H("7S 7H 7D 7C"), out, 400), 5);
    assert_int_equal(gin_melds_in(H("7S 7H 7D"), out, 400), 1);
    assert_int_equal(gin_melds_in(H("AS 2S 3S 4S 5S"), out, 400), 6);
    assert_int_equal(gin_melds_in(H("QS KS AS 2S"), out, 400), 0);
    /* Cap: only two written, all counted. */
    out[2] = 12345;
    assert_int_equal(gin_melds_in(H("AS 2S 3S 4S 5S"), out, 2), 6);
    assert_true(out[2] == 12345);
    assert_int_equal(gin_melds_in(H("AS 2S 3S 4S 5S"), NULL, 0), 6);
}

static void test_big_hands(void **state)
{
    (void)state;
    /* The whole deck melds completely; many ways. */
    assert_int_equal(gin_deadwood(GIN_DECK), 0);
    gin_arrangement a[2];
    int n = gin_arrange_all(GIN_DECK, a, 2);
    assert_true(n > 2);
    assert_int_equal(a[0].deadwood, 0);
    assert_true(a[0].n_melds <= GIN_MAX_MELDS);
    int after[64];
    assert_int_equal(gin_discard_deadwoods(GIN_DECK, after), 0);
}

/* Least deadwood of one suit's ranks (bit r = rank r), runs only, by the
 * textbook recursion: rank i is unmatched, or starts a run i..j. */
static int suit_least(unsigned m, int i)
{
    if (i >= 13)
        return 0;
    if (!((m >> i) & 1))
        return suit_least(m, i + 1);
    int best = naive_value(i) + suit_least(m, i + 1);
    for (int j = i + 2; j < 13 && ((m >> j) & 1) && ((m >> (j - 1)) & 1); j++) {
        int v = suit_least(m, j + 1);
        if (v < best)
            best = v;
    }
    return best;
}

/* Every 13-bit mask of a suit: exhaustive for runs and card values. */
static void test_every_suit_mask(void **state)
{
    (void)state;
    for (unsigned m = 0; m < 8192; m++) {
        int least = suit_least(m, 0);
        int suit = (int)(m % 4);
        gin_cardset h = (gin_cardset)m << (16 * suit);
        assert_int_equal(gin_deadwood(h), least);
        if (!m)
            continue;
        int after[64];
        int best = gin_discard_deadwoods(h, after);
        int want = 1 << 30;
        for (int r = 0; r < 13; r++) {
            if (!((m >> r) & 1))
                continue;
            int v = suit_least(m & ~(1u << r), 0);
            assert_int_equal(after[bit_of(r, suit)], v);
            if (v < want)
                want = v;
        }
        assert_int_equal(best, want);
    }
}

/* ---- property test ---- */

struct emitted {
    int n;
    uint64_t sets[MAXA];
};

static void record(void *ctx, gin_cardset sets)
{
    struct emitted *e = ctx;
    if (e->n < MAXA)
        e->sets[e->n++] = sets;
}

static int card_of_naive(const struct naive *z, int i) { return z->cards[i]; }

static void check_arrangement(gin_cardset hand, const gin_arrangement *a, int least)
{
    assert_int_equal(a->deadwood, least);
    uint64_t seen = 0;
    for (int i = 0; i < a->n_melds; i++) {
        int list[MAXC], k = 0;
        for (int b = 0; b < 64; b++)
            if ((a->melds[i] >> b) & 1)
                list[k++] = b;
        assert_true(naive_is_meld(list, k));
        assert_true((seen & a->melds[i]) == 0);
        seen |= a->melds[i];
        if (i)
            assert_true(__builtin_ctzll(a->melds[i - 1]) < __builtin_ctzll(a->melds[i]));
    }
    for (int i = a->n_melds; i < GIN_MAX_MELDS; i++)
        assert_true(a->melds[i] == 0);
    assert_true((seen & a->unmatched) == 0);
    assert_true((seen | a->unmatched) == hand);
    int v = 0;
    for (int b = 0; b < 64; b++)
        if ((a->unmatched >> b) & 1)
            v += naive_value(b % 16);
    assert_int_equal(v, least);
}

/* ---- every kernel path ---- */

/* Each discard kernel the CPU can run (every path but the portable one is
 * skipped, with a note, on a CPU without it) against the naive answers:
 * want[c] for each card c of the hand, the least of them `least`. */
static void check_discard_paths(gin_cardset hand, const int *want, int least)
{
    for (int path = 0; path < GIN_MELD_PATHS; path++) {
        if (!gin_meld_path_supported(path))
            continue;
        int after[64];
        memset(after, 0x55, sizeof after);
        assert_int_equal(gin_meld_discards_on(path, hand, after), least);
        for (int c = 0; c < 64; c++)
            assert_int_equal(after[c], (hand >> c) & 1 ? want[c] : -1);
    }
}

/* Hands and their naive least deadwood, gathered by a property test and
 * then given to every batch kernel at once (the SIMD paths take 4 or 8
 * hands a step, so only a long list reaches them). */
enum { MAX_BATCH = 16384 };

struct batch {
    size_t n;
    gin_cardset hands[MAX_BATCH];
    int want[MAX_BATCH];
};

static void batch_add(struct batch *b, gin_cardset hand, int want)
{
    if (b->n < MAX_BATCH) {
        b->hands[b->n] = hand;
        b->want[b->n++] = want;
    }
}

/* Every path over the whole list, and over short lists at every offset so
 * each partial step (the tails) is taken; with some bad hands mixed in. */
static void check_batch(struct batch *b)
{
    static int out[MAX_BATCH + 1];
    /* Bits outside the deck, in lanes among good hands. */
    for (size_t i = 5; i + 1 < b->n && i < 200; i += 37) {
        b->hands[i] |= UINT64_C(1) << (13 + 16 * (int)(i % 4));
        b->want[i] = GIN_EINVAL;
    }
    for (int path = 0; path < GIN_MELD_PATHS; path++) {
        if (!gin_meld_path_supported(path)) {
            print_message("(meld path %d not in this build or not run by this CPU: skipped)\n", path);
            continue;
        }
        out[b->n] = 12345;
        gin_meld_batch_on(path, b->hands, b->n, out);
        for (size_t i = 0; i < b->n; i++)
            assert_int_equal(out[i], b->want[i]);
        assert_int_equal(out[b->n], 12345); /* nothing written past the end */
        for (size_t off = 0; off < 9 && off < b->n; off++) {
            for (size_t len = 0; len < 20 && off + len <= b->n; len++) {
                out[len] = 12345;
                gin_meld_batch_on(path, b->hands + off, len, out);
                for (size_t i = 0; i < len; i++)
                    assert_int_equal(out[i], b->want[off + i]);
                assert_int_equal(out[len], 12345);
            }
        }
    }
    assert_int_equal(gin_deadwood_batch(b->hands, b->n, out), GIN_OK);
    for (size_t i = 0; i < b->n; i++)
        assert_int_equal(out[i], b->want[i]);
}

/* Checks every function on `hand` against the naive solver (with `full`,
 * every arrangement too); returns the least deadwood. */
static int check_hand(struct naive *z, gin_cardset hand, int full)
{
    naive_init(z, hand);
    int least = naive_solve(z, 0, full);
    assert_int_equal(gin_deadwood(hand), least);

    gin_arrangement one;
    assert_int_equal(gin_arrange(hand, &one), GIN_OK);
    check_arrangement(hand, &one, least);

    /* gin_melds_in finds exactly the naive melds. */
    static gin_cardset melds[MAXM];
    assert_int_equal(gin_melds_in(hand, melds, MAXM), z->nm);

    /* The enumerator and the dynamic programme agree, in the same order. */
    struct emitted *e = malloc(sizeof *e);
    assert_non_null(e);
    e->n = 0;
    long long count = -1;
    assert_int_equal(gin_meld_dp(hand, MAXA, record, e, &count), least);
    assert_int_equal(count, e->n);

    if (full) {
        static gin_arrangement all[MAXA];
        int n = gin_arrange_all(hand, all, MAXA);
        assert_int_equal(n, z->na);
        assert_int_equal(n, count);
        assert_true(memcmp(&all[0], &one, sizeof one) == 0);
        for (int i = 0; i < n; i++) {
            check_arrangement(hand, &all[i], least);
            /* its canonical meld list is one of the naive ones */
            uint64_t m[20];
            memcpy(m, all[i].melds, sizeof(uint64_t) * (size_t)all[i].n_melds);
            qsort(m, (size_t)all[i].n_melds, sizeof m[0], cmp_u64);
            m[all[i].n_melds] = 0;
            int found = 0;
            for (int j = 0; j < z->na && !found; j++)
                found = memcmp(z->arr[j], m, sizeof(uint64_t) * (size_t)(all[i].n_melds + 1)) == 0;
            assert_true(found);
            for (int j = 0; j < i; j++)
                assert_true(memcmp(&all[i], &all[j], sizeof all[i]) != 0);
            /* same sets, same order as the dynamic programme */
            uint64_t sets = 0;
            for (int j = 0; j < all[i].n_melds; j++)
                if (gin_meld_is_set(all[i].melds[j]))
                    sets |= all[i].melds[j];
            assert_true(sets == e->sets[i]);
        }
    }
    free(e);

    if (!hand)
        return least;
    int after[64], want[64];
    int best = 1 << 30, best_card = -1;
    int got = gin_discard_deadwoods(hand, after);
    for (int c = 0; c < 64; c++)
        if (!((hand >> c) & 1))
            assert_int_equal(after[c], -1);
    for (int i = 0; i < z->n; i++) {
        int c = card_of_naive(z, i);
        int v = naive_solve(z, UINT64_C(1) << c, 0);
        want[c] = v;
        assert_int_equal(after[c], v);
        /* documented tie-break: value, then rank, then lowest suit */
        if (best_card < 0 || v < best ||
            (v == best && (naive_value(c % 16) > naive_value(best_card % 16) ||
                           (naive_value(c % 16) == naive_value(best_card % 16) &&
                            (c % 16 > best_card % 16 || (c % 16 == best_card % 16 && c / 16 < best_card / 16)))))) {
            best = v;
            best_card = c;
        }
    }
    assert_int_equal(got, best);
    check_discard_paths(hand, want, best);
    gin_card d;
    int dw;
    assert_int_equal(gin_best_discard(hand, &d, &dw), GIN_OK);
    assert_int_equal(dw, best);
    assert_int_equal(d, best_card);
    return least;
}

/* Uniform hands rarely meld; "dense" hands draw from a few adjacent ranks
 * so that sets, runs, four-of-a-kinds and ties are common. */
static gin_cardset random_hand(uint64_t *seed, int n, int dense)
{
    int lo = 0, width = GIN_RANKS;
    if (dense) {
        width = 3 + (int)(splitmix(seed) % 4);
        lo = (int)(splitmix(seed) % (uint64_t)(GIN_RANKS - width + 1));
        if (n > 4 * width)
            n = 4 * width;
    }
    gin_cardset h = 0;
    while (__builtin_popcountll(h) < n) {
        int r = lo + (int)(splitmix(seed) % (uint64_t)width);
        int s = (int)(splitmix(seed) % 4);
        h |= UINT64_C(1) << bit_of(r, s);
    }
    return h;
}

static void test_property_random(void **state)
{
    (void)state;
    static struct naive z;
    static struct batch b;
    b.n = 0;
    uint64_t seed = 20240601;
    for (int i = 0; i < 6000; i++) {
        int n = 3 + (int)(splitmix(&seed) % 9);
        gin_cardset h = random_hand(&seed, n, i & 1);
        batch_add(&b, h, check_hand(&z, h, 1));
    }
    check_batch(&b);
}

/* The worst shapes: 3 to 11 cards out of three or four full ranks,
 * adjacent (sets and runs cross) or scattered, so two or three ranks of
 * three or four are common. */
static void test_property_full_ranks(void **state)
{
    (void)state;
    static struct naive z;
    static struct batch b;
    b.n = 0;
    uint64_t seed = 4444;
    for (int i = 0; i < 4000; i++) {
        int width = 3 + (int)(splitmix(&seed) % 2);
        unsigned ranks = 0;
        if (i & 1) {
            ranks = ((1u << width) - 1) << (splitmix(&seed) % (uint64_t)(GIN_RANKS - width + 1));
        } else {
            while (__builtin_popcount(ranks) < width)
                ranks |= 1u << (splitmix(&seed) % GIN_RANKS);
        }
        int n = 3 + (int)(splitmix(&seed) % 9);
        gin_cardset h = 0;
        while (__builtin_popcountll(h) < n) {
            int r = (int)(splitmix(&seed) % GIN_RANKS);
            if ((ranks >> r) & 1)
                h |= UINT64_C(1) << bit_of(r, (int)(splitmix(&seed) % 4));
        }
        batch_add(&b, h, check_hand(&z, h, 1));
    }
    check_batch(&b);
}

/* Hands met in play: what the player to move holds (10, or 11 after a
 * draw) in greedy games (the support's playout policy: it keeps its melds,
 * as players do) through every phase of the hand. The core's tests use no
 * bot; `gin-bench hands --from-play` dumps hard-vs-hard hands for timing. */
static void seen_add(struct batch *b, gin_cardset h)
{
    for (size_t i = b->n; i-- > 0 && i + 64 > b->n;)
        if (b->hands[i] == h)
            return; /* the same hand again a turn later */
    batch_add(b, h, 0);
}

static void test_property_play(void **state)
{
    (void)state;
    static struct naive z;
    static struct batch b;
    static gin_game g;
    b.n = 0;
    gin_rules rules;
    assert_int_equal(gin_rules_preset("standard", &rules), GIN_OK);
    for (uint64_t seed = 1; b.n < 3000; seed++) {
        gin_rng rng;
        gin_rng_seed(&rng, seed);
        assert_int_equal(gin_game_init(&g, &rules, seed), GIN_OK);
        while (!g.over && b.n < 3000) {
            if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
                assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
                continue;
            }
            seen_add(&b, g.hand.held[g.hand.turn]);
            assert_int_equal(gin_game_apply(&g, test_greedy_action(&g.hand, &rng, 8, 1), NULL, NULL), GIN_OK);
        }
    }
    for (size_t i = 0; i < b.n; i++)
        b.want[i] = check_hand(&z, b.hands[i], 0);
    check_batch(&b);
}

/* Larger hands: five adjacent ranks holding 3 or 4 cards each (15 to 20
 * cards), so gin_deadwood and friends take the dynamic programme. */
static void test_property_large(void **state)
{
    (void)state;
    static struct naive z;
    static struct batch b;
    b.n = 0;
    uint64_t seed = 77;
    for (int i = 0; i < 40; i++) {
        int lo = (int)(splitmix(&seed) % 9);
        gin_cardset h = 0;
        for (int r = lo; r < lo + 5; r++) {
            for (int s = 0; s < 4; s++)
                h |= UINT64_C(1) << bit_of(r, s);
            if (splitmix(&seed) % 4)
                h &= ~(UINT64_C(1) << bit_of(r, (int)(splitmix(&seed) % 4)));
        }
        naive_init(&z, h);
        int least = naive_solve(&z, 0, 1);
        assert_int_equal(gin_deadwood(h), least);
        assert_int_equal(gin_arrange_all(h, NULL, 0), z.na);
        gin_arrangement a;
        assert_int_equal(gin_arrange(h, &a), GIN_OK);
        check_arrangement(h, &a, least);
        int after[64];
        int least_after = gin_discard_deadwoods(h, after);
        int c = __builtin_ctzll(h);
        assert_int_equal(after[c], naive_solve(&z, UINT64_C(1) << c, 0));
        gin_card d;
        int dw;
        assert_int_equal(gin_best_discard(h, &d, &dw), GIN_OK);
        assert_int_equal(dw, least_after);
        assert_int_equal(after[d], least_after);
        batch_add(&b, h, least);
        int want[64];
        for (uint64_t x = h; x; x &= x - 1) {
            int card = __builtin_ctzll(x);
            want[card] = gin_deadwood(h & ~(UINT64_C(1) << card));
        }
        check_discard_paths(h, want, least_after);
    }
    check_batch(&b);
}

/* Hands of 12 to 52 cards, every path against one gin_deadwood per card
 * (itself checked against the naive solver above): the byte lanes of the
 * SIMD kernels must hand over to the portable one once a hand is worth
 * more than a byte holds, and the dynamic programme take the rest. */
static void test_discards_big(void **state)
{
    (void)state;
    static struct batch b;
    b.n = 0;
    uint64_t seed = 99;
    for (int i = 0; i < 400; i++) {
        int n = 12 + (int)(splitmix(&seed) % 41);
        gin_cardset h = random_hand(&seed, n, i % 3 == 0);
        int want[64], least = 1 << 30;
        for (uint64_t x = h; x; x &= x - 1) {
            int c = __builtin_ctzll(x);
            want[c] = gin_deadwood(h & ~(UINT64_C(1) << c));
            least = want[c] < least ? want[c] : least;
        }
        check_discard_paths(h, want, least);
        batch_add(&b, h, gin_deadwood(h));
    }
    check_batch(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ace_low_runs),
        cmocka_unit_test(test_meld_valid),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_split_four_of_a_kind),
        cmocka_unit_test(test_many_equal_arrangements),
        cmocka_unit_test(test_gin_hands),
        cmocka_unit_test(test_empty_and_bad),
        cmocka_unit_test(test_best_discard_ties),
        cmocka_unit_test(test_melds_in),
        cmocka_unit_test(test_big_hands),
        cmocka_unit_test(test_every_suit_mask),
        cmocka_unit_test(test_property_random),
        cmocka_unit_test(test_property_full_ranks),
        cmocka_unit_test(test_property_play),
        cmocka_unit_test(test_property_large),
        cmocka_unit_test(test_discards_big),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
