/* The replay of a hand at the table: the hand played again
 * from its record, move by move, with every hand face up (the hand is
 * over, so nothing is hidden any more): the deal, then each move, the
 * hands and the pile after it, and the moves before; at each of the
 * player's decisions the coach's verdict on it, when the caller has the
 * hand's review (game_review.h). A text page a step, so it needs nothing
 * of the table's own screens. */
#include "play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "game_review.h"
#include "ui.h"

enum { MAX_STEPS = 1024, STEP_TEXT = 160, SHOWN_BEFORE = 8 };

typedef struct replay {
    gin_seating who;
    gin_narrator tell;
    int step;                            /* the hand's step being replayed: 0 the deal, then each action */
    char text[MAX_STEPS + 1][STEP_TEXT]; /* what each step did */
    int at[MAX_STEPS + 1];               /* each step's action in the record (step 0: -1) */
    const gin_review_game *review;       /* the verdicts, or NULL */
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
        if (ours && ++count <= MAX_STEPS)
            r->at[count] = i;
        if (ours && count == step)
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

/* The verdict on the player's decision at step `step`, or NULL. */
static const gin_review_decision *verdict_at(const replay *r, int step)
{
    if (!r->review || step < 1 || step > MAX_STEPS)
        return NULL;
    for (int i = 0; i < r->review->n; i++)
        if (r->review->d[i].at == r->at[step])
            return &r->review->d[i];
    return NULL;
}

/* The hand's verdicts in a line, for the deal's page. */
static void verdicts_line(const replay *r, int hand_no, const char *note, char *buf, size_t cap)
{
    if (!r->review) {
        if (note && note[0])
            gin_play_add(buf, cap, "%s\n", note);
        return;
    }
    int k[4] = {0, 0, 0, 0}, n = 0;
    for (int i = 0; i < r->review->n; i++)
        if (r->review->d[i].hand == hand_no && r->review->d[i].verdict >= 0 && r->review->d[i].verdict < 4)
            k[r->review->d[i].verdict]++, n++;
    gin_play_add(buf, cap,
                 "The coach judged your %d decision%s in this hand: %d best, %d inaccurac%s, %d mistake%s, %d "
                 "blunder%s.%s\n",
                 n, n == 1 ? "" : "s", k[0], k[1], k[1] == 1 ? "y" : "ies", k[2], k[2] == 1 ? "" : "s", k[3],
                 k[3] == 1 ? "" : "s", n > k[0] ? " m jumps to the next move that was not best." : "");
    if (note && note[0])
        gin_play_add(buf, cap, "%s\n", note);
}

static void page(const replay *r, const gin_game *at, int hand_no, int step, int total, const char *note, char *title,
                 size_t tcap, char *body, size_t bcap)
{
    const gin_hand *h = &at->hand;
    if (step == 0)
        snprintf(title, tcap, "Replay of hand %d: the deal (%d moves follow)", hand_no, total);
    else
        snprintf(title, tcap, "Replay of hand %d: move %d of %d", hand_no, step, total);
    body[0] = '\0';
    gin_play_add(body, bcap, "%s\n", step <= MAX_STEPS ? r->text[step] : "");
    const gin_review_decision *d = verdict_at(r, step);
    if (d) {
        char words[GIN_TRAINER_MOVE_MAX + GIN_TRAINER_REASON_MAX + 256];
        gin_review_verdict_text(d, words, sizeof words);
        gin_play_add(body, bcap, "%s\n", words);
    }
    if (step == 0)
        verdicts_line(r, hand_no, note, body, bcap);
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
    for (int s = step - 1; s >= 0 && s > step - 1 - SHOWN_BEFORE; s--) {
        const gin_review_decision *was = verdict_at(r, s);
        gin_play_add(body, bcap, "  %3d. %s%s%s%s\n", s, s <= MAX_STEPS ? r->text[s] : "",
                     was && was->verdict != GIN_VERDICT_BEST ? " [" : "",
                     was && was->verdict != GIN_VERDICT_BEST ? gin_review_verdict_word(was->verdict) : "",
                     was && was->verdict != GIN_VERDICT_BEST ? "]" : "");
    }
}

/* Replay hand_no of rec up to `step` into r and the page's texts. */
static int replay_page(const gin_record *rec, int human, int hand_no, int step, const gin_review_game *review,
                       const char *note, replay *r, char *title, size_t tcap, char *body, size_t bcap)
{
    gin_game *g = malloc(sizeof *g), *at = malloc(sizeof *at);
    int total = -1;
    if (g && at && rec && rec->rules.seats >= 2 && rec->rules.seats <= GIN_MAX_SEATS) {
        memset(r, 0, sizeof *r);
        r->who = (gin_seating){human, (human + 1) % rec->rules.seats, rec->rules.seats};
        r->at[0] = -1;
        r->review = review;
        gin_seating_narrator(&r->who, &r->tell);
        total = run(rec, hand_no, step, r, g, at);
        if (total >= 0)
            page(r, at, hand_no, step < 0 ? 0 : step > total ? total : step, total, note, title, tcap, body, bcap);
    }
    free(g), free(at);
    return total;
}

int gin_play_replay_text(const gin_record *rec, int human, int hand_no, int step, const gin_review_game *review,
                         const char *note, char *title, size_t tcap, char *body, size_t bcap)
{
    replay *r = malloc(sizeof *r);
    int total = r ? replay_page(rec, human, hand_no, step, review, note, r, title, tcap, body, bcap) : -1;
    free(r);
    return total;
}

/* The next step after `step` at which the player's decision was not
 * best, or -1. */
static int next_slip(const replay *r, int step, int total)
{
    for (int s = step + 1; s <= total && s <= MAX_STEPS; s++) {
        const gin_review_decision *d = verdict_at(r, s);
        if (d && d->verdict != GIN_VERDICT_BEST)
            return s;
    }
    return -1;
}

int gin_play_replay_hand(const gin_record *rec, int human, int hand_no, const gin_review_game *review, const char *note)
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
    replay *r = malloc(sizeof *r);
    if (!r)
        return 0;
    int rc = 0;
    for (int step = 0;;) {
        int total = replay_page(rec, human, hand_no, step, review, note, r, title, sizeof title, body, sizeof body);
        if (total < 0)
            break;
        int slip = next_slip(r, step, total);
        const char *footer = step < total ? (slip > 0 ? "any key: next  b: back  m: next move not best  q: leave"
                                                      : "any key: next move   b: back   q: leave")
                                          : "the end of the hand   b: back   any key: leave";
        int k = gin_ui_text_screen(title, body, footer, keys);
        if (k < 0)
            rc = -1;
        if (k < 0 || k == 'q' || k == 27)
            break;
        if (k == 'b')
            step = step > 0 ? step - 1 : 0;
        else if (k == 'm' && slip > 0)
            step = slip;
        else if (step < total)
            step++;
        else
            break;
    }
    free(r);
    return rc;
}
