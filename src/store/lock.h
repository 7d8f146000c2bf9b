/* gin — one table per state directory.
 *
 * The table holds an advisory lock (flock, exclusive, never waited for) on
 * its state directory itself ($XDG_STATE_HOME/gin), and on the file `lock`
 * in it, from before it reads the saved game until it exits. The
 * directory's lock is the one that holds whatever happens to the file (a
 * person or a cleaner deleting `lock` lets no second table in); the
 * file's is an older gin's, taken too so an older gin and this one still
 * exclude each other. Where a file system cannot lock a directory (some
 * network ones), the file's lock alone stands, as before.
 *
 * Who must hold it: whoever writes the state directory's kept files — the
 * saved game (gin_save_write, gin_save_remove), the statistics
 * (gin_stats_record, gin_stats_reset) and the game history
 * (gin_history_keep) refuse to write without it. Readers (`gin stats`,
 * `gin history`, gin_stats_load, gin_save_read) need it not: every write is
 * an atomic rename, so a reader sees the old file or the new one.
 *
 * The lock is the kernel's, not the file's: it ends with the process that
 * holds it however that process ends (exit, crash, SIGKILL), and the file
 * left behind by a killed table never blocks the next one. The file holds
 * the holder's process id in decimal (only so a second taker can say who
 * has it). The holder removes it as it lets go, while still holding it,
 * and only if it is still the file it locked (never one someone put there
 * since); a taker checks after locking that the file it locked is still
 * the one at that name (else it tries again). The descriptors are
 * close-on-exec, so an external bot the table runs never holds them. */
#ifndef GIN_LOCK_H
#define GIN_LOCK_H

#include <stddef.h>
#include "kept.h"

typedef struct gin_lock {
    int held;                /* 1 while this gin_lock holds the lock (a zeroed one does not) */
    int fd;                  /* the lock file, while held */
    int dir_fd;              /* the state directory, locked while held (-1: not lockable) */
    char dir[GIN_PATH_MAX];  /* the state directory it covers */
    char path[GIN_PATH_MAX]; /* its lock file */
    long holder;             /* after gin_lock_take returned 1: the holder's process id, 0 if unknown */
    int holder_alive;        /* ... and 1 if that process still exists, 0 if it has ended */
} gin_lock;

enum { GIN_LOCK_TAKEN = 0, GIN_LOCK_BUSY = 1 };

/* Take the lock of the state directory (created as by gin_dir_path), not
 * waiting. The table calls it once at start, before it loads the saved
 * game or the statistics, and keeps it until it exits. Returns:
 *   GIN_LOCK_TAKEN (0): held; lk->dir is the state directory;
 *   GIN_LOCK_BUSY (1): another process holds it; lk->holder and
 *     lk->holder_alive say which, and why[] holds "another gin (process
 *     1234) has the table open on DIR" for the table to print before it
 *     exits (or plays without saving, saying so);
 *   -1: the directory or the lock file cannot be used; why[] says why.
 * A second gin_lock in the same process is refused like another process
 * (flock locks open files, not processes). */
int gin_lock_take(gin_lock *lk, char *why, size_t why_cap);

/* Give the lock up and remove the lock file (a no-op when not held).
 * Exiting gives it up too, leaving the file: harmless. */
void gin_lock_release(gin_lock *lk);

/* 1 when lk is held and path is a file directly in the directory it
 * covers, or in its game history's directory (DIR/history/NAME), else 0.
 * The state directory's writers check this. */
int gin_lock_covers(const gin_lock *lk, const char *path);

#endif
