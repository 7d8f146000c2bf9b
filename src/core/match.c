/* The small event loop: a game between agents, each deciding from its own
 * seat's view. Every event is redacted per seat, folded into that seat's
 * view and told to its agent, then handed whole to the caller's observer.
 * No I/O, no allocation: the match is one plain struct. */
#include <string.h>
#include "gin/error.h"
#include "gin/match.h"

/* Fan one full event out: each seat's view and agent get their redacted
 * copy first, so an observer reading m->views sees them up to date. */
static void match_event(void *ctx, const gin_event *ev)
{
    gin_match *m = ctx;
    for (int s = 0; s < m->game.rules.seats; s++) {
        gin_event red;
        gin_event_redact(ev, s, &red);
        gin_view_apply(&m->views[s], &red);
        const gin_agent *a = m->agents[s];
        if (a->observe)
            a->observe(a->self, &m->views[s], &red);
    }
    if (m->on_event)
        m->on_event(m->ctx, ev);
}

/* Sets up *m (overwritten whole). agents[0..seats-1] must outlive the match
 * and stay owned by the caller. Returns GIN_OK, GIN_EINVAL (a NULL argument
 * or agent), or GIN_ERULES. */
int gin_match_init(gin_match *m, const gin_rules *r, uint64_t seed, const gin_agent *const *agents,
                   gin_event_fn on_event, void *ctx)
{
    if (!m || !r || !agents)
        return GIN_EINVAL;
    if (r->seats < 2 || r->seats > GIN_MAX_SEATS)
        return GIN_ERULES;
    for (int s = 0; s < r->seats; s++)
        if (!agents[s])
            return GIN_EINVAL;
    memset(m, 0, sizeof *m);
    int rc = gin_game_init(&m->game, r, seed);
    if (rc != GIN_OK)
        return rc;
    for (int s = 0; s < r->seats; s++) {
        m->agents[s] = agents[s];
        gin_view_init(&m->views[s], &m->game.rules, s);
    }
    m->on_event = on_event;
    m->ctx = ctx;
    m->fault_seat = -1;
    m->fault = GIN_OK;
    return GIN_OK;
}

/* Deals when no hand is in play, else asks the seat to move for one action
 * through its view and applies it if legal. Returns 1 (game goes on), 0
 * (over) or a negative code with fault_seat/fault set when an agent failed;
 * a failing step changes nothing. */
int gin_match_step(gin_match *m)
{
    if (!m)
        return GIN_EINVAL;
    if (m->game.over)
        return 0;
    if (m->game.hand_no == 0 || m->game.hand.phase == GIN_PHASE_OVER) {
        /* The views were started once in init: each hand's first DEAL
         * resets their per-hand fields, and scores carry across hands. */
        int rc = gin_game_deal(&m->game, match_event, m);
        if (rc != GIN_OK)
            return rc;
        return m->game.over ? 0 : 1;
    }
    int seat = m->game.hand.turn;
    if (seat < 0 || seat >= m->game.rules.seats)
        return GIN_ESTATE;
    const gin_agent *a = m->agents[seat];
    gin_action act;
    int rc = gin_agent_decide(a, &m->views[seat], &act);
    if (rc == GIN_OK && !gin_hand_is_legal(&m->game.hand, act))
        rc = GIN_EILLEGAL;
    if (rc != GIN_OK) {
        m->fault_seat = seat;
        m->fault = rc < 0 ? rc : GIN_EILLEGAL;
        return m->fault;
    }
    rc = gin_game_apply(&m->game, act, match_event, m);
    if (rc != GIN_OK)
        return rc;
    return m->game.over ? 0 : 1;
}

/* Steps until the game is over. Returns 0 or a negative code as
 * gin_match_step. */
int gin_match_play(gin_match *m)
{
    int rc;
    while ((rc = gin_match_step(m)) > 0)
        ;
    return rc;
}
