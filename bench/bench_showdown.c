/* gin-bench showdown: settles knocks under the standard rules (no knock
 * limit check) for at least a second of this thread's CPU time and prints
 * "showdown: <n> showdowns, <N> showdowns/s, checksum <sum of points of one pass>".
 * A first, untimed pass checks every deal (dropping those the core rejects)
 * and gives the checksum; the clock is read once per pass after that.
 *
 * Input: lines "KNOCKER CARDS | DEFENDER CARDS" on stdin (blank and # lines
 * skipped), or `--random N [SEED]`: N deals generated here (see
 * make_random), so the figure needs no input file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "gin/showdown.h"

typedef struct deal {
    gin_cardset knocker, defender;
} deal;

typedef struct deals {
    deal *v;
    size_t n, cap;
} deals;

static int push(deals *d, gin_cardset k, gin_cardset def)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 1024;
        deal *v = realloc(d->v, cap * sizeof *v);
        if (!v)
            return -1;
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n++] = (deal){k, def};
    return 0;
}

/* A self-contained generator (splitmix64) so the random deals, and so the
 * checksum, do not change when the core's RNG does. */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = gin_rng_mix(*x);
    *x += GIN_RNG_GOLDEN;
    return z;
}

/* N deals. Rejecting random ten-card hands until one has deadwood <= 10
 * would keep 1 in 1600 and give knockers unlike real ones, so the hands are
 * drawn as in play: from one shuffle each seat gets ten cards, then the two
 * draw from the stock in turn and throw their best discard until one has
 * deadwood <= 10; that one knocks against the other's ten. A stock run down
 * to two cards is dealt again. */
static int make_random(deals *d, long n, uint64_t seed)
{
    gin_card deck[GIN_DECK_SIZE];
    for (long i = 0; i < n; i++) {
        gin_cardset hand[2];
        int knocker = -1;
        while (knocker < 0) {
            int m = 0;
            for (int s = 0; s < GIN_SUITS; s++)
                for (int r = 0; r < GIN_RANKS; r++)
                    deck[m++] = gin_card_make(r, s);
            for (int j = GIN_DECK_SIZE - 1; j > 0; j--) {
                int pick = (int)(splitmix(&seed) % (uint64_t)(j + 1));
                gin_card t = deck[j];
                deck[j] = deck[pick];
                deck[pick] = t;
            }
            hand[0] = hand[1] = 0;
            for (int j = 0; j < 10; j++) {
                hand[0] |= gin_cardset_of(deck[j]);
                hand[1] |= gin_cardset_of(deck[10 + j]);
            }
            for (int top = 20, seat = 0; top < GIN_DECK_SIZE - 2; top++, seat ^= 1) {
                gin_card out;
                int after;
                hand[seat] |= gin_cardset_of(deck[top]);
                if (gin_best_discard(hand[seat], &out, &after) != GIN_OK)
                    return -1;
                hand[seat] &= ~gin_cardset_of(out);
                if (after <= 10) {
                    knocker = seat;
                    break;
                }
            }
        }
        if (push(d, hand[knocker], hand[knocker ^ 1]))
            return -1;
    }
    return 0;
}

/* Reads the stdin lines; a bad line is reported and left out. Returns the
 * number of bad lines, or -1 when out of memory. */
static int read_lines(deals *d)
{
    char line[1024];
    int bad = 0;
    for (long no = 1; fgets(line, sizeof line, stdin); no++) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *p = line + strspn(line, " \t");
        if (*p == '\0' || *p == '#')
            continue;
        char *bar = strchr(line, '|');
        if (!bar) {
            fprintf(stderr, "line %ld: expected KNOCKER CARDS | DEFENDER CARDS\n", no);
            bad++;
            continue;
        }
        *bar = '\0';
        gin_cardset k, def;
        int rk = gin_cardset_parse(line, &k, NULL);
        int rd = rk < 0 ? rk : gin_cardset_parse(bar + 1, &def, NULL);
        if (rk < 0 || rd < 0) {
            fprintf(stderr, "line %ld: %s\n", no, gin_strerror(rk < 0 ? rk : rd));
            bad++;
            continue;
        }
        if (push(d, k, def))
            return -1;
    }
    return bad;
}

int bench_showdown(int argc, char **argv)
{
    long n_random = 0;
    uint64_t seed = 1;
    if (argc >= 2 && !strcmp(argv[1], "--random") && argc <= 4) {
        char *end = NULL;
        n_random = argc > 2 ? strtol(argv[2], &end, 10) : 0;
        if (argc < 3 || *end || n_random < 1) {
            fputs("gin-bench showdown: --random needs a count >= 1\n", stderr);
            return 2;
        }
        if (argc == 4) {
            seed = strtoull(argv[3], &end, 10);
            if (*end) {
                fprintf(stderr, "gin-bench showdown: bad seed '%s'\n", argv[3]);
                return 2;
            }
        }
    } else if (argc != 1) {
        fputs("usage: gin-bench showdown [--random N [SEED]] < KNOCKER|DEFENDER lines\n", stderr);
        return 2;
    }

    gin_rules rules;
    if (gin_rules_preset("standard", &rules) != GIN_OK) {
        fputs("gin-bench showdown: no standard rules\n", stderr);
        return 1;
    }
    deals d = {NULL, 0, 0};
    int bad = n_random ? make_random(&d, n_random, seed) : read_lines(&d);
    if (bad < 0) {
        fputs("gin-bench showdown: cannot build the deals (out of memory)\n", stderr);
        free(d.v);
        return 1;
    }

    /* The checking pass, outside the timed window. */
    gin_showdown s;
    long long checksum = 0;
    size_t kept = 0;
    for (size_t i = 0; i < d.n; i++) {
        int rc = gin_showdown_settle(&rules, d.v[i].knocker, d.v[i].defender, -1, &s);
        if (rc != GIN_OK) {
            fprintf(stderr, "deal %zu: %s\n", i + 1, gin_strerror(rc));
            bad++;
            continue;
        }
        checksum += s.points;
        d.v[kept++] = d.v[i];
    }
    if (kept == 0) {
        fputs("gin-bench showdown: no showdowns to settle\n", stderr);
        free(d.v);
        return 1;
    }
    long long total = 0;
    double secs, t0 = bench_cpu_now();
    do {
        for (size_t i = 0; i < kept; i++)
            gin_showdown_settle(&rules, d.v[i].knocker, d.v[i].defender, -1, &s);
        total += (long long)kept;
    } while ((secs = bench_cpu_now() - t0) < 1.0);
    printf("showdown: %lld showdowns, %.0f showdowns/s, checksum %lld\n", total, secs > 0 ? (double)total / secs : 0.0,
           checksum);
    free(d.v);
    return bad ? 1 : 0;
}
