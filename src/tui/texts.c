/* The words of the side screens: the pile, the score sheet, the showdown
 * spelled out, the game's totals, the practice review, the help. */
#include "play.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gin/score.h"
#include "gin_assets.h"
#include "keys.h"
#include "ui.h"

static const char *name_of(const gin_seating *who, int seat) { return gin_seat_name(who, seat); }

/* A seat's name inside a sentence: "you", "the bot", "Bot 2". */
static const char *name_in(const gin_seating *who, int seat) { return gin_seat_name_in(who, seat); }

void gin_table_log_text(const gin_table *t, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!t->n_log)
        gin_play_add(buf, cap, "No move yet this hand.");
    for (int i = 0; i < t->n_log; i++)
        gin_play_add(buf, cap, "%3d  %s\n", i + 1, t->log[i]);
}

/* text, then blanks up to `width` display columns (card names are two or
 * three columns: "K♠", "10♥"). */
static void add_padded(char *buf, size_t cap, const char *text, int width)
{
    gin_play_add(buf, cap, "%s", text);
    for (int w = gin_ui_strwidth(text); w < width; w++)
        gin_play_add(buf, cap, " ");
}

void gin_table_pile_text(const gin_table *t, const gin_view *v, const gin_seating *who, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!t->n_pile_log) {
        gin_play_add(buf, cap, "The pile is empty.");
        return;
    }
    int top = -1;
    for (int i = 0; i < t->n_pile_log; i++)
        if (t->pile_log[i].took == GIN_PILE_STAYS)
            top = i;
    for (int i = 0; i < t->n_pile_log; i++) {
        const gin_pile_entry *e = &t->pile_log[i];
        char c[GIN_UI_CARD_TEXT], what[96];
        gin_ui_card_text(e->card, c, sizeof c);
        if (e->by < 0)
            snprintf(what, sizeof what, "the first upcard");
        else
            snprintf(what, sizeof what, "%s by %s", e->face_down ? "knocked face down" : "thrown", name_in(who, e->by));
        gin_play_add(buf, cap, "%3d.  ", i + 1);
        add_padded(buf, cap, c, 4);
        gin_play_add(buf, cap, "%s", what);
        if (e->took >= 0)
            gin_play_add(buf, cap, ", taken by %s", name_in(who, e->took));
        else if (e->took == GIN_PILE_RESHUFFLED)
            gin_play_add(buf, cap, ", shuffled into the new stock");
        else if (i == top && v->phase != GIN_PHASE_OVER)
            gin_play_add(buf, cap, "   (top)");
        gin_play_add(buf, cap, "\n");
    }
    gin_play_add(buf, cap, "\n%d in the stock. Cards taken back from the pile and still held show face up %s.",
                 v->stock_n, who->seats > 2 ? "in the taker's box" : "above the bot's hand");
}

/* "You knock", "Bot goes gin": who won the hand, and how. */
static void result_text(const gin_seating *who, const gin_hand_score *r, char *buf, size_t cap)
{
    if (r->winner < 0) {
        snprintf(buf, cap, "void (no score)");
        return;
    }
    int you = r->winner == who->human;
    if (who->seats > 2) {
        const char *how = r->kind == GIN_RESULT_GIN        ? "gin"
                          : r->kind == GIN_RESULT_BIG_GIN  ? "big gin"
                          : r->kind == GIN_RESULT_UNDERCUT ? "undercut"
                                                           : "knock";
        snprintf(buf, cap, "%s: %s", name_of(who, r->winner), how);
        return;
    }
    const char *how;
    switch (r->kind) {
    case GIN_RESULT_GIN:
        how = you ? "go gin" : "goes gin";
        break;
    case GIN_RESULT_BIG_GIN:
        how = you ? "go big gin" : "big gin";
        break;
    case GIN_RESULT_UNDERCUT:
        how = you ? "undercut" : "undercuts";
        break;
    default:
        how = you ? "knock" : "knocks";
        break;
    }
    snprintf(buf, cap, "%s %s", you ? "You" : "Bot", how);
}

static void centre(char *buf, size_t cap, const char *s, int w)
{
    int n = (int)strlen(s), l = (w - n) / 2;
    snprintf(buf, cap, "%*s%s%*s", l > 0 ? l : 0, "", s, w - n - l > 0 ? w - n - l : 0, "");
}

/* The closing lines of a finished game, in the sheet's columns: a label
 * (29 wide) and the two totals under "total". */
static void close_line(char *buf, size_t cap, const char *label, const char *you, const char *bot)
{
    gin_play_add(buf, cap, "%-29s%6s%9s%6s\n", label, you, "", bot);
}

static void close_int(char *buf, size_t cap, const char *label, int you, int bot)
{
    char a[GIN_UI_CARD_TEXT], b[GIN_UI_CARD_TEXT];
    snprintf(a, sizeof a, "%d", you);
    snprintf(b, sizeof b, "%d", bot);
    close_line(buf, cap, label, a, b);
}

/* A finished game's arithmetic: hand points, game bonus, boxes, shutout
 * doubling, final totals (s is the game's score; it must be over). */
static void game_close(const gin_seating *who, const gin_game_score *s, const gin_rules *r, char *buf, size_t cap)
{
    int h = who->human, b = who->bot;
    char label[64];
    close_int(buf, cap, "Hand points", s->points[h], s->points[b]);
    close_int(buf, cap, "Game bonus", s->game_bonus[h], s->game_bonus[b]);
    int no_box = s->shutout && r->shutout == GIN_SHUTOUT_DOUBLE_NO_BOX;
    if (no_box)
        snprintf(label, sizeof label, "Boxes (none: shutout)");
    else
        snprintf(label, sizeof label, "Boxes (%d and %d x %d)", s->hands_won[h], s->hands_won[b], r->box_bonus);
    close_int(buf, cap, label, s->box_bonus[h], s->box_bonus[b]);
    if (s->shutout) {
        int lead = s->total[h] >= s->total[b] ? h : b;
        close_int(buf, cap, "Subtotal", s->points[h] + s->game_bonus[h] + s->box_bonus[h],
                  s->points[b] + s->game_bonus[b] + s->box_bonus[b]);
        close_line(buf, cap, "Shutout: doubled", lead == h ? "x 2" : "", lead == b ? "x 2" : "");
    }
    gin_play_add(buf, cap, "%-29s%6s%9s%6s\n", "", "======", "", "======");
    close_int(buf, cap, "Final total", s->total[h], s->total[b]);
}

/* One game to the target: a line per hand with each player's points that
 * hand and both running totals, like a paper gin pad. */
static void sheet_single(const gin_game *g, const gin_seating *who, char *buf, size_t cap)
{
    char you[16], bot[16];
    centre(you, sizeof you, "You", 12);
    centre(bot, sizeof bot, "Bot", 12);
    gin_play_add(buf, cap, "%23s%s   %s\n", "", you, bot);
    gin_play_add(buf, cap, "%-4s  %-16s %5s %6s   %5s %6s\n", "Hand", "Result", "hand", "total", "hand", "total");
    int run[2] = {0, 0};
    for (int i = 0; i < g->n_results; i++) {
        const gin_hand_score *r = &g->results[i];
        char res[32], pts[2][16];
        result_text(who, r, res, sizeof res);
        for (int k = 0; k < 2; k++) {
            int seat = k == 0 ? who->human : who->bot;
            if (r->winner == seat) {
                run[k] += r->points;
                snprintf(pts[k], sizeof pts[k], "%d", r->points);
            } else {
                snprintf(pts[k], sizeof pts[k], "-");
            }
        }
        gin_play_add(buf, cap, "%4d  %-16s %5s %6d   %5s %6d\n", i + 1, res, pts[0], run[0], pts[1], run[1]);
    }
    if (!g->n_results)
        gin_play_add(buf, cap, "%4s  %s\n", "", "(no hand finished yet)");
    const gin_game_score *s = &g->score;
    gin_play_add(buf, cap, "%-23s%s   %s\n", "", "------------", "------------");
    close_int(buf, cap, "Boxes (hands won)", s->hands_won[who->human], s->hands_won[who->bot]);
    if (s->over) {
        game_close(who, s, &g->rules, buf, cap);
        return;
    }
    const gin_rules *r = &g->rules;
    if (g->hand_no == 0)
        gin_play_add(buf, cap, "\nNo hand has been dealt yet.");
    else if (g->hand.phase == GIN_PHASE_OVER)
        gin_play_add(buf, cap, "\nHand %d is over; hand %d comes next.", g->hand_no, g->hand_no + 1);
    else
        gin_play_add(buf, cap, "\nHand %d is in play.", g->hand_no);
    gin_play_add(buf, cap, " The game ends when someone reaches %d", r->target);
    if (r->max_hands > 0)
        gin_play_add(buf, cap, " or after %d hands", r->max_hands);
    gin_play_add(
        buf, cap,
        ". Then: a game bonus of %d to whoever reached %d, %d a box for each hand won, and a shutout doubles %s.\n",
        r->game_bonus, r->target, r->box_bonus,
        r->shutout == GIN_SHUTOUT_DOUBLE_NO_BOX ? "the winner's points and bonus (no boxes)" : "the winner's total");
}

/* The bottom of the Hollywood sheet: per game and player, the points,
 * boxes and, for the games that are over, bonus, box points, shutout and
 * total. */
static void hollywood_close(const gin_game *g, const gin_seating *who, char *buf, size_t cap)
{
    const gin_game_score *hs = g->hollywood;
    int h = who->human, b = who->bot;
#define ROW(label, f)                                                                                                  \
    gin_play_add(buf, cap, "%-23s%6d%6d%6d   %6d%6d%6d\n", label, hs[0].f[h], hs[1].f[h], hs[2].f[h], hs[0].f[b],      \
                 hs[1].f[b], hs[2].f[b])
    ROW("Hand points", points);
    ROW("Boxes (hands won)", hands_won);
    if (hs[0].over || hs[1].over || hs[2].over) {
        ROW("Game bonus", game_bonus);
        ROW("Box points", box_bonus);
        char sh[6][8];
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 2; j++) {
                int seat = j == 0 ? h : b, other = j == 0 ? b : h;
                snprintf(sh[j * 3 + k], sizeof sh[0], "%s",
                         hs[k].shutout && hs[k].total[seat] > hs[k].total[other] ? "x 2" : "");
            }
        gin_play_add(buf, cap, "%-23s%6s%6s%6s   %6s%6s%6s\n", "Shutout: doubled", sh[0], sh[1], sh[2], sh[3], sh[4],
                     sh[5]);
        gin_play_add(buf, cap, "%-23s%s   %s\n", "", "==================", "==================");
        ROW("Total", total);
        gin_play_add(buf, cap, "\nA game's bonus, box points, shutout and total count once it is over:");
        for (int k = 0; k < 3; k++)
            gin_play_add(buf, cap, " game %d %s%s", k + 1, hs[k].over ? "is over" : "goes on", k < 2 ? "," : ".\n");
    }
#undef ROW
}

/* Hollywood: three games at once, three columns per player. A cell holds
 * the game's new running total when the hand counted in that game. */
static void sheet_hollywood(const gin_game *g, const gin_seating *who, char *buf, size_t cap)
{
    char you[32], bot[32];
    centre(you, sizeof you, "You", 18);
    centre(bot, sizeof bot, "Bot", 18);
    gin_play_add(buf, cap, "%23s%s   %s\n", "", you, bot);
    gin_play_add(buf, cap, "%-4s  %-16s %6s%6s%6s   %6s%6s%6s\n", "Hand", "Result", "G1", "G2", "G3", "G1", "G2", "G3");
    gin_game_score prev[3], cur[3];
    memset(prev, 0, sizeof prev);
    for (int i = 0; i < g->n_results; i++) {
        const gin_hand_score *r = &g->results[i];
        char res[40], cell[6][16];
        result_text(who, r, res, sizeof res);
        if (r->winner >= 0) {
            size_t n = strlen(res);
            snprintf(res + n, sizeof res - n, " %d", r->points);
        }
        if (gin_score_hollywood(&g->rules, g->results, (size_t)i + 1, cur) != 0)
            memcpy(cur, prev, sizeof cur);
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 2; j++) {
                int seat = j == 0 ? who->human : who->bot;
                if (cur[k].points[seat] != prev[k].points[seat])
                    snprintf(cell[j * 3 + k], sizeof cell[0], "%d", cur[k].points[seat]);
                else
                    snprintf(cell[j * 3 + k], sizeof cell[0], "%s", r->winner < 0 ? "-" : "");
            }
        gin_play_add(buf, cap, "%4d  %-16s %6s%6s%6s   %6s%6s%6s\n", i + 1, res, cell[0], cell[1], cell[2], cell[3],
                     cell[4], cell[5]);
        memcpy(prev, cur, sizeof prev);
    }
    if (!g->n_results)
        gin_play_add(buf, cap, "%4s  %s\n", "", "(no hand finished yet)");
    gin_play_add(buf, cap, "%-23s%s   %s\n", "", "------------------", "------------------");
    hollywood_close(g, who, buf, cap);
    gin_play_add(buf, cap,
                 "\nYour first hand won scores in game 1, the second in games 1-2, every later one in "
                 "all three; a game that is over takes no more points.\n");
}

/* A ring of 3-4: penalty points per seat per hand and running totals,
 * you first then the bots clockwise. */
static void sheet_table(const gin_game *g, const gin_seating *who, char *buf, size_t cap)
{
    int n = who->seats;
    gin_play_add(buf, cap, "%-4s  %-18s", "", "");
    for (int k = 0; k < n; k++)
        gin_play_add(buf, cap, "  %11s", name_of(who, (who->human + k) % n));
    gin_play_add(buf, cap, "\n%-4s  %-18s", "Hand", "Won by");
    for (int k = 0; k < n; k++)
        gin_play_add(buf, cap, "  %5s %5s", "hand", "total");
    gin_play_add(buf, cap, "\n");
    int run[GIN_MAX_SEATS] = {0};
    for (int i = 0; i < g->n_results; i++) {
        const gin_hand_score *r = &g->results[i];
        char res[40];
        result_text(who, r, res, sizeof res);
        gin_play_add(buf, cap, "%4d  %-18s", i + 1, res);
        for (int k = 0; k < n; k++) {
            int seat = (who->human + k) % n;
            if (r->winner < 0) {
                gin_play_add(buf, cap, "  %5s %5d", "-", run[k]);
                continue;
            }
            run[k] += r->penalty[seat];
            gin_play_add(buf, cap, "  %5d %5d", r->penalty[seat], run[k]);
        }
        gin_play_add(buf, cap, "\n");
    }
    if (!g->n_results)
        gin_play_add(buf, cap, "%4s  %s\n", "", "(no hand finished yet)");
    gin_play_add(buf, cap,
                 "\nPenalty points: the hand's winner takes none. The game ends after the hand that takes anyone "
                 "to %d; the lowest total wins.%s\n",
                 g->rules.target, g->score.over ? " The game is over." : "");
}

void gin_play_sheet_text(const gin_game *g, const gin_seating *who, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (who->seats > 2) {
        char rules[GIN_RULES_LABEL];
        gin_play_rules_label(&g->rules, rules, sizeof rules);
        gin_play_add(buf, cap, "Rules: %s. %d players, game to %d penalty points.\n\n", rules, who->seats,
                     g->rules.target);
        sheet_table(g, who, buf, cap);
        return;
    }
    char rules[GIN_RULES_LABEL], hands[40] = "";
    gin_play_rules_label(&g->rules, rules, sizeof rules);
    if (g->rules.max_hands > 0)
        snprintf(hands, sizeof hands, " or %d hands", g->rules.max_hands);
    /* "Rules: " before the label: a label with its changes read "standard,
     * hollywood on rules, game to 100, Hollywood: three games at once". */
    gin_play_add(buf, cap, "Rules: %s. Game to %d%s%s.\n\n", rules, g->rules.target, hands,
                 g->rules.hollywood ? ", three games at once" : "");
    if (g->rules.hollywood)
        sheet_hollywood(g, who, buf, cap);
    else
        sheet_single(g, who, buf, cap);
}

/* This game's seed: its record's (p->seed too, until the next game). */
static uint64_t gameover_seed(const gin_play *p) { return p->ref.rec ? p->ref.rec->seed : p->seed; }

/* The deal to share: its seed deals the same cards again (gin --seed). */
static void deal_line(uint64_t seed, char *buf, size_t cap)
{
    gin_play_add(buf, cap, "The deal: seed %" PRIu64 " (gin --seed %" PRIu64 " deals it again).\n", seed, seed);
}

/* A ring's end: who reached the target, every total from the lowest,
 * the winner (or a tie for lowest: a drawn game). */
static void gameover_table(const gin_game *g, const gin_seating *who, int practice, uint64_t p_seed, char *title,
                           size_t tcap, char *buf, size_t cap)
{
    int n = who->seats, total = 0, w = gin_game_winner(g, &total);
    int order[GIN_MAX_SEATS] = {0};
    for (int k = 0; k < n; k++)
        order[k] = (who->human + k) % n;
    for (int i = 1; i < n; i++) /* stable: ties keep you first, then clockwise */
        for (int j = i; j > 0 && g->score.total[order[j]] < g->score.total[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (w == who->human)
        snprintf(title, tcap, "Game over: you win!");
    else if (w >= 0)
        snprintf(title, tcap, "Game over: %s wins", name_of(who, w));
    else
        snprintf(title, tcap, "Game over: a tie for the lowest total");
    buf[0] = '\0';
    int top = order[n - 1];
    if (g->score.total[top] >= g->rules.target)
        gin_play_add(buf, cap,
                     "%s reached %d penalty point%s (the game is to %d) after %d hand%s. The lowest total wins:\n\n",
                     top == who->human ? "You" : name_of(who, top), g->score.total[top],
                     g->score.total[top] == 1 ? "" : "s", g->rules.target, g->n_results, g->n_results == 1 ? "" : "s");
    else
        gin_play_add(buf, cap, "The game is over after %d hand%s. The lowest total wins:\n\n", g->n_results,
                     g->n_results == 1 ? "" : "s");
    for (int i = 0; i < n; i++)
        gin_play_add(buf, cap, "  %d. %-6s %5d%s\n", i + 1, name_of(who, order[i]), g->score.total[order[i]],
                     order[i] == w ? "   wins" : "");
    if (w < 0)
        gin_play_add(buf, cap, "\nTwo or more share the lowest total: a drawn game.\n");
    else if (w == who->human)
        gin_play_add(buf, cap, "\nYou win with the lowest total, %d.\n", total);
    else
        gin_play_add(buf, cap, "\n%s wins with the lowest total, %d; you have %d.\n", name_of(who, w), total,
                     g->score.total[who->human]);
    deal_line(p_seed, buf, cap);
    gin_play_add(buf, cap, "%s\nt shows the whole score sheet, hand by hand.\n",
                 practice
                     ? "A practice game: not counted in your statistics."
                     : "Games at a table of three or four are not counted in the statistics (kept for two players).");
}

void gin_play_gameover_text(const gin_play *p, char *title, size_t tcap, char *buf, size_t cap)
{
    const gin_game *g = &p->ref.m.game;
    gin_seating seating = gin_play_seating(p);
    const gin_seating *who = &seating;
    if (who->seats > 2) {
        gameover_table(g, who, p->practice, gameover_seed(p), title, tcap, buf, cap);
        return;
    }
    int w = gin_game_winner(g, NULL);
    /* The final scores, bonuses and all (Hollywood: its three games added). */
    long mine = 0, theirs = 0;
    for (int k = 0; k < (g->rules.hollywood ? 3 : 1); k++) {
        const gin_game_score *sc = g->rules.hollywood ? &g->hollywood[k] : &g->score;
        mine += sc->total[who->human];
        theirs += sc->total[who->bot];
    }
    snprintf(title, tcap, "Game over: %s", w == who->human ? "you win!" : w == who->bot ? "the bot wins" : "a tie");
    buf[0] = '\0';
    const char *hands = g->n_results == 1 ? "" : "s";
    if (w == who->human)
        gin_play_add(buf, cap, "You win the game, %ld to %ld (by %ld), after %d hand%s.\n", mine, theirs, mine - theirs,
                     g->n_results, hands);
    else if (w == who->bot)
        gin_play_add(buf, cap, "The bot wins the game, %ld to %ld (by %ld), after %d hand%s.\n", theirs, mine,
                     theirs - mine, g->n_results, hands);
    else
        gin_play_add(buf, cap, "A tie, %ld to %ld, after %d hand%s: nobody wins.\n", mine, theirs, g->n_results, hands);
    deal_line(gameover_seed(p), buf, cap);
    if (p->practice) {
        gin_play_add(buf, cap, "A practice game: it is not counted in your statistics.\n");
        char summary[GIN_PLAY_WHYS];
        gin_play_summary_text(p, summary, sizeof summary);
        gin_play_add(buf, cap, "%s", summary);
    } else if (p->files.stats_ok && gin_stats_get(&p->files.stats, p->level->name, "all")) {
        const gin_level_stats *l = gin_stats_get(&p->files.stats, p->level->name, "all");
        gin_play_add(buf, cap, "Against the %s bot you have won %d of %d games (best streak %d).\n", p->level->name,
                     l->wins, l->games, l->best_streak);
    }
    gin_play_add(buf, cap, "\n");
    if (!g->rules.hollywood) {
        gin_play_add(buf, cap, "%29s%6s%9s%6s\n", "", "You", "", "Bot");
        game_close(who, &g->score, &g->rules, buf, cap);
    } else {
        char you[32], bot[32];
        centre(you, sizeof you, "You", 18);
        centre(bot, sizeof bot, "Bot", 18);
        gin_play_add(buf, cap, "%23s%s   %s\n", "", you, bot);
        gin_play_add(buf, cap, "%-23s%6s%6s%6s   %6s%6s%6s\n", "Hollywood", "G1", "G2", "G3", "G1", "G2", "G3");
        hollywood_close(g, who, buf, cap);
    }
    gin_play_add(buf, cap, "\nt shows the whole score sheet, hand by hand.\n");
}

void gin_review_text(const gin_review *rv, const gin_seating *who, int hand_no, char *buf, size_t cap)
{
    buf[0] = '\0';
    int n = 0, mine_n = 0;
    double lost = 0;
    for (int i = 0; i < rv->n; i++) {
        const gin_review_item *r = &rv->items[i];
        if (r->hand_no != hand_no)
            continue;
        mine_n += r->seat == who->human;
        if (r->cost < GIN_COACH_CLOSE)
            continue;
        char chose[64], best[64];
        gin_play_action_text(r->chosen, chose, sizeof chose);
        gin_play_action_text(r->best, best, sizeof best);
        gin_play_add(buf, cap, "Turn %d: %s chose to %s; the best was to %s (about %.1f points better):\n   %s\n\n",
                     r->turn + 1, r->seat == who->human ? "you" : "the bot", chose, best, r->cost, r->reason);
        if (r->seat == who->human) {
            n++;
            lost += r->cost;
        }
    }
    /* Counted in words that fit the count: a hand the bot ended before
     * the player's first turn had "Each of your 0 decisions ... Well
     * played." */
    if (mine_n == 0)
        gin_play_add(buf, cap, "You had no decision to make in this hand.\n");
    else if (!n && mine_n == 1)
        gin_play_add(buf, cap, "Your one decision this hand was within %.1f points of the best. Well played.\n",
                     GIN_COACH_CLOSE);
    else if (!n)
        gin_play_add(buf, cap, "Each of your %d decisions this hand was within %.1f points of the best. Well played.\n",
                     mine_n, GIN_COACH_CLOSE);
    else if (mine_n == 1)
        gin_play_add(buf, cap, "Your one decision cost something: about %.1f points.\n", lost);
    else
        gin_play_add(buf, cap, "%d of your %d decisions cost something; about %.1f points in all.\n", n, mine_n, lost);
}

const char *gin_play_help_text(const gin_rules *in_play, int seats, char *buf, size_t cap)
{
    char name[64];
    int changes = 0;
    snprintf(name, sizeof name, "help-%s.txt", gin_play_rules_base(in_play, &changes));
    const char *rules = gin_asset(name);
    const char *screen = gin_asset("help-screen.txt");
    buf[0] = '\0';
    if (rules)
        gin_play_add(buf, cap, "%s\n", rules);
    if (changes > 0 && changes < GIN_RULES_NO_PRESET) {
        char label[GIN_RULES_LABEL];
        gin_play_rules_label(in_play, label, sizeof label);
        gin_play_add(buf, cap,
                     "THIS GAME\n  Rules in play: %s. Knock limit %d, gin bonus %d, undercut bonus %d, game to %d.\n"
                     "  Every rule and its value: gin --help and docs/rules.md.\n\n",
                     label, in_play->knock_limit, in_play->gin_bonus, in_play->undercut_bonus, in_play->target);
    }
    if (in_play->spade_double)
        gin_play_add(buf, cap,
                     "SPADES DOUBLE\n  When the first upcard of a hand is a spade, the hand counts double.\n\n");
    if (seats > 2)
        gin_play_add(
            buf, cap,
            "A TABLE OF %d (gin --players %d)\n"
            "You play against %d bots of the same level, clockwise from your left: Bot 1 (left), %s.\n"
            "Seven cards each; knock or go gin with eight after drawing, as with two.\n"
            "The upcard is offered round the table from the dealer's left, the dealer last.\n"
            "When someone knocks, every other player spreads and may lay off only onto the knocker's own melds\n"
            "(never onto another player's lay-offs; none against gin).\n"
            "Penalty points, the hand's winner takes none: against gin, your deadwood + %d; against a knock,\n"
            "your deadwood - the knocker's; an undercut (deadwood at or under the knocker's) wins the hand for\n"
            "the lowest such player, and the knocker takes the difference + %d.\n"
            "The game ends after the hand that takes anyone to %d; the lowest total wins.\n"
            "Each bot's box shows its cards held, its penalty total, the cards it took from the pile and still\n"
            "holds, and its last move; the box of the player to move is highlighted.\n"
            "Table games are saved and resumed like any other, but not counted in the statistics.\n\n",
            seats, seats, seats - 1, seats == 3 ? "Bot 2 (right)" : "Bot 2 (top), Bot 3 (right)", in_play->gin_bonus,
            in_play->undercut_penalty, in_play->target);
    char keys[GIN_PLAY_NOTE], waiting[32], spaced[64] = "";
    if (gin_keys_help(keys, sizeof keys) > 0)
        gin_play_add(buf, cap, "KEYS\n%s\n", keys);
    gin_keys_waiting(waiting, sizeof waiting);
    for (size_t i = 0, n = 0; waiting[i] && n + 3 < sizeof spaced; i++)
        if (waiting[i] != 'Q') { /* q says it */
            spaced[n++] = waiting[i];
            spaced[n++] = ' ';
            spaced[n] = '\0';
        }
    gin_play_add(buf, cap,
                 "  While the bot plays, %sact at once and any other key skips its pause.\n"
                 "  The key line shows the keys that apply now; in a narrow window the least\n"
                 "  used ones are left to this page.\n\n",
                 spaced);
    if (screen)
        gin_play_add(buf, cap, "%s", screen);
    return buf;
}

/* A ring of 3-4: every seat's spread, lay-offs and penalty, spelled out. */
/* A void hand in a ring: every seat's hand as it stood. */
/* Why hand g->hand ended void: the stock, or the discards' limit. */
static const char *void_cause(const gin_game *g, char *buf, size_t cap)
{
    if (g->hand.turns >= GIN_HAND_MAX_TURNS)
        snprintf(buf, cap, "The hand reached %d discards without a knock", GIN_HAND_MAX_TURNS);
    else
        snprintf(buf, cap, "The stock ran low and nobody knocked");
    return buf;
}

static void void_ring(const gin_hand_end *e, const gin_game *g, const gin_seating *who, gin_showdown_screen *s,
                      const char *dot, const char *totals)
{
    int n = who->seats;
    snprintf(s->title, sizeof s->title, "Hand %d is void", e->hand_no);
    for (int k = 0; k < n; k++) {
        int seat = (who->human + k) % n;
        gin_arrangement ar;
        if (gin_arrange(e->held[seat], &ar) != 0)
            memset(&ar, 0, sizeof ar);
        gin_showdown_seat *sp = &s->seat[k];
        snprintf(sp->label, sizeof sp->label, "%s%sdeadwood %d", name_of(who, seat), dot, ar.deadwood);
        sp->n_melds = ar.n_melds;
        memcpy(sp->melds, ar.melds, sizeof ar.melds);
        sp->unmatched = ar.unmatched;
        sp->deadwood = ar.deadwood;
    }
    char why[64];
    snprintf(s->text, sizeof s->text, "%s: nobody takes penalty points.\nThe same dealer deals again.\n%s",
             void_cause(g, why, sizeof why), totals);
}

/* Each seat's spread and label, the knocker first; 1 if anyone laid off. */
static int ring_spreads(const gin_hand_end *e, const gin_seating *who, gin_showdown_screen *s, const char *dot)
{
    const gin_ring_showdown *sd = &e->ring;
    int n = who->seats, k = sd->knocker, w = sd->winner, any_lay = 0;
    int gin = sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN;
    for (int i = 0; i < n; i++) {
        int seat = (k + i) % n;
        gin_showdown_seat *sp = &s->seat[i];
        const gin_arrangement *ar = &sd->spread[seat];
        sp->n_melds = ar->n_melds;
        memcpy(sp->melds, ar->melds, sizeof ar->melds);
        sp->unmatched = ar->unmatched;
        sp->deadwood = sd->deadwood[seat];
        char took[48];
        if (seat == w)
            snprintf(took, sizeof took, "wins the hand, takes 0");
        else
            snprintf(took, sizeof took, "takes %d", sd->penalty[seat]);
        if (seat == k) {
            snprintf(sp->label, sizeof sp->label, "%s%s%s%sdeadwood %d%s%s", name_of(who, seat), dot,
                     sd->kind == GIN_RESULT_BIG_GIN ? "big gin"
                     : gin                          ? "gin"
                                                    : "knocked",
                     dot, sd->deadwood[k], dot, took);
            continue;
        }
        int nl = sd->n_layoffs[seat] < GIN_DEFENDER_LAYOFFS ? sd->n_layoffs[seat] : GIN_DEFENDER_LAYOFFS;
        for (int j = 0; j < nl; j++) {
            const gin_layoff *lo = &sd->layoffs[seat][j];
            sp->laid_off |= gin_cardset_of(lo->card);
            if (lo->meld >= 0 && lo->meld < GIN_MAX_MELDS)
                s->seat[0].laid[lo->meld] |= gin_cardset_of(lo->card);
            any_lay = 1;
        }
        if (nl)
            snprintf(sp->label, sizeof sp->label, "%s%sdeadwood %d (%d before lay-offs)%s%s", name_of(who, seat), dot,
                     sd->deadwood[seat], sd->deadwood_before[seat], dot, took);
        else
            snprintf(sp->label, sizeof sp->label, "%s%sdeadwood %d%s%s", name_of(who, seat), dot, sd->deadwood[seat],
                     dot, took);
    }
    return any_lay;
}

/* Who chose the melds the knocker showed, when there was a choice, in the
 * words of the spread chooser's first line (spread_pick.c): "least
 * deadwood, leaving the bot the most deadwood". The player is offered the
 * chooser at every knock with a choice, so the rules' pick is theirs too. */
static void spread_note(const gin_hand_end *e, const gin_seating *who, char *t, size_t cap)
{
    int k = e->knocker, n = e->spreads;
    const char *others = who->seats > 2 ? "the others" : k == who->human ? "the bot" : "you";
    const char *kn = who->seats > 2 ? name_of(who, k) : "The bot";
    if (n <= 1)
        return;
    if (k == who->human && e->chosen)
        gin_play_add(t, cap, "You chose how to show your melds (%d ways were open to you).\n", n);
    else if (k == who->human)
        gin_play_add(t, cap,
                     "You let the rules pick how to show your melds (of %d ways): least deadwood, leaving %s the "
                     "most deadwood.\n",
                     n, others);
    else if (e->chosen)
        gin_play_add(t, cap, "%s chose how to show its melds (%d ways were open to it).\n", kn, n);
    else
        gin_play_add(t, cap,
                     "%s showed its melds as the rules pick (of %d ways): least deadwood, leaving %s the most "
                     "deadwood.\n",
                     kn, n, others);
}

/* The penalties of a ring's hand, spelled out. */
/* 2 when the hand counts double (the Oklahoma option: a spade first
 * upcard), else 1. */
static int hand_factor(const gin_rules *r, gin_card first_upcard)
{
    return r->spade_double && gin_card_valid(first_upcard) && gin_card_suit(first_upcard) == GIN_SPADES ? 2 : 1;
}

/* A ring penalty as the arithmetic ends: "12", or "6 x 2 = 12" when the
 * hand counts double. */
static const char *penalty_text(int pen, int x, char *buf, size_t cap)
{
    if (x == 2)
        snprintf(buf, cap, "%d x 2 = %d", pen / 2, pen);
    else
        snprintf(buf, cap, "%d", pen);
    return buf;
}

static void ring_scoring(const gin_hand_end *e, const gin_game *g, const gin_seating *who, char *t, size_t cap)
{
    const gin_ring_showdown *sd = &e->ring;
    const gin_rules *r = &g->rules;
    int n = who->seats, k = sd->knocker, w = sd->winner, kd = sd->deadwood[k], u = sd->deadwood[w];
    int x = hand_factor(&g->rules, e->first_upcard);
    char pt[32];
    t[0] = '\0';
    if (x == 2)
        gin_play_add(t, cap, "The first upcard was a spade: the hand counts double.\n");
    if (sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN) {
        int bonus = sd->kind == GIN_RESULT_GIN ? r->gin_bonus : r->big_gin_bonus;
        gin_play_add(t, cap, "%s %s: no lay-offs. Everyone else takes deadwood + %d:\n", name_of(who, k),
                     sd->kind == GIN_RESULT_GIN ? (k == who->human ? "go gin" : "goes gin")
                                                : (k == who->human ? "go big gin" : "goes big gin"),
                     bonus);
        for (int i = 1; i < n; i++) {
            int seat = (k + i) % n;
            gin_play_add(t, cap, "  %s: %d + %d = %s\n", name_of(who, seat), sd->deadwood[seat], bonus,
                         penalty_text(sd->penalty[seat], x, pt, sizeof pt));
        }
        return;
    }
    if (sd->kind != GIN_RESULT_UNDERCUT) {
        gin_play_add(t, cap, "%s knocked with deadwood %d. Everyone else takes deadwood - %d:\n",
                     k == who->human ? "You" : name_of(who, k), kd, kd);
        for (int i = 1; i < n; i++) {
            int seat = (k + i) % n;
            gin_play_add(t, cap, "  %s: %d - %d = %s\n", name_of(who, seat), sd->deadwood[seat], kd,
                         penalty_text(sd->penalty[seat], x, pt, sizeof pt));
        }
        return;
    }
    gin_play_add(t, cap, "Undercut! %s knocked with deadwood %d, but %s %s %d: %s the hand.\n",
                 k == who->human ? "You" : name_of(who, k), kd, name_in(who, w), w == who->human ? "have" : "has", u,
                 w == who->human ? "you win" : "it wins");
    gin_play_add(t, cap, "  %s (knocker): %d - %d + undercut penalty %d = %s\n", name_of(who, k), kd, u,
                 r->undercut_penalty, penalty_text(sd->penalty[k], x, pt, sizeof pt));
    for (int i = 1; i < n; i++) {
        int seat = (k + i) % n;
        if (seat == w)
            gin_play_add(t, cap, "  %s: wins the hand, takes 0\n", name_of(who, seat));
        else
            gin_play_add(t, cap, "  %s: %d - %d = %s\n", name_of(who, seat), sd->deadwood[seat], u,
                         penalty_text(sd->penalty[seat], x, pt, sizeof pt));
    }
    for (int i = 1; i < n; i++) {
        int seat = (k + i) % n;
        if (seat != w && sd->deadwood[seat] == u)
            gin_play_add(t, cap, "%s also had %d: the first from the knocker's left wins the hand.\n",
                         seat == who->human ? "You" : name_of(who, seat), u);
    }
}

static void showdown_ring(const gin_hand_end *e, const gin_game *g, const gin_seating *who, gin_showdown_screen *s)
{
    int n = who->seats;
    const char *dot = gin_ui_utf8() ? " \xc2\xb7 " : " - ";
    snprintf(s->footer, sizeof s->footer, "%s   t: score sheet   r: replay the hand",
             g->over ? "Enter: the final score" : "Enter: next hand");
    s->seats = n;
    char totals[256];
    int tl = snprintf(totals, sizeof totals, "Penalty totals:");
    for (int k = 0; k < n && tl > 0 && (size_t)tl < sizeof totals; k++) {
        int seat = (who->human + k) % n;
        tl += snprintf(totals + tl, sizeof totals - (size_t)tl, "%s %s %d", k ? "," : "", name_in(who, seat),
                       g->score.points[seat]);
    }
    if (tl > 0 && (size_t)tl < sizeof totals)
        snprintf(totals + tl, sizeof totals - (size_t)tl, " (game to %d; the lowest total wins).", g->rules.target);
    if (e->is_void) {
        void_ring(e, g, who, s, dot, totals);
        return;
    }
    const gin_ring_showdown *sd = &e->ring;
    int k = sd->knocker, w = sd->winner;
    int gin = sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN;
    snprintf(s->title, sizeof s->title, "Hand %d: %s %s%s", e->hand_no, name_in(who, k),
             sd->kind == GIN_RESULT_BIG_GIN ? "went big gin"
             : gin                          ? "went gin"
                                            : "knocked",
             sd->kind == GIN_RESULT_UNDERCUT ? (w == who->human   ? ", and you undercut!"
                                                : k == who->human ? ", and were undercut"
                                                                  : ", and was undercut")
                                             : "");
    int any_lay = ring_spreads(e, who, s, dot);
    ring_scoring(e, g, who, s->text, sizeof s->text);
    if (!gin)
        spread_note(e, who, s->text, sizeof s->text);
    if (any_lay)
        gin_play_add(s->text, sizeof s->text, "Lay-offs (marked +) go only onto the knocker's own melds.\n");
    gin_play_add(s->text, sizeof s->text, "%s", totals);
}

void gin_play_showdown_screen(const gin_hand_end *e, const gin_game *g, const gin_seating *who, gin_showdown_screen *s)
{
    memset(s, 0, sizeof *s);
    if (who->seats > 2) {
        showdown_ring(e, g, who, s);
        return;
    }
    snprintf(s->footer, sizeof s->footer, "%s   t: score sheet   r: replay the hand",
             g->over ? "Enter: the final score" : "Enter: next hand");
    char score[96];
    const gin_game_score *hw = g->hollywood; /* Hollywood: the three games, as the header shows them */
    if (g->rules.hollywood)
        snprintf(score, sizeof score, "Score: you %d/%d/%d, the bot %d/%d/%d (three games, each to %d).",
                 hw[0].points[who->human], hw[1].points[who->human], hw[2].points[who->human], hw[0].points[who->bot],
                 hw[1].points[who->bot], hw[2].points[who->bot], g->rules.target);
    else
        snprintf(score, sizeof score, "Score: you %d, the bot %d (game to %d).", g->score.points[who->human],
                 g->score.points[who->bot], g->rules.target);
    if (e->is_void) {
        snprintf(s->title, sizeof s->title, "Hand %d is void", e->hand_no);
        for (int i = 0; i < 2; i++) {
            int seat = i == 0 ? who->human : who->bot;
            gin_arrangement ar;
            if (gin_arrange(e->held[seat], &ar) != 0)
                memset(&ar, 0, sizeof ar);
            gin_showdown_seat *sp = &s->spread[i];
            snprintf(sp->label, sizeof sp->label, "%s", i == 0 ? "You" : "Bot");
            sp->n_melds = ar.n_melds;
            memcpy(sp->melds, ar.melds, sizeof ar.melds);
            sp->unmatched = ar.unmatched;
            sp->deadwood = ar.deadwood;
        }
        char why[64];
        snprintf(s->text, sizeof s->text, "%s: nobody scores.\nThe same dealer deals again.\n%s",
                 void_cause(g, why, sizeof why), score);
        return;
    }
    const gin_showdown *sd = &e->sd;
    int k = e->knocker, d = k == who->human ? who->bot : who->human;
    int gin = sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN;
    snprintf(s->title, sizeof s->title, "Hand %d: %s %s", e->hand_no, k == who->human ? "you" : "the bot",
             sd->kind == GIN_RESULT_BIG_GIN ? "went big gin"
             : gin                          ? "went gin"
                                            : "knocked");
    gin_showdown_seat *ks = &s->spread[0], *ds = &s->spread[1];
    snprintf(ks->label, sizeof ks->label, "%s (%s)", name_of(who, k), gin ? "gin" : "knocker");
    ks->n_melds = sd->knocker.n_melds;
    memcpy(ks->melds, sd->knocker.melds, sizeof ks->melds);
    ks->unmatched = sd->knocker.unmatched;
    ks->deadwood = sd->knocker.deadwood;
    for (int i = 0; i < sd->n_layoffs; i++)
        if (sd->layoffs[i].meld >= 0 && sd->layoffs[i].meld < GIN_MAX_MELDS)
            ks->laid[sd->layoffs[i].meld] |= gin_cardset_of(sd->layoffs[i].card);
    snprintf(ds->label, sizeof ds->label, "%s", name_of(who, d));
    ds->n_melds = sd->defender.n_melds;
    memcpy(ds->melds, sd->defender.melds, sizeof ds->melds);
    ds->unmatched = sd->defender.unmatched;
    ds->deadwood = sd->defender.deadwood;

    const gin_rules *r = &g->rules;
    char *t = s->text;
    size_t cap = sizeof s->text;
    t[0] = '\0';
    int kd = sd->knocker.deadwood, dd = sd->defender.deadwood, x = hand_factor(&g->rules, e->first_upcard),
        pts = sd->points / x;
    const char *kn = k == who->human ? "you" : "the bot", *dn = d == who->human ? "you" : "the bot";
    if (sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN) {
        int bonus = sd->kind == GIN_RESULT_GIN ? r->gin_bonus : r->big_gin_bonus;
        gin_play_add(t, cap, "%s: %s bonus %d + %s deadwood %d = %d points to %s.\n",
                     sd->kind == GIN_RESULT_GIN ? "Gin" : "Big gin", sd->kind == GIN_RESULT_GIN ? "gin" : "big gin",
                     bonus, d == who->human ? "your" : "the bot's", dd, pts, kn);
        gin_play_add(t, cap, "No lay-offs against gin.\n");
    } else {
        spread_note(e, who, t, cap);
        if (sd->n_layoffs)
            gin_play_add(t, cap, "%s laid off %d card%s (marked +lay): deadwood %d before, %d after.\n",
                         d == who->human ? "You" : "The bot", sd->n_layoffs, sd->n_layoffs == 1 ? "" : "s",
                         sd->defender_deadwood_before_layoffs, dd);
        gin_play_unlaid_note(sd, ks->laid, d == who->human ? "You" : "The bot", t, cap);
        if (sd->kind == GIN_RESULT_UNDERCUT)
            gin_play_add(
                t, cap,
                "Undercut! %s %d against the knock's %d: difference %d + undercut bonus %d = %d points to %s.\n",
                d == who->human ? "Your" : "The bot's", dd, kd, kd - dd, r->undercut_bonus, pts, dn);
        else
            gin_play_add(t, cap, "Knock: %d against %d: the difference, %d point%s, to %s.\n", dd, kd, pts,
                         pts == 1 ? "" : "s", kn);
    }
    if (x == 2)
        gin_play_add(t, cap, "The first upcard was a spade: the hand counts double, %d points.\n", sd->points);
    gin_play_add(t, cap, "%s", score);
}
