/* gin-bench deadwood / discard: the meld optimiser's speed on hands read
 * from standard input (one a line in card notation; blank and '#' lines
 * skipped). Each computes over the whole list repeatedly for at least a
 * second and prints one line with hands/s and a checksum of one pass.
 * Time is this thread's CPU time: the figure is the speed of one core even
 * when the machine is busy (wall-clock figures swing with the load).
 *
 * --classic runs the textbook solver instead (all 329 melds as masks,
 * branch on the lowest card; eleven solves for a best discard), kept here
 * so the speed-up quoted in the docs can be reproduced. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"
#include "gin/card.h"
#include "gin/error.h"
#include "gin/meld.h"

/* ---- the classic solver, for comparison only ---- */

enum { N_MELDS = 329 };

struct classic {
    int n[64]; /* melds whose lowest card is c */
    gin_cardset by_low[64][8];
};

static void classic_init(struct classic *k)
{
    gin_cardset all[N_MELDS];
    int n = gin_melds_in(GIN_DECK, all, N_MELDS);
    memset(k->n, 0, sizeof k->n);
    for (int i = 0; i < n; i++) {
        int c = gin_cardset_first(all[i]);
        if (k->n[c] < 8)
            k->by_low[c][k->n[c]++] = all[i];
    }
}

static int classic_deadwood(const struct classic *k, gin_cardset h)
{
    if (!h)
        return 0;
    int c = gin_cardset_first(h);
    gin_cardset rest = h & (h - 1);
    int best = gin_card_value(c) + classic_deadwood(k, rest);
    for (int i = 0; i < k->n[c]; i++) {
        gin_cardset m = k->by_low[c][i];
        if ((h & m) == m) {
            int v = classic_deadwood(k, h & ~m);
            if (v < best)
                best = v;
        }
    }
    return best;
}

/* Eleven solves; only the least deadwood matters to the checksum. */
static int classic_discard(const struct classic *k, gin_cardset h)
{
    int best = -1;
    for (gin_cardset x = h; x; x &= x - 1) {
        int v = classic_deadwood(k, h & ~gin_cardset_of(gin_cardset_first(x)));
        if (best < 0 || v < best)
            best = v;
    }
    return best < 0 ? 0 : best;
}

/* ---- input ---- */

static int read_hands(gin_cardset **out, size_t *n)
{
    size_t cap = 1024, len = 0, line_no = 0;
    gin_cardset *hands = malloc(cap * sizeof *hands);
    char buf[1024];
    if (!hands)
        return -1;
    while (fgets(buf, sizeof buf, stdin)) {
        line_no++;
        buf[strcspn(buf, "\r\n")] = 0;
        const char *p = buf + strspn(buf, " \t");
        if (!*p || *p == '#')
            continue;
        gin_cardset h;
        size_t at = 0;
        int rc = gin_cardset_parse(p, &h, &at);
        if (rc < 0) {
            fprintf(stderr, "line %zu: %s\n", line_no, gin_strerror(rc));
            free(hands);
            return -1;
        }
        if (len == cap) {
            gin_cardset *grown = realloc(hands, 2 * cap * sizeof *hands);
            if (!grown) {
                free(hands);
                return -1;
            }
            hands = grown;
            cap *= 2;
        }
        hands[len++] = h;
    }
    *out = hands;
    *n = len;
    return 0;
}

/* ---- timing loop ---- */

static double cpu_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return bench_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { DEADWOOD, DISCARD };

static long long one_pass(int what, int classic, const struct classic *k, const gin_cardset *h, size_t n)
{
    long long sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (what == DEADWOOD) {
            sum += classic ? classic_deadwood(k, h[i]) : gin_deadwood(h[i]);
        } else if (classic) {
            sum += classic_discard(k, h[i]);
        } else {
            gin_card c;
            int dw;
            if (gin_best_discard(h[i], &c, &dw) == GIN_OK)
                sum += dw;
        }
    }
    return sum;
}

static int run(int what, int argc, char **argv)
{
    const char *name = what == DEADWOOD ? "deadwood" : "discard";
    int classic = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--classic")) {
            classic = 1;
        } else {
            fprintf(stderr, "usage: gin-bench %s [--classic] < HANDS\n", name);
            return 2;
        }
    }
    gin_cardset *hands;
    size_t n;
    if (read_hands(&hands, &n) < 0)
        return 2;
    if (n == 0) {
        fprintf(stderr, "gin-bench %s: no hands on standard input\n", name);
        free(hands);
        return 2;
    }
    static struct classic k;
    if (classic)
        classic_init(&k);

    long long checksum = one_pass(what, classic, &k, hands, n); /* also warms up */
    long long done = 0;
    volatile long long sink = 0;
    double t0 = cpu_now(), t;
    /* Read the clock every ~64k hands at most, so short lists time fairly. */
    size_t reps = n >= 65536 ? 1 : 65536 / n;
    do {
        for (size_t r = 0; r < reps; r++)
            sink += one_pass(what, classic, &k, hands, n);
        done += (long long)(n * reps);
        t = cpu_now() - t0;
    } while (t < 1.0);
    (void)sink;
    printf("%s: %zu hands, %.0f hands/s, checksum %lld%s\n", name, n, (double)done / t, checksum,
           classic ? " (classic)" : "");
    free(hands);
    return 0;
}

int bench_deadwood(int argc, char **argv) { return run(DEADWOOD, argc, argv); }
int bench_discard(int argc, char **argv) { return run(DISCARD, argc, argv); }
