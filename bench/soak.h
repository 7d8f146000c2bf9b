/* gin — the soak checker (bench/soak.c): many hands through the match loop
 * with the game's invariants checked after every action. Used by gin-bench
 * soak (long) and tests/ai/test_soak.c (short, and the checks' own tests). */
#ifndef GIN_SOAK_H
#define GIN_SOAK_H

#include <stdint.h>
#include <stdio.h>
#include "gin/match.h"
#include "gin/record.h"

enum { SOAK_TEXT_CAP = 1 << 21, SOAK_REPORT_MAX = 10 };

typedef struct soak_stats {
    long hands; /* hands finished (scored or void) */
    long games;
    long actions;
    long violations;
    long by_level; /* games with a bot level in a seat */
    long too_long; /* games longer than a record holds (replayed up to where it filled) */
    long prefixes; /* of those, replayed when the record filled */
    long kinds[4]; /* hands ended by knock, undercut, gin, big gin */
    long voids, reshuffles;
} soak_stats;

/* Everything one game needs, allocated once (records and games are large). */
typedef struct soak_ctx {
    gin_match match;
    gin_record rec, parsed;
    gin_game replay;
    char text[SOAK_TEXT_CAP];
    soak_stats *st;
    uint64_t game_seed;
    const char *variant;
    long hands_seen;     /* HAND_OVER / VOID events in this game */
    gin_cardset face_up; /* cards shown face up this hand: seen by both, and
                            back in the stock after a reshuffle */
    FILE *report;        /* where violations are described (may be NULL) */
} soak_ctx;

/* Play games until `hands` hands have finished, cycling through every
 * preset with Hollywood off and on and single knobs no preset turns. Fills
 * *st. Returns 0, or -1 when out of memory. Violations are described on
 * `report` (may be NULL). */
int soak_run(long hands, uint64_t seed, soak_stats *st, FILE *report);
/* Play one game of variant r (c->st and c->variant set by the caller);
 * `game` picks the agents. Returns 0, or -1 if an agent could not be made. */
int soak_game(soak_ctx *c, const gin_rules *r, uint64_t seed, long game);
/* The checks, each counting a violation in c->st per fault found: every
 * card in one place, the running score, the record replaying to the game. */
void soak_check_cards(soak_ctx *c);
void soak_check_score(soak_ctx *c);
void soak_check_record(soak_ctx *c);

#endif
