/* gin — the saved game: a game quit mid-way, kept in
 * $XDG_STATE_HOME/gin/save as a small header and the engine's game record
 * (docs/record.md). Resuming replays the record.
 *
 * Who calls what, when (the table):
 *   at start, holding the table lock (lock.h): gin_save_read. It moves
 *     nothing, so a table that then cannot run has changed nothing.
 *     LOADED: offer to resume. DAMAGED (it cannot be resumed, for any
 *     reason: k.why names the line): once the screen is up, call
 *     gin_kept_quarantine(&k) and show k.why. LEFT (not a regular file,
 *     or unreadable): show k.why; saving is refused this run.
 *   during play: gin_save_write after each hand and on quit;
 *   when a game ends, or the player starts a new one instead:
 *     gin_save_remove. */
#ifndef GIN_SAVE_H
#define GIN_SAVE_H

#include <stddef.h>
#include "kept.h"
#include "gin/record.h"
#include "lock.h"

typedef struct gin_save_info {
    char level[16]; /* the bot's level: easy, normal, hard or expert */
    int practice;   /* 1 = practice game (open hands; not in the statistics) */
    int human;      /* the human's seat, 0 .. seats - 1 */
} gin_save_info;

/* The text: these four lines, a blank line, then the game record:
 *   gin-save 1
 *   level hard
 *   practice 0
 *   human 0
 * ASCII only (what gin writes); each header line exactly once, in this
 * order, a trailing CR allowed. */

/* Write header + record text into buf. Returns the length, or a negative
 * gin status: GIN_ENAME (not a known level), GIN_EINVAL (practice not 0/1,
 * human out of range), GIN_ESPACE, or gin_record_format's errors. */
int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap);

/* Parse len bytes of save text (no terminator needed). Returns GIN_OK, or
 * a negative gin status with the 1-based line at fault and what is wrong
 * in *fault (may be NULL): a byte that is not ASCII text, a header line
 * missing or malformed, an unknown level ("unknown level 'Easy'"), a number
 * out of range ("practice 4294967296"), or the record's own errors (its
 * line numbers counted from the top of the file). Only the text is judged:
 * gin_save_read also replays it. */
int gin_save_parse(const char *text, size_t len, gin_save_info *info, gin_record *rec, gin_text_fault *fault);

/* Read the save into *k, *info and *rec. LOADED means it can be resumed:
 * it parses, its record replays, the game is not over and the human's
 * seat is one of the game's; anything else is DAMAGED with k->why naming
 * the line, and stays in place (see the top of this file). Moves and
 * writes nothing. Returns k->state. */
int gin_save_read(gin_kept *k, gin_save_info *info, gin_record *rec);

/* Write the save atomically through k (the gin_kept gin_save_read filled).
 * Requires the table lock of the state directory (lk) and a writable k
 * (a save that was left alone, or damaged and not moved aside, is never
 * written over). Returns 0, or -1 with a message in why. */
int gin_save_write(gin_kept *k, const gin_lock *lk, const gin_save_info *info, const gin_record *rec, char *why,
                   size_t why_cap);

/* Remove the save (a finished game, or one the player chose not to
 * resume): only one this run read as LOADED or wrote itself, and only
 * under the table lock; a damaged or left-alone save is never deleted.
 * Returns 0 (also when there is none), or -1 with errno set (EPERM:
 * refused). */
int gin_save_remove(gin_kept *k, const gin_lock *lk);

#endif
