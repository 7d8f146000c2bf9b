/* The session at the table: one game after another between the human and
 * the bots, on the table's own loop. The loop owns input and time: it pulls
 * the match one step at a time (gin_match_next: a deal, or a bot's move),
 * shows a bot's move for a while by a deadline it keeps itself, and at the
 * player's turn reads keys and clicks until they make a move, which it
 * submits (gin_match_submit). Quitting, undoing and resigning are commands
 * of this loop: the match only ever holds moves that were made. Hands end
 * in the showdown screen, games in the totals and the statistics; the game
 * is saved after every move. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agents.h"
#include "gin/error.h"
#include "save.h"
#include "ui.h"

static long now_ms(void) { return gin_ui_now_ms(); }

/* The next game's seed from this one's: a step of Knuth's MMIX linear
 * congruential generator, so a session of games follows from its first
 * seed. */
static uint64_t next_seed(uint64_t seed)
{
    return seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
}

/* ---- The record: every move, and who made it. */

/* The record holds GIN_RECORD_MAX_ACTIONS moves (some hundred hands): a
 * game past it can no longer be saved. The save would resume an earlier
 * point of a game that goes on, so it goes, and the player is told; the
 * game plays on and, quit, counts as abandoned, as any unsaved game. */
static void remove_save(gin_play *p);
static void record_full(gin_play *p)
{
    p->files.too_long = 1;
    if (gin_play_can_save(p))
        remove_save(p);
    p->files.can_save = 0;
    gin_play_msg(p, 1, "This game has passed %d moves, more than a save holds: from here it is not saved.",
                 GIN_RECORD_MAX_ACTIONS);
}

/* Keep the move the match has just applied, and what its hand's end
 * showed when it ended one. */
static void record(gin_play *p)
{
    if (gin_referee_record(&p->ref) != 0 && !p->files.too_long && !p->replaying)
        record_full(p);
    if (p->ref.m.game.hand.phase == GIN_PHASE_OVER)
        gin_referee_hand_end(&p->ref);
}

/* How long the table shows each of the bot's moves, by the speed setting:
 * its throw (the card to read), its other moves, each lay-off. */
enum { PAUSE_THROW, PAUSE_MOVE, PAUSE_LAYOFF };
static int pause_ms(const gin_play *p, int what)
{
    static const int ms[GIN_SPEEDS][3] = {
        [GIN_SPEED_SLOW] = {1600, 1200, 1500},
        [GIN_SPEED_NORMAL] = {900, 700, 900},
        [GIN_SPEED_FAST] = {400, 300, 450},
        [GIN_SPEED_INSTANT] = {0, 0, 0},
    };
    int s = p->set.speed >= 0 && p->set.speed < GIN_SPEEDS ? p->set.speed : GIN_SPEED_NORMAL;
    return ms[s][what];
}

/* ---- Events: the referee has the whole event; the table, the player's
 * seat's copy (redacted) and nothing else. */

static void on_event(void *ctx, const gin_event *ev)
{
    gin_play *p = ctx;
    gin_seating who = gin_play_seating(p);
    if (ev->kind == GIN_EV_DEAL && ev->seat == (ev->value + 1) % who.seats) { /* a new hand */
        p->review.n = 0;
        p->ref.hand_start = p->ref.rec->n_actions;
    }
    gin_event red;
    gin_event_redact(ev, p->human, &red);
    gin_table_event(&p->table, &who, gin_play_view(p), &red);
    if (ev->kind == GIN_EV_VOID || ev->kind == GIN_EV_HAND_OVER) {
        /* Its pages follow the step that ended it (after the bot's move
         * has been shown, when it was the bot's). */
        p->hand_over = !p->replaying;
        if (!p->replaying) /* the hand's decisions, judged as they were made */
            gin_play_review_close_hand(p);
    }
}

/* ---- Saving. */

static void save_game(gin_play *p, char *why, size_t cap) { (void)gin_play_save(p, why, cap); /* kept_games.c */ }

/* Saved after every move, so a killed or crashed table loses at most the
 * decision in progress. A failure is said now, and again (in why) when the
 * table closes. */
static void save_move(gin_play *p, char *why, size_t cap)
{
    if (!gin_play_can_save(p))
        return;
    char w[GIN_PLAY_WHY];
    save_game(p, w, sizeof w);
    if (w[0]) {
        gin_play_msg(p, 1, "%s", w);
        snprintf(why, cap, "%s", w);
    }
}

/* The finished game's save goes; never a saved game kept while playing an
 * external bot. */
static void remove_save(gin_play *p)
{
    if (!p->opponent)
        gin_save_remove(&p->files.save_file, &p->files.lock);
}

/* ---- Replaying a record: a saved game resumed, or practice undo. */

/* Submit acts[0..n-1] for whichever seat made them, with the deals between
 * them and the deal after the last one (so the game stands at a decision):
 * the bots are not asked, nothing is shown, nothing is saved. Returns
 * GIN_OK or the code of the action that did not replay. */
static int replay(gin_play *p, const gin_action *acts, int n)
{
    int rc = GIN_OK;
    p->replaying = 1;
    for (int i = 0; rc == GIN_OK;) {
        if (gin_match_deal_due(&p->ref.m)) {
            rc = gin_match_next(&p->ref.m) == GIN_MATCH_MOVED ? GIN_OK : GIN_ESTATE;
            continue;
        }
        if (i >= n)
            break;
        rc = gin_match_submit(&p->ref.m, acts[i++]);
        if (rc == GIN_OK)
            record(p);
    }
    p->replaying = 0;
    return rc;
}

/* Practice undo: take back the human's last decision (and the bots' moves
 * after it). The game is played again from its record up to that point,
 * so the state is exactly what it was, and the record (hence the save)
 * loses the moves. */
static void undo(gin_play *p)
{
    const char *why = NULL;
    int to = gin_referee_undo_point(&p->ref, p->human, &why);
    gin_action *prefix = to < 0 ? NULL : malloc(sizeof(gin_action) * (size_t)(to > 0 ? to : 1));
    if (!prefix) {
        gin_play_msg(p, 1, "%s", to < 0 ? why : "Cannot undo: out of memory.");
        return;
    }
    memcpy(prefix, p->ref.rec->actions, sizeof(gin_action) * (size_t)to);
    int kept = p->review.n; /* the replayed deal forgets the hand's review */
    gin_record_init(p->ref.rec, &p->rules, p->seed);
    int rc = gin_match_init(&p->ref.m, &p->rules, p->seed, p->seats, on_event, p);
    if (rc == GIN_OK)
        rc = replay(p, prefix, to);
    free(prefix);
    p->review.n = kept;
    while (p->review.n > 0 && p->review.items[p->review.n - 1].at >= to)
        p->review.n--;
    p->table.selected = -1; /* the replay set drawn: the card taken is marked again */
    if (rc == GIN_OK)
        gin_table_log(&p->table, "Undone: your last move is taken back.");
    else
        gin_play_msg(p, 1, "Cannot undo: the game does not replay (%s).", gin_strerror(rc));
}

/* ---- The pages at the end of a hand and of a game. */

/* The score sheet, then back. -1 on a quit signal. */
static int sheet_page(gin_play *p, const char *footer)
{
    static char text[GIN_PLAY_PAGE];
    gin_seating who = gin_play_seating(p);
    gin_play_sheet_text(&p->ref.m.game, &who, text, sizeof text);
    return gin_ui_text_screen("Score sheet", text, footer, "\n\033 q") < 0 ? -1 : 0;
}

/* The replay of hand hand_no with the coach's verdicts (the hand judged
 * first when it has not been). 0, or -1 on a quit signal. */
static int replay_judged(gin_play *p, int hand_no)
{
    char note[160];
    const gin_review_game *review = gin_play_review_hand(p, hand_no, note, sizeof note);
    if (gin_ui_quit_signal())
        return -1;
    return gin_play_replay_hand(p->ref.rec, p->human, hand_no, review, note);
}

/* The showdown (and from it the hand's replay and the sheet), then the
 * practice review. Returns -1 on a quit signal, else 0. */
static int show_hand_end(gin_play *p)
{
    /* The page is read, not passed: keys typed to skip the lay-offs or the
     * bot's pauses must not also dismiss it unseen. */
    gin_ui_drop_typeahead(NULL);
    gin_seating who = gin_play_seating(p);
    gin_showdown_screen s;
    gin_play_showdown_screen(&p->ref.end, &p->ref.m.game, &who, &s);
    int k = gin_ui_showdown_screen(&s, "\n\033 qtr");
    while (k == 'r') /* replay the hand move by move, then back here */
        k = replay_judged(p, p->ref.end.hand_no) < 0 ? -1 : gin_ui_showdown_screen(&s, "\n\033 qtr");
    if (k == 't')
        k = sheet_page(p, "Enter: continue");
    if (k < 0)
        return -1;
    if (p->practice) {
        static char text[GIN_PLAY_PAGE];
        gin_review_text(&p->review, &who, p->ref.end.hand_no, text, sizeof text);
        if (gin_ui_text_screen("Practice review: this hand by the engine's analysis", text, "Enter: continue",
                               "\n\033 q") < 0)
            return -1;
    }
    return 0;
}

/* Returns 'n' (new game), 'q' or -1. */
static int show_game_over(gin_play *p)
{
    static char text[GIN_PLAY_PAGE];
    char title[GIN_UI_LINE];
    for (;;) {
        gin_play_gameover_text(p, title, sizeof title, text, sizeof text);
        int k = gin_ui_text_screen(title, text,
                                   "n: new game  v: review  t: score sheet  r: replay the last hand  q: quit", "nqtrv");
        if (k == 'r' && replay_judged(p, p->ref.m.game.hand_no) < 0)
            return -1;
        if (k == 'v' && gin_play_review_page(p) < 0)
            return -1;
        if (k == 'r' || k == 'v')
            continue;
        if (k != 't')
            return k;
        if (sheet_page(p, "Enter: back") < 0)
            return -1;
    }
}

/* Break text at spaces into lines of at most `width` columns (ASCII). */
static void break_lines(char *text, size_t width)
{
    for (size_t line = 0, i = 0, last = 0; text[i]; i++) {
        if (text[i] == ' ')
            last = i;
        if (i - line >= width && last > line) {
            text[last] = '\n';
            line = last + 1;
        }
    }
}

/* The external bot failed (garbage, an illegal move, no answer in time, or
 * it died): it forfeits, the game is the human's. Shown on the message line
 * over the table, then in full; the bot is restarted for a new game. */
static int bot_forfeits(gin_play *p)
{
    const char *fault = gin_bots_fault(&p->bot_agent);
    if (!fault)
        fault = "The bot failed.";
    gin_play_end_game(p, GIN_END_FORFEIT); /* kept in the history */
    gin_play_msg(p, 1, "The bot forfeits: %s", fault);
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, NULL);
    static char wrapped[GIN_PLAY_WHY], body[GIN_PLAY_WHYS];
    snprintf(wrapped, sizeof wrapped, "%s", fault);
    break_lines(wrapped, GIN_UI_MIN_COLS - 4); /* the message can be long */
    snprintf(body, sizeof body,
             "%s\n\nThe bot forfeits: you win this game. (Games against external bots are not\n"
             "saved or counted in the statistics; its standard error is in bot.log in the\n"
             "state directory.)",
             wrapped);
    int k = gin_ui_text_screen("You win: the bot forfeits", body, "n: new game   q: quit", "nq");
    return k == 'n' ? GIN_PLAY_NEW : GIN_PLAY_QUIT;
}

/* ---- The loop. */

/* How a game's loop goes on. */
enum { GO_ON = 0 };

/* The game is over: its end is kept (counted, kept in the history, the
 * save gone: kept_games.c) once, as soon as its last move is made, before
 * its pages, so that a kill on them cannot undo the move that won or lost. */
static void finish(gin_play *p)
{
    if (p->ended)
        return;
    gin_play_end_game(p, GIN_END_FINISHED);
    p->ended = 1;
}

/* The player leaves the table (a quit command or signal): the game is
 * saved for next time, or, when it cannot be, kept as abandoned. */
static int leave(gin_play *p, char *why, size_t cap)
{
    if (p->ref.m.game.over) {
        finish(p);
    } else if (!gin_play_can_save(p)) {
        gin_play_end_game(p, GIN_END_ABANDONED);
    } else {
        save_game(p, why, cap); /* else why may say why saving stopped */
    }
    return GIN_PLAY_QUIT;
}

/* After the last hand's pages: the game's totals (its end kept already,
 * unless the match was over when resumed). */
static int game_over(gin_play *p)
{
    finish(p);
    int k = show_game_over(p);
    return k == 'n' ? GIN_PLAY_NEW : GIN_PLAY_QUIT;
}

/* The hand's end, once its last move has been shown: the lay-offs one at
 * a time (a frame each, by the deadline), then its pages. */
static int hand_end(gin_play *p, char *why, size_t cap)
{
    p->hand_over = 0;
    int ms = pause_ms(p, PAUSE_LAYOFF);
    gin_seating who = gin_play_seating(p);
    if (gin_play_layoff_count(&p->ref.end, &who) > 0 && ms > 0) {
        p->stage = GIN_STAGE_LAYOFFS;
        p->frame = 0;
        p->deadline = now_ms() + ms / 2; /* the first a little sooner */
        return GO_ON;
    }
    if (show_hand_end(p) < 0)
        return leave(p, why, cap); /* saved after the move that ended the hand */
    if (p->ref.m.game.over)
        return game_over(p);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* The step just taken (a deal, a bot's move or the player's) is kept:
 * recorded, saved (the game's end kept, when it ended the game), then
 * shown: a bot's move for a while, a hand's end by its pages. */
static int stepped(gin_play *p, char *why, size_t cap)
{
    const gin_match *m = &p->ref.m;
    if (m->moved != p->human)
        p->typed_ahead = 1;
    if (m->moved >= 0)
        record(p);
    if (!m->game.over)
        save_move(p, why, cap);
    else
        finish(p);
    int ms = pause_ms(p, m->last.kind == GIN_ACT_DISCARD ? PAUSE_THROW : PAUSE_MOVE);
    if (m->moved >= 0 && m->moved != p->human && ms > 0) {
        p->stage = GIN_STAGE_PACE;
        p->pace_seat = m->moved;
        p->deadline = now_ms() + ms;
        return GO_ON;
    }
    if (p->hand_over)
        return hand_end(p, why, cap);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* The pace is over (its time, or a key): on to the hand's end or the
 * next step. */
static int pace_done(gin_play *p, char *why, size_t cap)
{
    if (p->hand_over)
        return hand_end(p, why, cap);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* The table while an external bot thinks (up to its move time): the
 * player's move is on it, not the prompt that asked for it. */
static void draw_thinking(gin_play *p)
{
    gin_scene t;
    gin_play_scene(p, &t);
    snprintf(t.message, sizeof t.message, "The bot is thinking... (q: quit)");
    t.message_error = 0;
    snprintf(t.keys, sizeof t.keys, "q quit"); /* the rest wait for the answer */
    gin_ui_draw_scene(&t, NULL);
}

/* While an external bot thinks, the table's loop stays awake: q asks to
 * quit (the wait is given up; playing on waits for the same answer), a
 * quit signal leaves, a resize repaints. Other keys are dropped, as keys
 * typed while the bots play are. Nonzero gives the wait up. */
static int bot_wait(void *ctx)
{
    gin_play *p = ctx;
    gin_ui_input in;
    gin_ui_read(&in, 0);
    if (in.kind == GIN_IN_QUIT)
        p->bot_stopped = 2;
    else if (in.kind == GIN_IN_KEY && (in.key == 'q' || in.key == 'Q'))
        p->bot_stopped = 1;
    else if (in.kind == GIN_IN_RESIZE)
        draw_thinking(p);
    return p->bot_stopped;
}

/* The wait for the external bot was given up: leave at a quit signal,
 * else ask whether to quit as q does while the bots play; playing on
 * goes back to the wait. */
static int bot_stopped(gin_play *p, char *why, size_t cap)
{
    int signal = p->bot_stopped == 2;
    p->bot_stopped = 0;
    if (signal)
        return leave(p, why, cap);
    p->stage = GIN_STAGE_PACE; /* its time is up at once: played on, the match asks again */
    p->pace_seat = p->bot;
    p->deadline = now_ms();
    gin_play_ask_quit(p);
    return GO_ON;
}

/* The match moves on by itself: a deal or a bot's move, or it stops at the
 * player's turn. */
static int advance(gin_play *p, char *why, size_t cap)
{
    /* Practice judges the bot's decisions too: at the view it had. */
    gin_match *m = &p->ref.m;
    static gin_view before;
    int bots_turn = !gin_match_deal_due(m) && !m->game.over && m->game.hand.turn == p->bot;
    int judge = p->practice && bots_turn;
    if (judge)
        before = m->views[p->bot];
    if (bots_turn && p->opponent)
        draw_thinking(p);
    int rc = gin_match_next(m);
    if (rc == GIN_EINTR && p->bot_stopped)
        return bot_stopped(p, why, cap);
    if (rc == GIN_MATCH_WAITING) { /* the player's turn */
        /* Keys pressed while the others played (each skips a pause) are
         * not the player's answer to a position not yet seen: a queued
         * `d` took a card nobody chose. Keys typed ahead within the
         * player's own turn (a draw, then a throw) are kept, and so is a
         * quit: it only asks (one typed while a bot decided was lost). */
        if (p->typed_ahead)
            gin_ui_drop_typeahead("qQ");
        p->typed_ahead = 0;
        gin_play_start_turn(p);
        p->stage = GIN_STAGE_TURN;
        return GO_ON;
    }
    if (rc == GIN_MATCH_OVER)
        return game_over(p);
    if (rc < 0 && p->opponent && m->fault_seat == p->bot)
        return bot_forfeits(p);
    if (rc < 0) {
        snprintf(why, cap, "the bot failed (%s); ", gin_strerror(rc));
        size_t n = strlen(why);
        save_game(p, why + n, cap - n);
        if (!why[n])
            snprintf(why + n, cap - n, "%s",
                     gin_play_can_save(p) ? "the game is saved up to it" : gin_play_why_unsaved(p));
        return GIN_PLAY_QUIT;
    }
    if (judge && m->moved == p->bot && gin_play_coach_busy(p, &before))
        gin_play_sign(p, "The coach is judging the bot's move...");
    if (judge && m->moved == p->bot)
        gin_play_review_note(p, &before, m->last);
    return stepped(p, why, cap);
}

/* The player's move, from the keys: checked against the view already, so
 * the match takes it; should it not, nothing changed and the player is
 * told. */
static int play_move(gin_play *p, gin_action a, char *why, size_t cap)
{
    int rc = gin_match_submit(&p->ref.m, a);
    if (rc != GIN_OK) {
        gin_play_msg(p, 1, "That move was refused (%s); nothing changed. Play on.", gin_strerror(rc));
        return GO_ON;
    }
    return stepped(p, why, cap);
}

/* A command the keys asked for, as the loop carries it out. */
static int command(gin_play *p, int cmd, gin_action a, char *why, size_t cap)
{
    switch (cmd) {
    case GIN_DO_MOVE:
        return play_move(p, a, why, cap);
    case GIN_DO_SKIP:
        return p->stage == GIN_STAGE_PACE ? pace_done(p, why, cap) : GO_ON;
    case GIN_DO_UNDO:
        undo(p);
        save_move(p, why, cap); /* a crash now must not bring the move back */
        p->stage = GIN_STAGE_MATCH;
        return GO_ON;
    case GIN_DO_RESIGN:                         /* a lost game, then the next */
        gin_play_end_game(p, GIN_END_RESIGNED); /* the save goes once the end is kept */
        return GIN_PLAY_NEW;
    case GIN_DO_QUIT:
        return leave(p, why, cap);
    default:
        return GO_ON;
    }
}

/* The lay-offs' frame is up: the next, or the whole showdown. */
static int next_frame(gin_play *p, char *why, size_t cap)
{
    gin_seating who = gin_play_seating(p);
    int n = gin_play_layoff_count(&p->ref.end, &who);
    if (++p->frame < n) {
        p->deadline = now_ms() + pause_ms(p, PAUSE_LAYOFF);
        return GO_ON;
    }
    p->frame = n;
    if (show_hand_end(p) < 0)
        return leave(p, why, cap);
    if (p->ref.m.game.over)
        return game_over(p);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* Paint what the loop is waiting on. */
static void draw(gin_play *p, gin_layout *l)
{
    if (p->stage == GIN_STAGE_LAYOFFS) {
        gin_seating who = gin_play_seating(p);
        gin_showdown_screen s;
        gin_play_showdown_step(&p->ref.end, &p->ref.m.game, &who, &s, p->frame);
        gin_ui_draw_showdown(&s);
        memset(l, 0, sizeof *l);
        return;
    }
    gin_scene t;
    gin_play_scene(p, &t);
    if (p->stage == GIN_STAGE_PACE && !p->table.quit_armed) {
        gin_seating who = gin_play_seating(p);
        if (who.seats == 2)
            snprintf(t.message, sizeof t.message, "The bot is playing... (any key: skip the pause)");
        else
            snprintf(t.message, sizeof t.message, "%s %s. (any key: skip the pause)", gin_seat_name(&who, p->pace_seat),
                     p->table.last[p->pace_seat]);
        t.message_error = 0;
    }
    gin_ui_draw_scene(&t, l);
}

/* One input or the deadline, for the stage the loop is in. */
static int on_input(gin_play *p, const gin_ui_input *in, const gin_layout *l, char *why, size_t cap)
{
    if (in->kind == GIN_IN_QUIT)
        return leave(p, why, cap);
    int timed = p->stage != GIN_STAGE_TURN && now_ms() >= p->deadline && !p->table.quit_armed;
    if (p->stage == GIN_STAGE_LAYOFFS) { /* any key or click: all at once */
        if (timed || in->kind == GIN_IN_KEY || in->kind == GIN_IN_CLICK) {
            gin_seating who = gin_play_seating(p);
            if (!timed)
                p->frame = gin_play_layoff_count(&p->ref.end, &who) - 1;
            return next_frame(p, why, cap);
        }
        return GO_ON;
    }
    if (in->kind == GIN_IN_NONE || in->kind == GIN_IN_RESIZE)
        return timed ? pace_done(p, why, cap) : GO_ON;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    int cmd = gin_play_input(p, in, l, p->stage == GIN_STAGE_TURN, &a);
    int rc = command(p, cmd, a, why, cap);
    if (rc == GO_ON && p->stage == GIN_STAGE_PACE && now_ms() >= p->deadline && !p->table.quit_armed)
        return pace_done(p, why, cap); /* a page stayed open past it */
    return rc;
}

/* A hand rearranged is saved once the keys pause this long, not at every
 * key of a run of block moves (each save is two fsyncs); a kill after the
 * pause keeps the order. */
#define ORDER_SAVE_MS 400

/* A rearranged hand waits for its save (never once the game is over: its
 * save is gone, and would come back as a game to resume). */
static int order_save_due(const gin_play *p)
{
    return p->files.order_unsaved && gin_play_can_save(p) && !p->ref.m.game.over;
}

/* How long the loop may wait for input: until the deadline, while one
 * runs (not while a prompt holds the bot), or the order's save. */
static int wait_ms(const gin_play *p)
{
    int ms = -1;
    if (p->stage != GIN_STAGE_TURN && !p->table.quit_armed) {
        long left = p->deadline - now_ms();
        ms = left < 0 ? 0 : (int)left;
    }
    if (order_save_due(p) && (ms < 0 || ms > ORDER_SAVE_MS))
        ms = ORDER_SAVE_MS;
    return ms;
}

/* One game. Returns GIN_PLAY_NEW for another, GIN_PLAY_QUIT to leave
 * (saved if mid-game). */
int gin_play_begin(gin_play *p, const gin_record *resume)
{
    if (p->files.too_long) { /* a new game fits again */
        p->files.too_long = 0;
        p->files.can_save = 1;
    }
    gin_record_init(p->ref.rec, &p->rules, p->seed);
    int rc = gin_match_init(&p->ref.m, &p->rules, p->seed, p->seats, on_event, p);
    if (rc == GIN_OK)
        gin_table_init(&p->table, p->table.sort, p->ref.m.game.cut, p->rules.cut == GIN_CUT_HIGH_DEALS);
    if (rc == GIN_OK && resume)
        rc = replay(p, resume->actions, resume->n_actions);
    /* The player's own order, as the save had it: only when it is the
     * hand resumed (a save written as a hand ended resumes at the next
     * deal), else the settings' sort, without a word. */
    if (rc == GIN_OK && resume && p->files.n_resume_order)
        (void)gin_table_restore_order(&p->table, gin_play_view(p)->hand, p->files.resume_order,
                                      p->files.n_resume_order);
    p->files.n_resume_order = 0;
    p->files.order_unsaved = 0;
    p->stage = GIN_STAGE_MATCH;
    p->hand_over = 0;
    p->ended = 0;
    return rc;
}

static int play_game(gin_play *p, const gin_record *resume, char *why, size_t cap)
{
    int rc = gin_play_begin(p, resume);
    if (rc != GIN_OK) {
        snprintf(why, cap, "cannot %s the game: %s", resume ? "resume" : "start", gin_strerror(rc));
        return GIN_PLAY_QUIT;
    }
    for (;;) {
        if (p->stage == GIN_STAGE_MATCH) {
            rc = advance(p, why, cap);
        } else {
            gin_layout l;
            draw(p, &l);
            gin_ui_input in;
            gin_ui_read(&in, wait_ms(p));
            if (in.kind == GIN_IN_NONE && order_save_due(p))
                save_move(p, why, cap);
            rc = on_input(p, &in, &l, why, cap);
        }
        if (rc != GO_ON)
            return rc;
    }
}

static void drop_bots(gin_play *p)
{
    for (int s = 0; s < GIN_MAX_SEATS; s++) {
        if (p->ring_bot[s].destroy)
            p->ring_bot[s].destroy(p->ring_bot[s].self);
        memset(&p->ring_bot[s], 0, sizeof p->ring_bot[s]);
    }
}

/* The bots of this game, seated: the human's seat is the loop's own. */
static int make_bots(gin_play *p)
{
    drop_bots(p);
    int rc = GIN_OK;
    if (!p->opponent) { /* an external bot is kept over games; it restarts a failed bot itself */
        if (p->bot_agent.destroy)
            p->bot_agent.destroy(p->bot_agent.self);
        memset(&p->bot_agent, 0, sizeof p->bot_agent);
        rc = gin_ai_create(p->level->name, p->seed ^ GIN_RNG_GOLDEN, 0, &p->bot_agent);
    } else if (!p->bot_agent.offer) {
        rc = GIN_ESTATE;
    } else {
        (void)gin_bots_on_wait(&p->bot_agent, bot_wait, p);
    }
    /* A ring: a bot of the same level in every other seat, each seeded
     * apart (their own random streams, so they do not mirror each other). */
    for (int s = 0; rc == GIN_OK && s < p->rules.seats && s < GIN_MAX_SEATS; s++)
        if (s != p->human && s != p->bot)
            rc = gin_ai_create(p->level->name, p->seed ^ (GIN_RNG_GOLDEN * (uint64_t)(s + 1)), 0, &p->ring_bot[s]);
    for (int s = 0; s < GIN_MAX_SEATS; s++)
        p->seats[s] = s == p->human ? NULL : s == p->bot ? &p->bot_agent : &p->ring_bot[s];
    return rc;
}

int gin_play_session(gin_play *p, const gin_record *resume, char *why, size_t cap)
{
    why[0] = '\0';
    p->ref.rec = malloc(sizeof *p->ref.rec);
    if (!p->ref.rec) {
        snprintf(why, cap, "out of memory");
        return 1;
    }
    p->table.sort = p->set.sort;
    int result = 0;
    for (;;) {
        if (make_bots(p) != GIN_OK) {
            snprintf(why, cap, "cannot create the %s bot", p->level->name);
            result = 1;
            break;
        }
        int k = play_game(p, resume, why, cap);
        resume = NULL;
        if (k != GIN_PLAY_NEW)
            break;
        /* The next game takes the settings chosen in the menu. */
        gin_rules r;
        if (gin_settings_rules(&p->set, &r, NULL) == GIN_OK) {
            if (p->opponent && r.seats > 2) /* an external bot plays at two seats only */
                (void)gin_rules_ring(&r, 2);
            p->rules = r;
        }
        const gin_opponent *lv = gin_play_bot_of(p->set.level);
        if (lv && !p->opponent)
            p->level = lv;
        p->practice = p->set.open;
        p->seed = next_seed(p->seed);
    }
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
    drop_bots(p);
    gin_play_kept_close(p);
    free(p->ref.rec);
    p->ref.rec = NULL;
    return result;
}
