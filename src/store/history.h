/* gin — the game history: each game the table ends (finished, resigned,
 * abandoned at the resume prompt, forfeited by an external bot; practice
 * and tables of three or four too) kept in $XDG_STATE_HOME/gin/history/,
 * one file per game named by its number (000001, 000002, ...: numbers
 * only grow), at most GIN_HISTORY_MAX files: adding a game drops the
 * oldest beyond that. A file is a small header and the game record
 * (docs/record.md), so `gin replay` reads it as it reads a saved game.
 *
 * The rules of kept files (atomic_file.h) hold entry by entry: reading
 * moves nothing; an entry that does not parse or does not replay is
 * DAMAGED and moved aside (NNNNNN.bad) by the table when it next adds a
 * game, never dropped by the rotation; an entry that is not a regular
 * file is left alone (and not counted); one of a later format (a newer
 * gin) is left alone too. A `history` that is not a directory (a file, a
 * symbolic link) is left alone and no game is kept there. Writes are
 * atomic and under the table lock (lock.h). */
#ifndef GIN_HISTORY_H
#define GIN_HISTORY_H

#include <stddef.h>
#include "gin/record.h"
#include "kept.h"
#include "lock.h"
#include "stats.h"

/* At most this many games are kept; an entry's text is at most TEXT_MAX
 * bytes; its header is HEADER_LINES lines (the blank line included), so
 * the record starts on the line after. */
enum { GIN_HISTORY_MAX = 200, GIN_HISTORY_TEXT_MAX = 1 << 21, GIN_HISTORY_HEADER_LINES = 13 };

typedef struct gin_history_info {
    char game[GIN_GAME_ID_SIZE]; /* the game's identity (ending.h); "" in a format-1 entry */
    char date[24];               /* when it ended, UTC: "2024-05-01T12:34:56Z" ("" for gin_history_keep to fill) */
    char level[GIN_NAME_SIZE];   /* the bot's name as the table gave it, or "external" */
    char rules[96];              /* as the table names them ("standard", "classic, max-hands 2"): printable ASCII */
    int players;                 /* 2, 3 or 4 */
    int human;                   /* your seat in the record, 0 .. players - 1 */
    int practice;                /* 1: a practice game */
    int counted;                 /* 1: counted in the statistics */
    char result[16];             /* won, lost, tie, resigned, abandoned (not resumed), forfeit (the external
                        bot forfeited: yours) */
    int score[GIN_MAX_SEATS];    /* yours first, then the others from your left: game totals
                                 (bonuses in; Hollywood: its three games summed) of a finished
                                 game, the running points of one that was left; a table of
                                 three or four: penalty points */
    int hands;                   /* hands played */
} gin_history_info;

/* The text (format 2): these header lines in this order, each once, a
 * blank line, then the game record:
 *   gin-history 2
 *   game 0123456789abcdef
 *   date 2024-05-01T12:34:56Z
 *   level hard
 *   rules standard, target 150
 *   players 2
 *   human 0
 *   practice 0
 *   counted 1
 *   result lost
 *   score 88 132
 *   hands 5
 * ASCII text only; `rules` is the rest of its line, `score` one number
 * per player. Format 1 (`gin-history 1`, no game line) is read too. A
 * later version line ("gin-history 3"), or a game record of a later
 * format, is a newer gin's file (GIN_KEPT_NEWER: left alone). */

/* Write header + record text into buf. Returns the length, or a negative
 * gin status: GIN_EINVAL (a field gin_history_parse would refuse),
 * GIN_ESPACE, or gin_record_format's errors. */
int gin_history_format(const gin_history_info *h, const gin_record *rec, char *buf, size_t cap);

/* Parse len bytes of an entry's text (no terminator needed) into *h and
 * *rec. Returns GIN_OK, GIN_KEPT_NEWER, or a negative gin status with the
 * 1-based line at fault and what is wrong in *fault (may be NULL). Only
 * the text is judged: gin_history_read also replays the record. */
int gin_history_parse(const char *text, size_t len, gin_history_info *h, gin_record *rec, gin_text_fault *fault);

/* The one judgement of an entry, the history's and `gin replay`'s: it
 * parses (gin_history_parse) and its record replays. Returns as
 * gin_history_parse. */
int gin_history_judge(const char *text, size_t len, gin_history_info *h, gin_record *rec, gin_text_fault *fault);

/* The numbers of the entries in the history directory (names of digits
 * only; the quarantined, temporary and other files are not entries),
 * newest first, at most cap of them (the newest). Moves nothing. Returns
 * the count (0: no history yet), or -1 with why[] when `history` is not
 * a directory or cannot be read. */
int gin_history_list(int *ids, int cap, char *why, size_t why_cap);

/* The path of entry `id` into buf. Returns 0, or -1 with why[] (no state
 * directory). Nothing is created. */
int gin_history_path(int id, char *buf, size_t cap, char *why, size_t why_cap);

/* Read entry `id` into *k, *h and *rec, judged by gin_history_judge:
 * LOADED when it parses and its record replays; DAMAGED (k->why names the
 * line) otherwise; ABSENT, LEFT (not a regular file, unreadable, a later
 * format, or `history` not a directory: a link to one is not followed) as
 * any kept file. Moves nothing. Returns k->state. */
int gin_history_read(int id, gin_kept *k, gin_history_info *h, gin_record *rec);

/* Keep a game, once: unless an entry of the game h->game is among the
 * newest ones already (its end was interrupted after it was kept), write
 * it as the next entry (its number in *id, may be NULL), filling h->date
 * when it is empty, then judge every entry: the damaged ones are moved
 * aside, and the oldest sound ones beyond GIN_HISTORY_MAX are removed.
 * Numbers only grow; should the newest reach 999999999, the entries are
 * numbered afresh from 1, in order, first. Needs the table lock. Returns
 * 0 (kept now) or 1 (kept before; *id is that entry's number), with
 * notes[] (may be NULL) saying what was moved aside ("" when nothing);
 * or, with why[], -1 when the write failed (a full disk: keeping it again
 * later may work), or -2 when it cannot be kept here at all (no lock,
 * `history` not a directory of ours, the game too long for an entry). */
int gin_history_keep(const gin_lock *lk, gin_history_info *h, const gin_record *rec, int *id, char *notes,
                     size_t notes_cap, char *why, size_t why_cap);

#endif
