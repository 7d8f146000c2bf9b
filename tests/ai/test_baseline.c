/* The baseline agents and the registry: `simple` on hand-built views (the
 * SimpleGinRummyPlayer rules), `random`'s choices, names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "support/support.h"

#define card(text) test_card(text)

static gin_cardset cards(const char *text)
{
    gin_cardset s = 0;
    assert_true(gin_cardset_parse(text, &s, NULL) >= 0);
    return s;
}

/* A mid-hand view for seat 0 of the standard rules. */
static gin_view make_view(int phase, const char *hand, const char *top)
{
    gin_view v;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_view_init(&v, &r, 0);
    v.phase = phase;
    v.turn = 0;
    v.dealer = 1;
    v.turns = 4;
    v.knock_limit = 10;
    v.hand = cards(hand);
    v.taken = GIN_NO_CARD;
    v.stock_n = 25;
    v.pile_n = 0;
    if (top) {
        v.pile[0] = card("2C");
        v.pile_by[0] = -1;
        v.pile[1] = card(top);
        v.pile_by[1] = 1;
        v.pile_n = 2;
    }
    v.hand_size[0] = gin_cardset_count(v.hand);
    v.hand_size[1] = 10;
    v.seen = v.hand;
    for (int i = 0; i < v.pile_n; i++)
        v.seen |= gin_cardset_of(v.pile[i]);
    return v;
}

static gin_agent make(const char *name, uint64_t seed)
{
    gin_agent a;
    assert_int_equal(gin_ai_create(name, seed, 0, &a), GIN_OK);
    return a;
}

static const char *const HAND10 = "7H 8H 5S 5D KC QD 2S 9C 3D JS";

static void test_simple_takes_melding_card(void **state)
{
    (void)state;
    gin_agent a = make("simple", 1);
    /* a run through it, a set with it, and (as the original) a meld that is
     * not in the least-deadwood arrangement: 4S with 4D 4H, where 4H is
     * better kept in its run */
    const char *melders[] = {"9H", "6H", "5C", "4S"};
    for (size_t i = 0; i < 4; i++) {
        const char *hand = i < 3 ? HAND10 : "4H 5H 6H 4D KC QD 2S 9C 3D JS";
        gin_view v = make_view(GIN_PHASE_OFFER, hand, melders[i]);
        assert_int_equal(a.offer(a.self, &v), 1);
        v.phase = GIN_PHASE_DRAW;
        assert_int_equal(a.draw(a.self, &v), GIN_ACT_DRAW_DISCARD);
    }
    a.destroy(a.self);
}

static void test_simple_refuses_other_cards(void **state)
{
    (void)state;
    gin_agent a = make("simple", 2);
    /* a pair or a broken run is not a meld: TH (7H 8H _ TH), 6S (5S 6S),
     * AS (AS 2S), KH (KC KH), 4C (no clubs near) */
    const char *others[] = {"TH", "6S", "AS", "KH", "4C"};
    for (size_t i = 0; i < 5; i++) {
        gin_view v = make_view(GIN_PHASE_OFFER, HAND10, others[i]);
        assert_int_equal(a.offer(a.self, &v), 0);
        v.phase = GIN_PHASE_DRAW;
        assert_int_equal(a.draw(a.self, &v), GIN_ACT_DRAW_STOCK);
    }
    /* after both passed the first upcard the pile is barred: stock even for a melder */
    gin_view v = make_view(GIN_PHASE_DRAW, HAND10, "9H");
    v.turns = 0;
    assert_int_equal(a.draw(a.self, &v), GIN_ACT_DRAW_STOCK);
    a.destroy(a.self);
}

static void test_simple_never_discards_taken_card(void **state)
{
    (void)state;
    /* KS taken from the pile: on its own it is the worst card, yet never thrown */
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gin_agent a = make("simple", seed);
        gin_view v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 4C 5C 6C 7D 8D 9D 2S KS", NULL);
        v.taken = card("KS");
        gin_action act;
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        assert_int_not_equal(act.card, card("KS"));
        assert_int_equal(act.card, card("2S")); /* the only other card off a meld */
        /* 2S leaves no deadwood but KS: 10, within the limit, so it knocks */
        assert_int_equal(act.kind, GIN_ACT_KNOCK);
        a.destroy(a.self);
    }
}

static void test_simple_discards_at_random_among_best(void **state)
{
    (void)state;
    /* KC, QD and JS tie (each leaves the same deadwood); nothing else does */
    gin_cardset hand = cards("AH 2H 3H 4C 5C 6C 7D 8D KC QD JS");
    int after[64];
    int least = gin_discard_deadwoods(hand, after);
    gin_cardset seen = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gin_agent a = make("simple", seed);
        gin_view v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 4C 5C 6C 7D 8D KC QD JS", NULL);
        gin_action act;
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        assert_int_equal(after[act.card], least);
        assert_int_equal(act.kind, GIN_ACT_DISCARD); /* 7D 8D + two tens = 35 */
        seen |= gin_cardset_of(act.card);
        a.destroy(a.self);
    }
    assert_true(seen == cards("KC QD JS"));
}

static void test_simple_knocks_as_soon_as_allowed(void **state)
{
    (void)state;
    gin_agent a = make("simple", 3);
    gin_action act;
    gin_view v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 5C 6C 7C AS 2D 3S 4D KS", NULL);
    /* KS out leaves AS 2D 3S 4D = 10, the limit itself: knock at once */
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    assert_int_equal(act.card, card("KS"));
    /* one point more (5D for 4D) and it plays on */
    v.hand = cards("AH 2H 3H 5C 6C 7C AS 2D 3S 5D KS");
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_DISCARD);
    assert_int_equal(act.card, card("KS"));
    /* gin when it can */
    v.hand = cards("AH 2H 3H 5C 6C 7C 8D 9D TD JD KS");
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    assert_int_equal(act.card, card("KS"));
    /* the hand's limit, not a fixed 10: gin only (straight) */
    v.hand = cards("AH 2H 3H 5C 6C 7C 8D 9D TD AS KS");
    v.knock_limit = 0;
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_DISCARD);
    assert_int_equal(act.card, card("KS"));
    v.knock_limit = 1;
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    /* big gin where enabled: all eleven melded, no discard */
    v.knock_limit = 10;
    v.hand = cards("AH 2H 3H 5C 6C 7C 8D 9D TD JD QD");
    v.rules.big_gin_bonus = 31;
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    assert_int_equal(act.card, GIN_NO_CARD);
    v.rules.big_gin_bonus = 0;
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    assert_true(act.card == card("8D") || act.card == card("QD"));
    /* At a table the hand is eight at the discard: all eight melded is big
     * gin too (it looked for eleven, and never went big gin there). */
    v.seats = 3;
    v.hand = cards("AS 2S 3S 4S 5H 5D 5C 5S");
    v.rules.big_gin_bonus = 31;
    assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
    assert_int_equal(act.kind, GIN_ACT_KNOCK);
    assert_int_equal(act.card, GIN_NO_CARD);
    a.destroy(a.self);
}

/* The original never repeats a {drawn, discarded} pair within a hand. */
static void test_simple_no_repeated_draw_discard_pair(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        gin_agent a = make("simple", seed);
        gin_view v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 4C 5C 6C 7D 8D 9D KS KD", NULL);
        gin_event deal = {GIN_EV_DEAL, 0, card("2C"), v.hand & ~cards("KS"), 1, NULL};
        a.observe(a.self, &v, &deal);
        gin_event draw = {GIN_EV_DRAW_STOCK, 0, card("KS"), 0, 25, NULL};
        a.observe(a.self, &v, &draw);
        gin_action act;
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        if (act.card != card("KD")) {
            a.destroy(a.self);
            continue;
        }
        /* pair {KS, KD} done; KD comes back to hand by a stock draw (after a
         * reshuffle): KS, equally bad, may not go with it now */
        draw.card = card("KD");
        a.observe(a.self, &v, &draw);
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        assert_int_equal(act.card, card("KD"));
        /* and drawing KD to throw it again repeats {KD}: neither king now */
        a.observe(a.self, &v, &draw);
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        assert_int_not_equal(act.card, card("KD"));
        assert_int_not_equal(act.card, card("KS"));
        /* a new hand forgets */
        a.observe(a.self, &v, &deal);
        draw.card = card("KD");
        a.observe(a.self, &v, &draw);
        int ks = 0;
        for (int k = 0; k < 32; k++) {
            assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
            ks += act.card == card("KS");
            a.observe(a.self, &v, &deal);
            a.observe(a.self, &v, &draw);
        }
        assert_true(ks > 0);
        checked++;
        a.destroy(a.self);
    }
    assert_true(checked > 5);
}

static void test_random_choices(void **state)
{
    (void)state;
    int take = 0, pile = 0, knock = 0, n = 400;
    gin_cardset thrown = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        gin_agent a = make("random", seed);
        gin_view v = make_view(GIN_PHASE_OFFER, HAND10, "9H");
        take += a.offer(a.self, &v);
        v.phase = GIN_PHASE_DRAW;
        pile += a.draw(a.self, &v) == GIN_ACT_DRAW_DISCARD;
        v.turns = 0; /* both passed the first upcard: stock only */
        assert_int_equal(a.draw(a.self, &v), GIN_ACT_DRAW_STOCK);
        /* 11 cards, KS taken; knocks legal only with KS or 2S thrown, and KS may not go */
        v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 4C 5C 6C 7D 8D 9D 2S KS", NULL);
        v.taken = card("KS");
        gin_action act;
        assert_int_equal(a.discard(a.self, &v, &act), GIN_OK);
        assert_int_not_equal(act.card, card("KS"));
        assert_true(gin_cardset_has(v.hand, act.card));
        if (act.kind == GIN_ACT_KNOCK) {
            knock++;
            assert_int_equal(act.card, card("2S"));
        } else {
            assert_int_equal(act.kind, GIN_ACT_DISCARD);
        }
        thrown |= gin_cardset_of(act.card);
        a.destroy(a.self);
    }
    assert_in_range(take, n / 4, 3 * n / 4);
    assert_in_range(pile, n / 4, 3 * n / 4);
    assert_in_range(knock, 1, n / 4); /* one action in eleven */
    assert_true(thrown == cards("AH 2H 3H 4C 5C 6C 7D 8D 9D 2S"));
}

static void test_same_seed_same_choices(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "simple" : "random";
        gin_agent a = make(name, 42), b = make(name, 42);
        gin_view v = make_view(GIN_PHASE_DISCARD, "AH 2H 3H 4C 5C 6C 7D 8D KC QD JS", NULL);
        for (int i = 0; i < 50; i++) {
            gin_action x, y;
            assert_int_equal(a.discard(a.self, &v, &x), GIN_OK);
            assert_int_equal(b.discard(b.self, &v, &y), GIN_OK);
            assert_int_equal(x.kind, y.kind);
            assert_int_equal(x.card, y.card);
        }
        a.destroy(a.self);
        b.destroy(b.self);
    }
}

static void test_registry(void **state)
{
    (void)state;
    const char *ok[] = {"random", "SIMPLE", "Random", "simple"};
    for (size_t i = 0; i < 4; i++) {
        gin_agent a;
        assert_int_equal(gin_ai_create(ok[i], 1, 0, &a), GIN_OK);
        assert_non_null(a.offer);
        assert_non_null(a.draw);
        assert_non_null(a.discard);
        assert_true(!strcmp(a.name, "random") || !strcmp(a.name, "simple"));
        a.destroy(a.self);
    }
    gin_agent a;
    assert_int_equal(gin_ai_create("simpler", 1, 0, &a), GIN_ENAME);
    assert_int_equal(gin_ai_create("", 1, 0, &a), GIN_ENAME);
    assert_int_equal(gin_ai_create(NULL, 1, 0, &a), GIN_ENAME);
    assert_int_equal(gin_baseline_create("easy", 1, &a), GIN_ENAME);
    assert_int_equal(gin_baseline_create("Simple", 1, &a), GIN_OK);
    a.destroy(a.self);
    char names[GIN_OPPONENT_NAMES_MAX];
    assert_true(gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names) > 0);
    const char *all[] = {"random", "simple", "easy", "normal", "hard", "expert"};
    for (size_t i = 0; i < 6; i++)
        assert_non_null(strstr(names, all[i]));
    /* bot levels go to gin_bot_create: whatever it answers, never ENAME */
    for (size_t i = 2; i < 6; i++) {
        int rc = gin_ai_create(all[i], 1, 1, &a);
        assert_int_not_equal(rc, GIN_ENAME);
        if (rc == GIN_OK && a.destroy)
            a.destroy(a.self);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_takes_melding_card),
        cmocka_unit_test(test_simple_refuses_other_cards),
        cmocka_unit_test(test_simple_never_discards_taken_card),
        cmocka_unit_test(test_simple_discards_at_random_among_best),
        cmocka_unit_test(test_simple_knocks_as_soon_as_allowed),
        cmocka_unit_test(test_simple_no_repeated_draw_discard_pair),
        cmocka_unit_test(test_random_choices),
        cmocka_unit_test(test_same_seed_same_choices),
        cmocka_unit_test(test_registry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
