/* gin — internals shared by meld.c and meld_dp.c (not a public header).
 *
 * Once the sets are chosen, a hand has exactly one canonical arrangement:
 * every maximal block of 3+ consecutive remaining cards of a suit is one run
 * (touching runs are merged), everything else is unmatched. So the solvers
 * below only choose `sets` (the union of the set melds' cards: at most one
 * set per rank) and report each least-deadwood choice through a callback. */
#ifndef GIN_MELD_INTERNAL_H
#define GIN_MELD_INTERNAL_H

#include "gin/card.h"

/* Receives one least-deadwood choice of set cards. */
typedef void (*gin_meld_emit_fn)(void *ctx, gin_cardset sets);

/* Exact solver for any hand, by dynamic programming over the ranks; used
 * when too many ranks hold 3+ cards for plain enumeration. `hand` must be a
 * subset of GIN_DECK. Emits the first `cap` least-deadwood set choices in
 * canonical order (ranks ascending; per rank: no set, the whole rank, then
 * the rank without its spade, heart, diamond, club), stores how many exist
 * in *count (if non-NULL) and returns the least deadwood. */
int gin_meld_dp(gin_cardset hand, size_t cap, gin_meld_emit_fn emit, void *ctx, long long *count);

#endif
