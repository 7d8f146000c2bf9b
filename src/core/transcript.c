/* A seat's transcript (protocol.h): a game played again from its record
 * through agents that answer with the recorded moves, the seat's events
 * turned into the very lines the referee of exec:COMMAND sends. */
#include <string.h>
#include "gin/error.h"
#include "gin/match.h"
#include "gin/protocol.h"
#include "gin/record.h"
#include "text.h"

typedef struct transcript {
    const gin_record *rec;
    int seat, pos;
    gin_text *o;
    gin_proto_referee ref;
    int asked; /* the seat's request at the end is written: stop */
    int fault; /* a message could not be written */
} transcript;

static void put_msgs(transcript *t, const gin_proto_msg *m, int n)
{
    for (int i = 0; i < n && !t->fault; i++) {
        char line[GIN_PROTO_LINE_MAX];
        if (gin_proto_format(&m[i], line, sizeof line) < 0)
            t->fault = GIN_EINVAL;
        else
            gin_text_put(t->o, line);
    }
}

/* The next recorded move; at the end of the record, the seat's request
 * (written, then the game stops) or GIN_ESTATE for another seat's. */
static int next(transcript *t, const gin_view *v, gin_action *a)
{
    if (v->seat == t->seat) {
        gin_proto_msg m;
        memset(&m, 0, sizeof m);
        m.kind = v->phase == GIN_PHASE_OFFER  ? GIN_PROTO_OFFER
                 : v->phase == GIN_PHASE_DRAW ? GIN_PROTO_DRAW
                                              : GIN_PROTO_DISCARD;
        m.card = GIN_NO_CARD;
        put_msgs(t, &m, 1);
    }
    if (t->pos >= t->rec->n_actions) {
        t->asked = v->seat == t->seat;
        return GIN_ESTATE;
    }
    *a = t->rec->actions[t->pos++];
    return GIN_OK;
}

static int t_offer(void *self, const gin_view *v)
{
    gin_action a;
    int rc = next(self, v, &a);
    return rc != GIN_OK ? rc : a.kind == GIN_ACT_TAKE_UPCARD;
}

static int t_draw(void *self, const gin_view *v)
{
    gin_action a;
    int rc = next(self, v, &a);
    return rc != GIN_OK ? rc : a.kind;
}

static int t_discard(void *self, const gin_view *v, gin_action *out) { return next(self, v, out); }

static void t_observe(void *self, const gin_view *v, const gin_event *ev)
{
    transcript *t = self;
    if (v->seat != t->seat)
        return;
    gin_proto_msg m[GIN_PROTO_EVENT_MSGS_MAX];
    if (gin_proto_is_game_start(v, ev)) {
        int n = gin_proto_game_msgs(&v->rules, v->seat, t->rec->seed, m);
        if (n < 0)
            t->fault = n;
        else
            put_msgs(t, m, n);
    }
    int n = gin_proto_referee_msgs(&t->ref, v, ev, m, GIN_PROTO_EVENT_MSGS_MAX);
    if (n < 0)
        t->fault = n;
    else
        put_msgs(t, m, n);
}

int gin_proto_transcript(const gin_record *rec, int seat, char *buf, size_t cap)
{
    if (!rec || !buf || !cap || seat < 0 || seat >= rec->rules.seats || seat >= GIN_MAX_SEATS)
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    transcript t;
    memset(&t, 0, sizeof t);
    t.rec = rec;
    t.seat = seat;
    t.o = &o;
    gin_proto_msg hello;
    memset(&hello, 0, sizeof hello);
    hello.kind = GIN_PROTO_HELLO;
    hello.n = GIN_PROTO_VERSION;
    put_msgs(&t, &hello, 1);
    gin_agent agent = {"transcript", &t, t_offer, t_draw, t_discard, t_observe, NULL};
    const gin_agent *agents[GIN_MAX_SEATS] = {&agent, &agent, &agent, &agent};
    gin_match m;
    int rc = gin_match_init(&m, &rec->rules, rec->seed, agents, NULL, NULL);
    if (rc != GIN_OK)
        return rc;
    while ((rc = gin_match_step(&m)) > 0)
        ;
    if (t.fault)
        return t.fault;
    if (rc < 0 && !t.asked) /* a recorded move refused, or the end is another seat's turn */
        return t.pos < rec->n_actions || m.fault != GIN_ESTATE ? GIN_EILLEGAL : GIN_ESTATE;
    if (rc == 0) /* the game is over: nothing is asked */
        return GIN_ESTATE;
    return o.full ? GIN_ESPACE : (int)o.len;
}
