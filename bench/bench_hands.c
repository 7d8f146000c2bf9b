/* gin-bench hands: reproducible input for the meld benchmarks, one hand a
 * line in the notation of `gin analyze`. Three mixes, because the solver's
 * cost depends on the shape of the hand and uniform hands are the easy case
 * (few ranks of three, few runs):
 *   hands N K [SEED]                  uniform K-card draws from a shuffled deck
 *   hands --dense N K [SEED]          K cards out of three or four full ranks
 *                                     (half the time adjacent ranks): the
 *                                     worst shapes, many sets and four-sets
 *   hands --from-play N [--cards K] [SEED]
 *                                     distinct hands met in `hard` vs `hard`
 *                                     games through the real match loop: the
 *                                     10 cards a player holds at a decision
 *                                     and the 11 after a draw, each line
 *                                     tagged after a tab ("held", "drawn"),
 *                                     in shuffled order */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "gin/card.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/rng.h"

static int print_hand(gin_cardset h, const char *tag)
{
    char buf[3 * GIN_DECK_SIZE + 1];
    if (gin_cardset_format(h, buf, sizeof buf) < 0)
        return -1;
    if (tag)
        printf("%s\t%s\n", buf, tag);
    else
        puts(buf);
    return 0;
}

static int uniform(long n, int k, uint64_t seed)
{
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    gin_card deck[GIN_DECK_SIZE];
    for (long i = 0; i < n; i++) {
        for (int c = 0; c < GIN_DECK_SIZE; c++)
            deck[c] = gin_card_make(c % GIN_RANKS, c / GIN_RANKS);
        gin_rng_shuffle(&rng, deck, GIN_DECK_SIZE);
        gin_cardset h = 0;
        for (int j = 0; j < k; j++)
            h |= gin_cardset_of(deck[j]);
        if (print_hand(h, NULL) < 0)
            return -1;
    }
    return 0;
}

/* K cards from the 12 or 16 cards of three or four ranks. Adjacent ranks
 * add runs across the sets (the hardest case for the set enumeration);
 * scattered ranks give enough distinct hands for a fair figure. */
static int dense(long n, int k, uint64_t seed)
{
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    for (long i = 0; i < n; i++) {
        int width = 3 + (int)gin_rng_below(&rng, 2);
        int kk = k > 4 * width ? 4 * width : k;
        unsigned ranks = 0;
        if (gin_rng_below(&rng, 2)) {
            ranks = ((1u << width) - 1) << gin_rng_below(&rng, (uint32_t)(GIN_RANKS - width + 1));
        } else {
            while (__builtin_popcount(ranks) < width)
                ranks |= 1u << gin_rng_below(&rng, GIN_RANKS);
        }
        gin_card pool[16];
        int m = 0;
        for (int r = 0; r < GIN_RANKS; r++)
            if ((ranks >> r) & 1)
                for (int s = 0; s < GIN_SUITS; s++)
                    pool[m++] = gin_card_make(r, s);
        gin_rng_shuffle(&rng, pool, m);
        gin_cardset h = 0;
        for (int j = 0; j < kk; j++)
            h |= gin_cardset_of(pool[j]);
        if (print_hand(h, NULL) < 0)
            return -1;
    }
    return 0;
}

/* ---- hands met in play ---- */

/* A set of distinct hands (open addressing; 0 marks a free slot, and the
 * empty hand is never met in play). */
typedef struct hand_set {
    gin_cardset *slot;
    size_t mask, n, want;
    int cards; /* keep only hands of this many cards; 0 keeps 10 and 11 */
} hand_set;

static void hand_set_add(hand_set *s, gin_cardset h)
{
    int k = gin_cardset_count(h);
    if (s->n >= s->want || (s->cards ? k != s->cards : k != 10 && k != 11))
        return;
    size_t i = (size_t)((h * GIN_RNG_GOLDEN) >> 20) & s->mask;
    while (s->slot[i] && s->slot[i] != h)
        i = (i + 1) & s->mask;
    if (!s->slot[i]) {
        s->slot[i] = h;
        s->n++;
    }
}

/* Plays as `inner` and keeps the hand of every view it decides from. */
typedef struct recorder {
    const gin_agent *inner;
    hand_set *seen;
} recorder;

static int rec_offer(void *self, const gin_view *v)
{
    recorder *r = self;
    hand_set_add(r->seen, v->hand);
    return r->inner->offer(r->inner->self, v);
}

static int rec_draw(void *self, const gin_view *v)
{
    recorder *r = self;
    hand_set_add(r->seen, v->hand);
    return r->inner->draw(r->inner->self, v);
}

static int rec_discard(void *self, const gin_view *v, gin_action *out)
{
    recorder *r = self;
    hand_set_add(r->seen, v->hand);
    return r->inner->discard(r->inner->self, v, out);
}

static void rec_observe(void *self, const gin_view *v, const gin_event *ev)
{
    recorder *r = self;
    if (r->inner->observe)
        r->inner->observe(r->inner->self, v, ev);
}

/* Plays games until `s` holds s->want hands (or a generous game cap). */
static int play_games(hand_set *s, uint64_t seed)
{
    gin_rules rules;
    if (gin_rules_preset("standard", &rules) != GIN_OK)
        return -1;
    gin_match *m = malloc(sizeof *m);
    if (!m)
        return -1;
    int rc = 0;
    for (uint64_t g = 0; s->n < s->want && g < 10000000 && rc == 0; g++) {
        gin_agent bot[2];
        if (gin_ai_create("hard", seed * 1000003 + 2 * g, 0, &bot[0]) != GIN_OK ||
            gin_ai_create("hard", seed * 1000003 + 2 * g + 1, 0, &bot[1]) != GIN_OK) {
            rc = -1;
            break;
        }
        recorder rec[2] = {{&bot[0], s}, {&bot[1], s}};
        gin_agent ra[2];
        for (int i = 0; i < 2; i++)
            ra[i] = (gin_agent){"recorder", &rec[i], rec_offer, rec_draw, rec_discard, rec_observe, NULL};
        const gin_agent *seats[2] = {&ra[0], &ra[1]};
        if (gin_match_init(m, &rules, seed + g, seats, NULL, NULL) != GIN_OK || gin_match_play(m) < 0)
            rc = -1;
        for (int i = 0; i < 2; i++)
            if (bot[i].destroy)
                bot[i].destroy(bot[i].self);
    }
    free(m);
    return rc;
}

static int from_play(long n, int cards, uint64_t seed)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)n)
        cap *= 2;
    hand_set s = {calloc(cap, sizeof(gin_cardset)), cap - 1, 0, (size_t)n, cards};
    if (!s.slot)
        return -1;
    int rc = play_games(&s, seed);
    size_t m = 0;
    for (size_t i = 0; i < cap; i++)
        if (s.slot[i])
            s.slot[m++] = s.slot[i];
    /* Shuffled (Fisher-Yates, fixed seed), so neither the order of play nor
     * the hash order lines up similar hands for the branch predictor. */
    gin_rng rng;
    gin_rng_seed(&rng, seed ^ UINT64_C(0x5eed));
    for (size_t i = m; i > 1; i--) {
        size_t j = (size_t)(gin_rng_next(&rng) % i);
        gin_cardset t = s.slot[i - 1];
        s.slot[i - 1] = s.slot[j];
        s.slot[j] = t;
    }
    printf("# %zu distinct hands met in play: hard vs hard, standard rules, seed %llu\n", m, (unsigned long long)seed);
    for (size_t i = 0; i < m && rc == 0; i++)
        rc = print_hand(s.slot[i], gin_cardset_count(s.slot[i]) == 10 ? "held" : "drawn");
    free(s.slot);
    return rc;
}

static int parse_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int usage(void)
{
    fputs("usage: gin-bench hands N K [SEED]                 N uniform K-card hands (0 <= K <= 52)\n"
          "       gin-bench hands --dense N K [SEED]         K cards of three or four full ranks\n"
          "       gin-bench hands --from-play N [--cards K] [SEED]\n"
          "                                                  N distinct hands from hard vs hard games\n"
          "                                                  (10 and 11 cards, or K only)\n",
          stderr);
    return 2;
}

int bench_hands(int argc, char **argv)
{
    int mode = 0; /* 0 uniform, 1 dense, 2 from play */
    long pos[3] = {-1, -1, 1}, cards = 0;
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dense") && mode == 0) {
            mode = 1;
        } else if (!strcmp(argv[i], "--from-play") && mode == 0) {
            mode = 2;
        } else if (!strcmp(argv[i], "--cards") && i + 1 < argc) {
            if (parse_long(argv[++i], 10, 11, &cards) < 0)
                return usage();
        } else if (npos < 3 && parse_long(argv[i], 0, 0x7fffffffL, &pos[npos]) == 0) {
            npos++;
        } else {
            return usage();
        }
    }
    /* Positional: N, then K (not for --from-play), then SEED. */
    long n = pos[0], k = mode == 2 ? 0 : pos[1], seed = mode == 2 ? (npos > 1 ? pos[1] : 1) : pos[2];
    if (n < 0 || (mode != 2 && (npos < 2 || k > GIN_DECK_SIZE)) || (mode == 2 && npos > 2) || (cards && mode != 2))
        return usage();
    int rc = mode == 0   ? uniform(n, (int)k, (uint64_t)seed)
             : mode == 1 ? dense(n, (int)k, (uint64_t)seed)
                         : from_play(n, (int)cards, (uint64_t)seed);
    if (rc < 0) {
        fputs("gin-bench hands: failed (out of memory or a game error)\n", stderr);
        return 1;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
