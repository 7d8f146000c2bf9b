/* The coach at the table (src/ai/coach.h): the hint page, the notes of the
 * practice review, and the game's summary. Every number and reason is the
 * coach's, so the hint, the review and `gin advise` agree. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "coach.h"
#include "play.h"
#include "ui.h"

/* The bot's decisions are reviewed with a smaller budget: they come three
 * a turn and the table must not crawl. */
enum { BOT_REVIEW_PLAYOUTS = 40000 };

/* "knock, throwing K♣", or "go gin, throwing K♣" when it is gin. */
static void move_text(const gin_view *v, gin_action a, char *buf, size_t cap)
{
    if (a.kind == GIN_ACT_KNOCK && a.card != GIN_NO_CARD && gin_deadwood(v->hand & ~gin_cardset_of(a.card)) == 0) {
        char c[16];
        gin_ui_card_text(a.card, c, sizeof c);
        snprintf(buf, cap, "go gin, throwing %s", c);
        return;
    }
    gin_play_action_text(a, buf, cap);
}

static int same(gin_action a, gin_action b) { return a.kind == b.kind && a.card == b.card; }

static int find(const gin_coach_move *mv, int n, gin_action a)
{
    for (int i = 0; i < n; i++)
        if (same(mv[i].value.action, a))
            return i;
    return -1;
}

static int run_coach(const gin_view *v, long playouts, gin_coach_move *mv)
{
    gin_coach_opts o = {playouts, 0, 0, gin_ui_utf8()};
    return gin_coach(v, &o, mv, GIN_ANALYSIS_MAX);
}

/* The throw the player has picked, if it is a legal throw now. */
static int picked_throw(const gin_play *p, const gin_view *v, gin_action *a)
{
    if (v->phase != GIN_PHASE_DISCARD || gin_table_picked(&p->table) == GIN_NO_CARD)
        return 0;
    *a = gin_action_make(GIN_ACT_DISCARD, gin_table_picked(&p->table));
    return gin_view_is_legal(v, *a);
}

int gin_play_hint(gin_play *p, const gin_view *v, gin_card *select)
{
    static gin_coach_move mv[GIN_ANALYSIS_MAX];
    *select = GIN_NO_CARD;
    int n = v->seats == 2 ? run_coach(v, 0, mv) : 0;
    if (n <= 0) {
        gin_play_msg(p, 1, "No hint here: the coach analyses the decisions of two players.");
        return 0;
    }
    static char body[8192];
    body[0] = '\0';
    gin_play_add(body, sizeof body,
                 "The best moves by the engine's analysis: points are what this hand is expected to bring you, net; "
                 "win is your chance to win the game after it.\n\n");
    for (int i = 0; i < n && i < 3; i++) {
        char m[64];
        move_text(v, mv[i].value.action, m, sizeof m);
        gin_play_add(body, sizeof body, "%d. %s: %+.1f points, win %.0f%%", i + 1, m, mv[i].value.points,
                     100.0 * mv[i].value.win);
        if (i)
            gin_play_add(body, sizeof body, " (%.1f points below the best)", mv[0].value.points - mv[i].value.points);
        gin_play_add(body, sizeof body, "\n   %s\n\n", mv[i].reason);
    }
    gin_action mine;
    char line[GIN_PLAY_MSG], best[64];
    move_text(v, mv[0].value.action, best, sizeof best);
    snprintf(line, sizeof line, "Hint: %s (%+.1f points).", best, mv[0].value.points);
    int k = picked_throw(p, v, &mine) ? find(mv, n, mine) : -1;
    if (k > 0) {
        char m[64];
        move_text(v, mine, m, sizeof m);
        double gap = mv[0].value.points - mv[k].value.points;
        gin_play_add(body, sizeof body,
                     "Your pick, to %s: %+.1f points, win %.0f%%: %.1f points below the best.\n   %s\n", m,
                     mv[k].value.points, 100.0 * mv[k].value.win, gap, mv[k].reason);
        size_t l = strlen(line);
        snprintf(line + l, sizeof line - l, " Your pick: %.1f points below it.", gap);
    } else if (k == 0) {
        gin_play_add(body, sizeof body, "Your pick is the best move.\n");
    }
    gin_play_msg(p, 0, "%s", line);
    int quit = gin_ui_text_screen("Hint", body, "Enter: back to the table", "\n\033qH") < 0;
    gin_action b = mv[0].value.action;
    if (b.kind == GIN_ACT_DISCARD || (b.kind == GIN_ACT_KNOCK && b.card != GIN_NO_CARD))
        *select = b.card;
    return quit ? -1 : 0;
}

/* Keep the three biggest mistakes of the game. */
static void note_worst(gin_coach_summary *s, const gin_review_item *r)
{
    int at = s->n_worst < 3 ? s->n_worst++ : 2;
    if (at == 2 && s->n_worst == 3 && s->worst[2].cost >= r->cost)
        return;
    s->worst[at] = *r;
    for (int i = at; i > 0 && s->worst[i].cost > s->worst[i - 1].cost; i--) {
        gin_review_item t = s->worst[i];
        s->worst[i] = s->worst[i - 1];
        s->worst[i - 1] = t;
    }
}

void gin_play_review_note(gin_play *p, const gin_view *v, gin_action chosen)
{
    if (!p->practice || v->seats != 2)
        return;
    static gin_coach_move mv[GIN_ANALYSIS_MAX];
    int human = v->seat == p->human;
    int n = run_coach(v, human ? 0 : BOT_REVIEW_PLAYOUTS, mv);
    int k = n > 0 ? find(mv, n, chosen) : -1;
    if (k < 0)
        return;
    double cost = mv[0].value.points - mv[k].value.points;
    gin_review_item r;
    memset(&r, 0, sizeof r);
    r.seat = v->seat;
    r.hand_no = p->ref.m.game.hand_no;
    r.turn = v->turns;
    r.at = p->ref.rec->n_actions;
    r.held = v->hand;
    r.chosen = chosen;
    r.best = mv[0].value.action;
    r.cost = cost;
    snprintf(r.reason, sizeof r.reason, "%s", mv[0].reason);
    /* Every decision of the player (the summary counts the good ones too);
     * the bot's only when it missed something worth saying. */
    if ((human || cost >= GIN_COACH_CLOSE) && p->review.n < GIN_REVIEW_MAX)
        p->review.items[p->review.n++] = r;
}

void gin_play_review_close_hand(gin_play *p)
{
    for (int i = 0; i < p->review.n; i++) {
        const gin_review_item *r = &p->review.items[i];
        if (r->seat != p->human)
            continue;
        p->review.summary.decisions++;
        p->review.summary.accurate += r->cost < GIN_COACH_CLOSE;
        p->review.summary.lost += r->cost > 0 ? r->cost : 0;
        if (r->cost >= GIN_COACH_CLOSE)
            note_worst(&p->review.summary, r);
    }
}

void gin_play_summary_text(const gin_play *p, char *buf, size_t cap)
{
    const gin_coach_summary *s = &p->review.summary;
    buf[0] = '\0';
    if (!s->decisions)
        return;
    gin_play_add(buf, cap,
                 "\nThe coach on your game: %d of %d decisions within %.1f points of the best (%.0f%%); %.1f points "
                 "lost in all.\n",
                 s->accurate, s->decisions, GIN_COACH_CLOSE, 100.0 * s->accurate / s->decisions, s->lost);
    for (int i = 0; i < s->n_worst; i++) {
        const gin_review_item *r = &s->worst[i];
        char mine[64], best[64], held[128] = "";
        gin_play_action_text(r->chosen, mine, sizeof mine);
        gin_play_action_text(r->best, best, sizeof best);
        size_t l = 0;
        for (gin_cardset q = r->held; q && l + 8 < sizeof held; q &= q - 1) {
            char c[16];
            gin_ui_card_text(gin_cardset_first(q), c, sizeof c);
            l += (size_t)snprintf(held + l, sizeof held - l, "%s%s", l ? " " : "", c);
        }
        gin_play_add(buf, cap,
                     "%s Hand %d, turn %d, holding %s: you chose to %s; best was to %s (%.1f points better).\n",
                     i ? " " : "Biggest mistakes:\n ", r->hand_no, r->turn + 1, held, mine, best, r->cost);
    }
}
