/* The showdown told one lay-off at a time: the screen as it stands after
 * the first few lay-offs, for the table to show in turn before the whole
 * showdown with its scoring. Cards not yet laid off are still in the
 * defender's hand and count in its deadwood, so no frame contradicts the
 * cards it shows, and no frame gives the result away before it comes. */
#include <stdio.h>
#include <string.h>
#include "play.h"
#include "ui.h"

typedef struct lay {
    int row;  /* the defender's row on the screen (1 with two seats) */
    int seat; /* the defender's seat */
    gin_layoff l;
} lay;

/* Every lay-off in the order they are laid: two seats, or each defender of
 * a ring in turn from the knocker's left. Returns how many. */
static int all_layoffs(const gin_play *p, lay *out, int cap)
{
    int n = 0;
    if (gin_play_seats(p) == 2) {
        int d = p->sd_knocker == p->human ? p->bot : p->human;
        for (int i = 0; i < p->sd.n_layoffs && n < cap; i++)
            out[n++] = (lay){1, d, p->sd.layoffs[i]};
        return n;
    }
    const gin_ring_showdown *t = &p->tsd;
    for (int i = 1; i < t->seats; i++) {
        int d = (t->knocker + i) % t->seats;
        for (int j = 0; j < t->n_layoffs[d] && j < 11 && n < cap; j++)
            out[n++] = (lay){i, d, t->layoffs[d][j]};
    }
    return n;
}

int gin_play_layoff_count(const gin_play *p)
{
    lay l[4 * 11];
    return p->hand_void ? 0 : all_layoffs(p, l, 4 * 11);
}

static void meld_text(gin_cardset m, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (gin_cardset s = m; s && n < cap; s &= s - 1) {
        char c[16];
        gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", s == m ? "" : " ", c);
    }
}

void gin_play_showdown_step(const gin_play *p, gin_showdown_screen *s, int shown)
{
    gin_play_showdown_screen(p, s);
    lay all[4 * 11];
    int n = p->hand_void ? 0 : all_layoffs(p, all, 4 * 11);
    if (shown >= n)
        return;
    int ring = gin_play_seats(p) > 2;
    gin_showdown_seat *rows = ring ? s->seat : s->spread;
    const gin_arrangement *kmelds = ring ? &p->tsd.spread[p->tsd.knocker] : &p->sd.knocker;
    const char *dot = gin_ui_utf8() ? " \xc2\xb7 " : " - ";
    snprintf(s->title, sizeof s->title, "Hand %d: %s knocked", p->m.game.hand_no,
             p->sd_knocker == p->human ? "you" : gin_play_seat_name(p, p->sd_knocker));
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
            char ct[16], mt[64];
            gin_ui_card_text(all[i].l.card, ct, sizeof ct);
            meld_text(m >= 0 && m < kmelds->n_melds ? kmelds->melds[m] : 0, mt, sizeof mt);
            size_t used = strlen(t);
            const char *who = all[i].seat == p->human ? "You" : ring ? gin_play_seat_name(p, all[i].seat) : "The bot";
            snprintf(t + used, sizeof s->text - used, "  %s %s %s on %s\n", who,
                     all[i].seat == p->human ? "lay off" : "lays off", ct, mt);
            continue;
        }
        /* Not laid yet: still in the defender's hand, and its deadwood. */
        d->laid_off &= ~c;
        d->unmatched |= c;
        d->deadwood += gin_card_value(all[i].l.card);
    }
    if (ring) /* the labels' totals and penalties would tell the result */
        for (int i = 0; i < p->tsd.seats; i++)
            snprintf(rows[i].label, sizeof rows[i].label, "%s%s%s%sdeadwood %d",
                     gin_play_seat_name(p, (p->tsd.knocker + i) % p->tsd.seats), dot, i ? "" : "knocked", i ? "" : dot,
                     rows[i].deadwood);
}
