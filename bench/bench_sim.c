/* gin-bench sim: `simple` against `simple`, single-threaded, through the
 * same match loop as `gin sim`. Prints "sim: <hands> hands, <N> hands/s".
 * Timed by the thread's CPU clock, so a busy machine does not skew it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "gin/error.h"
#include "gin/match.h"

typedef struct counter {
    long hands;
} counter;

static void count_hands(void *ctx, const gin_event *ev)
{
    if (ev->kind == GIN_EV_HAND_OVER || ev->kind == GIN_EV_VOID)
        ((counter *)ctx)->hands++;
}

int bench_sim(int argc, char **argv)
{
    long want = 200000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--hands") && i + 1 < argc) {
            char *end;
            want = strtol(argv[++i], &end, 10);
            if (*end || want < 1) {
                fprintf(stderr, "gin-bench sim: bad --hands '%s'\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "usage: gin-bench sim [--hands N]\n");
            return 2;
        }
    }
    gin_rules rules;
    if (gin_rules_preset("standard", &rules) != GIN_OK) {
        fputs("gin-bench sim: no standard rules\n", stderr);
        return 1;
    }
    gin_match *m = malloc(sizeof *m);
    if (!m)
        return 1;
    counter n = {0};
    double t0 = bench_cpu_now();
    for (uint64_t game = 1; n.hands < want; game++) {
        gin_agent a, b;
        if (gin_baseline_create("simple", game * 2, &a) != GIN_OK ||
            gin_baseline_create("simple", game * 2 + 1, &b) != GIN_OK) {
            fputs("gin-bench sim: cannot create simple\n", stderr);
            free(m);
            return 1;
        }
        const gin_agent *seats[2] = {&a, &b};
        int rc = gin_match_init(m, &rules, game, seats, count_hands, &n);
        if (rc == GIN_OK)
            rc = gin_match_play(m);
        a.destroy(a.self);
        b.destroy(b.self);
        if (rc != GIN_OK) {
            fprintf(stderr, "gin-bench sim: game %llu failed: %s\n", (unsigned long long)game, gin_strerror(rc));
            free(m);
            return 1;
        }
    }
    double secs = bench_cpu_now() - t0;
    printf("sim: %ld hands, %.0f hands/s\n", n.hands, secs > 0 ? (double)n.hands / secs : 0.0);
    free(m);
    return 0;
}
