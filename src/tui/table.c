/* The screen's state at the table (table.h): the message line, the move
 * log, the pile's history and each seat's last move, all told from the
 * events the player's seat received. */
#include "table.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "ui.h"

void gin_table_init(gin_table *t, int sort, const gin_card *cut, int high_deals)
{
    memset(t, 0, sizeof *t);
    t->sort = sort;
    t->selected = -1;
    t->drawn = GIN_NO_CARD;
    for (int s = 0; s < GIN_MAX_SEATS; s++)
        t->cut[s] = cut ? cut[s] : GIN_NO_CARD;
    t->cut_high = high_deals;
}

void gin_table_msg(gin_table *t, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_err = error;
}

void gin_table_log(gin_table *t, const char *fmt, ...)
{
    if (t->n_log >= GIN_TABLE_LOG_MAX) { /* cannot happen in a hand (200 turns at most): keep the newest */
        memmove(t->log, t->log + 1, sizeof t->log[0] * (GIN_TABLE_LOG_MAX - 1));
        t->n_log = GIN_TABLE_LOG_MAX - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->log[t->n_log++], sizeof t->log[0], fmt, ap);
    va_end(ap);
    t->log_scroll = 0; /* a new move shows */
}

void gin_table_scroll_log(gin_table *t, int back)
{
    t->log_scroll += back;
    if (t->log_scroll > t->n_log - 1)
        t->log_scroll = t->n_log > 0 ? t->n_log - 1 : 0;
    if (t->log_scroll < 0)
        t->log_scroll = 0;
}

/* The cut for the first deal: "You cut 7♦, the bot 3♠ (low card deals)."
 * The next line says who dealt; this one fits the log's 44 columns at
 * 80x24. */
static void log_cut(gin_table *t, const gin_seating *who)
{
    char line[GIN_UI_LINE];
    size_t n = 0;
    for (int k = 0; k < who->seats; k++) {
        int seat = (who->human + k) % who->seats;
        char c[GIN_UI_CARD_TEXT];
        gin_ui_card_text(t->cut[seat], c, sizeof c);
        const char *name = k == 0 ? "You cut" : gin_seat_name_in(who, seat);
        int w = snprintf(line + n, sizeof line - n, "%s%s %s", k ? ", " : "", name, c);
        if (w < 0 || (size_t)w >= sizeof line - n)
            return;
        n += (size_t)w;
    }
    gin_table_log(t, "%s (%s card deals).", line, t->cut_high ? "high" : "low");
}

/* The pile's history for its page: every card thrown on it, and who took
 * it back (the pile itself only holds what is still there). */
static void note_pile(gin_table *t, const gin_event *ev)
{
    int n = t->n_pile_log, cap = (int)(sizeof t->pile_log / sizeof t->pile_log[0]);
    switch (ev->kind) {
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        if (n < cap && gin_card_valid(ev->card))
            t->pile_log[t->n_pile_log++] =
                (gin_pile_entry){ev->card, ev->seat, GIN_PILE_STAYS, ev->kind != GIN_EV_DISCARD};
        return;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_DRAW_DISCARD:
        for (int i = n - 1; i >= 0; i--)
            if (t->pile_log[i].took == GIN_PILE_STAYS) {
                t->pile_log[i].took = ev->seat;
                return;
            }
        return;
    case GIN_EV_RESHUFFLE: /* all but the top went into the new stock */
        for (int i = n - 1, top = 1; i >= 0; i--)
            if (t->pile_log[i].took == GIN_PILE_STAYS) {
                if (!top)
                    t->pile_log[i].took = GIN_PILE_RESHUFFLED;
                top = 0;
            }
        return;
    default:
        return;
    }
}

/* A new hand, at its first DEAL: the table cleared, the upcard on the
 * pile. */
static void new_hand(gin_table *t, const gin_seating *who, const gin_view *v, const gin_event *ev)
{
    memset(t->last, 0, sizeof t->last);
    t->n_order = 0;
    t->selected = -1;
    t->drawn = GIN_NO_CARD;
    t->n_log = 0;
    t->log_scroll = 0;
    t->n_pile_log = 0;
    if (gin_card_valid(ev->card))
        t->pile_log[t->n_pile_log++] = (gin_pile_entry){ev->card, -1, GIN_PILE_STAYS, 0};
    if (v->hand_no == 1)
        log_cut(t, who);
}

void gin_table_event(gin_table *t, const gin_seating *who, const gin_view *v, const gin_event *red)
{
    int seat = red->seat, mover = seat >= 0 && seat < GIN_MAX_SEATS;
    if (red->kind == GIN_EV_DEAL && who->seats > 0 && seat == (red->value + 1) % who->seats)
        new_hand(t, who, v, red);
    note_pile(t, red);
    gin_narrator n;
    gin_seating_narrator(who, &n);
    char line[GIN_UI_LINE];
    if (gin_narrate(&n, who->seats, red, GIN_TELL_SENTENCE, line, sizeof line) > 0)
        gin_table_log(t, "%s", line);
    char move[GIN_TABLE_LAST];
    int moved = mover && gin_narrate(&n, who->seats, red, GIN_TELL_MOVE, move, sizeof move) > 0;
    if (moved) {
        memcpy(t->last[seat], move, sizeof move);
        if (seat == who->human) { /* the "new" mark follows the moves, replayed ones too */
            if (red->kind == GIN_EV_DRAW_STOCK)
                t->drawn = red->card;
            else if (red->kind == GIN_EV_DISCARD)
                t->drawn = GIN_NO_CARD;
        }
    }
    if (seat == who->human && (moved || red->kind == GIN_EV_DEAL))
        gin_table_sync_hand(t, v->hand);
}
