/* gin-bench soak [--hands N] [--seed S]: the soak checker (soak.c) from the
 * command line, a million hands by default. Ends with exactly one line on
 * stdout, "soak: <hands> hands, <V> violations"; the first few violations
 * are described on stderr, and the rate goes there too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "soak.h"

int bench_soak(int argc, char **argv)
{
    long hands = 1000000;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--hands") && i + 1 < argc) {
            hands = strtol(argv[++i], &end, 10);
            if (*end || hands < 1) {
                fprintf(stderr, "gin-bench soak: bad --hands '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "gin-bench soak: bad --seed '%s'\n", argv[i]);
                return 2;
            }
        } else {
            fputs("usage: gin-bench soak [--hands N] [--seed S]\n", stderr);
            return 2;
        }
    }
    soak_stats st;
    double t0 = bench_now();
    if (soak_run(hands, seed, &st, stderr) != 0) {
        fputs("gin-bench soak: out of memory\n", stderr);
        return 1;
    }
    double secs = bench_now() - t0;
    fprintf(stderr,
            "soak: %ld games (%ld with a bot level, %ld too long for a record), %ld actions, "
            "%.1f s, %.0f hands/s\n",
            st.games, st.by_level, st.too_long, st.actions, secs, secs > 0 ? (double)st.hands / secs : 0.0);
    fprintf(stderr, "soak: %ld knocks, %ld undercuts, %ld gins, %ld big gins, %ld voids, %ld reshuffles\n", st.kinds[0],
            st.kinds[1], st.kinds[2], st.kinds[3], st.voids, st.reshuffles);
    printf("soak: %ld hands, %ld violations\n", st.hands, st.violations);
    return st.violations ? 1 : 0;
}
