/* Statistics per bot level: counting, the text file, the table. */
#include "stats.h"

#include <errno.h>
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

int gin_stats_parse(gin_stats *s, const char *text)
{
    memset(s, 0, sizeof *s);
    int line = 0, seen = 0, got;
    const char *p = text;
    char buf[256];
    while ((got = gin_text_line(&p, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0)
            return line;
        if (!buf[0] || buf[0] == '#')
            continue;
        char name[16];
        gin_level_stats l;
        memset(&l, 0, sizeof l);
        int *field[] = {&l.games,     &l.wins,   &l.hands, &l.hands_won, &l.gins,
                        &l.undercuts, &l.knocks, NULL,     &l.streak,    &l.best_streak};
        const char *q = buf;
        int parsed = 0, len = 0;
        if (sscanf(q, "%15s%n", name, &len) == 1) {
            parsed = 1;
            q += len;
            for (size_t f = 0; f < sizeof field / sizeof field[0]; f++) {
                char *end;
                errno = 0;
                long long v = strtoll(q, &end, 10);
                long long cap = field[f] ? STATS_CAP : STATS_POINTS_CAP;
                if (end == q || errno || v < 0 || v > cap)
                    break;
                if (field[f])
                    *field[f] = (int)v;
                else
                    l.points = (long)v;
                q = end;
                parsed++;
            }
            while (*q == ' ' || *q == '\t' || *q == '\r')
                q++;
            if (*q)
                parsed = 0;
        }
        int i = parsed == 11 ? gin_stats_level_index(name) : -1;
        if (parsed != 11 || i < 0 || (seen & (1 << i)) || l.games < 0 || l.wins < 0 || l.wins > l.games ||
            l.hands < 0 || l.hands_won < 0 || l.hands_won > l.hands || l.gins < 0 || l.undercuts < 0 || l.knocks < 0 ||
            l.streak < 0 || l.best_streak < l.streak || l.best_streak > l.wins)
            return line;
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

static int stats_path(char *path, size_t cap, char *why, size_t why_cap)
{
    return gin_kept_path(GIN_DIR_STATE, "stats", path, cap, why, why_cap);
}

static int parse_stats(void *s, const char *text) { return gin_stats_parse(s, text); }

int gin_stats_load(gin_stats *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX], moved[GIN_PATH_MAX];
    memset(s, 0, sizeof *s);
    why[0] = '\0';
    if (stats_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    int bad = 0;
    int rc = gin_file_load(path, 1 << 16, parse_stats, s, -1, &bad, moved, sizeof moved);
    if (rc >= 0)
        return 0;
    if (rc == -1)
        snprintf(why, why_cap, "statistics file damaged; moved to %s", moved);
    else /* left in place: the caller must not write over it */
        snprintf(why, why_cap, "statistics file %s unreadable: %s", path, strerror(errno));
    memset(s, 0, sizeof *s);
    return rc;
}

int gin_stats_save(const gin_stats *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX], buf[2048];
    why[0] = '\0';
    if (stats_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    int n = gin_stats_format(s, buf, sizeof buf);
    return gin_file_save(path, buf, n, "statistics", why, why_cap);
}
