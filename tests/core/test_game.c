/* Tests of the game over hands: the cut, dealer rotation, void re-deals,
 * scores adding up, the end of the game (plain and Hollywood), and
 * thousands of random games in every preset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/rng.h"
#include "gin/game.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "support/support.h"

static gin_rules preset(const char *name)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(name, &r), GIN_OK);
    return r;
}

typedef struct counts {
    int deals, hand_over, voids, game_over;
    int last_game_over_seat, last_game_over_value;
} counts;

static void count_event(void *ctx, const gin_event *ev)
{
    counts *c = ctx;
    c->deals += ev->kind == GIN_EV_DEAL;
    c->hand_over += ev->kind == GIN_EV_HAND_OVER;
    c->voids += ev->kind == GIN_EV_VOID;
    if (ev->kind == GIN_EV_GAME_OVER) {
        c->game_over++;
        c->last_game_over_seat = ev->seat;
        c->last_game_over_value = ev->value;
    }
}

/* A playout policy: greedy discards (least deadwood after), knocks when it
 * may, with `noise` in 0..100 percent of uniformly random actions. */
static gin_action choose(const gin_hand *h, gin_rng *rng, int noise)
{
    return test_greedy_action(h, rng, 100, (uint32_t)noise);
}

static void test_init_and_cut(void **state)
{
    (void)state;
    static gin_game g;
    for (uint64_t seed = 0; seed < 200; seed++) {
        gin_rules r = preset(seed % 2 ? "classic" : "standard");
        assert_int_equal(gin_game_init(&g, &r, seed), GIN_OK);
        int r0 = gin_card_rank(g.cut[0]), r1 = gin_card_rank(g.cut[1]);
        assert_true(gin_card_valid(g.cut[0]) && gin_card_valid(g.cut[1]));
        assert_int_not_equal(r0, r1); /* ties were cut again */
        int low = r0 < r1 ? 0 : 1;
        assert_int_equal(g.dealer, r.cut == GIN_CUT_LOW_DEALS ? low : 1 - low);
        assert_int_equal(g.hand_no, 0);
        assert_int_equal(g.over, 0);
    }
    /* no hand in play yet */
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    assert_int_equal(gin_game_apply(&g, a, NULL, NULL), GIN_ESTATE);
    assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
    assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_ESTATE); /* one is in play */
    assert_int_equal(g.hand_no, 1);
    /* a bad rule set is refused */
    gin_rules bad = preset("standard");
    bad.knock_limit = 42;
    assert_int_equal(gin_game_init(&g, &bad, 1), GIN_ERULES);
    assert_int_equal(gin_game_init(NULL, &bad, 1), GIN_EINVAL);
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    static gin_game a, b;
    gin_rules r = preset("standard");
    assert_int_equal(gin_game_init(&a, &r, 5), GIN_OK);
    assert_int_equal(gin_game_init(&b, &r, 5), GIN_OK);
    assert_int_equal(gin_game_deal(&a, NULL, NULL), GIN_OK);
    assert_int_equal(gin_game_deal(&b, NULL, NULL), GIN_OK);
    assert_memory_equal(a.deck, b.deck, sizeof a.deck);
    assert_true(a.hand.held[0] == b.hand.held[0]);
    assert_int_equal(gin_game_init(&b, &r, 6), GIN_OK);
    assert_int_equal(gin_game_deal(&b, NULL, NULL), GIN_OK);
    assert_memory_not_equal(a.deck, b.deck, sizeof a.deck);
}

/* Play a game to its end checking the dealer rule, the records of the
 * hands, and that the points add up. Returns the number of hands. */
static int play_game(const gin_rules *r, uint64_t seed, int noise, int *voids)
{
    static gin_game g;
    gin_rng rng;
    gin_rng_seed(&rng, seed ^ GIN_RNG_GOLDEN);
    assert_int_equal(gin_game_init(&g, r, seed), GIN_OK);
    counts c = {0};
    while (!g.over) {
        int dealer = g.dealer, hands = g.n_results;
        assert_int_equal(gin_game_deal(&g, count_event, &c), GIN_OK);
        assert_int_equal(g.hand.dealer, dealer);
        while (g.hand.phase != GIN_PHASE_OVER) {
            gin_action a = choose(&g.hand, &rng, noise);
            assert_int_equal(gin_game_apply(&g, a, count_event, &c), GIN_OK);
        }
        assert_int_equal(g.n_results, hands + 1);
        const gin_hand_score *hs = &g.results[hands];
        if (g.hand.void_hand) {
            assert_int_equal(hs->winner, -1);
            assert_int_equal(hs->points, 0);
            assert_int_equal(g.dealer, dealer); /* void: the same dealer */
            ++*voids;
        } else {
            int defender = 1 - g.hand.knocker;
            int winner = g.hand.result.winner == GIN_KNOCKER ? g.hand.knocker : defender;
            assert_int_equal(hs->winner, winner);
            assert_int_equal(hs->points, g.hand.result.points);
            assert_int_equal(hs->kind, g.hand.result.kind);
            if (r->next_dealer == GIN_NEXT_WINNER_DEALS)
                assert_int_equal(g.dealer, winner);
            else if (r->next_dealer == GIN_NEXT_LOSER_DEALS)
                assert_int_equal(g.dealer, 1 - winner);
            else
                assert_int_equal(g.dealer, 1 - dealer);
        }
        /* the points add up (Hollywood plays on after the plain game ends,
         * whose score then takes no more hands) */
        int sum[2] = {0, 0}, won[2] = {0, 0};
        for (int i = 0; i < g.n_results; i++)
            if (g.results[i].winner >= 0) {
                sum[g.results[i].winner] += g.results[i].points;
                won[g.results[i].winner]++;
            }
        for (int s = 0; s < 2 && !(r->hollywood && g.score.over); s++) {
            assert_int_equal(g.score.points[s], sum[s]);
            assert_int_equal(g.score.hands_won[s], won[s]);
        }
        assert_int_equal(g.hand_no, g.n_results);
        assert_true(g.n_results <= GIN_MAX_HANDS);
        if (!g.over)
            assert_int_equal(c.game_over, 0);
    }
    assert_int_equal(c.game_over, 1);
    assert_int_equal(c.deals, 2 * g.hand_no);
    assert_int_equal(c.hand_over + c.voids, g.hand_no);
    int total = -1;
    int w = gin_game_winner(&g, &total);
    assert_int_equal(c.last_game_over_seat, w);
    assert_int_equal(c.last_game_over_value, total);
    if (r->hollywood && g.n_results < GIN_MAX_HANDS) {
        for (int i = 0; i < 3; i++)
            assert_true(g.hollywood[i].over);
    } else if (!r->hollywood && g.n_results < GIN_MAX_HANDS) {
        assert_true(g.score.over);
        int reached = g.score.points[0] >= r->target || g.score.points[1] >= r->target;
        int played = 0; /* max_hands counts hands that were not void */
        for (int i = 0; i < g.n_results; i++)
            played += g.results[i].winner >= 0;
        assert_true(reached || (r->max_hands > 0 && played >= r->max_hands));
        assert_true(w >= 0);
        assert_true(g.score.total[w] >= g.score.total[1 - w]);
    }
    /* over: no more deals or actions */
    gin_action a = gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD);
    assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_ESTATE);
    assert_int_equal(gin_game_apply(&g, a, NULL, NULL), GIN_ESTATE);
    return g.n_results;
}

static void test_playouts_every_preset(void **state)
{
    (void)state;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        for (int hollywood = 0; hollywood < 2; hollywood++) {
            gin_rules r = *gin_rules_preset_at(i);
            r.hollywood = hollywood;
            int voids = 0, hands = 0;
            int capped = 0;
            for (uint64_t seed = 0; seed < 300; seed++) {
                int n = play_game(&r, seed * 31 + i, (int)(seed % 3) * 30, &voids);
                hands += n;
                capped += n == GIN_MAX_HANDS;
            }
            assert_true(hands > 300);
            assert_true(capped < 30); /* games end by score, not by the cap */
            assert_true(voids > 0);
        }
    }
}

static void test_dealer_rules(void **state)
{
    (void)state;
    int voids = 0;
    gin_rules r = preset("standard");
    r.next_dealer = GIN_NEXT_LOSER_DEALS;
    for (uint64_t seed = 0; seed < 100; seed++)
        play_game(&r, seed, 20, &voids);
    r.next_dealer = GIN_NEXT_ALTERNATE;
    for (uint64_t seed = 0; seed < 100; seed++)
        play_game(&r, seed, 20, &voids);
    assert_true(voids > 0);
}

static void test_max_hands(void **state)
{
    (void)state;
    int voids = 0;
    gin_rules r = preset("classic");
    r.max_hands = 3;
    r.target = 10000;
    for (uint64_t seed = 0; seed < 50; seed++) {
        int before = voids;
        int hands = play_game(&r, seed, 10, &voids);
        assert_int_equal(hands, 3 + voids - before);
    }
}

/* Nobody can ever score: the game still ends, at GIN_MAX_HANDS. */
static void test_endless_voids_end(void **state)
{
    (void)state;
    static gin_game g;
    gin_rules r = preset("standard");
    assert_int_equal(gin_game_init(&g, &r, 3), GIN_OK);
    counts c = {0};
    while (!g.over) {
        assert_int_equal(gin_game_deal(&g, count_event, &c), GIN_OK);
        while (g.hand.phase != GIN_PHASE_OVER) {
            gin_action a = gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD);
            if (g.hand.phase == GIN_PHASE_OFFER)
                a.kind = GIN_ACT_PASS;
            else if (g.hand.phase == GIN_PHASE_DISCARD) {
                a.kind = GIN_ACT_DISCARD;
                a.card = g.hand.stock[g.hand.stock_n]; /* the card just drawn */
            }
            assert_int_equal(gin_game_apply(&g, a, count_event, &c), GIN_OK);
        }
    }
    assert_int_equal(g.n_results, GIN_MAX_HANDS);
    assert_int_equal(c.voids, GIN_MAX_HANDS);
    assert_int_equal(c.game_over, 1);
    assert_int_equal(c.last_game_over_seat, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_and_cut),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_playouts_every_preset),
        cmocka_unit_test(test_dealer_rules),
        cmocka_unit_test(test_max_hands),
        cmocka_unit_test(test_endless_voids_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
