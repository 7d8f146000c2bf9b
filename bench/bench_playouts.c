/* gin-bench playouts: how fast the expert thinks. Positions are collected
 * from `hard` against `simple` (the views hard was asked about), then the
 * expert searches a spread sample of them on one thread. Prints
 *   playouts: expert 412000 playouts/s of one core, 1830 per decision (n=300, think 50 ms)
 *   playouts: expert decision median 2.1 ms p99 18.0 ms (budget 50 ms)
 * Playouts per second are total playouts over the thread CPU time of the
 * decisions that ran any (a forced move or one left to hard runs none). */
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

int bench_playouts(int argc, char **argv)
{
    long n = 300, pool = 6000;
    int think = 50;
    if (parse(argc, argv, &n, &think))
        return 2;
    gin_view *views = malloc(sizeof *views * (size_t)pool);
    double *t = malloc(sizeof *t * (size_t)n);
    long got = views && t ? bench_positions_hard_vs_simple(views, pool) : -1;
    if (got <= 0) {
        fprintf(stderr, "gin-bench playouts: could not collect positions\n");
        free(views);
        free(t);
        return 1;
    }
    if (n > got)
        n = got;
    long step = got / n, total = 0, searched = 0;
    double busy = 0;
    for (long i = 0; i < n; i++) {
        gin_action act;
        long spent = 0;
        double t0 = bench_cpu_now();
        ai_expert_search(&views[i * step], 7 + (uint64_t)i, think, &act, &spent);
        t[i] = (bench_cpu_now() - t0) * 1e3;
        if (spent > 0) {
            total += spent;
            busy += t[i];
            searched++;
        }
    }
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    printf("playouts: expert %.0f playouts/s of one core, %.0f per decision (n=%ld, %ld searched, think %d ms)\n",
           busy > 0 ? (double)total / (busy / 1e3) : 0.0, (double)total / (double)n, n, searched, think);
    printf("playouts: expert decision median %.2f ms p99 %.2f ms max %.2f ms (budget %d ms)\n", t[n / 2],
           t[(long)(0.99 * (double)(n - 1))], t[n - 1], think);
    free(views);
    free(t);
    return 0;
}
