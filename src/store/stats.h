/* gin — the player's statistics per bot level, kept in
 * $XDG_STATE_HOME/gin/stats. Practice games are never counted. */
#ifndef GIN_STATS_H
#define GIN_STATS_H

#include <stddef.h>

enum { GIN_STATS_LEVELS = 4 }; /* easy, normal, hard, expert */

typedef struct gin_level_stats {
    int games, wins;
    int hands, hands_won;
    int gins, undercuts, knocks; /* yours: gins and knocks you made, undercuts you dealt */
    long points;                 /* your final game totals, summed (for the average) */
    int streak, best_streak;     /* consecutive games won */
} gin_level_stats;

typedef struct gin_stats {
    gin_level_stats level[GIN_STATS_LEVELS];
} gin_stats;

/* What one finished game adds. */
typedef struct gin_game_tally {
    int won;
    int hands, hands_won, gins, undercuts, knocks;
    int points; /* your final total */
} gin_game_tally;

/* Level index for a name ("easy".."expert"), or -1. */
int gin_stats_level_index(const char *name);
const char *gin_stats_level_name(int i);

void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t);

/* Text form: one line per level, "name games wins hands hands_won gins
 * undercuts knocks points streak best". parse returns 0 or the bad line. */
int gin_stats_format(const gin_stats *s, char *buf, size_t cap);
int gin_stats_parse(gin_stats *s, const char *text);
/* A ring for people (gin stats and the stats screen). */
int gin_stats_table(const gin_stats *s, char *buf, size_t cap);

/* Load from the state dir (missing: zeros). A damaged file is moved to
 * stats.bad and reported in why; returns -1 then, and *s is zeroed; -2 if
 * it could not be moved aside (then never save over it). */
int gin_stats_load(gin_stats *s, char *why, size_t why_cap);
int gin_stats_save(const gin_stats *s, char *why, size_t why_cap);

#endif
