/* The statistics for people: the table of gin stats and the statistics
 * screen, its notes, and the bars of the last games' margins (stats.h). */
#include <stdio.h>
#include <string.h>
#include "stats_private.h"

/* The table's columns: 76 wide. */
#define TABLE_ROW "%-7s %-8s %5d %4d %4s %3d %4s %5d %7s %11s %7s\n"
#define TABLE_HEAD "%-7s %-8s %5s %4s %4s %3s %4s %5s %7s %11s %7s\n"

/* "58%" of a share, or "-" without a whole. */
static void share(char *buf, size_t cap, long long part, long long whole)
{
    if (whole > 0)
        snprintf(buf, cap, "%lld%%", (100 * part + whole / 2) / whole);
    else
        snprintf(buf, cap, "-");
}

static int table_row(const char *level, const char *rules, const gin_level_stats *l, char *buf, size_t cap,
                     size_t *used)
{
    char win[16], gin[16], under[32], pts[48], streak[32];
    share(win, sizeof win, l->wins, l->games);
    share(gin, sizeof gin, l->gins, l->hands_won);
    snprintf(under, sizeof under, "%d/%d%s", l->undercuts, l->undercut_against, l->old_games ? "*" : "");
    int hands = l->hands - l->old_hands;
    if (hands > 0)
        snprintf(pts, sizeof pts, "%.1f/%.1f%s", (double)l->points / hands, (double)l->points_against / hands,
                 l->old_games ? "*" : "");
    else
        snprintf(pts, sizeof pts, "-");
    snprintf(streak, sizeof streak, "%d/%d", l->streak, l->best_streak);
    return gin_stats_put(buf, cap, used, TABLE_ROW, level, rules, l->games, l->wins, win, l->resigned, gin, l->knocks,
                         under, pts, streak);
}

/* 1 when bot `level` appears in a row before row `i` (its rows are
 * shown together, at its first). */
static int seen_before(const gin_stats *s, int i)
{
    for (int j = 0; j < i; j++)
        if (!strcmp(s->row[j].level, s->row[i].level))
            return 1;
    return 0;
}

/* A bot's rows: each preset with games, then all rules when that says
 * more (several presets, or games from format 1). */
static int level_rows(const gin_stats *s, const char *level, char *buf, size_t cap, size_t *used)
{
    int cells = 0;
    const gin_level_stats *last = NULL, *all = gin_stats_get(s, level, "all");
    for (int r = 0; r < s->n_rows; r++) {
        const gin_stats_row *row = &s->row[r];
        if (strcmp(row->level, level) != 0 || !strcmp(row->rules, "all") || !row->n.games)
            continue;
        cells++, last = &row->n;
        if (table_row(level, row->rules, &row->n, buf, cap, used) != 0)
            return -1;
    }
    if (all && (cells != 1 || all->games != last->games))
        return table_row(level, "all", all, buf, cap, used);
    return 0;
}

/* Any games at all? */
static int any_games(const gin_stats *s)
{
    for (int i = 0; i < s->n_rows; i++)
        if (s->row[i].n.games)
            return 1;
    return 0;
}

int gin_stats_rows(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap)
        buf[0] = '\0';
    if (!any_games(s))
        return gin_stats_put(buf, cap, &used, "No games counted yet.\n") == 0 ? (int)used : -1;
    if (gin_stats_put(buf, cap, &used, TABLE_HEAD, "level", "rules", "games", "won", "win%", "res", "gin%", "knock",
                      "under", "pts/hand", "streak") != 0)
        return -1;
    for (int i = 0; i < s->n_rows; i++)
        if (!seen_before(s, i) && level_rows(s, s->row[i].level, buf, cap, &used) != 0)
            return -1;
    return (int)used;
}

int gin_stats_notes(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int any = any_games(s), old = 0;
    if (cap)
        buf[0] = '\0';
    for (int i = 0; i < s->n_rows; i++)
        if (!strcmp(s->row[i].rules, "all"))
            old += s->row[i].n.old_games;
    if (any && gin_stats_put(buf, cap, &used,
                             "win%%: games won of games played. res: games you resigned or abandoned\n"
                             "(did not resume), counted as lost. gin%%: gins of the hands you won.\n"
                             "knock: your knocks that were not gin (won or undercut). under:\n"
                             "undercuts you made / suffered. pts/hand: hand points per hand played,\n"
                             "yours / the bot's (game bonuses not in, so Hollywood and the target do\n"
                             "not inflate it). streak: games won in a row, now / longest.\n") != 0)
        return -1;
    if (old && gin_stats_put(buf, cap, &used,
                             "* %d game%s counted before statistics format 2 did not keep the\n"
                             "undercuts against you or the hand points: those counts and pts/hand\n"
                             "are of the games since.\n",
                             old, old == 1 ? "" : "s") != 0)
        return -1;
    if (gin_stats_put(buf, cap, &used,
                      "Rules that differ from a preset count as the nearest one (standard,\n"
                      "target 150: standard). Not counted: practice games, external bots,\n"
                      "tables of three or four.\n") != 0)
        return -1;
    return (int)used;
}

/* One line of bars: the games of row l whose outcome is in `which`. */
static int bar_line(const gin_level_stats *l, const char *which, int utf8, int top, char *buf, size_t cap, size_t *used)
{
    static const char *const blocks[8] = {"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
                                          "\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"};
    static const char ascii[] = ".:-=+*#@";
    for (int i = 0; i < l->n_recent; i++) {
        const gin_recent_game *g = &l->recent[i];
        int h = top > 0 ? (int)((7L * g->margin + top - 1) / top) : 0; /* 0..7 */
        int rc;
        if (g->outcome == GIN_OUTCOME_TIE && strchr(which, 'W'))
            rc = gin_stats_put(buf, cap, used, "%s", utf8 ? "\xc2\xb7" : "o");
        else if (!strchr(which, g->outcome))
            rc = gin_stats_put(buf, cap, used, " ");
        else if (utf8)
            rc = gin_stats_put(buf, cap, used, "%s", blocks[h > 7 ? 7 : h]);
        else
            rc = gin_stats_put(buf, cap, used, "%c", ascii[h > 7 ? 7 : h]);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int margin_rows(const char *level, const char *rules, const gin_level_stats *l, int utf8, char *buf, size_t cap,
                       size_t *used)
{
    int top = 0, won = 0, lost = 0;
    for (int i = 0; i < l->n_recent; i++) {
        top = l->recent[i].margin > top ? l->recent[i].margin : top;
        won += l->recent[i].outcome == GIN_OUTCOME_WON;
        lost += l->recent[i].outcome == GIN_OUTCOME_LOST || l->recent[i].outcome == GIN_OUTCOME_RESIGNED;
    }
    char label[32];
    snprintf(label, sizeof label, "%s %s", level, rules);
    if (gin_stats_put(buf, cap, used, "%-16s won  ", label) != 0 || bar_line(l, "W", utf8, top, buf, cap, used) != 0 ||
        gin_stats_put(buf, cap, used, "%*s %d won\n", GIN_STATS_RECENT - l->n_recent, "", won) != 0 ||
        gin_stats_put(buf, cap, used, "%-16s lost ", "") != 0 || bar_line(l, "LR", utf8, top, buf, cap, used) != 0 ||
        /* The scale is both lines': said after them, not on the won line
         * (where "0 won, largest margin 158" read as a win by 158). */
        gin_stats_put(buf, cap, used, "%*s %d lost; the tallest bar %d points\n", GIN_STATS_RECENT - l->n_recent, "",
                      lost, top) != 0)
        return -1;
    return 0;
}

int gin_stats_margins(const gin_stats *s, int utf8, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap)
        buf[0] = '\0';
    int any = 0;
    for (int i = 0; i < s->n_rows; i++)
        any |= strcmp(s->row[i].rules, "all") != 0 && s->row[i].n.n_recent > 0;
    if (!any)
        return 0;
    if (gin_stats_put(buf, cap, &used,
                      "The last %d games, oldest first: a column a game, as tall as the points\n"
                      "it was won or lost by (game totals; a resigned game: the bot's lead). %s tie\n",
                      GIN_STATS_RECENT, utf8 ? "\xc2\xb7" : "o") != 0)
        return -1;
    for (int i = 0; i < s->n_rows; i++)
        if (!seen_before(s, i))
            for (int r = i; r < s->n_rows; r++) {
                const gin_stats_row *row = &s->row[r];
                if (!strcmp(row->level, s->row[i].level) && strcmp(row->rules, "all") != 0 && row->n.n_recent &&
                    margin_rows(row->level, row->rules, &row->n, utf8, buf, cap, &used) != 0)
                    return -1;
            }
    return (int)used;
}
