/* STUB: replaced by the hand module. */
#include "gin/hand.h"
#include "gin/error.h"
int gin_hand_deal(gin_hand *h, const gin_rules *r, int d, const gin_card k[GIN_DECK_SIZE], uint64_t s, gin_event_fn f, void *c)
{ (void)h; (void)r; (void)d; (void)k; (void)s; (void)f; (void)c; return GIN_EINVAL; }
void gin_deck_shuffle(gin_rng *r, gin_card d[GIN_DECK_SIZE]) { (void)r; (void)d; }
int gin_hand_legal(const gin_hand *h, gin_action *o, size_t c) { (void)h; (void)o; (void)c; return 0; }
int gin_hand_is_legal(const gin_hand *h, gin_action a) { (void)h; (void)a; return 0; }
int gin_hand_apply(gin_hand *h, gin_action a, gin_event_fn f, void *c) { (void)h; (void)a; (void)f; (void)c; return GIN_EILLEGAL; }
void gin_event_redact(const gin_event *e, int s, gin_event *o) { (void)s; *o = *e; }
