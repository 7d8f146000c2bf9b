/* The player's seat, played from the keys: what an input asks the loop to
 * do. What a key does comes from the key table (keys.c); whether a move is
 * legal, and why not, from the core's one check (gin_view_check) on the
 * player's own view, once per move: the loop only ever hands the match a
 * legal move, and an illegal key is a message saying which rule it breaks. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "keys.h"
#include "ui.h"

static void card_text(gin_card c, char *buf, size_t cap) { gin_ui_card_text(c, buf, cap); }

static unsigned when_of(const gin_view *v)
{
    return v->phase == GIN_PHASE_OFFER ? GIN_WHEN_OFFER : v->phase == GIN_PHASE_DRAW ? GIN_WHEN_DRAW : GIN_WHEN_DISCARD;
}

static void top_text(const gin_view *v, char *buf, size_t cap)
{
    card_text(v->pile_n ? v->pile[v->pile_n - 1] : GIN_NO_CARD, buf, cap);
}

/* Who passed the upcard when every seat did: two players "you both",
 * three or four "all three" / "all four". */
static const char *passed_all(const gin_view *v)
{
    return v->seats == 4 ? "all four of you" : v->seats == 3 ? "all three of you" : "you both";
}
static const char *passed_all_cap(const gin_view *v)
{
    return v->seats == 4 ? "All four of you" : v->seats == 3 ? "All three of you" : "You both";
}

static void default_message(gin_play *p, const gin_view *v)
{
    char top[GIN_UI_CARD_TEXT];
    top_text(v, top, sizeof top);
    gin_table_choice o;
    gin_table_options(v, &o);
    if (v->phase == GIN_PHASE_OFFER) {
        gin_play_msg(p, 0, "Your turn: take the %s (d) or pass (p).", top);
    } else if (v->phase == GIN_PHASE_DRAW) {
        if (o.pile)
            gin_play_msg(p, 0, "Your turn: draw from the stock (s) or take the %s (d).", top);
        else if (v->pile_n > 0)
            gin_play_msg(p, 0, "Your turn: %s passed the %s, so draw from the stock (s).", passed_all(v), top);
        else
            gin_play_msg(p, 0, "Your turn: draw from the stock (s).");
    } else if (o.gin) {
        gin_play_msg(p, 0, "You can go gin: press g. Or pick a card and press Enter to throw it.");
    } else if (o.knock) {
        gin_play_msg(p, 0, "Pick a card and press Enter to throw it, or k to knock (deadwood %d).", o.least);
    } else {
        gin_play_msg(p, 0, "Pick a card to throw (arrows, or the key under it), then press Enter or Space.");
    }
}

static int index_of(const gin_play *p, gin_card c) { return gin_table_index_of(&p->table, c); }

static gin_card picked(const gin_play *p) { return gin_table_picked(&p->table); }

/* Why a draw is refused, in the player's words. */
static void refuse_draw(gin_play *p, const gin_view *v, int why)
{
    char top[GIN_UI_CARD_TEXT];
    top_text(v, top, sizeof top);
    if (why == GIN_ILLEGAL_PILE_BARRED)
        gin_play_msg(p, 1, "%s passed the %s: the first draw is from the stock (s).", passed_all_cap(v), top);
    else if (why == GIN_ILLEGAL_PILE_EMPTY)
        gin_play_msg(p, 1, "The discard pile is empty: draw from the stock (s).");
    else if (why == GIN_ILLEGAL_STOCK_EMPTY)
        gin_play_msg(p, 1, "The stock is empty.");
    else
        gin_play_msg(p, 1, "That move is not allowed now. ? shows the keys.");
}

/* Enter: throw the picked card. */
static int try_throw(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_card c = picked(p);
    if (c == GIN_NO_CARD) {
        gin_play_msg(p, 1, "Pick the card to throw first: arrows, or the key under it, then Enter.");
        return 0;
    }
    *out = gin_action_make(GIN_ACT_DISCARD, c);
    int why = gin_view_check(v, *out, 0, NULL);
    if (why == GIN_OK)
        return 1;
    char ct[GIN_UI_CARD_TEXT];
    card_text(c, ct, sizeof ct);
    if (why == GIN_ILLEGAL_JUST_TAKEN)
        gin_play_msg(p, 1, "You just took %s from the pile: it can't go back this turn. Throw another card.", ct);
    else
        gin_play_msg(p, 1, "That move is not allowed now. ? shows the keys.");
    return 0;
}

/* k: knock with the picked card, after a second k to confirm. */
static int try_knock(gin_play *p, const gin_view *v, int armed, gin_action *out)
{
    gin_card c = picked(p);
    gin_view_check_facts f;
    *out = gin_action_make(GIN_ACT_KNOCK, c);
    int why = gin_view_check(v, *out, 0, &f);
    char bt[GIN_UI_CARD_TEXT], ct[GIN_UI_CARD_TEXT];
    card_text(f.best, bt, sizeof bt);
    card_text(c, ct, sizeof ct);
    if (f.limit <= 0 && f.least > 0) {
        gin_play_msg(p, 1, "No knocking in this hand: gin only. Your best is deadwood %d.", f.least);
        return 0;
    }
    if (f.least > f.limit) {
        gin_play_msg(p, 1, "You can't knock: your least deadwood after a throw is %d, over this hand's limit of %d.",
                     f.least, f.limit);
        return 0;
    }
    if (c == GIN_NO_CARD) {
        p->table.selected = index_of(p, f.best);
        gin_play_msg(p, 1, "Pick the card to throw face down: %s leaves deadwood %d. Then k.", bt, f.least);
        return 0;
    }
    if (why == GIN_ILLEGAL_JUST_TAKEN) {
        gin_play_msg(p, 1, "You just took %s from the pile: knock by throwing another card (%s leaves %d).", ct, bt,
                     f.least);
        return 0;
    }
    if (why == GIN_ILLEGAL_OVER_LIMIT) {
        gin_play_msg(p, 1, "Throwing %s leaves deadwood %d, over the limit of %d. Select %s (deadwood %d) and press k.",
                     ct, f.after, f.limit, bt, f.least);
        return 0;
    }
    if (why != GIN_OK) {
        gin_play_msg(p, 1, "That move is not allowed now. ? shows the keys.");
        return 0;
    }
    if (!armed) {
        p->table.knock_armed = 1;
        if (f.after == 0) {
            gin_play_msg(p, 0, "Go gin, throwing %s face down? Press k again to confirm (any other key: no).", ct);
        } else {
            char note[GIN_PLAY_MSG];
            gin_play_knock_note(v, c, note, sizeof note);
            gin_play_msg(p, 0, "Knock with deadwood %d, throwing %s face down? %s%sPress k again to confirm.", f.after,
                         ct, note, note[0] ? ". " : "");
        }
        return 0;
    }
    int r = gin_play_pick_spread(gin_play_seats(p), v, c, out);
    if (r == 0)
        gin_play_msg(p, 0, "No knock: your turn goes on. Pick a card and press Enter to throw it, or k to knock.");
    return r;
}

/* g: big gin when all eleven meld (and the rules pay it), else gin with
 * the throw that leaves none. */
static int try_gin(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_view_check_facts f;
    *out = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
    if (gin_view_check(v, *out, 1, &f) == GIN_OK)
        return 1;
    if (f.least != 0) {
        gin_play_msg(p, 1, "Not gin yet: the best you can do now is deadwood %d.", f.least);
        return 0;
    }
    *out = gin_action_make(GIN_ACT_KNOCK, f.best); /* legal: the throw that keeps no deadwood */
    return 1;
}

/* A page over the table. GIN_DO_QUIT on a quit signal. */
static int side_screen(gin_play *p, int cmd)
{
    static char text[GIN_PLAY_PAGE];
    gin_seating who = gin_play_seating(p);
    int rc = 0;
    switch (cmd) {
    case GIN_CMD_HELP:
        rc = gin_ui_text_screen("Help", gin_play_help_text(gin_play_rules_of(p), who.seats, text, sizeof text),
                                "Enter or q: back to the table", "\n\033q?");
        break;
    case GIN_CMD_PILE_VIEW:
        gin_table_pile_text(&p->table, gin_play_view(p), &who, text, sizeof text);
        rc = gin_ui_text_screen("The discard pile, bottom to top", text, "Enter or q: back", "\n\033qv");
        break;
    case GIN_CMD_TRACKER:
        gin_table_tracker_text(gin_play_view(p), &who, text, sizeof text);
        if (p->practice) /* the reveal is not a thing the player found out */
            gin_play_add(text, sizeof text,
                         "\n\nPractice: the hands face up on the table are left out; this is\n"
                         "what you would know in a game that hides them.");
        rc = gin_ui_text_screen("The cards, as far as you know", text, "Enter or q: back", "\n\033qc");
        break;
    case GIN_CMD_SHEET:
        gin_play_sheet_text(&p->ref.m.game, &who, text, sizeof text);
        rc = gin_ui_text_screen("Score sheet", text, "Enter or q: back", "\n\033qt");
        break;
    case GIN_CMD_LOG_VIEW:
        gin_table_log_text(&p->table, text, sizeof text);
        rc = gin_ui_text_screen("This hand's moves", text, "Enter or q: back", "\n\033qL");
        break;
    default:
        return gin_play_menu(p);
    }
    return rc < 0 ? GIN_DO_QUIT : GIN_DO_NOTHING;
}

/* A move key in the wrong moment: say what the moment wants instead. */
static void not_now(gin_play *p, const gin_view *v, int cmd)
{
    gin_table_choice o;
    gin_table_options(v, &o);
    if (v->phase == GIN_PHASE_OFFER) {
        if (cmd == GIN_CMD_STOCK)
            gin_play_msg(p, 1, "Not yet: first take the upcard (d) or pass (p); the stock comes after.");
        else
            gin_play_msg(p, 1, "Take the upcard with d or pass with p.");
    } else if (v->phase == GIN_PHASE_DRAW) {
        if (cmd == GIN_CMD_PASS)
            gin_play_msg(p, 1, "There is nothing to pass on now: draw from the stock (s)%s.",
                         o.pile ? " or the pile (d)" : "");
        else
            gin_play_msg(p, 1, "Draw first: s for the stock%s.", o.pile ? ", d for the discard pile" : "");
    } else if (cmd == GIN_CMD_STOCK || cmd == GIN_CMD_PILE || cmd == GIN_CMD_TAKE) {
        gin_play_msg(p, 1, "You have drawn already: throw a card (Enter), or knock (k).");
    } else if (cmd == GIN_CMD_PASS) {
        gin_play_msg(p, 1, "No passing now: throw a card with Enter.");
    } else {
        gin_play_msg(p, 1, "That key does nothing now. Pick a card and press Enter to throw it; ? shows the keys.");
    }
}

/* The move a move key asks for, in *a: 1 when it is legal, 0 (with a
 * message) when there is none, -1 on a quit signal (in the spread chooser). */
static int key_move(gin_play *p, const gin_view *v, int cmd, int knock_armed, gin_action *a)
{
    static const int kinds[] = {[GIN_CMD_TAKE] = GIN_ACT_TAKE_UPCARD,
                                [GIN_CMD_PASS] = GIN_ACT_PASS,
                                [GIN_CMD_STOCK] = GIN_ACT_DRAW_STOCK,
                                [GIN_CMD_PILE] = GIN_ACT_DRAW_DISCARD};
    switch (cmd) {
    case GIN_CMD_THROW:
        return try_throw(p, v, a);
    case GIN_CMD_KNOCK:
        return try_knock(p, v, knock_armed, a);
    case GIN_CMD_GIN:
        return try_gin(p, v, a);
    default: { /* take, pass, stock, pile */
        *a = gin_action_make(kinds[cmd], GIN_NO_CARD);
        int why = gin_view_check(v, *a, 0, NULL);
        if (why != GIN_OK)
            refuse_draw(p, v, why);
        return why == GIN_OK;
    }
    }
}

/* The player chose `a` (legal): note it for the review, and hand it to
 * the loop. */
static int commit(gin_play *p, const gin_view *v, gin_action a, gin_action *out)
{
    if (gin_play_coach_busy(p, v))
        gin_play_sign(p, "The coach is judging your move...");
    gin_play_review_note(p, v, a);
    gin_play_coach_after(p, v, a);
    if (a.kind == GIN_ACT_DISCARD || a.kind == GIN_ACT_KNOCK) {
        p->table.drawn = GIN_NO_CARD;
        p->table.selected = -1;
    }
    *out = a;
    return GIN_DO_MOVE;
}

/* A key that is not a move. Returns what the loop should do. */
static int key_command(gin_play *p, const gin_view *v, const gin_key *k, int code)
{
    int i = gin_key_index(k, code), half = 0;
    while (half < GIN_KEY_CODES && k->codes[half])
        half++;
    half /= 2;
    gin_table *t = &p->table;
    switch (k->cmd) {
    case GIN_CMD_STEP:
        if (t->n_order && i < half)
            t->selected = t->selected <= 0 ? t->n_order - 1 : t->selected - 1;
        else if (t->n_order)
            t->selected = t->selected < 0 || t->selected >= t->n_order - 1 ? 0 : t->selected + 1;
        return GIN_DO_NOTHING;
    case GIN_CMD_PICK:
        if (i >= 0 && i < t->n_order)
            t->selected = i;
        return GIN_DO_NOTHING;
    case GIN_CMD_MOVE:
        gin_table_move_block(t, v->hand, i < half ? -1 : 1);
        p->files.order_unsaved = 1;
        return GIN_DO_NOTHING;
    case GIN_CMD_SORT:
        t->sort = t->sort >= GIN_SORT_SUIT ? GIN_SORT_MELDS : t->sort + 1;
        p->set.sort = t->sort;
        gin_table_sync_hand(t, v->hand);
        p->files.order_unsaved = 1;
        return GIN_DO_NOTHING;
    case GIN_CMD_HINT: {
        gin_card best;
        if (gin_play_hint(p, v, &best) < 0)
            return GIN_DO_QUIT;
        int at = best != GIN_NO_CARD ? index_of(p, best) : -1;
        if (at >= 0)
            t->selected = at;
        return GIN_DO_NOTHING;
    }
    case GIN_CMD_POSITION: {
        char path[GIN_PLAY_WHY];
        gin_play_write_position(p->ref.rec, p->human, t, path, sizeof path);
        return GIN_DO_NOTHING;
    }
    case GIN_CMD_LOG_SCROLL: /* a few lines at a time */
        gin_table_scroll_log(t, i < half ? 4 : -4);
        return GIN_DO_NOTHING;
    case GIN_CMD_UNDO: {
        const char *why = NULL;
        if (!p->practice)
            gin_play_msg(p, 1, "Undo is for practice games: start one with --open or from the menu (m).");
        else if (p->opponent) /* an external bot's game cannot be played again */
            gin_play_msg(p, 1, "Undo is not available against an external bot.");
        else if (gin_referee_undo_point(&p->ref, p->human, &why) < 0)
            gin_play_msg(p, 1, "%s", why);
        else
            return GIN_DO_UNDO;
        return GIN_DO_NOTHING;
    }
    case GIN_CMD_QUIT:
        gin_play_ask_quit(p);
        return GIN_DO_NOTHING;
    default: /* the side screens and the menu */
        return side_screen(p, k->cmd);
    }
}

/* A click as the key it stands for (0: it only picked a card, or hit
 * nothing). */
static int click_key(gin_play *p, const gin_view *v, const gin_layout *l, const gin_ui_input *in)
{
    int idx = -1;
    gin_scene t;
    gin_play_scene(p, &t);
    int hit = gin_layout_hit(l, &t, in->y, in->x, &idx);
    if (hit == GIN_HIT_STOCK)
        return 's';
    if (hit == GIN_HIT_DISCARD)
        return v->phase == GIN_PHASE_DISCARD ? GIN_KEY_ENTER : 'd';
    if (hit == GIN_HIT_CARD) {
        if (idx == p->table.selected && v->phase == GIN_PHASE_DISCARD)
            return GIN_KEY_ENTER;
        p->table.selected = idx;
    }
    return 0;
}

/* Commands that only show something: a knock waiting for its k stays
 * armed through them. */
static int looks_only(int cmd)
{
    return cmd == GIN_CMD_HINT || cmd == GIN_CMD_HELP || cmd == GIN_CMD_LOG_VIEW || cmd == GIN_CMD_PILE_VIEW ||
           cmd == GIN_CMD_TRACKER || cmd == GIN_CMD_SHEET;
}

/* A page (or the hint) while a knock waits for its k: the knock still
 * waits, the question asked again; but if the hint picked another card to
 * throw, the knock with the old one is off, and the message says so. */
static int look_while_knocking(gin_play *p, const gin_view *v, const gin_key *k, int key)
{
    gin_card before = picked(p);
    int r = key_command(p, v, k, key);
    if (r != GIN_DO_NOTHING)
        return r;
    gin_card now = picked(p);
    if (now == before) {
        gin_action a;
        (void)try_knock(p, v, 0, &a); /* arms it again, with its question */
    } else {
        char ct[GIN_UI_CARD_TEXT], bt[GIN_UI_CARD_TEXT];
        card_text(before, bt, sizeof bt);
        card_text(now, ct, sizeof ct);
        gin_play_msg(p, 0, "No knock with %s: the hint picked %s (k knocks with it, Enter throws it).", bt, ct);
    }
    return GIN_DO_NOTHING;
}

/* One key at the player's turn (turn 1) or while the bots play. */
static int on_key(gin_play *p, const gin_view *v, int key, int turn, gin_action *out)
{
    int was_knock = p->table.knock_armed, was_quit = p->table.quit_armed;
    p->table.knock_armed = p->table.quit_armed = 0;
    if (was_quit) {
        if (key == 'y' || key == 'Y' || key == 'q')
            return GIN_DO_QUIT;
        if (turn)
            default_message(p, v);
        return GIN_DO_NOTHING;
    }
    if (was_knock && key != 'k') {
        const gin_key *look = turn ? gin_key_find(key, when_of(v)) : NULL;
        if (look && looks_only(look->cmd))
            return look_while_knocking(p, v, look, key);
        default_message(p, v);
        if (key == GIN_KEY_ESC)
            return GIN_DO_NOTHING;
    }
    if (key == GIN_KEY_ESC) {
        if (turn)
            default_message(p, v);
        return turn ? GIN_DO_NOTHING : GIN_DO_SKIP;
    }
    const gin_key *k = gin_key_find(key, turn ? when_of(v) : GIN_WHEN_WAIT);
    if (!turn) /* any other key ends the bot's pause */
        return k ? key_command(p, v, k, key) : GIN_DO_SKIP;
    if (!k) {
        const gin_key *any = gin_key_any(key);
        if (any)
            not_now(p, v, any->cmd);
        else
            gin_play_msg(p, 1, "Unknown key. ? shows the keys.");
        return GIN_DO_NOTHING;
    }
    if (k->cmd > GIN_CMD_GIN)
        return key_command(p, v, k, key);
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    int r = key_move(p, v, k->cmd, was_knock, &a);
    if (r < 0)
        return GIN_DO_QUIT;
    return r ? commit(p, v, a, out) : GIN_DO_NOTHING;
}

void gin_play_ask_quit(gin_play *p)
{
    /* The choice and the situation on rows of their own, so a wrap never
     * splits a phrase (the message line takes the row above it); a long
     * reason comes last, where a cut cannot take the choice. */
    p->table.quit_armed = 1;
    if (gin_play_can_save(p) && p->files.save_error[0]) /* a full disk, say: the last save that worked stays */
        gin_play_msg(p, 0, "Quit? y: try again to save, and quit; any other key: play on.\nSaving failed: %s.",
                     p->files.save_error);
    else if (gin_play_can_save(p))
        gin_play_msg(p, 0, "Quit? The game is saved for next time.\ny: save and quit, any other key: play on.");
    else
        gin_play_msg(p, 0,
                     "Quit? y: quit (the game ends here), any other key: play on.\nThis game cannot be saved (%s).",
                     gin_play_why_unsaved(p));
}

/* 1 if text fits the message line: its bytes, and two rows at this width. */
static int fits_message(const char *text)
{
    int lines = 0, cols = 0;
    gin_ui_size(&lines, &cols);
    return strlen(text) < GIN_PLAY_MSG && gin_ui_wrap(text, cols - 2, NULL, NULL) <= 2;
}

/* The coach's note greets the turn, with the turn's prompt (already the
 * message) after it when the two rows hold both, else "Your turn.": the
 * note alone left a learner asking whose move it was. */
static void note_and_prompt(gin_play *p, const char *note)
{
    char both[2 * GIN_PLAY_MSG];
    snprintf(both, sizeof both, "%s %s", note, p->table.msg);
    if (!fits_message(both)) {
        snprintf(both, sizeof both, "%s Your turn.", note);
        if (!fits_message(both))
            snprintf(both, sizeof both, "%s", note);
    }
    gin_play_msg(p, 0, "%s", both);
}

void gin_play_start_turn(gin_play *p)
{
    const gin_view *v = gin_play_view(p);
    gin_table *t = &p->table;
    gin_table_sync_hand(t, v->hand);
    if (v->phase == GIN_PHASE_DISCARD && t->selected < 0 && t->n_order) {
        int i = t->drawn != GIN_NO_CARD ? index_of(p, t->drawn) : -1;
        if (i < 0) {
            gin_table_choice o;
            gin_table_options(v, &o);
            i = index_of(p, o.best);
        }
        t->selected = i;
    }
    char note[GIN_PLAY_MSG];
    default_message(p, v);
    if (gin_play_coach_note(v, note, sizeof note))
        note_and_prompt(p, note);
    t->knock_armed = t->quit_armed = 0;
}

int gin_play_input(gin_play *p, const gin_ui_input *in, const gin_layout *l, int turn, gin_action *out)
{
    const gin_view *v = gin_play_view(p);
    int key = in->key;
    if (in->kind == GIN_IN_WHEEL) { /* over the move log, it scrolls it */
        if (in->y >= l->log.y && in->y < l->log.y + l->log.h && in->x >= l->log.x && in->x < l->log.x + l->log.w)
            gin_table_scroll_log(&p->table, -2 * in->key);
        return GIN_DO_NOTHING;
    }
    if (in->kind == GIN_IN_CLICK) {
        if (!turn) /* a click while the bots play ends the pause */
            return GIN_DO_SKIP;
        if (!(key = click_key(p, v, l, in)))
            return GIN_DO_NOTHING;
    }
    if (in->kind != GIN_IN_KEY && in->kind != GIN_IN_CLICK)
        return GIN_DO_NOTHING;
    /* In a window too small to show the table, only quitting acts: a move
     * made blind could not be taken back. */
    if (l->too_small && key != 'q' && key != 'Q' && key != 'y' && key != 'Y')
        return GIN_DO_NOTHING;
    return on_key(p, v, key, turn, out);
}

/* The facts the table screen gets beyond the player's view: names, the
 * scores, and in a practice game the practice reveal. */
void gin_play_sign(const gin_play *p, const char *msg)
{
    gin_scene t;
    gin_layout l;
    gin_play_scene(p, &t);
    snprintf(t.message, sizeof t.message, "%s", msg);
    t.message_error = 0;
    gin_ui_draw_scene(&t, &l);
}

void gin_play_scene(const gin_play *p, gin_scene *t)
{
    static char title[GIN_UI_LINE];
    gin_table_facts f;
    memset(&f, 0, sizeof f);
    f.who = gin_play_seating(p);
    if (p->opponent) /* an external bot: its own name, from the handshake */
        snprintf(title, sizeof title, "%s", p->bot_agent.name ? p->bot_agent.name : "External bot");
    else
        snprintf(title, sizeof title, "%s bot", p->level->title);
    f.opp_title = title;
    f.level = p->level->name;
    f.practice = p->practice;
    f.waiting = p->stage != GIN_STAGE_TURN;
    const gin_game *g = &p->ref.m.game;
    for (int k = 0; k < 3; k++) /* the scores are public: every hand's result is announced */
        for (int s = 0; s < GIN_MAX_SEATS; s++)
            f.hollywood[k][s] = g->hollywood[k].points[s];
    /* The practice reveal: the bots' hands, face up, in a practice game
     * only. The referee's hands are read here and nowhere else. */
    if (p->practice)
        f.open = g->hand.held;
    gin_table_scene(&p->table, gin_play_view(p), &f, t);
}
