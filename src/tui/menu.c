/* The in-game menu: the settings (saved as soon as they change), the
 * statistics, the drills, the score sheet and the help. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "gin/rules.h"
#include "ui.h"

void gin_play_apply_display(const gin_play *p)
{
    /* NO_COLOR wins over the menu: colours stay off while it is set. */
    gin_ui_opts o = {!p->set.no_color && !gin_ui_no_color_env(), p->set.four_color, 0, NULL, !p->set.mouse};
    gin_ui_set_opts(&o);
}

static void cycle_word(char *dst, size_t cap, const char *const *words, int n, int dir)
{
    int i = 0;
    if (n <= 0)
        return;
    for (int k = 0; k < n; k++)
        if (!strcmp(dst, words[k]))
            i = k;
    i = (i + dir + n) % n;
    snprintf(dst, cap, "%s", words[i]);
}

enum { GIN_MENU_BOTS = 16 }; /* the bots the menu cycles through, at most */

/* The bots the table plays, as the catalogue lists them (levels, then
 * styles): the next or previous after `dst`. */
static void cycle_level(char *dst, size_t cap, int dir)
{
    const char *names[GIN_MENU_BOTS];
    int n = 0;
    for (int i = 0; gin_opponent_at(i) && n < GIN_MENU_BOTS; i++)
        if (gin_opponent_at(i)->kind & (GIN_OPPONENT_LEVEL | GIN_OPPONENT_STYLE))
            names[n++] = gin_opponent_at(i)->name;
    cycle_word(dst, cap, names, n, dir);
}

enum {
    M_LEVEL,
    M_PLAYERS,
    M_RULES,
    M_TARGET,
    M_HOLLY,
    M_OPEN,
    M_COACH,
    M_FOUR,
    M_COLOR,
    M_FAST,
    M_MOUSE,
    M_SORT,
    M_STATS,
    M_DRILLS,
    M_SHEET,
    M_HELP,
    M_RESIGN,
    M_BACK,
    M_N
};

enum { ITEM_MAX = 96 };   /* a menu line, at most (it fits 80 columns) */
enum { MAX_PRESETS = 8 }; /* the rules presets the menu cycles through, at most */

static const char *const sorts[] = {"melds", "rank", "suit", "by hand"};

/* The coach's settings as the menu cycles them (mode, threshold, nudge):
 * on request, on request with the practice nudge, after every move, after
 * a move giving up 2, 5 or 10 or more (in practice these offer the undo
 * after a mistake anyway). */
static const int coach_steps[][3] = {{GIN_COACH_ON_REQUEST, 5, 0}, {GIN_COACH_ON_REQUEST, 5, 1},
                                     {GIN_COACH_EVERY, 5, 0},      {GIN_COACH_OVER, 2, 0},
                                     {GIN_COACH_OVER, 5, 0},       {GIN_COACH_OVER, 10, 0}};
enum { COACH_STEPS = sizeof coach_steps / sizeof coach_steps[0] };

static int coach_step(const gin_play *p)
{
    if (p->set.coach == GIN_COACH_ON_REQUEST)
        return p->set.nudge ? 1 : 0;
    if (p->set.coach == GIN_COACH_EVERY)
        return 2;
    return p->set.coach_threshold <= 2 ? 3 : p->set.coach_threshold <= 5 ? 4 : 5;
}

static void coach_item(const gin_play *p, char *item)
{
    char what[64];
    if (p->set.coach == GIN_COACH_OVER)
        snprintf(what, sizeof what, "after a move giving up %d or more", p->set.coach_threshold);
    else if (p->set.coach == GIN_COACH_EVERY)
        snprintf(what, sizeof what, "after every move");
    else
        snprintf(what, sizeof what, "%s",
                 p->set.nudge ? "on request; in practice after a mistake too" : "on request (H)");
    snprintf(item, ITEM_MAX, "Coach              %s", what);
}

/* The menu's lines: each setting, and what is in play now where a change
 * waits for the next game. */
static void menu_items(const gin_play *p, char items[M_N][ITEM_MAX])
{
    const gin_rules *now = gin_play_rules_of(p);
    char target[32], holly[32];
    if (p->set.target > 0)
        snprintf(target, sizeof target, "%d", p->set.target);
    else
        snprintf(target, sizeof target, "the preset's");
    snprintf(holly, sizeof holly, "%s", p->set.hollywood < 0 ? "the preset's" : p->set.hollywood ? "on" : "off");
    char nl[32], nr[40], nt[24], nh[24], no[24], np2[40], pl[24];
    snprintf(nl, sizeof nl, "(now %s)", p->opponent ? "external" : p->level->name);
    snprintf(nr, sizeof nr, "(now %s)", now->name);
    snprintf(nt, sizeof nt, "(now %d)", now->target);
    snprintf(nh, sizeof nh, "(now %s)", now->hollywood ? "on" : "off");
    snprintf(no, sizeof no, "(now %s)", p->practice ? "on" : "off");
    snprintf(items[M_LEVEL], ITEM_MAX, "Bot level          %-14s %s", p->set.level, nl);
    snprintf(pl, sizeof pl, "%d%s", p->set.players, p->set.players > 2 ? " (a table)" : "");
    snprintf(np2, sizeof np2, "(now %d)%s", gin_play_seats(p), p->opponent ? "  external bots: 2 only" : "");
    snprintf(items[M_PLAYERS], ITEM_MAX, "Players            %-14s %s", pl, np2);
    snprintf(items[M_RULES], ITEM_MAX, "Rules preset       %-14s %s", p->set.rules, nr);
    snprintf(items[M_TARGET], ITEM_MAX, "Target             %-14s %s", target, nt);
    snprintf(items[M_HOLLY], ITEM_MAX, "Hollywood          %-14s %s%s", holly, nh,
             p->set.players > 2 ? "  two players only" : "");
    snprintf(items[M_OPEN], ITEM_MAX, "Practice           %-14s %s  open hands, undo, review",
             p->set.open ? "on" : "off", no);
    coach_item(p, items[M_COACH]);
    snprintf(items[M_FOUR], ITEM_MAX, "Four-colour deck   %s", p->set.four_color ? "on" : "off");
    snprintf(items[M_COLOR], ITEM_MAX, "Colours            %s",
             p->set.no_color         ? "off"
             : gin_ui_no_color_env() ? "on (but NO_COLOR is set)"
                                     : "on");
    static const char *const speeds[GIN_SPEEDS] = {"slow (a long pause on each)", "normal (a pause on each)",
                                                   "fast (a short pause on each)", "instant (no pauses)"};
    int sp = p->set.speed >= 0 && p->set.speed < GIN_SPEEDS ? p->set.speed : GIN_SPEED_NORMAL;
    snprintf(items[M_FAST], ITEM_MAX, "Bot's moves        %s", speeds[sp]);
    snprintf(items[M_MOUSE], ITEM_MAX, "Mouse              %s", p->set.mouse ? "on" : "off (keys only)");
    snprintf(items[M_SORT], ITEM_MAX, "Sort your hand by  %s", sorts[p->table.sort]);
    snprintf(items[M_STATS], ITEM_MAX, "Statistics...");
    snprintf(items[M_DRILLS], ITEM_MAX, "Drills...          positions with one clearly best answer");
    snprintf(items[M_SHEET], ITEM_MAX, "Score sheet...");
    snprintf(items[M_HELP], ITEM_MAX, "Help...");
    /* Leaving a game that counts is a lost game, and the menu says so. */
    const char *why = NULL;
    if (gin_play_counts(p, &why))
        snprintf(items[M_RESIGN], ITEM_MAX, "Resign...          a lost game in your statistics");
    else
        snprintf(items[M_RESIGN], ITEM_MAX, "New game...        (%s)", why);
    snprintf(items[M_BACK], ITEM_MAX, "Back to the table");
}

/* A page of the menu (statistics, score sheet, help). -1 on a quit signal. */
static int menu_page(gin_play *p, int item)
{
    static char text[GIN_PLAY_PAGE];
    const char *title = item == M_STATS ? "Statistics" : item == M_SHEET ? "Score sheet" : "Help";
    if (item == M_STATS)
        return gin_play_stats_screen(p);
    if (item == M_SHEET) {
        gin_seating who = gin_play_seating(p);
        gin_play_sheet_text(&p->ref.m.game, &who, text, sizeof text);
    } else {
        gin_play_help_text(gin_play_rules_of(p), gin_play_seats(p), text, sizeof text);
    }
    /* No Space among the keys: it pages down, as on the table's own help
     * and score sheet; as a way back it closed the long help unread. */
    return gin_ui_text_screen(title, text, "Enter: back", "\n\033q") < 0 ? -1 : 0;
}

/* Change setting `item` one step in direction dir (+1 or -1). */
static void menu_change(gin_play *p, int item, int dir)
{
    const char *presets[MAX_PRESETS];
    int np = 0;
    for (size_t i = 0; i < gin_rules_preset_count() && np < MAX_PRESETS; i++)
        presets[np++] = gin_rules_preset_at(i)->name;
    static const int targets[] = {0, 50, 100, 150, 200, 250}; /* 0: the preset's */
    enum { N_TARGETS = sizeof targets / sizeof targets[0] };
    int ti = 0;
    switch (item) {
    case M_LEVEL:
        cycle_level(p->set.level, sizeof p->set.level, dir);
        break;
    case M_PLAYERS:
        p->set.players = 2 + (p->set.players - 2 + (dir > 0 ? 1 : 2)) % 3;
        break;
    case M_RULES:
        cycle_word(p->set.rules, sizeof p->set.rules, presets, np, dir);
        break;
    case M_TARGET:
        for (int j = 0; j < N_TARGETS; j++)
            if (targets[j] == p->set.target)
                ti = j;
        p->set.target = targets[(ti + dir + N_TARGETS) % N_TARGETS];
        break;
    case M_HOLLY:
        p->set.hollywood = p->set.hollywood >= 1 ? -1 : p->set.hollywood + 1;
        break;
    case M_FOUR:
        p->set.four_color ^= 1;
        gin_play_apply_display(p);
        break;
    case M_COLOR:
        p->set.no_color ^= 1;
        gin_play_apply_display(p);
        break;
    case M_OPEN:
        p->set.open ^= 1;
        break;
    case M_FAST: /* the four speeds in turn */
        p->set.speed = ((p->set.speed + (dir > 0 ? 1 : -1)) % GIN_SPEEDS + GIN_SPEEDS) % GIN_SPEEDS;
        break;
    case M_COACH: {
        int i = (coach_step(p) + (dir > 0 ? 1 : COACH_STEPS - 1)) % COACH_STEPS;
        p->set.coach = coach_steps[i][0];
        p->set.coach_threshold = coach_steps[i][1];
        p->set.nudge = coach_steps[i][2];
        break;
    }
    case M_MOUSE:
        p->set.mouse ^= 1;
        gin_play_apply_display(p);
        break;
    default: /* M_SORT */
        p->table.sort = (p->table.sort + (dir > 0 ? 1 : 2)) % 3;
        p->set.sort = p->table.sort;
        gin_table_sync_hand(&p->table, gin_play_view(p)->hand);
        break;
    }
}

/* Resign (a game that counts) or leave for a new game (one that does
 * not), once the player confirms. 1: confirmed, 0: not, -1: quit signal. */
static int confirm_resign(const gin_play *p)
{
    static char body[GIN_PLAY_WHYS];
    const char *why = NULL;
    char label[GIN_RULES_LABEL];
    gin_play_rules_label(gin_play_rules_of(p), label, sizeof label);
    int counts = gin_play_counts(p, &why);
    if (counts)
        snprintf(body, sizeof body,
                 "Resign this game against the %s bot (%s rules)?\n\n"
                 "It counts as a lost game in your statistics, it is kept in the game history\n"
                 "(gin history), and a new game starts.\n\ny: resign   n: play on",
                 p->level->name, label);
    else
        snprintf(body, sizeof body,
                 "Leave this game and start a new one?\n\n"
                 "It is not counted in your statistics (%s); it is kept in the game\n"
                 "history (gin history).\n\ny: new game   n: play on",
                 why);
    int k = gin_ui_text_screen(counts ? "Resign?" : "New game?", body, "y: yes   n or Esc: play on", "yYnN\033q");
    return k < 0 ? -1 : k == 'y' || k == 'Y';
}

int gin_play_menu(gin_play *p)
{
    int cursor = 0;
    for (;;) {
        char items[M_N][ITEM_MAX];
        menu_items(p, items);
        const char *ptrs[M_N];
        for (int i = 0; i < M_N; i++)
            ptrs[i] = items[i];
        char footer[GIN_PLAY_WHY];
        const char *about = gin_ai_describe(p->set.level);
        snprintf(footer, sizeof footer,
                 /* Four rows at 80x24 under the items (gin_ui_menu gives up its
                  * blank rows for them): the bot in two at most, this in two. */
                 "The bot %s: %s.\nSaved as you change them. Level, players, rules, target, Hollywood and practice "
                 "apply from the next game (n at game over), the rest at once.\nup/down: choose   left/right or "
                 "Enter: change   Esc or m: back",
                 p->set.level, about ? about : "?");
        int k = gin_ui_menu("Menu", ptrs, M_N, &cursor, footer);
        if (k == -2)
            return GIN_DO_QUIT;
        if (k == -1)
            return GIN_DO_NOTHING;
        int dir = k >= GIN_UI_MENU_NEXT ? 1 : k >= GIN_UI_MENU_PREV ? -1 : 1;
        int item = k % GIN_UI_MENU_PREV;
        if (item == M_DRILLS) {
            if (gin_play_drills(p) < 0)
                return GIN_DO_QUIT;
            continue;
        }
        if (item == M_STATS || item == M_SHEET || item == M_HELP) {
            if (menu_page(p, item) < 0)
                return GIN_DO_QUIT;
            continue;
        }
        if (item == M_RESIGN) {
            int yes = confirm_resign(p);
            if (yes == 0)
                continue;
            return yes > 0 ? GIN_DO_RESIGN : GIN_DO_QUIT; /* the loop ends the game as resigned */
        }
        if (item > M_SORT)
            return GIN_DO_NOTHING;
        menu_change(p, item, dir);
        char why[GIN_PLAY_WHY];
        if (gin_settings_save(&p->files.settings_file, &p->set, why, sizeof why) != 0)
            gin_play_msg(p, 1, "%s", why);
    }
}
