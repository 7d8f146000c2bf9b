/* gin-bench: speed figures for notes and docs, never asserted in tests.
 * Usage: gin-bench SUBCOMMAND [options]; with none, the list of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return bench_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Each subcommand: its name, its arguments and what it prints, shown by
 * --help as two lines that fit 80 columns. */
static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *args;
    const char *help;
} benches[] = {
    {"deadwood", bench_deadwood, "[--classic] [--mix LABEL] [--allow-few] < HANDS",
     "least deadwood of hands, one at a time and batched (hands/s)"},
    {"discard", bench_discard, "[--classic] [--mix LABEL] [--allow-few] < HANDS",
     "best discard and every discard of 11-card hands (hands/s)"},
    {"showdown", bench_showdown, "[--random N [SEED]] < LINES", "showdowns of KNOCKER | DEFENDER lines (showdowns/s)"},
    {"sim", bench_sim, "[--hands N]", "simple against simple, single-threaded (hands/s)"},
    {"ai", bench_ai, "[--positions N] [--expert-positions N] [--think MS]",
     "decision time of each bot level (median, p99)"},
    {"playouts", bench_playouts, "[--positions N] [--think MS]",
     "the expert's playouts per second of one core and per decision"},
    {"coach", bench_coach, "[--positions N] [--jobs N] [--playouts N]",
     "the coach against ten times its budget (agreement, points lost)"},
    {"reading", bench_reading, "[--opponent NAME] [--games N] [--seed S]",
     "how well hard reads the opponent's cards (AUC, deadwood)"},
    {"gifts", bench_gifts, "[--level L] [--games N] [--seed S] [--jobs N]",
     "throws that hand over a shown meld, and the coach's mistakes"},
    {"review", bench_review, "[--games N] [--hints N] [--threads N] [--playouts N]",
     "the coach's hint and whole-game reviews, wall time"},
    {"soak", bench_soak, "[--hands N]", "play N hands checking every invariant (violations)"},
    {"hands", bench_hands, "N K [SEED] | --dense N K | --from-play N", "print hands (input for the above)"},
};

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs("usage: gin-bench SUBCOMMAND [options]\n", argc < 2 ? stderr : stdout);
        for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
            fprintf(argc < 2 ? stderr : stdout, "  %s %s\n      %s\n", benches[i].name, benches[i].args,
                    benches[i].help);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
        if (!strcmp(argv[1], benches[i].name))
            return benches[i].run(argc - 1, argv + 1);
    fprintf(stderr, "gin-bench: unknown subcommand '%s' (try --help)\n", argv[1]);
    return 2;
}
