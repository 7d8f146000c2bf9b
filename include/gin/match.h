/* gin — a game between seats, each seen through its own view. Deals, has
 * the agent of the seat to move decide (through its seat's view only),
 * applies the action, and hands every event, redacted per seat, to each view
 * and agent, and whole to an observer. No I/O.
 *
 * Two ways to drive it, one implementation:
 * - pulled: gin_match_next takes one step and returns, saying whether the
 *   game is over, a step was taken (its events are there to show), or a
 *   seat without an agent must act, which the caller does with
 *   gin_match_submit. The terminal table plays the human's seat this way:
 *   its input loop never runs inside the match.
 * - pushed: gin_match_step / gin_match_play, when every seat has an agent
 *   (the simulator, the external-bot referee, the tests). */
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
    const gin_agent *agents[GIN_MAX_SEATS]; /* not owned; NULL: the caller acts for
                                               that seat (gin_match_submit) */
    gin_event_fn on_event;                  /* optional observer of the full, unredacted events (UI, log, record) */
    void *ctx;
    int fault_seat;  /* seat whose agent failed or acted illegally, else -1 */
    int fault;       /* that agent's status code */
    int moved;       /* the seat whose action the last step applied, or -1 (a
                       deal, or no step yet) */
    gin_action last; /* that action, as applied (a knock with the spread it named) */
} gin_match;

/* What gin_match_next did. */
enum gin_match_next_kind {
    GIN_MATCH_OVER = 0,   /* nothing: the game is over */
    GIN_MATCH_MOVED = 1,  /* one step: a hand dealt (moved = -1) or seat `moved`'s
                              action `last` applied; its events have gone to the
                              views, the agents and the observer */
    GIN_MATCH_WAITING = 2 /* nothing: the seat to move (game.hand.turn) has no
                              agent; its action comes through gin_match_submit */
};

/* Set up a game between agents[0..seats-1] (seat order) with the rule set
 * and seed; an agent may be NULL for a seat the caller plays (pulled).
 * on_event may be NULL. Returns GIN_OK, GIN_EINVAL (NULL m, r or agents),
 * GIN_ERULES. */
int gin_match_init(gin_match *m, const gin_rules *r, uint64_t seed, const gin_agent *const *agents,
                   gin_event_fn on_event, void *ctx);
/* One step, pulled: deal the next hand if none is in play; else, if the
 * seat to move has an agent, ask it (through its view) and apply its action.
 * Returns enum gin_match_next_kind, or a negative code when the agent
 * failed or acted illegally (fault_seat/fault say which: an illegal action
 * is GIN_EILLEGAL, an agent's own negative return is passed through); a
 * failing step changes nothing. GIN_EINTR from an agent (its wait given up
 * at its caller's request) is passed through as no fault: ask again. */
int gin_match_next(gin_match *m);
/* The action of the seat to move, from the caller: for a seat without an
 * agent once gin_match_next is GIN_MATCH_WAITING, or for any seat when a
 * record is played again (its agent is then not asked). Returns GIN_OK
 * (the step was taken as by gin_match_next: moved, last and the events),
 * GIN_EILLEGAL (nothing changes), GIN_ESTATE (no hand in play: the next
 * step is a deal, or the game is over), GIN_EINVAL (NULL). */
int gin_match_submit(gin_match *m, gin_action a);
/* 1 when the next step is a deal (no hand in play, the game not over). */
int gin_match_deal_due(const gin_match *m);

/* One step, pushed: as gin_match_next, with every seat's agent. Returns 1
 * while the game goes on, 0 once it is over, or a negative code as
 * gin_match_next; GIN_ESTATE when the seat to move has no agent. */
int gin_match_step(gin_match *m);
/* Steps to the end of the game. Returns 0, or a negative code as above. */
int gin_match_play(gin_match *m);

#ifdef __cplusplus
}
#endif
#endif
