/* STUB: replaced by the match module. */
#include "gin/match.h"
#include "gin/error.h"
int gin_match_init(gin_match *m, const gin_rules *r, uint64_t s, const gin_agent *const *a, gin_event_fn f, void *c)
{ (void)m; (void)r; (void)s; (void)a; (void)f; (void)c; return GIN_ERULES; }
int gin_match_step(gin_match *m) { (void)m; return GIN_ESTATE; }
int gin_match_play(gin_match *m) { (void)m; return GIN_ESTATE; }
