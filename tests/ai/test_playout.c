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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_price_matches_core),
        cmocka_unit_test(test_price_set_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
