/* The replay of a hand at the table: the hand played again
 * from its record, move by move, with every hand face up (the hand is
 * over, so nothing is hidden any more): the deal, then each move, the
 * hands and the pile after it, and the moves before. A text page a step,
 * so it needs nothing of the table's own screens. */
#include "play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "ui.h"

enum { MAX_STEPS = 1024, STEP_TEXT = 160, SHOWN_BEFORE = 8 };

typedef struct replay {
    gin_seating who;
    gin_narrator tell;
    int step;                            /* the hand's step being replayed: 0 the deal, then each action */
    char text[MAX_STEPS + 1][STEP_TEXT]; /* what each step did */
} replay;

static const char *name(const replay *r, int seat) { return gin_seat_name(&r->who, seat); }

/* Each event of the hand, told (every card known: the hand is over). */
static void on_event(void *ctx, const gin_event *ev)
{
    replay *r = ctx;
    if (r->step > MAX_STEPS)
        return;
    char *t = r->text[r->step], line[STEP_TEXT];
    if (gin_narrate(&r->tell, r->who.seats, ev, GIN_TELL_SENTENCE, line, sizeof line) > 0)
        gin_play_add(t, STEP_TEXT, "%s%s", t[0] ? " " : "", line);
}

/* Replay rec into *g, and into *at the state after `step` steps of hand
 * hand_no (0: its deal), keeping each step's text in r. Returns the
 * number of actions of the hand, or -1 when rec has no such hand. */
static int run(const gin_record *rec, int hand_no, int step, replay *r, gin_game *g, gin_game *at)
{
    if (gin_game_init(g, &rec->rules, rec->seed) != GIN_OK)
        return -1;
    int count = -1;
    for (int i = 0;; i++) {
        if (g->hand_no == 0 || g->hand.phase == GIN_PHASE_OVER) {
            if (g->hand_no == hand_no || g->over)
                break;
            int ours = g->hand_no + 1 == hand_no;
            r->step = 0;
            if (gin_game_deal(g, ours ? on_event : NULL, r) != GIN_OK)
                return -1;
            if (ours) {
                count = 0;
                *at = *g;
            }
        }
        if (i >= rec->n_actions)
            break;
        int ours = g->hand_no == hand_no;
        r->step = ours ? count + 1 : MAX_STEPS + 1;
        if (gin_game_apply(g, rec->actions[i], ours ? on_event : NULL, r) != GIN_OK)
            return -1;
        if (ours && ++count == step)
            *at = *g;
    }
    if (count >= 0 && count < step) /* past the end: the hand as it ends */
        *at = *g;
    return count;
}

/* One seat's hand, melds in brackets, and its deadwood. */
static void hand_line(const replay *r, int seat, gin_cardset held, char *buf, size_t cap)
{
    gin_arrangement a;
    if (gin_arrange(held, &a) != GIN_OK) {
        a.n_melds = 0;
        a.unmatched = held;
        a.deadwood = 0;
    }
    gin_play_add(buf, cap, "%-6s ", name(r, seat));
    char c[GIN_UI_CARD_TEXT];
    for (int m = 0; m < a.n_melds; m++) {
        gin_play_add(buf, cap, "[");
        for (gin_cardset s = a.melds[m]; s; s &= s - 1) {
            gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
            gin_play_add(buf, cap, "%s%s", c, s & (s - 1) ? " " : "");
        }
        gin_play_add(buf, cap, "] ");
    }
    for (gin_cardset s = a.unmatched; s; s &= s - 1) {
        gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
        gin_play_add(buf, cap, "%s ", c);
    }
    gin_play_add(buf, cap, "%s deadwood %d\n", gin_ui_utf8() ? "\xc2\xb7" : "-", a.deadwood);
}

/* How the hand ended, from the game after its last step. */
static void result_line(const replay *r, const gin_game *g, char *buf, size_t cap)
{
    static const char *const kinds[] = {"knock", "undercut", "gin", "big gin"};
    const gin_hand_score *s = g->n_results > 0 ? &g->results[g->n_results - 1] : NULL;
    if (!s || s->winner < 0) {
        gin_play_add(buf, cap, "The hand is void: nobody scores.\n");
        return;
    }
    const char *k = s->kind >= 0 && s->kind < 4 ? kinds[s->kind] : "?";
    if (r->who.seats > 2)
        gin_play_add(buf, cap, "%s won the hand (%s); %d penalty points were paid in all.\n", name(r, s->winner), k,
                     s->points);
    else
        gin_play_add(buf, cap, "%s %s %d points (%s).\n", name(r, s->winner),
                     s->winner == r->who.human ? "score" : "scores", s->points, k);
}

static void page(const replay *r, const gin_game *at, int hand_no, int step, int total, char *title, size_t tcap,
                 char *body, size_t bcap)
{
    const gin_hand *h = &at->hand;
    if (step == 0)
        snprintf(title, tcap, "Replay of hand %d: the deal (%d moves follow)", hand_no, total);
    else
        snprintf(title, tcap, "Replay of hand %d: move %d of %d", hand_no, step, total);
    body[0] = '\0';
    gin_play_add(body, bcap, "%s\n", step <= MAX_STEPS ? r->text[step] : "");
    if (step == total && h->phase == GIN_PHASE_OVER)
        result_line(r, at, body, bcap);
    gin_play_add(body, bcap, "\n");
    for (int k = 1; k <= r->who.seats; k++) { /* the bots from your left, you last */
        int seat = (r->who.human + k) % r->who.seats;
        hand_line(r, seat, h->held[seat], body, bcap);
    }
    char top[GIN_UI_CARD_TEXT] = "-";
    if (h->pile_n > 0)
        gin_ui_card_text(h->pile[h->pile_n - 1], top, sizeof top);
    gin_play_add(body, bcap, "%-6s %s on top, %d card%s; stock %d\n", "Pile", top, h->pile_n, h->pile_n == 1 ? "" : "s",
                 h->stock_n);
    if (step > 0)
        gin_play_add(body, bcap, "\nBefore:\n");
    for (int s = step - 1; s >= 0 && s > step - 1 - SHOWN_BEFORE; s--)
        gin_play_add(body, bcap, "  %3d. %s\n", s, s <= MAX_STEPS ? r->text[s] : "");
}

int gin_play_replay_text(const gin_record *rec, int human, int hand_no, int step, char *title, size_t tcap, char *body,
                         size_t bcap)
{
    replay *r = calloc(1, sizeof *r);
    gin_game *g = malloc(sizeof *g), *at = malloc(sizeof *at);
    int total = -1;
    if (r && g && at && rec && rec->rules.seats >= 2 && rec->rules.seats <= GIN_MAX_SEATS) {
        r->who = (gin_seating){human, (human + 1) % rec->rules.seats, rec->rules.seats};
        gin_seating_narrator(&r->who, &r->tell);
        total = run(rec, hand_no, step, r, g, at);
        if (total >= 0)
            page(r, at, hand_no, step < 0 ? 0 : step > total ? total : step, total, title, tcap, body, bcap);
    }
    free(r), free(g), free(at);
    return total;
}

int gin_play_replay_hand(const gin_record *rec, int human, int hand_no)
{
    static char title[GIN_UI_LINE], body[GIN_PLAY_PAGE], keys[128]; /* keys: the printable ASCII, Enter, Esc */
    if (!keys[0]) {                                                 /* any printable key, Enter and Esc */
        int n = 0;
        for (int c = 0x20; c < 0x7f; c++)
            keys[n++] = (char)c;
        keys[n++] = '\n';
        keys[n++] = 27;
        keys[n] = '\0';
    }
    for (int step = 0;;) {
        int total = gin_play_replay_text(rec, human, hand_no, step, title, sizeof title, body, sizeof body);
        if (total < 0)
            return 0;
        int k = gin_ui_text_screen(title, body,
                                   step < total ? "any key: next move   b: back   q: leave"
                                                : "the end of the hand   b: back   any key: leave",
                                   keys);
        if (k < 0)
            return -1;
        if (k == 'q' || k == 27)
            return 0;
        if (k == 'b')
            step = step > 0 ? step - 1 : 0;
        else if (step < total)
            step++;
        else
            return 0;
    }
}
