/* gin-bench: speed figures for notes and docs, never asserted in tests.
 * Usage: gin-bench SUBCOMMAND [options]; with no subcommand, runs all that
 * need no input. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"
#include "gin/card.h"
#include "gin/rng.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* gin-bench hands N K [SEED]: N random K-card hands, one a line, in
 * canonical notation: reproducible input for the benches above. */
static int bench_hands(int argc, char **argv)
{
    char *end1 = NULL, *end2 = NULL, *end3 = NULL;
    long n = argc >= 3 ? strtol(argv[1], &end1, 10) : -1;
    long k = argc >= 3 ? strtol(argv[2], &end2, 10) : -1;
    unsigned long long seed = argc >= 4 ? strtoull(argv[3], &end3, 10) : 1;
    if (argc < 3 || argc > 4 || *end1 || *end2 || (end3 && *end3) || n < 0 || k < 0 || k > GIN_DECK_SIZE) {
        fputs("usage: gin-bench hands N K [SEED]  (N hands of K cards, 0 <= K <= 52)\n", stderr);
        return 2;
    }
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    gin_card deck[GIN_DECK_SIZE];
    char buf[3 * GIN_DECK_SIZE + 1];
    for (long i = 0; i < n; i++) {
        for (int c = 0; c < GIN_DECK_SIZE; c++)
            deck[c] = gin_card_make(c % GIN_RANKS, c / GIN_RANKS);
        gin_rng_shuffle(&rng, deck, GIN_DECK_SIZE);
        gin_cardset h = 0;
        for (long j = 0; j < k; j++)
            h |= gin_cardset_of(deck[j]);
        if (gin_cardset_format(h, buf, sizeof buf) < 0)
            return 2;
        puts(buf);
    }
    return 0;
}

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *help;
} benches[] = {
    {"deadwood", bench_deadwood, "least deadwood of hands read from stdin (hands/s)"},
    {"discard", bench_discard, "best discard of 11-card hands from stdin (hands/s)"},
    {"showdown", bench_showdown, "showdowns of KNOCKER | DEFENDER lines from stdin (showdowns/s)"},
    {"sim", bench_sim, "simple vs simple, single-threaded (hands/s)"},
    {"ai", bench_ai, "decision time of each bot level (median, p99)"},
    {"playouts", bench_playouts, "[--think MS]: the expert's playouts per second of one core and per decision"},
    {"soak", bench_soak, "[--hands N]: play N hands checking every invariant (violations)"},
    {"hands", bench_hands, "N K [SEED]: print N random K-card hands (input for the above)"},
};

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs("usage: gin-bench SUBCOMMAND [options]\n", argc < 2 ? stderr : stdout);
        for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
            fprintf(argc < 2 ? stderr : stdout, "  %-9s %s\n", benches[i].name, benches[i].help);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
        if (!strcmp(argv[1], benches[i].name))
            return benches[i].run(argc - 1, argv + 1);
    fprintf(stderr, "gin-bench: unknown subcommand '%s' (try --help)\n", argv[1]);
    return 2;
}
