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

static double cpu_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return bench_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* An agent that plays as `inner` and keeps every view it is asked about. */
typedef struct recorder {
    const gin_agent *inner;
    gin_view *views;
    long n, cap;
} recorder;

static void keep(recorder *r, const gin_view *v)
{
    if (r->n < r->cap)
        r->views[r->n++] = *v;
}

static int rec_offer(void *self, const gin_view *v)
{
    recorder *r = self;
    keep(r, v);
    return r->inner->offer(r->inner->self, v);
}

static int rec_draw(void *self, const gin_view *v)
{
    recorder *r = self;
    keep(r, v);
    return r->inner->draw(r->inner->self, v);
}

static int rec_discard(void *self, const gin_view *v, gin_action *out)
{
    recorder *r = self;
    keep(r, v);
    return r->inner->discard(r->inner->self, v, out);
}

static long collect(gin_view *views, long cap)
{
    gin_rules r;
    gin_rules_preset("standard", &r);
    gin_agent hard, simple;
    if (gin_ai_create("hard", 1, 0, &hard) != GIN_OK)
        return -1;
    if (gin_ai_create("simple", 2, 0, &simple) != GIN_OK) {
        hard.destroy(hard.self);
        return -1;
    }
    recorder rec = {&hard, views, 0, cap};
    gin_agent ra = {"recorder", &rec, rec_offer, rec_draw, rec_discard, NULL, NULL};
    static gin_match m;
    for (uint64_t g = 1; rec.n < cap && g < 100000; g++) {
        const gin_agent *agents[2] = {g & 1 ? &ra : &simple, g & 1 ? &simple : &ra};
        if (gin_match_init(&m, &r, g, agents, NULL, NULL) != GIN_OK || gin_match_play(&m) < 0)
            break;
    }
    hard.destroy(hard.self);
    simple.destroy(simple.self);
    return rec.n;
}

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
    long got = views && t ? collect(views, pool) : -1;
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
        double t0 = cpu_now();
        ai_expert_search(&views[i * step], 7 + (uint64_t)i, think, &act, &spent);
        t[i] = (cpu_now() - t0) * 1e3;
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
