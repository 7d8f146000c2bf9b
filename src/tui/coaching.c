/* The coach at the table (src/ai/coach.h): the hint page, the notes of the
 * practice review, and the game's summary. Every number and reason is the
 * coach's, so the hint, the review and `gin advise` agree. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "coach.h"
#include "game_review.h"
#include "gin/error.h"
#include "play.h"
#include "trainer.h"
#include "ui.h"

/* The bot's decisions are reviewed with a smaller budget: they come three
 * a turn and the table must not crawl. */
enum { BOT_REVIEW_PLAYOUTS = 40000 };

static int run_coach(const gin_view *v, long playouts, gin_coach_advice *a)
{
    gin_coach_opts o = {playouts, 0, 0, -1};
    return gin_coach(v, &o, a);
}

/* Cards as the table shows them (glyphs or letters); "you" is the player,
 * or the bot's decision read by the player. */
static gin_trainer_voice voice_of(int bot)
{
    gin_trainer_voice w = {gin_ui_card_text, bot};
    return w;
}

/* The throw the player has picked, if it is a legal throw now. */
static int picked_throw(const gin_play *p, const gin_view *v, gin_action *a)
{
    if (v->phase != GIN_PHASE_DISCARD || gin_table_picked(&p->table) == GIN_NO_CARD)
        return 0;
    *a = gin_action_make(GIN_ACT_DISCARD, gin_table_picked(&p->table));
    return gin_view_is_legal(v, *a);
}

/* "2. Throw the 9♣: win 55.1%, about equal; +11.0 points." and its reason. */
static void hint_entry(char *body, size_t cap, const gin_view *v, const gin_coach_advice *a, int i, const char *label)
{
    gin_trainer_voice w = voice_of(0);
    char move[GIN_TRAINER_MOVE_MAX], value[32], other[32], gap[32], reason[GIN_TRAINER_REASON_MAX];
    gin_trainer_move(a, i, &w, move, sizeof move);
    gin_trainer_value(a, i, 0, value, sizeof value);
    gin_trainer_value(a, i, 1, other, sizeof other);
    gin_trainer_gap(a, i, gap, sizeof gap);
    gin_trainer_reason(v, a, i, &w, reason, sizeof reason);
    if (label[0] >= '0' && label[0] <= '9' && move[0] >= 'a' && move[0] <= 'z')
        move[0] = (char)(move[0] - 'a' + 'A');
    gin_play_add(body, cap, "%s%s: %s, %s; %s.\n   %s\n", label, move, value, gap, other, reason);
}

/* The card to pick for the best move: its throw, or after a take the throw
 * the coach makes then. */
static gin_card card_to_pick(const gin_coach_advice *a)
{
    const gin_coach_move *m = &a->move[0];
    gin_action b = m->facts.then.kind >= 0 ? m->facts.then : m->value.action;
    return b.kind == GIN_ACT_DISCARD || b.kind == GIN_ACT_KNOCK ? b.card : GIN_NO_CARD;
}

/* The last analysis, the view and the budget it was for: the hint, the
 * practice review and the coach after a move share it, so a position is
 * analysed once (H, then the move: judged from the hint's analysis). */
static struct {
    gin_view view;
    long playouts;
    int n;
    gin_coach_advice a;
} last;

/* The same decision: the seat, the hand and turn, the cards it holds and
 * sees (a view is not compared byte by byte: it has padding). */
static int same_view(const gin_view *a, const gin_view *b)
{
    int same = a->seat == b->seat && a->seats == b->seats && a->hand_no == b->hand_no && a->turns == b->turns &&
               a->phase == b->phase && a->turn == b->turn && a->hand == b->hand && a->taken == b->taken &&
               a->stock_n == b->stock_n && a->pile_n == b->pile_n && a->passes == b->passes && a->seen == b->seen;
    for (int s = 0; same && s < GIN_MAX_SEATS; s++)
        same = a->scores[s] == b->scores[s] && a->known[s] == b->known[s] && a->discarded[s] == b->discarded[s] &&
               a->declined[s] == b->declined[s];
    for (int i = 0; same && i < a->pile_n; i++)
        same = a->pile[i] == b->pile[i];
    return same;
}

static int cached(const gin_view *v, long playouts)
{
    return last.n > 0 && last.playouts == playouts && same_view(v, &last.view);
}

/* The advice on v at this budget: the last analysis when it is of the same
 * view, else a new one. Returns the number of moves (<= 0: none). */
static int advice_for(const gin_view *v, long playouts, const gin_coach_advice **out)
{
    *out = &last.a;
    if (cached(v, playouts))
        return last.n;
    last.view = *v;
    last.playouts = playouts;
    last.n = v->seats == 2 ? run_coach(v, playouts, &last.a) : 0;
    return last.n;
}

int gin_play_hint(gin_play *p, const gin_view *v, gin_card *select)
{
    const gin_coach_advice *ap;
    *select = GIN_NO_CARD;
    int n = advice_for(v, 0, &ap);
    static gin_coach_advice a;
    a = *ap;
    if (n <= 0) {
        gin_play_msg(p, 1, "No hint here: the coach analyses the decisions of two players.");
        return 0;
    }
    static char body[8192];
    body[0] = '\0';
    char head[96];
    snprintf(head, sizeof head, "%s", gin_trainer_measure(&a));
    head[0] = (char)toupper((unsigned char)head[0]);
    gin_play_add(body, sizeof body, "%s%s.\n", head,
                 a.measure == GIN_COACH_BY_WIN ? "; points: what this hand should bring" : "");
    for (int i = 0; i < n && i < 3; i++) {
        char label[8];
        snprintf(label, sizeof label, "%d. ", i + 1);
        hint_entry(body, sizeof body, v, &a, i, label);
    }
    /* A knock or gin is always on the page. */
    int k = gin_trainer_knock(&a, 3);
    if (k >= 3 && gin_trainer_knock(&a, 0) == k)
        hint_entry(body, sizeof body, v, &a, k, "Also: ");
    gin_action mine;
    gin_trainer_voice w = voice_of(0);
    char line[GIN_PLAY_MSG], best[GIN_TRAINER_MOVE_MAX], value[32], gap[32];
    gin_trainer_move(&a, 0, &w, best, sizeof best);
    gin_trainer_value(&a, 0, 0, value, sizeof value);
    snprintf(line, sizeof line, "Hint: %s (%s).", best, value);
    int pick = picked_throw(p, v, &mine) ? gin_coach_find(&a, mine) : -1;
    if (pick >= 3 && pick != k)
        hint_entry(body, sizeof body, v, &a, pick, "Your pick, ");
    else if (pick > 0)
        gin_play_add(body, sizeof body, "Your pick is number %d.\n", pick + 1);
    else if (pick == 0)
        gin_play_add(body, sizeof body, "Your pick is the best move.\n");
    if (pick > 0) {
        gin_trainer_gap(&a, pick, gap, sizeof gap);
        size_t l = strlen(line);
        snprintf(line + l, sizeof line - l, " Your pick: %s.", gap);
    }
    gin_play_msg(p, 0, "%s", line);
    int quit = gin_ui_text_screen("Hint", body, "Enter: back to the table", "\n\033qH") < 0;
    *select = card_to_pick(&a);
    return quit ? -1 : 0;
}

void gin_play_knock_note(const gin_view *v, gin_card thrown, char *buf, size_t cap)
{
    gin_trainer_voice w = voice_of(0);
    buf[0] = '\0';
    if (v->seats != 2 || gin_trainer_knock_note(v, thrown, 0, &w, buf, cap) != 0 || !buf[0])
        return;
    buf[0] = (char)toupper((unsigned char)buf[0]);
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

int gin_play_coach_busy(const gin_play *p, const gin_view *v)
{
    if (v->seats != 2)
        return 0;
    if (v->seat != p->human)
        return p->practice && !cached(v, BOT_REVIEW_PLAYOUTS);
    int asked = p->practice || p->set.coach != GIN_COACH_ON_REQUEST;
    return asked && !cached(v, 0);
}

void gin_play_review_note(gin_play *p, const gin_view *v, gin_action chosen)
{
    if (!p->practice || v->seats != 2)
        return;
    const gin_coach_advice *a;
    int human = v->seat == p->human;
    int n = advice_for(v, human ? 0 : BOT_REVIEW_PLAYOUTS, &a);
    int k = n > 0 ? gin_coach_find(a, chosen) : -1;
    if (k < 0)
        return;
    /* In points, as the review reads; never below 0 (the best by the
     * chance to win the game may bring fewer points). */
    double cost = a->move[0].value.points - a->move[k].value.points;
    gin_review_item r;
    memset(&r, 0, sizeof r);
    r.seat = v->seat;
    r.hand_no = p->ref.m.game.hand_no;
    r.turn = v->turns;
    r.at = p->ref.rec->n_actions;
    r.held = v->hand;
    r.chosen = chosen;
    r.best = a->move[0].value.action;
    r.cost = cost > 0 ? cost : 0;
    gin_trainer_voice w = voice_of(!human);
    gin_trainer_reason_against(v, a, 0, k, &w, r.reason, sizeof r.reason);
    /* Every decision of the player (the summary counts the good ones too);
     * the bot's only when it missed something worth saying. */
    if ((human || r.cost >= GIN_COACH_CLOSE) && p->review.n < GIN_REVIEW_MAX)
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

/* The last review made here and what it covers: the record (by its key),
 * the hand (0: all of them) and whether it ran to its end. The game-over
 * page and the replays share it, so v then r (or r twice) judges once. */
static struct {
    gin_review_game g;
    uint64_t key;
    int hand, finished, rc; /* finished: not stopped part of the way */
} reviewed;

/* The record and the player's seat in a number (FNV-1a): a review is of
 * one game as far as it went, from one seat. */
static uint64_t record_key(const gin_record *rec, int human)
{
    uint64_t h = 14695981039346656037u;
    const uint64_t prime = 1099511628211u;
    uint64_t parts[5] = {rec->seed, (uint64_t)rec->n_actions, (uint64_t)human, (uint64_t)rec->rules.target,
                         (uint64_t)rec->rules.hollywood};
    for (int i = 0; i < 5; i++)
        h = (h ^ parts[i]) * prime;
    for (int i = 0; i < rec->n_actions; i++)
        h = (h ^ (uint64_t)(rec->actions[i].kind * 256 + rec->actions[i].card)) * prime;
    return h;
}

typedef struct progress {
    const char *title;
    int stopped;
} progress;

/* The review's progress, and q (or Esc) to stop it where it is. */
static int review_progress(void *ctx, int done, int total)
{
    progress *c = ctx;
    char body[160];
    snprintf(body, sizeof body, "The coach is judging your decision %d of about %d.", done + 1, total);
    gin_ui_draw_text(c->title, body, "q: stop here and show the decisions so far", 0);
    gin_ui_input in;
    gin_ui_read(&in, 0);
    c->stopped = in.kind == GIN_IN_QUIT || (in.kind == GIN_IN_KEY && (in.key == 'q' || in.key == GIN_KEY_ESC));
    return c->stopped;
}

/* The review of hand `hand` (0: every hand) of p's game into last, unless
 * last already covers it whole. Returns the review's status; *stopped: 1
 * when the player stopped it. */
static int review_made(gin_play *p, int hand, const char *title, int *stopped)
{
    uint64_t key = record_key(p->ref.rec, p->human);
    *stopped = 0;
    if (reviewed.key == key && reviewed.finished && reviewed.rc >= 0 && (reviewed.hand == 0 || reviewed.hand == hand))
        return reviewed.rc;
    gin_trainer_voice w = voice_of(0);
    progress c = {title, 0};
    gin_review_opts o = {0, GIN_REVIEW_SEED, &w, review_progress, &c, -1, hand};
    reviewed.rc = gin_review_run(p->ref.rec, p->human, &o, &reviewed.g);
    reviewed.key = key;
    reviewed.hand = hand;
    reviewed.finished = !c.stopped;
    *stopped = c.stopped;
    return reviewed.rc;
}

int gin_play_review_page(gin_play *p)
{
    static char text[1 << 18];
    int lines = 0, cols = 0, stopped = 0;
    gin_ui_size(&lines, &cols);
    int rc = review_made(p, 0, "Reviewing your game", &stopped);
    if (gin_ui_quit_signal())
        return -1;
    if (rc < 0)
        snprintf(text, sizeof text, "%s",
                 rc == GIN_ESTATE ? "The coach reviews games of two players only."
                                  : "The game could not be reviewed: its record does not replay.");
    else
        gin_review_page(&reviewed.g, gin_ui_utf8(), cols - 4 < 40 ? 40 : cols - 4, text, sizeof text);
    return gin_ui_text_screen("Review of your game by the coach", text, "Enter: back", "\n\033q") < 0 ? -1 : 0;
}

const gin_review_game *gin_play_review_hand(gin_play *p, int hand_no, char *note, size_t cap)
{
    note[0] = '\0';
    if (p->ref.rec->rules.seats != 2) {
        snprintf(note, cap, "No verdicts: the coach reviews games of two players only.");
        return NULL;
    }
    char title[64];
    snprintf(title, sizeof title, "Reviewing hand %d", hand_no);
    int stopped = 0, rc = review_made(p, hand_no, title, &stopped);
    if (rc < 0) {
        snprintf(note, cap, "No verdicts: the hand could not be reviewed (its record does not replay).");
        return NULL;
    }
    if (stopped && rc == 0) {
        snprintf(note, cap, "No verdicts: the review was stopped.");
        return NULL;
    }
    if (stopped)
        snprintf(note, cap, "The review was stopped after %d of your decisions: the rest have no verdict.", rc);
    return &reviewed.g;
}

/* What the coach says after the player's move, until the player's next
 * turn (gin_play_coach_note), and the hand it is about. */
static char said[GIN_PLAY_MSG];
static int said_hand;

/* The note on move k of advice a: its verdict (game_review.h), the best
 * move when it is not, and with `nudge` the undo at hand. */
static void coach_words(const gin_coach_advice *a, int k, int nudge, char *buf, size_t cap)
{
    const gin_coach_move *m = &a->move[k];
    double lost = m->gap > 0 ? m->gap : 0;
    int verdict = gin_review_verdict(a->measure, lost, m->equal);
    gin_trainer_voice w = voice_of(0);
    char best[GIN_TRAINER_MOVE_MAX];
    gin_trainer_move(a, 0, &w, best, sizeof best);
    double shown = a->measure == GIN_COACH_BY_WIN ? 100.0 * lost : lost;
    /* The unit always said ("2.3 given up" of what?), as the review's note
     * says it (gin_review_verdict_text). A move's words are under 50 bytes
     * ("knock, throwing the 10♥ face down"): at most 64 of them keep the
     * note within the message line's two rows, " u: undo it." included. */
    const char *unit = a->measure == GIN_COACH_BY_WIN ? "% of the chance to win" : " points";
    if (k == 0)
        snprintf(buf, cap, "Coach: the best move.");
    else if (verdict == GIN_VERDICT_BEST)
        snprintf(buf, cap, "Coach: %s the best (%.1f%s behind: %.64s).", m->equal ? "about equal to" : "close to",
                 shown, unit, best);
    else
        snprintf(buf, cap, "Coach: %s %s, %.1f%s given up; best was to %.64s.%s",
                 verdict == GIN_VERDICT_INACCURACY ? "an" : "a", gin_review_verdict_word(verdict), shown, unit, best,
                 nudge ? " u: undo it." : "");
}

void gin_play_coach_after(gin_play *p, const gin_view *v, gin_action chosen)
{
    said[0] = '\0';
    int mode = p->set.coach;
    int nudge = p->practice && p->set.nudge;
    if (v->seats != 2 || (mode == GIN_COACH_ON_REQUEST && !nudge))
        return;
    const gin_coach_advice *a;
    int n = advice_for(v, 0, &a);
    int k = n > 0 ? gin_coach_find(a, chosen) : -1;
    if (k < 0)
        return;
    const gin_coach_move *m = &a->move[k];
    double lost = m->gap > 0 ? m->gap : 0;
    double shown = round(10.0 * (a->measure == GIN_COACH_BY_WIN ? 100.0 * lost : lost)) / 10.0;
    int verdict = gin_review_verdict(a->measure, lost, m->equal);
    int speak = mode == GIN_COACH_EVERY || (mode == GIN_COACH_OVER && !m->equal && shown >= p->set.coach_threshold);
    nudge = nudge && verdict >= GIN_VERDICT_MISTAKE;
    if (!speak && !nudge)
        return;
    /* In practice the undo is at hand: a mistake or worse offers it. */
    coach_words(a, k, p->practice && verdict >= GIN_VERDICT_MISTAKE, said, sizeof said);
    said_hand = v->hand_no;
}

int gin_play_coach_note(const gin_view *v, char *buf, size_t cap)
{
    int has = said[0] && v->hand_no == said_hand;
    snprintf(buf, cap, "%s", has ? said : "");
    said[0] = '\0';
    return has;
}
