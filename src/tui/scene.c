/* The table screen (table.h): the gin_scene the UI paints, built from the
 * player's view, the table's state and the public facts the session gives
 * it; and the key line, from the same view. No game state is read here:
 * what the player's seat could not see, the screen cannot show. */
#include "table.h"

#include <stdio.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "keys.h"
#include "ui.h"

void gin_table_options(const gin_view *v, gin_table_choice *o)
{
    memset(o, 0, sizeof *o);
    gin_view_check_facts f;
    /* Big gin is a claim; the facts of the throws come with it. */
    o->big_gin = gin_view_check(v, gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD), 1, &f) == GIN_OK;
    o->least = f.least;
    o->best = f.best;
    o->limit = f.limit;
    o->gin = o->big_gin || f.least == 0;
    o->knock = !o->gin && f.least >= 0 && f.least <= f.limit;
    o->stock = gin_view_check(v, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), 0, NULL) == GIN_OK;
    o->pile_why = gin_view_check(v, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), 0, NULL);
    o->pile = o->pile_why == GIN_OK;
}

/* The key line: the keys that apply now, most important first when the
 * window is too narrow for all of them (the rest are on the help page). */
enum { KEY_ITEMS = 24 };
typedef struct key_item {
    const char *text;
    int prio; /* 0: always shown; higher numbers go first when space is short */
} key_item;

static void fit_keys(const key_item *items, int n, int width, char *buf, size_t cap)
{
    int keep[KEY_ITEMS], total = 0;
    for (int i = 0; i < n; i++) {
        keep[i] = 1;
        total += gin_ui_strwidth(items[i].text) + (i ? 2 : 0);
    }
    while (total > width) {
        int worst = -1;
        for (int i = 0; i < n; i++)
            if (keep[i] && items[i].prio > 0 && (worst < 0 || items[i].prio >= items[worst].prio))
                worst = i;
        if (worst < 0)
            break;
        keep[worst] = 0;
        total -= gin_ui_strwidth(items[worst].text) + 2;
    }
    buf[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        int w = snprintf(buf + len, cap - len, "%s%s", len ? "  " : "", items[i].text);
        if (w < 0 || (size_t)w >= cap - len)
            break;
        len += (size_t)w;
    }
}

/* Is key entry k worth showing now? The moves only when the rules allow
 * them, from the player's view (the same facts the keys act on); the hint
 * only where the coach answers (two players: gin_coach refuses a ring). */
static int key_applies(const gin_key *k, const gin_table_choice *o, int practice, int seats)
{
    switch (k->cmd) {
    case GIN_CMD_HINT:
        return seats == 2;
    case GIN_CMD_STOCK:
        return o->stock;
    case GIN_CMD_PILE:
        return o->pile;
    case GIN_CMD_KNOCK:
        return o->knock;
    case GIN_CMD_GIN:
        return o->gin;
    case GIN_CMD_UNDO:
        return practice;
    default:
        return 1;
    }
}

static void key_line(const gin_view *v, const gin_table_facts *f, char *buf, size_t cap)
{
    int lines, width;
    gin_ui_size(&lines, &width);
    width -= 2;
    key_item it[KEY_ITEMS];
    int n = 0;
    int mine = !f->waiting && v->turn == v->seat && v->phase != GIN_PHASE_OVER && v->hand_no > 0;
    unsigned when = !mine                         ? GIN_WHEN_WAIT
                    : v->phase == GIN_PHASE_OFFER ? GIN_WHEN_OFFER
                    : v->phase == GIN_PHASE_DRAW  ? GIN_WHEN_DRAW
                                                  : GIN_WHEN_DISCARD;
    gin_table_choice o;
    gin_table_options(v, &o);
    if (!mine) /* keys pressed while the bots play skip their pause */
        it[n++] = (key_item){"any key: skip the pause", 0};
    size_t nk;
    const gin_key *keys = gin_keys(&nk);
    for (size_t i = 0; i < nk && n < KEY_ITEMS; i++) {
        const gin_key *k = &keys[i];
        if (!(k->shown & when) || !k->line || (mine && !key_applies(k, &o, f->practice, v->seats)))
            continue;
        it[n++] = (key_item){gin_ui_utf8() || !k->line_ascii ? k->line : k->line_ascii, k->prio};
    }
    fit_keys(it, n, width, buf, cap);
}

/* The n parts, one after the other, into buf; piece by piece, so that a
 * text too long for buf is cut between parts. */
static void join(const char *const *parts, size_t n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(parts[i]);
        if (len + k >= cap)
            break;
        memcpy(buf + len, parts[i], k + 1);
        len += k;
    }
}

/* "gin · classic, max-hands 2 · to 100 or 2 hands · hand 1 of 2 · you deal":
 * the rules in play, how the game ends, which hand, who deals; into
 * t->title, and into t->brief without the rules. */
static void header(const gin_view *v, const gin_table_facts *f, gin_scene *t, const char *dot, const char *dealer)
{
    const gin_rules *r = &v->rules;
    char rules[GIN_RULES_LABEL], players[24] = "", end[48], hand[32];
    gin_play_rules_label(r, rules, sizeof rules);
    if (f->who.seats > 2)
        snprintf(players, sizeof players, "%s%d players", dot, f->who.seats);
    if (r->max_hands > 0) {
        snprintf(end, sizeof end, "to %d or %d hands", r->target, r->max_hands);
        snprintf(hand, sizeof hand, "hand %d of %d", v->hand_no, r->max_hands);
    } else {
        snprintf(end, sizeof end, "to %d", r->target);
        snprintf(hand, sizeof hand, "hand %d", v->hand_no);
    }
    const char *practice = f->practice ? (gin_ui_utf8() ? " \xc2\xb7 practice" : " - practice") : "";
    const char *whole[] = {"gin", dot, rules, players, dot, end, dot, hand, dot, dealer, practice};
    const char *brief[] = {"gin", players, dot, end, dot, hand, dot, dealer, practice};
    join(whole, sizeof whole / sizeof whole[0], t->title, sizeof t->title);
    join(brief, sizeof brief / sizeof brief[0], t->brief, sizeof t->brief);
}

/* Who deals: "you deal", "bot deals", "Bot 2 deals"; "cutting" before the
 * first deal. */
static void dealer_text(const gin_view *v, const gin_table_facts *f, char *buf, size_t cap)
{
    if (v->hand_no == 0)
        snprintf(buf, cap, "cutting");
    else if (v->dealer == f->who.human)
        snprintf(buf, cap, "you deal");
    else if (f->who.seats == 2)
        snprintf(buf, cap, "bot deals");
    else
        snprintf(buf, cap, "%s deals", gin_seat_name(&f->who, v->dealer));
}

/* Two players: the header and the opponent over the table. */
static void two_seats(const gin_view *v, const gin_table_facts *f, gin_scene *t, const char *dot)
{
    int me = f->who.human, bot = f->who.bot;
    char dealer[32];
    dealer_text(v, f, dealer, sizeof dealer);
    header(v, f, t, dot, dealer);
    if (v->rules.hollywood)
        snprintf(t->score, sizeof t->score, "You %d/%d/%d%sBot %d/%d/%d", f->hollywood[0][me], f->hollywood[1][me],
                 f->hollywood[2][me], dot, f->hollywood[0][bot], f->hollywood[1][bot], f->hollywood[2][bot]);
    else
        snprintf(t->score, sizeof t->score, "You %d%sBot %d", v->scores[me], dot, v->scores[bot]);
    snprintf(t->opp_name, sizeof t->opp_name, "%s", f->opp_title);
    if (v->hand_no == 0)
        return;
    t->opp_count = v->hand_size[bot];
    t->opp_known = v->known[bot];
    if (f->open)
        t->opp_open = f->open[bot];
}

/* A ring of 3-4: the header and a box per opponent, clockwise from your
 * left. */
static void table_seats(const gin_view *v, const gin_table *tb, const gin_table_facts *f, gin_scene *t, const char *dot)
{
    const gin_seating *who = &f->who;
    char dealer[32];
    dealer_text(v, f, dealer, sizeof dealer);
    header(v, f, t, dot, dealer);
    snprintf(t->score, sizeof t->score, "your penalty %d", v->scores[who->human]);
    t->seats = who->seats;
    t->n_opps = who->seats - 1 < GIN_UI_MAX_OPPS ? who->seats - 1 : GIN_UI_MAX_OPPS;
    int over = v->phase == GIN_PHASE_OVER;
    for (int i = 0; i < t->n_opps; i++) {
        int seat = (who->human + 1 + i) % who->seats;
        gin_scene_seat *o = &t->opps[i];
        snprintf(o->name, sizeof o->name, "%s (%s)", gin_seat_name(who, seat), f->level);
        o->points = v->scores[seat];
        if (v->hand_no == 0)
            continue;
        o->count = v->hand_size[seat];
        o->known = v->known[seat];
        if (f->open)
            o->open = f->open[seat];
        snprintf(o->last, sizeof o->last, "%s", tb->last[seat]);
        o->turn = !over && v->turn == seat;
        o->dealer = v->dealer == seat;
    }
}

/* The hand in its order, melds marked, and the note over it. */
static void hand(const gin_view *v, const gin_table *tb, const gin_table_facts *f, gin_scene *t, const char *dot)
{
    gin_cardset held = v->hand;
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0)
        memset(&ar, 0, sizeof ar);
    t->n = tb->n_order;
    for (int i = 0; i < tb->n_order; i++) {
        t->cards[i] = tb->order[i];
        for (int m = 0; m < ar.n_melds; m++)
            if (gin_cardset_has(ar.melds[m], tb->order[i]))
                t->group[i] = m;
    }
    for (int m = 0; m < ar.n_melds && m < GIN_UI_MAX_HAND; m++)
        t->group_is_set[m] = gin_meld_is_set(ar.melds[m]);
    t->selected = tb->selected;
    t->taken = v->turn == v->seat ? v->taken : GIN_NO_CARD;
    t->drawn = tb->drawn;
    t->deadwood = ar.deadwood;
    t->knock_limit = v->knock_limit;
    gin_keys_pick(t->pick_keys, sizeof t->pick_keys);
    static const char *const sorts[] = {"melds", "rank", "suit", "by hand"};
    char lim[48];
    if (v->knock_limit > 0)
        snprintf(lim, sizeof lim, "knock at %d or less", v->knock_limit);
    else
        snprintf(lim, sizeof lim, "gin only (no knocking)");
    gin_card picked = gin_table_picked(tb);
    if (gin_cardset_count(held) == gin_cards_dealt(f->who.seats) + 1 && picked != GIN_NO_CARD) {
        char c[GIN_UI_CARD_TEXT];
        gin_ui_card_text(picked, c, sizeof c);
        int after = gin_deadwood(held & ~gin_cardset_of(picked));
        snprintf(t->hand_note, sizeof t->hand_note, "You%sthrow %s %s deadwood %d%s%s%ssorted: %s", dot, c,
                 gin_ui_utf8() ? "\xe2\x86\x92" : "->", after, dot, lim, dot, sorts[tb->sort]);
    } else {
        snprintf(t->hand_note, sizeof t->hand_note, "You%sdeadwood %d%s%s%ssorted: %s", dot, ar.deadwood, dot, lim, dot,
                 sorts[tb->sort]);
    }
}

void gin_table_scene(const gin_table *tb, const gin_view *v, const gin_table_facts *f, gin_scene *t)
{
    const char *dot = gin_ui_utf8() ? " \xc2\xb7 " : " - ";
    gin_scene_clear(t);
    if (f->who.seats > 2)
        table_seats(v, tb, f, t, dot);
    else
        two_seats(v, f, t, dot);
    if (v->hand_no == 0)
        return;
    t->stock_n = v->stock_n;
    t->pile_n = v->pile_n;
    t->discard_top = v->pile_n ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    t->pile_hilite = v->phase == GIN_PHASE_OFFER || (v->phase == GIN_PHASE_DRAW && v->turn == v->seat);
    hand(v, tb, f, t, dot);
    t->log = (const gin_scene_line *)tb->log;
    t->n_log = tb->n_log;
    t->log_scroll = tb->log_scroll;
    snprintf(t->message, sizeof t->message, "%s", tb->msg);
    t->message_error = tb->msg_err;
    key_line(v, f, t->keys, sizeof t->keys);
}
