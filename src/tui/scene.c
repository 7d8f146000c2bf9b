/* The table as the human sees it: the hand's display order and sort, the
 * move log, the message line, and the gin_scene model the UI paints. */
#include "play.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gin/meld.h"
#include "keys.h"
#include "ui.h"

static int rank_key(gin_card c) { return gin_card_rank(c) * 4 + gin_card_suit(c); }
static int suit_key(gin_card c) { return gin_card_suit(c) * 16 + gin_card_rank(c); }

static void sort_by(gin_card *a, int n, int (*key)(gin_card))
{
    for (int i = 1; i < n; i++) {
        gin_card c = a[i];
        int j = i;
        while (j > 0 && key(a[j - 1]) > key(c)) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = c;
    }
}

/* The hand as blocks: each meld of the least-deadwood arrangement one block
 * (its cards together, a set by suit, a run by rank), each deadwood card a
 * block of its own. Every order the player can choose moves whole blocks,
 * so a meld is never split up on screen (or shown as lone brackets). */
typedef struct block {
    gin_card cards[GIN_UI_MAX_HAND];
    int n, key; /* key: where the block goes in the order being made */
} block;

static int blocks_of(gin_cardset held, block *b)
{
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0) {
        ar.n_melds = 0;
        ar.unmatched = held;
    }
    int n = 0;
    for (int m = 0; m < ar.n_melds && n < GIN_UI_MAX_HAND; m++, n++) {
        b[n].n = 0;
        for (gin_cardset s = ar.melds[m]; s && b[n].n < GIN_UI_MAX_HAND; s &= s - 1)
            b[n].cards[b[n].n++] = gin_cardset_first(s);
        sort_by(b[n].cards, b[n].n, gin_meld_is_set(ar.melds[m]) ? rank_key : suit_key);
    }
    for (gin_cardset s = ar.unmatched; s && n < GIN_UI_MAX_HAND; s &= s - 1, n++) {
        b[n].n = 1;
        b[n].cards[0] = gin_cardset_first(s);
    }
    return n;
}

static void sort_blocks(block *b, int n)
{
    for (int i = 1; i < n; i++) {
        block x = b[i];
        int j = i;
        while (j > 0 && b[j - 1].key > x.key) {
            b[j] = b[j - 1];
            j--;
        }
        b[j] = x;
    }
}

/* Where block b goes: by melds, the melds first in the arrangement's order
 * (index i) and the deadwood by rank; by rank or suit, its lowest card; by
 * hand, where the player put its first card (position in p->order). */
static int block_key(const gin_play *p, const block *b, int i)
{
    int k = 1 << 20;
    for (int j = 0; j < b->n; j++) {
        gin_card c = b->cards[j];
        int key;
        if (p->sort == GIN_SORT_RANK)
            key = rank_key(c);
        else if (p->sort == GIN_SORT_SUIT)
            key = suit_key(c);
        else if (p->sort == GIN_SORT_MANUAL) {
            key = 1 << 20;
            for (int o = 0; o < p->n_order; o++)
                if (p->order[o] == c)
                    key = o;
        } else
            key = b->n > 1 ? i : 1000 + rank_key(c);
        if (key < k)
            k = key;
    }
    return k;
}

static void order_blocks(gin_play *p, gin_cardset held)
{
    block b[GIN_UI_MAX_HAND];
    int nb = blocks_of(held, b);
    for (int i = 0; i < nb; i++)
        b[i].key = block_key(p, &b[i], i);
    sort_blocks(b, nb);
    int n = 0;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < b[i].n && n < GIN_UI_MAX_HAND; j++)
            p->order[n++] = b[i].cards[j];
    p->n_order = n;
}

/* The span [*lo, *hi] of p->order holding the block of the card at i. */
static void block_span(const gin_play *p, const gin_arrangement *ar, int i, int *lo, int *hi)
{
    gin_cardset meld = 0;
    for (int m = 0; m < ar->n_melds; m++)
        if (gin_cardset_has(ar->melds[m], p->order[i]))
            meld = ar->melds[m];
    *lo = *hi = i;
    while (meld && *lo > 0 && gin_cardset_has(meld, p->order[*lo - 1]))
        (*lo)--;
    while (meld && *hi + 1 < p->n_order && gin_cardset_has(meld, p->order[*hi + 1]))
        (*hi)++;
}

void gin_play_move_block(gin_play *p, gin_cardset held, int dir)
{
    int i = p->selected;
    if (i < 0 || i >= p->n_order)
        return;
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0)
        ar.n_melds = 0;
    int lo, hi, nlo, nhi;
    block_span(p, &ar, i, &lo, &hi);
    int next = dir < 0 ? lo - 1 : hi + 1;
    if (next < 0 || next >= p->n_order)
        return;
    block_span(p, &ar, next, &nlo, &nhi);
    /* Swap the two neighbouring blocks: [a..b] and [c..d] in order. */
    int a = dir < 0 ? nlo : lo, d = dir < 0 ? hi : nhi, mid = dir < 0 ? lo : nlo;
    gin_card tmp[GIN_UI_MAX_HAND];
    int n = 0;
    for (int k = mid; k <= d; k++)
        tmp[n++] = p->order[k];
    for (int k = a; k < mid; k++)
        tmp[n++] = p->order[k];
    gin_card sel = p->order[i];
    for (int k = 0; k < n; k++)
        p->order[a + k] = tmp[k];
    for (int k = a; k <= d; k++)
        if (p->order[k] == sel)
            p->selected = k;
    p->sort = GIN_SORT_MANUAL;
}

void gin_play_sync_hand(gin_play *p, gin_cardset held)
{
    gin_card sel = p->selected >= 0 && p->selected < p->n_order ? p->order[p->selected] : GIN_NO_CARD;
    /* Keep the cards still held in their order, then add the new ones. */
    int n = 0;
    gin_cardset have = 0;
    for (int i = 0; i < p->n_order; i++)
        if (gin_cardset_has(held, p->order[i]) && n < GIN_UI_MAX_HAND) {
            p->order[n++] = p->order[i];
            have |= gin_cardset_of(p->order[i]);
        }
    for (gin_cardset s = held & ~have; s && n < GIN_UI_MAX_HAND; s &= s - 1)
        p->order[n++] = gin_cardset_first(s);
    p->n_order = n;
    order_blocks(p, held);
    p->selected = -1;
    for (int i = 0; i < p->n_order; i++)
        if (p->order[i] == sel)
            p->selected = i;
}

void gin_play_log(gin_play *p, const char *fmt, ...)
{
    if (p->n_log >= GIN_PLAY_LOG_MAX) { /* cannot happen in a hand (200 turns at most): keep the newest */
        memmove(p->log, p->log + 1, sizeof p->log[0] * (GIN_PLAY_LOG_MAX - 1));
        p->n_log = GIN_PLAY_LOG_MAX - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->log[p->n_log++], sizeof p->log[0], fmt, ap);
    va_end(ap);
    p->log_scroll = 0; /* a new move shows */
}

void gin_play_msg(gin_play *p, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->msg, sizeof p->msg, fmt, ap);
    va_end(ap);
    p->msg_err = error;
}

void gin_play_action_text(gin_action a, char *buf, size_t cap)
{
    char c[16];
    gin_ui_card_text(a.card, c, sizeof c);
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
        snprintf(buf, cap, "take the upcard");
        break;
    case GIN_ACT_PASS:
        snprintf(buf, cap, "pass");
        break;
    case GIN_ACT_DRAW_STOCK:
        snprintf(buf, cap, "draw from the stock");
        break;
    case GIN_ACT_DRAW_DISCARD:
        snprintf(buf, cap, "take the discard");
        break;
    case GIN_ACT_DISCARD:
        snprintf(buf, cap, "throw %s", c);
        break;
    case GIN_ACT_KNOCK:
        if (a.card == GIN_NO_CARD)
            snprintf(buf, cap, "go big gin");
        else
            snprintf(buf, cap, "knock, throwing %s", c);
        break;
    default:
        snprintf(buf, cap, "?");
        break;
    }
}

/* The key line: the keys that apply now, most important first when the
 * window is too narrow for all of them (the rest are on the help page). */
typedef struct key_item {
    const char *text;
    int prio; /* 0: always shown; higher numbers go first when space is short */
} key_item;

static void fit_keys(const key_item *items, int n, int width, char *buf, size_t cap)
{
    int keep[24], total = 0;
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
 * them, from the player's view (the same facts the keys act on). */
static int key_applies(const gin_play *p, const gin_key *k, const gin_play_choice *o)
{
    switch (k->cmd) {
    case GIN_CMD_STOCK:
        return o->stock;
    case GIN_CMD_PILE:
        return o->pile;
    case GIN_CMD_KNOCK:
        return o->knock;
    case GIN_CMD_GIN:
        return o->gin;
    case GIN_CMD_UNDO:
        return p->practice;
    default:
        return 1;
    }
}

static void play_keys(const gin_play *p, const gin_view *v, char *buf, size_t cap, int width)
{
    if (width <= 0) {
        int lines;
        gin_ui_size(&lines, &width);
        width -= 2;
    }
    key_item it[24];
    int n = 0;
    int mine = p->stage == GIN_STAGE_TURN && v->turn == v->seat && v->phase != GIN_PHASE_OVER && v->hand_no > 0;
    unsigned when = !mine                         ? GIN_WHEN_WAIT
                    : v->phase == GIN_PHASE_OFFER ? GIN_WHEN_OFFER
                    : v->phase == GIN_PHASE_DRAW  ? GIN_WHEN_DRAW
                                                  : GIN_WHEN_DISCARD;
    gin_play_choice o;
    gin_play_options(v, &o);
    if (!mine) /* keys pressed while the bot plays skip its pause */
        it[n++] = (key_item){"any key: skip the pause", 0};
    size_t nk;
    const gin_key *keys = gin_keys(&nk);
    for (size_t i = 0; i < nk && n < 24; i++) {
        const gin_key *k = &keys[i];
        if (!(k->shown & when) || !k->line || (mine && !key_applies(p, k, &o)))
            continue;
        it[n++] = (key_item){gin_ui_utf8() || !k->line_ascii ? k->line : k->line_ascii, k->prio};
    }
    fit_keys(it, n, width, buf, cap);
}

static const char *level_title(int level)
{
    static const char *const t[] = {"Easy", "Normal", "Hard", "Expert", "Eager", "Waiter", "Hoarder", "Blocker"};
    return level >= 0 && level < (int)(sizeof t / sizeof t[0]) ? t[level] : "Bot";
}

/* "gin · classic, max-hands 2 · to 100 or 2 hands · hand 1 of 2 · you deal":
 * the rules in play, how the game ends, which hand, who deals. */
static void header(const gin_play *p, char *buf, size_t cap, const char *dot, const char *dealer)
{
    const gin_game *g = &p->m.game;
    const gin_rules *r = &g->rules;
    char rules[96], players[24] = "", end[48], hand[32];
    gin_play_rules_label(r, rules, sizeof rules);
    if (gin_play_seats(p) > 2)
        snprintf(players, sizeof players, "%s%d players", dot, gin_play_seats(p));
    if (r->max_hands > 0) {
        snprintf(end, sizeof end, "to %d or %d hands", r->target, r->max_hands);
        snprintf(hand, sizeof hand, "hand %d of %d", g->hand_no, r->max_hands);
    } else {
        snprintf(end, sizeof end, "to %d", r->target);
        snprintf(hand, sizeof hand, "hand %d", g->hand_no);
    }
    /* Piece by piece: a title too long for the line is cut, as the window
     * would cut it. */
    const char *parts[] = {"gin",
                           dot,
                           rules,
                           players,
                           dot,
                           end,
                           dot,
                           hand,
                           dot,
                           dealer,
                           p->practice ? (gin_ui_utf8() ? " \xc2\xb7 practice" : " - practice") : ""};
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        size_t n = strlen(parts[i]);
        if (len + n >= cap)
            break;
        memcpy(buf + len, parts[i], n + 1);
        len += n;
    }
}

/* Two players: the header and the opponent over the table. */
static void two_seats(const gin_play *p, gin_scene *t, const char *dot)
{
    const gin_game *g = &p->m.game;
    const gin_hand *h = &g->hand;
    int dealt = g->hand_no > 0;
    header(p, t->title, sizeof t->title, dot, !dealt ? "cutting" : h->dealer == p->human ? "you deal" : "bot deals");
    if (g->rules.hollywood)
        snprintf(t->score, sizeof t->score, "You %d/%d/%d%sBot %d/%d/%d", g->hollywood[0].points[p->human],
                 g->hollywood[1].points[p->human], g->hollywood[2].points[p->human], dot,
                 g->hollywood[0].points[p->bot], g->hollywood[1].points[p->bot], g->hollywood[2].points[p->bot]);
    else
        snprintf(t->score, sizeof t->score, "You %d%sBot %d", g->score.points[p->human], dot, g->score.points[p->bot]);
    if (p->opponent) /* an external bot: its own name, from the handshake */
        snprintf(t->opp_name, sizeof t->opp_name, "%s", p->bot_agent.name ? p->bot_agent.name : "External bot");
    else
        snprintf(t->opp_name, sizeof t->opp_name, "%s bot", level_title(p->level));
}

/* A ring of 3-4: the header and a box per opponent, clockwise from your
 * left. */
static void table_seats(const gin_play *p, gin_scene *t, const char *dot)
{
    const gin_game *g = &p->m.game;
    const gin_hand *h = &g->hand;
    const gin_view *v = &p->m.views[p->human];
    int seats = gin_play_seats(p), dealt = g->hand_no > 0;
    char dealer[32];
    if (!dealt)
        snprintf(dealer, sizeof dealer, "cutting");
    else if (h->dealer == p->human)
        snprintf(dealer, sizeof dealer, "you deal");
    else
        snprintf(dealer, sizeof dealer, "%s deals", gin_play_seat_name(p, h->dealer));
    header(p, t->title, sizeof t->title, dot, dealer);
    snprintf(t->score, sizeof t->score, "your penalty %d", g->score.points[p->human]);
    t->seats = seats;
    t->n_opps = seats - 1 < GIN_UI_MAX_OPPS ? seats - 1 : GIN_UI_MAX_OPPS;
    int over = h->phase == GIN_PHASE_OVER;
    for (int i = 0; i < t->n_opps; i++) {
        int seat = (p->human + 1 + i) % seats;
        gin_scene_seat *o = &t->opps[i];
        snprintf(o->name, sizeof o->name, "%s (%s)", gin_play_seat_name(p, seat), gin_stats_level_name(p->level));
        o->points = g->score.points[seat];
        if (!dealt)
            continue;
        o->count = gin_cardset_count(h->held[seat]);
        o->known = v->known[seat] & h->held[seat];
        if (p->practice)
            o->open = h->held[seat];
        snprintf(o->last, sizeof o->last, "%s", p->last[seat]);
        o->turn = !over && h->turn == seat;
        o->dealer = h->dealer == seat;
    }
}

void gin_play_scene(const gin_play *p, gin_scene *t)
{
    const gin_game *g = &p->m.game;
    const gin_hand *h = &g->hand;
    const gin_view *v = &p->m.views[p->human];
    const char *dot = gin_ui_utf8() ? " \xc2\xb7 " : " - ";
    gin_scene_clear(t);

    int dealt = g->hand_no > 0;
    int seats = gin_play_seats(p);
    if (seats > 2) {
        table_seats(p, t, dot);
    } else {
        two_seats(p, t, dot);
    }
    if (seats == 2 && dealt) {
        t->opp_count = gin_cardset_count(h->held[p->bot]);
        t->opp_known = v->known[p->bot] & h->held[p->bot];
        if (p->practice)
            t->opp_open = h->held[p->bot];
    }
    if (!dealt)
        return;
    t->stock_n = h->stock_n;
    t->pile_n = h->pile_n;
    t->discard_top = h->pile_n ? h->pile[h->pile_n - 1] : GIN_NO_CARD;
    t->pile_hilite = h->phase == GIN_PHASE_OFFER || (h->phase == GIN_PHASE_DRAW && h->turn == p->human);

    gin_cardset held = h->held[p->human];
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0)
        memset(&ar, 0, sizeof ar);
    t->n = p->n_order;
    for (int i = 0; i < p->n_order; i++) {
        t->cards[i] = p->order[i];
        for (int m = 0; m < ar.n_melds; m++)
            if (gin_cardset_has(ar.melds[m], p->order[i]))
                t->group[i] = m;
    }
    for (int m = 0; m < ar.n_melds && m < GIN_UI_MAX_HAND; m++)
        t->group_is_set[m] = gin_meld_is_set(ar.melds[m]);
    t->selected = p->selected;
    t->taken = h->turn == p->human ? h->taken : GIN_NO_CARD;
    t->drawn = p->drawn;
    t->deadwood = ar.deadwood;
    t->knock_limit = h->knock_limit;
    static const char *const sorts[] = {"melds", "rank", "suit", "by hand"};
    char lim[48];
    if (h->knock_limit > 0)
        snprintf(lim, sizeof lim, "knock at %d or less", h->knock_limit);
    else
        snprintf(lim, sizeof lim, "gin only (no knocking)");
    if (gin_cardset_count(held) == gin_cards_dealt(seats) + 1 && p->selected >= 0 && p->selected < p->n_order) {
        char c[16];
        gin_ui_card_text(p->order[p->selected], c, sizeof c);
        int after = gin_deadwood(held & ~gin_cardset_of(p->order[p->selected]));
        snprintf(t->hand_note, sizeof t->hand_note, "You%sthrow %s %s deadwood %d%s%s%ssorted: %s", dot, c,
                 gin_ui_utf8() ? "\xe2\x86\x92" : "->", after, dot, lim, dot, sorts[p->sort]);
    } else {
        snprintf(t->hand_note, sizeof t->hand_note, "You%sdeadwood %d%s%s%ssorted: %s", dot, ar.deadwood, dot, lim, dot,
                 sorts[p->sort]);
    }
    t->log = (const gin_scene_line *)p->log;
    t->n_log = p->n_log;
    t->log_scroll = p->log_scroll;
    snprintf(t->message, sizeof t->message, "%s", p->msg);
    t->message_error = p->msg_err;

    play_keys(p, v, t->keys, sizeof t->keys, 0);
}
