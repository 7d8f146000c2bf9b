/* Statistics per bot level: counting, the text file, the table. */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"

/* Counts never exceed this (points STATS_POINTS_CAP): one more game can
 * never overflow, and what we write we can read back. */
#define STATS_CAP 1000000000
#define STATS_POINTS_CAP 1000000000000000L

static int add_capped(int a, int b)
{
    if (b < 0)
        b = 0;
    return b > STATS_CAP - a ? STATS_CAP : a + b;
}

static const char *const level_names[GIN_STATS_LEVELS] = {"easy", "normal", "hard", "expert"};

int gin_stats_level_index(const char *name)
{
    for (int i = 0; i < GIN_STATS_LEVELS; i++)
        if (name && !strcmp(name, level_names[i]))
            return i;
    return -1;
}

const char *gin_stats_level_name(int i) { return i >= 0 && i < GIN_STATS_LEVELS ? level_names[i] : "?"; }

void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t)
{
    if (level < 0 || level >= GIN_STATS_LEVELS)
        return;
    gin_level_stats *l = &s->level[level];
    l->games = add_capped(l->games, 1);
    l->hands = add_capped(l->hands, t->hands);
    l->hands_won = add_capped(l->hands_won, t->hands_won);
    l->gins = add_capped(l->gins, t->gins);
    l->undercuts = add_capped(l->undercuts, t->undercuts);
    l->knocks = add_capped(l->knocks, t->knocks);
    long pts = t->points > 0 ? t->points : 0;
    l->points = pts > STATS_POINTS_CAP - l->points ? STATS_POINTS_CAP : l->points + pts;
    if (t->won) {
        l->wins = add_capped(l->wins, 1);
        l->streak = add_capped(l->streak, 1);
        if (l->streak > l->best_streak)
            l->best_streak = l->streak;
    } else {
        l->streak = 0;
    }
}

int gin_stats_format(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int n = snprintf(
        buf, cap, "# gin statistics v1: level games wins hands hands_won gins undercuts knocks points streak best\n");
    if (n < 0 || (size_t)n >= cap)
        return -1;
    used = (size_t)n;
    for (int i = 0; i < GIN_STATS_LEVELS; i++) {
        const gin_level_stats *l = &s->level[i];
        n = snprintf(buf + used, cap - used, "%s %d %d %d %d %d %d %d %ld %d %d\n", level_names[i], l->games, l->wins,
                     l->hands, l->hands_won, l->gins, l->undercuts, l->knocks, l->points, l->streak, l->best_streak);
        if (n < 0 || (size_t)n >= cap - used)
            return -1;
        used += (size_t)n;
    }
    return (int)used;
}

static int fault_at(gin_text_fault *fault, int line, const char *what)
{
    if (fault) {
        fault->line = line;
        snprintf(fault->what, sizeof fault->what, "%s", what);
    }
    return line;
}

/* One level's line ("normal 3 2 ..."): its index into *lv, the counts into
 * *l. Returns 0, or -1 with what is wrong in what[]. */
static int parse_level_line(char *buf, int *lv, gin_level_stats *l, char *what, size_t what_cap)
{
    memset(l, 0, sizeof *l);
    int *field[] = {&l->games,     &l->wins,   &l->hands, &l->hands_won, &l->gins,
                    &l->undercuts, &l->knocks, NULL,      &l->streak,    &l->best_streak};
    char *save = NULL;
    char *name = strtok_r(buf, " \t", &save);
    *lv = gin_stats_level_index(name);
    if (*lv < 0) {
        char q[48];
        snprintf(what, what_cap, "unknown level %s",
                 name ? gin_kept_quote(name, strlen(name), 16, q, sizeof q) : "(none)");
        return -1;
    }
    for (size_t f = 0; f < sizeof field / sizeof field[0]; f++) {
        char *tok = strtok_r(NULL, " \t", &save);
        long long v;
        if (!tok || gin_kept_number(tok, 0, field[f] ? STATS_CAP : STATS_POINTS_CAP, &v) != 0) {
            snprintf(what, what_cap, tok ? "field %zu is not a count from 0 to %lld" : "field %zu is missing", f + 2,
                     field[f] ? (long long)STATS_CAP : (long long)STATS_POINTS_CAP);
            return -1;
        }
        if (field[f])
            *field[f] = (int)v;
        else
            l->points = (long)v;
    }
    if (strtok_r(NULL, " \t", &save)) {
        snprintf(what, what_cap, "more than eleven fields");
        return -1;
    }
    if (l->wins > l->games || l->hands_won > l->hands || l->best_streak < l->streak || l->best_streak > l->wins) {
        snprintf(what, what_cap, "the counts disagree (more wins than games, or streaks longer than the wins)");
        return -1;
    }
    return 0;
}

int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault)
{
    memset(s, 0, sizeof *s);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return line;
    int seen = 0, got;
    const char *p = text, *end = text + len;
    char buf[256];
    while ((got = gin_kept_line(&p, end, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0) {
            memset(s, 0, sizeof *s);
            return fault_at(fault, line, "line too long");
        }
        if (!buf[0] || buf[0] == '#')
            continue;
        gin_level_stats l;
        int i;
        char what[160];
        int bad = parse_level_line(buf, &i, &l, what, sizeof what) != 0;
        if (!bad && (seen & (1 << i))) {
            snprintf(what, sizeof what, "level %s appears twice", gin_stats_level_name(i));
            bad = 1;
        }
        if (bad) {
            memset(s, 0, sizeof *s);
            return fault_at(fault, line, what);
        }
        seen |= 1 << i;
        s->level[i] = l;
    }
    return 0;
}

int gin_stats_table(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int n = snprintf(buf, cap, "%-7s %6s %6s %6s %6s %6s %6s %8s %7s\n", "level", "games", "wins", "win%", "gins",
                     "knocks", "under", "avg pts", "streak");
    if (n < 0 || (size_t)n >= cap)
        return -1;
    used = (size_t)n;
    for (int i = 0; i < GIN_STATS_LEVELS; i++) {
        const gin_level_stats *l = &s->level[i];
        char pct[16] = "-", avg[16] = "-";
        if (l->games) {
            snprintf(pct, sizeof pct, "%d%%", (int)((100L * l->wins + l->games / 2) / l->games));
            snprintf(avg, sizeof avg, "%.1f", (double)l->points / l->games);
        }
        n = snprintf(buf + used, cap - used, "%-7s %6d %6d %6s %6d %6d %6d %8s %3d/%-3d\n", level_names[i], l->games,
                     l->wins, pct, l->gins, l->knocks, l->undercuts, avg, l->streak, l->best_streak);
        if (n < 0 || (size_t)n >= cap - used)
            return -1;
        used += (size_t)n;
    }
    return (int)used;
}

enum { STATS_FILE_MAX = 1 << 16 };

static int parse_stats(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_parse(s, text, len, fault);
}

int gin_stats_load(gin_kept *k, gin_stats *s)
{
    int st = gin_kept_load(k, GIN_DIR_STATE, "stats", "the statistics file", STATS_FILE_MAX, parse_stats, s);
    if (st != GIN_KEPT_LOADED)
        memset(s, 0, sizeof *s);
    return st;
}

int gin_stats_record(gin_kept *k, const gin_lock *lk, int level, const gin_game_tally *t, gin_stats *now, char *why,
                     size_t why_cap)
{
    why[0] = '\0';
    if (level < 0 || level >= GIN_STATS_LEVELS || !t) {
        snprintf(why, why_cap, "game not counted: no such level");
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
    /* Read again: the file as it is now, not as it was at start. */
    gin_stats s;
    if (gin_stats_load(k, &s) != GIN_KEPT_LOADED && k->state != GIN_KEPT_ABSENT) {
        snprintf(why, why_cap, "game not counted: %s", k->why);
        return -1;
    }
    gin_stats_add(&s, level, t);
    char buf[2048];
    int n = gin_stats_format(&s, buf, sizeof buf);
    if (n < 0) {
        snprintf(why, why_cap, "game not counted: the statistics do not fit");
        return -1;
    }
    if (gin_kept_write(k, buf, (size_t)n, why, why_cap) != 0)
        return -1;
    if (now)
        *now = s;
    return 0;
}
