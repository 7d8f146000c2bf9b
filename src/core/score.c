/* STUB: replaced by the score module. */
#include "gin/score.h"
#include "gin/error.h"
int gin_score_game(const gin_rules *r, const gin_hand_score *h, size_t n, gin_game_score *o)
{ (void)r; (void)h; (void)n; (void)o; return GIN_EINVAL; }
int gin_score_hollywood(const gin_rules *r, const gin_hand_score *h, size_t n, gin_game_score o[3])
{ (void)r; (void)h; (void)n; (void)o; return GIN_EINVAL; }
