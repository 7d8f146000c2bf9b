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
#include <time.h>
#include "agents.h"
#include "gin/error.h"
#include "save.h"
#include "ui.h"

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- The record: every move, and who made it. */

/* The record holds GIN_RECORD_MAX_ACTIONS moves (some hundred hands): a
 * game past it can no longer be saved. The save would resume an earlier
 * point of a game that goes on, so it goes, and the player is told; the
 * game plays on and, quit, counts as abandoned, as any unsaved game. */
static void remove_save(gin_play *p);
static void record_full(gin_play *p)
{
    p->too_long = 1;
    if (gin_play_can_save(p))
        remove_save(p);
    p->can_save = 0;
    gin_play_msg(p, 1, "This game has passed %d moves, more than a save holds: from here it is not saved.",
                 GIN_RECORD_MAX_ACTIONS);
}

/* Keep the move the match has just applied. */
static void record(gin_play *p, int seat, gin_action a)
{
    int at = p->rec->n_actions;
    if (gin_record_add(p->rec, a) == GIN_OK)
        p->acted_by[at] = (int8_t)seat;
    else if (!p->too_long && !p->replaying)
        record_full(p);
}

/* ---- Events: the log, the pile's history, each seat's last move. */

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

/* The pile's history for its page: every card thrown on it, and who took
 * it back (the pile itself only holds what is still there). */
static void note_pile(gin_play *p, const gin_event *ev)
{
    int n = p->n_pile_log, cap = (int)(sizeof p->pile_log / sizeof p->pile_log[0]);
    switch (ev->kind) {
    case GIN_EV_DEAL:
        if (ev->seat == (ev->value + 1) % gin_play_seats(p)) { /* the hand's first DEAL */
            p->n_pile_log = 0;
            if (gin_card_valid(ev->card))
                p->pile_log[p->n_pile_log++] = (gin_pile_entry){ev->card, -1, GIN_PILE_STAYS, 0};
        }
        return;
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        if (n < cap && gin_card_valid(ev->card))
            p->pile_log[p->n_pile_log++] =
                (gin_pile_entry){ev->card, ev->seat, GIN_PILE_STAYS, ev->kind != GIN_EV_DISCARD};
        return;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_DRAW_DISCARD:
        for (int i = n - 1; i >= 0; i--)
            if (p->pile_log[i].took == GIN_PILE_STAYS) {
                p->pile_log[i].took = ev->seat;
                return;
            }
        return;
    case GIN_EV_RESHUFFLE: /* all but the top went into the new stock */
        for (int i = n - 1, top = 1; i >= 0; i--)
            if (p->pile_log[i].took == GIN_PILE_STAYS) {
                if (!top)
                    p->pile_log[i].took = GIN_PILE_RESHUFFLED;
                top = 0;
            }
        return;
    default:
        return;
    }
}

/* The seat's last move, shown in its box in a ring. */
static void note_last_move(gin_play *p, const gin_event *ev, const char *c)
{
    if (ev->seat < 0 || ev->seat >= GIN_MAX_SEATS)
        return;
    char *l = p->last[ev->seat];
    size_t lc = sizeof p->last[0];
    switch (ev->kind) {
    case GIN_EV_TAKE_UPCARD:
        snprintf(l, lc, "took the upcard %s", c);
        break;
    case GIN_EV_PASS:
        snprintf(l, lc, "passed on %s", c);
        break;
    case GIN_EV_DRAW_STOCK:
        snprintf(l, lc, "drew from the stock");
        break;
    case GIN_EV_DRAW_DISCARD:
        snprintf(l, lc, "took %s", c);
        break;
    case GIN_EV_DISCARD:
        snprintf(l, lc, "threw %s", c);
        break;
    case GIN_EV_KNOCK:
        snprintf(l, lc, "knocked");
        break;
    case GIN_EV_GIN:
        snprintf(l, lc, "went gin");
        break;
    default:
        break;
    }
}

/* The cut for the first deal, as the table saw it: "You cut 7♦, the bot
 * 3♠ (low card deals)." The next line says who deals; this one fits the
 * log's 44 columns at 80x24. */
static void log_cut(gin_play *p)
{
    const gin_game *g = &p->m.game;
    char line[GIN_UI_LINE];
    size_t n = 0;
    int seats = gin_play_seats(p);
    for (int k = 0; k < seats; k++) {
        int seat = (p->human + k) % seats;
        char c[16];
        gin_ui_card_text(g->cut[seat], c, sizeof c);
        const char *who = k == 0 ? "You cut" : seats == 2 ? "the bot" : gin_play_seat_name(p, seat);
        int w = snprintf(line + n, sizeof line - n, "%s%s %s", k ? ", " : "", who, c);
        if (w < 0 || (size_t)w >= sizeof line - n)
            return;
        n += (size_t)w;
    }
    gin_play_log(p, "%s (%s card deals).", line, g->rules.cut == GIN_CUT_HIGH_DEALS ? "high" : "low");
}

/* A new hand: the table as dealt to the human. */
static void on_deal(gin_play *p, const gin_event *ev, const char *c)
{
    memset(p->last, 0, sizeof p->last);
    p->n_order = 0;
    p->selected = -1;
    p->drawn = GIN_NO_CARD;
    p->n_review = 0;
    p->hand_start = p->rec->n_actions;
    p->n_log = 0;
    p->log_scroll = 0;
    gin_play_sync_hand(p, ev->cards);
    if (p->m.game.hand_no == 0) /* counted once the deal is done: this is the first */
        log_cut(p);
    const char *dealer = ev->value == p->human   ? "you"
                         : gin_play_seats(p) > 2 ? gin_play_seat_name(p, ev->value)
                                                 : "the bot";
    gin_play_log(p, "New hand: %s deal%s. Upcard %s.", dealer, ev->value == p->human ? "" : "s", c);
}

/* The end of a hand: its pages follow the step that ended it (after the
 * bot's move has been shown, when it was the bot's). */
static void on_hand_end(gin_play *p, const gin_event *ev)
{
    p->hand_over = !p->replaying;
    if (!p->replaying) /* the hand's decisions, judged as they were made */
        gin_play_review_close_hand(p);
    if (ev->kind == GIN_EV_VOID)
        gin_play_log(p, "The stock ran low: the hand is void.");
}

static void on_event(void *ctx, const gin_event *ev)
{
    gin_play *p = ctx;
    const char *who = gin_play_seat_name(p, ev->seat);
    int bot = ev->seat != p->human && ev->seat >= 0 && ev->seat < GIN_MAX_SEATS;
    char c[16];
    gin_ui_card_text(ev->card, c, sizeof c);
    note_last_move(p, ev, c);
    note_pile(p, ev);
    switch (ev->kind) {
    case GIN_EV_DEAL:
        if (ev->seat == p->human)
            on_deal(p, ev, c);
        return;
    case GIN_EV_TAKE_UPCARD:
        gin_play_log(p, "%s took the upcard %s.", who, c);
        break;
    case GIN_EV_PASS:
        gin_play_log(p, "%s passed on %s.", who, c);
        break;
    case GIN_EV_DRAW_STOCK:
        if (bot)
            gin_play_log(p, "%s drew from the stock.", who);
        else {
            gin_play_log(p, "You drew %s from the stock.", c);
            p->drawn = ev->card;
        }
        break;
    case GIN_EV_DRAW_DISCARD:
        gin_play_log(p, "%s took %s from the pile.", who, c);
        break;
    case GIN_EV_DISCARD:
        gin_play_log(p, "%s threw %s.", who, c);
        if (!bot) /* the "new" mark follows the moves, replayed ones too */
            p->drawn = GIN_NO_CARD;
        break;
    case GIN_EV_KNOCK:
        gin_play_log(p, "%s knocked.", who);
        break;
    case GIN_EV_GIN:
        gin_play_log(p, "%s went gin!", who);
        break;
    case GIN_EV_RESHUFFLE:
        gin_play_log(p, "The pile was shuffled into a new stock of %d.", ev->value);
        return;
    case GIN_EV_VOID:
    case GIN_EV_HAND_OVER:
        on_hand_end(p, ev);
        return;
    default:
        return;
    }
    if (ev->seat == p->human)
        gin_play_sync_hand(p, p->m.game.hand.held[p->human]);
}

/* What the hand's end showed, kept for its pages: read once the step that
 * ended it is over, when every hand is shown down. */
static void note_hand_end(gin_play *p)
{
    const gin_hand *h = &p->m.game.hand;
    p->sd_knocker = h->knocker;
    p->hand_void = h->void_hand || h->knocker < 0;
    if (!p->hand_void) {
        p->sd = h->result;
        if (gin_play_seats(p) > 2)
            p->tsd = h->ring;
    }
    /* Did the knock choose the melds it shows? */
    const gin_action *knock = p->m.moved >= 0 ? &p->m.last : NULL;
    p->sd_chosen = knock && knock->kind == GIN_ACT_KNOCK && (knock->spread.sets | knock->spread.runs);
    p->sd_spreads = h->knocker >= 0 ? gin_spreads(h->held[h->knocker], h->knock_limit, NULL, 0) : 0;
}

/* ---- Saving. */

static void save_game(gin_play *p, char *why, size_t cap)
{
    why[0] = '\0';
    /* A game against an external bot cannot be resumed (the save names a
     * built-in level), so it is not saved; a saved game stays untouched. */
    if (!p->can_save || p->m.game.hand_no == 0 || p->opponent)
        return;
    gin_save_info info;
    memset(&info, 0, sizeof info);
    snprintf(info.level, sizeof info.level, "%s", gin_stats_level_name(p->level));
    info.practice = p->practice;
    info.human = p->human;
    if (gin_save_write(&p->save_file, &p->lock, &info, p->rec, why, cap) != 0)
        p->can_save = 0;
}

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
        gin_save_remove(&p->save_file, &p->lock);
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
        if (gin_match_deal_due(&p->m)) {
            rc = gin_match_next(&p->m) == GIN_MATCH_MOVED ? GIN_OK : GIN_ESTATE;
            continue;
        }
        if (i >= n)
            break;
        rc = gin_match_submit(&p->m, acts[i++]);
        if (rc == GIN_OK) {
            record(p, p->m.moved, p->m.last);
            if (p->m.game.hand.phase == GIN_PHASE_OVER)
                note_hand_end(p);
        }
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
    int to = gin_play_undo_point(p, &why);
    gin_action *prefix = to < 0 ? NULL : malloc(sizeof(gin_action) * (size_t)(to > 0 ? to : 1));
    if (!prefix) {
        gin_play_msg(p, 1, "%s", to < 0 ? why : "Cannot undo: out of memory.");
        return;
    }
    memcpy(prefix, p->rec->actions, sizeof(gin_action) * (size_t)to);
    int kept = p->n_review; /* the replayed deal forgets the hand's review */
    gin_record_init(p->rec, &p->rules, p->seed);
    int rc = gin_match_init(&p->m, &p->rules, p->seed, p->seats, on_event, p);
    if (rc == GIN_OK)
        rc = replay(p, prefix, to);
    free(prefix);
    p->n_review = kept;
    while (p->n_review > 0 && p->review[p->n_review - 1].at >= to)
        p->n_review--;
    p->selected = -1; /* the replay set drawn: the card taken is marked again */
    if (rc == GIN_OK)
        gin_play_log(p, "Undone: your last move is taken back.");
    else
        gin_play_msg(p, 1, "Cannot undo: the game does not replay (%s).", gin_strerror(rc));
}

/* ---- The pages at the end of a hand and of a game. */

/* The score sheet, then back. -1 on a quit signal. */
static int sheet_page(gin_play *p, const char *footer)
{
    static char text[GIN_PLAY_PAGE];
    gin_play_sheet_text(p, text, sizeof text);
    return gin_ui_text_screen("Score sheet", text, footer, "\n\033 q") < 0 ? -1 : 0;
}

/* The showdown (and from it the hand's replay and the sheet), then the
 * practice review. Returns -1 on a quit signal, else 0. */
static int show_hand_end(gin_play *p)
{
    gin_showdown_screen s;
    gin_play_showdown_screen(p, &s);
    int k = gin_ui_showdown_screen(&s, "\n\033 qtr");
    while (k == 'r') /* replay the hand move by move, then back here */
        k = gin_play_replay_hand(p, p->rec, p->m.game.hand_no) < 0 ? -1 : gin_ui_showdown_screen(&s, "\n\033 qtr");
    if (k == 't')
        k = sheet_page(p, "Enter: continue");
    if (k < 0)
        return -1;
    if (p->practice) {
        static char text[GIN_PLAY_PAGE];
        gin_play_review_text(p, p->m.game.hand_no, text, sizeof text);
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
        int k =
            gin_ui_text_screen(title, text, "n: new game   t: score sheet   r: replay the last hand   q: quit", "nqtr");
        if (k == 'r' && gin_play_replay_hand(p, p->rec, p->m.game.hand_no) < 0)
            return -1;
        if (k == 'r')
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
    static char wrapped[GIN_PLAY_WHY], body[GIN_PLAY_WHY + 256];
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

/* The player leaves the table (a quit command or signal): the game is
 * saved for next time, or, when it cannot be, kept as abandoned. */
static int leave(gin_play *p, char *why, size_t cap)
{
    if (p->m.game.over) {
        gin_play_end_game(p, GIN_END_FINISHED);
        remove_save(p);
    } else if (!gin_play_can_save(p)) {
        gin_play_end_game(p, GIN_END_ABANDONED);
    } else {
        save_game(p, why, cap); /* else why may say why saving stopped */
    }
    return GIN_PLAY_QUIT;
}

/* After the last hand's pages: the game is counted and kept, then its
 * totals. */
static int game_over(gin_play *p)
{
    gin_play_end_game(p, GIN_END_FINISHED); /* counted and kept (kept_games.c) */
    remove_save(p);
    int k = show_game_over(p);
    return k == 'n' ? GIN_PLAY_NEW : GIN_PLAY_QUIT;
}

/* The hand's end, once its last move has been shown: the lay-offs one at
 * a time (a frame each, by the deadline), then its pages. */
static int hand_end(gin_play *p, char *why, size_t cap)
{
    p->hand_over = 0;
    int ms = pause_ms(p, PAUSE_LAYOFF);
    if (gin_play_layoff_count(p) > 0 && ms > 0) {
        p->stage = GIN_STAGE_LAYOFFS;
        p->frame = 0;
        p->deadline = now_ms() + ms / 2; /* the first a little sooner */
        return GO_ON;
    }
    if (show_hand_end(p) < 0)
        return leave(p, why, cap); /* saved after the move that ended the hand */
    if (p->m.game.over)
        return game_over(p);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* The step just taken (a deal, a bot's move or the player's) is kept:
 * recorded, saved, then shown: a bot's move for a while, a hand's end by
 * its pages. */
static int stepped(gin_play *p, char *why, size_t cap)
{
    if (p->m.moved >= 0) {
        record(p, p->m.moved, p->m.last);
        if (p->m.game.hand.phase == GIN_PHASE_OVER)
            note_hand_end(p);
    }
    if (!p->m.game.over)
        save_move(p, why, cap);
    int ms = pause_ms(p, p->m.last.kind == GIN_ACT_DISCARD ? PAUSE_THROW : PAUSE_MOVE);
    if (p->m.moved >= 0 && p->m.moved != p->human && ms > 0) {
        p->stage = GIN_STAGE_PACE;
        p->pace_seat = p->m.moved;
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

/* The match moves on by itself: a deal or a bot's move, or it stops at the
 * player's turn. */
static int advance(gin_play *p, char *why, size_t cap)
{
    /* Practice judges the bot's decisions too: at the view it had. */
    static gin_view before;
    int judge = p->practice && !gin_match_deal_due(&p->m) && p->m.game.hand.turn == p->bot;
    if (judge)
        before = p->m.views[p->bot];
    int rc = gin_match_next(&p->m);
    if (rc == GIN_MATCH_WAITING) { /* the player's turn */
        gin_play_start_turn(p, &p->m.views[p->human]);
        p->stage = GIN_STAGE_TURN;
        return GO_ON;
    }
    if (rc == GIN_MATCH_OVER)
        return game_over(p);
    if (rc < 0 && p->opponent && p->m.fault_seat == p->bot)
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
    if (judge && p->m.moved == p->bot)
        gin_play_review_note(p, &before, p->m.last);
    return stepped(p, why, cap);
}

/* The player's move, from the keys: checked against the view already, so
 * the match takes it; should it not, nothing changed and the player is
 * told. */
static int play_move(gin_play *p, gin_action a, char *why, size_t cap)
{
    int rc = gin_match_submit(&p->m, a);
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
    case GIN_DO_RESIGN: /* a lost game, then the next */
        gin_play_end_game(p, GIN_END_RESIGNED);
        remove_save(p);
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
    if (++p->frame < gin_play_layoff_count(p)) {
        p->deadline = now_ms() + pause_ms(p, PAUSE_LAYOFF);
        return GO_ON;
    }
    p->frame = gin_play_layoff_count(p);
    if (show_hand_end(p) < 0)
        return leave(p, why, cap);
    if (p->m.game.over)
        return game_over(p);
    p->stage = GIN_STAGE_MATCH;
    return GO_ON;
}

/* Paint what the loop is waiting on. */
static void draw(gin_play *p, gin_layout *l)
{
    if (p->stage == GIN_STAGE_LAYOFFS) {
        gin_showdown_screen s;
        gin_play_showdown_step(p, &s, p->frame);
        gin_ui_draw_showdown(&s);
        memset(l, 0, sizeof *l);
        return;
    }
    gin_scene t;
    gin_play_scene(p, &t);
    if (p->stage == GIN_STAGE_PACE && !p->quit_armed) {
        if (gin_play_seats(p) == 2)
            snprintf(t.message, sizeof t.message, "The bot is playing... (any key: skip the pause)");
        else
            snprintf(t.message, sizeof t.message, "%s %s. (any key: skip the pause)",
                     gin_play_seat_name(p, p->pace_seat), p->last[p->pace_seat]);
        t.message_error = 0;
    }
    gin_ui_draw_scene(&t, l);
}

/* One input or the deadline, for the stage the loop is in. */
static int on_input(gin_play *p, const gin_ui_input *in, const gin_layout *l, char *why, size_t cap)
{
    if (in->kind == GIN_IN_QUIT)
        return leave(p, why, cap);
    int timed = p->stage != GIN_STAGE_TURN && now_ms() >= p->deadline && !p->quit_armed;
    if (p->stage == GIN_STAGE_LAYOFFS) { /* any key or click: all at once */
        if (timed || in->kind == GIN_IN_KEY || in->kind == GIN_IN_CLICK) {
            if (!timed)
                p->frame = gin_play_layoff_count(p) - 1;
            return next_frame(p, why, cap);
        }
        return GO_ON;
    }
    if (in->kind == GIN_IN_NONE || in->kind == GIN_IN_RESIZE)
        return timed ? pace_done(p, why, cap) : GO_ON;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    int cmd = gin_play_input(p, in, l, p->stage == GIN_STAGE_TURN, &a);
    int rc = command(p, cmd, a, why, cap);
    if (rc == GO_ON && p->stage == GIN_STAGE_PACE && now_ms() >= p->deadline && !p->quit_armed)
        return pace_done(p, why, cap); /* a page stayed open past it */
    return rc;
}

/* How long the loop may wait for input: until the deadline, while one
 * runs (not while a prompt holds the bot). */
static int wait_ms(const gin_play *p)
{
    if (p->stage == GIN_STAGE_TURN || p->quit_armed)
        return -1;
    long left = p->deadline - now_ms();
    return left < 0 ? 0 : (int)left;
}

/* One game. Returns GIN_PLAY_NEW for another, GIN_PLAY_QUIT to leave
 * (saved if mid-game). */
static int play_game(gin_play *p, const gin_record *resume, char *why, size_t cap)
{
    if (p->too_long) { /* a new game fits again */
        p->too_long = 0;
        p->can_save = 1;
    }
    gin_record_init(p->rec, &p->rules, p->seed);
    int rc = gin_match_init(&p->m, &p->rules, p->seed, p->seats, on_event, p);
    if (rc == GIN_OK && resume)
        rc = replay(p, resume->actions, resume->n_actions);
    if (rc != GIN_OK) {
        snprintf(why, cap, "cannot %s the game: %s", resume ? "resume" : "start", gin_strerror(rc));
        return GIN_PLAY_QUIT;
    }
    p->stage = GIN_STAGE_MATCH;
    p->quit_armed = p->knock_armed = 0;
    for (;;) {
        rc = GO_ON;
        if (p->stage == GIN_STAGE_MATCH) {
            rc = advance(p, why, cap);
        } else {
            gin_layout l;
            draw(p, &l);
            gin_ui_input in;
            gin_ui_read(&in, wait_ms(p));
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
        rc = gin_ai_create(gin_stats_level_name(p->level), p->seed ^ GIN_PLAY_BOT_SALT, 0, &p->bot_agent);
    } else if (!p->bot_agent.offer) {
        rc = GIN_ESTATE;
    }
    /* A ring: a bot of the same level in every other seat, each seeded
     * apart (their own random streams, so they do not mirror each other). */
    for (int s = 0; rc == GIN_OK && s < p->rules.seats && s < GIN_MAX_SEATS; s++)
        if (s != p->human && s != p->bot)
            rc = gin_ai_create(gin_stats_level_name(p->level), p->seed ^ (GIN_PLAY_BOT_SALT * (uint64_t)(s + 1)), 0,
                               &p->ring_bot[s]);
    for (int s = 0; s < GIN_MAX_SEATS; s++)
        p->seats[s] = s == p->human ? NULL : s == p->bot ? &p->bot_agent : &p->ring_bot[s];
    return rc;
}

int gin_play_session(gin_play *p, const gin_record *resume, char *why, size_t cap)
{
    why[0] = '\0';
    p->rec = malloc(sizeof *p->rec);
    if (!p->rec) {
        snprintf(why, cap, "out of memory");
        return 1;
    }
    p->sort = p->set.sort;
    int result = 0;
    for (;;) {
        if (make_bots(p) != GIN_OK) {
            snprintf(why, cap, "cannot create the %s bot", gin_stats_level_name(p->level));
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
        int lv = gin_stats_level_index(p->set.level);
        if (lv >= 0 && !p->opponent)
            p->level = lv;
        p->practice = p->set.open;
        p->seed = p->seed * UINT64_C(6364136223846793005) + 1442695040888963407u;
    }
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
    drop_bots(p);
    free(p->rec);
    p->rec = NULL;
    return result;
}
