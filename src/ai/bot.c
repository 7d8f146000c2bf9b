/* The bot levels as agents: easy, normal and hard play the heuristic policy
 * with their parameters; expert searches. A bot keeps no memory of the hand:
 * each decision is a function of the seat's view and the bot's seed, so it
 * cannot see more than the seat was shown. */
#include <stdlib.h>
#include "ai.h"
#include "botlib.h"
#include "gin/error.h"

typedef struct bot {
    int level; /* -1: a style, playing `params` */
    const ai_params *params;
    uint64_t seed;
    int think_ms;
} bot;

static int bot_act(bot *b, const gin_view *v, gin_action *out)
{
    /* The expert's search plays out two seats; in a ring it plays hard. */
    if (b->level == GIN_LEVEL_EXPERT && v->seats <= 2)
        return ai_expert_decide(v, b->seed, b->think_ms, out);
    return ai_policy_decide(b->params ? b->params : ai_level_params(b->level), v, b->seed, out);
}

static int bot_offer(void *self, const gin_view *v)
{
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    return bot_act(self, v, &a) == GIN_OK && a.kind == GIN_ACT_TAKE_UPCARD;
}

static int bot_draw(void *self, const gin_view *v)
{
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    int rc = bot_act(self, v, &a);
    return rc == GIN_OK ? a.kind : rc;
}

static int bot_discard(void *self, const gin_view *v, gin_action *out) { return bot_act(self, v, out); }

static void bot_destroy(void *self) { free(self); }

/* Returns GIN_OK, or GIN_EINVAL for a bad level, NULL out or no memory.
 * The agent owns its state; release it with out->destroy(out->self). */
int gin_bot_create(int level, uint64_t seed, int think_ms, gin_agent *out)
{
    if (!out || level < GIN_LEVEL_EASY || level > GIN_LEVEL_EXPERT)
        return GIN_EINVAL;
    bot *b = malloc(sizeof *b);
    if (!b)
        return GIN_EINVAL;
    b->level = level;
    b->params = NULL;
    b->seed = seed;
    b->think_ms = think_ms > 0 ? think_ms : 50;
    out->name = gin_opponent_of_level(level)->name;
    out->self = b;
    out->offer = bot_offer;
    out->draw = bot_draw;
    out->discard = bot_discard;
    out->observe = NULL;
    out->destroy = bot_destroy;
    return GIN_OK;
}

/* A bot on fixed parameters (a style of the gallery). Returns GIN_OK or
 * GIN_EINVAL; the agent owns its state. */
int ai_bot_create_params(const ai_params *p, const char *name, uint64_t seed, gin_agent *out)
{
    if (!p || !name || !out)
        return GIN_EINVAL;
    int rc = gin_bot_create(GIN_LEVEL_HARD, seed, 0, out);
    if (rc != GIN_OK)
        return rc;
    bot *b = out->self;
    b->level = -1;
    b->params = p;
    out->name = name;
    return GIN_OK;
}
