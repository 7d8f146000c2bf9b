/* The showdown told one lay-off at a time: the screen as it stands after
 * the first few lay-offs, for the table to show in turn before the whole
 * showdown with its scoring. Cards not yet laid off are still in the
 * defender's hand and count in its deadwood, so no frame contradicts the
 * cards it shows, and no frame gives the result away before it comes. */
#include <stdio.h>
#include <string.h>
#include "play.h"
#include "ui.h"

/* Every lay-off of a showdown: each defender's, at most a hand's worth. */
enum { MAX_LAYOFFS = GIN_MAX_SEATS * GIN_DEFENDER_LAYOFFS };

typedef struct lay {
    int row;  /* the defender's row on the screen (1 with two seats) */
    int seat; /* the defender's seat */
    gin_layoff l;
} lay;

/* Every lay-off in the order they are laid: two seats, or each defender of
 * a ring in turn from the knocker's left. Returns how many. */
static int all_layoffs(const gin_hand_end *e, const gin_seating *w, lay *out, int cap)
{
    int n = 0;
    if (w->seats == 2) {
        int d = e->knocker == w->human ? w->bot : w->human;
        for (int i = 0; i < e->sd.n_layoffs && n < cap; i++)
            out[n++] = (lay){1, d, e->sd.layoffs[i]};
        return n;
    }
    const gin_ring_showdown *t = &e->ring;
    for (int i = 1; i < t->seats; i++) {
        int d = (t->knocker + i) % t->seats;
        for (int j = 0; j < t->n_layoffs[d] && j < GIN_DEFENDER_LAYOFFS && n < cap; j++)
            out[n++] = (lay){i, d, t->layoffs[d][j]};
    }
    return n;
}

int gin_play_layoff_count(const gin_hand_end *e, const gin_seating *w)
{
    lay l[MAX_LAYOFFS];
    return e->is_void ? 0 : all_layoffs(e, w, l, MAX_LAYOFFS);
}

void gin_play_showdown_step(const gin_hand_end *e, const gin_game *g, const gin_seating *w, gin_showdown_screen *s,
                            int shown)
{
    gin_play_showdown_screen(e, g, w, s);
    lay all[MAX_LAYOFFS];
    int n = e->is_void ? 0 : all_layoffs(e, w, all, MAX_LAYOFFS);
    if (shown >= n)
        return;
    int ring = w->seats > 2;
    gin_showdown_seat *rows = ring ? s->seat : s->spread;
    const gin_arrangement *kmelds = ring ? &e->ring.spread[e->ring.knocker] : &e->sd.knocker;
    const char *dot = gin_ui_utf8() ? " \xc2\xb7 " : " - ";
    snprintf(s->title, sizeof s->title, "Hand %d: %s knocked", e->hand_no,
             gin_seat_name_in(w, e->knocker)); /* "the bot", as the showdown's title says */
    memset(rows[0].laid, 0, sizeof rows[0].laid);
    char *t = s->text;
    snprintf(t, sizeof s->text, "Lay-offs onto the knocker's melds, one by one (any key: all at once):\n");
    for (int i = 0; i < n; i++) {
        gin_showdown_seat *d = &rows[all[i].row];
        gin_cardset c = gin_cardset_of(all[i].l.card);
        int m = all[i].l.meld;
        if (i < shown) {
            if (m >= 0 && m < GIN_MAX_MELDS)
                rows[0].laid[m] |= c;
            char ct[GIN_UI_CARD_TEXT], mt[64];
            gin_ui_card_text(all[i].l.card, ct, sizeof ct);
            gin_ui_cards_text(m >= 0 && m < kmelds->n_melds ? kmelds->melds[m] : 0, mt, sizeof mt);
            size_t used = strlen(t);
            const char *who = all[i].seat == w->human ? "You" : ring ? gin_seat_name(w, all[i].seat) : "The bot";
            snprintf(t + used, sizeof s->text - used, "  %s %s %s on %s\n", who,
                     all[i].seat == w->human ? "lay off" : "lays off", ct, mt);
            continue;
        }
        /* Not laid yet: still in the defender's hand, and its deadwood. */
        d->laid_off &= ~c;
        d->unmatched |= c;
        d->deadwood += gin_card_value(all[i].l.card);
    }
    if (ring) /* the labels' totals and penalties would tell the result */
        for (int i = 0; i < e->ring.seats; i++)
            snprintf(rows[i].label, sizeof rows[i].label, "%s%s%s%sdeadwood %d",
                     gin_seat_name(w, (e->ring.knocker + i) % e->ring.seats), dot, i ? "" : "knocked", i ? "" : dot,
                     rows[i].deadwood);
}
