/* gin-bench reading: how well the bots read the opponent's hidden cards.
 * `hard` plays NAME (default simple), seats alternating by game; at each of
 * hard's discards, every card it may throw is scored by the danger estimate
 * (ai_danger: the chance the opponent can meld it) and checked against the
 * opponent's real hand. Prints
 *   reading: hard vs simple, 400 games, 233747 cards (22.0% meldable): danger AUC 0.792 ...
 *   reading: marginals sharpened toward the real hand by 0.1 / 0.2 / 0.4: AUC ...
 *   reading: the opponent's deadwood by discards ...: real ..., sampled ...
 * The AUC is the chance that a card the opponent could meld is scored above
 * one it could not (0.5: no better than a coin; 1: exact). The sharpened
 * lines move each unseen card's chance a share of the way to the truth
 * (what a better reading would give), the yardstick for docs/strength.md's
 * table of what such a reading is worth in games. The deadwood line sets
 * the opponent's real least deadwood beside that of the hands the knock
 * estimate and the expert's worlds draw for it (ai_tracker_sample). A
 * quality figure, not a speed: nothing here is timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agents.h"
#include "bench.h"
#include "botlib.h"
#include "gin/error.h"
#include "gin/match.h"

/* Stages of a hand by the discards made so far (both seats'). */
enum { STAGES = 4, SHARP = 3, DW_SAMPLES = 32 };
static const int k_stage_from[STAGES] = {0, 4, 8, 14};
static const char *const k_stage_name[STAGES] = {"<4", "4-7", "8-13", "14+"};
static const double k_sharp[SHARP] = {0.1, 0.2, 0.4};

static int stage_of(int turns)
{
    int s = 0;
    while (s + 1 < STAGES && turns >= k_stage_from[s + 1])
        s++;
    return s;
}

/* One card the reader could throw: its scores (the estimate, then each
 * sharpened one), whether the opponent could meld it, the stage. */
typedef struct row {
    float score[1 + SHARP];
    unsigned char meldable, stage;
} row;

typedef struct reading {
    row *rows;
    long n, cap;
    double dw_real[STAGES], dw_sampled[STAGES];
    long dw_n[STAGES];
    gin_rng rng;
} reading;

static int add_row(reading *rd, const row *r)
{
    if (rd->n == rd->cap) {
        long cap = rd->cap ? rd->cap * 2 : 65536;
        row *grown = realloc(rd->rows, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        rd->rows = grown;
        rd->cap = cap;
    }
    rd->rows[rd->n++] = *r;
    return 0;
}

/* Read the reader's discard decision in view v, the opponent holding opp. */
static int read_decision(reading *rd, const gin_view *v, gin_cardset opp)
{
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    int st = stage_of(v->turns);
    ai_tracker sharp[SHARP];
    for (int k = 0; k < SHARP; k++) {
        sharp[k] = t;
        for (gin_cardset q = t.unseen; q; q &= q - 1) {
            gin_card x = gin_cardset_first(q);
            float p = t.p_opp[x], truth = (float)gin_cardset_has(opp, x);
            sharp[k].p_opp[x] = (float)((1 - k_sharp[k]) * p + k_sharp[k] * truth);
        }
    }
    for (gin_cardset s = v->hand; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c == v->taken)
            continue;
        row r = {{(float)ai_danger(&t, c)}, (unsigned char)ai_card_can_meld(opp, c), (unsigned char)st};
        for (int k = 0; k < SHARP; k++)
            r.score[1 + k] = (float)ai_danger(&sharp[k], c);
        if (add_row(rd, &r) < 0)
            return -1;
    }
    double sum = 0;
    for (int i = 0; i < DW_SAMPLES; i++)
        sum += gin_deadwood(ai_tracker_sample(&t, &rd->rng, ai_tracker_improve(v), NULL));
    rd->dw_sampled[st] += sum / DW_SAMPLES;
    rd->dw_real[st] += gin_deadwood(opp);
    rd->dw_n[st]++;
    return 0;
}

static int play(reading *rd, const char *opponent, long games, uint64_t seed)
{
    gin_rules rules;
    gin_rules_preset("standard", &rules);
    static gin_match m;
    for (long g = 0; g < games; g++) {
        gin_agent reader, opp;
        char err[256];
        if (gin_bots_create("hard", seed + (uint64_t)g, 0, NULL, &reader, err, sizeof err) != GIN_OK)
            return -1;
        if (gin_bots_create(opponent, seed * 7919 + (uint64_t)g, 0, NULL, &opp, err, sizeof err) != GIN_OK) {
            reader.destroy(reader.self);
            fprintf(stderr, "gin-bench reading: %s\n", err);
            return -1;
        }
        int me = (int)(g & 1);
        const gin_agent *seats[2] = {me ? &opp : &reader, me ? &reader : &opp};
        int rc = gin_match_init(&m, &rules, seed * 100003 + (uint64_t)g, seats, NULL, NULL);
        while (rc >= 0) {
            const gin_hand *h = &m.game.hand;
            if (!m.game.over && m.game.hand_no > 0 && h->phase == GIN_PHASE_DISCARD && h->turn == me &&
                read_decision(rd, &m.views[me], h->held[1 - me]) < 0)
                rc = -1;
            else if ((rc = gin_match_step(&m)) == 0)
                break;
        }
        reader.destroy(reader.self);
        opp.destroy(opp.self);
        if (rc < 0) {
            fprintf(stderr, "gin-bench reading: game %ld failed (%d)\n", g, rc);
            return -1;
        }
    }
    return 0;
}

static int by_score_k;
static int cmp_score(const void *a, const void *b)
{
    float x = ((const row *)a)->score[by_score_k], y = ((const row *)b)->score[by_score_k];
    return (x > y) - (x < y);
}

/* The AUC of score k over the rows of `stage` (-1: all), ties counted half:
 * the rank sum of the meldable cards (Mann-Whitney). rows is reordered. */
static double auc(row *rows, long n, int k, int stage)
{
    long m = 0;
    for (long i = 0; i < n; i++)
        if (stage < 0 || rows[i].stage == stage) {
            row tmp = rows[m];
            rows[m++] = rows[i];
            rows[i] = tmp;
        }
    by_score_k = k;
    qsort(rows, (size_t)m, sizeof *rows, cmp_score);
    double pos = 0, rank_sum = 0;
    for (long i = 0; i < m;) {
        long j = i;
        while (j < m && rows[j].score[k] == rows[i].score[k])
            j++;
        double mid = (double)(i + j + 1) / 2.0; /* 1-based ranks i+1 .. j */
        for (long q = i; q < j; q++)
            if (rows[q].meldable) {
                pos++;
                rank_sum += mid;
            }
        i = j;
    }
    double neg = (double)m - pos;
    return pos > 0 && neg > 0 ? (rank_sum - pos * (pos + 1) / 2.0) / (pos * neg) : 0.5;
}

static void report(reading *rd, const char *opponent, long games)
{
    long pos = 0;
    for (long i = 0; i < rd->n; i++)
        pos += rd->rows[i].meldable;
    printf("reading: hard vs %s, %ld games, %ld cards (%.1f%% meldable): danger AUC %.3f (discards so far", opponent,
           games, rd->n, rd->n ? 100.0 * (double)pos / (double)rd->n : 0.0, auc(rd->rows, rd->n, 0, -1));
    for (int s = 0; s < STAGES; s++)
        printf("%s %s", s ? " /" : "", k_stage_name[s]);
    printf(":");
    for (int s = 0; s < STAGES; s++)
        printf("%s %.3f", s ? " /" : "", auc(rd->rows, rd->n, 0, s));
    printf(")\nreading: marginals sharpened toward the real hand by");
    for (int k = 0; k < SHARP; k++)
        printf("%s %.1f", k ? " /" : "", k_sharp[k]);
    printf(": AUC");
    for (int k = 0; k < SHARP; k++)
        printf("%s %.3f", k ? " /" : "", auc(rd->rows, rd->n, 1 + k, -1));
    printf("\nreading: the opponent's deadwood by discards so far");
    for (int s = 0; s < STAGES; s++)
        printf("%s %s", s ? " /" : "", k_stage_name[s]);
    printf(": real");
    for (int s = 0; s < STAGES; s++)
        printf("%s %.1f", s ? " /" : "", rd->dw_n[s] ? rd->dw_real[s] / (double)rd->dw_n[s] : 0.0);
    printf(", sampled");
    for (int s = 0; s < STAGES; s++)
        printf("%s %.1f", s ? " /" : "", rd->dw_n[s] ? rd->dw_sampled[s] / (double)rd->dw_n[s] : 0.0);
    printf("\n");
}

int bench_reading(int argc, char **argv)
{
    const char *opponent = "simple";
    long games = 400;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--opponent") && i + 1 < argc)
            opponent = argv[++i];
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], &end, 10);
        else
            end = argv[i];
        if (end && *end) {
            fprintf(stderr, "usage: gin-bench reading [--opponent NAME] [--games N] [--seed S]\n");
            return 2;
        }
    }
    if (games < 1 || games > 1000000) {
        fprintf(stderr, "gin-bench reading: --games takes 1 to 1000000\n");
        return 2;
    }
    reading rd;
    memset(&rd, 0, sizeof rd);
    gin_rng_seed(&rd.rng, seed);
    int rc = play(&rd, opponent, games, seed);
    if (rc == 0)
        report(&rd, opponent, games);
    free(rd.rows);
    return rc == 0 ? 0 : 1;
}
