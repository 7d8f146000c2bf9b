/* gin-bench ai: decision time of each bot level over positions collected
 * from playouts (hard against simple). Prints one line per level:
 * "ai: hard mean 9.1 us median 8.0 us p99 40.1 us (n=20000, ...)".
 *
 * Reading the thread clock costs about half a microsecond here, as much as
 * an easy decision, so the figures are made two ways: the mean from batches
 * (the clock read once per pass over all positions, passes repeated for at
 * least a second), and the median and p99 from one reading per decision
 * with the measured cost of a reading (the median of back-to-back pairs)
 * subtracted, as the line says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "gin/error.h"
#include "gin/match.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The cost of one clock reading: the median of back-to-back pairs. */
static double clock_cost_us(void)
{
    enum { PAIRS = 2001 };
    static double d[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
        double t0 = bench_cpu_now();
        d[i] = (bench_cpu_now() - t0) * 1e6;
    }
    qsort(d, PAIRS, sizeof d[0], cmp_double);
    return d[PAIRS / 2];
}

/* Mean microseconds a decision over the m positions views[0], views[step],
 * ..., the clock read once per pass, passes repeated for at least a second. */
static double mean_us(const gin_agent *a, const gin_view *views, long m, long step)
{
    long long done = 0;
    double t0 = bench_cpu_now(), secs;
    do {
        for (long i = 0; i < m; i++) {
            gin_action act;
            gin_agent_decide(a, &views[i * step], &act);
        }
        done += m;
        secs = bench_cpu_now() - t0;
    } while (secs < 1.0);
    return secs * 1e6 / (double)done;
}

/* One timing per decision into t[], less the clock's own cost (floored at 0). */
static void each_us(const gin_agent *a, const gin_view *views, long m, long step, double cost, double *t)
{
    for (long i = 0; i < m; i++) {
        gin_action act;
        double t0 = bench_cpu_now();
        gin_agent_decide(a, &views[i * step], &act);
        double us = (bench_cpu_now() - t0) * 1e6 - cost;
        t[i] = us > 0 ? us : 0;
    }
}

int bench_ai(int argc, char **argv)
{
    long n = 20000, n_expert = 200;
    int think = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--positions") && i + 1 < argc)
            n = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--expert-positions") && i + 1 < argc)
            n_expert = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--think") && i + 1 < argc)
            think = (int)strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: gin-bench ai [--positions N] [--expert-positions N] [--think MS]\n");
            return 2;
        }
    }
    if (n < 1 || n_expert < 1) {
        fprintf(stderr, "gin-bench ai: counts must be positive\n");
        return 2;
    }
    gin_view *views = malloc(sizeof *views * (size_t)n);
    double *t = malloc(sizeof *t * (size_t)n);
    if (!views || !t) {
        free(views);
        free(t);
        return 1;
    }
    long got = bench_positions_hard_vs_simple(views, n);
    if (got <= 0) {
        fprintf(stderr, "gin-bench ai: could not collect positions\n");
        free(views);
        free(t);
        return 1;
    }
    double cost = clock_cost_us();
    static const char *const names[] = {"easy", "normal", "hard", "expert"};
    for (int level = GIN_LEVEL_EASY; level <= GIN_LEVEL_EXPERT; level++) {
        gin_agent a;
        if (gin_bot_create(level, 7, think, &a) != GIN_OK)
            return 1;
        long m = level == GIN_LEVEL_EXPERT ? (n_expert < got ? n_expert : got) : got;
        /* Spread the expert's sample over the whole collection. */
        long step = got / m;
        /* The expert's decisions take milliseconds: one pass is already over
         * a second and the clock's cost is noise, so its mean is of t[]. */
        double mean = level == GIN_LEVEL_EXPERT ? 0 : mean_us(&a, views, m, step);
        each_us(&a, views, m, step, cost, t);
        if (level == GIN_LEVEL_EXPERT) {
            for (long i = 0; i < m; i++)
                mean += t[i] / (double)m;
        }
        a.destroy(a.self);
        qsort(t, (size_t)m, sizeof *t, cmp_double);
        double med = t[m / 2], p99 = t[(long)(0.99 * (double)(m - 1))];
        if (level == GIN_LEVEL_EXPERT)
            printf("ai: %s mean %.0f us median %.0f us p99 %.0f us (n=%ld, think %d ms; "
                   "per decision less the %.2f us clock reading)\n",
                   names[level], mean, med, p99, m, think > 0 ? think : 50, cost);
        else
            printf("ai: %s mean %.2f us median %.2f us p99 %.1f us (n=%ld; mean from batches, "
                   "median and p99 per decision less the %.2f us clock reading)\n",
                   names[level], mean, med, p99, m, cost);
        fflush(stdout);
    }
    free(views);
    free(t);
    return 0;
}
