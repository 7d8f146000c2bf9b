/* STUB: replaced by the card module. */
#include "gin/card.h"
#include "gin/error.h"
int gin_cardset_value(gin_cardset s) { (void)s; return 0; }
int gin_card_parse(const char *t, gin_card *o, const char **e) { (void)t; (void)o; (void)e; return GIN_EINVAL; }
int gin_cardset_parse(const char *t, gin_cardset *o, size_t *p) { (void)t; (void)o; (void)p; return GIN_EINVAL; }
int gin_card_format(gin_card c, char b[3]) { (void)c; (void)b; return GIN_EINVAL; }
int gin_cardset_format(gin_cardset s, char *b, size_t n) { (void)s; (void)b; (void)n; return GIN_EINVAL; }
