/* gin-bench review: how fast the trainer thinks on every core. Prints
 *   hint: the coach at 200000 playouts on 2 threads: median 80 ms p95 140 ms (n=60)
 *   review: 6 games of hard against hard, 104 decisions a game, at 200000 playouts on 2 threads:
 *           9.1 s a game (87 ms a decision)
 * and the same review at the review's own budget (GIN_REVIEW_PLAYOUTS).
 * The hint is the coach's advice (gin_coach, what H shows) on positions
 * of hard against hard; the review is gin_review_run over whole games of
 * hard against hard to 100, one seat's decisions. Times are wall time on
 * the monotonic clock (the work is shared by threads, so one thread's CPU
 * time would not say how long the player waits); run it on an idle
 * machine. The answers themselves do not depend on the threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "coach.h"
#include "game_review.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/record.h"

typedef struct args {
    int games, hints, threads;
    long playouts;
} args;

static int parse(int argc, char **argv, args *a)
{
    for (int i = 1; i < argc; i += 2) {
        char *end = NULL;
        long x = 0;
        if (i + 1 < argc)
            x = strtol(argv[i + 1], &end, 10);
        if (!end || *end || x < 1 || x > 100000000) {
            fprintf(stderr, "usage: gin-bench review [--games N] [--hints N] [--threads N] [--playouts N]\n");
            return 2;
        }
        if (!strcmp(argv[i], "--games"))
            a->games = (int)x;
        else if (!strcmp(argv[i], "--hints"))
            a->hints = (int)x;
        else if (!strcmp(argv[i], "--threads"))
            a->threads = (int)x;
        else if (!strcmp(argv[i], "--playouts"))
            a->playouts = x;
        else
            end = NULL;
        if (!end) {
            fprintf(stderr, "usage: gin-bench review [--games N] [--hints N] [--threads N] [--playouts N]\n");
            return 2;
        }
    }
    return 0;
}

/* A whole game of hard against hard to 100, recorded. */
static int play_game(uint64_t seed, gin_record *rec, gin_match *m)
{
    gin_rules r;
    gin_rules_preset("standard", &r);
    gin_agent a, b;
    if (gin_ai_create("hard", seed, 0, &a) != GIN_OK)
        return -1;
    if (gin_ai_create("hard", seed + 7777, 0, &b) != GIN_OK) {
        a.destroy(a.self);
        return -1;
    }
    const gin_agent *agents[GIN_MAX_SEATS] = {&a, &b, NULL, NULL};
    gin_record_init(rec, &r, seed);
    int rc = gin_match_init(m, &r, seed, agents, NULL, NULL);
    if (rc == GIN_OK)
        while ((rc = gin_match_step(m)) == 1)
            if (m->moved >= 0 && gin_record_add(rec, m->last) != GIN_OK) {
                rc = -1;
                break;
            }
    if (rc == 0 && m->moved >= 0 && gin_record_add(rec, m->last) != GIN_OK)
        rc = -1;
    a.destroy(a.self);
    b.destroy(b.self);
    return rc == 0 ? 0 : -1;
}

static int cmp_double(const void *x, const void *y)
{
    double p = *(const double *)x, q = *(const double *)y;
    return (p > q) - (p < q);
}

/* The coach's advice at its default budget over positions of these games. */
static int time_hints(const args *a, const gin_view *views, long n)
{
    int k = a->hints < n ? a->hints : (int)n;
    double *t = malloc(sizeof *t * (size_t)(k > 0 ? k : 1));
    gin_coach_advice *adv = malloc(sizeof *adv);
    if (!t || !adv || k <= 0) {
        free(t);
        free(adv);
        return 1;
    }
    long step = n / k;
    for (int i = 0; i < k; i++) {
        gin_coach_opts o = {a->playouts, 0, 0, a->threads};
        double t0 = bench_now();
        gin_coach(&views[i * step], &o, adv);
        t[i] = (bench_now() - t0) * 1e3;
    }
    qsort(t, (size_t)k, sizeof *t, cmp_double);
    printf("hint: the coach at %ld playouts on %d threads: median %.0f ms p95 %.0f ms max %.0f ms (n=%d)\n",
           a->playouts, a->threads, t[k / 2], t[(int)(0.95 * (k - 1))], t[k - 1], k);
    free(t);
    free(adv);
    return 0;
}

static int time_reviews(const args *a, long playouts, gin_record *recs)
{
    gin_review_game *g = malloc(sizeof *g);
    if (!g)
        return 1;
    double total = 0, worst = 0;
    long decisions = 0;
    for (int i = 0; i < a->games; i++) {
        gin_review_opts o = {playouts, 1, NULL, NULL, NULL, a->threads, 0};
        double t0 = bench_now();
        int n = gin_review_run(&recs[i], 0, &o, g);
        double t = bench_now() - t0;
        if (n < 0) {
            free(g);
            return 1;
        }
        total += t;
        worst = t > worst ? t : worst;
        decisions += n;
    }
    printf("review: %d games of hard against hard, %.0f decisions a game, at %ld playouts on %d threads: "
           "%.1f s a game (max %.1f s, %.0f ms a decision)\n",
           a->games, (double)decisions / a->games, playouts, a->threads, total / a->games, worst,
           decisions > 0 ? total * 1e3 / (double)decisions : 0.0);
    free(g);
    return 0;
}

/* Every view of seat 0 with a choice, replaying the recorded games as
 * the review does. */
static long views_of(const gin_record *recs, int games, gin_match *m, gin_view *views, long cap)
{
    long n = 0;
    const gin_agent *none[GIN_MAX_SEATS] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < games && n < cap; i++) {
        int rc = gin_match_init(m, &recs[i].rules, recs[i].seed, none, NULL, NULL);
        for (int k = 0; rc >= 0 && k < recs[i].n_actions && n < cap; k++) {
            while (rc >= 0 && gin_match_deal_due(m))
                rc = gin_match_next(m);
            gin_action legal[64];
            if (rc >= 0 && m->game.hand.turn == 0 && gin_view_legal(&m->views[0], legal, 64) > 1)
                views[n++] = m->views[0];
            if (rc >= 0)
                rc = gin_match_submit(m, recs[i].actions[k]);
        }
        if (rc < 0)
            return -1;
    }
    return n;
}

int bench_review(int argc, char **argv)
{
    args a = {6, 60, 2, GIN_COACH_PLAYOUTS};
    if (parse(argc, argv, &a))
        return 2;
    gin_record *recs = malloc(sizeof *recs * (size_t)a.games);
    gin_match *m = malloc(sizeof *m);
    gin_view *views = malloc(sizeof *views * 4000);
    int rc = recs && m && views ? 0 : 1;
    for (int i = 0; i < a.games && rc == 0; i++)
        rc = play_game(11 + (uint64_t)i, &recs[i], m);
    long n = rc == 0 ? views_of(recs, a.games, m, views, 4000) : -1;
    if (n <= 0)
        rc = 1;
    if (rc == 0)
        rc = time_hints(&a, views, n);
    if (rc == 0)
        rc = time_reviews(&a, a.playouts, recs);
    if (rc == 0 && a.playouts != GIN_REVIEW_PLAYOUTS)
        rc = time_reviews(&a, GIN_REVIEW_PLAYOUTS, recs);
    if (rc)
        fprintf(stderr, "gin-bench review: could not play or review the games\n");
    free(recs);
    free(m);
    free(views);
    return rc;
}
