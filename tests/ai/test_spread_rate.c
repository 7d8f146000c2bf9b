/* The spreads of a knock, rated (src/ai/spread_rate.h): a position worked
 * out by hand (the defender's ten cards all known, so every sampled hand
 * is that one and the numbers are exact), the same seed giving the same
 * rating, and the refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/meld.h"
#include "spread_rate.h"
#include "support/support.h"

/* Seat 0 holds 7♠7♥7♦7♣ 4♣5♣6♣ A♦2♥3♠ and K♥, and knocks throwing the K♥
 * (deadwood 6). It may show (gin_spreads' order):
 *   0: the four 7s and 4♣5♣6♣      deadwood 6
 *   1: 7♠7♥7♦ and 4♣5♣6♣7♣         deadwood 6
 *   2: 7♠7♥7♦ and 5♣6♣7♣ (4♣ dead)  deadwood 10
 * (or the same sorted otherwise). The defender took all its ten cards from
 * the pile: 8♣ K♠ Q♥ J♦ 10♠ 9♥ 8♦ 6♥ 5♠ 2♦, no meld, deadwood 78. Its 8♣
 * lays off on a club run through the 7♣ and on nothing else (the 3♣ is
 * not its). So the four-set wins 78 - 6 = 72, the long run 70 - 6 = 64,
 * the short run 70 - 10 = 60; the rules' pick, least deadwood leaving
 * the defender most, is the four-set: 72. */
static gin_view hand_by_hand(void)
{
    gin_view v = test_view_at("7S 7H 7D 7C 4C 5C 6C AD 2H 3S KH", "", GIN_PHASE_DISCARD, 0);
    v.known[1] = test_cards("8C KS QH JD TS 9H 8D 6H 5S 2D");
    v.seen |= v.known[1];
    return v;
}

static int index_of(const gin_spread_rating *r, const char *sets, const char *runs)
{
    for (int i = 0; i < r->n; i++)
        if (r->spread[i].spread.sets == test_cards(sets) && r->spread[i].spread.runs == test_cards(runs))
            return i;
    return -1;
}

static void test_worked_by_hand(void **state)
{
    (void)state;
    gin_view v = hand_by_hand();
    static gin_spread_rating r;
    gin_spread_rate_opts o = {300, 1};
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), &o, &r), 3);
    assert_int_equal(r.n, 3);
    assert_int_equal(r.total, 3);
    assert_int_equal(r.samples, 300);
    int four = index_of(&r, "7S 7H 7D 7C", "4C 5C 6C"), lng = index_of(&r, "7S 7H 7D", "4C 5C 6C 7C"),
        shrt = index_of(&r, "7S 7H 7D", "5C 6C 7C");
    assert_true(four >= 0 && lng >= 0 && shrt >= 0);
    assert_int_equal(r.best, four);
    assert_true(r.spread[four].points == 72.0);
    assert_true(r.spread[lng].points == 64.0);
    assert_true(r.spread[shrt].points == 60.0);
    assert_true(r.spread[four].gap == 0.0);
    assert_true(r.spread[lng].gap == -8.0);
    assert_true(r.spread[shrt].gap == -12.0);
    assert_true(r.spread[lng].gap_se == 0.0); /* the same hand every time: no noise */
    assert_true(r.rules_points == 72.0);
    /* The 8♣ is laid off on the runs through the 7♣, every time, and never
     * on the four-set's spread. */
    gin_card eight = test_card("8C");
    assert_true(r.spread[lng].lay[eight] == 1.0f);
    assert_true(r.spread[shrt].lay[eight] == 1.0f);
    assert_true(r.spread[four].lay[eight] == 0.0f);
    assert_true(r.spread[lng].laid == 8.0 && r.spread[four].laid == 0.0);
    assert_true(r.spread[four].undercut == 0.0);
    assert_int_equal(r.spread[shrt].shown.deadwood, 10);
    assert_int_equal(r.thrown, test_card("KH"));
}

/* With the defender's cards hidden the rating stands on sampled hands: the
 * same seed gives the same numbers, another seed other ones; and the
 * four-set, which concedes no more than the long run in any hand, is
 * never behind it. */
static void test_sampled_and_repeatable(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D 7C 4C 5C 6C AD 2H 3S KH", "9S", GIN_PHASE_DISCARD, 6);
    static gin_spread_rating a, b;
    gin_spread_rate_opts o = {500, 7};
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), &o, &a), 3);
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), &o, &b), 3);
    assert_memory_equal(&a, &b, sizeof a);
    int four = index_of(&a, "7S 7H 7D 7C", "4C 5C 6C"), lng = index_of(&a, "7S 7H 7D", "4C 5C 6C 7C");
    assert_true(a.spread[four].points >= a.spread[lng].points);
    assert_true(a.spread[lng].laid > a.spread[four].laid);
    assert_true(a.spread[lng].lay[test_card("8C")] > 0.05f);
    o.seed = 8;
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), &o, &b), 3);
    assert_true(a.spread[lng].points != b.spread[lng].points);
}

static void test_nothing_to_choose_or_refused(void **state)
{
    (void)state;
    static gin_spread_rating r;
    gin_view v = hand_by_hand();
    /* Throwing a 7 keeps the K♥: deadwood 16 at least, over the limit: no knock. */
    assert_int_equal(gin_spread_rate(&v, test_card("7S"), NULL, &r), 0);
    assert_int_equal(gin_spread_rate(&v, test_card("9C"), NULL, &r), GIN_EINVAL); /* not held */
    assert_int_equal(gin_spread_rate(NULL, test_card("KH"), NULL, &r), GIN_EINVAL);
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), NULL, NULL), GIN_EINVAL);
    v.phase = GIN_PHASE_DRAW;
    assert_int_equal(gin_spread_rate(&v, test_card("KH"), NULL, &r), GIN_ESTATE);
    /* Gin: every spread is as good. */
    gin_view g = test_view_at("7S 7H 7D 7C 4C 5C 6C AD 2D 3D KH", "", GIN_PHASE_DISCARD, 0);
    assert_int_equal(gin_spread_rate(&g, test_card("KH"), NULL, &r), 0);
    /* One way only. */
    gin_view one = test_view_at("7S 7H 7D 4C 5C 6C AD 2H 3S 2S KH", "", GIN_PHASE_DISCARD, 0);
    assert_int_equal(gin_spread_rate(&one, test_card("KH"), NULL, &r), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_by_hand),
        cmocka_unit_test(test_sampled_and_repeatable),
        cmocka_unit_test(test_nothing_to_choose_or_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
