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

/* gin_rng_mix and gin_rng_seed inline, for the search's world sampler,
 * which seeds a stream for every world (the calls and the seed's loop
 * were a third of the seeding): the same state. rng must not be NULL.
 * The constants are the record format's: never change them. */
static inline uint64_t gin_rng_mix_step(uint64_t z)
{
    z += GIN_RNG_GOLDEN;
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}
static inline void gin_rng_seed_step(gin_rng *rng, uint64_t seed)
{
    rng->s[0] = gin_rng_mix_step(seed);
    rng->s[1] = gin_rng_mix_step(seed + GIN_RNG_GOLDEN);
    rng->s[2] = gin_rng_mix_step(seed + 2 * GIN_RNG_GOLDEN);
    rng->s[3] = gin_rng_mix_step(seed + 3 * GIN_RNG_GOLDEN);
}
uint64_t gin_rng_next(gin_rng *rng);
/* Uniform integer in [0, n), n >= 1, without modulo bias. */
uint32_t gin_rng_below(gin_rng *rng, uint32_t n);

/* gin_rng_next and gin_rng_below for inner loops, inline (the search
 * samples thousands of worlds a decision and a call was half the cost of
 * a draw): the same numbers, but rng must not be NULL and n must be 2 or
 * more (gin_rng_below draws nothing for n <= 1). The constants are the
 * record format's, as rng.c's: never change them. */
static inline uint64_t gin_rng_step(gin_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}
/* Lemire's multiply-and-reject: the high 32 bits of x * n are uniform in
 * [0, n) once the few x whose low product falls below 2^32 mod n are
 * rejected. Uses the high half of each draw (the better bits). */
static inline uint32_t gin_rng_below_step(gin_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(gin_rng_step(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n; /* 2^32 mod n */
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(gin_rng_step(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Fisher-Yates shuffle of n cards in place. */
void gin_rng_shuffle(gin_rng *rng, gin_card *cards, int n);

#ifdef __cplusplus
}
#endif
#endif
