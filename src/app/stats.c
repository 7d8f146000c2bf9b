/* Statistics per bot level: counting, the text file, the table. */
#include "stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"

static const char *const level_names[GIN_STATS_LEVELS] = {"easy", "normal", "hard", "expert"};

int gin_stats_level_index(const char *name)
{
    for (int i = 0; i < GIN_STATS_LEVELS; i++)
        if (name && !strcmp(name, level_names[i]))
            return i;
    return -1;
}

const char *gin_stats_level_name(int i)
{
    return i >= 0 && i < GIN_STATS_LEVELS ? level_names[i] : "?";
}

void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t)
{
    if (level < 0 || level >= GIN_STATS_LEVELS)
        return;
    gin_level_stats *l = &s->level[level];
    l->games++;
    l->hands += t->hands;
    l->hands_won += t->hands_won;
    l->gins += t->gins;
    l->undercuts += t->undercuts;
    l->knocks += t->knocks;
    l->points += t->points;
    if (t->won) {
        l->wins++;
        if (++l->streak > l->best_streak)
            l->best_streak = l->streak;
    } else {
        l->streak = 0;
    }
}

int gin_stats_format(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int n = snprintf(buf, cap, "# gin statistics v1: level games wins hands hands_won gins undercuts knocks points streak best\n");
    if (n < 0 || (size_t)n >= cap)
        return -1;
    used = (size_t)n;
    for (int i = 0; i < GIN_STATS_LEVELS; i++) {
        const gin_level_stats *l = &s->level[i];
        n = snprintf(buf + used, cap - used, "%s %d %d %d %d %d %d %d %ld %d %d\n", level_names[i],
                     l->games, l->wins, l->hands, l->hands_won, l->gins, l->undercuts, l->knocks,
                     l->points, l->streak, l->best_streak);
        if (n < 0 || (size_t)n >= cap - used)
            return -1;
        used += (size_t)n;
    }
    return (int)used;
}

int gin_stats_parse(gin_stats *s, const char *text)
{
    memset(s, 0, sizeof *s);
    int line = 0, seen = 0;
    const char *p = text;
    while (*p) {
        line++;
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char buf[256];
        if (n >= sizeof buf)
            return line;
        memcpy(buf, p, n);
        buf[n] = '\0';
        p += n + (nl ? 1 : 0);
        if (!buf[0] || buf[0] == '#')
            continue;
        char name[16], extra;
        gin_level_stats l;
        int got = sscanf(buf, "%15s %d %d %d %d %d %d %d %ld %d %d %c", name, &l.games, &l.wins,
                         &l.hands, &l.hands_won, &l.gins, &l.undercuts, &l.knocks, &l.points,
                         &l.streak, &l.best_streak, &extra);
        int i = gin_stats_level_index(name);
        if (got != 11 || i < 0 || (seen & (1 << i)) || l.games < 0 || l.wins < 0 ||
            l.wins > l.games || l.hands < 0 || l.hands_won < 0 || l.hands_won > l.hands ||
            l.gins < 0 || l.undercuts < 0 || l.knocks < 0 || l.streak < 0 ||
            l.best_streak < l.streak || l.best_streak > l.wins)
            return line;
        seen |= 1 << i;
        s->level[i] = l;
    }
    return 0;
}

int gin_stats_table(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int n = snprintf(buf, cap, "%-7s %6s %6s %6s %6s %6s %6s %8s %7s\n", "level", "games", "wins",
                     "win%", "gins", "knocks", "under", "avg pts", "streak");
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
        n = snprintf(buf + used, cap - used, "%-7s %6d %6d %6s %6d %6d %6d %8s %3d/%-3d\n",
                     level_names[i], l->games, l->wins, pct, l->gins, l->knocks, l->undercuts, avg,
                     l->streak, l->best_streak);
        if (n < 0 || (size_t)n >= cap - used)
            return -1;
        used += (size_t)n;
    }
    return (int)used;
}

static int stats_path(char *path, size_t cap, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    if (gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, why_cap) != 0)
        return -1;
    return gin_path_join(path, cap, dir, "stats");
}

int gin_stats_load(gin_stats *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX];
    memset(s, 0, sizeof *s);
    why[0] = '\0';
    if (stats_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    char *text = NULL;
    int rc = gin_file_read_all(path, 1 << 16, &text, NULL);
    if (rc == 0)
        return 0;
    int bad = rc < 0 ? -1 : gin_stats_parse(s, text);
    free(text);
    if (bad == 0)
        return 0;
    memset(s, 0, sizeof *s);
    char moved[GIN_PATH_MAX];
    if (gin_file_quarantine(path, moved, sizeof moved) == 0)
        snprintf(why, why_cap, "statistics file damaged; moved to %s", moved);
    else {
        snprintf(why, why_cap, "statistics file %s unreadable: %s", path, strerror(errno));
        return -2; /* left in place: the caller must not write over it */
    }
    return -1;
}

int gin_stats_save(const gin_stats *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX], buf[2048];
    why[0] = '\0';
    if (stats_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    int n = gin_stats_format(s, buf, sizeof buf);
    if (n < 0 || gin_file_write_atomic(path, buf, (size_t)n) != 0) {
        snprintf(why, why_cap, "cannot save statistics to %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
