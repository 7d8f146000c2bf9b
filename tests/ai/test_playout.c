/* The search's inner loops: the fast pricing of discards against the
 * core's solver, and the lean playout's results against the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "botlib.h"
#include "gin/error.h"
#include "gin/hand.h"
#include "gin/showdown.h"
#include "support/support.h"

#define C test_card
#define S test_cards

/* A hand of k cards: random, or (rich) built around sets and runs, which
 * is what a playout's hands look like and where the set choices matter. */
static gin_cardset random_hand(gin_rng *rng, int k, int rich)
{
    gin_card deck[GIN_DECK_SIZE];
    gin_deck_shuffle(rng, deck);
    gin_cardset h = 0;
    int n = 0;
    for (int i = 0; i < GIN_DECK_SIZE && n < k; i++) {
        gin_card c = deck[i];
        if (gin_cardset_has(h, c))
            continue;
        h |= gin_cardset_of(c);
        n++;
        if (!rich || n >= k)
            continue;
        /* Grow a rank or a run from this card now and then. */
        uint32_t kind = gin_rng_below(rng, 4);
        gin_card more = kind == 0   ? gin_card_make(gin_card_rank(c), (gin_card_suit(c) + 1) % 4)
                        : kind == 1 ? (gin_card_rank(c) < 12 ? c + 1 : c - 1)
                                    : GIN_NO_CARD;
        if (gin_card_valid(more) && !gin_cardset_has(h, more)) {
            h |= gin_cardset_of(more);
            n++;
        }
    }
    return h;
}

static void test_price_matches_core(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 42);
    long checked = 0;
    for (int i = 0; i < 60000; i++) {
        int k = 3 + (int)gin_rng_below(&rng, 10); /* 3 .. 12 cards */
        gin_cardset h = random_hand(&rng, k, i & 1);
        int mine[64], core[64];
        int best = ai_price_discards(h, mine);
        assert_int_equal(best, gin_discard_deadwoods(h, core));
        for (gin_cardset q = h; q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            assert_int_equal(mine[c], core[c]);
            checked++;
        }
        assert_int_equal(ai_least_after(h), best);
        gin_cardset dead = 0;
        int dw = ai_unmatched(h, &dead);
        assert_int_equal(dw, gin_deadwood(h));
        assert_int_equal(ai_value(dead), dw);
        assert_true((dead & ~h) == 0);
        /* What is left over melds completely. */
        assert_int_equal(gin_deadwood(h & ~dead), 0);
    }
    assert_true(checked > 300000);
    int after[64];
    assert_int_equal(ai_price_discards(0, after), GIN_EINVAL);
    assert_int_equal(ai_least_after(~UINT64_C(0)), GIN_EINVAL);
}

/* ai_least_throw chooses as a choice over every card priced would: the
 * least deadwood left, then the higher card, then `first`, then the
 * lowest card, for any subset of the hand it may choose from. */
static void test_least_throw_chooses_as_pricing_every_card(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 7);
    long priced = 0;
    for (int i = 0; i < 60000; i++) {
        int k = 2 + (int)gin_rng_below(&rng, 11); /* 2 .. 12 cards */
        gin_cardset h = random_hand(&rng, k, i & 1), from = 0;
        for (gin_cardset q = h; q; q &= q - 1)
            if (gin_rng_below(&rng, 3) != 0)
                from |= q & -q;
        if (!from)
            from = h & -h;
        gin_card first = GIN_NO_CARD;
        int pick = (int)gin_rng_below(&rng, (uint32_t)gin_cardset_count(from));
        for (gin_cardset q = from; q; q &= q - 1)
            if (pick-- == 0)
                first = gin_cardset_first(q);
        int after[64];
        assert_true(ai_price_discards(h, after) >= 0);
        gin_card want = first;
        for (gin_cardset q = from & ~gin_cardset_of(first); q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            if (after[c] < after[want] || (after[c] == after[want] && gin_card_value(c) > gin_card_value(want)))
                want = c;
        }
        assert_int_equal(ai_least_throw(h, from, first), want);
        priced += gin_cardset_count(from);
    }
    assert_true(priced > 200000);
    gin_cardset h = S("2S 3S 4S 9H KD");
    assert_int_equal(ai_least_throw(h, S("KD"), C("KD")), C("KD"));
    assert_int_equal(ai_least_throw(h, S("2S 9H KD"), C("9H")), C("KD"));
    assert_int_equal(ai_least_throw(h, S("2S 3S"), C("2S")), C("3S"));     /* 25 left against 26 */
    assert_int_equal(ai_least_throw(h, S("KD"), C("9H")), GIN_NO_CARD);    /* first not among from */
    assert_int_equal(ai_least_throw(h, S("KD 5C"), C("KD")), GIN_NO_CARD); /* from not within h */
    assert_int_equal(ai_least_throw(h, S("KD"), GIN_NO_CARD), GIN_NO_CARD);
}

/* A four of a kind whose cards can also run, and two such ranks: the set
 * choices the closed form cannot settle. */
static void test_price_set_choices(void **state)
{
    (void)state;
    const char *hands[] = {"7S 7H 7D 7C 8C 9C 8H 9H KS QD JC", "5S 5H 5D 6S 7S 6H 7H 4D 3D 2C AC",
                           "AS AH AD 2S 3S 2H 3H KC KD KH QC", "9S 9H 9D 9C TS JS TH JH TD JD QS"};
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
        gin_cardset h = S(hands[i]);
        int mine[64], core[64];
        assert_int_equal(ai_price_discards(h, mine), gin_discard_deadwoods(h, core));
        for (gin_cardset q = h; q; q &= q - 1)
            assert_int_equal(mine[gin_cardset_first(q)], core[gin_cardset_first(q)]);
    }
}

/* ai_unmatched's choice among tied arrangements, plainly: ranks of three
 * or more with a card in a run of the hand get the options none, whole,
 * then (a four) without each suit in turn; the others are taken whole; an
 * odometer, the last rank fastest, keeps the first least. */
static int reference_unmatched(gin_cardset h, gin_cardset *dead)
{
    gin_cardset runs = ai_runs_of(h), forced = 0, opt[4][6];
    int n[4], k = 0;
    for (int r = 0; r < GIN_RANKS; r++) {
        gin_cardset q = h & (AI_RANK0 << r);
        if (gin_cardset_count(q) < 3)
            continue;
        if (!(q & runs)) {
            forced |= q;
            continue;
        }
        assert_true(k < 4);
        opt[k][0] = 0;
        opt[k][1] = q;
        n[k] = 2;
        if (gin_cardset_count(q) == 4)
            for (int s = 0; s < GIN_SUITS; s++)
                opt[k][n[k]++] = q & ~gin_cardset_of(gin_card_make(r, s));
        k++;
    }
    int idx[4] = {0}, least = 1 << 20;
    for (;;) {
        gin_cardset r = h & ~forced;
        for (int j = 0; j < k; j++)
            r &= ~opt[j][idx[j]];
        gin_cardset d = r & ~ai_runs_of(r);
        if (ai_value(d) < least) {
            least = ai_value(d);
            *dead = d;
        }
        int j = k - 1;
        while (j >= 0 && ++idx[j] == n[j])
            idx[j--] = 0;
        if (j < 0)
            return least;
    }
}

/* A dense hand of up to 12 cards around sets whose cards also run: one to
 * three ranks of three or four, runs through some of their cards, and
 * random cards, so that set choices tie often. */
static gin_cardset open_hand(gin_rng *rng)
{
    gin_cardset h = 0;
    int sets = 1 + (int)gin_rng_below(rng, 3);
    for (int i = 0; i < sets; i++) {
        int r = (int)gin_rng_below(rng, GIN_RANKS), skip = (int)gin_rng_below(rng, 8);
        for (int s = 0; s < GIN_SUITS; s++)
            if (s != skip)
                h |= gin_cardset_of(gin_card_make(r, s));
        for (int s = 0; s < GIN_SUITS; s++) {
            int lo = r - (int)gin_rng_below(rng, 3); /* a run r-2.., r-1.. or r.. */
            if (gin_rng_below(rng, 2) || lo < 0 || lo + 2 >= GIN_RANKS)
                continue;
            for (int x = lo; x < lo + 3; x++)
                h |= gin_cardset_of(gin_card_make(x, s));
        }
    }
    while (gin_cardset_count(h) > 12)
        h &= h - 1;
    int k = 8 + (int)gin_rng_below(rng, 5);
    while (gin_cardset_count(h) < k)
        h |= gin_cardset_of(gin_card_make((int)gin_rng_below(rng, GIN_RANKS), (int)gin_rng_below(rng, GIN_SUITS)));
    return h;
}

/* ai_unmatched's shortcuts give the reference's deadwood and its very
 * arrangement (callers depend on which of tied ones), on hands where the
 * set choices are open. */
static void test_unmatched_matches_reference(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 2024);
    long open = 0, ties = 0;
    for (long i = 0; i < 2000000; i++) {
        gin_cardset h = i % 3 ? open_hand(&rng) : random_hand(&rng, 8 + (int)(i % 5), 1);
        gin_cardset want = 0, got = 0;
        int dw = reference_unmatched(h, &want);
        assert_int_equal(ai_unmatched(h, &got), dw);
        assert_true(got == want);
        open += (h & ((gin_cardset)ai_ranks_ge3(h) * AI_RANK0) & ai_runs_of(h)) != 0;
        if (i % 64 == 0) {
            assert_int_equal(dw, gin_deadwood(h));
            gin_arrangement all[8];
            ties += gin_arrange_all(h, all, 8) > 1; /* tied arrangements: the choice matters */
        }
    }
    assert_true(open > 1000000);
    assert_true(ties > 1000);
}

/* A random meld not touching `used`: a run of 3 or 4, or a set of 3 or 4. */
static gin_cardset random_meld(gin_rng *rng, gin_cardset used)
{
    for (;;) {
        int suit = (int)gin_rng_below(rng, 4), rank = (int)gin_rng_below(rng, 13), len = 3 + (int)gin_rng_below(rng, 2);
        gin_cardset m = 0;
        if (gin_rng_below(rng, 2)) {
            if (rank + len > GIN_RANKS)
                continue;
            for (int i = 0; i < len; i++)
                m |= gin_cardset_of(gin_card_make(rank + i, suit));
        } else {
            m = (UINT64_C(0x0001000100010001) << rank);
            if (len == 3)
                m &= ~gin_cardset_of(gin_card_make(rank, suit));
        }
        if (!(m & used))
            return m;
    }
}

/* h filled to ten cards with low ones (ace to five): a knocker's ten if
 * that is within the knock limit of 10, else 0. */
static gin_cardset fill_low(gin_rng *rng, gin_cardset h)
{
    while (gin_cardset_count(h) < 10)
        h |= gin_cardset_of(gin_card_make((int)gin_rng_below(rng, 5), (int)gin_rng_below(rng, 4)));
    return gin_cardset_count(h) == 10 && gin_deadwood(h) <= 10 ? h : 0;
}

/* A knocker's ten: two or three melds and low cards, deadwood within 10. */
static gin_cardset knock_hand(gin_rng *rng)
{
    for (;;) {
        gin_cardset h = random_meld(rng, 0);
        h |= random_meld(rng, h);
        if (gin_rng_below(rng, 2))
            h |= random_meld(rng, h);
        h = fill_low(rng, h);
        if (h)
            return h;
    }
}

/* A knocker's ten whose sets tangle with runs: a set of three or four
 * with two cards running on from one of its cards, now and then a second
 * such set, so one or two ranks have set choices (ties between spreads). */
static gin_cardset tangled_hand(gin_rng *rng)
{
    for (;;) {
        int r = (int)gin_rng_below(rng, 11), s = (int)gin_rng_below(rng, 4);
        gin_cardset h = (UINT64_C(0x0001000100010001) << r) | gin_cardset_of(gin_card_make(r + 1, s)) |
                        gin_cardset_of(gin_card_make(r + 2, s));
        if (gin_rng_below(rng, 2))
            h &= ~gin_cardset_of(gin_card_make(r, (s + 1 + (int)gin_rng_below(rng, 3)) % 4));
        if (gin_rng_below(rng, 2))
            h |= (UINT64_C(0x0001000100010001) << (r + 2)) & ~gin_cardset_of(gin_card_make(r + 2, (s + 1) % 4));
        if (gin_rng_below(rng, 2))
            h |= random_meld(rng, h);
        h = fill_low(rng, h);
        if (h)
            return h;
    }
}

/* A knocker's eleven, all melded: big gin. */
static gin_cardset big_gin_hand(gin_rng *rng)
{
    for (;;) {
        gin_cardset h = random_meld(rng, 0);
        while (gin_cardset_count(h) < 11)
            h |= random_meld(rng, h);
        if (gin_cardset_count(h) == 11 && gin_deadwood(h) == 0)
            return h;
    }
}

/* A defender crowding the knocker's melds: of the cards that would lay
 * off on them (run ends two deep, a set's fourth), about half, some of
 * them melded in sets or runs of the defender's own (so a layoff may
 * break a meld), the rest low cards (undercuts) or any card. */
static gin_cardset crowding_defender(gin_rng *rng, gin_cardset k)
{
    gin_cardset runs = k & ~((gin_cardset)ai_ranks_ge3(k) * AI_RANK0);
    gin_cardset near = ((runs << 1) | (runs >> 1)) & GIN_DECK & ~k;
    near |= ((near << 1) | (near >> 1)) & GIN_DECK & ~k;
    near |= (gin_cardset)ai_ranks_ge3(k) * AI_RANK0 & ~k;
    gin_cardset d = 0;
    for (gin_cardset q = near; q && gin_cardset_count(d) < 7; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        if (gin_rng_below(rng, 2))
            continue;
        d |= gin_cardset_of(c);
        gin_cardset b = gin_cardset_of(c);
        uint32_t meld = gin_rng_below(rng, 3);
        if (meld == 0) /* a set through c, of three or four */
            d |= (AI_RANK0 << gin_card_rank(c)) & ~k &
                 ~gin_cardset_of(gin_card_make(gin_card_rank(c), (int)gin_rng_below(rng, 4)));
        else if (meld == 1) /* a run through c */
            d |= ((b << 1) | (b << 2) | (b >> 1) | (b >> 2)) & GIN_DECK & ~k;
    }
    int low = gin_rng_below(rng, 2) ? 40 : 0; /* tries at the low cards (the knocker may hold them all) */
    while (gin_cardset_count(d) > 10)
        d &= d - 1;
    while (gin_cardset_count(d) < 10) {
        gin_card c = gin_card_make((int)gin_rng_below(rng, low-- > 0 ? 4 : 13), (int)gin_rng_below(rng, 4));
        if (!gin_cardset_has(k, c))
            d |= gin_cardset_of(c);
    }
    return d;
}

/* What the knocks checked covered: the defender's cards touching the
 * knocker's all unmatched in its arrangement, or some of them; layoffs of
 * cards of its melds; knockers with set choices in two ranks; undercuts;
 * gins. */
typedef struct knock_tally {
    long knocks, layoffs, all_dead, part_dead, melded, tangled, undercuts, gins;
} knock_tally;

/* One knock: ai_knock_points against the showdown, told every dead set it
 * may be: none, ai_unmatched's, each least arrangement's unmatched cards,
 * and a part of one. */
static void check_knock(const gin_rules *r, gin_cardset k, gin_cardset d, knock_tally *t)
{
    gin_showdown sd;
    assert_int_equal(gin_showdown_settle(r, k, d, -1, &sd), GIN_OK);
    int want = sd.winner == GIN_KNOCKER ? sd.points : -sd.points;
    int kdw = gin_deadwood(k), dd = gin_deadwood(d);
    gin_cardset dead = 0;
    assert_int_equal(ai_unmatched(d, &dead), dd);
    assert_int_equal(ai_knock_points(r, k, kdw, d, dd, 0), want);
    assert_int_equal(ai_knock_points(r, k, kdw, d, dd, dead), want);
    assert_int_equal(ai_knock_points(r, k, kdw, d, dd, dead & (dead - 1)), want);
    gin_arrangement ties[8];
    int n = gin_arrange_all(d, ties, 8);
    for (int i = 0; i < n && i < 8; i++)
        assert_int_equal(ai_knock_points(r, k, kdw, d, dd, ties[i].unmatched), want);
    gin_cardset laid = 0;
    for (int i = 0; i < sd.n_layoffs; i++)
        laid |= gin_cardset_of(sd.layoffs[i].card);
    gin_cardset in_sets = k & ((gin_cardset)ai_ranks_ge3(k) * AI_RANK0), open = in_sets & ai_runs_of(k);
    unsigned open_ranks = (unsigned)((open | open >> 16 | open >> 32 | open >> 48) & AI_LANE);
    /* The defender's cards touching the knocker's (the first of a chain). */
    gin_cardset touch = d & ((((k << 1) | (k >> 1)) & GIN_DECK) | ((gin_cardset)ai_ranks_ge3(k) * AI_RANK0));
    t->knocks++;
    t->layoffs += laid != 0;
    t->all_dead += touch && !(touch & ~dead);
    t->part_dead += (touch & dead) && (touch & ~dead);
    t->melded += (laid & ~dead) != 0;
    t->tangled += (open_ranks & (open_ranks - 1)) != 0;
    t->undercuts += sd.kind == GIN_RESULT_UNDERCUT;
    t->gins += sd.kind == GIN_RESULT_GIN || sd.kind == GIN_RESULT_BIG_GIN;
}

/* The playout's knock points against the showdown's, on knocks built
 * to have layoffs: the defender's cards near the knocker's melds, or
 * crowding them (where the shortcuts for the defender's unmatched cards
 * and the knocker's ties are taken), and big gin. */
static void test_knock_points_match_showdown(void **state)
{
    (void)state;
    const char *presets[] = {"standard", "classic", "oklahoma"};
    gin_rng rng;
    gin_rng_seed(&rng, 7);
    knock_tally t = {0};
    for (int p = 0; p < 3; p++) {
        gin_rules r;
        assert_int_equal(gin_rules_preset(presets[p], &r), GIN_OK);
        r.big_gin_bonus = 31;
        for (int i = 0; i < 8000; i++) {
            gin_cardset k = knock_hand(&rng), d = 0;
            /* The defender: some of the cards next to the knocker's, the rest at random. */
            gin_cardset near = ((k << 1) | (k >> 1) | (k << 16) | (k >> 16) | (k << 32) | (k >> 32)) & GIN_DECK & ~k;
            gin_card deck[GIN_DECK_SIZE];
            gin_deck_shuffle(&rng, deck);
            for (int j = 0; j < GIN_DECK_SIZE && gin_cardset_count(d) < 4; j++)
                if (gin_cardset_has(near, deck[j]))
                    d |= gin_cardset_of(deck[j]);
            for (int j = 0; j < GIN_DECK_SIZE && gin_cardset_count(d) < 10; j++)
                if (!gin_cardset_has(k, deck[j]))
                    d |= gin_cardset_of(deck[j]);
            check_knock(&r, k, d, &t);
            k = i % 3 ? knock_hand(&rng) : tangled_hand(&rng);
            check_knock(&r, k, crowding_defender(&rng, k), &t);
            if (i % 40 == 0) {
                k = big_gin_hand(&rng);
                check_knock(&r, k, crowding_defender(&rng, k), &t);
            }
        }
    }
    assert_true(t.knocks > 45000 && t.layoffs > 10000);
    assert_true(t.all_dead > 10000 && t.part_dead > 10000 && t.melded > 400);
    assert_true(t.tangled > 3000 && t.undercuts > 2000 && t.gins > 8000);
}

/* A card's live outs as the playout weighs them (hard's potential term,
 * lean), counted plainly: for each run of three through c, one for each
 * way a held card and a live card complete it; and the live cards of c's
 * rank when h holds exactly one other. */
static int reference_outs(gin_cardset h, gin_card c, gin_cardset avail)
{
    int r = gin_card_rank(c), suit = gin_card_suit(c), held = 0, live = 0, outs = 0;
    for (int t = 0; t < GIN_SUITS; t++) {
        held += gin_cardset_has(h, gin_card_make(r, t)) && t != suit;
        live += gin_cardset_has(avail, gin_card_make(r, t));
    }
    for (int lo = r - 2; lo <= r; lo++) {
        if (lo < 0 || lo + 2 >= GIN_RANKS)
            continue;
        gin_card o[2];
        int n = 0;
        for (int k = lo; k <= lo + 2; k++)
            if (k != r)
                o[n++] = gin_card_make(k, suit);
        outs += (gin_cardset_has(h, o[0]) && gin_cardset_has(avail, o[1])) +
                (gin_cardset_has(h, o[1]) && gin_cardset_has(avail, o[0]));
    }
    return outs + (held == 1 ? live : 0);
}

/* The playout's discard worked out plainly: every card that may go (the
 * unmatched ones of the arrangement the playout keeps, or every card when
 * all eleven meld) scored by ten times the deadwood left plus 15 per out,
 * the least score thrown (ties: the higher value, then the lower card). */
static gin_card reference_discard(gin_cardset h10, gin_card x, gin_cardset gone)
{
    gin_cardset h = h10 | gin_cardset_of(x), avail = GIN_DECK & ~h & ~gone, cand;
    int after[64], dw;
    if (ai_card_can_meld(h10, x)) {
        dw = ai_unmatched(h, &cand);
    } else { /* a dead x keeps the ten's arrangement */
        dw = ai_unmatched(h10, &cand) + gin_card_value(x);
        cand |= gin_cardset_of(x);
    }
    if (cand) {
        for (gin_cardset q = cand; q; q &= q - 1)
            after[gin_cardset_first(q)] = dw - gin_card_value(gin_cardset_first(q));
    } else {
        ai_price_discards(h, after);
        cand = h;
    }
    gin_card best = GIN_NO_CARD;
    int best_score = 0;
    for (gin_cardset q = cand; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        int score = 10 * after[c] + (after[c] > 0 ? 15 * reference_outs(h, c, avail) : 0);
        if (best == GIN_NO_CARD || score < best_score ||
            (score == best_score && gin_card_value(c) > gin_card_value(best))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* The play loop's discard skips the cards that cannot beat the knock card
 * (the first of the highest value) on the bits: the same card as scoring
 * every one, on hands of every kind and discard piles of every size. */
static void test_discard_matches_reference(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 27);
    long not_first = 0;
    for (long i = 0; i < 300000; i++) {
        gin_cardset h10 = random_hand(&rng, 10, i % 2 == 0), gone = 0;
        gin_card x;
        do
            x = (gin_card)gin_card_make((int)gin_rng_below(&rng, GIN_RANKS), (int)gin_rng_below(&rng, GIN_SUITS));
        while (gin_cardset_has(h10, x));
        uint32_t thin = 2 + gin_rng_below(&rng, 6);
        for (gin_cardset q = GIN_DECK & ~h10 & ~gin_cardset_of(x); q; q &= q - 1)
            if (gin_rng_below(&rng, thin) == 0)
                gone |= q & -q;
        ai_ro_seat s = {.hand = h10};
        gin_card want = reference_discard(h10, x, gone);
        assert_int_equal(ai_ro_discard(&s, x, gone), want);
        gin_cardset h = h10 | gin_cardset_of(x), dead;
        not_first += ai_unmatched(h, &dead) > 0 && gin_card_value(want) < 10 && want != gin_cardset_first(dead);
    }
    assert_true(not_first > 10000);
}

/* The play loop's knock rule as one bar: the same knocks as the rule's
 * terms asked one by one, over every small case. */
static void test_knock_bar_matches_rule(void **state)
{
    (void)state;
    long knocks = 0;
    for (int wary = 0; wary < 2; wary++)
        for (int late = -2; late <= 12; late++)
            for (int early = 0; early <= 6; early += 3)
                for (int limit = -1; limit <= 12; limit++)
                    for (int turns = 0; turns <= 8; turns += 2)
                        for (int last = 0; last < 2; last++)
                            for (int other = 0; other <= 14; other++) {
                                ai_ro_style st = {early, late, wary};
                                int bar = ai_ro_knock_bar(&st, limit, turns, last, other);
                                for (int dw = 0; dw <= 14; dw++) {
                                    int rule = dw <= limit && (dw == 0 || dw <= late || turns < early || last) &&
                                               (dw == 0 || !wary || dw < other);
                                    assert_int_equal(dw <= bar, rule);
                                    knocks += rule;
                                }
                            }
    assert_true(knocks > 100000);
}

/* The sum over every legal answer of `v` of its playout results in 400
 * sampled worlds (seed 9), each answer weighted by its place. */
static long playout_sum(const gin_view *v)
{
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    gin_action legal[64];
    int n = gin_view_legal(v, legal, 64);
    assert_true(n > 1 && n <= 24);
    double mean[24], se[24];
    ai_rollout_values(v, &t, 9, legal, n, 400, mean, se);
    long sum = 0;
    for (int j = 0; j < n; j++)
        sum += (j + 1) * (long)(mean[j] * 400 + (mean[j] < 0 ? -0.5 : 0.5));
    return sum;
}

static void test_playouts_are_pinned(void **state)
{
    (void)state;
    /* The playout's shortcuts (a dead face-up card refused on the bits, the
     * knock card of a kept arrangement found on the bits, the deadwood
     * after a discard worked out where it is read, outs without branches)
     * must play exactly as the plain loops they replaced: these sums were
     * taken with the plain loops (c3893e2's playout.c) and this playout
     * opponent, and taken again when each world came to be sampled from
     * the seed and its number (for the analysis's threads; the playouts
     * untouched). A change of the policy on purpose changes them too. */
    gin_view d = test_view_at("2S 3S 4S 7H 7D 9D TD JD AH KC 5C", "AD 5H", GIN_PHASE_DISCARD, 4);
    gin_view w = test_view_at("5C 6C 2H 2D 9S JH QD KS 4H 8D", "3C KH TC", GIN_PHASE_DRAW, 4);
    gin_view k = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD AH 3C", "KD 5H", GIN_PHASE_DISCARD, 9);
    long got[3] = {playout_sum(&d), playout_sum(&w), playout_sum(&k)};
    assert_int_equal(got[0], 258938);
    assert_int_equal(got[1], -2419);
    assert_int_equal(got[2], 838838);
}

/* Under the reshuffle rule an empty stock is made anew from the pile and
 * the hand plays on: a playout must not end it void at the stock's end
 * (the coach ranked every throw of such a hand alike, breaking a meld as
 * good as throwing a dead king). Here the stock is empty and the pile
 * holds every card in neither hand, so after our throw the pile becomes
 * the stock. */
static void test_reshuffle_plays_on(void **state)
{
    (void)state;
    gin_view v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD AH KC", "", GIN_PHASE_DISCARD, 31);
    assert_int_equal(gin_rules_set(&v.rules, "stock", "reshuffle", NULL), GIN_OK);
    gin_cardset opp = S("AS 5S 6S 8S QS 2H 3H 4D 6D 8C");
    for (gin_cardset q = GIN_DECK & ~v.hand & ~opp; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        v.pile_by[v.pile_n] = (int8_t)(v.pile_n & 1);
        v.pile[v.pile_n++] = c;
        v.discarded[v.pile_n & 1] |= gin_cardset_of(c);
        v.seen |= gin_cardset_of(c);
    }
    v.stock_n = 0;
    ai_tracker t;
    ai_tracker_build(&v, 1, &t);
    gin_action acts[2] = {gin_action_make(GIN_ACT_DISCARD, C("KC")), gin_action_make(GIN_ACT_DISCARD, C("3S"))};
    double mean[2], se[2];
    ai_rollout_values(&v, &t, 5, acts, 2, 400, mean, se);
    /* Knocking on the next draw is likely after the king, far less so
     * after breaking the spades; a void would be 0 for both. */
    assert_true(mean[0] > 5);
    assert_true(mean[1] < mean[0] - 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_price_matches_core),
        cmocka_unit_test(test_price_set_choices),
        cmocka_unit_test(test_unmatched_matches_reference),
        cmocka_unit_test(test_least_throw_chooses_as_pricing_every_card),
        cmocka_unit_test(test_knock_points_match_showdown),
        cmocka_unit_test(test_discard_matches_reference),
        cmocka_unit_test(test_knock_bar_matches_rule),
        cmocka_unit_test(test_playouts_are_pinned),
        cmocka_unit_test(test_reshuffle_plays_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
