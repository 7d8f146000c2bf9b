/* STUB: replaced by the rules module. */
#include "gin/rules.h"
#include "gin/error.h"
size_t gin_rules_preset_count(void) { return 0; }
const gin_rules *gin_rules_preset_at(size_t i) { (void)i; return 0; }
int gin_rules_preset(const char *n, gin_rules *o) { (void)n; (void)o; return GIN_ENAME; }
const char *gin_rules_preset_names(void) { return ""; }
int gin_rules_check(const gin_rules *r, const char **w) { (void)r; (void)w; return GIN_ERULES; }
int gin_rules_knock_limit(const gin_rules *r, int u) { (void)r; (void)u; return 10; }
