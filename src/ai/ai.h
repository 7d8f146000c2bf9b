/* gin — the computer players: baselines and bot levels (the coach is coach.h). Each decides
 * from a gin_view only (see include/gin/agent.h). */
#ifndef GIN_AI_H
#define GIN_AI_H

#include <stddef.h>
#include <stdint.h>
#include "gin/agent.h"

enum gin_level { GIN_LEVEL_EASY = 0, GIN_LEVEL_NORMAL = 1, GIN_LEVEL_HARD = 2, GIN_LEVEL_EXPERT = 3 };

/* Baselines: "random" and "simple" (the EAAI challenge's SimpleGinRummyPlayer).
 * Returns GIN_OK or GIN_ENAME. The agent owns its state; call destroy. */
int gin_baseline_create(const char *name, uint64_t seed, gin_agent *out);

/* A bot of the given level. think_ms bounds expert's time per decision
 * (<= 0: its default, 50 ms). Returns GIN_OK or GIN_EINVAL. */
int gin_bot_create(int level, uint64_t seed, int think_ms, gin_agent *out);

/* ---- the catalogue of opponents (catalogue.c; made by registry.c) ----
 *
 * Every built-in opponent, once: the name every command, file and screen
 * uses (gin sim --p1, gin engine --level, gin play --level and --opponent,
 * the settings, the saved game, the history, the statistics), the title a
 * screen shows, one line about how it plays, and its kind. Menus and help
 * list them in catalogue order. */

enum gin_opponent_kind {                            /* bits, so that a mask picks kinds */
                         GIN_OPPONENT_BASELINE = 1, /* random, simple: references for the simulator and bot authors */
                         GIN_OPPONENT_LEVEL = 2,    /* easy .. expert: the strengths */
                         GIN_OPPONENT_STYLE = 4 /* the gallery of styles: a fixed policy each (docs/DESIGN.md, "Bots"):
                                  practise against a style, not only a strength */
};
enum {
    GIN_OPPONENT_TABLE = GIN_OPPONENT_LEVEL | GIN_OPPONENT_STYLE, /* what the table offers a person */
    GIN_OPPONENT_ANY = GIN_OPPONENT_BASELINE | GIN_OPPONENT_TABLE,
    GIN_OPPONENT_NAMES_MAX = 256 /* room for gin_opponent_names of any kinds */
};

typedef struct gin_opponent {
    const char *name;  /* "hard": lower case, one word */
    const char *title; /* "Hard": a heading or menu line */
    const char *about; /* "reads the discards and knocks when the odds favour it" */
    int kind;          /* enum gin_opponent_kind */
} gin_opponent;

/* The i-th opponent of the catalogue (0-based), or NULL past its end.
 * Static storage. */
const gin_opponent *gin_opponent_at(int i);
/* The opponent named `name` (case-free), or NULL. */
const gin_opponent *gin_opponent_find(const char *name);
/* The entry of bot level `level` (enum gin_level), or NULL. */
const gin_opponent *gin_opponent_of_level(int level);
/* The names of the opponents of the kinds in the mask `kinds`, in
 * catalogue order, joined by ", " ("easy, normal, hard, expert"), into buf
 * (NUL-terminated; "" for none). Returns the length, GIN_ESPACE (cap too
 * small; GIN_OPPONENT_NAMES_MAX always suffices) or GIN_EINVAL (buf NULL,
 * cap 0). */
int gin_opponent_names(unsigned kinds, char *buf, size_t cap);

/* Creates the opponent `name` of the catalogue (case-free) into *out; the
 * caller destroys it. Returns GIN_OK, GIN_ENAME for a name the catalogue
 * lacks, or the constructor's code. */
int gin_ai_create(const char *name, uint64_t seed, int think_ms, gin_agent *out);
/* How `name` plays (gin_opponent_find(name)->about), or NULL. */
const char *gin_ai_describe(const char *name);

#endif
