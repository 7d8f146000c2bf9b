/* One table per state directory: an flock on $XDG_STATE_HOME/gin itself,
 * and on its file `lock` (lock.h). */
#define _DEFAULT_SOURCE /* flock (BSD and Linux, not POSIX) */
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The process id the holder wrote, or 0 (not written yet, or garbage). */
static long read_holder(int fd)
{
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    char *nl = strchr(buf, '\n');
    if (nl)
        *nl = '\0';
    long long pid;
    return gin_kept_number(buf, 1, 0x7fffffff, &pid) == 0 ? (long)pid : 0;
}

static void describe_holder(gin_lock *lk, int fd, char *why, size_t why_cap)
{
    lk->holder = fd >= 0 ? read_holder(fd) : 0;
    /* kill(pid, 0) only asks; EPERM means it exists but is not ours. */
    lk->holder_alive = lk->holder > 0 && (kill((pid_t)lk->holder, 0) == 0 || errno == EPERM);
    if (lk->holder > 0 && lk->holder_alive)
        snprintf(why, why_cap, "another gin (process %ld) has the table open on %s", lk->holder, lk->dir);
    else if (lk->holder > 0)
        /* The lock outlives its taker only in a child that inherited it. */
        snprintf(why, why_cap, "another gin has the table open on %s (process %ld took it and has ended)", lk->dir,
                 lk->holder);
    else
        snprintf(why, why_cap, "another gin has the table open on %s", lk->dir);
}

/* Open the lock file and flock it. Returns the fd (*busy = 0), -1 with
 * *busy = 1 when another holds it (described in why), or -1 with why. */
static int lock_file(gin_lock *lk, int *busy, char *why, size_t why_cap)
{
    *busy = 0;
    /* O_NONBLOCK: a FIFO named lock must not hang the open. */
    int fd = open(lk->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = fd < 0 ? errno : EINVAL;
        if (fd >= 0)
            close(fd);
        snprintf(why, why_cap, "cannot use the lock file %s: %s", lk->path,
                 e == EINVAL || e == ELOOP ? "not a regular file" : strerror(e));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        *busy = e == EWOULDBLOCK || e == EAGAIN;
        if (*busy)
            describe_holder(lk, fd, why, why_cap);
        else
            snprintf(why, why_cap, "cannot lock %s: %s", lk->path, strerror(e));
        close(fd);
        return -1;
    }
    return fd;
}

/* Is fd still the file at lk->path? A holder removes the file as it lets
 * go; whoever opened it just before then locks a file no longer there. */
static int still_there(const gin_lock *lk, int fd)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && lstat(lk->path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Lock the state directory itself. Returns its fd, -1 with *busy = 1
 * when another holds it (described in why), or -1 with *busy = 0 when the
 * directory cannot be locked (the file's lock alone stands then). */
static int lock_dir(gin_lock *lk, int *busy, char *why, size_t why_cap)
{
    *busy = 0;
    int fd = open(lk->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    *busy = errno == EWOULDBLOCK || errno == EAGAIN;
    close(fd);
    if (*busy) { /* who: the holder's file says, when it is still there */
        int f = open(lk->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        describe_holder(lk, f, why, why_cap);
        if (f >= 0)
            close(f);
    }
    return -1;
}

static void close_all(gin_lock *lk, int fd)
{
    if (fd >= 0)
        close(fd);
    if (lk->dir_fd >= 0)
        close(lk->dir_fd);
    lk->dir_fd = -1;
}

int gin_lock_take(gin_lock *lk, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    memset(lk, 0, sizeof *lk);
    lk->fd = lk->dir_fd = -1;
    why[0] = '\0';
    if (gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, why_cap) != 0)
        return -1;
    snprintf(lk->dir, sizeof lk->dir, "%s", dir);
    if (gin_path_join(lk->path, sizeof lk->path, dir, "lock") != 0) {
        snprintf(why, why_cap, "the state directory path is too long");
        return -1;
    }
    int fd = -1, busy = 0;
    /* The directory first: it holds whatever becomes of the file. */
    lk->dir_fd = lock_dir(lk, &busy, why, why_cap);
    if (busy)
        return GIN_LOCK_BUSY;
    for (int tries = 0; tries < 100 && fd < 0; tries++) {
        if ((fd = lock_file(lk, &busy, why, why_cap)) < 0) {
            close_all(lk, -1);
            return busy ? GIN_LOCK_BUSY : -1;
        }
        if (!still_there(lk, fd)) {
            close(fd);
            fd = -1;
        }
    }
    if (fd < 0) {
        close_all(lk, -1);
        snprintf(why, why_cap, "cannot lock %s: it keeps being replaced", lk->path);
        return -1;
    }
    /* Ours: say who we are (best effort; the flock is what counts). */
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n) {
        /* a full disk: the lock still holds, only the name is missing */
    }
    lk->fd = fd;
    lk->held = 1;
    return GIN_LOCK_TAKEN;
}

void gin_lock_release(gin_lock *lk)
{
    if (!lk || !lk->held)
        return;
    /* Removed while still held, so no one can lock it in between; a taker
     * that opened it just before sees it gone and opens a new one. Only our
     * own file: one put there since (ours deleted under us) is not ours to
     * remove. */
    if (still_there(lk, lk->fd))
        (void)unlink(lk->path);
    close_all(lk, lk->fd); /* drops the flocks */
    lk->fd = -1;
    lk->held = 0;
}

int gin_lock_covers(const gin_lock *lk, const char *path)
{
    if (!lk || !lk->held || !path)
        return 0;
    size_t n = strlen(lk->dir);
    if (n == 0 || strncmp(path, lk->dir, n) != 0 || path[n] != '/')
        return 0;
    const char *name = path + n + 1;
    if (!strncmp(name, "history/", 8)) /* the game history's own directory */
        name += 8;
    return name[0] && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}
