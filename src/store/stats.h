/* gin — the player's statistics per bot and rule preset, kept in
 * $XDG_STATE_HOME/gin/stats-v3 (format 3). Counted: two-player games
 * against a built-in bot that are not practice — finished, resigned, or
 * abandoned (a saved game the player chose not to resume): a resigned or
 * abandoned game is a lost game. Not counted: practice, external bots,
 * tables of three or four.
 *
 * Rows are kept by name: the bot's name and the preset's name as the
 * caller gives them (any name of the kept files' shape, gin_kept_name_ok),
 * so a bot or a preset this gin has never heard of (a newer gin's) is
 * counted and kept like any other. Rules are counted as their preset: a
 * game whose rules differ from the presets counts under the preset the
 * table names it by ("standard, target 150" counts as standard).
 *
 * Each game counted is counted once: the file keeps the identities of the
 * last games it counted (the game's own, store/ending.h), and counting a
 * game it holds already changes nothing, whatever died when.
 *
 * Older files: format 2 lived in `stats-v2`, format 1 in `stats`. When
 * there is no stats-v3, gin_stats_load reads the newest of them and
 * converts it; the first game counted writes stats-v3, and the older file
 * is never written, moved or deleted by this gin except by a
 * damaged-file quarantine or `gin stats --reset`: an older gin still
 * reads and counts in it, and never sees (so never quarantines) the new
 * file. Once stats-v3 exists, the older ones are not read. */
#ifndef GIN_STATS_H
#define GIN_STATS_H

#include <stddef.h>
#include "kept.h"
#include "lock.h"

enum {
    GIN_STATS_ROWS = 128,  /* rows a file holds: (bot, preset) and (bot, all) */
    GIN_STATS_RECENT = 20, /* the last games kept per row, for the margins' bars */
    GIN_STATS_GAMES = 16,  /* identities of the last games counted, kept to count each once */
    GIN_NAME_SIZE = 16,    /* a name (gin_kept_name_ok) and its NUL */
    GIN_GAME_ID_SIZE = 17  /* a game's identity: 16 hex digits and the NUL */
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

/* The counts of one row. Counts stop at a billion, points at 10^15
 * (so points are 64 bits wide on every machine). */
typedef struct gin_level_stats {
    int games, wins;
    int hands, hands_won;                     /* hands played (void ones too) and won */
    int gins, undercuts, knocks;              /* yours: hands won by gin (or big gin); hands won by
                                    undercutting the bot; knocks that were not gin (won
                                    or undercut). Format 1 counted gins as knocks too */
    long long points;                         /* hand points you scored (no game bonuses), over the
                                    hands not carried from format 1 */
    int streak, best_streak;                  /* games won in a row: now, and the longest */
    int resigned;                             /* of the games lost: resigned or abandoned */
    int undercut_against;                     /* your knocks the bot undercut */
    long long points_against;                 /* hand points the bot scored */
    int old_games;                            /* games carried from a format-1 file, which did not keep */
    int old_hands;                            /*   undercuts against you, hand points or margins */
    int n_recent;                             /* 0 .. GIN_STATS_RECENT */
    gin_recent_game recent[GIN_STATS_RECENT]; /* oldest first */
} gin_level_stats;

/* One row: a bot at one preset, or a bot at all rules ("all"). */
typedef struct gin_stats_row {
    char level[GIN_NAME_SIZE]; /* the bot's name */
    char rules[GIN_NAME_SIZE]; /* a preset's name, or "all" */
    gin_level_stats n;
} gin_stats_row;

typedef struct gin_stats {
    int n_rows;
    gin_stats_row row[GIN_STATS_ROWS]; /* in the order they were first counted */
    int n_games;
    char game[GIN_STATS_GAMES][GIN_GAME_ID_SIZE]; /* the last games counted, oldest first */
    int converted; /* 0; or 1 or 2: read from a file of that format (not yet written as format 3) */
} gin_stats;

/* What one game adds. */
typedef struct gin_game_tally {
    int won;
    int hands, hands_won, gins, undercuts, knocks; /* as in gin_level_stats */
    int points;                                    /* your hand points */
    char rules[GIN_NAME_SIZE];                     /* the preset it counts under, by name */
    int resigned;                                  /* 1: resigned or abandoned (then won is 0) */
    int tie;                                       /* 1: the game ended in a tie (not won) */
    int undercut_against;                          /* your knocks the bot undercut */
    int points_against;                            /* the bot's hand points */
    int margin;                                    /* your game total minus the bot's (Hollywood: summed) */
} gin_game_tally;

/* The row of bot `level` at preset `rules` ("all": every preset), or NULL
 * when it has no games. */
const gin_level_stats *gin_stats_get(const gin_stats *s, const char *level, const char *rules);

/* Add one game to bot `level`'s row at preset t->rules and its all-rules
 * row (pure: gin_stats_record is what keeps a count). Counts stop at a
 * cap instead of overflowing (a row with a billion games takes no more),
 * so what is written always reads back. Returns 0, or -1 (nothing added)
 * when a name is not of the kept files' shape or the rows are full. */
int gin_stats_add(gin_stats *s, const char *level, const gin_game_tally *t);

/* 1 when the game of identity `game` is among the last ones counted. */
int gin_stats_has_game(const gin_stats *s, const char *game);

/* Format 3, the text of stats-v3:
 *   gin-stats 3
 *   # comment lines
 *   row LEVEL RULES games wins resigned hands hands_won gins knocks
 *       undercuts undercut_against points points_against streak best
 *       old_games old_hands RECENT
 *   games ID ID ...
 *   end N
 * one `row` line per row that has games (a missing row is zeros), RULES a
 * preset's name or "all", RECENT "-" or up to 20 comma-separated games,
 * oldest first, each an outcome letter (W L T R) and a margin ("W45,L12,
 * R0"); `games` the identities of the last games counted (the line may
 * be absent: none yet); `end` the number of rows, last: a file cut
 * anywhere, even at a line's end, says so by the `end` it lacks. ASCII
 * text: any other byte, a line that is not one of these with its fields
 * in range and agreeing (wins + resigned <= games, hands_won <= hands,
 * streak <= best <= wins, old counts within the totals), a row given
 * twice, no version line or no `end`, or anything after it makes the file
 * damaged; the version line of a later format ("gin-stats 4") makes the
 * parse answer GIN_KEPT_NEWER (kept.h): the file is left alone, never
 * counted over. Never half-read. Returns the length, or -1 if it does not
 * fit in cap. */
int gin_stats_format(const gin_stats *s, char *buf, size_t cap);
/* Parse len bytes of format-3 text into *s (zeroed first). Returns 0,
 * GIN_KEPT_NEWER (a later format; *fault says which), or the 1-based line
 * at fault with *fault (may be NULL) saying what is wrong there; *s is
 * then zeroed. */
int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);
/* Parse format 2 (stats-v2: "gin-stats 2", then "LEVEL RULES" and the
 * seventeen fields of a row, no end line: the format that could be cut
 * unseen) into *s; s->converted = 2. Returns as gin_stats_parse. */
int gin_stats_convert_v2(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);
/* Parse format 1 ("# comment", then "LEVEL games wins hands hands_won gins
 * undercuts knocks points streak best") and convert it: each level's line
 * becomes that level's all-rules row, with knocks less the gins (format 1
 * counted a gin as a knock too), and its games and hands marked old
 * (format 1 kept no undercuts against you, and its points were game
 * totals, bonuses and Hollywood's three games in, so they are not taken).
 * s->converted = 1. Returns as gin_stats_parse. */
int gin_stats_convert_v1(gin_stats *s, const char *text, size_t len, gin_text_fault *fault);

/* The statistics as a table for people (gin stats and the statistics
 * screen): a row per bot and preset with games, then the bot's all-rules
 * row when it differs ("No games counted yet." when there are none), 76
 * columns wide. Returns the length, or -1 if it does not fit. */
int gin_stats_rows(const gin_stats *s, char *buf, size_t cap);
/* The notes under it: what each column is of, what is not counted, and
 * the games carried from format 1. Lines of at most 74 columns. Returns
 * the length, or -1 if it does not fit. */
int gin_stats_notes(const gin_stats *s, char *buf, size_t cap);
/* The margins of each row's last games as two lines of bars, one column
 * a game, oldest first: bars on the "won" line for games won, on the
 * "lost" line for games lost or resigned, as tall as the margin beside
 * the row's largest; "·" for a tie. utf8: block characters (▁ to █),
 * else ASCII (. : - = + * # @, and o for a tie). Returns the length (0
 * when no row has recent games), or -1 if it does not fit. */
int gin_stats_margins(const gin_stats *s, int utf8, char *buf, size_t cap);

/* Load the statistics into *s and *k (kept.h). Moves and writes nothing.
 * *k is stats-v3 when it is there (LOADED, DAMAGED, or LEFT, also for a
 * later format) or when no statistics file is (ABSENT: zeros); with no
 * stats-v3 but an older file (stats-v2, else stats): converted into *s
 * with *k ABSENT at stats-v3 (the first count creates it) when it reads,
 * or *k is the old file itself when it is DAMAGED or LEFT (the caller
 * quarantines or reports it as any kept file; once it is moved aside the
 * next load finds the one before, or none). *s is zeros unless LOADED or
 * converted. Who: `gin stats`, and the table at start (for its statistics
 * screen; it quarantines a DAMAGED file once its screen is up, with
 * gin_kept_quarantine). Returns k->state. */
int gin_stats_load(gin_kept *k, gin_stats *s);

/* Count one game, once: re-read the file, and unless it counted the game
 * of identity `game` already, add t to bot `level`'s rows, note the game,
 * and write it back atomically — read-modify-write, so a count made by
 * any other writer since the table started is never lost. The caller must
 * hold the table lock (lock.h) of the directory of k's file: k is the
 * gin_kept gin_stats_load filled at start. Returns 0 (counted now) or 1
 * (it was counted before: nothing written), with the totals in *now (may
 * be NULL); or -1 with why[] saying so and the game not counted: no lock;
 * a name not of the kept files' shape, or no room for a row; k not
 * writable (the file was left alone, is newer, or is damaged and not yet
 * moved aside); the file re-read is now damaged or unreadable (k->state
 * says which: after gin_kept_quarantine of a DAMAGED one, calling again
 * counts the game in a new file); or the write failed (a full disk:
 * k->state stays writable, and calling again later may count it). */
int gin_stats_record(gin_kept *k, const gin_lock *lk, const char *level, const gin_game_tally *t, const char *game,
                     gin_stats *now, char *why, size_t why_cap);

/* `gin stats --reset`: move the statistics aside, stats-v3 and the older
 * stats-v2 and `stats` alike, each to NAME.reset-YYYYMMDD-HHMMSS (local
 * time; ".2" ... appended if taken, never over another file), so nothing
 * is lost and the next load finds none. Needs the table lock. A file that
 * is not a regular file, or cannot be read, is left alone and the reset
 * refused. Returns the number of files moved (0: there were none), or -1
 * with why[]; moved[] (may be NULL) gets "PATH -> NEW" lines. */
int gin_stats_reset(const gin_lock *lk, char *moved, size_t moved_cap, char *why, size_t why_cap);

#endif
