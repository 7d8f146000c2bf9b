/* gin-bench deadwood / discard: the meld optimiser's speed on hands read
 * from standard input, in the notation of `gin analyze` (one hand a line; a
 * tab and whatever follows it ignored; blank and '#' lines skipped).
 *
 * Figures that cannot flatter:
 *  - time is this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), read once per
 *    pass over the whole list, never per hand;
 *  - the list must hold at least MIN_DISTINCT distinct hands (a short list
 *    looped over lets the branch predictor learn the sequence: ~40% faster);
 *  - every kernel runs for at least a second, the kernels of one command in
 *    turns of about 0.1 s, so a change in the machine's load or clock hits
 *    them alike and their ratio holds;
 *  - each figure line carries a checksum of one pass, equal across kernels
 *    that compute the same thing, so a fast wrong answer shows.
 *
 * deadwood prints "deadwood:" (gin_deadwood one hand at a time) and
 * "deadwood-batch:" (gin_deadwood_batch over the whole list); discard prints
 * "discard:" (gin_best_discard) and "discards:" (gin_discard_deadwoods, all
 * discards; checksum the sum of every value). Each line reads
 * "<name>: <hands> hands, <N> hands/s, checksum <sum>" and may end with a
 * parenthesised label: "(classic)" and/or the --mix name.
 *
 * --classic also runs the textbook solver (all 329 melds as masks, branch on
 * the lowest card; eleven solves for the discards), so the speed-up can be
 * quoted as a ratio that does not depend on the machine. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "gin/card.h"
#include "gin/error.h"
#include "gin/meld.h"

enum { MIN_DISTINCT = 200000, LINE_MAX_BYTES = 1024 };

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

/* One solve per card: the least (what gin_best_discard reports) goes to
 * *least, the sum of all (what gin_discard_deadwoods reports) is returned. */
static long long classic_discards(const struct classic *k, gin_cardset h, int *least)
{
    long long sum = 0;
    int best = -1;
    for (gin_cardset x = h; x; x &= x - 1) {
        int v = classic_deadwood(k, h & ~gin_cardset_of(gin_cardset_first(x)));
        sum += v;
        if (best < 0 || v < best)
            best = v;
    }
    *least = best < 0 ? 0 : best;
    return sum;
}

/* ---- input ---- */

static int read_hands(gin_cardset **out, size_t *n)
{
    size_t cap = 1 << 16, len = 0, line_no = 0;
    gin_cardset *hands = malloc(cap * sizeof *hands);
    char buf[LINE_MAX_BYTES];
    if (!hands)
        return -1;
    while (fgets(buf, sizeof buf, stdin)) {
        line_no++;
        if (!strchr(buf, '\n') && !feof(stdin)) {
            fprintf(stderr, "line %zu: longer than %d bytes\n", line_no, LINE_MAX_BYTES - 2);
            free(hands);
            return -1;
        }
        buf[strcspn(buf, "\t\r\n")] = 0; /* a tab and what follows is a note */
        const char *p = buf + strspn(buf, " ");
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

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Distinct hands in the list, or -1 when out of memory. */
static long count_distinct(const gin_cardset *h, size_t n)
{
    gin_cardset *s = malloc((n ? n : 1) * sizeof *s);
    if (!s)
        return -1;
    memcpy(s, h, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_u64);
    long d = 0;
    for (size_t i = 0; i < n; i++)
        d += i == 0 || s[i] != s[i - 1];
    free(s);
    return d;
}

/* ---- kernels ---- */

enum kind { K_DEADWOOD, K_BATCH, K_DISCARD, K_DISCARDS, K_CLASSIC_DEADWOOD, K_CLASSIC_DISCARDS };

typedef struct job {
    enum kind kind;
    const char *name;
    int classic;
    long long checksum, checksum2; /* checksum2: the classic discards' sum of all */
    long long hands;               /* timed so far */
    double secs;
} job;

typedef struct input {
    const gin_cardset *h;
    size_t n;
    int *out;
    const struct classic *k;
} input;

static long long sum_of(const int *v, size_t n)
{
    long long s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return s;
}

/* One pass over the list. With `check`, also computes the checksum(s);
 * timed passes leave it out, except for a sink the compiler cannot drop. */
static long long one_pass(job *j, const input *in, int check)
{
    const gin_cardset *h = in->h;
    size_t n = in->n;
    long long sink = 0;
    switch (j->kind) {
    case K_DEADWOOD:
        for (size_t i = 0; i < n; i++)
            in->out[i] = gin_deadwood(h[i]);
        return check ? sum_of(in->out, n) : in->out[n - 1];
    case K_BATCH:
        gin_deadwood_batch(h, n, in->out);
        return check ? sum_of(in->out, n) : in->out[n - 1];
    case K_DISCARD:
        for (size_t i = 0; i < n; i++) {
            gin_card c;
            int dw;
            if (gin_best_discard(h[i], &c, &dw) == GIN_OK)
                sink += dw;
        }
        return sink;
    case K_DISCARDS:
        for (size_t i = 0; i < n; i++) {
            int after[64];
            int best = gin_discard_deadwoods(h[i], after);
            if (check && best >= 0) {
                for (gin_cardset x = h[i]; x; x &= x - 1)
                    sink += after[gin_cardset_first(x)];
            } else {
                sink += best;
            }
        }
        return sink;
    case K_CLASSIC_DEADWOOD:
        for (size_t i = 0; i < n; i++)
            in->out[i] = classic_deadwood(in->k, h[i]);
        return check ? sum_of(in->out, n) : in->out[n - 1];
    case K_CLASSIC_DISCARDS: {
        long long all = 0;
        for (size_t i = 0; i < n; i++) {
            int least;
            all += classic_discards(in->k, h[i], &least);
            sink += least;
        }
        if (check)
            j->checksum2 = all;
        return sink;
    }
    }
    return 0;
}

/* Runs every job for at least a second of thread CPU time, in turns of
 * about a tenth of a second each, the clock read once per pass. */
static void run_jobs(job *jobs, int n_jobs, const input *in)
{
    volatile long long sink = 0;
    for (int i = 0; i < n_jobs; i++)
        jobs[i].checksum = one_pass(&jobs[i], in, 1); /* also warms up */
    for (int busy = 1; busy;) {
        busy = 0;
        for (int i = 0; i < n_jobs; i++) {
            job *j = &jobs[i];
            if (j->secs >= 1.0)
                continue;
            double t0 = bench_cpu_now(), t;
            long long passes = 0;
            do {
                sink += one_pass(j, in, 0);
                passes++;
                t = bench_cpu_now() - t0;
            } while (t < 0.1);
            j->hands += passes * (long long)in->n;
            j->secs += t;
            busy |= j->secs < 1.0;
        }
    }
    (void)sink;
}

static void print_job(const job *j, const char *name, long long checksum, size_t n, const char *mix)
{
    char label[96] = "";
    if (j->classic || mix)
        snprintf(label, sizeof label, " (%s%s%s)", j->classic ? "classic" : "", j->classic && mix ? ", " : "",
                 mix ? mix : "");
    printf("%s: %zu hands, %.0f hands/s, checksum %lld%s\n", name, n, (double)j->hands / j->secs, checksum, label);
}

static int run(int discard, int argc, char **argv)
{
    const char *cmd = discard ? "discard" : "deadwood";
    const char *mix = NULL;
    int classic = 0, allow_few = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--classic")) {
            classic = 1;
        } else if (!strcmp(argv[i], "--mix") && i + 1 < argc) {
            mix = argv[++i];
        } else if (!strcmp(argv[i], "--allow-few")) {
            allow_few = 1;
        } else {
            fprintf(stderr, "usage: gin-bench %s [--classic] [--mix LABEL] [--allow-few] < HANDS\n", cmd);
            return 2;
        }
    }
    gin_cardset *hands;
    size_t n;
    if (read_hands(&hands, &n) < 0)
        return 2;
    long distinct = count_distinct(hands, n);
    if (distinct < 0 || n == 0 || (!allow_few && distinct < MIN_DISTINCT)) {
        fprintf(stderr,
                "gin-bench %s: %ld distinct hands on standard input; a fair figure needs %d "
                "(--allow-few to time a short list anyway)\n",
                cmd, distinct, MIN_DISTINCT);
        free(hands);
        return 2;
    }
    int *out = malloc(n * sizeof *out);
    static struct classic k;
    if (!out) {
        free(hands);
        return 1;
    }
    if (classic)
        classic_init(&k);
    input in = {hands, n, out, &k};
    job jobs[3] = {
        {discard ? K_DISCARD : K_DEADWOOD, discard ? "discard" : "deadwood", 0, 0, 0, 0, 0},
        {discard ? K_DISCARDS : K_BATCH, discard ? "discards" : "deadwood-batch", 0, 0, 0, 0, 0},
        {discard ? K_CLASSIC_DISCARDS : K_CLASSIC_DEADWOOD, discard ? "discard" : "deadwood", 1, 0, 0, 0, 0},
    };
    run_jobs(jobs, classic ? 3 : 2, &in);
    print_job(&jobs[0], jobs[0].name, jobs[0].checksum, n, mix);
    print_job(&jobs[1], jobs[1].name, jobs[1].checksum, n, mix);
    if (classic) {
        /* One timing serves both classic lines: its eleven solves give the
         * least and every value alike. */
        print_job(&jobs[2], jobs[2].name, jobs[2].checksum, n, mix);
        if (discard)
            print_job(&jobs[2], "discards", jobs[2].checksum2, n, mix);
    }
    free(out);
    free(hands);
    return 0;
}

int bench_deadwood(int argc, char **argv) { return run(0, argc, argv); }
int bench_discard(int argc, char **argv) { return run(1, argc, argv); }
