/* STUB: replaced by the game module. */
#include "gin/game.h"
#include "gin/error.h"
int gin_game_init(gin_game *g, const gin_rules *r, uint64_t s) { (void)g; (void)r; (void)s; return GIN_ERULES; }
int gin_game_deal(gin_game *g, gin_event_fn f, void *c) { (void)g; (void)f; (void)c; return GIN_ESTATE; }
int gin_game_apply(gin_game *g, gin_action a, gin_event_fn f, void *c) { (void)g; (void)a; (void)f; (void)c; return GIN_ESTATE; }
