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

enum { GIN_RECORD_MAX_ACTIONS = 16384, GIN_RECORD_MAX_CHECKS = 2 * GIN_MAX_HANDS + 1 };

/* A check line of a parsed record: what the replay must find at that point. */
enum gin_record_check_kind {
    GIN_CHECK_HAND = 0,     /* "hand N dealer D": hand N is dealt now, by seat D */
    GIN_CHECK_RESULT = 1,   /* "result ...": the hand just ended with this score */
    GIN_CHECK_GAME_OVER = 2 /* "game-over seat W total T" */
};

typedef struct gin_record_check {
    int kind;                  /* enum gin_record_check_kind */
    int at;                    /* actions replayed before it */
    int line;                  /* 1-based source line */
    int hand_no, dealer;       /* HAND */
    gin_hand_score score;      /* RESULT (winner -1: void) */
    int totals[GIN_MAX_SEATS]; /* RESULT: game points of each seat after the hand */
    int winner, total;         /* GAME_OVER (winner -1: a tie) */
} gin_record_check;

/* Large (about 550 KB: room for GIN_RECORD_MAX_ACTIONS actions and their
 * source lines): allocate it, do not put it on the stack. */
typedef struct gin_record {
    gin_rules rules;
    uint64_t seed;
    int n_actions;
    gin_action actions[GIN_RECORD_MAX_ACTIONS];
    /* Filled by gin_record_parse; zero for a record built with _init/_add. */
    int checked;                      /* 1: the text's check lines must all hold */
    int line[GIN_RECORD_MAX_ACTIONS]; /* source line of each action, 0 if none */
    /* 1 where the text wrote a knock as "gin C": the replay refuses it
     * (GIN_EILLEGAL) unless the cards kept are all melded. */
    unsigned char claims_gin[GIN_RECORD_MAX_ACTIONS];
    int n_checks;
    gin_record_check checks[GIN_RECORD_MAX_CHECKS];
    int end_line; /* line of "end" */
} gin_record;

/* Start an empty record of a game with these rules and seed (rules copied;
 * rules->name should be a preset's static name or "custom"). */
void gin_record_init(gin_record *rec, const gin_rules *r, uint64_t seed);
/* Append one action. Returns GIN_OK, GIN_EINVAL (NULL) or GIN_ESPACE. */
int gin_record_add(gin_record *rec, gin_action a);

/* Write the record as text into buf (NUL-terminated), replaying it to write
 * each hand's header, its recomputed result as a check line, and the end of
 * the game. Returns the length, or GIN_ESPACE, GIN_EINVAL, GIN_ERULES, or
 * GIN_EILLEGAL if the actions are not a legal game. */
int gin_record_format(const gin_record *rec, char *buf, size_t cap);

/* Parse text into *rec, validating the syntax and the structure (header,
 * hand headers in order, a result after every hand but the last, "end").
 * On error returns GIN_EFORMAT (or GIN_ENAME for an unknown preset,
 * GIN_ERULES for a bad rule set, GIN_ESPACE for too many actions) and the
 * 1-based line at fault in *err_line (one past the last line when the text
 * stops before "end": a truncated file). Only syntax is checked here: that
 * the actions are legal and each card is dealt exactly once is established
 * by replaying from the seed. */
int gin_record_parse(const char *text, gin_record *rec, int *err_line);
/* As gin_record_parse, and why[0..cap) (may be NULL) gets what is wrong at
 * that line in words: a knob's own message for a value no table allows
 * ("target: must be 1 to 10000"), "invalid rule set: " and the check's
 * message at the last header line for knobs that do not go together, "no
 * 'hollywood' line in the header", or else gin_strerror(status). Empty on
 * success. */
int gin_record_parse_why(const char *text, gin_record *rec, int *err_line, char *why, size_t cap);

/* Replay a record into *g from the start (gin_game_init with its rules and
 * seed, then every action, dealing each hand as needed). A parsed record
 * (checked) must match every check line, and every hand that ends must be
 * followed by its result (and a finished game by game-over). Events go to
 * on_event (may be NULL). Returns GIN_OK, or the error of gin_game_init,
 * GIN_EILLEGAL (an action not legal, or after the game is over; *err_index
 * = its 0-based index) or GIN_EMISMATCH (*err_index = actions replayed
 * before the disagreement). err_index may be NULL. */
int gin_record_replay(const gin_record *rec, gin_game *g, gin_event_fn on_event, void *ctx, int *err_index);
/* As gin_record_replay, and *err_line (may be NULL) gets the 1-based source
 * line at fault (0 when the record did not come from text). */
int gin_record_replay_lines(const gin_record *rec, gin_game *g, gin_event_fn on_event, void *ctx, int *err_index,
                            int *err_line);

#ifdef __cplusplus
}
#endif
#endif
