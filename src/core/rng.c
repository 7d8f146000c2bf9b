/* gin — xoshiro256** (Blackman & Vigna), seeded through splitmix64 so that
 * any 64-bit seed, 0 included, gives a well-mixed non-zero state. The exact
 * sequence is part of the game-record format: a seed must always replay the
 * same deals, so do not change these constants. */
#include "gin/rng.h"

uint64_t gin_rng_mix(uint64_t z) { return gin_rng_mix_step(z); }

/* Seeds *rng from `seed`: splitmix64's first four outputs from state
 * `seed` (rng.h). Does nothing if rng is NULL. */
void gin_rng_seed(gin_rng *rng, uint64_t seed)
{
    if (!rng)
        return;
    gin_rng_seed_step(rng, seed);
}

/* The next 64 random bits; 0 if rng is NULL. */
uint64_t gin_rng_next(gin_rng *rng)
{
    if (!rng)
        return 0;
    return gin_rng_step(rng);
}

/* n == 0 (outside the contract) returns 0 rather than dividing by zero. */
uint32_t gin_rng_below(gin_rng *rng, uint32_t n)
{
    if (n <= 1 || !rng)
        return 0;
    return gin_rng_below_step(rng, n);
}

/* Fisher-Yates (Durstenfeld): every permutation equally likely. No-op for
 * n < 2 or NULL arguments. */
void gin_rng_shuffle(gin_rng *rng, gin_card *cards, int n)
{
    if (!rng || !cards)
        return;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gin_rng_below(rng, (uint32_t)i + 1);
        gin_card t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}
