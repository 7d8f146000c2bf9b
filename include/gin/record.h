/* gin — game records: a plain-text account of a game (rules, seed, every
 * action, each hand's score) that can be replayed and checked. Format:
 * docs/record.md. Formatting and parsing work on memory buffers; reading
 * and writing files is the caller's job. */
#ifndef GIN_RECORD_H
#define GIN_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "gin/game.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GIN_RECORD_MAX_ACTIONS = 16384 };

typedef struct gin_record {
    gin_rules rules;
    uint64_t seed;
    int n_actions;
    gin_action actions[GIN_RECORD_MAX_ACTIONS];
} gin_record;

/* Start an empty record of a game with these rules and seed. */
void gin_record_init(gin_record *rec, const gin_rules *r, uint64_t seed);
/* Append one action. Returns GIN_OK or GIN_ESPACE. */
int gin_record_add(gin_record *rec, gin_action a);

/* Write the record as text into buf (NUL-terminated), including each hand's
 * recomputed score as a check line. Returns the length, or GIN_ESPACE, or
 * GIN_EILLEGAL if the actions are not a legal game. */
int gin_record_format(const gin_record *rec, char *buf, size_t cap);

/* Parse text into *rec, validating the syntax. On error returns GIN_EFORMAT
 * (or GIN_ENAME, GIN_ERULES) and the 1-based line at fault in *err_line. */
int gin_record_parse(const char *text, gin_record *rec, int *err_line);

/* Replay a record into *g from the start, checking every action is legal
 * and, when the text had score check lines, that they match (pass the text's
 * parse result). Events go to on_event (may be NULL). On error returns
 * GIN_EILLEGAL / GIN_EMISMATCH and the 0-based action index in *err_index. */
int gin_record_replay(const gin_record *rec, gin_game *g, gin_event_fn on_event, void *ctx,
                      int *err_index);

#ifdef __cplusplus
}
#endif
#endif
