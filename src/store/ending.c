/* The end of a game as one transaction (ending.h). */
#include "ending.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "history.h"

void gin_game_id_new(char id[GIN_GAME_ID_SIZE])
{
    unsigned long long v = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    int got = fd >= 0 && read(fd, &v, sizeof v) == (ssize_t)sizeof v;
    if (fd >= 0)
        close(fd);
    if (!got) { /* no random source: the clock and the process, mixed */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (unsigned long long)ts.tv_sec * 1000000007ULL ^ (unsigned long long)ts.tv_nsec ^
            ((unsigned long long)getpid() << 40);
        v ^= v >> 31;
        v *= 0x9e3779b97f4a7c15ULL;
        v ^= v >> 29;
    }
    snprintf(id, GIN_GAME_ID_SIZE, "%016llx", v);
}

/* Append a sentence to r->why. */
static void say(gin_end_report *r, const char *what)
{
    size_t n = strlen(r->why);
    if (what && what[0] && n + 3 < sizeof r->why)
        snprintf(r->why + n, sizeof r->why - n, "%s%s", n ? "; " : "", what);
}

/* Count it: DONE, LATER or NEVER. A statistics file found damaged when it
 * is read again is moved aside (and said), and the game counted in a new
 * one, as the table does at start. */
static int count(const gin_end_files *f, const gin_save_info *info, gin_stats *now, gin_end_report *r)
{
    char why[1400];
    if (!f->stats)
        return GIN_PART_NEVER;
    int rc = gin_stats_record(f->stats, f->lock, info->level, &info->end.tally, info->game, now, why, sizeof why);
    if (rc < 0 && f->stats->state == GIN_KEPT_DAMAGED && gin_kept_quarantine(f->stats) == 0) {
        say(r, f->stats->why);
        rc = gin_stats_record(f->stats, f->lock, info->level, &info->end.tally, info->game, now, why, sizeof why);
    }
    if (rc >= 0)
        return GIN_PART_DONE;
    say(r, why);
    /* A write that failed leaves the file writable: the next try may work. */
    return gin_kept_writable(f->stats) && gin_lock_covers(f->lock, f->stats->path) && gin_kept_name_ok(info->level)
               ? GIN_PART_LATER
               : GIN_PART_NEVER;
}

/* The history entry of the end. */
static void entry_of(const gin_save_info *info, const gin_record *rec, int counted, gin_history_info *h)
{
    memset(h, 0, sizeof *h);
    snprintf(h->game, sizeof h->game, "%s", info->game);
    snprintf(h->date, sizeof h->date, "%s", info->end.date);
    snprintf(h->level, sizeof h->level, "%s", info->level);
    snprintf(h->rules, sizeof h->rules, "%s", info->end.rules);
    h->players = rec->rules.seats;
    h->human = info->human;
    h->practice = info->practice;
    h->counted = counted;
    snprintf(h->result, sizeof h->result, "%s", info->end.result);
    memcpy(h->score, info->end.score, sizeof h->score);
    h->hands = info->end.tally.hands;
}

/* Keep it: DONE, LATER or NEVER. */
static int keep(const gin_end_files *f, const gin_save_info *info, const gin_record *rec, gin_end_report *r)
{
    gin_history_info h;
    char why[1400], notes[1024];
    entry_of(info, rec, r->counted == GIN_PART_DONE, &h);
    int rc = gin_history_keep(f->lock, &h, rec, &r->entry, notes, sizeof notes, why, sizeof why);
    if (rc >= 0) {
        say(r, notes);
        return GIN_PART_DONE;
    }
    say(r, why);
    return rc == -1 ? GIN_PART_LATER : GIN_PART_NEVER;
}

int gin_ending_commit(const gin_end_files *f, const gin_save_info *info, const gin_record *rec, gin_stats *now,
                      gin_end_report *r)
{
    memset(r, 0, sizeof *r);
    char why[1400];
    /* 1. The journal: from here on the end is known, whatever dies. */
    if (f->journal && f->save && gin_kept_writable(f->save)) {
        r->journal = gin_save_write(f->save, f->lock, info, rec, why, sizeof why) == 0 ? GIN_PART_DONE : GIN_PART_LATER;
        if (r->journal == GIN_PART_LATER)
            say(r, why); /* the parts below are keyed by the game: they stay right without it */
    }
    /* 2. and 3. Each once, by the game's identity. */
    r->counted = info->end.counts ? count(f, info, now, r) : GIN_PART_NONE;
    /* The entry says whether the game was counted: it waits for the count. */
    r->kept = !f->history ? GIN_PART_NONE : r->counted == GIN_PART_LATER ? GIN_PART_LATER : keep(f, info, rec, r);
    /* 4. The save goes only when nothing is owed: a game whose loss could
     * not be recorded anywhere is never deleted (it stays to be counted, or
     * offered again). */
    r->pending = r->counted == GIN_PART_LATER || r->kept == GIN_PART_LATER ||
                 (f->save && r->counted == GIN_PART_NEVER && r->kept != GIN_PART_DONE);
    if (!r->pending && f->save && gin_save_remove(f->save, f->lock) != 0 && errno != EPERM) {
        snprintf(why, sizeof why, "cannot remove the saved game %.1200s: %s", f->save->path, strerror(errno));
        say(r, why);
    }
    return r->pending;
}
