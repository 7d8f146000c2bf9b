/* gin — the player's statistics per bot level and rule preset, kept in
 * $XDG_STATE_HOME/gin/stats-v2 (format 2). Counted: two-player games
 * against a built-in bot that are not practice — finished, resigned, or
 * abandoned (a saved game the player chose not to resume): a resigned or
 * abandoned game is a lost game. Not counted: practice, external bots,
 * tables of three or four.
 *
 * Rules are counted as their preset: a game whose rules differ from the
 * presets (--target 150, Hollywood, --knock 7 ...) counts under the preset
 * it differs from in fewest knobs, as the table names it ("standard,
 * target 150" counts as standard). The caller says which (tally.rules).
 *
 * Yesterday's file: format 1 lived in `stats` (one line per level). When
 * there is no stats-v2, gin_stats_load reads `stats` and converts it
 * (gin_stats_convert_v1); the first game counted writes stats-v2, and
 * `stats` is never written, moved or deleted by this gin except by a
 * damaged-file quarantine (as before) or `gin stats --reset`: an older
 * gin still reads and counts in it, and never sees (so never
 * quarantines) the new file. Once stats-v2 exists, `stats` is not read. */
#ifndef GIN_STATS_H
#define GIN_STATS_H

#include <stddef.h>
#include "kept.h"
#include "lock.h"

enum {
    GIN_STATS_LEVELS = 8, /* easy, normal, hard, expert, and the personalities eager, waiter,
                             hoarder, blocker */
    GIN_STATS_RULES = 4,  /* the core's presets in order: standard, classic, oklahoma, straight */
    GIN_STATS_RECENT = 20 /* the last games kept per row, for the margins' bars */
};

/* How a game in the recent list ended for you. */
enum gin_stats_outcome {
    GIN_OUTCOME_WON = 'W',
    GIN_OUTCOME_LOST = 'L',
    GIN_OUTCOME_TIE = 'T',
    GIN_OUTCOME_RESIGNED = 'R' /* resigned or abandoned: a lost game */
};

typedef struct gin_recent_game {
    int outcome; /* enum gin_stats_outcome */
    int margin;  /* >= 0: by how much it was won or lost (game totals, bonuses in;
                    Hollywood: its three games summed); resigned: the bot's lead
                    then, 0 if you were ahead */
} gin_recent_game;

/* One row: a level at one preset, or a level at all rules. */
typedef struct gin_level_stats {
    int games, wins;
    int hands, hands_won;        /* hands played (void ones too) and won */
    int gins, undercuts, knocks; /* yours: hands won by gin (or big gin); hands won by
                                    undercutting the bot; knocks that were not gin (won
                                    or undercut). Format 1 counted gins as knocks too */
    long points;                 /* hand points you scored (no game bonuses), over the
                                    hands not carried from format 1 */
    int streak, best_streak;     /* games won in a row: now, and the longest */
    /* Format 2. */
    int resigned;                             /* of the games lost: resigned or abandoned */
    int undercut_against;                     /* your knocks the bot undercut */
    long points_against;                      /* hand points the bot scored */
    int old_games;                            /* games carried from a format-1 file, which did not keep */
    int old_hands;                            /*   undercuts against you, hand points or margins */
    int n_recent;                             /* 0 .. GIN_STATS_RECENT */
    gin_recent_game recent[GIN_STATS_RECENT]; /* oldest first */
} gin_level_stats;

typedef struct gin_stats {
    gin_level_stats level[GIN_STATS_LEVELS];                 /* each level, all rules */
    gin_level_stats cell[GIN_STATS_LEVELS][GIN_STATS_RULES]; /* each level at each preset */
    int converted; /* 1: read from a format-1 file (not yet written as format 2) */
} gin_stats;

/* What one game adds. The first seven fields are format 1's. */
typedef struct gin_game_tally {
    int won;
    int hands, hands_won, gins, undercuts, knocks; /* as in gin_level_stats */
    int points;                                    /* your hand points */
    int rules;                                     /* the preset it counts under (gin_stats_rules_index) */
    int resigned;                                  /* 1: resigned or abandoned (then won is 0) */
    int tie;                                       /* 1: the game ended in a tie (not won) */
    int undercut_against;                          /* your knocks the bot undercut */
    int points_against;                            /* the bot's hand points */
    int margin;                                    /* your game total minus the bot's (Hollywood: summed) */
} gin_game_tally;

/* Level index for a name, exactly "easy", "normal", "hard" or "expert"
 * (0..3), or -1 (also for NULL). */
int gin_stats_level_index(const char *name);
/* The table's bots, as one text ("easy, normal, hard, expert, eager,
 * waiter, hoarder, blocker"), for messages. Static storage. */
const char *gin_stats_level_names(void);
/* The name of level i, or "?" when i is out of range. Static storage. */
const char *gin_stats_level_name(int i);
/* Preset index (0 .. GIN_STATS_RULES - 1) for a preset name as the core
 * spells it ("standard" ...), or -1. */
int gin_stats_rules_index(const char *name);
/* The name of preset i, or "?" when out of range. Static storage. */
const char *gin_stats_rules_name(int i);

/* Add one game to level `level`, preset t->rules, of *s: to the level's
 * all-rules row and to its preset's row (nothing when level or t->rules
 * is out of range). Counts stop at a cap instead of overflowing (a row
 * with a billion games takes no more), so what is written always reads
 * back. Pure: gin_stats_record is what keeps a count. */
void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t);

/* Format 2, the text of stats-v2:
 *   gin-stats 2
 *   # comment lines
 *   LEVEL RULES games wins resigned hands hands_won gins knocks undercuts
 *         undercut_against points points_against streak best old_games
 *         old_hands RECENT
 * one line per row that has games (a missing row is zeros), RULES a
 * preset name or "all", RECENT "-" or up to 20 comma-separated games,
 * oldest first, each an outcome letter (W L T R) and a margin ("W45,L12,
 * R0"). ASCII text: any other byte, a line that is not a row with its 18
 * fields in range and agreeing (wins + resigned <= games, hands_won <=
 * hands, streak <= best <= wins, old counts within the totals), a row
 * given twice, or no version line makes the file damaged; the version
 * line of a later format ("gin-stats 3") makes the parse answer
 * GIN_KEPT_NEWER (atomic_file.h): the file is left alone, never counted
 * over. Never half-read. */
int gin_stats_format(const gin_stats *s, char *buf, size_t cap);
/* Parse len bytes of format-2 text into *s (zeroed first). Returns 0,
 * GIN_KEPT_NEWER (a later format; *fault says which), or the 1-based line
 * at fault with *fault (may be NULL) saying what is wrong there; *s is
 * then zeroed. */
int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);
/* Parse yesterday's format 1 ("# comment", then "LEVEL games wins hands
 * hands_won gins undercuts knocks points streak best") and convert it:
 * each level's line becomes that level's all-rules row, with knocks less
 * the gins (format 1 counted a gin as a knock too), and its games and
 * hands marked old (format 1 kept no undercuts against you, and its
 * points were game totals, bonuses and Hollywood's three games in, so
 * they are not taken); the preset rows start empty. s->converted = 1.
 * Returns as gin_stats_parse. */
int gin_stats_convert_v1(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);

/* The statistics as a table for people (gin stats and the statistics
 * screen): a row per level and preset with games, then the level's
 * all-rules row when it differs ("No games counted yet." when there are
 * none), 76 columns wide. Returns the length, or -1 if it does not fit. */
int gin_stats_rows(const gin_stats *s, char *buf, size_t cap);
/* The notes under it: what each column is of, what is not counted, and
 * the games carried from format 1. Lines of at most 74 columns. Returns
 * the length, or -1 if it does not fit. */
int gin_stats_notes(const gin_stats *s, char *buf, size_t cap);
/* The rows, a blank line and the notes. Returns the length, or -1. */
int gin_stats_table(const gin_stats *s, char *buf, size_t cap);
/* The margins of each row's last games as two lines of bars, one column
 * a game, oldest first: bars on the "won" line for games won, on the
 * "lost" line for games lost or resigned, as tall as the margin beside
 * the row's largest; "·" for a tie. utf8: block characters (▁ to █),
 * else ASCII (. : - = + * # @, and o for a tie). Returns the length (0
 * when no row has recent games), or -1 if it does not fit. */
int gin_stats_margins(const gin_stats *s, int utf8, char *buf, size_t cap);

/* Load the statistics into *s and *k (see atomic_file.h). Moves and
 * writes nothing. *k is stats-v2 when it is there (LOADED, DAMAGED, or LEFT,
 * also for a later format) or when neither file is (ABSENT: zeros); with no stats-v2 but a
 * format-1 `stats`: converted into *s with *k ABSENT at stats-v2 (the
 * first count creates it) when it reads, or *k is the old file itself
 * when it is DAMAGED or LEFT (the caller quarantines or reports it as any
 * kept file; once it is moved aside the next load finds neither). *s is
 * zeros unless LOADED or converted. Who: `gin stats`, and the table at
 * start (for its statistics screen; it quarantines a DAMAGED file once
 * its screen is up, with gin_kept_quarantine). Returns k->state. */
int gin_stats_load(gin_kept *k, gin_stats *s);

/* Count one game: re-read the file, add t to the level's rows, write it
 * back atomically — read-modify-write, so a count made by any other
 * writer since the table started is never lost. The caller must hold the
 * table lock (lock.h) of the directory of k's file: k is the gin_kept
 * gin_stats_load filled at start. Who: the table, when a game that counts
 * ends (finished or resigned), and when the player abandons a saved one.
 * Returns 0 with the new totals in *now (may be NULL); or -1 with why[]
 * saying so and the game not counted: no lock; k not writable (the file
 * was left alone, is newer, or is damaged and not yet moved aside); or
 * the file re-read is now damaged or unreadable (k->state says which:
 * after gin_kept_quarantine of a DAMAGED one, calling again counts the
 * game in a new file). */
int gin_stats_record(gin_kept *k, const gin_lock *lk, int level, const gin_game_tally *t, gin_stats *now, char *why,
                     size_t why_cap);

/* `gin stats --reset`: move the statistics aside, stats-v2 and the
 * format-1 `stats` alike, each to NAME.reset-YYYYMMDD-HHMMSS (local
 * time; ".2" ... appended if taken, never over another file), so nothing
 * is lost and the next load finds none. Needs the table lock. A file
 * that is not a regular file, or cannot be read, is left alone and the
 * reset refused. Returns the number of files moved (0: there were none),
 * or -1 with why[]; moved[] (may be NULL) gets "PATH -> NEW" lines. */
int gin_stats_reset(const gin_lock *lk, char *moved, size_t moved_cap, char *why, size_t why_cap);

#endif
