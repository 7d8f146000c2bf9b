/* STUB: replaced by the record module. */
#include "gin/record.h"
#include "gin/error.h"
void gin_record_init(gin_record *rec, const gin_rules *r, uint64_t s) { rec->rules = *r; rec->seed = s; rec->n_actions = 0; }
int gin_record_add(gin_record *rec, gin_action a) { (void)rec; (void)a; return GIN_ESPACE; }
int gin_record_format(const gin_record *rec, char *b, size_t c) { (void)rec; (void)b; (void)c; return GIN_ESPACE; }
int gin_record_parse(const char *t, gin_record *rec, int *l) { (void)t; (void)rec; (void)l; return GIN_EFORMAT; }
int gin_record_replay(const gin_record *rec, gin_game *g, gin_event_fn f, void *c, int *e)
{ (void)rec; (void)g; (void)f; (void)c; (void)e; return GIN_EILLEGAL; }
