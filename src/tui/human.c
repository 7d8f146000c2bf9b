/* The human at the terminal as a gin_agent: each decision runs the input
 * loop (keys, clicks, resize, side screens) until the player chooses a
 * legal move. Quitting or undoing unwinds the decision: the callback sets
 * p->aborting and returns a refusal the session then discards. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "ui.h"

enum { DECIDED = 0, ABORTED = -1 };

static void card_text(gin_card c, char *buf, size_t cap) { gin_ui_card_text(c, buf, cap); }

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

static void default_message(gin_play *p, const gin_view *v)
{
    char top[16];
    card_text(v->pile_n ? v->pile[v->pile_n - 1] : GIN_NO_CARD, top, sizeof top);
    if (v->phase == GIN_PHASE_OFFER) {
        gin_play_msg(p, 0, "Your turn: take the %s (d) or pass (p).", top);
    } else if (v->phase == GIN_PHASE_DRAW) {
        gin_play_msg(p, 0, "Your turn: draw from the stock (s) or take the %s (d).", top);
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

static void move_card(gin_play *p, int dir)
{
    int i = p->selected, j = i + dir;
    if (i < 0 || j < 0 || j >= p->n_order)
        return;
    gin_card c = p->order[i];
    p->order[i] = p->order[j];
    p->order[j] = c;
    p->selected = j;
    p->sort = GIN_SORT_MANUAL;
}

static int try_throw(gin_play *p, const gin_view *v, gin_action *out)
{
    if (p->selected < 0 || p->selected >= p->n_order) {
        gin_play_msg(p, 1, "Pick the card to throw first: arrows or 1-9, then Enter.");
        return 0;
    }
    gin_card c = p->order[p->selected];
    char ct[16];
    card_text(c, ct, sizeof ct);
    if (c == v->taken) {
        gin_play_msg(p, 1, "You just took %s from the pile: it can't go back this turn. Throw another card.", ct);
        return 0;
    }
    *out = (gin_action){GIN_ACT_DISCARD, c};
    return 1;
}

/* k: knock with the selected card, after a second k to confirm. */
static int try_knock(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_cardset held = v->hand;
    gin_card best;
    int least = best_throw(held, v->taken, &best);
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
    if (p->selected < 0 || p->selected >= p->n_order) {
        p->selected = index_of(p, best);
        gin_play_msg(p, 1, "Pick the card to throw face down: %s leaves deadwood %d. Then k.", bt, least);
        return 0;
    }
    gin_card c = p->order[p->selected];
    char ct[16];
    card_text(c, ct, sizeof ct);
    if (c == v->taken) {
        gin_play_msg(p, 1, "You just took %s from the pile: knock by throwing another card (%s leaves %d).", ct, bt,
                     least);
        return 0;
    }
    int after = gin_deadwood(held & ~gin_cardset_of(c));
    if (after > v->knock_limit) {
        gin_play_msg(p, 1, "Throwing %s leaves deadwood %d, over the limit of %d. Select %s (deadwood %d) and press k.",
                     ct, after, v->knock_limit, bt, least);
        return 0;
    }
    if (!p->knock_armed) {
        p->knock_armed = 1;
        if (after == 0)
            gin_play_msg(p, 0, "Go gin, throwing %s face down? Press k again to confirm (any other key: no).", ct);
        else
            gin_play_msg(p, 0, "Knock with deadwood %d, throwing %s face down? Press k again to confirm.", after, ct);
        return 0;
    }
    *out = (gin_action){GIN_ACT_KNOCK, c};
    return 1;
}

static int try_gin(gin_play *p, const gin_view *v, gin_action *out)
{
    gin_card best;
    int least = best_throw(v->hand, v->taken, &best);
    if (v->rules.big_gin_bonus > 0 && gin_deadwood(v->hand) == 0) {
        *out = (gin_action){GIN_ACT_KNOCK, GIN_NO_CARD};
        return 1;
    }
    if (least > 0) {
        gin_play_msg(p, 1, "Not gin yet: the best you can do now is deadwood %d.", least);
        return 0;
    }
    *out = (gin_action){GIN_ACT_KNOCK, best};
    return 1;
}

static void hint(gin_play *p, const gin_view *v)
{
    gin_advice adv[64];
    int n = gin_advise(v, adv, 64);
    if (n <= 0) {
        gin_play_msg(p, 1, "No hint available here.");
        return;
    }
    char a[64];
    gin_play_action_text(adv[0].action, a, sizeof a);
    char why[sizeof adv[0].reason];
    snprintf(why, sizeof why, "%s", adv[0].reason);
    if (why[0] >= 'a' && why[0] <= 'z') /* a sentence of its own */
        why[0] = (char)(why[0] - 'a' + 'A');
    size_t rl = strlen(why);
    gin_play_msg(p, 0, "Hint: %s. %s%s", a, why, rl && why[rl - 1] != '.' ? "." : "");
    if (adv[0].action.kind == GIN_ACT_DISCARD ||
        (adv[0].action.kind == GIN_ACT_KNOCK && adv[0].action.card != GIN_NO_CARD)) {
        int i = index_of(p, adv[0].action.card);
        if (i >= 0)
            p->selected = i;
    }
}

/* Practice: note a decision the hard bot's advice would make differently. */
static void review_note(gin_play *p, const gin_view *v, gin_action chosen)
{
    if (!p->practice || p->n_review >= GIN_PLAY_REVIEW_MAX)
        return;
    gin_advice adv[64];
    int n = gin_advise(v, adv, 64);
    if (n <= 0 || (adv[0].action.kind == chosen.kind && adv[0].action.card == chosen.card))
        return;
    double mine = adv[n - 1].value;
    for (int i = 0; i < n; i++)
        if (adv[i].action.kind == chosen.kind && adv[i].action.card == chosen.card)
            mine = adv[i].value;
    double cost = adv[0].value - mine;
    if (cost < 0.05)
        return;
    gin_review_item *r = &p->review[p->n_review++];
    r->hand_no = p->m.game.hand_no;
    r->turn = v->turns;
    r->chosen = chosen;
    r->best = adv[0].action;
    r->cost = cost;
    snprintf(r->reason, sizeof r->reason, "%s", adv[0].reason);
}

static int side_screen(gin_play *p, int key)
{
    static char text[32768];
    int rc = 0;
    switch (key) {
    case '?':
        rc = gin_ui_text_screen("Help", gin_play_help_text(p, text, sizeof text), "Enter or q: back to the table",
                                "\n\033q?");
        break;
    case 'v':
        gin_play_pile_text(p, text, sizeof text);
        rc = gin_ui_text_screen("The discard pile, bottom to top", text, "Enter or q: back", "\n\033qv");
        break;
    case 't':
        gin_play_sheet_text(p, text, sizeof text);
        rc = gin_ui_text_screen("Score sheet", text, "Enter or q: back", "\n\033qt");
        break;
    case 'm':
        rc = gin_play_menu(p);
        break;
    default:
        break;
    }
    return rc < 0 ? -1 : 0;
}

static int abort_decision(gin_play *p)
{
    p->aborting = 1;
    return ABORTED;
}

/* The input loop of one decision. */
static int decide(gin_play *p, const gin_view *v, gin_action *out)
{
    if (p->practice && p->snap_now) {
        *p->snap_now = p->m;
        p->snap_now_n = p->rec->n_actions;
        p->snap_now_review = p->n_review;
    }
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
        if (in.kind == GIN_IN_CLICK) {
            int idx = -1;
            gin_scene t;
            gin_play_scene(p, &t);
            int hit = gin_layout_hit(&l, &t, in.y, in.x, &idx);
            key = 0;
            if (hit == GIN_HIT_STOCK)
                key = 's';
            else if (hit == GIN_HIT_DISCARD)
                key = v->phase == GIN_PHASE_DISCARD ? GIN_KEY_ENTER : 'd';
            else if (hit == GIN_HIT_CARD) {
                if (idx == p->selected && v->phase == GIN_PHASE_DISCARD)
                    key = GIN_KEY_ENTER;
                else
                    p->selected = idx;
            }
            if (!key)
                continue;
        }
        int was_knock = p->knock_armed, was_quit = p->quit_armed;
        p->knock_armed = p->quit_armed = 0;
        if (was_quit) {
            if (key == 'y' || key == 'Y' || key == 'q') {
                p->quit_req = 1;
                return abort_decision(p);
            }
            default_message(p, v);
            continue;
        }
        if (was_knock && key != 'k') {
            default_message(p, v);
            if (key == GIN_KEY_ESC)
                continue;
        }
        if (key >= '1' && key <= '9' && key - '1' < p->n_order) {
            p->selected = key - '1';
            continue;
        }
        if ((key == '0' && p->n_order >= 10) || (key == '-' && p->n_order >= 11)) {
            p->selected = key == '0' ? 9 : 10;
            continue;
        }
        switch (key) {
        case GIN_KEY_LEFT:
        case 'h':
            if (p->n_order)
                p->selected = p->selected <= 0 ? p->n_order - 1 : p->selected - 1;
            continue;
        case GIN_KEY_RIGHT:
        case 'l':
            if (p->n_order)
                p->selected = p->selected < 0 || p->selected >= p->n_order - 1 ? 0 : p->selected + 1;
            continue;
        case GIN_KEY_SLEFT:
        case '<':
        case ',':
            move_card(p, -1);
            continue;
        case GIN_KEY_SRIGHT:
        case '>':
        case '.':
            move_card(p, 1);
            continue;
        case 'o':
            p->sort = p->sort >= GIN_SORT_SUIT ? GIN_SORT_MELDS : p->sort + 1;
            p->set.sort = p->sort;
            gin_play_sync_hand(p, v->hand);
            continue;
        case 'H':
            hint(p, v);
            continue;
        case '?':
        case 'v':
        case 't':
        case 'm':
            if (side_screen(p, key) < 0) {
                p->quit_req = 1;
                return abort_decision(p);
            }
            continue;
        case 'u':
            if (!p->practice)
                gin_play_msg(p, 1, "Undo is for practice games: start one with --open or from the menu (m).");
            else if (!p->have_prev)
                gin_play_msg(p, 1, "Nothing to undo yet.");
            else {
                p->undo_req = 1;
                return abort_decision(p);
            }
            continue;
        case 'q':
        case 'Q':
            p->quit_armed = 1;
            gin_play_msg(p, 0, "Quit? The game is saved for next time. y: save and quit, any other key: play on.");
            continue;
        case GIN_KEY_ESC:
            default_message(p, v);
            continue;
        default:
            break;
        }
        /* The moves. */
        gin_action a = {-1, GIN_NO_CARD};
        if (v->phase == GIN_PHASE_OFFER) {
            if (key == 'd')
                a.kind = GIN_ACT_TAKE_UPCARD;
            else if (key == 'p')
                a.kind = GIN_ACT_PASS;
            else if (key == 's')
                gin_play_msg(p, 1, "Not yet: first take the upcard (d) or pass (p); the stock comes after.");
            else
                gin_play_msg(p, 1, "Take the upcard with d or pass with p.");
        } else if (v->phase == GIN_PHASE_DRAW) {
            if (key == 's')
                a.kind = GIN_ACT_DRAW_STOCK;
            else if (key == 'd')
                a.kind = GIN_ACT_DRAW_DISCARD;
            else if (key == 'p')
                gin_play_msg(p, 1, "There is nothing to pass on now: draw from the stock (s) or the pile (d).");
            else
                gin_play_msg(p, 1, "Draw first: s for the stock, d for the discard pile.");
        } else if (v->phase == GIN_PHASE_DISCARD) {
            int ok = 0;
            if (key == GIN_KEY_ENTER || key == ' ')
                ok = try_throw(p, v, &a);
            else if (key == 'k') {
                p->knock_armed = was_knock;
                ok = try_knock(p, v, &a);
            } else if (key == 'g')
                ok = try_gin(p, v, &a);
            else if (key == 's' || key == 'd')
                gin_play_msg(p, 1, "You have drawn already: throw a card (Enter), or knock (k).");
            else if (key == 'p')
                gin_play_msg(p, 1, "No passing now: throw a card with Enter.");
            else
                gin_play_msg(p, 1, "Unknown key. Pick a card and press Enter to throw it; ? shows the keys.");
            if (!ok)
                a.kind = -1;
        }
        if (a.kind < 0)
            continue;
        review_note(p, v, a);
        if (p->practice && p->snap_now && p->snap_prev) {
            gin_match *t = p->snap_prev;
            p->snap_prev = p->snap_now;
            p->snap_now = t;
            p->snap_prev_n = p->snap_now_n;
            p->snap_prev_review = p->snap_now_review;
            p->have_prev = 1;
        }
        if (a.kind == GIN_ACT_DISCARD || a.kind == GIN_ACT_KNOCK) {
            p->drawn = GIN_NO_CARD;
            p->selected = -1;
        }
        *out = a;
        return DECIDED;
    }
}

static int human_offer(void *self, const gin_view *v)
{
    gin_play *p = self;
    gin_action a;
    /* An abort returns "pass": the session ignores it and restores or quits. */
    return decide(p, v, &a) == DECIDED ? a.kind == GIN_ACT_TAKE_UPCARD : 0;
}

static int human_draw(void *self, const gin_view *v)
{
    gin_play *p = self;
    gin_action a;
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
    /* While the bot plays, any key skips its pause; these (never a move)
     * also act at the player's turn, so the key line's promise holds. */
    gin_ui_pause_keeps("?tvmqHo");
}
