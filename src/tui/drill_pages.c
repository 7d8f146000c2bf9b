/* The drills at the table (menu: Drills...), and the drills of your own
 * mistakes in the history that `gin drill` asks too: a page a position
 * (the hand, the pile, the question, the answers on the pick keys: cards,
 * take or draw, knock or play on, or the spreads of a knock), then
 * a page of the verdict in the coach's words; each answer counted in the
 * drills' progress under the table's lock. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "drill.h"
#include "drills.h"
#include "gin/rng.h"
#include "history.h"
#include "keys.h"
#include "ui.h"

typedef struct history_ctx {
    gin_drill *out;
    int *games;
    int cap, n, kind, game;
} history_ctx;

static int keep_found(void *ctx, const gin_drill *d)
{
    history_ctx *h = ctx;
    if (h->n < h->cap && (h->kind < 0 || d->kind == h->kind)) {
        h->out[h->n] = *d;
        if (h->games)
            h->games[h->n] = h->game;
        h->n++;
    }
    return h->n >= h->cap;
}

int gin_play_drills_of_history(gin_drill *out, int *games, int cap, int kind, const gin_drill_opts *o, int max_games,
                               int looks)
{
    static int ids[GIN_HISTORY_MAX];
    static gin_kept k;
    char why[512];
    int n = gin_history_list(ids, GIN_HISTORY_MAX, why, sizeof why);
    gin_record *rec = malloc(sizeof *rec);
    history_ctx h = {out, games, cap, 0, kind, 0};
    for (int i = 0, seen = 0; rec && i < n && seen < max_games && h.n < cap; i++) {
        gin_history_info info;
        if (gin_history_read(ids[i], &k, &info, rec) != GIN_KEPT_LOADED || info.players != 2)
            continue;
        seen++;
        h.game = ids[i];
        (void)gin_drill_from_game(rec, info.human, o, looks, keep_found, &h);
    }
    free(rec);
    return h.n;
}

/* ---- The pages. */

/* At the table the search is short: the newest games, a few decisions
 * each (the page says it is looking meanwhile). */
enum { YOURS_MAX = 10, TABLE_GAMES = 3, TABLE_LOOKS = 30 };

typedef struct drill_pages {
    gin_drill drill;
    gin_drill yours[YOURS_MAX];
    int games[YOURS_MAX];
    int n_yours, next_yours, asked, right;
    gin_rng rng;
    gin_drill_opts o;
    gin_kept kept;
    gin_drill_progress progress;
    int keep; /* the progress can be kept */
    char note[1200];
} drill_pages;

static void voice_card(gin_card c, char *buf, size_t cap) { gin_ui_card_text(c, buf, cap); }

static void cards_of(gin_cardset s, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (gin_cardset t = s; t && n + 1 < cap; t &= t - 1) {
        char name[GIN_UI_CARD_TEXT];
        gin_ui_card_text(gin_cardset_first(t), name, sizeof name);
        int w = snprintf(buf + n, cap - n, "%s%s", n ? " " : "", name);
        if (w < 0 || (size_t)w >= cap - n)
            break;
        n += (size_t)w;
    }
    if (!s)
        snprintf(buf, cap, "none");
}

/* The next drill: your mistakes first, then generated ones of the kind
 * the progress weighs most. 1, or 0 when none is found. */
static int next_drill(drill_pages *s)
{
    gin_ui_draw_text("Drills", "Finding a position with one clearly best answer...", "", 0);
    if (s->next_yours < s->n_yours) {
        s->drill = s->yours[s->next_yours++];
        return 1;
    }
    int tried[GIN_DRILL_KINDS] = {0}, missed[GIN_DRILL_KINDS] = {0};
    for (int k = 0; k < GIN_DRILL_KINDS; k++)
        gin_drill_progress_totals(&s->progress, gin_drill_kind_name(k), NULL, &tried[k], &missed[k]);
    int kind = gin_drill_pick_kind(tried, missed, gin_rng_next(&s->rng));
    for (int attempt = 0; attempt < 3; attempt++)
        if (gin_drill_generate(&s->o, attempt ? -1 : kind, gin_rng_next(&s->rng), &s->drill) > 0)
            return 1;
    return 0;
}

static void position_text(const drill_pages *s, char *buf, size_t cap)
{
    const gin_drill *d = &s->drill;
    const gin_view *v = &d->view;
    gin_trainer_voice voice = {voice_card, 0};
    char hand[160], known[96], top[GIN_UI_CARD_TEXT] = "none", q[128], line[GIN_TRAINER_MOVE_MAX + 24], keys[16];
    cards_of(v->hand, hand, sizeof hand);
    cards_of(v->known[1 - v->seat], known, sizeof known);
    if (d->advice.top != GIN_NO_CARD)
        gin_ui_card_text(d->advice.top, top, sizeof top);
    gin_drill_question(d, &voice, q, sizeof q);
    gin_keys_pick(keys, sizeof keys);
    size_t n = 0;
    n += (size_t)snprintf(buf + n, cap - n, "%s.\n\nYour hand: %s (deadwood %d%s)\n",
                          d->source == GIN_DRILL_YOURS ? "From a game of yours: your move there was not the best"
                                                       : "A position from a game of two hard bots",
                          hand, d->advice.deadwood, d->kind == GIN_DRILL_SPREAD ? " after the knock's throw" : "");
    if (n < cap)
        n += (size_t)snprintf(buf + n, cap - n, "Pile: %s on top; stock %d; score %d to %d (game to %d)\n", top,
                              v->stock_n, v->scores[v->seat], v->scores[1 - v->seat], v->rules.target);
    if (n < cap)
        n += (size_t)snprintf(buf + n, cap - n, "They hold (took from the pile): %s\n\n%s\n\n", known, q);
    for (int c = 0; c < d->n_choices && c < (int)strlen(keys) && n < cap; c++) {
        gin_drill_choice_text(d, c, &voice, line, sizeof line);
        n += (size_t)snprintf(buf + n, cap - n, "  %c  %s\n", keys[c], line);
    }
}

/* Count the answer: a note when it cannot be kept. */
static void count(drill_pages *s, const gin_lock *lk, int right)
{
    char date[11], why[1200];
    time_t now = time(NULL);
    struct tm tm;
    s->asked++;
    s->right += right;
    if (!s->keep)
        return;
    if (!gmtime_r(&now, &tm) || strftime(date, sizeof date, "%Y-%m-%d", &tm) != 10)
        snprintf(date, sizeof date, "1970-01-01");
    if (gin_drill_progress_record(&s->kept, lk, date, gin_drill_kind_name(s->drill.kind), right, &s->progress, why,
                                  sizeof why) != 0) {
        snprintf(s->note, sizeof s->note, "%s", why);
        s->keep = 0;
    }
}

/* One drill: 1 to go on, 0 back to the menu, -1 on a quit signal. */
static int one_drill(drill_pages *s, const gin_lock *lk)
{
    static char body[GIN_PLAY_PAGE];
    char title[64], keys[24], pick[16];
    gin_keys_pick(pick, sizeof pick);
    int n = s->drill.n_choices < (int)strlen(pick) ? s->drill.n_choices : (int)strlen(pick);
    snprintf(keys, sizeof keys, "%.*s\033q", n, pick);
    snprintf(title, sizeof title, "Drill %d: %s", s->asked + 1, gin_drill_kind_name(s->drill.kind));
    position_text(s, body, sizeof body);
    char footer[96];
    snprintf(footer, sizeof footer, "%c-%c: your answer   Esc: back to the menu", pick[0], pick[n - 1]);
    int k = gin_ui_text_screen(title, body, footer, keys);
    if (k < 0)
        return -1;
    const char *at = k ? strchr(pick, k) : NULL;
    if (!at || at - pick >= n)
        return 0;
    int c = (int)(at - pick);
    gin_trainer_voice voice = {voice_card, 0};
    gin_drill_explain(&s->drill, c, &voice, body, sizeof body);
    count(s, lk, c == s->drill.best);
    size_t len = strlen(body);
    snprintf(body + len, sizeof body - len, "\n\n%d of %d right this time.%s%s", s->right, s->asked,
             s->note[0] ? "\n" : "", s->note);
    k = gin_ui_text_screen(c == s->drill.best ? "Right" : "Not the best", body,
                           "Enter: the next drill   Esc: back to the menu", "\n\033q");
    return k < 0 ? -1 : k == '\n';
}

int gin_play_drills(gin_play *p)
{
    static drill_pages s;
    memset(&s, 0, sizeof s);
    s.o.level = GIN_DRILL_LEVEL_NORMAL;
    gin_rng_seed(&s.rng, p->seed ^ (uint64_t)time(NULL));
    /* The progress, under the table's lock; a damaged file moved aside. */
    int st = gin_drill_progress_load(&s.kept, &s.progress);
    if (st == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&s.kept);
    snprintf(s.note, sizeof s.note, "%s", s.kept.why);
    s.keep = p->files.lock.held && gin_kept_writable(&s.kept);
    if (!p->files.lock.held && !s.note[0])
        snprintf(s.note, sizeof s.note, "Your progress is not kept: another table has the state directory.");
    gin_ui_draw_text("Drills", "Looking for your mistakes in the game history...", "", 0);
    s.n_yours = gin_play_drills_of_history(s.yours, s.games, YOURS_MAX, -1, &s.o, TABLE_GAMES, TABLE_LOOKS);
    for (;;) {
        if (!next_drill(&s)) {
            int k = gin_ui_text_screen("Drills", "No position with a clear best answer was found this time.",
                                       "Enter: back to the menu", "\n\033q");
            return k < 0 ? -1 : 0;
        }
        int r = one_drill(&s, &p->files.lock);
        if (r <= 0)
            return r;
    }
}
