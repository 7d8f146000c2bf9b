/* gin — the agent interface: anything that plays a seat (the bots, the human
 * at the terminal, an external process). An agent sees only a gin_view. */
#ifndef GIN_AGENT_H
#define GIN_AGENT_H

#include <stddef.h>
#include <stdint.h>
#include "gin/hand.h"
#include "gin/view.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gin_agent {
    const char *name;
    void *self; /* owned by the agent; released by destroy */
    /* Upcard offer: 1 = take, 0 = pass; a negative status = the agent failed. */
    int (*offer)(void *self, const gin_view *v);
    /* Draw: GIN_ACT_DRAW_STOCK or GIN_ACT_DRAW_DISCARD; a negative status = failed. */
    int (*draw)(void *self, const gin_view *v);
    /* With 11 cards: a GIN_ACT_DISCARD or GIN_ACT_KNOCK action in *out. */
    int (*discard)(void *self, const gin_view *v, gin_action *out);
    /* Optional (may be NULL): told every event, redacted for its seat, after
     * the view has been updated. */
    void (*observe)(void *self, const gin_view *v, const gin_event *ev);
    /* Optional (may be NULL): release self. */
    void (*destroy)(void *self);
} gin_agent;

/* Drive one decision: ask the agent for the phase of `v` and return the
 * action. Returns GIN_OK or a negative code if the agent failed. */
int gin_agent_decide(const gin_agent *a, const gin_view *v, gin_action *out);

#ifdef __cplusplus
}
#endif
#endif
