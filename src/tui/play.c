/* The session at the table: one game after another between the human and a
 * bot through the match loop; proxies record every action (and replay a
 * saved game); hands end in the showdown screen, games in the totals and
 * the statistics; quitting saves. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agents.h"
#include "gin/error.h"
#include "save.h"
#include "ui.h"

/* ---- Proxies: replay first, then the seat's own agent; record it all. */

static const gin_agent *inner(const gin_play *p, int seat)
{
    if (seat == p->human)
        return &p->human_agent;
    if (seat == p->bot)
        return &p->bot_agent;
    return &p->ring_bot[seat];
}

static int replay_next(gin_play *p, gin_action *a)
{
    if (p->src && p->replay_pos < p->src->n_actions) {
        *a = p->src->actions[p->replay_pos++];
        return 1;
    }
    p->replaying = 0;
    return 0;
}

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

/* Keep the action for the save, if the match will take it: an action the
 * hand refuses changes nothing, so it must not be in the record either (a
 * record with it could not be saved or replayed). */
static int record(gin_play *p, gin_action a)
{
    if (p->aborting)
        return GIN_OK;
    if (!gin_hand_is_legal(&p->m.game.hand, a))
        return GIN_EILLEGAL;
    int at = p->rec->n_actions;
    if (gin_record_add(p->rec, a) == GIN_OK)
        p->acted_by[at] = (int8_t)p->m.game.hand.turn;
    else if (!p->too_long && !p->replaying)
        record_full(p);
    return GIN_OK;
}

/* Practice with open hands: the bot's decisions are judged too (the
 * human's are, as it makes them). */
static void review_bot(gin_play *p, int seat, const gin_view *v, gin_action a)
{
    if (p->practice && seat == p->bot && !p->aborting)
        gin_play_review_note(p, v, a);
}

static int proxy_offer(void *self, const gin_view *v)
{
    gin_proxy *px = self;
    gin_play *p = px->p;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    if (!replay_next(p, &a)) {
        const gin_agent *ag = inner(p, px->seat);
        int r = ag->offer(ag->self, v);
        if (r < 0) /* the agent failed (an external bot): pass it through */
            return r;
        a.kind = r ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS;
        a.card = GIN_NO_CARD;
        review_bot(p, px->seat, v, a);
    }
    int rc = record(p, a);
    return rc != GIN_OK ? rc : a.kind == GIN_ACT_TAKE_UPCARD;
}

static int proxy_draw(void *self, const gin_view *v)
{
    gin_proxy *px = self;
    gin_play *p = px->p;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    if (!replay_next(p, &a)) {
        const gin_agent *ag = inner(p, px->seat);
        a.kind = ag->draw(ag->self, v);
        a.card = GIN_NO_CARD;
        if (a.kind < 0)
            return a.kind;
        review_bot(p, px->seat, v, a);
    }
    int rc = record(p, a);
    return rc != GIN_OK ? rc : a.kind;
}

static int proxy_discard(void *self, const gin_view *v, gin_action *out)
{
    gin_proxy *px = self;
    gin_play *p = px->p;
    if (!replay_next(p, out)) {
        const gin_agent *ag = inner(p, px->seat);
        int rc = ag->discard(ag->self, v, out);
        if (rc != GIN_OK)
            return rc;
        if (gin_view_is_legal(v, *out))
            review_bot(p, px->seat, v, *out);
    }
    return record(p, *out);
}

static void proxy_observe(void *self, const gin_view *v, const gin_event *ev)
{
    gin_proxy *px = self;
    const gin_agent *ag = inner(px->p, px->seat);
    if (ag->observe && !px->p->aborting)
        ag->observe(ag->self, v, ev);
}

/* ---- Events: the log, the bot's moves shown one by one. */

/* How long the table pauses, by the speed setting: on the bot's throw
 * (the card to read), on its other moves, on each lay-off. */
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

static int bot_pause_ms(const gin_play *p, int kind)
{
    return pause_ms(p, kind == GIN_EV_DISCARD ? PAUSE_THROW : PAUSE_MOVE);
}

static void show_bot_move(gin_play *p, int seat, int kind)
{
    if (p->replaying)
        return;
    gin_scene t;
    gin_play_scene(p, &t);
    if (gin_play_seats(p) == 2)
        snprintf(t.message, sizeof t.message, "The bot is playing... (any key: skip the pause)");
    else
        snprintf(t.message, sizeof t.message, "%s %s. (any key: skip the pause)", gin_play_seat_name(p, seat),
                 p->last[seat]);
    t.message_error = 0;
    gin_ui_draw_scene(&t, NULL);
    int ms = bot_pause_ms(p, kind);
    while (ms > 0) {
        int r = gin_ui_pause(ms);
        if (r == -1) {
            p->quit_req = 1; /* the session saves and leaves after this step */
            return;
        }
        if (r != 2)
            return;
        gin_play_scene(p, &t); /* resized: draw again, pause a little more */
        gin_ui_draw_scene(&t, NULL);
        ms /= 2;
    }
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

/* The end of a hand, shown after the step that ended it. */
static void on_hand_end(gin_play *p, const gin_event *ev)
{
    p->hand_over = !p->replaying;
    if (!p->replaying) /* the hand's decisions, judged as they were made */
        gin_play_review_close_hand(p);
    if (ev->kind == GIN_EV_VOID) {
        gin_play_log(p, "The stock ran low: the hand is void.");
        p->hand_void = 1;
        return;
    }
    p->hand_void = ev->showdown == NULL;
    if (ev->showdown)
        p->sd = *ev->showdown;
    p->sd_knocker = p->m.game.hand.knocker;
    if (gin_play_seats(p) > 2 && ev->showdown)
        p->tsd = p->m.game.hand.ring;
    /* The knock is the last action kept (the proxies record before the
     * match applies): did it choose the melds it shows? */
    const gin_hand *h = &p->m.game.hand;
    int n = p->rec->n_actions;
    const gin_action *knock = n > 0 ? &p->rec->actions[n - 1] : NULL;
    p->sd_chosen = knock && knock->kind == GIN_ACT_KNOCK && (knock->spread.sets | knock->spread.runs);
    p->sd_spreads = h->knocker >= 0 ? gin_spreads(h->held[h->knocker], h->knock_limit, NULL, 0) : 0;
}

static void on_event(void *ctx, const gin_event *ev)
{
    gin_play *p = ctx;
    if (p->aborting)
        return;
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
    if (bot)
        show_bot_move(p, ev->seat, ev->kind);
}

/* ---- Saving. */

static void save_game(gin_play *p, char *why, size_t cap) { (void)gin_play_save(p, why, cap); /* kept_games.c */ }

/* ---- The end of a hand and of a game. */

/* The lay-offs one at a time, a pause each (none at the instant speed);
 * any key shows the rest at once. Returns -1 on a quit signal, else 0. */
static int show_layoffs(gin_play *p)
{
    int n = gin_play_layoff_count(p);
    int ms = pause_ms(p, PAUSE_LAYOFF);
    for (int i = 0; i < n && ms > 0; i++) {
        gin_showdown_screen s;
        gin_play_showdown_step(p, &s, i);
        gin_ui_draw_showdown(&s);
        int r = gin_ui_pause(i ? ms : ms / 2);
        if (r < 0)
            return -1;
        if (r == 1)
            break;
    }
    return 0;
}

static int show_hand_end(gin_play *p)
{
    if (show_layoffs(p) < 0)
        return -1;
    gin_showdown_screen s;
    gin_play_showdown_screen(p, &s);
    int k = gin_ui_showdown_screen(&s, "\n\033 qtr");
    while (k == 'r') /* replay the hand move by move, then back here */
        k = gin_play_replay_hand(p, p->rec, p->m.game.hand_no) < 0 ? -1 : gin_ui_showdown_screen(&s, "\n\033 qtr");
    if (k == 't') {
        static char text[32768];
        gin_play_sheet_text(p, text, sizeof text);
        k = gin_ui_text_screen("Score sheet", text, "Enter: continue", "\n\033 q");
    }
    if (k < 0)
        return -1;
    if (p->practice) {
        static char text[16384];
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
    static char text[16384];
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
        static char sheet[32768];
        gin_play_sheet_text(p, sheet, sizeof sheet);
        if (gin_ui_text_screen("Score sheet", sheet, "Enter: back", "\n\033 q") < 0)
            return -1;
    }
}

/* ---- Practice undo. */

/* Take back the human's last decision (and the bots' moves after it): the
 * game is played again from its record up to that point, so the state is
 * exactly what it was, and the record (hence the save) loses the moves. */
static void undo(gin_play *p)
{
    const char *why = NULL;
    int to = gin_play_undo_point(p, &why);
    p->undo_req = 0;
    p->aborting = 0;
    gin_record *prefix = to < 0 ? NULL : malloc(sizeof *prefix);
    if (!prefix) {
        gin_play_msg(p, 1, "%s", to < 0 ? why : "Cannot undo: out of memory.");
        return;
    }
    *prefix = *p->rec;
    prefix->n_actions = to;
    int kept = p->n_review; /* the replayed deal forgets the hand's review */
    const gin_agent *agents[GIN_MAX_SEATS] = {&p->agent[0], &p->agent[1], &p->agent[2], &p->agent[3]};
    gin_record_init(p->rec, &p->rules, p->seed);
    int rc = gin_match_init(&p->m, &p->rules, p->seed, agents, on_event, p);
    p->src = prefix;
    p->replay_pos = 0;
    p->replaying = 1;
    /* Every action of the prefix and the deals between them (the hand's
     * own too, when the undo goes back to its first move), and no more:
     * the next decision is asked by play_game as any other. */
    for (; rc >= 0;) {
        int deal = p->m.game.hand_no == 0 || p->m.game.hand.phase == GIN_PHASE_OVER;
        if (p->replay_pos >= prefix->n_actions && !deal)
            break;
        if ((rc = gin_match_step(&p->m)) <= 0)
            break;
    }
    p->replaying = 0;
    p->src = NULL;
    free(prefix);
    p->n_review = kept;
    while (p->n_review > 0 && p->review[p->n_review - 1].at >= to)
        p->n_review--;
    p->selected = -1; /* the replay set drawn: the card taken is marked again */
    gin_play_log(p, "Undone: your last move is taken back.");
}

/* ---- One game. Returns 'n' for another, 'q' to leave (saved if mid-game). */

enum { PLAY_NEW = 'n', PLAY_QUIT = 'q' };

/* The finished game's save goes; never a saved game kept while playing an
 * external bot. */
static void remove_save(gin_play *p)
{
    if (!p->opponent)
        gin_save_remove(&p->save_file, &p->lock);
}

/* The external bot failed (garbage, an illegal move, no answer in time, or
 * it died): it forfeits, the game is the human's. Shown on the message line
 * over the table, then in full; the bot is restarted for a new game. */
static int bot_forfeits(gin_play *p)
{
    const char *fault = gin_bots_fault(&p->bot_agent);
    if (!fault)
        fault = "The bot failed.";
    p->aborting = 0;
    gin_play_end_game(p, GIN_END_FORFEIT); /* kept in the history */
    gin_play_msg(p, 1, "The bot forfeits: %s", fault);
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, NULL);
    /* The message can be long: break it at spaces to fit 76 columns. */
    char wrapped[800];
    snprintf(wrapped, sizeof wrapped, "%s", fault);
    for (size_t line = 0, i = 0, last = 0; wrapped[i]; i++) {
        if (wrapped[i] == ' ')
            last = i;
        if (i - line >= 76 && last > line) {
            wrapped[last] = '\n';
            line = last + 1;
        }
    }
    static char body[1024];
    snprintf(body, sizeof body,
             "%s\n\nThe bot forfeits: you win this game. (Games against external bots are not\n"
             "saved or counted in the statistics; its standard error is in bot.log in the\n"
             "state directory.)",
             wrapped);
    int k = gin_ui_text_screen("You win: the bot forfeits", body, "n: new game   q: quit", "nq");
    return k == 'n' ? PLAY_NEW : PLAY_QUIT;
}

/* Saved after every move, so a killed or crashed table loses at most the
 * decision in progress. A failure is said now, and again (in why) when the
 * table closes. */
static void save_move(gin_play *p, char *why, size_t cap)
{
    if (!gin_play_can_save(p))
        return;
    char w[512];
    save_game(p, w, sizeof w);
    if (w[0]) {
        gin_play_msg(p, 1, "%s", w);
        snprintf(why, cap, "%s", w);
    }
}

static int play_game(gin_play *p, char *why, size_t cap)
{
    if (p->too_long) { /* a new game fits again */
        p->too_long = 0;
        p->can_save = 1;
    }
    gin_record_init(p->rec, &p->rules, p->seed);
    const gin_agent *agents[GIN_MAX_SEATS] = {&p->agent[0], &p->agent[1], &p->agent[2], &p->agent[3]};
    int rc = gin_match_init(&p->m, &p->rules, p->seed, agents, on_event, p);
    if (rc != GIN_OK) {
        snprintf(why, cap, "cannot start the game: %s", gin_strerror(rc));
        return PLAY_QUIT;
    }
    for (;;) {
        rc = gin_match_step(&p->m);
        if (p->undo_req) {
            undo(p);
            save_move(p, why, cap); /* a crash now must not bring the move back */
            continue;
        }
        if (p->resign_req) { /* resigned from the menu: a lost game, then the next */
            p->resign_req = p->quit_req = 0;
            p->aborting = 0;
            gin_play_end_game(p, GIN_END_RESIGNED); /* the save goes once the end is kept */
            return PLAY_NEW;
        }
        if (p->quit_req) {
            p->aborting = 0;
            if (!gin_play_can_save(p) && rc != 0) /* it ends here, unsaved: kept as abandoned */
                gin_play_end_game(p, GIN_END_ABANDONED);
            if (rc == 0) {
                gin_play_end_game(p, GIN_END_FINISHED);
                return PLAY_QUIT;
            }
            if (gin_play_can_save(p)) /* else why may say why saving stopped */
                save_game(p, why, cap);
            return PLAY_QUIT;
        }
        if (rc < 0 && p->opponent && p->m.fault_seat == p->bot)
            return bot_forfeits(p);
        if (rc < 0 && p->m.fault_seat == p->human && !p->replaying) {
            /* The human agent hands on only legal moves; should one ever be
             * refused, the step changed nothing: say so and ask again. A
             * player's game never ends on it. */
            gin_play_msg(p, 1, "That move was refused (%s); nothing changed. Play on.", gin_strerror(rc));
            continue;
        }
        if (rc < 0) {
            snprintf(why, cap, "the %s failed (%s); ", p->m.fault_seat == p->human ? "replayed save" : "bot",
                     gin_strerror(rc));
            size_t n = strlen(why);
            save_game(p, why + n, cap - n);
            if (!why[n])
                snprintf(why + n, cap - n, "%s",
                         gin_play_can_save(p) ? "the game is saved up to it" : gin_play_why_unsaved(p));
            return PLAY_QUIT;
        }
        if (rc > 0 && !p->replaying)
            save_move(p, why, cap);
        if (p->hand_over) {
            p->hand_over = 0;
            if (show_hand_end(p) < 0)
                return PLAY_QUIT; /* saved after the move that ended the hand */
        }
        if (rc == 0) {
            gin_play_end_game(p, GIN_END_FINISHED); /* counted, kept, the save gone (kept_games.c) */
            int k = show_game_over(p);
            return k == 'n' ? PLAY_NEW : PLAY_QUIT;
        }
    }
}

static void drop_ring_bots(gin_play *p)
{
    for (int s = 0; s < GIN_MAX_SEATS; s++) {
        if (p->ring_bot[s].destroy)
            p->ring_bot[s].destroy(p->ring_bot[s].self);
        memset(&p->ring_bot[s], 0, sizeof p->ring_bot[s]);
    }
}

static int make_bot(gin_play *p)
{
    drop_ring_bots(p);
    if (p->opponent) /* kept over games; it restarts a failed bot itself */
        return p->bot_agent.offer ? GIN_OK : GIN_ESTATE;
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
    int rc = gin_ai_create(gin_stats_level_name(p->level), p->seed ^ UINT64_C(0x9e3779b97f4a7c15), 0, &p->bot_agent);
    /* A ring: a bot of the same level in every other seat, each seeded
     * apart (their own random streams, so they do not mirror each other). */
    for (int s = 0; rc == GIN_OK && s < p->rules.seats && s < GIN_MAX_SEATS; s++)
        if (s != p->human && s != p->bot)
            rc = gin_ai_create(gin_stats_level_name(p->level),
                               p->seed ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(s + 1)), 0, &p->ring_bot[s]);
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
    gin_human_agent(p, &p->human_agent);
    for (int s = 0; s < GIN_MAX_SEATS; s++) {
        p->proxy[s] = (gin_proxy){p, s};
        p->agent[s] = (gin_agent){"proxy", &p->proxy[s], proxy_offer, proxy_draw, proxy_discard, proxy_observe, NULL};
    }
    p->sort = p->set.sort;
    int result = 0;
    if (resume) {
        p->src = resume;
        p->replay_pos = 0;
        p->replaying = 1;
    }
    for (;;) {
        if (make_bot(p) != GIN_OK) {
            snprintf(why, cap, "cannot create the %s bot", gin_stats_level_name(p->level));
            result = 1;
            break;
        }
        int k = play_game(p, why, cap);
        p->src = NULL;
        p->replaying = 0;
        if (k != PLAY_NEW)
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
    drop_ring_bots(p);
    gin_play_kept_close(p);
    free(p->rec);
    p->rec = NULL;
    return result;
}
