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

/* Any built-in agent by name (case-free): the baselines random and simple,
 * the levels easy, normal, hard, expert, and the gallery of opponent
 * styles eager, waiter, hoarder, blocker. Returns GIN_OK or GIN_ENAME. */
int gin_ai_create(const char *name, uint64_t seed, int think_ms, gin_agent *out);
/* "random, simple, easy, normal, hard, expert, eager, waiter, hoarder, blocker" */
const char *gin_ai_names(void);
/* One line about how the agent `name` plays (case-free), for a menu or
 * --opponent help: "throws safe cards and knocks as soon as it may". A
 * static string; NULL for a name gin_ai_create does not know. */
const char *gin_ai_describe(const char *name);
/* The gallery of opponent styles, i = 0, 1, ...: "eager", "waiter",
 * "hoarder", "blocker", then NULL. Each plays a fixed policy of its own
 * (docs/DESIGN.md, "Bots"): practise against a style, not only a strength. */
const char *gin_ai_style(int i);

#endif
