/* Tests of the knocker's spread (meld.h, showdown.h): which spreads a hand
 * may show, what a chosen spread does to the layoffs, and the text form. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/card.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "gin/showdown.h"

static gin_cardset H(const char *text)
{
    gin_cardset s = 0;
    assert_true(gin_cardset_parse(text, &s, NULL) > 0);
    return s;
}

static gin_spread sp(const char *sets, const char *runs)
{
    gin_spread s = {sets ? H(sets) : 0, runs ? H(runs) : 0};
    return s;
}

/* Three runs or three sets of 7 8 9: the same deadwood, different layoffs. */
static const char *const grid = "7H 8H 9H 7C 8C 9C 7D 8D 9D 2S";
static const char *const grid_runs = "7H 8H 9H 7C 8C 9C 7D 8D 9D";

static void grid_has_two_spreads(void **state)
{
    (void)state;
    gin_arrangement a[8];
    assert_int_equal(gin_spreads(H(grid), 10, a, 8), 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(a[i].deadwood, 2);
        assert_int_equal(a[i].n_melds, 3);
        assert_true(a[i].unmatched == H("2S"));
    }
    /* Least deadwood first, then fewer set cards: the runs come first. */
    assert_true(gin_spread_of(&a[0]).sets == 0);
    assert_true(gin_spread_of(&a[1]).runs == 0);
    assert_false(gin_meld_is_set(a[0].melds[0]));
    assert_true(gin_meld_is_set(a[1].melds[0]));
}

static void spreads_include_more_deadwood_within_the_limit(void **state)
{
    (void)state;
    /* Deadwood 1 with every meld; 7 when AS 2S 3S is not shown; no other
     * meld can be left out within 10. */
    gin_arrangement a[8];
    gin_cardset hand = H("AS 2S 3S 5H 6H 7H 9C 9D 9S AD");
    assert_int_equal(gin_spreads(hand, 10, a, 8), 2);
    assert_int_equal(a[0].deadwood, 1);
    assert_int_equal(a[1].deadwood, 7);
    assert_int_equal(a[1].n_melds, 2);
    assert_true(a[1].unmatched == H("AS 2S 3S AD"));
    /* With the limit at 5 only the first; without a limit more (9 9 9 out...). */
    assert_int_equal(gin_spreads(hand, 5, a, 8), 1);
    assert_true(gin_spreads(hand, -1, NULL, 0) > 2);
    /* cap smaller than the count: the count, cap written */
    assert_int_equal(gin_spreads(hand, 10, a, 1), 2);
}

static void gin_hand_lists_only_gin(void **state)
{
    (void)state;
    /* 7-T of hearts with two runs of 7-9: gin. The three sets would leave
     * TH: not a spread a gin hand may show. */
    gin_cardset hand = H("7H 8H 9H TH 7C 8C 9C 7D 8D 9D");
    gin_arrangement a[8];
    int n = gin_spreads(hand, 10, a, 8);
    assert_true(n >= 1);
    for (int i = 0; i < n && i < 8; i++)
        assert_int_equal(a[i].deadwood, 0);
    gin_arrangement out;
    assert_int_equal(gin_spread_arrange(hand, sp("7H 8H 9H 7C 8C 9C 7D 8D 9D", NULL), 10, &out), GIN_EKNOCK);
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, "7H 8H 9H TH 7C 8C 9C 7D 8D 9D"), 10, &out), GIN_OK);
    assert_int_equal(out.deadwood, 0);
}

static void arrange_rejects_what_is_not_melds(void **state)
{
    (void)state;
    gin_cardset hand = H(grid);
    gin_arrangement out;
    memset(&out, 0x5a, sizeof out);
    gin_arrangement before = out;
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, NULL), 10, &out), GIN_EINVAL);             /* zero: no choice */
    assert_int_equal(gin_spread_arrange(hand, sp("7H 7C", NULL), 10, &out), GIN_EINVAL);          /* a set of two */
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, "7H 8H"), 10, &out), GIN_EINVAL);          /* a run of two */
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, "7S 8S 9S"), 10, &out), GIN_EINVAL);       /* not held */
    assert_int_equal(gin_spread_arrange(hand, sp("7H 7C 7D", "7H 8H 9H"), 10, &out), GIN_EINVAL); /* both */
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, "7H 8H 9H 7C 8C 9C"), 10, &out), GIN_EKNOCK); /* 26 */
    assert_memory_equal(&out, &before, sizeof out); /* untouched on error */
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, "7H 8H 9H 7C 8C 9C"), -1, &out), GIN_OK);
    assert_int_equal(out.deadwood, 26);
    assert_int_equal(gin_spread_arrange(hand, sp(NULL, grid_runs), 2, &out), GIN_OK);
    assert_int_equal(out.n_melds, 3);
    assert_true(out.unmatched == H("2S"));
}

static void touching_runs_are_one_run(void **state)
{
    (void)state;
    gin_spread s = {0, 0};
    assert_int_equal(gin_spread_add(&s, H("AH 2H 3H")), GIN_OK);
    assert_int_equal(gin_spread_add(&s, H("4H 5H 6H")), GIN_OK);
    assert_int_equal(gin_spread_add(&s, H("6H 7H 8H")), GIN_EINVAL); /* 6H twice */
    assert_int_equal(gin_spread_add(&s, H("9S 9H")), GIN_EINVAL);    /* not a meld */
    gin_arrangement out;
    assert_int_equal(gin_spread_arrange(H("AH 2H 3H 4H 5H 6H KS KH KD 2C"), s, -1, &out), GIN_OK);
    assert_int_equal(out.n_melds, 1);
    assert_true(out.melds[0] == H("AH 2H 3H 4H 5H 6H"));
    assert_int_equal(out.deadwood, 32);
}

static void text_round_trip(void **state)
{
    (void)state;
    char buf[GIN_SPREAD_TEXT_MAX];
    gin_spread s = sp("KS KH KD", "AC 2C 3C 4C");
    int n = gin_spread_format(s, buf, sizeof buf);
    assert_int_equal(n, (int)strlen(buf));
    assert_string_equal(buf, "KS,KH,KD AC,2C,3C,4C");
    /* every meld reads back */
    gin_spread back = {0, 0};
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        gin_cardset m;
        assert_true(gin_cardset_parse(w, &m, NULL) >= 3);
        assert_int_equal(gin_spread_add(&back, m), GIN_OK);
    }
    assert_true(back.sets == s.sets && back.runs == s.runs);
    assert_int_equal(gin_spread_format((gin_spread){0, 0}, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(gin_spread_format(sp("KS KH", NULL), buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_spread_format(s, buf, 5), GIN_ESPACE);
}

/* The defender holds 7S (fits the sets) and TH (fits the hearts run). */
static const char *const grid_defender = "7S TH AC 3C 5C JC QS 2D 4D KD";

static void chosen_spread_decides_the_layoffs(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_cardset k = H(grid), d = H(grid_defender);
    gin_showdown rules, runs, sets;
    /* The rules' choice leaves the defender the most deadwood: the sets
     * (TH stays with it, 10, rather than 7S, 7). */
    assert_int_equal(gin_showdown_settle(&r, k, d, 10, &rules), GIN_OK);
    assert_int_equal(rules.n_layoffs, 1);
    assert_int_equal(rules.layoffs[0].card, gin_cardset_first(H("7S")));
    assert_int_equal(gin_showdown_settle_spread(&r, k, d, 10, sp(grid_runs, NULL), &sets), GIN_OK);
    assert_memory_equal(&sets, &rules, sizeof sets);
    /* The knocker's own choice of runs lets TH go. */
    assert_int_equal(gin_showdown_settle_spread(&r, k, d, 10, sp(NULL, grid_runs), &runs), GIN_OK);
    assert_int_equal(runs.n_layoffs, 1);
    assert_int_equal(runs.layoffs[0].card, gin_cardset_first(H("TH")));
    assert_int_equal(runs.knocker.n_melds, 3);
    assert_false(gin_meld_is_set(runs.knocker.melds[0]));
    assert_int_equal(rules.points - runs.points, 3); /* 10 laid off instead of 7 */
    /* A spread over the limit, or not melds of the knocker's cards, is refused. */
    assert_int_equal(gin_showdown_settle_spread(&r, k, d, 1, sp(NULL, grid_runs), &runs), GIN_EKNOCK);
    assert_int_equal(gin_showdown_settle_spread(&r, k, d, 10, sp(NULL, "7S 8S 9S"), &runs), GIN_EINVAL);
}

static void more_deadwood_can_be_shown(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    /* Not showing AS 2S 3S: deadwood 7, and 4S has nowhere to go. */
    gin_cardset k = H("AS 2S 3S 5H 6H 7H 9C 9D 9S AD");
    gin_cardset d = H("4S 3H KC QC JD TD 2C 4C 6C 8C");
    gin_showdown sd;
    assert_int_equal(gin_showdown_settle_spread(&r, k, d, 10, sp("9C 9D 9S", "5H 6H 7H"), &sd), GIN_OK);
    assert_int_equal(sd.knocker.deadwood, 7);
    assert_int_equal(sd.n_layoffs, 0);
    assert_int_equal(sd.kind, GIN_RESULT_KNOCK);
    assert_int_equal(sd.points, sd.defender.deadwood - 7);
    /* All shown, 4S lays off on AS-3S. */
    assert_int_equal(gin_showdown_settle(&r, k, d, 10, &sd), GIN_OK);
    assert_int_equal(sd.n_layoffs, 1);
    assert_int_equal(sd.knocker.deadwood, 1);
}

static void ring_takes_the_chosen_spread(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("oklahoma", &r), GIN_OK);
    r.seats = 3;
    /* Seven cards each: the knocker's 7-8-9 grid without the diamonds. */
    gin_cardset held[3] = {H("7H 8H 9H 7C 8C 9C 2S"), H("7S TH 3D 5D JD QD KD"), H("6C AD 2D 4S 6S QS KS")};
    gin_ring_showdown t;
    assert_int_equal(gin_showdown_settle_ring_spread(&r, held, 3, 0, 10, sp(NULL, "7H 8H 9H 7C 8C 9C"), &t), GIN_OK);
    assert_int_equal(t.deadwood[0], 2);
    assert_int_equal(t.n_layoffs[1], 1); /* TH on the hearts */
    assert_int_equal(t.layoffs[1][0].card, gin_cardset_first(H("TH")));
    assert_int_equal(t.n_layoffs[2], 1); /* 6C on the clubs */
    assert_int_equal(gin_showdown_settle_ring_spread(&r, held, 3, 0, 10, sp("7H 7C 8H 8C 9H 9C", NULL), &t),
                     GIN_EINVAL); /* sets of two */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grid_has_two_spreads),
        cmocka_unit_test(spreads_include_more_deadwood_within_the_limit),
        cmocka_unit_test(gin_hand_lists_only_gin),
        cmocka_unit_test(arrange_rejects_what_is_not_melds),
        cmocka_unit_test(touching_runs_are_one_run),
        cmocka_unit_test(text_round_trip),
        cmocka_unit_test(chosen_spread_decides_the_layoffs),
        cmocka_unit_test(more_deadwood_can_be_shown),
        cmocka_unit_test(ring_takes_the_chosen_spread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
