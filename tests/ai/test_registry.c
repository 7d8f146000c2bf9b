/* Agents by name: every name creates and has a line for the menu, and the
 * gallery of opponent styles plays as each one's description says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"
#include "support/support.h"

#define C test_card
#define S test_cards

static gin_action decide_as(const char *name, const gin_view *v)
{
    gin_agent a;
    assert_int_equal(gin_ai_create(name, 1, 2, &a), GIN_OK);
    gin_action act;
    assert_int_equal(gin_agent_decide(&a, v, &act), GIN_OK);
    if (a.destroy)
        a.destroy(a.self);
    return act;
}

/* Every entry of the catalogue creates an agent of its name and says how it
 * plays; lookups are case-free, as gin_ai_create. */
static void test_every_name_creates_and_describes(void **state)
{
    (void)state;
    int n = 0;
    for (const gin_opponent *o; (o = gin_opponent_at(n)); n++) {
        gin_agent a;
        assert_int_equal(gin_ai_create(o->name, 3, 2, &a), GIN_OK);
        assert_string_equal(a.name, o->name);
        a.destroy(a.self);
        assert_true(strlen(o->about) > 10 && strlen(o->about) < 80);
        assert_true(strlen(o->title) > 0 && strcasecmp(o->title, o->name) == 0); /* the name, as a heading */
        assert_true(o->kind == GIN_OPPONENT_BASELINE || o->kind == GIN_OPPONENT_LEVEL || o->kind == GIN_OPPONENT_STYLE);
        assert_ptr_equal(gin_opponent_find(o->name), o);
        assert_string_equal(gin_ai_describe(o->name), o->about);
        for (int k = 0; k < n; k++) /* each name once */
            assert_string_not_equal(gin_opponent_at(k)->name, o->name);
    }
    assert_int_equal(n, 11);
    assert_null(gin_opponent_at(-1));
    assert_null(gin_opponent_find("nobody"));
    assert_null(gin_opponent_find(NULL));
    assert_null(gin_ai_describe("nobody"));
    assert_ptr_equal(gin_opponent_find("EAGER"), gin_opponent_find("eager"));
    gin_agent a;
    assert_int_equal(gin_ai_create("nobody", 1, 0, &a), GIN_ENAME);
    /* each level's entry is the one gin_bot_create names its bot by */
    for (int l = GIN_LEVEL_EASY; l <= GIN_LEVEL_EXPERT; l++) {
        const gin_opponent *o = gin_opponent_of_level(l);
        assert_non_null(o);
        assert_int_equal(o->kind, GIN_OPPONENT_LEVEL);
        assert_int_equal(gin_bot_create(l, 1, 1, &a), GIN_OK);
        assert_string_equal(a.name, o->name);
        a.destroy(a.self);
    }
    assert_null(gin_opponent_of_level(GIN_LEVEL_EXPERT + 1));
}

/* The lists help and messages print: by kind, in catalogue order. */
static void test_names_listed(void **state)
{
    (void)state;
    char buf[GIN_OPPONENT_NAMES_MAX];
    int n = gin_opponent_names(GIN_OPPONENT_ANY, buf, sizeof buf);
    assert_int_equal(n, (int)strlen(buf));
    assert_string_equal(buf, "random, simple, easy, normal, hard, expert, eager, waiter, hoarder, blocker, collector");
    assert_true(gin_opponent_names(GIN_OPPONENT_LEVEL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "easy, normal, hard, expert");
    assert_true(gin_opponent_names(GIN_OPPONENT_STYLE, buf, sizeof buf) > 0);
    assert_string_equal(buf, "eager, waiter, hoarder, blocker, collector");
    assert_true(gin_opponent_names(GIN_OPPONENT_TABLE, buf, sizeof buf) > 0);
    assert_string_equal(buf, "easy, normal, hard, expert, eager, waiter, hoarder, blocker, collector");
    assert_int_equal(gin_opponent_names(0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(gin_opponent_names(GIN_OPPONENT_LEVEL, buf, 26), GIN_ESPACE); /* 26 with its NUL: 27 */
    assert_int_equal(gin_opponent_names(GIN_OPPONENT_LEVEL, buf, 27), 26);
    assert_int_equal(gin_opponent_names(GIN_OPPONENT_LEVEL, NULL, 27), GIN_EINVAL);
    assert_int_equal(gin_opponent_names(GIN_OPPONENT_LEVEL, buf, 0), GIN_EINVAL);
}

/* docs/record.md lists the table's opponents that the history names: the
 * catalogue's levels and styles, in its order. */
static void test_record_md_lists_the_catalogue(void **state)
{
    (void)state;
    FILE *f = fopen(GIN_SOURCE_DIR "/docs/record.md", "r");
    assert_non_null(f);
    static char doc[65536];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = '\0';
    const char *p = strstr(doc, "opponents (");
    assert_non_null(p);
    const char *end = strstr(p, "), or `external`");
    assert_non_null(end);
    char listed[GIN_OPPONENT_NAMES_MAX] = "";
    for (p = strchr(p, '`'); p && p < end; p = strchr(p + 1, '`')) { /* each `name` */
        const char *q = strchr(p + 1, '`');
        assert_non_null(q);
        if (listed[0])
            strcat(listed, ", ");
        strncat(listed, p + 1, (size_t)(q - p - 1));
        p = q;
    }
    char want[GIN_OPPONENT_NAMES_MAX];
    assert_true(gin_opponent_names(GIN_OPPONENT_TABLE, want, sizeof want) > 0);
    assert_string_equal(listed, want);
}

/* eager knocks as soon as it may; waiter only in its first turns or at gin. */
static void test_eager_and_waiter_knock(void **state)
{
    (void)state;
    /* Deadwood 5 after throwing the king: 2S 3S 4S, 7H 7D 7C, 9D TD JD, 5C. */
    gin_view v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD 5C KC", "AD", GIN_PHASE_DISCARD, 12);
    gin_action a = decide_as("eager", &v);
    assert_int_equal(a.kind, GIN_ACT_KNOCK);
    a = decide_as("waiter", &v);
    assert_int_equal(a.kind, GIN_ACT_DISCARD); /* turn 12, stock far from its end */
    v.turns = 2;
    assert_int_equal(decide_as("waiter", &v).kind, GIN_ACT_KNOCK);
    v.turns = 24;
    v.stock_n = 8; /* the hand is near its end: it knocks */
    assert_int_equal(decide_as("waiter", &v).kind, GIN_ACT_KNOCK);
}

/* hoarder takes a card that pairs an unmatched card; hard draws blind. */
static void test_hoarder_takes_combinations(void **state)
{
    (void)state;
    gin_view v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD KC", "KH", GIN_PHASE_DRAW, 6);
    assert_int_equal(decide_as("hoarder", &v).kind, GIN_ACT_DRAW_DISCARD);
    assert_int_equal(decide_as("hard", &v).kind, GIN_ACT_DRAW_STOCK);
    /* A card that fits nothing is left alone by the hoarder too. */
    v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD KC", "5H", GIN_PHASE_DRAW, 6);
    assert_int_equal(decide_as("hoarder", &v).kind, GIN_ACT_DRAW_STOCK);
}

/* blocker never throws a card that feeds a meld the opponent shows. */
static void test_blocker_does_not_feed(void **state)
{
    (void)state;
    /* The opponent took 8H and 9H from the pile: 7H or TH would feed it.
     * The ten is our highest unmatched card, which eager throws; the
     * blocker keeps it (and hard, by its gift rule: tests/ai/test_bot.c). */
    gin_view v = test_view_at("2S 3S 4S 7D 7C 7S TH AH 2C 5D 6D", "8H 9H 4C", GIN_PHASE_DISCARD, 8);
    v.known[1] = S("8H 9H");
    v.pile_n = 1; /* only the 4C is still on the pile */
    v.pile[0] = C("4C");
    for (int i = 0; i < 6; i++) {
        assert_int_equal(decide_as("eager", &v).card, C("TH"));
        gin_action a = decide_as("blocker", &v);
        assert_int_not_equal(a.card, C("TH"));
        v.turns++;
    }
}

/* collector takes a face-up card that pairs a card of its rank, in plain
 * sight, and not one that only starts a run (hoarder takes both); it keeps
 * what it took and knocks as soon as it may. */
static void test_collector_collects(void **state)
{
    (void)state;
    gin_view v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD KC", "KH", GIN_PHASE_DRAW, 6);
    assert_int_equal(decide_as("collector", &v).kind, GIN_ACT_DRAW_DISCARD);
    assert_int_equal(decide_as("hard", &v).kind, GIN_ACT_DRAW_STOCK);
    v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD KC", "KH", GIN_PHASE_OFFER, 0);
    assert_int_equal(decide_as("collector", &v).kind, GIN_ACT_TAKE_UPCARD);
    /* The queen of clubs only starts a run with the king: hoarder takes it. */
    v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD KC", "QC", GIN_PHASE_DRAW, 6);
    assert_int_equal(decide_as("collector", &v).kind, GIN_ACT_DRAW_STOCK);
    assert_int_equal(decide_as("hoarder", &v).kind, GIN_ACT_DRAW_DISCARD);
    /* A card that melds is taken. */
    v = test_view_at("2S 3S 4S 7H 7D 9C 9D TD JD KC", "7S", GIN_PHASE_DRAW, 6);
    assert_int_equal(decide_as("collector", &v).kind, GIN_ACT_DRAW_DISCARD);
    /* Having taken the king, it keeps the pair and waits for the third. */
    v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD KC 6H KH", "2D", GIN_PHASE_DISCARD, 6);
    v.taken = C("KH");
    gin_action a = decide_as("collector", &v);
    assert_int_equal(a.kind, GIN_ACT_DISCARD);
    assert_int_not_equal(a.card, C("KC"));
    /* Deadwood 5 after the throw: it knocks at once, as eager does. */
    v = test_view_at("2S 3S 4S 7H 7D 7C 9D TD JD 5C KC", "AD", GIN_PHASE_DISCARD, 12);
    assert_int_equal(decide_as("collector", &v).kind, GIN_ACT_KNOCK);
}

/* Every style plays legal games against each level, deterministically. */
static void test_styles_play_whole_games(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    for (int i = 0; gin_opponent_at(i); i++) {
        if (gin_opponent_at(i)->kind != GIN_OPPONENT_STYLE)
            continue;
        int totals[2];
        for (int run = 0; run < 2; run++) {
            gin_agent a, b;
            assert_int_equal(gin_ai_create(gin_opponent_at(i)->name, 5, 0, &a), GIN_OK);
            assert_int_equal(gin_ai_create("hard", 6, 0, &b), GIN_OK);
            const gin_agent *agents[2] = {&a, &b};
            static gin_match m;
            assert_int_equal(gin_match_init(&m, &r, 31 + (uint64_t)i, agents, NULL, NULL), GIN_OK);
            assert_int_equal(gin_match_play(&m), 0);
            assert_int_equal(m.fault_seat, -1);
            if (run == 0)
                totals[0] = m.game.score.total[0], totals[1] = m.game.score.total[1];
            else
                assert_true(totals[0] == m.game.score.total[0] && totals[1] == m.game.score.total[1]);
            a.destroy(a.self);
            b.destroy(b.self);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_name_creates_and_describes),
        cmocka_unit_test(test_names_listed),
        cmocka_unit_test(test_record_md_lists_the_catalogue),
        cmocka_unit_test(test_eager_and_waiter_knock),
        cmocka_unit_test(test_hoarder_takes_combinations),
        cmocka_unit_test(test_blocker_does_not_feed),
        cmocka_unit_test(test_collector_collects),
        cmocka_unit_test(test_styles_play_whole_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
