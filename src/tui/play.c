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

/* Keep the action for the save, if the match will take it: an action the
 * hand refuses changes nothing, so it must not be in the record either (a
 * record with it could not be saved or replayed). */
static int record(gin_play *p, gin_action a)
{
    if (p->aborting)
        return GIN_OK;
    if (!gin_hand_is_legal(&p->m.game.hand, a))
        return GIN_EILLEGAL;
    (void)gin_record_add(p->rec, a);
    return GIN_OK;
}

static int proxy_offer(void *self, const gin_view *v)
{
    gin_proxy *px = self;
    gin_play *p = px->p;
    gin_action a;
    if (!replay_next(p, &a)) {
        const gin_agent *ag = inner(p, px->seat);
        int r = ag->offer(ag->self, v);
        if (r < 0) /* the agent failed (an external bot): pass it through */
            return r;
        a.kind = r ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS;
        a.card = GIN_NO_CARD;
    }
    int rc = record(p, a);
    return rc != GIN_OK ? rc : a.kind == GIN_ACT_TAKE_UPCARD;
}

static int proxy_draw(void *self, const gin_view *v)
{
    gin_proxy *px = self;
    gin_play *p = px->p;
    gin_action a;
    if (!replay_next(p, &a)) {
        const gin_agent *ag = inner(p, px->seat);
        a.kind = ag->draw(ag->self, v);
        a.card = GIN_NO_CARD;
        if (a.kind < 0)
            return a.kind;
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

static int bot_pause_ms(const gin_play *p, int kind)
{
    /* issue 17: four speeds in the settings; slow and fast are the lead's
     * to map to pause lengths, and pause as normal until then. */
    if (p->set.speed == GIN_SPEED_INSTANT)
        return 0;
    return kind == GIN_EV_DISCARD ? 900 : 700;
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

/* A new hand: the table as dealt to the human. */
static void on_deal(gin_play *p, const gin_event *ev, const char *c)
{
    memset(p->last, 0, sizeof p->last);
    p->n_order = 0;
    p->selected = -1;
    p->drawn = GIN_NO_CARD;
    p->n_review = 0;
    p->have_prev = 0;
    memset(p->log, 0, sizeof p->log);
    gin_play_sync_hand(p, ev->cards);
    const char *dealer = ev->value == p->human   ? "you"
                         : gin_play_seats(p) > 2 ? gin_play_seat_name(p, ev->value)
                                                 : "the bot";
    gin_play_log(p, "New hand: %s deal%s. Upcard %s.", dealer, ev->value == p->human ? "" : "s", c);
}

/* The end of a hand, shown after the step that ended it. */
static void on_hand_end(gin_play *p, const gin_event *ev)
{
    p->hand_over = !p->replaying;
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

/* ---- The end of a hand and of a game. */

static int show_hand_end(gin_play *p)
{
    gin_showdown_screen s;
    gin_play_showdown_screen(p, &s);
    int k = gin_ui_showdown_screen(&s, "\n\033 qtr");
    while (k == 'r') /* issue 17: replay the hand move by move, then back here */
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
        if (gin_ui_text_screen("Practice review: this hand against the hard bot's advice", text, "Enter: continue",
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
        if (k == 'r' && gin_play_replay_hand(p, p->rec, p->m.game.hand_no) < 0) /* issue 17 */
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
    gin_play_end_game(p, GIN_END_FORFEIT); /* issue 17: kept in the history */
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

static int play_game(gin_play *p, char *why, size_t cap)
{
    gin_record_init(p->rec, &p->rules, p->seed);
    const gin_agent *agents[GIN_MAX_SEATS] = {&p->agent[0], &p->agent[1], &p->agent[2], &p->agent[3]};
    int rc = gin_match_init(&p->m, &p->rules, p->seed, agents, on_event, p);
    if (rc != GIN_OK) {
        snprintf(why, cap, "cannot start the game: %s", gin_strerror(rc));
        return PLAY_QUIT;
    }
    p->have_prev = 0;
    for (;;) {
        rc = gin_match_step(&p->m);
        if (p->undo_req) {
            p->undo_req = 0;
            p->aborting = 0;
            p->m = *p->snap_prev;
            p->rec->n_actions = p->snap_prev_n;
            p->n_review = p->snap_prev_review;
            p->have_prev = 0;
            p->drawn = GIN_NO_CARD;
            p->selected = -1;
            p->n_order = 0;
            gin_play_log(p, "Undone: your last move is taken back.");
            continue;
        }
        if (p->resign_req) { /* issue 17: resigned from the menu: a lost game, then the next */
            p->resign_req = p->quit_req = 0;
            p->aborting = 0;
            gin_play_end_game(p, GIN_END_RESIGNED);
            remove_save(p);
            return PLAY_NEW;
        }
        if (p->quit_req) {
            p->aborting = 0;
            if (!gin_play_can_save(p) && rc != 0) /* issue 17: it ends here, unsaved: kept as abandoned */
                gin_play_end_game(p, GIN_END_ABANDONED);
            if (rc == 0) {
                gin_play_end_game(p, GIN_END_FINISHED);
                remove_save(p);
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
        if (rc > 0 && !p->replaying && gin_play_can_save(p)) {
            /* Saved after every move, so a killed or crashed table loses
             * at most the decision in progress. */
            char w[512];
            save_game(p, w, sizeof w);
            if (w[0]) { /* said now, and again when the table closes */
                gin_play_msg(p, 1, "%s", w);
                snprintf(why, cap, "%s", w);
            }
        }
        if (p->hand_over) {
            p->hand_over = 0;
            if (show_hand_end(p) < 0)
                return PLAY_QUIT; /* saved after the move that ended the hand */
        }
        if (rc == 0) {
            gin_play_end_game(p, GIN_END_FINISHED); /* counted and kept (kept_games.c) */
            remove_save(p);
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
    p->snap_prev = malloc(sizeof *p->snap_prev);
    p->snap_now = malloc(sizeof *p->snap_now);
    if (!p->rec || !p->snap_prev || !p->snap_now) {
        snprintf(why, cap, "out of memory");
        free(p->rec), free(p->snap_prev), free(p->snap_now);
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
    free(p->rec);
    free(p->snap_prev);
    free(p->snap_now);
    p->rec = NULL;
    return result;
}
