/* STUB: replaced by the meld module. */
#include "gin/meld.h"
#include "gin/error.h"
int gin_meld_valid(gin_cardset m) { (void)m; return 0; }
int gin_meld_is_set(gin_cardset m) { (void)m; return 0; }
int gin_deadwood(gin_cardset h) { (void)h; return GIN_EINVAL; }
int gin_arrange(gin_cardset h, gin_arrangement *o) { (void)h; (void)o; return GIN_EINVAL; }
int gin_arrange_all(gin_cardset h, gin_arrangement *o, size_t c) { (void)h; (void)o; (void)c; return GIN_EINVAL; }
int gin_melds_in(gin_cardset h, gin_cardset *o, size_t c) { (void)h; (void)o; (void)c; return GIN_EINVAL; }
int gin_discard_deadwoods(gin_cardset h, int a[64]) { (void)h; (void)a; return GIN_EINVAL; }
int gin_best_discard(gin_cardset h, gin_card *d, int *a) { (void)h; (void)d; (void)a; return GIN_EINVAL; }
