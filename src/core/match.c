/* The match: a game between seats, each deciding from its own view. Every
 * event is redacted per seat, folded into that seat's view and told to its
 * agent, then handed whole to the caller's observer. The pulled form
 * (gin_match_next, gin_match_submit) is the one implementation; the pushed
 * form (gin_match_step) drives it to the next decision of an agent.
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
        if (a && a->observe)
            a->observe(a->self, &m->views[s], &red);
    }
    if (m->on_event)
        m->on_event(m->ctx, ev);
}

/* Sets up *m (overwritten whole). agents[0..seats-1] (NULL for a seat the
 * caller plays) must outlive the match and stay owned by the caller.
 * Returns GIN_OK, GIN_EINVAL (a NULL argument), or GIN_ERULES. */
int gin_match_init(gin_match *m, const gin_rules *r, uint64_t seed, const gin_agent *const *agents,
                   gin_event_fn on_event, void *ctx)
{
    if (!m || !r || !agents)
        return GIN_EINVAL;
    if (r->seats < 2 || r->seats > GIN_MAX_SEATS)
        return GIN_ERULES;
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
    m->moved = -1;
    m->last = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    return GIN_OK;
}

int gin_match_deal_due(const gin_match *m)
{
    return m && !m->game.over && (m->game.hand_no == 0 || m->game.hand.phase == GIN_PHASE_OVER);
}

/* The seat to move, or -1 when no hand is in play. */
static int to_move(const gin_match *m)
{
    int seat = m->game.hand.turn;
    return gin_match_deal_due(m) || m->game.over || seat < 0 || seat >= m->game.rules.seats ? -1 : seat;
}

int gin_match_submit(gin_match *m, gin_action a)
{
    if (!m)
        return GIN_EINVAL;
    int seat = to_move(m);
    if (seat < 0)
        return GIN_ESTATE;
    /* Checked before anything is touched, so a refusal changes nothing. */
    if (!gin_hand_is_legal(&m->game.hand, a))
        return GIN_EILLEGAL;
    int rc = gin_game_apply(&m->game, a, match_event, m);
    if (rc != GIN_OK)
        return rc;
    m->moved = seat;
    m->last = a;
    return GIN_OK;
}

/* Deals when no hand is in play, else asks the seat to move for one action
 * through its view and applies it if legal; a seat without an agent is left
 * to the caller. A failing step changes nothing. */
int gin_match_next(gin_match *m)
{
    if (!m)
        return GIN_EINVAL;
    if (m->game.over)
        return GIN_MATCH_OVER;
    if (gin_match_deal_due(m)) {
        /* The views were started once in init: each hand's first DEAL
         * resets their per-hand fields, and scores carry across hands. */
        int rc = gin_game_deal(&m->game, match_event, m);
        if (rc != GIN_OK)
            return rc;
        m->moved = -1;
        return GIN_MATCH_MOVED;
    }
    int seat = to_move(m);
    if (seat < 0)
        return GIN_ESTATE;
    const gin_agent *a = m->agents[seat];
    if (!a)
        return GIN_MATCH_WAITING;
    gin_action act;
    int rc = gin_agent_decide(a, &m->views[seat], &act);
    if (rc == GIN_EINTR) /* nothing asked of it was refused: asked again */
        return rc;
    if (rc == GIN_OK)
        rc = gin_match_submit(m, act);
    if (rc != GIN_OK) {
        m->fault_seat = seat;
        m->fault = rc < 0 ? rc : GIN_EILLEGAL;
        return m->fault;
    }
    return GIN_MATCH_MOVED;
}

/* As gin_match_next for a match whose every seat has an agent: 1 while
 * the game goes on, 0 once it is over. */
int gin_match_step(gin_match *m)
{
    int rc = gin_match_next(m);
    if (rc == GIN_MATCH_WAITING)
        return GIN_ESTATE;
    if (rc < 0)
        return rc;
    return rc == GIN_MATCH_MOVED && !m->game.over;
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
