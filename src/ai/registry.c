/* Built-in agents by name: the baselines and the bot levels. */
#include <stddef.h>
#include <strings.h>
#include "ai.h"
#include "gin/error.h"

static const struct {
    const char *name;
    int level; /* -1: a baseline */
} agents[] = {
    {"random", -1},           {"simple", -1},
    {"easy", GIN_LEVEL_EASY}, {"normal", GIN_LEVEL_NORMAL},
    {"hard", GIN_LEVEL_HARD}, {"expert", GIN_LEVEL_EXPERT},
};

/* Creates the agent `name` (case-free) into *out; the caller destroys it.
 * Returns GIN_OK, GIN_ENAME for an unknown name, or the constructor's code. */
int gin_ai_create(const char *name, uint64_t seed, int think_ms, gin_agent *out)
{
    if (!name || !out)
        return GIN_ENAME;
    for (size_t i = 0; i < sizeof agents / sizeof agents[0]; i++) {
        if (strcasecmp(name, agents[i].name) != 0)
            continue;
        if (agents[i].level < 0)
            return gin_baseline_create(agents[i].name, seed, out);
        return gin_bot_create(agents[i].level, seed, think_ms, out);
    }
    return GIN_ENAME;
}

/* The names gin_ai_create knows, for help and error messages. Static. */
const char *gin_ai_names(void) { return "random, simple, easy, normal, hard, expert"; }
