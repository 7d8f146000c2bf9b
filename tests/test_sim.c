/* The simulator and `gin sim`: results independent of the number of
 * workers, mirrored pairs, the figures adding up, the command line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "gin/error.h"
#include "sim.h"

static gin_sim_config config(const char *p1, const char *p2, long pairs, int jobs)
{
    gin_sim_config c;
    memset(&c, 0, sizeof c);
    assert_int_equal(gin_rules_preset("standard", &c.rules), GIN_OK);
    c.p1 = p1;
    c.p2 = p2;
    c.seed = 12345;
    c.pairs = pairs;
    c.jobs = jobs;
    return c;
}

static void assert_same_stats(const gin_sim_stats *a, const gin_sim_stats *b)
{
    assert_int_equal(a->games, b->games);
    assert_int_equal(a->wins[0], b->wins[0]);
    assert_int_equal(a->wins[1], b->wins[1]);
    assert_int_equal(a->hands, b->hands);
    assert_int_equal(a->points[0], b->points[0]);
    assert_int_equal(a->points[1], b->points[1]);
    assert_int_equal(a->gins, b->gins);
    assert_int_equal(a->knocks, b->knocks);
    assert_int_equal(a->undercuts, b->undercuts);
    assert_int_equal(a->voids, b->voids);
}

static void test_same_results_whatever_jobs(void **state)
{
    (void)state;
    gin_sim_config c = config("simple", "random", 15, 1);
    gin_sim_stats one, many;
    assert_int_equal(gin_sim_run(&c, NULL, NULL, &one), GIN_OK);
    assert_int_equal(one.games, 30);
    for (int jobs = 2; jobs <= 5; jobs += 3) {
        c.jobs = jobs;
        assert_int_equal(gin_sim_run(&c, NULL, NULL, &many), GIN_OK);
        assert_same_stats(&one, &many);
    }
    /* and a different seed gives different games */
    c.seed++;
    assert_int_equal(gin_sim_run(&c, NULL, NULL, &many), GIN_OK);
    assert_true(many.hands != one.hands || many.points[0] != one.points[0] || many.points[1] != one.points[1]);
}

static void test_figures_add_up(void **state)
{
    (void)state;
    gin_sim_config c = config("simple", "simple", 10, 2);
    gin_sim_stats s;
    assert_int_equal(gin_sim_run(&c, NULL, NULL, &s), GIN_OK);
    assert_int_equal(s.games, 20);
    assert_int_equal(s.wins[0] + s.wins[1], 20); /* no ties in standard */
    assert_int_equal(s.hands, s.gins + s.knocks + s.undercuts + s.voids);
    assert_true(s.hands >= 20);
    assert_true(s.knocks > 0);
    /* every game ends when someone reaches 100 with hand points */
    assert_true(s.points[0] + s.points[1] >= 100 * 20);
    assert_int_equal(s.fault, GIN_OK);
}

typedef struct deals {
    int n;
    gin_cardset cards[2];
    int dealer;
    gin_card upcard;
} deals;

static void first_deal(void *ctx, const gin_event *ev)
{
    deals *d = ctx;
    if (ev->kind != GIN_EV_DEAL || d->n >= 2)
        return;
    d->cards[ev->seat] = ev->cards;
    d->dealer = ev->value;
    d->upcard = ev->card;
    d->n++;
}

/* Games 2k and 2k+1 deal the same shuffle with the agents' seats swapped. */
static void test_mirrored_pairs(void **state)
{
    (void)state;
    gin_sim_config c = config("simple", "random", 1, 1);
    gin_cardset prev = 0;
    for (long pair = 0; pair < 6; pair++) {
        deals d0 = {0}, d1 = {0};
        gin_sim_stats s0 = {0}, s1 = {0};
        assert_int_equal(gin_sim_play_game(&c, pair, 0, first_deal, &d0, &s0), GIN_OK);
        assert_int_equal(gin_sim_play_game(&c, pair, 1, first_deal, &d1, &s1), GIN_OK);
        assert_int_equal(d0.n, 2);
        assert_int_equal(d1.n, 2);
        assert_true(d0.cards[0] == d1.cards[0]);
        assert_true(d0.cards[1] == d1.cards[1]);
        assert_int_equal(d0.dealer, d1.dealer);
        assert_int_equal(d0.upcard, d1.upcard);
        assert_true(d0.cards[0] != prev); /* pairs differ */
        prev = d0.cards[0];
        /* p1 (simple) beats random from either seat: the tally follows the swap */
        assert_int_equal(s0.wins[0], 1);
        assert_int_equal(s1.wins[0], 1);
        assert_int_equal(s0.games + s1.games, 2);
    }
    assert_true(gin_sim_game_seed(1, 0) != gin_sim_game_seed(1, 1));
    assert_true(gin_sim_game_seed(1, 0) != gin_sim_game_seed(2, 0));
}

static void test_run_rejects(void **state)
{
    (void)state;
    gin_sim_config c = config("simple", "nobody", 2, 1);
    gin_sim_stats s;
    assert_int_equal(gin_sim_run(&c, NULL, NULL, &s), GIN_ENAME);
    c.jobs = 0;
    assert_int_equal(gin_sim_run(&c, NULL, NULL, &s), GIN_EINVAL);
}

/* ---- the command line ---- */

/* Run `gin ARGS` and capture stdout + stderr; returns the exit status. */
static int run_gin(const char *args, char *out, size_t cap, int with_stderr)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' %s%s", GIN_BINARY, args, with_stderr ? " 2>&1" : " 2>/dev/null");
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Cut the "hands_per_s" figure (timing) from a JSON line. */
static void drop_speed(char *json)
{
    char *k = strstr(json, ", \"hands_per_s\"");
    assert_non_null(k);
    *k = 0;
}

static void test_cli_json(void **state)
{
    (void)state;
    static char a[4096], b[4096];
    assert_int_equal(run_gin("sim --p1 simple --p2 random --games 7 --seed 9 --jobs 1 --json", a, sizeof a, 0), 0);
    assert_int_equal(run_gin("sim --p1 SIMPLE --p2 random --games 7 --seed 9 --jobs 3 --json", b, sizeof b, 0), 0);
    const char *keys[] = {"games", "p1_wins", "p2_wins", "p1_win_share", "ci95_low", "ci95_high", "hands",
                          "p1_points_per_hand", "p2_points_per_hand", "gins", "knocks", "undercuts",
                          "voids", "hands_per_s"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char k[40];
        snprintf(k, sizeof k, "\"%s\":", keys[i]);
        assert_non_null(strstr(a, k));
    }
    assert_int_equal(a[0], '{');
    assert_non_null(strstr(a, "\"games\": 8,")); /* 7 rounded up to whole pairs */
    drop_speed(a);
    drop_speed(b);
    assert_string_equal(a, b);
    assert_int_equal(run_gin("sim --p1 simple --p2 random --games 7 --seed 10 --jobs 1 --json", b, sizeof b, 0), 0);
    drop_speed(b);
    assert_string_not_equal(a, b);
    /* the Wilson interval brackets the share */
    double share, lo, hi;
    const char *s = strstr(a, "\"p1_win_share\":");
    assert_int_equal(sscanf(s, "\"p1_win_share\": %lf, \"ci95_low\": %lf, \"ci95_high\": %lf", &share, &lo, &hi), 3);
    assert_true(lo <= share && share <= hi && lo >= 0 && hi <= 1 && hi - lo > 0.05);
}

static void test_cli_text(void **state)
{
    (void)state;
    static char out[4096];
    assert_int_equal(run_gin("sim --p1 simple --p2 simple --games 4 --rules oklahoma --hollywood --jobs 2", out,
                             sizeof out, 0), 0);
    assert_non_null(strstr(out, "4 games"));
    assert_non_null(strstr(out, "95% CI"));
    assert_non_null(strstr(out, "hands/s"));
    assert_non_null(strstr(out, "undercuts"));
    assert_int_equal(run_gin("sim --help", out, sizeof out, 0), 0);
    assert_non_null(strstr(out, "--p1"));
    assert_non_null(strstr(out, "mirrored"));
}

static void test_cli_bad_names(void **state)
{
    (void)state;
    static char out[4096];
    assert_int_equal(run_gin("sim --p1 simpel --p2 random --games 2", out, sizeof out, 1), 2);
    assert_non_null(strstr(out, "simpel"));
    assert_non_null(strstr(out, "random, simple, easy, normal, hard, expert"));
    assert_int_equal(run_gin("sim --p1 simple --p2 Bob --games 2", out, sizeof out, 1), 2);
    assert_non_null(strstr(out, "Bob"));
    assert_non_null(strstr(out, "random, simple"));
    assert_int_equal(run_gin("sim --p1 simple --p2 random --rules vegas --games 2", out, sizeof out, 1), 2);
    assert_non_null(strstr(out, "vegas"));
    assert_non_null(strstr(out, "standard"));
    assert_non_null(strstr(out, "oklahoma"));
    assert_int_equal(run_gin("sim --p1 exec:./mybot --p2 random --games 2", out, sizeof out, 1), 2);
    assert_non_null(strstr(out, "not supported yet"));
    assert_int_equal(run_gin("sim --p1 simple --p2 random --games x", out, sizeof out, 1), 2);
    assert_int_equal(run_gin("sim --p1 simple --p2 random --frobnicate", out, sizeof out, 1), 2);
    assert_int_equal(run_gin("sim --p1 simple", out, sizeof out, 1), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_results_whatever_jobs),
        cmocka_unit_test(test_figures_add_up),
        cmocka_unit_test(test_mirrored_pairs),
        cmocka_unit_test(test_run_rejects),
        cmocka_unit_test(test_cli_json),
        cmocka_unit_test(test_cli_text),
        cmocka_unit_test(test_cli_bad_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
