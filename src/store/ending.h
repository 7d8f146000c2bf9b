/* gin — the end of a game as one transaction: each game has an identity,
 * and its end is counted in the statistics once and kept in the history
 * once, whatever dies when and whatever write fails.
 *
 * Why a journal and idempotent updates both: the statistics, the history
 * and the save are three files, and no rename makes three files change at
 * once. So (1) the save, rewritten with how the game ended (save.h: an
 * ended save), is the journal: from then on the end is known even if the
 * process dies, and the next start finishes it instead of offering to
 * resume a game that is over; (2) the statistics and the history are
 * updated keyed by the game's identity — the statistics file keeps the
 * last games it counted, the history looks among its newest entries —
 * so doing either again is a no-op; (3) the save is removed last, and
 * only once both are done. A kill at any step leaves either the save as
 * it was (nothing counted: resuming or abandoning counts it once) or the
 * ended save (finished on the next start, each part once). A write that
 * fails (a full disk) leaves the end pending: the save stays (never
 * deleted while the statistics or the history still owe the game), and
 * gin_ending_commit is called again later with the same game.
 *
 * Who: the table (src/tui/kept_games.c) when a game ends (finished,
 * resigned, abandoned at the resume prompt, forfeited), at start for an
 * ended save, and again for an end still pending. */
#ifndef GIN_ENDING_H
#define GIN_ENDING_H

#include <stddef.h>
#include "gin/record.h"
#include "kept.h"
#include "lock.h"
#include "save.h"
#include "stats.h"

/* A new game's identity into id[GIN_GAME_ID_SIZE]: 16 hex digits from
 * the system's random source (the clock and the process id when it has
 * none), never from the deal's seed (two games may share a seed). */
void gin_game_id_new(char id[GIN_GAME_ID_SIZE]);

/* Each part of an end: */
enum gin_end_part {
    GIN_PART_NONE = 0,  /* not wanted (a practice game is not counted) */
    GIN_PART_DONE = 1,  /* done now, or before (an interrupted end) */
    GIN_PART_LATER = 2, /* failed for now (a full disk): pending, to be tried again */
    GIN_PART_NEVER = 3  /* cannot be done here (the file is left alone, no lock ...) */
};

typedef struct gin_end_report {
    int journal;    /* enum gin_end_part: the ended save (NONE: not asked for) */
    int counted;    /* enum gin_end_part: the statistics */
    int kept;       /* enum gin_end_part: the history */
    int pending;    /* 1: a part is LATER; the save stays: commit again later */
    int entry;      /* the history entry's number when kept, else 0 */
    char why[2400]; /* what went wrong, or what was moved aside ("" when nothing) */
} gin_end_report;

/* What the end touches: the table's files, as loaded at start. */
typedef struct gin_end_files {
    gin_kept *save;       /* the save (gin_save_read filled it), or NULL: the game is not saved
                            (an external bot's, one too long to save); then no journal */
    gin_kept *stats;      /* the statistics (gin_stats_load filled it), or NULL: not counted here */
    const gin_lock *lock; /* the table lock, held */
    int journal;          /* 1: write the ended save first (a new end); 0: it is on disk already
                            (finishing an ended save) or there is no save */
    int history;          /* 1: keep the game in the history */
} gin_end_files;

/* End the game `info->game` (info->ended set, info->end saying how; rec
 * its record): write the ended save when f->journal and f->save is
 * writable (the journal), count it (when
 * info->end.counts) under info->level, keep it in the history (when
 * f->history; "counted" as the statistics have it), then remove the save
 * once no part is LATER. Safe to call again with the same game, at any
 * time, in any later run: each part is done once. *now (may be NULL) gets
 * the statistics after the count. Returns 0 (r->pending 0: nothing owed)
 * or 1 (pending: try again later). */
int gin_ending_commit(const gin_end_files *f, const gin_save_info *info, const gin_record *rec, gin_stats *now,
                      gin_end_report *r);

#endif
