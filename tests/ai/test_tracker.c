/* The card tracker: odds that the opponent holds each card, and samples of
 * its hidden hand, from a seat's view only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "botlib.h"
#include "gin/error.h"
#include "support/support.h"

#define C(text) test_card(text)
#define S(text) test_cards(text)

/* Seat 0 at its draw: our hand, the pile (bottom..top, thrown by the opponent). */
static gin_view make_view(const char *hand, const char *pile)
{
    gin_view v = test_view_at(hand, pile, GIN_PHASE_DRAW, 0);
    v.turns = 2 * v.pile_n;
    return v;
}

static double sum_unseen(const ai_tracker *t)
{
    double s = 0;
    for (gin_cardset q = t->unseen; q; q &= q - 1)
        s += t->p_opp[gin_cardset_first(q)];
    return s;
}

static void test_probabilities_sane(void **state)
{
    (void)state;
    gin_view v = make_view("AS 2S 3S 7H 8H JC QC KD 4D 9C", "5C KS 2H");
    /* The opponent took the 6D from the pile and still holds it. */
    v.known[1] = gin_cardset_of(C("6D"));
    v.seen |= v.known[1];
    for (int infer = 0; infer <= 1; infer++) {
        ai_tracker t;
        ai_tracker_build(&v, infer, &t);
        assert_int_equal(t.opp_hidden, 9);
        assert_int_equal(gin_cardset_count(t.unseen), 52 - 10 - 3 - 1);
        assert_true(t.p_opp[C("6D")] == 1.0f);
        assert_true(t.p_opp[C("AS")] == 0.0f); /* ours */
        assert_true(t.p_opp[C("KS")] == 0.0f); /* in the pile */
        assert_float_equal(sum_unseen(&t), 9.0, 1e-3);
        for (gin_cardset q = t.unseen; q; q &= q - 1) {
            float p = t.p_opp[gin_cardset_first(q)];
            assert_true(p > 0.0f && p <= 1.0f);
        }
        /* The next stock card's odds sum to one. */
        double next = 0;
        for (gin_card c = 0; c < 64; c++)
            next += ai_tracker_p_next(&t, c);
        assert_float_equal(next, 1.0, 1e-3);
    }
}

static void test_inference_from_discards_and_takes(void **state)
{
    (void)state;
    gin_view v = make_view("AS 2S 3S 7H 8H JC QC KD 4D 9C", "5C");
    v.known[1] = gin_cardset_of(C("9S"));
    v.seen |= v.known[1];
    ai_tracker flat, t;
    ai_tracker_build(&v, 0, &flat);
    ai_tracker_build(&v, 1, &t);
    /* Forgetful: every unseen card equally likely. */
    assert_float_equal(flat.p_opp[C("6C")], flat.p_opp[C("TD")], 1e-6);
    /* It threw the 5C: it is probably not collecting fives or 4C/6C. */
    assert_true(t.p_opp[C("6C")] < t.p_opp[C("TD")]);
    assert_true(t.p_opp[C("5H")] < t.p_opp[C("TD")]);
    /* It took the 9S: nines and the 8S/TS are likelier. */
    assert_true(t.p_opp[C("9H")] > t.p_opp[C("TD")]);
    assert_true(t.p_opp[C("TS")] > t.p_opp[C("TD")]);
    assert_float_equal(sum_unseen(&t), 9.0, 1e-3);
}

/* A seat whose pile takes this game ended thrown or unmatched (taken to
 * block or to mislead) says less by taking: the 9S raises the nines less,
 * and not at all below; one that built with nine of ten as much as ever. */
static void test_takes_that_did_not_build(void **state)
{
    (void)state;
    gin_view v = make_view("AS 2S 3S 7H 8H JC QC KD 4D 9C", "5C");
    v.known[1] = gin_cardset_of(C("9S"));
    v.seen |= v.known[1];
    ai_tracker fresh, built, blocked;
    ai_tracker_build(&v, 1, &fresh);
    v.takes[1] = 10;
    v.takes_used[1] = 9;
    ai_tracker_build(&v, 1, &built);
    assert_float_equal(built.p_opp[C("9H")], fresh.p_opp[C("9H")], 1e-6);
    v.takes_used[1] = 1;
    ai_tracker_build(&v, 1, &blocked);
    assert_true(blocked.p_opp[C("9H")] < built.p_opp[C("9H")] - 0.01);
    assert_true(blocked.p_opp[C("9H")] > blocked.p_opp[C("TD")]); /* still some */
    v.takes[1] = 40;
    v.takes_used[1] = 0;
    ai_tracker_build(&v, 1, &blocked);
    assert_float_equal(blocked.p_opp[C("9H")], blocked.p_opp[C("TD")], 0.02);
}

static void test_sample_consistent(void **state)
{
    (void)state;
    gin_view v = make_view("AS 2S 3S 7H 8H JC QC KD 4D 9C", "5C KS 2H");
    v.known[1] = gin_cardset_of(C("6D"));
    v.seen |= v.known[1];
    ai_tracker t;
    ai_tracker_build(&v, 1, &t);
    gin_rng rng;
    gin_rng_seed(&rng, 7);
    for (int improve = 0; improve <= 8; improve += 4)
        for (int i = 0; i < 50; i++) {
            gin_cardset stock = 0;
            gin_cardset opp = ai_tracker_sample(&t, &rng, improve, &stock);
            assert_int_equal(gin_cardset_count(opp), 10);
            assert_true(gin_cardset_has(opp, C("6D")));
            assert_int_equal(opp & (v.hand | stock), 0);
            assert_int_equal(opp & ~(t.unseen | t.opp_known), 0);
            assert_true((stock | (opp & ~t.opp_known)) == t.unseen);
            assert_int_equal(gin_cardset_count(stock), v.stock_n);
        }
}

static void test_danger(void **state)
{
    (void)state;
    gin_view v = make_view("AS 2S 3S 7H 8H JC QC KD 4D 9C", "5C");
    /* It holds two queens: any other queen completes its set. */
    v.known[1] = S("QH QD");
    v.seen |= v.known[1];
    ai_tracker t;
    ai_tracker_build(&v, 1, &t);
    assert_float_equal(ai_danger(&t, C("QS")), 1.0, 1e-6);
    /* The KD: we hold the QC and JC... the KC, KH, KS are unseen, so some danger,
     * but far less than a completing queen. */
    assert_true(ai_danger(&t, C("KD")) < 0.5);
    /* The AS with 2S, 3S ours and the aces' odds low-ish: small. */
    assert_true(ai_danger(&t, C("AS")) < ai_danger(&t, C("QS")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probabilities_sane),
        cmocka_unit_test(test_inference_from_discards_and_takes),
        cmocka_unit_test(test_takes_that_did_not_build),
        cmocka_unit_test(test_sample_consistent),
        cmocka_unit_test(test_danger),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
