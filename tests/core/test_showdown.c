/* Tests of the showdown: spreads, layoffs, results and points, the worked
 * examples of the classic rules, and a brute-force cross-check on random deals. */
#include <setjmp.h>
#include <string.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gin/card.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "gin/showdown.h"

static gin_cardset H(const char *text)
{
    gin_cardset s = 0;
    int n = gin_cardset_parse(text, &s, NULL);
    assert_true(n > 0);
    return s;
}

static gin_card C(const char *text) { return gin_cardset_first(H(text)); }

static gin_rules R(const char *name)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(name, &r), GIN_OK);
    return r;
}

static gin_cardset laid_set(const gin_showdown *s)
{
    gin_cardset laid = 0;
    for (int i = 0; i < s->n_layoffs; i++)
        laid |= gin_cardset_of(s->layoffs[i].card);
    return laid;
}

/* Position of `card` among the layoffs, or -1. */
static int layoff_at(const gin_showdown *s, gin_card card)
{
    for (int i = 0; i < s->n_layoffs; i++)
        if (s->layoffs[i].card == card)
            return i;
    return -1;
}

/* The knocker meld `card` was laid on (must be laid). */
static gin_cardset layoff_meld(const gin_showdown *s, gin_card card)
{
    int i = layoff_at(s, card);
    assert_true(i >= 0);
    return s->knocker.melds[s->layoffs[i].meld];
}

static int has_meld(const gin_arrangement *a, gin_cardset m)
{
    for (int i = 0; i < a->n_melds; i++)
        if (a->melds[i] == m)
            return 1;
    return 0;
}

/* Checks every invariant of a settled showdown against the two hands:
 * both spreads partition their hands into valid melds and deadwood, the
 * deadwoods are least, and replaying the layoffs in order extends a
 * knocker meld legally at every step. */
static void check_consistent(const gin_showdown *s, gin_cardset k, gin_cardset d)
{
    gin_cardset seen = 0;
    for (int i = 0; i < s->knocker.n_melds; i++) {
        assert_true(gin_meld_valid(s->knocker.melds[i]));
        assert_int_equal(seen & s->knocker.melds[i], 0);
        seen |= s->knocker.melds[i];
    }
    assert_int_equal(seen & s->knocker.unmatched, 0);
    assert_true((seen | s->knocker.unmatched) == k);
    assert_int_equal(s->knocker.deadwood, gin_cardset_value(s->knocker.unmatched));
    assert_int_equal(s->knocker.deadwood, gin_deadwood(k));

    gin_cardset laid = laid_set(s);
    assert_int_equal(gin_cardset_count(laid), s->n_layoffs);
    assert_true((laid & ~d) == 0);
    seen = laid;
    for (int i = 0; i < s->defender.n_melds; i++) {
        assert_true(gin_meld_valid(s->defender.melds[i]));
        assert_int_equal(seen & s->defender.melds[i], 0);
        seen |= s->defender.melds[i];
    }
    assert_int_equal(seen & s->defender.unmatched, 0);
    assert_true((seen | s->defender.unmatched) == d);
    assert_int_equal(s->defender.deadwood, gin_cardset_value(s->defender.unmatched));
    assert_int_equal(s->defender.deadwood, gin_deadwood(d & ~laid));
    assert_int_equal(s->defender_deadwood_before_layoffs, gin_deadwood(d));

    gin_cardset melds[GIN_MAX_MELDS];
    for (int i = 0; i < s->knocker.n_melds; i++)
        melds[i] = s->knocker.melds[i];
    for (int i = 0; i < s->n_layoffs; i++) {
        int m = s->layoffs[i].meld;
        assert_true(m >= 0 && m < s->knocker.n_melds);
        melds[m] |= gin_cardset_of(s->layoffs[i].card);
        assert_true(gin_meld_valid(melds[m]));
    }
    if (s->kind == GIN_RESULT_GIN || s->kind == GIN_RESULT_BIG_GIN)
        assert_int_equal(s->n_layoffs, 0);
}

static gin_showdown settle_ok(const gin_rules *r, gin_cardset k, gin_cardset d, int limit)
{
    gin_showdown s;
    assert_int_equal(gin_showdown_settle(r, k, d, limit, &s), GIN_OK);
    check_consistent(&s, k, d);
    return s;
}

/* ---- the classic rules (the classic preset's source) ---- */

static void classic_gin_scores_45(void **state)
{
    (void)state;
    gin_rules r = R("classic");
    /* Player One goes gin; Player Two's 7S would extend the 8S-JS run, but
     * nothing is laid off against gin. */
    gin_cardset k = H("8S 9S TS JS AD 2D 3D 5H 5C 5D");
    gin_cardset d = H("7S 7D 4H 4C 4S 4D TH JH QH 6C");
    gin_showdown s = settle_ok(&r, k, d, r.knock_limit);
    assert_int_equal(s.kind, GIN_RESULT_GIN);
    assert_int_equal(s.winner, GIN_KNOCKER);
    assert_int_equal(s.points, 45);
    assert_int_equal(s.knocker.deadwood, 0);
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender_deadwood_before_layoffs, 20);
    assert_int_equal(s.defender.deadwood, 20);
    assert_true(gin_cardset_has(s.defender.unmatched, C("7S")));
}

/* In both knock examples the text lists ten cards a player. Player Two's
 * ten (three sets and the 6H, "deadwood only six") are what it spreads: its
 * face-down discard is not among them. Player One is the defender and
 * never drew, so its ten are its showdown hand. */
static const char *const classic_knocker = "TH TS TC AD AH AC 5H 5C 5D 6H";

static void classic_knock_scores_48(void **state)
{
    (void)state;
    gin_rules r = R("classic");
    gin_cardset k = H(classic_knocker);
    gin_cardset d = H("KS KD KH JC JS QD QH 2H 6D 6C");
    gin_showdown s = settle_ok(&r, k, d, r.knock_limit);
    assert_int_equal(s.kind, GIN_RESULT_KNOCK);
    assert_int_equal(s.winner, GIN_KNOCKER);
    assert_int_equal(s.points, 48);
    assert_int_equal(s.knocker.deadwood, 6);
    assert_true(s.knocker.unmatched == H("6H"));
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender.deadwood, 54);
    assert_true(has_meld(&s.defender, H("KS KD KH")));
}

static void classic_undercut_scores_29(void **state)
{
    (void)state;
    gin_rules r = R("classic");
    gin_cardset k = H(classic_knocker);
    gin_cardset d = H("KS KD KH KC JC JS JD 5S TD 2H");
    gin_showdown s = settle_ok(&r, k, d, r.knock_limit);
    assert_int_equal(s.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(s.winner, GIN_DEFENDER);
    assert_int_equal(s.points, 29); /* 25 + (6 - 2) */
    assert_int_equal(s.defender_deadwood_before_layoffs, 17);
    assert_int_equal(s.n_layoffs, 2);
    assert_true(laid_set(&s) == H("5S TD"));
    assert_true(layoff_meld(&s, C("5S")) == H("5H 5C 5D"));
    assert_true(layoff_meld(&s, C("TD")) == H("TH TS TC"));
    assert_int_equal(s.defender.deadwood, 2);
    assert_true(s.defender.unmatched == H("2H"));
}

/* ---- layoffs ---- */

static void layoff_fourth_card_on_three_set(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H("7S 7H 7D 2C 3C 4C 9H TH JH AS");
    gin_cardset d = H("7C KS QD 8S 5D 3H AD 6S JC 9D");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.defender_deadwood_before_layoffs, 69);
    assert_int_equal(s.n_layoffs, 1);
    assert_true(layoff_meld(&s, C("7C")) == H("7S 7H 7D"));
    assert_int_equal(s.defender.deadwood, 62);
    assert_int_equal(s.kind, GIN_RESULT_KNOCK);
    assert_int_equal(s.points, 61);
}

static void no_layoff_on_four_set(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* Four sevens spread as one set: it cannot grow, and the sixes and
     * eights around it fit nowhere. */
    gin_cardset k = H("7S 7H 7D 7C 2C 3C 4C AS AH 2D");
    gin_cardset d = H("6S 8S 6H 8H KS QH JD 9C 5D 3S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(has_meld(&s.knocker, H("7S 7H 7D 7C")));
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender.deadwood, 75);
    assert_int_equal(s.points, 71);
}

static void layoffs_at_both_ends_of_run(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H("5H 6H 7H 9S 9D 9C JC QC KC 2D");
    gin_cardset d = H("4H 8H AS 3S 6D KS QD 2C 4C 7S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(laid_set(&s) == H("4H 8H"));
    assert_true(layoff_meld(&s, C("4H")) == H("5H 6H 7H"));
    assert_true(layoff_meld(&s, C("8H")) == H("5H 6H 7H"));
    assert_int_equal(s.defender.deadwood, 55 - 12);
    assert_int_equal(s.points, 43 - 2);
}

static void chained_layoffs_upward(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* 9H fits only once 8H is down. */
    gin_cardset k = H("5H 6H 7H 3S 3D 3C JC QC KC 2D");
    gin_cardset d = H("8H 9H AS 4S 6D KS QD 2C 5C 7S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.n_layoffs, 2);
    assert_int_equal(s.layoffs[0].card, C("8H"));
    assert_int_equal(s.layoffs[1].card, C("9H"));
    assert_true(layoff_meld(&s, C("9H")) == H("5H 6H 7H"));
    assert_int_equal(s.defender.deadwood, 62 - 17);
}

static void chained_layoffs_both_directions(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H("5H 6H 7H 9S 9D 9C JC QC KC 2D");
    gin_cardset d = H("3H 4H 8H 9H AS KS QD 2C 6D 7S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(laid_set(&s) == H("3H 4H 8H 9H"));
    /* Laid from the meld outward. (9H could also go on the nines; wherever
     * it goes, check_consistent replays the order.) */
    assert_true(layoff_at(&s, C("4H")) < layoff_at(&s, C("3H")));
    assert_true(layoff_at(&s, C("8H")) < layoff_at(&s, C("9H")));
    assert_int_equal(s.defender_deadwood_before_layoffs, 60);
    assert_int_equal(s.defender.deadwood, 36);
}

static void card_fitting_set_and_run_goes_where_it_chains(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* 8H could be the fourth eight, but 9H then has nowhere to go: both
     * must go on the run. */
    gin_cardset k = H("5H 6H 7H 8S 8D 8C JC QC KC 2D");
    gin_cardset d = H("8H 9H AS 3S 6D KS QD 2C 4C 7S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(laid_set(&s) == H("8H 9H"));
    assert_true(layoff_meld(&s, C("8H")) == H("5H 6H 7H"));
    assert_true(layoff_meld(&s, C("9H")) == H("5H 6H 7H"));
    assert_int_equal(s.defender.deadwood, 60 - 17);
}

static void layoffs_into_gap_between_two_runs(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* 4H and 5H extend A-3H upward, 7H extends 8-TH downward. */
    gin_cardset k = H("AH 2H 3H 8H 9H TH JC QC KC 5S");
    gin_cardset d = H("4H 5H 7H AS 3S 6D KS QD 2C 9C");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(laid_set(&s) == H("4H 5H 7H"));
    assert_true(layoff_meld(&s, C("5H")) == H("AH 2H 3H"));
    assert_true(layoff_meld(&s, C("7H")) == H("8H 9H TH"));
    assert_int_equal(s.defender.deadwood, 57 - 16);
}

static void breaks_own_meld_when_that_lowers_deadwood(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* 8H leaves the four eights (three remain a set) to carry 9H. */
    gin_cardset k = H("5H 6H 7H 3S 3D 3C JC QC KC 2D");
    gin_cardset d = H("8H 8S 8D 8C 9H AS 4S 6D KS QD");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.defender_deadwood_before_layoffs, 40);
    assert_true(laid_set(&s) == H("8H 9H"));
    assert_true(has_meld(&s.defender, H("8S 8D 8C")));
    assert_int_equal(s.defender.deadwood, 31);
}

static void keeps_own_meld_when_breaking_costs(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H("5H 6H 7H 3S 3D 3C JC QC KC 2D");
    /* Laying off 8H and 9H would leave 8S 8D dead: worse than keeping the set. */
    gin_cardset d = H("8H 8S 8D 9H AS 4S 6D KS QD 2C");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.n_layoffs, 0);
    assert_true(has_meld(&s.defender, H("8H 8S 8D")));
    assert_int_equal(s.defender.deadwood, 42);
}

static void keeps_own_meld_when_layoff_gains_nothing(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H("5H 6H 7H 3S 3D 3C JC QC KC 2D");
    /* 8-9-TH could all be laid off, for the same deadwood: fewer layoffs win. */
    gin_cardset d = H("8H 9H TH AS 4S 6D KS QD 2C 4C");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.n_layoffs, 0);
    assert_true(has_meld(&s.defender, H("8H 9H TH")));
    assert_int_equal(s.defender.deadwood, 37);
}

/* ---- the knocker's spread ---- */

static const char *const tie_knocker = "7S 7H 7D 7C 8C 9C TC 2S 3D 4H";

static void knocker_spreads_the_arrangement_worst_for_defender(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H(tie_knocker);
    /* Two spreads leave 9: {7S 7H 7D} + {7C..TC}, on whose run the defender
     * lays 6C, or {four sevens} + {8C 9C TC}, where 6C fits nowhere. */
    gin_arrangement all[8];
    assert_int_equal(gin_arrange_all(k, all, 8), 2);
    gin_cardset d = H("6C KS QH JD 9S 5D 3S AH 4D 8H");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(has_meld(&s.knocker, H("7S 7H 7D 7C")));
    assert_true(has_meld(&s.knocker, H("8C 9C TC")));
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender.deadwood, 66);
    assert_int_equal(s.points, 57);
}

static void knocker_tie_without_difference_takes_first(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H(tie_knocker);
    gin_arrangement all[8];
    assert_int_equal(gin_arrange_all(k, all, 8), 2);
    /* JC lays off on either spread's run, so they tie: the first is spread. */
    gin_cardset d = H("JC KS QH JD 9S 5D 3S AH 4D 8H");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.knocker.n_melds, all[0].n_melds);
    for (int i = 0; i < all[0].n_melds; i++)
        assert_true(s.knocker.melds[i] == all[0].melds[i]);
    assert_true(laid_set(&s) == H("JC"));
    assert_int_equal(s.defender.deadwood, 60);
}

/* Two spreads of 10 deadwood: A = {4H 5H 6H} + spades, leaving 5S 5D; B =
 * {5H 5S 5D} + spades, leaving 4H 6H. A takes 3H or 7H, B takes 5C, so
 * whichever order gin_arrange_all lists them in, one of the two tests below
 * needs the tie-break to look past the first. */
static const char *const swap_knocker = "4H 5H 6H 5S 5D 9S TS JS QS KS";

static void knocker_tie_break_keeps_run_end_blocked(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H(swap_knocker);
    gin_arrangement all[8];
    assert_int_equal(gin_arrange_all(k, all, 8), 2);
    gin_cardset d = H("7H KD QC 2S 3C 8D JD AC 9C 4S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(has_meld(&s.knocker, H("5H 5S 5D")));
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender.deadwood, 64);
    assert_int_equal(s.points, 54);
}

static void knocker_tie_break_keeps_set_blocked(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_cardset k = H(swap_knocker);
    gin_cardset d = H("5C KD QC 2S 3C 8D JD AC 9C 4S");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_true(has_meld(&s.knocker, H("4H 5H 6H")));
    assert_int_equal(s.n_layoffs, 0);
    assert_int_equal(s.defender.deadwood, 62);
    assert_int_equal(s.points, 52);
}

/* ---- results and points ---- */

static const char *const undercut_knocker = "5S 9H 9D 9C JC QC KC 2H 3H 4H";
static const char *const undercut_defender = "AS 2S 3S 6D 7D 8D QH QS QD 5C";

static void equal_deadwood_is_undercut(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_showdown s = settle_ok(&r, H(undercut_knocker), H(undercut_defender), 10);
    assert_int_equal(s.knocker.deadwood, 5);
    assert_int_equal(s.defender.deadwood, 5);
    assert_int_equal(s.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(s.winner, GIN_DEFENDER);
    assert_int_equal(s.points, 25);
}

static void knock_limit_skipped_when_negative(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    /* 63 deadwood: no limit check, and an undercut by 63 - 5. */
    gin_cardset k = H("5S 9H 9D KH JC QC KD 2H 3H 4H");
    gin_showdown s = settle_ok(&r, k, H(undercut_defender), -1);
    assert_int_equal(s.knocker.deadwood, 63);
    assert_int_equal(s.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(s.points, 63 - 5 + 25);
    assert_int_equal(gin_showdown_settle(&r, k, H(undercut_defender), 10, &s), GIN_EKNOCK);
}

static void each_preset_scores_its_bonuses(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int gin, undercut;
    } want[] = {{"standard", 45, 25}, {"classic", 45, 25}, {"oklahoma", 45, 20}, {"straight", 45, -1}};
    gin_cardset gk = H("8S 9S TS JS AD 2D 3D 5H 5C 5D");
    gin_cardset gd = H("7S 7D 4H 4C 4S 4D TH JH QH 6C");
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gin_rules r = R(want[i].name);
        int limit = gin_rules_knock_limit(&r, C("TC"));
        gin_showdown s = settle_ok(&r, gk, gd, limit);
        assert_int_equal(s.kind, GIN_RESULT_GIN);
        assert_int_equal(s.points, want[i].gin);
        if (want[i].undercut < 0) {
            /* Straight gin: any deadwood is over the limit. */
            assert_int_equal(gin_showdown_settle(&r, H(undercut_knocker), H(undercut_defender), limit, &s), GIN_EKNOCK);
            continue;
        }
        s = settle_ok(&r, H(undercut_knocker), H(undercut_defender), limit);
        assert_int_equal(s.kind, GIN_RESULT_UNDERCUT);
        assert_int_equal(s.points, want[i].undercut);
    }
}

static void big_gin_when_allowed(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    r.big_gin_bonus = 31;
    gin_cardset k = H("8S 9S TS JS AD 2D 3D 5H 5C 5D 5S");
    gin_cardset d = H("7S 7D 4H 4C 4S 4D TH JH QH 6C");
    gin_showdown s = settle_ok(&r, k, d, 10);
    assert_int_equal(s.kind, GIN_RESULT_BIG_GIN);
    assert_int_equal(s.winner, GIN_KNOCKER);
    assert_int_equal(s.points, 31 + 20);
    assert_int_equal(s.n_layoffs, 0); /* 7S fits the spade run, but not against gin */

    /* Ten melded cards are still plain gin when big gin is on. */
    s = settle_ok(&r, H("8S 9S TS JS AD 2D 3D 5H 5C 5D"), d, 10);
    assert_int_equal(s.kind, GIN_RESULT_GIN);
    assert_int_equal(s.points, 25 + 20);

    /* Eleven cards not all melded. */
    assert_int_equal(gin_showdown_settle(&r, H("8S 9S TS JS AD 2D 3D 5H 5C 5D KS"), d, 10, &s), GIN_EKNOCK);
}

static void big_gin_when_not_allowed(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    assert_int_equal(r.big_gin_bonus, 0);
    gin_showdown s;
    assert_int_equal(
        gin_showdown_settle(&r, H("8S 9S TS JS AD 2D 3D 5H 5C 5D 5S"), H("7S 7D 4H 4C 4S 4D TH JH QH 6C"), 10, &s),
        GIN_EKNOCK);
}

/* ---- errors ---- */

static void errors(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    gin_showdown s;
    gin_cardset k = H(undercut_knocker), d = H(undercut_defender);
    assert_int_equal(gin_showdown_settle(NULL, k, d, 10, &s), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle(&r, k, d, 10, NULL), GIN_EINVAL);
    gin_cardset off_deck = UINT64_C(1) << 13; /* rank 13 of spades: not a card */
    assert_int_equal(gin_showdown_settle(&r, k | off_deck, d, 10, &s), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle(&r, k, d | (UINT64_C(1) << 63), 10, &s), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle(&r, k & ~H("5S"), d, 10, &s), GIN_ECOUNT);
    assert_int_equal(gin_showdown_settle(&r, k | H("KD KH"), d, 10, &s), GIN_ECOUNT);
    assert_int_equal(gin_showdown_settle(&r, k, d & ~H("5C"), 10, &s), GIN_ECOUNT);
    assert_int_equal(gin_showdown_settle(&r, k, d | H("KD"), 10, &s), GIN_ECOUNT);
    assert_int_equal(gin_showdown_settle(&r, 0, 0, 10, &s), GIN_ECOUNT);
    /* The defender holds the knocker's 5S instead of its 5C. */
    assert_int_equal(gin_showdown_settle(&r, k, (d & ~H("5C")) | H("5S"), 10, &s), GIN_EOVERLAP);
    assert_int_equal(gin_showdown_settle(&r, k, d, 4, &s), GIN_EKNOCK);
    assert_int_equal(gin_showdown_settle(&r, k, d, 0, &s), GIN_EKNOCK);
    assert_int_equal(gin_showdown_settle(&r, k, d, 5, &s), GIN_OK);
}

/* ---- brute force on random deals ---- */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = gin_rng_mix(*x);
    *x += GIN_RNG_GOLDEN;
    return z;
}

/* Whether every card of `cards` can be laid off on `melds`, one at a time,
 * each extending some meld into a valid one: tried in every order. */
static int layable(gin_cardset cards, gin_cardset *melds, int n)
{
    if (!cards)
        return 1;
    for (gin_cardset rest = cards; rest; rest &= rest - 1) {
        gin_card c = gin_cardset_first(rest);
        for (int i = 0; i < n; i++) {
            gin_cardset before = melds[i];
            if (!gin_meld_valid(before | gin_cardset_of(c)))
                continue;
            melds[i] |= gin_cardset_of(c);
            int ok = layable(cards & ~gin_cardset_of(c), melds, n);
            melds[i] = before;
            if (ok)
                return 1;
        }
    }
    return 0;
}

/* The defender's least deadwood against one spread over all 1024 subsets,
 * and the fewest layoffs reaching it. */
static int brute_defend(const gin_arrangement *a, gin_cardset d, int *fewest)
{
    gin_card cards[10];
    int n = 0;
    for (gin_cardset x = d; x; x &= x - 1)
        cards[n++] = gin_cardset_first(x);
    int best = 1000;
    *fewest = 0;
    for (unsigned sub = 0; sub < (1u << n); sub++) {
        gin_cardset l = 0;
        for (int i = 0; i < n; i++)
            if (sub & (1u << i))
                l |= gin_cardset_of(cards[i]);
        gin_cardset melds[GIN_MAX_MELDS];
        for (int i = 0; i < a->n_melds; i++)
            melds[i] = a->melds[i];
        if (!layable(l, melds, a->n_melds))
            continue;
        int dw = gin_deadwood(d & ~l);
        int cnt = gin_cardset_count(l);
        if (dw < best || (dw == best && cnt < *fewest)) {
            best = dw;
            *fewest = cnt;
        }
    }
    return best;
}

static void matches_brute_force_on_random_deals(void **state)
{
    (void)state;
    gin_rules r = R("standard");
    uint64_t seed = 2024;
    int layoff_deals = 0, undercuts = 0;
    for (int deal = 0; deal < 1500; deal++) {
        /* Two seats draw from one shuffle and throw their best discard in
         * turn until one can knock (deals like real knocks, rich in
         * layoffs); a stock run down to two cards is dealt again. */
        gin_card deck[GIN_DECK_SIZE];
        gin_cardset hand[2];
        int knocker = -1;
        while (knocker < 0) {
            int n = 0;
            for (int su = 0; su < GIN_SUITS; su++)
                for (int rk = 0; rk < GIN_RANKS; rk++)
                    deck[n++] = gin_card_make(rk, su);
            for (int i = GIN_DECK_SIZE - 1; i > 0; i--) {
                int j = (int)(splitmix(&seed) % (uint64_t)(i + 1));
                gin_card t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
            hand[0] = hand[1] = 0;
            for (int i = 0; i < 10; i++) {
                hand[0] |= gin_cardset_of(deck[i]);
                hand[1] |= gin_cardset_of(deck[10 + i]);
            }
            for (int top = 20, seat = 0; top < GIN_DECK_SIZE - 2; top++, seat ^= 1) {
                gin_card out;
                int after;
                hand[seat] |= gin_cardset_of(deck[top]);
                assert_int_equal(gin_best_discard(hand[seat], &out, &after), GIN_OK);
                hand[seat] &= ~gin_cardset_of(out);
                if (after <= 10) {
                    knocker = seat;
                    break;
                }
            }
        }
        gin_cardset k = hand[knocker], d = hand[knocker ^ 1];

        gin_showdown s = settle_ok(&r, k, d, 10);
        if (s.knocker.deadwood == 0) {
            assert_int_equal(s.defender.deadwood, gin_deadwood(d));
            continue;
        }
        gin_arrangement all[64];
        int n_all = gin_arrange_all(k, all, 64);
        assert_true(n_all >= 1 && n_all <= 64);
        int worst = -1, fewest;
        for (int i = 0; i < n_all; i++) {
            int dw = brute_defend(&all[i], d, &fewest);
            if (dw > worst)
                worst = dw;
        }
        assert_int_equal(s.defender.deadwood, worst);
        assert_int_equal(brute_defend(&s.knocker, d, &fewest), worst);
        assert_int_equal(s.n_layoffs, fewest);
        layoff_deals += s.n_layoffs > 0;
        undercuts += s.kind == GIN_RESULT_UNDERCUT;
    }
    /* The deals exercise layoffs and undercuts, not just their absence. */
    assert_true(layoff_deals > 200);
    assert_true(undercuts > 20);
}

/* Regression: the result left unused layoff slots as whatever the caller's
 * memory held, so two settlements of the same hands compared unequal and a
 * hand's state after the showdown was not byte-deterministic (valgrind found
 * it through test_hand's byte-for-byte check). */
static void result_is_fully_defined(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_cardset k = H("TH TS TC AD AH AC 5H 5C 5D 6H"), d = H("KS KD KH KC JC JS JD 5S TD 2H");
    gin_showdown a, b;
    memset(&a, 0xAA, sizeof a);
    memset(&b, 0x55, sizeof b);
    assert_int_equal(gin_showdown_settle(&r, k, d, 10, &a), GIN_OK);
    assert_int_equal(gin_showdown_settle(&r, k, d, 10, &b), GIN_OK);
    assert_int_equal(a.n_layoffs, 2);
    assert_memory_equal(&a, &b, sizeof a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_gin_scores_45),
        cmocka_unit_test(result_is_fully_defined),
        cmocka_unit_test(classic_knock_scores_48),
        cmocka_unit_test(classic_undercut_scores_29),
        cmocka_unit_test(layoff_fourth_card_on_three_set),
        cmocka_unit_test(no_layoff_on_four_set),
        cmocka_unit_test(layoffs_at_both_ends_of_run),
        cmocka_unit_test(chained_layoffs_upward),
        cmocka_unit_test(chained_layoffs_both_directions),
        cmocka_unit_test(card_fitting_set_and_run_goes_where_it_chains),
        cmocka_unit_test(layoffs_into_gap_between_two_runs),
        cmocka_unit_test(breaks_own_meld_when_that_lowers_deadwood),
        cmocka_unit_test(keeps_own_meld_when_breaking_costs),
        cmocka_unit_test(keeps_own_meld_when_layoff_gains_nothing),
        cmocka_unit_test(knocker_spreads_the_arrangement_worst_for_defender),
        cmocka_unit_test(knocker_tie_without_difference_takes_first),
        cmocka_unit_test(knocker_tie_break_keeps_run_end_blocked),
        cmocka_unit_test(knocker_tie_break_keeps_set_blocked),
        cmocka_unit_test(equal_deadwood_is_undercut),
        cmocka_unit_test(knock_limit_skipped_when_negative),
        cmocka_unit_test(each_preset_scores_its_bonuses),
        cmocka_unit_test(big_gin_when_allowed),
        cmocka_unit_test(big_gin_when_not_allowed),
        cmocka_unit_test(errors),
        cmocka_unit_test(matches_brute_force_on_random_deals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
