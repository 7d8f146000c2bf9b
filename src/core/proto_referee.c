/* The referee's side of the bot protocol: the messages that tell a seat
 * about each event it received (protocol.h). The client (proto_client.c)
 * rebuilds from them the same events, in the same order, so the bot's view
 * equals the referee's. Pure. */
#include "gin/protocol.h"

#include <string.h>
#include "gin/error.h"

static gin_proto_msg *next_msg(gin_proto_msg *out, size_t cap, int *n, int kind)
{
    if (!out || (size_t)*n >= cap) { /* counted, not written: the caller sees it did not fit */
        (*n)++;
        return NULL;
    }
    gin_proto_msg *m = &out[(*n)++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->card = GIN_NO_CARD;
    return m;
}

static void endhand(const gin_view *v, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m = next_msg(out, cap, n, GIN_PROTO_ENDHAND);
    if (m) {
        m->n_scores = v->seats >= 2 && v->seats <= GIN_MAX_SEATS ? v->seats : 2;
        for (int i = 0; i < m->n_scores; i++)
            m->scores[i] = v->scores[i];
    }
}

static void spread(int seat, const gin_arrangement *a, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m = next_msg(out, cap, n, GIN_PROTO_MELDS);
    if (m) {
        m->seat = seat;
        m->n_melds = a->n_melds < GIN_MAX_MELDS ? a->n_melds : GIN_MAX_MELDS;
        memcpy(m->melds, a->melds, sizeof m->melds);
    }
    m = next_msg(out, cap, n, GIN_PROTO_UNMATCHED);
    if (m) {
        m->seat = seat;
        m->cards = a->unmatched;
    }
}

int gin_proto_is_game_start(const gin_view *v, const gin_event *ev)
{
    /* The first DEAL of a hand is the dealer's left's. */
    int seats = v && v->seats >= 2 && v->seats <= GIN_MAX_SEATS ? v->seats : 2;
    return v && ev && ev->kind == GIN_EV_DEAL && ev->value >= 0 && ev->seat == (ev->value + 1) % seats &&
           v->hand_no == 1;
}

static void layoff_msgs(int seat, const gin_layoff *l, int n_layoffs, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m;
    for (int i = 0; i < n_layoffs && i < GIN_HELD_MAX; i++)
        if ((m = next_msg(out, cap, n, GIN_PROTO_LAYOFF))) {
            m->seat = seat;
            m->card = l[i].card;
            m->n = l[i].meld;
        }
}

/* A ring's showdown: the knocker's spread, then each defender's layoffs
 * and spread in turn order from the knocker's left, then every seat's
 * penalty from the knocker on. The spreads are settled again from the
 * hands the PENALTY events showed: the same function of the same cards
 * as the hand's own settlement. */
static int table_showdown(const gin_proto_referee *r, const gin_view *v, const gin_event *ev, gin_proto_msg *out,
                          size_t cap, int *n)
{
    int seats = v->seats, k = r->knocker;
    if (k < 0 || k >= seats)
        return GIN_ESTATE;
    gin_ring_showdown t;
    /* The knocker's spread as shown (it may be its own choice). */
    gin_spread sp = ev->showdown ? gin_spread_of(&ev->showdown->knocker) : (gin_spread){0, 0};
    if (gin_showdown_settle_ring_spread(&v->rules, r->shown, seats, k, -1, sp, &t) != GIN_OK)
        return GIN_ESTATE;
    /* The settlement knows no upcard: a hand dealt a spade first under
     * spade-double counts double, as the hand doubled it (hand.c). */
    int factor = gin_rules_hand_factor(&v->rules, v->first_upcard);
    for (int s = 0; s < seats; s++)
        t.penalty[s] *= factor;
    t.total *= factor;
    if (t.winner != ev->seat || t.total != ev->value)
        return GIN_ESTATE;
    spread(k, &t.spread[k], out, cap, n);
    for (int i = 1; i < seats; i++) {
        int d = (k + i) % seats;
        layoff_msgs(d, t.layoffs[d], t.n_layoffs[d], out, cap, n);
        spread(d, &t.spread[d], out, cap, n);
    }
    gin_proto_msg *m;
    for (int i = 0; i < seats; i++)
        if ((m = next_msg(out, cap, n, GIN_PROTO_PENALTY))) {
            m->seat = (k + i) % seats;
            m->n = t.penalty[m->seat];
        }
    return GIN_OK;
}

int gin_proto_referee_msgs(gin_proto_referee *r, const gin_view *v, const gin_event *ev, gin_proto_msg *out, size_t cap)
{
    if (!v || !ev || (!out && cap))
        return GIN_EINVAL;
    int n = 0, ring = v->seats > 2;
    gin_proto_msg *m;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        /* The dealer's cards are dealt last: by then the view holds ours. */
        if (ev->seat != ev->value)
            break;
        if ((m = next_msg(out, cap, &n, GIN_PROTO_HAND))) {
            m->n = v->hand_no;
            m->dealer = ev->value;
            m->card = ev->card;
        }
        if ((m = next_msg(out, cap, &n, GIN_PROTO_DEAL)))
            m->cards = v->hand;
        break;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_PASS:
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        if (r && (ev->kind == GIN_EV_KNOCK || ev->kind == GIN_EV_GIN))
            r->knocker = ev->seat;
        if ((m = next_msg(out, cap, &n, GIN_PROTO_MOVE))) {
            m->seat = ev->seat;
            m->event = ev->kind;
            m->card = ev->card;
        }
        break;
    case GIN_EV_PENALTY: /* told with the showdown */
        if (r && ev->seat >= 0 && ev->seat < GIN_MAX_SEATS)
            r->shown[ev->seat] = ev->cards;
        break;
    case GIN_EV_RESHUFFLE:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_RESHUFFLE)))
            m->n = ev->value;
        break;
    case GIN_EV_VOID:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_VOID)))
            m->n = ev->value;
        endhand(v, out, cap, &n);
        break;
    case GIN_EV_HAND_OVER: {
        const gin_showdown *sd = ev->showdown;
        if (sd && ring) {
            if (!r)
                return GIN_ESTATE;
            int rc = table_showdown(r, v, ev, out, cap, &n);
            if (rc != GIN_OK)
                return rc;
        } else if (sd) {
            int other = (ev->seat + 1) % 2;
            int k = sd->winner == GIN_KNOCKER ? ev->seat : other, d = (k + 1) % 2;
            spread(k, &sd->knocker, out, cap, &n);
            layoff_msgs(d, sd->layoffs, sd->n_layoffs, out, cap, &n);
            spread(d, &sd->defender, out, cap, &n);
        }
        if ((m = next_msg(out, cap, &n, GIN_PROTO_RESULT))) {
            m->seat = ev->seat;
            m->result = sd ? sd->kind : GIN_RESULT_KNOCK;
            m->n = ev->value;
        }
        endhand(v, out, cap, &n);
        break;
    }
    case GIN_EV_GAME_OVER:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_ENDGAME))) {
            m->seat = ev->seat;
            m->n = ev->value;
        }
        break;
    default:
        break;
    }
    return (size_t)n <= cap ? n : GIN_ESPACE;
}

int gin_proto_game_msgs(const gin_rules *r, int seat, uint64_t seed, gin_proto_msg out[2])
{
    if (!r || !out || seat < 0 || seat >= r->seats || seat >= GIN_MAX_SEATS)
        return GIN_EINVAL;
    memset(out, 0, 2 * sizeof *out);
    out[0].kind = GIN_PROTO_RULES;
    out[0].rules = *r;
    out[0].card = out[1].card = GIN_NO_CARD;
    out[1].kind = GIN_PROTO_GAME;
    out[1].seat = seat;
    out[1].seed = seed;
    return 2;
}
