/* gin-bench playouts: how fast the expert thinks. Positions are collected
 * from `hard` against `simple` (the views hard was asked about), then the
 * expert searches a spread sample of them on one thread. Prints
 *   playouts: expert 1519061 playouts/s of one core, 3130 per decision
 *     (n=300 x 2 passes, 574 searched, 1.24 s, think 50 ms)
 *   playouts: expert decision median 0.32 ms p99 16.48 ms max 21.13 ms (budget 50 ms)
 * Playouts per second are total playouts over the thread CPU time of the
 * decisions that ran any (a forced move or one left to hard runs none);
 * the positions are searched again, with new seeds, until that time is a
 * second or more. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai.h"
#include "bench.h"
#include "botlib.h"
#include "gin/error.h"
#include "gin/match.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int parse(int argc, char **argv, long *n, int *think)
{
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--positions") && i + 1 < argc)
            *n = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--think") && i + 1 < argc)
            *think = (int)strtol(argv[++i], &end, 10);
        if (!end || *end || *n < 1 || *think < 1) {
            fprintf(stderr, "usage: gin-bench playouts [--positions N] [--think MS]\n");
            return 2;
        }
    }
    return 0;
}

/* One pass over the n positions views[0], views[step], ...: each
 * decision's thread CPU milliseconds into t[], the playouts of those that
 * ran any added to *total and their time to *busy. Pass k seeds decision i
 * with 7 + k * n + i, so every pass searches other worlds. */
static void one_pass(const gin_view *views, long n, long step, int think, long k, double *t, long *total, double *busy,
                     long *searched)
{
    for (long i = 0; i < n; i++) {
        gin_action act;
        long spent = 0;
        double t0 = bench_cpu_now();
        ai_expert_search(&views[i * step], 7 + (uint64_t)(k * n + i), think, &act, &spent);
        t[i] = (bench_cpu_now() - t0) * 1e3;
        if (spent > 0) {
            *total += spent;
            *busy += t[i];
            (*searched)++;
        }
    }
}

int bench_playouts(int argc, char **argv)
{
    long n = 300, pool = 6000;
    int think = 50;
    if (parse(argc, argv, &n, &think))
        return 2;
    gin_view *views = malloc(sizeof *views * (size_t)pool);
    long got = views ? bench_positions_hard_vs_simple(views, pool) : -1;
    if (got <= 0) {
        fprintf(stderr, "gin-bench playouts: could not collect positions\n");
        free(views);
        return 1;
    }
    if (n > got)
        n = got;
    /* Passes over the same positions with new seeds until the searches
     * took a second of CPU time: a short run's figure is mostly noise. */
    enum { MAX_PASSES = 64 };
    double *t = malloc(sizeof *t * (size_t)n * MAX_PASSES);
    if (!t) {
        free(views);
        return 1;
    }
    long step = got / n, total = 0, searched = 0, passes = 0;
    double busy = 0;
    do
        one_pass(views, n, step, think, passes, t + passes * n, &total, &busy, &searched);
    while (++passes < MAX_PASSES && busy < 1e3);
    long m = passes * n;
    qsort(t, (size_t)m, sizeof *t, cmp_double);
    printf("playouts: expert %.0f playouts/s of one core, %.0f per decision (n=%ld x %ld passes, %ld searched, %.2f s, "
           "think %d ms)\n",
           busy > 0 ? (double)total / (busy / 1e3) : 0.0, (double)total / (double)m, n, passes, searched, busy / 1e3,
           think);
    printf("playouts: expert decision median %.2f ms p99 %.2f ms max %.2f ms (budget %d ms)\n", t[m / 2],
           t[(long)(0.99 * (double)(m - 1))], t[m - 1], think);
    free(views);
    free(t);
    return 0;
}
