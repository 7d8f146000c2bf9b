/* A short soak (bench/soak.c): a few thousand hands in
 * every preset, Hollywood included, with every invariant checked after every
 * action and each game's record replayed; and proof that the checks catch a
 * damaged game (a check that cannot fail proves nothing). The long run is
 * `gin-bench soak` (a million hands, `make soak`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "soak.h"

static void test_short_soak_has_no_violations(void **state)
{
    (void)state;
    soak_stats st;
    assert_int_equal(soak_run(3000, 7, &st, stderr), 0);
    assert_true(st.hands >= 3000);
    /* every variant (4 presets x Hollywood off/on, 10 single knobs) and a
     * bot level sat down; every way a hand ends happened (but big gin,
     * too rare for a short run) */
    assert_true(st.games >= 18);
    assert_true(st.kinds[GIN_RESULT_KNOCK] > 0 && st.kinds[GIN_RESULT_UNDERCUT] > 0);
    assert_true(st.kinds[GIN_RESULT_GIN] > 0 && st.voids > 0 && st.reshuffles > 0);
    assert_true(st.by_level >= 1);
    assert_int_equal(st.violations, 0);
    /* games too long for a record were replayed where their record filled */
    assert_int_equal(st.prefixes, st.too_long);
}

/* Play one standard game of simple against simple to its end in c. */
static soak_ctx *played_game(soak_stats *st)
{
    soak_ctx *c = calloc(1, sizeof *c);
    assert_non_null(c);
    memset(st, 0, sizeof *st);
    c->st = st;
    c->variant = "standard";
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(soak_game(c, &r, 42, 3), 0); /* game 3: simple against simple */
    assert_int_equal(st->violations, 0);
    assert_true(c->match.game.over);
    return c;
}

static void test_checks_catch_a_doubled_card(void **state)
{
    (void)state;
    soak_stats st;
    soak_ctx *c = played_game(&st);
    gin_hand *h = &c->match.game.hand;
    assert_true(h->stock_n >= 2);
    h->stock[0] = h->stock[1];
    soak_check_cards(c);
    assert_true(st.violations >= 1);
    free(c);
}

static void test_checks_catch_a_wrong_score(void **state)
{
    (void)state;
    soak_stats st;
    soak_ctx *c = played_game(&st);
    c->match.game.score.total[0] += 1;
    soak_check_score(c);
    assert_int_equal(st.violations, 1);
    free(c);
}

static void test_checks_catch_a_record_that_differs(void **state)
{
    (void)state;
    soak_stats st;
    soak_ctx *c = played_game(&st);
    soak_check_record(c);
    assert_int_equal(st.violations, 0);
    /* Change the last discard or knock to another legal-looking card: the
     * replay must refuse it or end differently. */
    int i = c->rec.n_actions - 1;
    while (i >= 0 && c->rec.actions[i].kind != GIN_ACT_DISCARD)
        i--;
    assert_true(i >= 0);
    c->rec.actions[i].card = gin_card_make(0, 0) == c->rec.actions[i].card ? gin_card_make(1, 0) : gin_card_make(0, 0);
    soak_check_record(c);
    assert_true(st.violations >= 1);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_soak_has_no_violations),
        cmocka_unit_test(test_checks_catch_a_doubled_card),
        cmocka_unit_test(test_checks_catch_a_wrong_score),
        cmocka_unit_test(test_checks_catch_a_record_that_differs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
