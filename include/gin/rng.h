/* gin — a small explicit-state PRNG (xoshiro256**, seeded by splitmix64).
 * The core never keeps hidden randomness: callers own a gin_rng and pass it. */
#ifndef GIN_RNG_H
#define GIN_RNG_H

#include <stdint.h>
#include "gin/card.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gin_rng {
    uint64_t s[4];
} gin_rng;

/* 2^64 divided by the golden ratio, odd: splitmix64's step from one seed to
 * the next, and the salt that sets a seed derived from another apart from
 * it (the bot's seed from the game's, a game's from the run's). Part of the
 * record format through gin_rng_seed: never change it. */
#define GIN_RNG_GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* splitmix64's output for state z: z + GIN_RNG_GOLDEN, well mixed. The
 * seeding of gin_rng_seed, and a hash of one 64-bit value into another
 * for whoever derives seeds. */
uint64_t gin_rng_mix(uint64_t z);

void gin_rng_seed(gin_rng *rng, uint64_t seed);
uint64_t gin_rng_next(gin_rng *rng);
/* Uniform integer in [0, n), n >= 1, without modulo bias. */
uint32_t gin_rng_below(gin_rng *rng, uint32_t n);
/* Fisher-Yates shuffle of n cards in place. */
void gin_rng_shuffle(gin_rng *rng, gin_card *cards, int n);

#ifdef __cplusplus
}
#endif
#endif
