/* gin — the saved game: a game quit mid-way, kept in
 * $XDG_STATE_HOME/gin/save as a small header and the engine's game record
 * (docs/record.md). Resuming replays the record. When a game ends, the
 * save is also the journal of its end (ending.h): written with how it
 * ended before anything is counted, so the end is finished whatever dies
 * when.
 *
 * Who calls what, when (the table):
 *   at start, holding the table lock (lock.h): gin_save_read. It moves
 *     nothing, so a table that then cannot run has changed nothing.
 *     LOADED and ended: finish its end (gin_ending_commit), never offer
 *     it. LOADED: offer to resume. DAMAGED (it cannot be resumed, for any
 *     reason: k.why names the line): once the screen is up, call
 *     gin_kept_quarantine(&k) and show k.why. LEFT (not a regular file,
 *     unreadable, or a newer gin's): show k.why; saving is refused this
 *     run.
 *   during play: gin_save_write after each move and on quit;
 *   when a game ends, or the player starts a new one instead:
 *     gin_ending_commit, which removes the save once the end is kept. */
#ifndef GIN_SAVE_H
#define GIN_SAVE_H

#include <stddef.h>
#include "gin/record.h"
#include "kept.h"
#include "lock.h"
#include "stats.h"

/* How a game ended, and what it leaves: its entry in the history and its
 * count in the statistics. */
typedef struct gin_ending {
    char result[16];          /* won, lost, tie (played to its end), resigned, abandoned (not
                                 resumed, or left unsaved), forfeit (an external bot failed) */
    char date[24];            /* when it ended, UTC: "2024-05-01T12:34:56Z" ("": now) */
    char rules[96];           /* the rules as the table names them ("standard, target 150") */
    int score[GIN_MAX_SEATS]; /* yours first, then the others from your left: game totals of a
                                 finished game (Hollywood: summed), the running points else */
    int counts;               /* 1: counted in the statistics (as tally, under the save's level) */
    gin_game_tally tally;     /* what it adds to the statistics when it counts */
} gin_ending;

/* The most cards an order holds: a hand's, the one drawn counted. */
enum { GIN_SAVE_ORDER_MAX = GIN_HELD_MAX };

typedef struct gin_save_info {
    char game[GIN_GAME_ID_SIZE]; /* the game's identity (16 hex digits, ending.h); a format-1
                                    save has none written: it is made from the save's text */
    char level[GIN_NAME_SIZE];   /* the bot: easy, normal, hard, expert, a personality... */
    int practice;                /* 1 = practice game (open hands; not in the statistics) */
    int human;                   /* the human's seat, 0 .. seats - 1 */
    int ended;                   /* 1: the game has ended as `end` says, and its end is
                                    still to be kept (ending.h): not to be resumed */
    gin_ending end;
    /* The player's own order of the hand (the table's manual sort), left
     * to right: n_order cards, written as format 3; 0: none (the hand
     * sorted by a setting), written as format 2. */
    int n_order;
    gin_card order[GIN_SAVE_ORDER_MAX];
} gin_save_info;

/* A save whose bot the table cannot play cannot be resumed: the caller
 * judges the name with its catalogue (gin_kept_level_fn, kept.h). */

/* The text (format 2, or 3 with an order): these lines, a blank line,
 * then the game record:
 *   gin-save 2
 *   game 0123456789abcdef
 *   level hard
 *   practice 0
 *   human 0
 * in format 3 only, and there always, after `human` (the player's own
 * order of the hand, the cards as the record writes them, 1 to 11 of
 * them, each once):
 *   order 4S 4H 4D 3C 5H 5D 5C AC 2C 2H 2D
 * and, in the save of a game that has ended (the journal of its end),
 * after `human` (and `order`):
 *   end lost
 *   date 2024-05-01T12:34:56Z
 *   rules standard, target 150
 *   score 88 132
 *   counts 1
 *   tally standard 5 2 1 0 1 45 0 60 -44
 * (tally: the preset it counts under, then hands, hands_won, gins,
 * undercuts, knocks, points, undercut_against, points_against, margin;
 * won, tie and resigned follow from `end`).
 * ASCII only (what gin writes); each line exactly once, in this order, a
 * trailing CR allowed. A save without an order is written as format 2,
 * byte for byte as before format 3, so a gin that knows only format 2
 * still resumes it; only a save with an order is format 3 (such a gin
 * leaves it alone, as a newer gin's, and does not resume it). The order
 * is only judged as text here: the table applies it when it holds
 * exactly the human's hand at the point the record resumes, and ignores
 * it otherwise. Format 1 (`gin-save 1`, no game line, never ended) is
 * read too; a later format (`gin-save 4`), or a record of a later format
 * in it, is a newer gin's: left alone. */

/* Write header + record text into buf. Returns the length, or a negative
 * gin status: GIN_ENAME (a name not of the kept files' shape), GIN_EINVAL
 * (practice not 0/1, human out of range, an order or an ending the
 * parser would refuse), GIN_ESPACE, or gin_record_format's errors. */
int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap);

/* Parse len bytes of save text (no terminator needed). Returns GIN_OK,
 * GIN_KEPT_NEWER (a later format, *fault saying which), or a negative gin
 * status with the 1-based line at fault and what is wrong in *fault (may
 * be NULL): a byte that is not ASCII text, a line missing or malformed, a
 * name not of the kept files' shape, a number out of range ("practice
 * 4294967296"), or the record's own errors (its line numbers counted from
 * the top of the file). Only the text is judged: gin_save_judge also
 * replays it. */
int gin_save_parse(const char *text, size_t len, gin_save_info *info, gin_record *rec, gin_text_fault *fault);

/* The one judgement of a save, the table's and `gin replay`'s: it parses,
 * its record replays, and either it has ended (the end agrees with the
 * game: played to its end, or not), or it can be resumed: the game is not
 * over, the human's seat is one of the game's, and level_known (NULL:
 * any) says the table can play its bot. Returns as gin_save_parse, with
 * GIN_ENAME for a bot the table cannot play. */
int gin_save_judge(const char *text, size_t len, gin_kept_level_fn level_known, gin_save_info *info, gin_record *rec,
                   gin_text_fault *fault);

/* Read the save into *k, *info and *rec, judged by gin_save_judge:
 * LOADED means it can be resumed, or (info->ended) its end is to be
 * finished; anything else is DAMAGED with k->why naming the line, and
 * stays in place (see the top of this file); a newer gin's is LEFT. Moves
 * and writes nothing. Returns k->state. */
int gin_save_read(gin_kept *k, gin_save_info *info, gin_record *rec, gin_kept_level_fn level_known);

/* Write the save atomically through k (the gin_kept gin_save_read filled).
 * Requires the table lock of the state directory (lk) and a writable k
 * (a save that was left alone, or damaged and not moved aside, is never
 * written over). Returns 0, or -1 with a message in why: then
 * gin_kept_writable(k) tells a refusal (0: this run never writes it) from
 * a failed write (1: a full disk, say; the next write may work). */
int gin_save_write(gin_kept *k, const gin_lock *lk, const gin_save_info *info, const gin_record *rec, char *why,
                   size_t why_cap);

/* Remove the save (a game whose end is kept, or the save of a game too
 * long to be saved): only one this run read as LOADED or wrote itself,
 * and only under the table lock; a damaged or left-alone save is never
 * deleted. Returns 0 (also when there is none), or -1 with errno set
 * (EPERM: refused). */
int gin_save_remove(gin_kept *k, const gin_lock *lk);

#endif
