/* Statistics per bot and rule preset: rows by name, counting each game
 * once, the file (load, record, reset). The text of the file is
 * stats_text.c's, the table for people stats_table.c's. */
#include "stats.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "stats_private.h"

static const char STATS_NAME[] = "stats-v3";    /* format 3 */
static const char STATS_V2_NAME[] = "stats-v2"; /* format 2: read and converted, never written */
static const char STATS_V1_NAME[] = "stats";    /* format 1: read and converted, never written */
enum { STATS_FILE_MAX = 1 << 17 };

/* ---- Counting. */

static int add_capped(int a, int b)
{
    if (b < 0)
        b = 0;
    return b > STATS_CAP - a ? STATS_CAP : a + b;
}

static long long add_points(long long a, int b)
{
    long long v = b > 0 ? b : 0;
    return v > STATS_POINTS_CAP - a ? STATS_POINTS_CAP : a + v;
}

static gin_recent_game recent_of(const gin_game_tally *t)
{
    int m = t->margin < 0 ? -t->margin : t->margin;
    if (m > STATS_CAP || m < 0) /* m < 0: the margin was INT_MIN */
        m = STATS_CAP;
    if (t->resigned)
        return (gin_recent_game){GIN_OUTCOME_RESIGNED, t->margin < 0 ? m : 0};
    if (t->won)
        return (gin_recent_game){GIN_OUTCOME_WON, m};
    if (t->tie)
        return (gin_recent_game){GIN_OUTCOME_TIE, 0};
    return (gin_recent_game){GIN_OUTCOME_LOST, m};
}

static void add_row(gin_level_stats *l, const gin_game_tally *t)
{
    if (l->games >= STATS_CAP)
        return; /* full: every count of the row stays as it is, so they still agree */
    int won = t->won && !t->resigned;
    l->games++;
    l->hands = add_capped(l->hands, t->hands);
    l->hands_won = add_capped(l->hands_won, t->hands_won < t->hands ? t->hands_won : t->hands);
    l->gins = add_capped(l->gins, t->gins);
    l->undercuts = add_capped(l->undercuts, t->undercuts);
    l->knocks = add_capped(l->knocks, t->knocks);
    l->undercut_against = add_capped(l->undercut_against, t->undercut_against);
    l->points = add_points(l->points, t->points);
    l->points_against = add_points(l->points_against, t->points_against);
    l->resigned += !won && t->resigned;
    if (won) {
        l->wins++;
        l->streak++;
        if (l->streak > l->best_streak)
            l->best_streak = l->streak;
    } else {
        l->streak = 0;
    }
    if (l->n_recent == GIN_STATS_RECENT) {
        memmove(l->recent, l->recent + 1, sizeof l->recent[0] * (GIN_STATS_RECENT - 1));
        l->n_recent--;
    }
    l->recent[l->n_recent++] = recent_of(t);
}

int gin_stats_add(gin_stats *s, const char *level, const gin_game_tally *t)
{
    if (!t || !gin_kept_name_ok(level) || !gin_kept_name_ok(t->rules) || !strcmp(t->rules, "all"))
        return -1;
    /* Both rows or neither: find or make them before counting in either. */
    int had = s->n_rows;
    gin_stats_row *all = gin_stats_row_of(s, level, "all", 1);
    gin_stats_row *cell = all ? gin_stats_row_of(s, level, t->rules, 1) : NULL;
    if (!cell) {
        s->n_rows = had;
        return -1;
    }
    add_row(&all->n, t);
    add_row(&cell->n, t);
    return 0;
}

/* Note the game among the last ones counted (the oldest goes). */
static void note_game(gin_stats *s, const char *game)
{
    if (!game || !game[0] || gin_stats_has_game(s, game))
        return;
    if (s->n_games == GIN_STATS_GAMES) {
        memmove(s->game[0], s->game[1], sizeof s->game[0] * (GIN_STATS_GAMES - 1));
        s->n_games--;
    }
    snprintf(s->game[s->n_games++], sizeof s->game[0], "%s", game);
}

/* ---- The file. */

static int parse_stats(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_parse(s, text, len, fault);
}

static int parse_stats_v2(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_convert_v2(s, text, len, fault);
}

static int parse_stats_v1(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_convert_v1(s, text, len, fault);
}

int gin_stats_load(gin_kept *k, gin_stats *s)
{
    static const char *const older[] = {STATS_V2_NAME, STATS_V1_NAME};
    static const gin_kept_parse_fn parse_older[] = {parse_stats_v2, parse_stats_v1};
    int st = gin_kept_load(k, GIN_DIR_STATE, STATS_NAME, "the statistics file", STATS_FILE_MAX, parse_stats, s);
    /* None yet: the newest older file, if there is one, converted. */
    for (int i = 0; i < 2 && st == GIN_KEPT_ABSENT; i++) {
        gin_kept old;
        int o = gin_kept_load(&old, GIN_DIR_STATE, older[i], "the statistics file", STATS_FILE_MAX, parse_older[i], s);
        if (o == GIN_KEPT_LOADED)
            return k->state; /* ABSENT at stats-v3, *s converted */
        if (o == GIN_KEPT_DAMAGED || o == GIN_KEPT_LEFT) {
            *k = old; /* for the caller to move aside or report, as any kept file */
            break;
        }
    }
    if (k->state != GIN_KEPT_LOADED)
        memset(s, 0, sizeof *s);
    return k->state;
}

/* The checks before a count: 0, or -1 with why[]. */
static int may_record(const gin_kept *k, const gin_lock *lk, const char *level, const gin_game_tally *t, char *why,
                      size_t why_cap)
{
    if (!t || !gin_kept_name_ok(level) || !gin_kept_name_ok(t->rules)) {
        snprintf(why, why_cap, "game not counted: no such bot or rules");
        return -1;
    }
    if (!gin_kept_writable(k)) {
        snprintf(why, why_cap, "game not counted: %s", k->why[0] ? k->why : "the statistics were never loaded");
        return -1;
    }
    if (!gin_lock_covers(lk, k->path)) {
        snprintf(why, why_cap, "game not counted: the statistics file %s is written only under the table lock",
                 k->path);
        return -1;
    }
    return 0;
}

int gin_stats_record(gin_kept *k, const gin_lock *lk, const char *level, const gin_game_tally *t, const char *game,
                     gin_stats *now, char *why, size_t why_cap)
{
    why[0] = '\0';
    if (may_record(k, lk, level, t, why, why_cap) != 0)
        return -1;
    /* Read again: the file as it is now, not as it was at start. */
    gin_stats *s = malloc(sizeof *s);
    char *buf = malloc(STATS_FILE_MAX);
    int rc = -1;
    if (!s || !buf)
        snprintf(why, why_cap, "game not counted: out of memory");
    else if (gin_stats_load(k, s) != GIN_KEPT_LOADED && k->state != GIN_KEPT_ABSENT)
        snprintf(why, why_cap, "game not counted: %s", k->why);
    else if (gin_stats_has_game(s, game))
        rc = 1; /* counted before (the end of this game was interrupted): not again */
    else if (gin_stats_add(s, level, t) != 0)
        snprintf(why, why_cap, "game not counted: the statistics hold at most %d rows", GIN_STATS_ROWS);
    else {
        note_game(s, game);
        s->converted = 0;
        int n = gin_stats_format(s, buf, STATS_FILE_MAX);
        if (n < 0)
            snprintf(why, why_cap, "game not counted: the statistics do not fit");
        else if (gin_kept_write(k, buf, (size_t)n, why, why_cap) == 0)
            rc = 0;
    }
    if (rc >= 0 && now)
        *now = *s;
    free(s);
    free(buf);
    return rc;
}

/* ---- The reset. */

static int accept_any(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    (void)ctx, (void)text, (void)len, (void)fault;
    return 0; /* what is in it does not matter: it is moved aside whole */
}

int gin_stats_reset(const gin_lock *lk, char *moved, size_t moved_cap, char *why, size_t why_cap)
{
    enum { FILES = 3 };
    static gin_kept k[FILES];
    const char *names[FILES] = {STATS_NAME, STATS_V2_NAME, STATS_V1_NAME};
    why[0] = '\0';
    if (moved && moved_cap)
        moved[0] = '\0';
    /* Judge them all first: nothing moves unless all can be. */
    for (int i = 0; i < FILES; i++) {
        int st =
            gin_kept_load(&k[i], GIN_DIR_STATE, names[i], "the statistics file", (size_t)1 << 30, accept_any, NULL);
        if (st == GIN_KEPT_NO_DIR || st == GIN_KEPT_LEFT) {
            snprintf(why, why_cap, "%s", k[i].why);
            return -1;
        }
        if (st != GIN_KEPT_ABSENT && !gin_lock_covers(lk, k[i].path)) {
            snprintf(why, why_cap, "the statistics file %s is reset only under the table lock", k[i].path);
            return -1;
        }
    }
    char suffix[48];
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm) || strftime(suffix, sizeof suffix, "reset-%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(suffix, sizeof suffix, "reset");
    int n = 0;
    size_t used = 0;
    for (int i = 0; i < FILES; i++) {
        if (k[i].state == GIN_KEPT_ABSENT)
            continue;
        if (gin_kept_set_aside(&k[i], suffix) != 0) {
            snprintf(why, why_cap, "cannot move %s aside: %s", k[i].path, strerror(errno));
            return -1;
        }
        n++;
        if (moved)
            (void)gin_stats_put(moved, moved_cap, &used, "%s -> %s\n", k[i].path, k[i].moved);
    }
    return n;
}
