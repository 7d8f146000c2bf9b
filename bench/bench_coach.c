/* gin-bench coach: how often the coach's choice at its default budget is
 * the choice of the same analysis at ten times the budget (another seed),
 * over positions from hard-against-hard games, and what the difference
 * costs by the deep analysis's values.
 *
 * Prints the share of positions where both pick the same move (overall,
 * and where the deep analysis separates its best two by more than a
 * point), the share where the coach's pick is more than a point worse by
 * the deep values, and the mean points lost. Positions with one legal
 * answer are skipped. Threads share the positions; the figures do not
 * depend on how many. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "coach.h"
#include "gin/error.h"
#include "gin/match.h"

/* Every third decision with a choice of hard against hard: positions
 * from all of a hand. */
static long collect(gin_view *views, long cap)
{
    gin_rules r;
    gin_rules_preset("standard", &r);
    bench_recorder col = {NULL, views, 0, cap, 0, 3};
    static gin_match m;
    for (uint64_t g = 1; col.n < cap && g < 100000; g++) {
        gin_agent a, b;
        if (gin_ai_create("hard", g, 0, &a) != GIN_OK || gin_ai_create("hard", g + 7777, 0, &b) != GIN_OK)
            return -1;
        col.inner = &a;
        gin_agent ra = bench_recorder_agent(&col);
        const gin_agent *agents[2] = {&ra, &b};
        int rc = gin_match_init(&m, &r, g, agents, NULL, NULL);
        if (rc == GIN_OK)
            rc = gin_match_play(&m);
        a.destroy(a.self);
        b.destroy(b.self);
        if (rc < 0)
            return -1;
    }
    return col.n;
}

typedef struct result {
    int agree, separated, agree_separated, over_a_point;
    double lost;
} result;

typedef struct job {
    const gin_view *views;
    long n, next;
    result *out;
    pthread_mutex_t *lock;
    long budget;
} job;

static void judge(const gin_view *v, long budget, result *r)
{
    gin_move_value quick[GIN_ANALYSIS_MAX], deep[GIN_ANALYSIS_MAX];
    gin_analysis_opts q = {budget, 0, 1, 1}, d = {budget * 10, 1, 1, 1}; /* the coach's own options */
    int nq = gin_analyze(v, &q, quick, GIN_ANALYSIS_MAX), nd = gin_analyze(v, &d, deep, GIN_ANALYSIS_MAX);
    memset(r, 0, sizeof *r);
    if (nq < 2 || nd != nq)
        return;
    gin_action pick = quick[0].action;
    double picked = deep[nd - 1].points;
    for (int i = 0; i < nd; i++)
        if (deep[i].action.kind == pick.kind && deep[i].action.card == pick.card)
            picked = deep[i].points;
    r->agree = deep[0].action.kind == pick.kind && deep[0].action.card == pick.card;
    r->separated = deep[0].points - deep[1].points > 1.0;
    r->agree_separated = r->agree && r->separated;
    r->lost = deep[0].points - picked > 0 ? deep[0].points - picked : 0;
    r->over_a_point = r->lost > 1.0;
}

static void *worker(void *arg)
{
    job *j = arg;
    for (;;) {
        pthread_mutex_lock(j->lock);
        long i = j->next++;
        pthread_mutex_unlock(j->lock);
        if (i >= j->n)
            break;
        judge(&j->views[i], j->budget, &j->out[i]);
    }
    return NULL;
}

int bench_coach(int argc, char **argv)
{
    long n = 2000, jobs = 2, budget = GIN_COACH_PLAYOUTS;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--positions"))
            n = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--jobs"))
            jobs = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--playouts"))
            budget = atol(argv[i + 1]);
    }
    if (n < 1 || jobs < 1 || jobs > 64 || budget < 1) {
        fprintf(stderr, "usage: gin-bench coach [--positions N] [--jobs N] [--playouts N]\n");
        return 2;
    }
    gin_view *views = malloc((size_t)n * sizeof *views);
    result *res = calloc((size_t)n, sizeof *res);
    if (!views || !res || collect(views, n) != n) {
        fprintf(stderr, "gin-bench coach: cannot collect %ld positions\n", n);
        free(views);
        free(res);
        return 1;
    }
    /* One job for every thread: each takes the next position. */
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    job common = {views, n, 0, res, &lock, budget};
    pthread_t tid[64];
    double t0 = bench_now();
    for (long t = 0; t < jobs; t++)
        pthread_create(&tid[t], NULL, worker, &common);
    for (long t = 0; t < jobs; t++)
        pthread_join(tid[t], NULL);
    double wall = bench_now() - t0;
    result sum = {0, 0, 0, 0, 0};
    for (long i = 0; i < n; i++) {
        sum.agree += res[i].agree;
        sum.separated += res[i].separated;
        sum.agree_separated += res[i].agree_separated;
        sum.over_a_point += res[i].over_a_point;
        sum.lost += res[i].lost;
    }
    printf("coach: %ld positions (hard vs hard), %ld playouts against %ld (another seed)\n", n, budget, budget * 10);
    printf("coach: same move %.1f%%; where the deep analysis separates its best two by more than a point "
           "(%d positions) %.1f%%\n",
           100.0 * sum.agree / n, sum.separated, sum.separated ? 100.0 * sum.agree_separated / sum.separated : 0.0);
    printf("coach: more than a point worse %.1f%%; mean points lost %.3f (%.1f s wall, %ld threads)\n",
           100.0 * sum.over_a_point / n, sum.lost / n, wall, jobs);
    free(views);
    free(res);
    return 0;
}
