/* STUB: replaced by the rng module. */
#include "gin/rng.h"
void gin_rng_seed(gin_rng *r, uint64_t s) { r->s[0] = s; r->s[1] = r->s[2] = r->s[3] = 1; }
uint64_t gin_rng_next(gin_rng *r) { return ++r->s[0]; }
uint32_t gin_rng_below(gin_rng *r, uint32_t n) { return (uint32_t)(gin_rng_next(r) % n); }
void gin_rng_shuffle(gin_rng *r, gin_card *c, int n) { (void)r; (void)c; (void)n; }
