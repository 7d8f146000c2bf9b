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
