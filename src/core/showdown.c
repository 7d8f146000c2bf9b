/* STUB: replaced by the showdown module. */
#include "gin/showdown.h"
#include "gin/error.h"
int gin_showdown_settle(const gin_rules *r, gin_cardset k, gin_cardset d, int l, gin_showdown *o)
{ (void)r; (void)k; (void)d; (void)l; (void)o; return GIN_EINVAL; }
