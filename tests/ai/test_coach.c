/* Tests of the coach (coach.h): positions with a clear answer, every legal
 * answer listed once and nothing else, the ranking in one measure with its
 * gaps and noise marks consistent, and facts that say only what the view
 * supports (the words are the trainer's: tests/trainer). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "coach.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "support/support.h"

#define C(s) test_card(s)
#define CS(s) test_cards(s)

static gin_coach_advice adv;

static void show(const gin_view *v)
{
    for (int i = 0; i < adv.n; i++) {
        char t[24];
        const gin_coach_move *m = &adv.move[i];
        gin_coach_move_text(v, m->value.action, t, sizeof t);
        print_message("%-10s %+6.2f win %.4f gap %.4f se %.4f %s dw %d outs %d/%d\n", t, m->value.points, m->value.win,
                      m->gap, m->gap_se, m->equal ? "=" : " ", m->facts.deadwood, m->facts.live_outs, m->facts.outs);
    }
}

/* The page's own numbers agree: every legal answer once, best first by
 * the measure, gaps from 0 up and equal to the difference of the values,
 * the marks a prefix that holds the best, as coach.h says. */
static void assert_consistent(const gin_view *v, const gin_coach_advice *a)
{
    gin_action legal[64];
    assert_int_equal(a->n, gin_view_legal(v, legal, 64));
    int equal = 1;
    for (int i = 0; i < a->n; i++) {
        const gin_coach_move *m = &a->move[i];
        assert_true(gin_view_is_legal(v, m->value.action));
        for (int j = 0; j < i; j++)
            assert_false(a->move[j].value.action.kind == m->value.action.kind &&
                         a->move[j].value.action.card == m->value.action.card);
        double value = a->measure == GIN_COACH_BY_WIN ? m->value.win : m->value.points;
        double best = a->measure == GIN_COACH_BY_WIN ? a->move[0].value.win : a->move[0].value.points;
        assert_true(m->gap >= 0 && !signbit(m->gap)); /* not even -0, printed "-0.0000" */
        assert_true(fabs(m->gap - (best - value)) < 1e-6);
        if (i > 0)
            assert_true(m->gap >= a->move[i - 1].gap);
        double unit = a->measure == GIN_COACH_BY_WIN ? 100 : 1;
        equal = equal && (m->gap <= GIN_COACH_NOISE_SE * m->gap_se + 1e-12 || m->gap * unit < GIN_COACH_NEGLIGIBLE);
        assert_int_equal(m->equal, equal);
    }
    assert_true(a->move[0].gap == 0.0 && a->move[0].equal);
}

static int coach(const gin_view *v)
{
    gin_coach_opts o = {0, 0, 0, 0}; /* the default budget, seed 0 */
    int n = gin_coach(v, &o, &adv);
    assert_true(n > 0);
    assert_int_equal(n, adv.n);
    assert_consistent(v, &adv);
    if (getenv("COACH_SHOW"))
        show(v);
    return n;
}

static int is(const gin_coach_move *m, int kind, const char *card)
{
    return m->value.action.kind == kind && (!card || m->value.action.card == C(card));
}

static const gin_coach_move *find(int kind, const char *card)
{
    for (int i = 0; i < adv.n; i++)
        if (is(&adv.move[i], kind, card))
            return &adv.move[i];
    fail_msg("no such move");
    return NULL;
}

/* Deadwood 1 early in the hand, and no single card gives gin: the fourth
 * seven and king, both ends of the clubs run and the 2H are in the pile,
 * so only two more aces could meld the AH. Playing on would wait while the
 * opponent improves: knock now. */
static void knocks_at_deadwood_one_early(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    assert_true(is(&adv.move[0], GIN_ACT_KNOCK, "QD"));
    assert_int_equal(adv.move[0].facts.deadwood, 1);
    assert_true(adv.move[0].facts.undercut >= 0 && adv.move[0].facts.undercut < 0.5);
    char text[24];
    gin_coach_move_text(&v, adv.move[0].value.action, text, sizeof text);
    assert_string_equal(text, "knock QD");
    assert_int_equal(adv.measure, GIN_COACH_BY_WIN);
    assert_int_equal(adv.stock, v.stock_n);
}

static void keeps_a_run_rather_than_a_lone_king(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    coach(&v);
    assert_true(is(&adv.move[0], GIN_ACT_DISCARD, "KS") || is(&adv.move[0], GIN_ACT_KNOCK, "KS"));
    /* The 6C is in the middle of the run: throwing it breaks it. */
    const gin_coach_move *m = find(GIN_ACT_DISCARD, "6C");
    assert_true(m->facts.meld == CS("4C 5C 6C 7C 8C"));
    assert_true(m->facts.meld_left == 0);
    /* The 8C is its end: the rest still melds. */
    m = find(GIN_ACT_DISCARD, "8C");
    assert_true(m->facts.meld_left == CS("4C 5C 6C 7C"));
    assert_int_equal(adv.least, gin_deadwood(v.hand & ~gin_cardset_of(C("KS"))));
    assert_int_equal(adv.move[adv.plain].value.action.card, adv.least_card);
}

/* One card of a four-set leaves a set: nothing is broken. */
static void a_four_set_less_one_still_melds(void **state)
{
    (void)state;
    gin_view v = test_view_at("JS JH JD JC 4C 5C 6C 9H KD 2S 3D", "QS 8H 9D", GIN_PHASE_DISCARD, 4);
    coach(&v);
    const gin_coach_move *m = find(GIN_ACT_DISCARD, "JC");
    assert_true(m->facts.meld == CS("JS JH JD JC"));
    assert_true(m->facts.meld_left == CS("JS JH JD"));
    assert_int_equal(m->facts.deadwood, gin_deadwood(v.hand & ~gin_cardset_of(C("JC"))));
}

/* The cards that would meld a thrown card count those through a run's end
 * or its gap, not only the best arrangement's: the 8H with 4H 5H 6H kept
 * is melded by the 7H (4-5-6-7-8), and by nothing else. */
static void a_card_melds_through_a_runs_end(void **state)
{
    (void)state;
    gin_view v = test_view_at("4H 5H 6H 8H KS KH KD 2C 3C 9S QD", "QS 8C", GIN_PHASE_DISCARD, 2);
    coach(&v);
    const gin_coach_move *m = find(GIN_ACT_DISCARD, "8H");
    assert_true(m->facts.joins == CS("7H"));
    assert_true(m->facts.meld == 0 && m->facts.fits == 0);
    /* The 9S melds with nothing kept. */
    assert_true(find(GIN_ACT_DISCARD, "9S")->facts.joins == 0);
    /* The 3C goes with the 2C: the AC and 4C would meld them. */
    m = find(GIN_ACT_DISCARD, "3C");
    assert_int_equal(m->facts.partner, C("2C"));
    assert_true(m->facts.partner_outs == CS("AC 4C"));
}

static void takes_an_upcard_that_melds(void **state)
{
    (void)state;
    /* 9H makes 7-8-9 of hearts. */
    gin_view v = test_view_at("7H 8H 2S 5D 5C JC QS KD 4S 9S", "9H", GIN_PHASE_OFFER, 0);
    coach(&v);
    assert_true(is(&adv.move[0], GIN_ACT_TAKE_UPCARD, NULL));
    assert_true(adv.move[0].facts.meld == CS("7H 8H 9H"));
}

/* The throw a take names is the one the coach ranks first once the card
 * is taken: the same analysis of the same view. */
static void a_take_names_the_next_hints_throw(void **state)
{
    (void)state;
    gin_view v = test_view_at("7H 8H 2S 5D 5C JC QS KD 4S 9S", "3C 9H", GIN_PHASE_DRAW, 1);
    coach(&v);
    const gin_coach_move *m = find(GIN_ACT_DRAW_DISCARD, NULL);
    gin_action then = m->facts.then;
    assert_true(then.kind == GIN_ACT_DISCARD || then.kind == GIN_ACT_KNOCK);
    gin_view after = v;
    gin_event ev = {GIN_EV_DRAW_DISCARD, 0, C("9H"), 0, 0, NULL};
    gin_view_apply(&after, &ev);
    assert_int_equal(after.phase, GIN_PHASE_DISCARD);
    static gin_coach_advice next;
    gin_coach_opts o = {0, 0, 0, 0};
    assert_true(gin_coach(&after, &o, &next) > 0);
    assert_int_equal(next.move[0].value.action.kind, then.kind);
    assert_int_equal(next.move[0].value.action.card, then.card);
    assert_true(m->facts.kept == (after.hand & ~gin_cardset_of(then.card)));
}

static void draws_the_pile_card_that_gives_gin(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "QS TD", GIN_PHASE_DRAW, 3);
    coach(&v);
    assert_true(is(&adv.move[0], GIN_ACT_DRAW_DISCARD, NULL));
    assert_int_equal(adv.move[0].facts.deadwood, 0);
    assert_int_equal(adv.move[0].facts.then.kind, GIN_ACT_KNOCK);
    assert_int_equal(adv.move[0].facts.then.card, C("KC"));
}

static void goes_gin(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC", "QS", GIN_PHASE_DISCARD, 3);
    coach(&v);
    assert_true(is(&adv.move[0], GIN_ACT_KNOCK, "KC"));
    char text[24];
    gin_coach_move_text(&v, adv.move[0].value.action, text, sizeof text);
    assert_string_equal(text, "gin KC");
    assert_int_equal(adv.move[0].facts.deadwood, 0);
}

static void never_knocks_under_straight_rules(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC", "QS JH", GIN_PHASE_DISCARD, 2);
    assert_int_equal(gin_rules_preset("straight", &v.rules), GIN_OK);
    v.knock_limit = 0;
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(adv.move[i].value.action.kind, GIN_ACT_KNOCK);
}

static void never_the_card_just_taken(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D KC KH", "QS", GIN_PHASE_DISCARD, 3);
    v.taken = C("KH");
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(adv.move[i].value.action.card, C("KH"));
}

static void danger_only_with_evidence(void **state)
{
    (void)state;
    /* Nothing known of the opponent's hand: no throw is said to help it. */
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    int n = coach(&v);
    for (int i = 0; i < n; i++)
        assert_true(adv.move[i].facts.safety.took == 0);
    /* It took the 9C from the pile: the 8C may feed it (with the TC). */
    v.known[1] = gin_cardset_of(C("9C"));
    v.seen |= v.known[1];
    coach(&v);
    assert_true(find(GIN_ACT_DISCARD, "8C")->facts.safety.took == CS("9C"));
    assert_false(find(GIN_ACT_DISCARD, "8C")->facts.safety.safe);
}

/* A card is safe when every pair it could meld with is gone or ruled out
 * by the opponent's throws: the 7D, when it threw the 7C (so it holds no
 * two other sevens) and the 6D and 8D are seen. */
static void a_card_is_safe_by_the_evidence(void **state)
{
    (void)state;
    gin_view v = test_view_at("7D KS KH KD 2H 3H 4H AC 2C 3C 9S", "6D 8D 7C", GIN_PHASE_DISCARD, 3);
    coach(&v);
    const gin_coach_safety *s = &find(GIN_ACT_DISCARD, "7D")->facts.safety;
    assert_true(s->safe);
    assert_true(s->threw == CS("7C"));
    assert_int_equal(s->set_ways, 1); /* 7S 7H, ruled out by the 7C */
    assert_int_equal(s->run_ways, 0);
    /* The 9S: 7S 8S, 8S TS, TS JS may all be out there; nothing rules them out. */
    assert_false(find(GIN_ACT_DISCARD, "9S")->facts.safety.safe);
}

/* The best move keeps more deadwood than the least-deadwood throw: a
 * knock beats playing on (or the reverse) only by the facts of the two. */
static void a_page_names_the_plain_answer(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    assert_int_equal(adv.move[adv.plain].value.action.kind, GIN_ACT_DISCARD);
    assert_int_equal(adv.move[adv.plain].facts.deadwood, adv.least);
    assert_int_equal(adv.phase, GIN_PHASE_DISCARD);
}

/* Hollywood scoring has no game to win: the ranking is in points. */
static void ranks_by_points_with_no_game(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    v.rules.hollywood = 1;
    coach(&v);
    assert_int_equal(adv.measure, GIN_COACH_BY_POINTS);
}

/* With two cards left in the stock every throw voids the hand: the throws
 * tie exactly, and their gaps are 0, never -0 (gin advise --json printed
 * "gap": -0.0000, though the gap is never negative). */
static void tied_throws_have_gap_zero(void **state)
{
    (void)state;
    gin_view v = test_view_at("AS 2S 3S 4H 5H 6H 7D 7C 7S KD 9C", "8C TC JC", GIN_PHASE_DISCARD, 28);
    v.stock_n = 2;
    coach(&v);
    int ties = 0;
    for (int i = 1; i < adv.n; i++)
        ties += adv.move[i].value.gap == 0;
    assert_true(ties > 0);
}

static void the_undercut_estimate_is_the_pages(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    double u = -1, dw = -1;
    assert_int_equal(gin_coach_undercut(&v, C("QD"), 0, &u, &dw), GIN_OK);
    assert_true(u == find(GIN_ACT_KNOCK, "QD")->facts.undercut);
    assert_true(dw == find(GIN_ACT_KNOCK, "QD")->facts.opp_deadwood);
    assert_int_equal(gin_coach_undercut(&v, C("2S"), 0, &u, &dw), GIN_EINVAL);
    v.phase = GIN_PHASE_DRAW;
    assert_int_equal(gin_coach_undercut(&v, C("QD"), 0, &u, &dw), GIN_ESTATE);
}

/* The opponent's deadwood said beside the undercut chance is the one the
 * undercut is decided on, after its lay-offs: "their deadwood is about 16,
 * an undercut 100% likely" against a knock of 8 read as a contradiction.
 * Here every card of theirs is known (taken from the pile): 16 before
 * laying the 8C off on our eights, 8 after, which undercuts our 8. */
static void the_undercut_deadwood_is_after_layoffs(void **state)
{
    (void)state;
    gin_view v = test_view_at("KS KH KD 8S 8H 8D 2C 3H 2D AS QC", "TS", GIN_PHASE_DISCARD, 12);
    v.known[1] = test_cards("8C 4H 4C 4D 5S 5C 5D AH AD 6C");
    double u = -1, dw = -1;
    assert_int_equal(gin_coach_undercut(&v, C("QC"), 0, &u, &dw), GIN_OK);
    assert_true(u == 1.0);
    assert_true(dw == 8.0);
}

static void same_answer_every_time(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    coach(&v);
    static gin_coach_advice first;
    first = adv;
    coach(&v);
    assert_memory_equal(&first, &adv, sizeof adv);
}

/* gin_coach_find matches kind and card, not a knock's melds, and looks
 * only at the n answers there are. */
static void finds_an_answer_by_kind_and_card(void **state)
{
    (void)state;
    static gin_coach_advice a;
    memset(&a, 0, sizeof a);
    const gin_action moves[] = {gin_action_make(GIN_ACT_DISCARD, C("5C")), gin_action_make(GIN_ACT_KNOCK, C("5C")),
                                gin_action_make(GIN_ACT_DISCARD, C("9D")), gin_action_make(GIN_ACT_DISCARD, C("KS"))};
    for (int i = 0; i < 4; i++)
        a.move[i].value.action = moves[i];
    a.n = 3; /* the king is past the answers */
    gin_action knock = gin_action_make(GIN_ACT_KNOCK, C("5C"));
    knock.spread.runs = CS("2H 3H 4H");
    assert_int_equal(gin_coach_find(&a, knock), 1);
    assert_int_equal(gin_coach_find(&a, moves[0]), 0);
    assert_int_equal(gin_coach_find(&a, moves[2]), 2);
    assert_int_equal(gin_coach_find(&a, moves[3]), -1);
    assert_int_equal(gin_coach_find(&a, gin_action_make(GIN_ACT_KNOCK, C("9D"))), -1);
    assert_int_equal(gin_coach_find(&a, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD)), -1);
    a.n = 0;
    assert_int_equal(gin_coach_find(&a, moves[0]), -1);
    /* On a real page every answer is found where it stands. */
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    coach(&v);
    for (int i = 0; i < adv.n; i++)
        assert_int_equal(gin_coach_find(&adv, adv.move[i].value.action), i);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(knocks_at_deadwood_one_early),
        cmocka_unit_test(keeps_a_run_rather_than_a_lone_king),
        cmocka_unit_test(a_four_set_less_one_still_melds),
        cmocka_unit_test(a_card_melds_through_a_runs_end),
        cmocka_unit_test(takes_an_upcard_that_melds),
        cmocka_unit_test(a_take_names_the_next_hints_throw),
        cmocka_unit_test(draws_the_pile_card_that_gives_gin),
        cmocka_unit_test(goes_gin),
        cmocka_unit_test(never_knocks_under_straight_rules),
        cmocka_unit_test(never_the_card_just_taken),
        cmocka_unit_test(danger_only_with_evidence),
        cmocka_unit_test(a_card_is_safe_by_the_evidence),
        cmocka_unit_test(a_page_names_the_plain_answer),
        cmocka_unit_test(ranks_by_points_with_no_game),
        cmocka_unit_test(tied_throws_have_gap_zero),
        cmocka_unit_test(the_undercut_estimate_is_the_pages),
        cmocka_unit_test(the_undercut_deadwood_is_after_layoffs),
        cmocka_unit_test(same_answer_every_time),
        cmocka_unit_test(finds_an_answer_by_kind_and_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
