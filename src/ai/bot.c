/* STUB: replaced by the bot module. */
#include "ai.h"
#include "gin/error.h"
int gin_bot_create(int l, uint64_t s, int t, gin_agent *o) { (void)l; (void)s; (void)t; (void)o; return GIN_EINVAL; }
int gin_advise(const gin_view *v, gin_advice *o, size_t c) { (void)v; (void)o; (void)c; return GIN_EINVAL; }
