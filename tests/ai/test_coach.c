/* Tests of the coach (coach.h): positions with a clear answer, every legal
 * answer listed and nothing else, the ranking in order, and reasons that
 * say only what the view supports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "coach.h"
#include "gin/error.h"
#include "gin/rules.h"
#include "support/support.h"

#define C(s) test_card(s)

static gin_coach_move mv[GIN_ANALYSIS_MAX];

static void show(const gin_view *v, int n)
{
    for (int i = 0; i < n; i++) {
        char t[24];
        gin_coach_move_text(v, mv[i].value.action, t, sizeof t);
        print_message("%-10s %+6.2f win %.3f gap %+.2f se %.2f  %s\n", t, mv[i].value.points, mv[i].value.win,
                      mv[i].value.gap, mv[i].value.gap_se, mv[i].reason);
    }
}

static int coach(const gin_view *v)
{
    gin_coach_opts o = {0, 0, 0, 0}; /* the default budget, seed 0, cards as letters */
    int n = gin_coach(v, &o, mv, GIN_ANALYSIS_MAX);
    assert_true(n > 0);
    /* Every legal answer once, nothing else, best first. */
    gin_action legal[64];
    int nl = gin_view_legal(v, legal, 64);
    assert_int_equal(n, nl);
    for (int i = 0; i < n; i++) {
        assert_true(gin_view_is_legal(v, mv[i].value.action));
        for (int j = 0; j < i; j++)
            assert_false(mv[j].value.action.kind == mv[i].value.action.kind &&
                         mv[j].value.action.card == mv[i].value.action.card);
        if (i > 0)
            assert_true(mv[i].value.gap <= mv[i - 1].value.gap + 1e-9);
        assert_true(mv[i].reason[0] != '\0');
    }
    assert_true(mv[0].value.gap == 0.0);
    if (getenv("COACH_SHOW"))
        show(v, n);
    return n;
}

static int is(const gin_coach_move *m, int kind, const char *card)
{
    return m->value.action.kind == kind && (!card || m->value.action.card == C(card));
}

/* Deadwood 1 early in the hand, and no single card gives gin: the fourth
 * seven and king, both ends of the clubs run and the 2H are in the pile,
 * so only two more aces could meld the AH. Playing on would wait while the
 * opponent improves: knock now. (Deadwood 1 alone is not the answer: with
 * runs open at their ends, any card that joins a meld is gin, and the
 * analysis rightly plays on; tests/ai/test_coach.c's other positions.) */
static void knocks_at_deadwood_one_early(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    assert_int_equal(v.stock_n, 22);
    coach(&v);
    assert_true(is(&mv[0], GIN_ACT_KNOCK, "QD"));
    assert_non_null(strstr(mv[0].reason, "knock with deadwood 1"));
    char text[24];
    gin_coach_move_text(&v, mv[0].value.action, text, sizeof text);
    assert_string_equal(text, "knock QD");
}

static void keeps_a_run_rather_than_a_lone_king(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    int n = coach(&v);
    assert_true(is(&mv[0], GIN_ACT_DISCARD, "KS") || is(&mv[0], GIN_ACT_KNOCK, "KS"));
    for (int i = 0; i < n; i++)
        if (is(&mv[i], GIN_ACT_DISCARD, "6C"))
            assert_non_null(strstr(mv[i].reason, "breaks your"));
}

static void takes_an_upcard_that_melds(void **state)
{
    (void)state;
    /* 9H makes 7-8-9 of hearts: deadwood 54 to 35 or so. */
    gin_view v = test_view_at("7H 8H 2S 5D 5C JC QS KD 4S 9S", "9H", GIN_PHASE_OFFER, 0);
    coach(&v);
    assert_true(is(&mv[0], GIN_ACT_TAKE_UPCARD, NULL));
    assert_non_null(strstr(mv[0].reason, "makes"));
}

static void draws_the_pile_card_that_gives_gin(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "QS TD", GIN_PHASE_DRAW, 3);
    coach(&v);
    assert_true(is(&mv[0], GIN_ACT_DRAW_DISCARD, NULL));
    assert_non_null(strstr(mv[0].reason, "gives you gin"));
}

static void goes_gin(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC", "QS", GIN_PHASE_DISCARD, 3);
    coach(&v);
    assert_true(is(&mv[0], GIN_ACT_KNOCK, "KC"));
    char text[24];
    gin_coach_move_text(&v, mv[0].value.action, text, sizeof text);
    assert_string_equal(text, "gin KC");
    assert_non_null(strstr(mv[0].reason, "gin:"));
}

static void never_knocks_under_straight_rules(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC", "QS JH", GIN_PHASE_DISCARD, 2);
    assert_int_equal(gin_rules_preset("straight", &v.rules), GIN_OK);
    v.knock_limit = 0;
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(mv[i].value.action.kind, GIN_ACT_KNOCK);
}

static void never_the_card_just_taken(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D KC KH", "QS", GIN_PHASE_DISCARD, 3);
    v.taken = C("KH");
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(mv[i].value.action.card, C("KH"));
}

static void no_danger_without_evidence(void **state)
{
    (void)state;
    /* Nothing known of the opponent's hand: no throw is said to help it. */
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_null(strstr(mv[i].reason, "may help them"));
    /* It took the 9C from the pile: throwing the 8C may feed it, and that is said. */
    v.known[1] = gin_cardset_of(C("9C"));
    v.hand_size[1] = 10;
    n = coach(&v);
    int said = 0;
    for (int i = 0; i < n; i++)
        if (is(&mv[i], GIN_ACT_DISCARD, "8C"))
            said = strstr(mv[i].reason, "may help them: they took 9C") != NULL;
    assert_true(said);
}

static void same_answer_every_time(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    int n = coach(&v);
    gin_coach_move first[GIN_ANALYSIS_MAX];
    memcpy(first, mv, sizeof mv);
    assert_int_equal(coach(&v), n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(first[i].value.action.kind, mv[i].value.action.kind);
        assert_int_equal(first[i].value.action.card, mv[i].value.action.card);
        assert_true(first[i].value.points == mv[i].value.points && first[i].value.win == mv[i].value.win);
        assert_string_equal(first[i].reason, mv[i].reason);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(knocks_at_deadwood_one_early),
        cmocka_unit_test(keeps_a_run_rather_than_a_lone_king),
        cmocka_unit_test(takes_an_upcard_that_melds),
        cmocka_unit_test(draws_the_pile_card_that_gives_gin),
        cmocka_unit_test(goes_gin),
        cmocka_unit_test(never_knocks_under_straight_rules),
        cmocka_unit_test(never_the_card_just_taken),
        cmocka_unit_test(no_danger_without_evidence),
        cmocka_unit_test(same_answer_every_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
