/* The table of three or four as the terminal plays it: every built-in bot
 * level plays legal,
 * complete games at 3 and 4 seats through the match loop, with the cards
 * conserved after every event and the penalty totals adding up; the coach
 * declines a ring. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "ai.h"
#include "coach.h"
#include "gin/error.h"
#include "gin/match.h"

typedef struct watch {
    const gin_match *m;
    int events, penalties, hands_over, game_over, bad;
} watch;

/* Every card is in exactly one place: a hand, the stock or the pile. */
static int conserved(const gin_hand *h)
{
    gin_cardset all = 0;
    int n = 0;
    for (int s = 0; s < h->seats; s++) {
        if (all & h->held[s])
            return 0;
        all |= h->held[s];
        n += gin_cardset_count(h->held[s]);
    }
    for (int i = 0; i < h->stock_n; i++) {
        if (gin_cardset_has(all, h->stock[i]))
            return 0;
        all |= gin_cardset_of(h->stock[i]);
    }
    for (int i = 0; i < h->pile_n; i++) {
        if (gin_cardset_has(all, h->pile[i]))
            return 0;
        all |= gin_cardset_of(h->pile[i]);
    }
    return n + h->stock_n + h->pile_n == GIN_DECK_SIZE && all == GIN_DECK;
}

static void on_event(void *ctx, const gin_event *ev)
{
    watch *w = ctx;
    w->events++;
    const gin_hand *h = &w->m->game.hand;
    if (ev->kind == GIN_EV_PENALTY)
        w->penalties++;
    if (ev->kind == GIN_EV_HAND_OVER)
        w->hands_over++;
    if (ev->kind == GIN_EV_GAME_OVER)
        w->game_over++;
    /* Mid-hand (not during the deal's first events, when seats fill one by one). */
    if ((ev->kind == GIN_EV_DISCARD || ev->kind == GIN_EV_DRAW_STOCK || ev->kind == GIN_EV_DRAW_DISCARD) &&
        !conserved(h))
        w->bad++;
}

static void play_table(const char *level, int seats, uint64_t seed)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
    r.target = 60; /* a few hands, not a long game */
    gin_agent bots[GIN_MAX_SEATS];
    const gin_agent *agents[GIN_MAX_SEATS];
    for (int s = 0; s < seats; s++) {
        assert_int_equal(gin_ai_create(level, seed * 31 + (uint64_t)s, 5, &bots[s]), GIN_OK);
        agents[s] = &bots[s];
    }
    static gin_match m;
    watch w;
    memset(&w, 0, sizeof w);
    w.m = &m;
    assert_int_equal(gin_match_init(&m, &r, seed, agents, on_event, &w), GIN_OK);
    int rc = gin_match_play(&m);
    if (rc != 0)
        print_error("%s at %d seats, seed %llu: %s (seat %d)\n", level, seats, (unsigned long long)seed,
                    gin_strerror(rc), m.fault_seat);
    assert_int_equal(rc, 0);
    assert_true(m.game.over);
    assert_int_equal(w.game_over, 1);
    assert_int_equal(w.bad, 0);
    /* One PENALTY per seat per scored hand; totals are the sum of the hands. */
    int scored = 0, sum[GIN_MAX_SEATS] = {0};
    for (int i = 0; i < m.game.n_results; i++) {
        const gin_hand_score *hs = &m.game.results[i];
        if (hs->winner < 0)
            continue;
        scored++;
        assert_int_equal(hs->penalty[hs->winner], 0);
        for (int s = 0; s < seats; s++)
            sum[s] += hs->penalty[s];
    }
    assert_int_equal(w.penalties, scored * seats);
    for (int s = 0; s < seats; s++)
        assert_int_equal(m.game.score.total[s], sum[s]);
    int lowest = 0;
    for (int s = 1; s < seats; s++)
        if (sum[s] < sum[lowest])
            lowest = s;
    int total = -1, win = gin_game_winner(&m.game, &total);
    if (win >= 0) {
        assert_int_equal(sum[win], sum[lowest]);
        assert_int_equal(total, sum[lowest]);
    }
    for (int s = 0; s < seats; s++)
        if (bots[s].destroy)
            bots[s].destroy(bots[s].self);
}

static void test_easy_and_normal(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int seats = 3; seats <= 4; seats++) {
            play_table("easy", seats, seed);
            play_table("normal", seats, seed);
        }
}

static void test_hard(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++)
        play_table("hard", seats, 11);
}

static void test_expert(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++)
        play_table("expert", seats, 12);
}

/* The coach analyses two seats: in a ring it says so (GIN_ESTATE) rather
 * than rank moves it cannot value. */
static void test_coach_refuses_a_ring(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, 3), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    static gin_coach_advice a;
    assert_int_equal(gin_coach(&v, NULL, &a), GIN_ESTATE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_easy_and_normal),
        cmocka_unit_test(test_hard),
        cmocka_unit_test(test_expert),
        cmocka_unit_test(test_coach_refuses_a_ring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
