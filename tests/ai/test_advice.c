/* Advice: every legal move, best first, with a value and a reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "support/support.h"

#define C(text) test_card(text)
#define make_view(hand, pile, phase, turns) test_view_at(hand, pile, phase, turns)

static void assert_ranked(const gin_advice *a, int n)
{
    for (int i = 0; i < n; i++) {
        assert_true(strlen(a[i].reason) > 0);
        if (i > 0)
            assert_true(a[i - 1].value >= a[i].value);
    }
}

static void test_discard_phase(void **state)
{
    (void)state;
    /* Melds 2-3-4S, 7s, 9-T-J D; AH and KC loose: 10 discards + knock with KC
     * (1 deadwood) + knock with AH (10 deadwood). */
    gin_view v = make_view("2S 3S 4S 7H 7D 7C 9D TD JD AH KC", "AD 5H", GIN_PHASE_DISCARD, 2);
    gin_advice a[64];
    int n = gin_advise(&v, a, 64);
    assert_int_equal(n, 11 + 2);
    assert_ranked(a, n);
    int discards = 0, knocks = 0;
    for (int i = 0; i < n; i++) {
        if (a[i].action.kind == GIN_ACT_DISCARD)
            discards++;
        else if (a[i].action.kind == GIN_ACT_KNOCK)
            knocks++;
        assert_true(gin_cardset_has(v.hand, a[i].action.card));
    }
    assert_int_equal(discards, 11);
    assert_int_equal(knocks, 2);
    /* Best: get rid of the king, one way or the other. */
    assert_int_equal(a[0].action.card, C("KC"));
    /* The plain KC discard explains itself. */
    for (int i = 0; i < n; i++)
        if (a[i].action.kind == GIN_ACT_DISCARD && a[i].action.card == C("KC"))
            assert_non_null(strstr(a[i].reason, "highest unmatched"));
        else if (a[i].action.kind == GIN_ACT_DISCARD && a[i].action.card == C("3S"))
            assert_non_null(strstr(a[i].reason, "breaks"));
}

static void test_taken_card_excluded(void **state)
{
    (void)state;
    gin_view v = make_view("2S 3S 4S 7H 7D 7C 9D TD JD AH KC", "AD", GIN_PHASE_DISCARD, 12);
    v.taken = C("7C");
    gin_advice a[64];
    int n = gin_advise(&v, a, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(a[i].action.card, C("7C"));
}

static void test_upcard(void **state)
{
    (void)state;
    gin_view v = make_view("5C 6C 2H 2D 9S JH QD KS 4H 8D", "7C", GIN_PHASE_OFFER, 0);
    gin_advice a[8];
    int n = gin_advise(&v, a, 8);
    assert_int_equal(n, 2);
    assert_ranked(a, n);
    assert_int_equal(a[0].action.kind, GIN_ACT_TAKE_UPCARD);
    assert_non_null(strstr(a[0].reason, "completes"));
    assert_int_equal(a[1].action.kind, GIN_ACT_PASS);
}

static void test_gin_first(void **state)
{
    (void)state;
    gin_view v = make_view("2S 3S 4S 7H 7D 7C 9D TD JD QD KC", "AD 5H", GIN_PHASE_DISCARD, 10);
    gin_advice a[64];
    int n = gin_advise(&v, a, 64);
    assert_true(n > 0);
    assert_int_equal(a[0].action.kind, GIN_ACT_KNOCK);
    assert_int_equal(a[0].action.card, C("KC"));
    assert_non_null(strstr(a[0].reason, "gin"));
}

static void test_deterministic_and_cap(void **state)
{
    (void)state;
    gin_view v = make_view("2S 3S 4S 7H 7D 7C 9D TD JD AH KC", "AD 5H", GIN_PHASE_DISCARD, 12);
    gin_advice a[64], b[64];
    int n = gin_advise(&v, a, 64);
    assert_int_equal(gin_advise(&v, b, 64), n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(a[i].action.kind, b[i].action.kind);
        assert_int_equal(a[i].action.card, b[i].action.card);
        assert_string_equal(a[i].reason, b[i].reason);
    }
    assert_int_equal(gin_advise(&v, b, 3), 3);
    assert_int_equal(b[0].action.card, a[0].action.card);
    assert_int_equal(gin_advise(NULL, b, 3), GIN_EINVAL);
    v.phase = GIN_PHASE_OVER;
    assert_int_equal(gin_advise(&v, b, 3), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discard_phase),
        cmocka_unit_test(test_taken_card_excluded),
        cmocka_unit_test(test_upcard),
        cmocka_unit_test(test_gin_first),
        cmocka_unit_test(test_deterministic_and_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
