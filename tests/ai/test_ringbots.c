/* The bots in a ring of three or four: the tracker over every opponent,
 * joint samples of their hands, the knock estimate and the discard danger
 * that counts the player on our left. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "botlib.h"
#include "gin/error.h"

static gin_card C(const char *s)
{
    gin_card c = GIN_NO_CARD;
    assert_int_equal(gin_card_parse(s, &c, NULL), GIN_OK);
    return c;
}

static gin_cardset S(const char *s)
{
    gin_cardset out = 0;
    assert_true(gin_cardset_parse(s, &out, NULL) >= 0);
    return out;
}

/* Seat 0 of `seats` in `phase`: our hand; the pile thrown in turn by the seat
 * on our right (seats - 1); every opponent holds seven cards. */
static gin_view make_view(int seats, const char *hand, const char *pile, int phase, int turns)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    assert_int_equal(v.seats, seats);
    v.dealer = seats - 1;
    v.turn = 0;
    v.phase = phase;
    v.knock_limit = 10;
    v.hand = S(hand);
    const char *p = pile;
    gin_card c;
    while (gin_card_parse(p, &c, &p) == GIN_OK) {
        v.pile_by[v.pile_n] = (int8_t)(seats - 1);
        v.pile[v.pile_n++] = c;
        v.discarded[seats - 1] |= gin_cardset_of(c);
    }
    v.hand_size[0] = gin_cardset_count(v.hand);
    for (int s = 1; s < seats; s++)
        v.hand_size[s] = 7;
    v.stock_n = 52 - 7 * seats - v.pile_n - (phase == GIN_PHASE_DISCARD ? 1 : 0);
    v.turns = turns;
    v.seen = v.hand;
    for (int i = 0; i < v.pile_n; i++)
        v.seen |= gin_cardset_of(v.pile[i]);
    return v;
}

/* Every unseen card is somewhere once: the opponents' odds and the stock's
 * share 1; each opponent's odds add up to its hidden count; a known card
 * belongs to its holder. */
static void test_table_tracker_balanced(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++) {
        gin_view v = make_view(seats, "2S 3S 4S 7H 8C 9D KC", "QH JH 5D", GIN_PHASE_DRAW, 6);
        v.known[1] = S("TC TD");
        v.seen |= v.known[1];
        v.discarded[1] = S("AH");
        v.declined[2] = S("6S");
        ai_ring tb;
        ai_ring_build(&v, 1, &tb);
        assert_int_equal(tb.n_opp, seats - 1);
        assert_int_equal(tb.opp[0], 1); /* our left first */
        assert_int_equal(tb.hidden[1], 5);
        assert_int_equal(tb.hidden[2], 7);
        assert_true(tb.p[1][C("TC")] == 1.0f);
        assert_true(tb.p[2][C("TC")] == 0.0f);
        assert_false(gin_cardset_has(tb.unseen, C("TC")));
        for (int k = 0; k < tb.n_opp; k++) {
            int s = tb.opp[k];
            double row = 0;
            for (gin_cardset q = tb.unseen; q; q &= q - 1)
                row += tb.p[s][gin_cardset_first(q)];
            assert_true(row > tb.hidden[s] - 0.05 && row < tb.hidden[s] + 0.05);
        }
        for (gin_cardset q = tb.unseen; q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            double col = 0;
            for (int k = 0; k < tb.n_opp; k++)
                col += tb.p[tb.opp[k]][c];
            assert_true(col <= 1.0 + 1e-3);
        }
        /* Seat 1 took tens: it more likely holds the other tens than seat 2 does. */
        assert_true(tb.p[1][C("TH")] > tb.p[2][C("TH")]);
        /* The two-seat tracker's view of the table: our left and the rest. */
        ai_tracker t;
        ai_tracker_build(&v, 1, &t);
        assert_int_equal(t.opp, 1);
        assert_true(t.p_opp[C("TH")] == tb.p[1][C("TH")]);
        double next = 0;
        for (gin_cardset q = t.unseen; q; q &= q - 1)
            next += ai_tracker_p_next(&t, gin_cardset_first(q));
        assert_true(next > 0.95 && next < 1.05); /* the stock card is one of them */
    }
}

/* Two seats: nobody else, p_rest is all 0. */
static void test_two_seats_no_rest(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    v.phase = GIN_PHASE_DRAW;
    v.hand = S("2S 3S 4S 7H 8C 9D KC QD JC 5H");
    v.hand_size[0] = v.hand_size[1] = 10;
    v.stock_n = 31;
    v.seen = v.hand;
    ai_tracker t;
    ai_tracker_build(&v, 1, &t);
    for (int c = 0; c < 64; c++)
        assert_true(t.p_rest[c] == 0.0f);
}

/* A joint sample deals every opponent its hand size out of the cards we have
 * not seen (plus its known cards), disjoint from each other. */
static void test_table_sample_conserves(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++) {
        gin_view v = make_view(seats, "2S 3S 4S 7H 8C 9D KC", "QH JH 5D", GIN_PHASE_DRAW, 9);
        v.known[1] = S("TC TD");
        v.seen |= v.known[1];
        ai_ring tb;
        ai_ring_build(&v, 1, &tb);
        gin_rng rng;
        gin_rng_seed(&rng, 42);
        for (int i = 0; i < 200; i++) {
            gin_cardset held[GIN_MAX_SEATS] = {0};
            ai_ring_sample(&tb, &rng, i % 5, held);
            gin_cardset all = 0;
            for (int s = 1; s < seats; s++) {
                assert_int_equal(gin_cardset_count(held[s]), 7);
                assert_int_equal(held[s] & all, 0);
                assert_int_equal(held[s] & (v.hand | tb.pile), 0);
                all |= held[s];
            }
            assert_int_equal(held[1] & v.known[1], v.known[1]);
            assert_int_equal(held[0], 0);
        }
    }
}

/* The knock estimate: a low knock on turn one wins on average and is rarely
 * undercut; a high knock late, against opponents who have been keeping
 * their melds, is undercut more often. */
static void test_table_knock_estimate(void **state)
{
    (void)state;
    gin_view v = make_view(3, "2S 3S 4S 7H 7D 7C AH 9C", "", GIN_PHASE_DISCARD, 0);
    ai_ring tb;
    ai_ring_build(&v, 1, &tb);
    ai_ring_knock_eval early, late;
    ai_ring_eval_knock(&tb, &v, S("2S 3S 4S 7H 7D 7C AH"), 64, 1, &early);
    assert_true(early.ev > 10);
    assert_true(early.p_undercut < 0.1);
    gin_view w = make_view(3, "2S 3S 4S 7H 7D 7C 9H 9C", "KD QS JC", GIN_PHASE_DISCARD, 18);
    w.stock_n = 12;
    ai_ring_build(&w, 1, &tb);
    ai_ring_eval_knock(&tb, &w, S("2S 3S 4S 7H 7D 7C 9H"), 64, 1, &late);
    assert_true(late.p_undercut > early.p_undercut);
    assert_true(late.ev < early.ev);
}

/* Knocking to end the game: with us far lowest and the others near the
 * target, the estimate sees the game won. */
static void test_table_knock_ends_game(void **state)
{
    (void)state;
    gin_view v = make_view(3, "2S 3S 4S 7H 7D 7C AH 9C", "", GIN_PHASE_DISCARD, 3);
    v.scores[0] = 10;
    v.scores[1] = 95;
    v.scores[2] = 90;
    ai_ring tb;
    ai_ring_build(&v, 1, &tb);
    ai_ring_knock_eval k;
    ai_ring_eval_knock(&tb, &v, S("2S 3S 4S 7H 7D 7C AH"), 64, 1, &k);
    assert_true(k.p_win_game > 0.8);
    assert_true(k.p_lose_game < 0.2);
}

/* Hard in a ring knocks an early low hand (the old two-seat estimate never
 * did with seven cards), and the card it knocks with leaves the least deadwood. */
static void test_hard_knocks_at_table(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++) {
        gin_view v = make_view(seats, "2S 3S 4S 7H 7D 7C AH 9C", "", GIN_PHASE_DISCARD, 1);
        gin_action a;
        assert_int_equal(ai_policy_decide(ai_level_params(GIN_LEVEL_HARD), &v, 5, &a), GIN_OK);
        assert_int_equal(a.kind, GIN_ACT_KNOCK);
        assert_int_equal(a.card, C("9C"));
        /* The expert plays hard's policy in a ring. */
        gin_agent ag;
        assert_int_equal(gin_bot_create(GIN_LEVEL_EXPERT, 5, 5, &ag), GIN_OK);
        gin_action b;
        assert_int_equal(gin_agent_decide(&ag, &v, &b), GIN_OK);
        assert_int_equal(b.kind, GIN_ACT_KNOCK);
        ag.destroy(ag.self);
    }
}

/* Danger counts the seat on our left, the only one that can take our
 * discard: feeding its known pair is worse than feeding our right's. */
static void test_danger_is_the_left_seat(void **state)
{
    (void)state;
    gin_view v = make_view(3, "2S 3S 4S 8C 9D KC QD JS", "", GIN_PHASE_DISCARD, 4);
    v.known[1] = S("KH KS"); /* left: kings */
    v.known[2] = S("QH QS"); /* right: queens */
    v.seen |= v.known[1] | v.known[2];
    ai_tracker t;
    ai_tracker_build(&v, 1, &t);
    assert_true(ai_danger(&t, C("KC")) > 0.99);
    assert_true(ai_danger(&t, C("QD")) < 0.5);
    gin_action a;
    assert_int_equal(ai_policy_decide(ai_level_params(GIN_LEVEL_HARD), &v, 5, &a), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_DISCARD);
    assert_true(a.card != C("KC"));
}

/* Same view, same decision; a decision never depends on what the view does
 * not show (the opponents' hidden cards are not in it at all). */
static void test_decisions_repeat(void **state)
{
    (void)state;
    gin_view v = make_view(4, "2S 3S 4S 8C 9D KC QD JS", "5H", GIN_PHASE_DISCARD, 4);
    for (int lv = GIN_LEVEL_EASY; lv <= GIN_LEVEL_HARD; lv++) {
        gin_action a, b;
        assert_int_equal(ai_policy_decide(ai_level_params(lv), &v, 9, &a), GIN_OK);
        assert_int_equal(ai_policy_decide(ai_level_params(lv), &v, 9, &b), GIN_OK);
        assert_int_equal(a.kind, b.kind);
        assert_int_equal(a.card, b.card);
        assert_true(gin_cardset_has(v.hand, a.card));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_tracker_balanced),  cmocka_unit_test(test_two_seats_no_rest),
        cmocka_unit_test(test_table_sample_conserves),  cmocka_unit_test(test_table_knock_estimate),
        cmocka_unit_test(test_table_knock_ends_game),   cmocka_unit_test(test_hard_knocks_at_table),
        cmocka_unit_test(test_danger_is_the_left_seat), cmocka_unit_test(test_decisions_repeat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
