/* Dispatch one decision to an agent according to the phase of its view. */
#include "gin/agent.h"
#include "gin/error.h"

int gin_agent_decide(const gin_agent *a, const gin_view *v, gin_action *out)
{
    if (!a || !v || !out)
        return GIN_EINVAL;
    *out = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD); /* an agent sets what it decides */
    switch (v->phase) {
    case GIN_PHASE_OFFER: {
        if (!a->offer)
            return GIN_EINVAL;
        /* A negative answer is the agent's failure (an external bot that
         * died or sent garbage), passed through as a status. */
        int take = a->offer(a->self, v);
        if (take < 0)
            return take;
        out->kind = take ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS;
        return GIN_OK;
    }
    case GIN_PHASE_DRAW:
        if (!a->draw)
            return GIN_EINVAL;
        out->kind = a->draw(a->self, v);
        if (out->kind < 0)
            return out->kind;
        return out->kind == GIN_ACT_DRAW_STOCK || out->kind == GIN_ACT_DRAW_DISCARD ? GIN_OK : GIN_EILLEGAL;
    case GIN_PHASE_DISCARD:
        if (!a->discard)
            return GIN_EINVAL;
        return a->discard(a->self, v, out);
    default:
        return GIN_ESTATE;
    }
}
