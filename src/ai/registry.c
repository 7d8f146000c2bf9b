/* Built-in agents by name: the baselines, the bot levels and the gallery
 * of opponent styles, each with the line the table's menu shows. */
#include <stddef.h>
#include <strings.h>
#include "ai.h"
#include "botlib.h"
#include "gin/error.h"

enum { BASELINE = -1, STYLE = -2 };

static const struct {
    const char *name;
    int level; /* a level, BASELINE or STYLE */
    int style; /* AI_STYLE_* for a style */
    const char *about;
} agents[] = {
    {"random", BASELINE, 0, "plays any legal move at random"},
    {"simple", BASELINE, 0, "takes only cards that meld, throws the most deadwood, knocks as soon as it may"},
    {"easy", GIN_LEVEL_EASY, 0, "forgets what was thrown and knocks at the first chance"},
    {"normal", GIN_LEVEL_NORMAL, 0, "watches the discards, throws safe cards, knocks early or low"},
    {"hard", GIN_LEVEL_HARD, 0, "reads the discards and knocks when the odds favour it"},
    {"expert", GIN_LEVEL_EXPERT, 0, "plays each move out in sampled deals and picks the best"},
    {"eager", STYLE, AI_STYLE_EAGER, "throws safe cards and knocks as soon as it may"},
    {"waiter", STYLE, AI_STYLE_WAITER, "knocks only early or late in a hand; else plays for gin and undercuts"},
    {"hoarder", STYLE, AI_STYLE_HOARDER, "takes every card that fits its hand, builds big melds, knocks low and late"},
    {"blocker", STYLE, AI_STYLE_BLOCKER, "defence first: never feeds your melds, throws safe cards, knocks at 5"},
};
enum { N_AGENTS = sizeof agents / sizeof agents[0] };

static int find(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < N_AGENTS; i++)
        if (!strcasecmp(name, agents[i].name))
            return i;
    return -1;
}

/* Creates the agent `name` (case-free) into *out; the caller destroys it.
 * Returns GIN_OK, GIN_ENAME for an unknown name, or the constructor's code. */
int gin_ai_create(const char *name, uint64_t seed, int think_ms, gin_agent *out)
{
    int i = find(name);
    if (i < 0 || !out)
        return GIN_ENAME;
    if (agents[i].level == BASELINE)
        return gin_baseline_create(agents[i].name, seed, out);
    if (agents[i].level == STYLE)
        return ai_bot_create_params(ai_style_params(agents[i].style), agents[i].name, seed, out);
    return gin_bot_create(agents[i].level, seed, think_ms, out);
}

/* The names gin_ai_create knows, for help and error messages. Static. */
const char *gin_ai_names(void) { return "random, simple, easy, normal, hard, expert, eager, waiter, hoarder, blocker"; }

const char *gin_ai_describe(const char *name)
{
    int i = find(name);
    return i < 0 ? NULL : agents[i].about;
}

const char *gin_ai_style(int i)
{
    int n = 0;
    for (int j = 0; j < N_AGENTS; j++)
        if (agents[j].level == STYLE && n++ == i)
            return agents[j].name;
    return NULL;
}
