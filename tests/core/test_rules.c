/* Rule presets: every knob of every preset against docs/rules.md, name
 * lookup, the check of each knob, knob overrides, and the knock limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gin/card.h"
#include "gin/error.h"
#include "gin/rules.h"

static gin_rules get(const char *name)
{
    gin_rules r;
    memset(&r, 0xAB, sizeof r);
    assert_int_equal(gin_rules_preset(name, &r), GIN_OK);
    return r;
}

static void test_preset_order_and_names(void **state)
{
    (void)state;
    assert_int_equal(gin_rules_preset_count(), 4);
    const char *names[] = {"standard", "classic", "oklahoma", "straight"};
    for (size_t i = 0; i < 4; i++) {
        const gin_rules *p = gin_rules_preset_at(i);
        assert_non_null(p);
        assert_string_equal(p->name, names[i]);
        assert_int_equal(gin_rules_check(p, NULL), GIN_OK);
        assert_non_null(strstr(gin_rules_preset_names(), names[i]));
    }
    assert_null(gin_rules_preset_at(4));
    assert_string_equal(gin_rules_preset_names(), "standard, classic, oklahoma, straight");
}

static void test_lookup(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("CLASSIC", &r), GIN_OK);
    assert_string_equal(r.name, "classic");
    assert_int_equal(gin_rules_preset("OkLaHoMa", &r), GIN_OK);
    assert_string_equal(r.name, "oklahoma");
    assert_int_equal(gin_rules_preset("Straight", NULL), GIN_OK);
    assert_int_equal(gin_rules_preset("stand", &r), GIN_ENAME);
    assert_int_equal(gin_rules_preset("standardx", &r), GIN_ENAME);
    assert_int_equal(gin_rules_preset("", &r), GIN_ENAME);
    assert_int_equal(gin_rules_preset(" standard", &r), GIN_ENAME);
    assert_int_equal(gin_rules_preset(NULL, &r), GIN_ENAME);
}

/* Every knob, row by row of the table in docs/rules.md. */
static void test_standard(void **state)
{
    (void)state;
    gin_rules r = get("standard");
    assert_int_equal(r.seats, 2);
    assert_int_equal(r.cut, GIN_CUT_LOW_DEALS);
    assert_int_equal(r.next_dealer, GIN_NEXT_WINNER_DEALS);
    assert_int_equal(r.first_turn, GIN_FIRST_TURN_OFFER);
    assert_int_equal(r.knock_limit, 10);
    assert_int_equal(r.gin_bonus, 25);
    assert_int_equal(r.big_gin_bonus, 0);
    assert_int_equal(r.undercut_bonus, 25);
    assert_int_equal(r.stock_low, GIN_STOCK_VOID);
    assert_int_equal(r.stock_void_at, 2);
    assert_int_equal(r.target, 100);
    assert_int_equal(r.max_hands, 0);
    assert_int_equal(r.game_bonus, 100);
    assert_int_equal(r.box_bonus, 25);
    assert_int_equal(r.shutout, GIN_SHUTOUT_DOUBLE_TOTAL);
    assert_int_equal(r.hollywood, 0);
}

static void test_classic(void **state)
{
    (void)state;
    gin_rules r = get("classic");
    assert_int_equal(r.seats, 2);
    assert_int_equal(r.cut, GIN_CUT_HIGH_DEALS);
    assert_int_equal(r.next_dealer, GIN_NEXT_WINNER_DEALS);
    assert_int_equal(r.first_turn, GIN_FIRST_TURN_FREE);
    assert_int_equal(r.knock_limit, 10);
    assert_int_equal(r.gin_bonus, 25);
    assert_int_equal(r.big_gin_bonus, 0);
    assert_int_equal(r.undercut_bonus, 25);
    assert_int_equal(r.stock_low, GIN_STOCK_VOID);
    assert_int_equal(r.stock_void_at, 0);
    assert_int_equal(r.target, 100);
    assert_int_equal(r.max_hands, 0);
    assert_int_equal(r.game_bonus, 100);
    assert_int_equal(r.box_bonus, 25);
    assert_int_equal(r.shutout, GIN_SHUTOUT_DOUBLE_NO_BOX);
    assert_int_equal(r.hollywood, 0);
}

static void test_oklahoma(void **state)
{
    (void)state;
    gin_rules r = get("oklahoma");
    assert_int_equal(r.seats, 2);
    assert_int_equal(r.cut, GIN_CUT_LOW_DEALS);
    assert_int_equal(r.next_dealer, GIN_NEXT_WINNER_DEALS);
    assert_int_equal(r.first_turn, GIN_FIRST_TURN_OFFER);
    assert_int_equal(r.knock_limit, GIN_KNOCK_LIMIT_UPCARD);
    assert_int_equal(r.gin_bonus, 25);
    assert_int_equal(r.big_gin_bonus, 0);
    assert_int_equal(r.undercut_bonus, 20);
    assert_int_equal(r.stock_low, GIN_STOCK_RESHUFFLE);
    assert_int_equal(r.target, 100);
    assert_int_equal(r.max_hands, 0);
    assert_int_equal(r.game_bonus, 100);
    assert_int_equal(r.box_bonus, 25);
    assert_int_equal(r.shutout, GIN_SHUTOUT_DOUBLE_TOTAL);
    assert_int_equal(r.hollywood, 0);
}

/* Straight is standard with a knock limit of 0; nothing else differs. */
static void test_straight(void **state)
{
    (void)state;
    gin_rules st = get("straight"), std = get("standard");
    assert_int_equal(st.knock_limit, 0);
    st.knock_limit = std.knock_limit;
    st.name = std.name;
    assert_memory_equal(&st, &std, sizeof st);
}

static void test_knock_limit(void **state)
{
    (void)state;
    gin_rules std = get("standard"), ok = get("oklahoma"), st = get("straight");
    for (int rank = 0; rank < 13; rank++) {
        gin_card up = gin_card_make(rank, GIN_HEARTS);
        assert_int_equal(gin_rules_knock_limit(&std, up), 10);
        assert_int_equal(gin_rules_knock_limit(&st, up), 0);
        int expect = rank == 0 ? 0 : (rank >= 9 ? 10 : rank + 1); /* ace: gin only */
        assert_int_equal(gin_rules_knock_limit(&ok, up), expect);
    }
    assert_int_equal(gin_rules_knock_limit(&ok, gin_card_make(6, GIN_CLUBS)), 7);
    /* errors never come back negative ("skip the check" to the showdown) */
    assert_int_equal(gin_rules_knock_limit(&ok, GIN_NO_CARD), 0);
    assert_int_equal(gin_rules_knock_limit(&ok, 13), 0);
    assert_int_equal(gin_rules_knock_limit(&ok, 99), 0);
    assert_int_equal(gin_rules_knock_limit(NULL, 5), 0);
    assert_int_equal(gin_rules_knock_limit(&std, GIN_NO_CARD), 10);
}

/* A hand counts double only under spade_double with a spade first upcard. */
static void test_hand_factor(void **state)
{
    (void)state;
    gin_rules ok = get("oklahoma");
    for (int c = 0; c < 64; c++)
        assert_int_equal(gin_rules_hand_factor(&ok, c), 1); /* the option is off in every preset */
    ok.spade_double = 1;
    for (int rank = 0; rank < 13; rank++)
        for (int suit = 0; suit < 4; suit++)
            assert_int_equal(gin_rules_hand_factor(&ok, gin_card_make(rank, suit)), suit == GIN_SPADES ? 2 : 1);
    assert_int_equal(gin_rules_hand_factor(&ok, GIN_NO_CARD), 1);
    assert_int_equal(gin_rules_hand_factor(&ok, 99), 1);
    assert_int_equal(gin_rules_hand_factor(NULL, gin_card_make(3, GIN_SPADES)), 1);
}

/* One bad value per knob: rejected, and the message names the knob. */
static void test_check_each_knob(void **state)
{
    (void)state;
    struct {
        size_t off;
        int value;
        const char *knob;
    } bad[] = {
        {offsetof(gin_rules, seats), 1, "seats"},
        {offsetof(gin_rules, seats), 5, "seats"},
        {offsetof(gin_rules, cut), 2, "cut"},
        {offsetof(gin_rules, cut), -1, "cut"},
        {offsetof(gin_rules, next_dealer), 3, "next-dealer"},
        {offsetof(gin_rules, first_turn), 2, "first-turn"},
        {offsetof(gin_rules, knock_limit), 11, "knock"},
        {offsetof(gin_rules, knock_limit), -2, "knock"},
        {offsetof(gin_rules, gin_bonus), -1, "gin-bonus"},
        {offsetof(gin_rules, gin_bonus), 1001, "gin-bonus"},
        {offsetof(gin_rules, big_gin_bonus), -5, "big-gin"},
        {offsetof(gin_rules, undercut_bonus), -1, "undercut-bonus"},
        {offsetof(gin_rules, stock_low), 2, "stock"},
        {offsetof(gin_rules, stock_void_at), -1, "stock-void-at"},
        {offsetof(gin_rules, stock_void_at), 31, "stock-void-at"}, /* 31 cards in stock at the deal */
        {offsetof(gin_rules, target), 0, "target"},
        {offsetof(gin_rules, target), -100, "target"},
        {offsetof(gin_rules, target), 10001, "target"},
        {offsetof(gin_rules, max_hands), -1, "max-hands"},
        {offsetof(gin_rules, game_bonus), -1, "game-bonus"},
        {offsetof(gin_rules, box_bonus), -25, "box-bonus"},
        {offsetof(gin_rules, shutout), 2, "shutout"},
        {offsetof(gin_rules, hollywood), 2, "hollywood"},
        {offsetof(gin_rules, hollywood), -1, "hollywood"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gin_rules r = get("standard");
        *(int *)(void *)((char *)&r + bad[i].off) = bad[i].value;
        const char *why = NULL;
        assert_int_equal(gin_rules_check(&r, &why), GIN_ERULES);
        assert_non_null(why);
        size_t n = strlen(bad[i].knob);
        assert_memory_equal(why, bad[i].knob, n); /* "knob: ..." */
        assert_int_equal(why[n], ':');
    }
    /* Edges that are fine. */
    gin_rules r = get("standard");
    const char *why = "untouched";
    r.seats = 4;
    r.stock_void_at = 22; /* 52 - 4*7 - 1 = 23 in stock */
    assert_int_equal(gin_rules_check(&r, &why), GIN_OK);
    assert_null(why);
    r.stock_void_at = 23;
    assert_int_equal(gin_rules_check(&r, &why), GIN_ERULES);
    r = get("standard");
    r.stock_void_at = 30;
    r.knock_limit = 0;
    r.target = 1;
    r.max_hands = 10000;
    r.gin_bonus = r.game_bonus = r.box_bonus = r.undercut_bonus = 0;
    r.big_gin_bonus = 31;
    r.hollywood = 1;
    assert_int_equal(gin_rules_check(&r, NULL), GIN_OK);
    r.name = NULL;
    assert_int_equal(gin_rules_check(&r, &why), GIN_ERULES);
    assert_string_equal(why, "name: missing");
    assert_int_equal(gin_rules_check(NULL, &why), GIN_ERULES);
}

static void test_set(void **state)
{
    (void)state;
    gin_rules r = get("standard");
    const char *why = NULL;
    assert_int_equal(gin_rules_set(&r, "target", "150", &why), GIN_OK);
    assert_int_equal(r.target, 150);
    assert_string_equal(r.name, "custom");
    assert_null(why);

    r = get("classic");
    assert_int_equal(gin_rules_set(&r, "target", "100", NULL), GIN_OK);
    assert_string_equal(r.name, "classic"); /* no change, still the preset */

    struct {
        const char *knob, *value;
        size_t off;
        int expect;
    } ok[] = {
        {"seats", "3", offsetof(gin_rules, seats), 3},
        {"cut", "HIGH", offsetof(gin_rules, cut), GIN_CUT_HIGH_DEALS},
        {"next-dealer", "loser", offsetof(gin_rules, next_dealer), GIN_NEXT_LOSER_DEALS},
        {"next-dealer", "alternate", offsetof(gin_rules, next_dealer), GIN_NEXT_ALTERNATE},
        {"first-turn", "free", offsetof(gin_rules, first_turn), GIN_FIRST_TURN_FREE},
        {"knock", "upcard", offsetof(gin_rules, knock_limit), GIN_KNOCK_LIMIT_UPCARD},
        {"knock", "7", offsetof(gin_rules, knock_limit), 7},
        {"gin-bonus", "20", offsetof(gin_rules, gin_bonus), 20},
        {"big-gin", "31", offsetof(gin_rules, big_gin_bonus), 31},
        {"undercut-bonus", "10", offsetof(gin_rules, undercut_bonus), 10},
        {"stock", "reshuffle", offsetof(gin_rules, stock_low), GIN_STOCK_RESHUFFLE},
        {"stock-void-at", "0", offsetof(gin_rules, stock_void_at), 0},
        {"max-hands", "6", offsetof(gin_rules, max_hands), 6},
        {"game-bonus", "50", offsetof(gin_rules, game_bonus), 50},
        {"box-bonus", "20", offsetof(gin_rules, box_bonus), 20},
        {"shutout", "no-box", offsetof(gin_rules, shutout), GIN_SHUTOUT_DOUBLE_NO_BOX},
        {"Hollywood", "ON", offsetof(gin_rules, hollywood), 1},
        {"hollywood", "off", offsetof(gin_rules, hollywood), 0},
        {"knock", "0", offsetof(gin_rules, knock_limit), 0},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        r = get("standard");
        assert_int_equal(gin_rules_set(&r, ok[i].knob, ok[i].value, &why), GIN_OK);
        assert_int_equal(*(int *)(void *)((char *)&r + ok[i].off), ok[i].expect);
        assert_non_null(strstr(gin_rules_knob_names(), ok[i].knob[0] == 'H' ? "hollywood" : ok[i].knob));
    }

    /* Bad values leave r unchanged and name the knob. */
    struct {
        const char *knob, *value;
        int status;
        const char *msg_start;
    } bad[] = {
        {"target", "0", GIN_ERULES, "target:"},
        {"target", "abc", GIN_ERULES, "target:"},
        {"target", "", GIN_ERULES, "target:"},
        {"target", "12x", GIN_ERULES, "target:"},
        {"target", "99999999999", GIN_ERULES, "target:"},
        {"gin-bonus", "-5", GIN_ERULES, "gin-bonus:"},
        {"knock", "11", GIN_ERULES, "knock:"},
        {"knock", "upcardx", GIN_ERULES, "knock:"},
        /* The numbers behind the words are not values (issue 28): -1 is
         * how upcard is stored, 1 how high, on and reshuffle are. */
        {"knock", "-1", GIN_ERULES, "knock:"},
        {"knock", "-7", GIN_ERULES, "knock:"},
        {"cut", "1", GIN_ERULES, "cut:"},
        {"next-dealer", "2", GIN_ERULES, "next-dealer:"},
        {"first-turn", "1", GIN_ERULES, "first-turn:"},
        {"stock", "1", GIN_ERULES, "stock:"},
        {"shutout", "0", GIN_ERULES, "shutout:"},
        {"hollywood", "1", GIN_ERULES, "hollywood:"},
        {"hollywood", "0", GIN_ERULES, "hollywood:"},
        {"spade-double", "1", GIN_ERULES, "spade-double:"},
        {"cut", "middle", GIN_ERULES, "cut:"},
        {"seats", "5", GIN_ERULES, "seats:"},
        {"hollywood", "maybe", GIN_ERULES, "hollywood:"},
        {"stock-void-at", "40", GIN_ERULES, "stock-void-at:"},
        {"colour", "red", GIN_ENAME, "unknown rule knob"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = get("standard");
        gin_rules before = r;
        why = NULL;
        assert_int_equal(gin_rules_set(&r, bad[i].knob, bad[i].value, &why), bad[i].status);
        assert_non_null(why);
        assert_memory_equal(why, bad[i].msg_start, strlen(bad[i].msg_start));
        assert_memory_equal(&r, &before, sizeof r);
    }
    assert_int_equal(gin_rules_set(NULL, "target", "1", NULL), GIN_EINVAL);
    assert_int_equal(gin_rules_set(&r, NULL, "1", NULL), GIN_EINVAL);
    assert_int_equal(gin_rules_set(&r, "target", NULL, NULL), GIN_EINVAL);
}

/* The knobs one at a time (records and the protocol spell rules with them):
 * the order and names of gin_rules_knob_names(), values read and stored by
 * index, words exact to the letter, numbers left to the caller. */
static void test_knob_by_index(void **state)
{
    (void)state;
    char names[512] = "";
    assert_int_equal(gin_rules_knob_count(), 18);
    for (int i = 0; i < gin_rules_knob_count(); i++) {
        if (i)
            strcat(names, ", ");
        strcat(names, gin_rules_knob_name(i));
    }
    assert_string_equal(names, gin_rules_knob_names());
    assert_null(gin_rules_knob_name(-1));
    assert_null(gin_rules_knob_name(gin_rules_knob_count()));

    gin_rules r = get("oklahoma");
    assert_int_equal(gin_rules_knob_get(&r, 0), 2);                      /* seats */
    assert_int_equal(gin_rules_knob_get(&r, 4), GIN_KNOCK_LIMIT_UPCARD); /* knock */
    assert_int_equal(gin_rules_knob_get(&r, 7), 20);                     /* undercut-bonus */
    assert_int_equal(gin_rules_knob_get(NULL, 0), 0);
    assert_int_equal(gin_rules_knob_put(&r, 10, 250), GIN_OK);
    assert_int_equal(r.target, 250);
    assert_string_equal(r.name, "oklahoma"); /* unchecked, unnamed: the caller's */
    assert_int_equal(gin_rules_knob_put(&r, 18, 1), GIN_EINVAL);
    /* spade-double: the newest knob, off in every preset, on/off by word */
    assert_string_equal(gin_rules_knob_name(17), "spade-double");
    assert_int_equal(gin_rules_knob_since(17), 3);
    assert_int_equal(gin_rules_knob_since(16), 2);
    assert_int_equal(gin_rules_knob_since(0), 1);
    for (size_t i = 0; i < gin_rules_preset_count(); i++)
        assert_int_equal(gin_rules_preset_at(i)->spade_double, 0);
    gin_rules sd = get("oklahoma");
    assert_int_equal(gin_rules_set(&sd, "spade-double", "on", NULL), GIN_OK);
    assert_int_equal(sd.spade_double, 1);
    assert_int_equal(gin_rules_set(&sd, "spade-double", "2", NULL), GIN_ERULES);
    assert_int_equal(gin_rules_knob_put(NULL, 0, 1), GIN_EINVAL);

    assert_string_equal(gin_rules_knob_word(1, 1), "high");
    assert_string_equal(gin_rules_knob_word(14, 1), "no-box");
    assert_string_equal(gin_rules_knob_word(4, GIN_KNOCK_LIMIT_UPCARD), "upcard");
    assert_null(gin_rules_knob_word(4, 10)); /* a number */
    assert_null(gin_rules_knob_word(1, 2));  /* a word knob out of range */
    assert_null(gin_rules_knob_word(99, 0));

    int v = -5;
    assert_int_equal(gin_rules_knob_value(2, "alternate", &v), 1);
    assert_int_equal(v, GIN_NEXT_ALTERNATE);
    assert_int_equal(gin_rules_knob_value(4, "upcard", &v), 1);
    assert_int_equal(v, GIN_KNOCK_LIMIT_UPCARD);
    assert_int_equal(gin_rules_knob_value(4, "7", &v), 0);    /* knock takes numbers */
    assert_int_equal(gin_rules_knob_value(15, "ON", &v), -1); /* exact, words only */
    assert_int_equal(gin_rules_knob_value(15, "1", &v), -1);
    assert_int_equal(gin_rules_knob_value(-1, "low", &v), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preset_order_and_names),
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_standard),
        cmocka_unit_test(test_classic),
        cmocka_unit_test(test_oklahoma),
        cmocka_unit_test(test_straight),
        cmocka_unit_test(test_knock_limit),
        cmocka_unit_test(test_hand_factor),
        cmocka_unit_test(test_check_each_knob),
        cmocka_unit_test(test_set),
        cmocka_unit_test(test_knob_by_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
