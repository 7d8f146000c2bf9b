/* gin — the drills' progress (`gin drill`, the table's drill pages): how
 * many drills of each kind were answered, and how many right, day by day
 * (UTC), in $XDG_STATE_HOME/gin/drills, under the rules of every kept
 * file (kept.h): read without moving anything, written atomically and
 * only under the table lock, a damaged file moved aside (drills.bad) by
 * whoever can say so, a newer gin's file left alone.
 *
 * The text (format 1): the line "gin-drills 1", then one line a day and
 * kind, oldest first, each (date, kind) once:
 *   2026-12-03 throw 12 9
 * the date (YYYY-MM-DD), the kind (a name of the kept files' shape: the
 * trainer's "throw", "take", "knock", "spread"), the drills answered,
 * those right (at most as many). At most GIN_DRILL_DAYS lines: the oldest
 * go first. Kinds are names, not a list this file knows: a kind added
 * later (as "spread" was) needs no new format, and a kind this gin does
 * not know is read, kept and written back as it was. */
#ifndef GIN_STORE_DRILLS_H
#define GIN_STORE_DRILLS_H

#include <stddef.h>
#include "kept.h"
#include "lock.h"

enum { GIN_DRILL_DAYS = 1000, GIN_DRILL_COUNT_MAX = 1000000000, GIN_DRILL_NAME = 16 };

typedef struct gin_drill_day {
    char date[11];             /* YYYY-MM-DD */
    char kind[GIN_DRILL_NAME]; /* gin_kept_name_ok */
    int tried, right;          /* 0 <= right <= tried <= GIN_DRILL_COUNT_MAX */
} gin_drill_day;

typedef struct gin_drill_progress {
    int n;
    gin_drill_day day[GIN_DRILL_DAYS];
} gin_drill_progress;

/* Parse len bytes of text into *p. GIN_OK (0), GIN_KEPT_NEWER (a later
 * format), or a negative gin status with the line at fault in *fault. */
int gin_drill_progress_parse(gin_drill_progress *p, const char *text, size_t len, gin_text_fault *fault);
/* The text of *p into buf; its length, or GIN_ESPACE. */
int gin_drill_progress_format(const gin_drill_progress *p, char *buf, size_t cap);
/* Count one answer of `kind` on `date` (right: 1); a date before the
 * newest line's (a clock set back) counts on that newest day. 0, or -1 (a
 * bad name or date). */
int gin_drill_progress_add(gin_drill_progress *p, const char *date, const char *kind, int right);
/* The answers of `kind` since `from` (a date, or NULL: all), and those
 * missed. */
void gin_drill_progress_totals(const gin_drill_progress *p, const char *kind, const char *from, int *tried,
                               int *missed);

/* Load the file into *k and *p (empty unless LOADED). Returns k->state. */
int gin_drill_progress_load(gin_kept *k, gin_drill_progress *p);
/* Count an answer in the file: read it again, add, write, under the lock.
 * *now (may be NULL) gets the progress as written. 0, or -1 with why[]. */
int gin_drill_progress_record(gin_kept *k, const gin_lock *lk, const char *date, const char *kind, int right,
                              gin_drill_progress *now, char *why, size_t why_cap);

#endif
