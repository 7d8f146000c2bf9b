/* The human at the terminal as a gin_agent: each decision runs the input
 * loop (keys, clicks, resize, side screens) until the player chooses a
 * move. What a key does comes from the key table (keys.c); what may be done
 * comes from the core's legal list for the seat's view (gin_view_legal), so
 * the agent can only ever hand the match a legal action, and an illegal key
 * is a message. Quitting or undoing unwinds the decision: the callback sets
 * p->aborting and returns a refusal the session then discards. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "keys.h"
#include "ui.h"

enum { DECIDED = 0, ABORTED = -1, GO_ON = 1 };

static void card_text(gin_card c, char *buf, size_t cap) { gin_ui_card_text(c, buf, cap); }

static unsigned when_of(const gin_view *v)
{
    return v->phase == GIN_PHASE_OFFER ? GIN_WHEN_OFFER : v->phase == GIN_PHASE_DRAW ? GIN_WHEN_DRAW : GIN_WHEN_DISCARD;
}

/* Least deadwood after throwing any card but `taken`; the card in *best. */
static int best_throw(gin_cardset held, gin_card taken, gin_card *best)
{
    int after[64], least = 1000;
    *best = GIN_NO_CARD;
    if (gin_discard_deadwoods(held, after) < 0)
        return least;
    for (gin_cardset s = held; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c != taken && after[c] >= 0 && after[c] < least) {
            least = after[c];
            *best = c;
        }
    }
    return least;
}

static int pile_allowed(const gin_view *v)
{
    return gin_view_is_legal(v, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD));
}

static void default_message(gin_play *p, const gin_view *v)
{
    char top[16];
    card_text(v->pile_n ? v->pile[v->pile_n - 1] : GIN_NO_CARD, top, sizeof top);
    if (v->phase == GIN_PHASE_OFFER) {
        gin_play_msg(p, 0, "Your turn: take the %s (d) or pass (p).", top);
    } else if (v->phase == GIN_PHASE_DRAW) {
        if (pile_allowed(v))
            gin_play_msg(p, 0, "Your turn: draw from the stock (s) or take the %s (d).", top);
        else if (v->pile_n > 0)
            gin_play_msg(p, 0, "Your turn: you both passed the %s, so draw from the stock (s).", top);
        else
            gin_play_msg(p, 0, "Your turn: draw from the stock (s).");
    } else {
        gin_card best;
        int least = best_throw(v->hand, v->taken, &best);
        if (least == 0)
            gin_play_msg(p, 0, "You can go gin: press g. Or pick a card and press Enter to throw it.");
        else if (least <= v->knock_limit)
            gin_play_msg(p, 0, "Pick a card and press Enter to throw it, or k to knock (deadwood %d).", least);
        else
            gin_play_msg(p, 0, "Pick a card to throw (arrows or 1-9), then press Enter or Space.");
    }
}

static void redraw(gin_play *p, gin_layout *l)
{
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, l);
}

static int index_of(const gin_play *p, gin_card c)
{
    for (int i = 0; i < p->n_order; i++)
        if (p->order[i] == c)
            return i;
    return -1;
}

static gin_card picked(const gin_play *p)
{
    return p->selected >= 0 && p->selected < p->n_order ? p->order[p->selected] : GIN_NO_CARD;
}

static int try_throw(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_card c = picked(p);
    if (c == GIN_NO_CARD) {
        gin_play_msg(p, 1, "Pick the card to throw first: arrows or 1-9, then Enter.");
        return 0;
    }
    char ct[16];
    card_text(c, ct, sizeof ct);
    if (c == v->taken) {
        gin_play_msg(p, 1, "You just took %s from the pile: it can't go back this turn. Throw another card.", ct);
        return 0;
    }
    *out = gin_action_make(GIN_ACT_DISCARD, c);
    return 1;
}

/* k: knock with the picked card, after a second k to confirm. */
static int try_knock(gin_play *p, const gin_view *v, int armed, gin_action *out)
{
    gin_card best;
    int least = best_throw(v->hand, v->taken, &best);
    char bt[16];
    card_text(best, bt, sizeof bt);
    if (v->knock_limit <= 0 && least > 0) {
        gin_play_msg(p, 1, "No knocking in this hand: gin only. Your best is deadwood %d.", least);
        return 0;
    }
    if (least > v->knock_limit) {
        gin_play_msg(p, 1, "You can't knock: your least deadwood after a throw is %d, over this hand's limit of %d.",
                     least, v->knock_limit);
        return 0;
    }
    gin_card c = picked(p);
    if (c == GIN_NO_CARD) {
        p->selected = index_of(p, best);
        gin_play_msg(p, 1, "Pick the card to throw face down: %s leaves deadwood %d. Then k.", bt, least);
        return 0;
    }
    char ct[16];
    card_text(c, ct, sizeof ct);
    if (c == v->taken) {
        gin_play_msg(p, 1, "You just took %s from the pile: knock by throwing another card (%s leaves %d).", ct, bt,
                     least);
        return 0;
    }
    int after = gin_deadwood(v->hand & ~gin_cardset_of(c));
    if (after > v->knock_limit) {
        gin_play_msg(p, 1, "Throwing %s leaves deadwood %d, over the limit of %d. Select %s (deadwood %d) and press k.",
                     ct, after, v->knock_limit, bt, least);
        return 0;
    }
    if (!armed) {
        p->knock_armed = 1;
        if (after == 0)
            gin_play_msg(p, 0, "Go gin, throwing %s face down? Press k again to confirm (any other key: no).", ct);
        else
            gin_play_msg(p, 0, "Knock with deadwood %d, throwing %s face down? Press k again to confirm.", after, ct);
        return 0;
    }
    int r = gin_play_pick_spread(p, v, c, out);
    if (r == 0)
        gin_play_msg(p, 0, "No knock: your turn goes on. Pick a card and press Enter to throw it, or k to knock.");
    return r > 0;
}

static int try_gin(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_card best;
    int least = best_throw(v->hand, v->taken, &best);
    gin_action big = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
    if (gin_view_is_legal(v, big)) {
        *out = big;
        return 1;
    }
    if (least > 0) {
        gin_play_msg(p, 1, "Not gin yet: the best you can do now is deadwood %d.", least);
        return 0;
    }
    *out = gin_action_make(GIN_ACT_KNOCK, best);
    return 1;
}

static void hint(gin_play *p, const gin_view *v)
{
    gin_card best;
    gin_play_hint(p, v, &best);
    int i = best != GIN_NO_CARD ? index_of(p, best) : -1;
    if (i >= 0)
        p->selected = i;
}

static int side_screen(gin_play *p, int cmd)
{
    static char text[32768];
    int rc = 0;
    switch (cmd) {
    case GIN_CMD_HELP:
        rc = gin_ui_text_screen("Help", gin_play_help_text(p, text, sizeof text), "Enter or q: back to the table",
                                "\n\033q?");
        break;
    case GIN_CMD_PILE_VIEW:
        gin_play_pile_text(p, text, sizeof text);
        rc = gin_ui_text_screen("The discard pile, bottom to top", text, "Enter or q: back", "\n\033qv");
        break;
    case GIN_CMD_SHEET:
        gin_play_sheet_text(p, text, sizeof text);
        rc = gin_ui_text_screen("Score sheet", text, "Enter or q: back", "\n\033qt");
        break;
    case GIN_CMD_LOG_VIEW:
        gin_play_log_text(p, text, sizeof text);
        rc = gin_ui_text_screen("This hand's moves", text, "Enter or q: back", "\n\033qL");
        break;
    default:
        rc = gin_play_menu(p);
        break;
    }
    return rc < 0 ? -1 : 0;
}

static int abort_decision(gin_play *p)
{
    p->aborting = 1;
    return ABORTED;
}

/* A move key in the wrong moment: say what the moment wants instead. */
static void not_now(gin_play *p, const gin_view *v, int cmd)
{
    if (v->phase == GIN_PHASE_OFFER) {
        if (cmd == GIN_CMD_STOCK)
            gin_play_msg(p, 1, "Not yet: first take the upcard (d) or pass (p); the stock comes after.");
        else
            gin_play_msg(p, 1, "Take the upcard with d or pass with p.");
    } else if (v->phase == GIN_PHASE_DRAW) {
        if (cmd == GIN_CMD_PASS)
            gin_play_msg(p, 1, "There is nothing to pass on now: draw from the stock (s)%s.",
                         pile_allowed(v) ? " or the pile (d)" : "");
        else
            gin_play_msg(p, 1, "Draw first: s for the stock%s.", pile_allowed(v) ? ", d for the discard pile" : "");
    } else if (cmd == GIN_CMD_STOCK || cmd == GIN_CMD_PILE || cmd == GIN_CMD_TAKE) {
        gin_play_msg(p, 1, "You have drawn already: throw a card (Enter), or knock (k).");
    } else if (cmd == GIN_CMD_PASS) {
        gin_play_msg(p, 1, "No passing now: throw a card with Enter.");
    } else {
        gin_play_msg(p, 1, "That key does nothing now. Pick a card and press Enter to throw it; ? shows the keys.");
    }
}

/* The move a move key asks for, in *a; 0 (with a message) if there is none. */
static int key_move(gin_play *p, const gin_view *v, int cmd, int knock_armed, gin_action *a)
{
    *a = gin_action_make(-1, GIN_NO_CARD);
    switch (cmd) {
    case GIN_CMD_TAKE:
        a->kind = GIN_ACT_TAKE_UPCARD;
        return 1;
    case GIN_CMD_PASS:
        a->kind = GIN_ACT_PASS;
        return 1;
    case GIN_CMD_STOCK:
        a->kind = GIN_ACT_DRAW_STOCK;
        return 1;
    case GIN_CMD_PILE:
        if (!pile_allowed(v)) {
            char top[16];
            card_text(v->pile_n ? v->pile[v->pile_n - 1] : GIN_NO_CARD, top, sizeof top);
            if (v->pile_n > 0)
                gin_play_msg(p, 1, "You both passed the %s: the first draw is from the stock (s).", top);
            else
                gin_play_msg(p, 1, "The discard pile is empty: draw from the stock (s).");
            return 0;
        }
        a->kind = GIN_ACT_DRAW_DISCARD;
        return 1;
    case GIN_CMD_THROW:
        return try_throw(p, v, a);
    case GIN_CMD_KNOCK:
        return try_knock(p, v, knock_armed, a);
    default: /* GIN_CMD_GIN */
        return try_gin(p, v, a);
    }
}

/* The player chose `a` (legal): note it for the review and undo, and end
 * the decision. */
static int commit(gin_play *p, const gin_view *v, gin_action a, gin_action *out)
{
    gin_play_review_note(p, v, a);
    if (a.kind == GIN_ACT_DISCARD || a.kind == GIN_ACT_KNOCK) {
        p->drawn = GIN_NO_CARD;
        p->selected = -1;
    }
    *out = a;
    return DECIDED;
}

/* The move log `back` lines further back (negative: on), never past
 * either end. */
static void scroll_log(gin_play *p, int back)
{
    p->log_scroll += back;
    if (p->log_scroll > p->n_log - 1)
        p->log_scroll = p->n_log > 0 ? p->n_log - 1 : 0;
    if (p->log_scroll < 0)
        p->log_scroll = 0;
}

/* A key that is not a move. Returns GO_ON, or ABORTED. */
static int key_command(gin_play *p, const gin_view *v, const gin_key *k, int code)
{
    int i = gin_key_index(k, code), half = 0;
    while (half < GIN_KEY_CODES && k->codes[half])
        half++;
    half /= 2;
    switch (k->cmd) {
    case GIN_CMD_STEP:
        if (p->n_order && i < half)
            p->selected = p->selected <= 0 ? p->n_order - 1 : p->selected - 1;
        else if (p->n_order)
            p->selected = p->selected < 0 || p->selected >= p->n_order - 1 ? 0 : p->selected + 1;
        return GO_ON;
    case GIN_CMD_PICK:
        if (i >= 0 && i < p->n_order)
            p->selected = i;
        return GO_ON;
    case GIN_CMD_MOVE:
        gin_play_move_block(p, v->hand, i < half ? -1 : 1);
        return GO_ON;
    case GIN_CMD_SORT:
        p->sort = p->sort >= GIN_SORT_SUIT ? GIN_SORT_MELDS : p->sort + 1;
        p->set.sort = p->sort;
        gin_play_sync_hand(p, v->hand);
        return GO_ON;
    case GIN_CMD_HINT:
        hint(p, v);
        return p->quit_req ? abort_decision(p) : GO_ON;
    case GIN_CMD_POSITION: {
        char path[1100];
        gin_play_write_position(p, path, sizeof path);
        return GO_ON;
    }
    case GIN_CMD_LOG_SCROLL: /* a few lines at a time */
        scroll_log(p, i < half ? 4 : -4);
        return GO_ON;
    case GIN_CMD_UNDO: {
        const char *why = NULL;
        if (!p->practice)
            gin_play_msg(p, 1, "Undo is for practice games: start one with --open or from the menu (m).");
        else if (gin_play_undo_point(p, &why) < 0)
            gin_play_msg(p, 1, "%s", why);
        else {
            p->undo_req = 1;
            return abort_decision(p);
        }
        return GO_ON;
    }
    case GIN_CMD_QUIT:
        p->quit_armed = 1;
        if (gin_play_can_save(p) && p->save_error[0]) /* a full disk, say: the last save that worked stays */
            gin_play_msg(p, 0, "Quit? Saving failed (%s). y: try again and quit, any other key: play on.",
                         p->save_error);
        else if (gin_play_can_save(p))
            gin_play_msg(p, 0, "Quit? The game is saved for next time. y: save and quit, any other key: play on.");
        else
            gin_play_msg(p, 0, "Quit? This game cannot be saved (%s): it ends here. y: quit, any other key: play on.",
                         gin_play_why_unsaved(p));
        return GO_ON;
    default: /* the side screens and the menu */
        if (side_screen(p, k->cmd) < 0) {
            p->quit_req = 1;
            return abort_decision(p);
        }
        return GO_ON;
    }
}

/* A click as the key it stands for (0: it only picked a card). */
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
        if (idx == p->selected && v->phase == GIN_PHASE_DISCARD)
            return GIN_KEY_ENTER;
        p->selected = idx;
    }
    return 0;
}

/* One key of the decision. Returns DECIDED (*out holds a legal move),
 * ABORTED, or GO_ON. */
static int on_key(gin_play *p, const gin_view *v, int key, gin_action *out)
{
    int was_knock = p->knock_armed, was_quit = p->quit_armed;
    p->knock_armed = p->quit_armed = 0;
    if (was_quit) {
        if (key == 'y' || key == 'Y' || key == 'q') {
            p->quit_req = 1;
            return abort_decision(p);
        }
        default_message(p, v);
        return GO_ON;
    }
    if (was_knock && key != 'k') {
        default_message(p, v);
        if (key == GIN_KEY_ESC)
            return GO_ON;
    }
    if (key == GIN_KEY_ESC) {
        default_message(p, v);
        return GO_ON;
    }
    const gin_key *k = gin_key_find(key, when_of(v));
    if (!k) {
        const gin_key *any = gin_key_any(key);
        if (any)
            not_now(p, v, any->cmd);
        else
            gin_play_msg(p, 1, "Unknown key. ? shows the keys.");
        return GO_ON;
    }
    if (k->cmd > GIN_CMD_GIN)
        return key_command(p, v, k, key);
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    if (!key_move(p, v, k->cmd, was_knock, &a))
        return p->quit_req ? abort_decision(p) : GO_ON;
    if (!gin_view_is_legal(v, a)) { /* the rules refuse it: never hand it on */
        gin_play_msg(p, 1, "That move is not allowed now. ? shows the keys.");
        return GO_ON;
    }
    return commit(p, v, a, out);
}

/* Before the input loop: practice snapshot, the hand in order, a card
 * picked to throw, the message. */
static void start_decision(gin_play *p, const gin_view *v)
{
    gin_play_sync_hand(p, v->hand);
    if (v->phase == GIN_PHASE_DISCARD && p->selected < 0 && p->n_order) {
        int i = p->drawn != GIN_NO_CARD ? index_of(p, p->drawn) : -1;
        if (i < 0) {
            gin_card best;
            best_throw(v->hand, v->taken, &best);
            i = index_of(p, best);
        }
        p->selected = i;
    }
    default_message(p, v);
    p->knock_armed = p->quit_armed = 0;
}

/* The input loop of one decision. */
static int decide(gin_play *p, const gin_view *v, gin_action *out)
{
    start_decision(p, v);
    gin_layout l;
    gin_ui_input in;
    for (;;) {
        redraw(p, &l);
        gin_ui_read(&in, -1);
        if (in.kind == GIN_IN_QUIT) {
            p->quit_req = 1;
            return abort_decision(p);
        }
        if (in.kind == GIN_IN_RESIZE || in.kind == GIN_IN_NONE)
            continue;
        int key = in.key;
        if (in.kind == GIN_IN_WHEEL) { /* over the move log, it scrolls it */
            if (in.y >= l.log.y && in.y < l.log.y + l.log.h && in.x >= l.log.x && in.x < l.log.x + l.log.w)
                scroll_log(p, -2 * in.key);
            continue;
        }
        if (in.kind == GIN_IN_CLICK && !(key = click_key(p, v, &l, &in)))
            continue;
        /* In a window too small to show the table, only quitting acts: a
         * move made blind could not be taken back. */
        if (l.too_small && key != 'q' && key != 'Q' && key != 'y' && key != 'Y')
            continue;
        int r = on_key(p, v, key, out);
        if (r != GO_ON)
            return r;
    }
}

static int human_offer(void *self, const gin_view *v)
{
    gin_play *p = self;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    /* An abort returns "pass": the session ignores it and restores or quits. */
    return decide(p, v, &a) == DECIDED ? a.kind == GIN_ACT_TAKE_UPCARD : 0;
}

static int human_draw(void *self, const gin_view *v)
{
    gin_play *p = self;
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    return decide(p, v, &a) == DECIDED ? a.kind : GIN_ESTATE;
}

static int human_discard(void *self, const gin_view *v, gin_action *out)
{
    gin_play *p = self;
    return decide(p, v, out) == DECIDED ? GIN_OK : GIN_ESTATE;
}

void gin_human_agent(gin_play *p, gin_agent *out)
{
    memset(out, 0, sizeof *out);
    out->name = "human";
    out->self = p;
    out->offer = human_offer;
    out->draw = human_draw;
    out->discard = human_discard;
    /* While the bot plays, any key skips its pause; the keys the table marks
     * for it (never a move) also act at the player's turn, so the key line's
     * promise holds. */
    char kept[32];
    gin_keys_kept(kept, sizeof kept);
    gin_ui_pause_keeps(kept);
}
