/* gin — the small event loop: a game between agents. Deals, asks the agent
 * whose turn it is for a decision (through its seat's view only), applies it,
 * and hands every event, redacted per seat, to each view and agent. The
 * simulator, the terminal table (its human player is an agent too) and the
 * external-bot referee all drive games through this. No I/O. */
#ifndef GIN_MATCH_H
#define GIN_MATCH_H

#include <stdint.h>
#include "gin/agent.h"
#include "gin/game.h"
#include "gin/view.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gin_match {
    gin_game game;
    gin_view views[GIN_MAX_SEATS];
    const gin_agent *agents[GIN_MAX_SEATS]; /* not owned */
    gin_event_fn on_event;                  /* optional observer of the full, unredacted events (UI, log, record) */
    void *ctx;
    int fault_seat; /* seat whose agent failed or acted illegally, else -1 */
    int fault;      /* that agent's status code */
} gin_match;

/* Set up a game between agents[0..seats-1] (seat order) with the rule set
 * and seed. on_event may be NULL. Returns GIN_OK, GIN_EINVAL, GIN_ERULES. */
int gin_match_init(gin_match *m, const gin_rules *r, uint64_t seed, const gin_agent *const *agents,
                   gin_event_fn on_event, void *ctx);
/* One step: deal the next hand if none is in play, else ask the seat to move
 * and apply its action. Returns 1 while the game goes on, 0 once it is over,
 * or a negative code (fault_seat/fault say which agent failed: an illegal
 * action is GIN_EILLEGAL; an agent's own negative return is passed through). */
int gin_match_step(gin_match *m);
/* Steps to the end of the game. Returns 0, or a negative code as above. */
int gin_match_play(gin_match *m);

#ifdef __cplusplus
}
#endif
#endif
