/* gin — the player's statistics per bot level, kept in
 * $XDG_STATE_HOME/gin/stats. Practice games are never counted. */
#ifndef GIN_STATS_H
#define GIN_STATS_H

#include <stddef.h>
#include "atomic_file.h"
#include "lock.h"

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

/* Level index for a name, exactly "easy", "normal", "hard" or "expert"
 * (0..3), or -1 (also for NULL). */
int gin_stats_level_index(const char *name);
/* The name of level i, or "?" when i is out of range. Static storage. */
const char *gin_stats_level_name(int i);

/* Add one game to level `level` of *s (nothing when level is out of
 * range). Counts stop at a cap instead of overflowing, so what is written
 * always reads back. Pure: gin_stats_record is what keeps a count. */
void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t);

/* Text form: a comment line, then one line per level, "name games wins
 * hands hands_won gins undercuts knocks points streak best", numbers in
 * decimal. The file is ASCII text: any other byte (a NUL, a control byte,
 * anything over 0x7f) makes it damaged, as does any line that is not a
 * comment or a level's line with eleven fields in range, or a level given
 * twice. Never half-read: parse takes the text with its length and either
 * accepts all of it or refuses it. */
int gin_stats_format(const gin_stats *s, char *buf, size_t cap);
/* Parse len bytes of text into *s (zeroed first). Returns 0, or the 1-based
 * line at fault with *fault (may be NULL) saying what is wrong there; *s is
 * then zeroed. */
int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);
/* The statistics as a ring for people (gin stats and the statistics
 * screen). Returns the length, or -1 if it does not fit. */
int gin_stats_table(const gin_stats *s, char *buf, size_t cap);

/* Load $XDG_STATE_HOME/gin/stats into *s (zeros unless LOADED) and *k
 * (see atomic_file.h). Moves and writes nothing. Who: `gin stats`, and the
 * table at start (for its statistics screen; it quarantines a DAMAGED file
 * once its screen is up, with gin_kept_quarantine). Returns k->state. */
int gin_stats_load(gin_kept *k, gin_stats *s);

/* Count one finished game: re-read the file, add t to the level's line,
 * write it back atomically — read-modify-write, so a count made by any
 * other writer since the table started is never lost. The caller must
 * hold the table lock (lock.h) of the directory of k's file: k is the
 * gin_kept gin_stats_load filled at start. Who: the table, when a game
 * that counts ends. Returns 0 with the new totals in *now (may be NULL);
 * or -1 with why[] saying so and the game not counted: no lock; k not
 * writable (the file was left alone, or is damaged and not yet moved
 * aside); or the file re-read is now damaged or unreadable (k->state says
 * which: after gin_kept_quarantine of a DAMAGED one, calling again counts
 * the game in a new file). */
int gin_stats_record(gin_kept *k, const gin_lock *lk, int level, const gin_game_tally *t, gin_stats *now, char *why,
                     size_t why_cap);

#endif
