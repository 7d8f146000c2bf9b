/* STUB: replaced by the agents module. */
#include "ai.h"
#include "gin/error.h"
int gin_baseline_create(const char *n, uint64_t s, gin_agent *o) { (void)n; (void)s; (void)o; return GIN_ENAME; }
int gin_ai_create(const char *n, uint64_t s, int t, gin_agent *o) { (void)n; (void)s; (void)t; (void)o; return GIN_ENAME; }
const char *gin_ai_names(void) { return "random, simple, easy, normal, hard, expert"; }
