/* The kept files' primitives: atomic replace, lasting removal, careful
 * reading, moves that never replace (atomic_file.h). */
#ifdef __linux__
#define _GNU_SOURCE /* renameat2 (RENAME_NOREPLACE) */
#endif
#include "atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

gin_file_fault_fn gin_file_fault;

/* The injected fault of this step, as the system call would fail: 0 to go
 * on, else -1 with errno. */
static int fault_at(const char *step, const char *path)
{
    int e = gin_file_fault ? gin_file_fault(step, path) : 0;
    if (!e)
        return 0;
    errno = e;
    return -1;
}

static void dir_of(const char *path, char *dir, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, cap, ".");
    else
        snprintf(dir, cap, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

static void sync_dir_of(const char *path)
{
    char dir[GIN_PATH_MAX];
    dir_of(path, dir, sizeof dir);
    if (fault_at("sync", dir) != 0)
        return;
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd); /* best effort: makes the rename or unlink itself durable */
        close(fd);
    }
}

void gin_file_sweep_temps(const char *dir, int (*is_temp)(const char *name, const void *ctx), const void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char stale[GIN_PATH_MAX];
        struct stat st;
        if (is_temp(e->d_name, ctx) && gin_path_join(stale, sizeof stale, dir, e->d_name) == 0 &&
            lstat(stale, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime > 60)
            (void)unlink(stale);
    }
    closedir(d);
}

/* "<base>.tmp.XXXXXX", the temporary gin_file_write_atomic makes for base. */
static int is_temp_of(const char *name, const void *base)
{
    size_t n = strlen(base);
    return strncmp(name, base, n) == 0 && strncmp(name + n, ".tmp.", 5) == 0 && strlen(name + n + 5) == 6;
}

/* A writer killed between mkstemp and rename leaves "<name>.tmp.XXXXXX"
 * behind. Nothing ever reads those, so after each successful write sweep
 * the ones of this file. */
static void sweep_stale_temps(const char *path)
{
    char dir[GIN_PATH_MAX];
    const char *slash = strrchr(path, '/');
    dir_of(path, dir, sizeof dir);
    gin_file_sweep_temps(dir, is_temp_of, slash ? slash + 1 : path);
}

/* Write, flush and fsync len bytes into the new temporary fd; closes it.
 * Returns 0, or -1 with errno. */
static int fill(int fd, const char *tmp, const char *data, size_t len)
{
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    int ok = fault_at("write", tmp) == 0 && fwrite(data, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    errno = e;
    return ok ? 0 : -1;
}

int gin_file_write_atomic(const char *path, const char *data, size_t len)
{
    char tmp[GIN_PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (fault_at("create", path) != 0)
        return -1;
    int fd = mkstemp(tmp); /* mkstemp creates the file 0600 */
    if (fd < 0)
        return -1;
    (void)fchmod(fd, 0600);
    /* Not inherited by a bot the table starts later (mkstemp has no flag). */
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (fill(fd, tmp, data, len) != 0 || fault_at("rename", path) != 0 || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    sync_dir_of(path);
    sweep_stale_temps(path);
    return 0;
}

int gin_file_remove(const char *path)
{
    if (fault_at("unlink", path) != 0)
        return -1;
    if (unlink(path) != 0)
        return errno == ENOENT ? 0 : -1;
    sync_dir_of(path);
    return 0;
}

int gin_file_move_noreplace(const char *from, const char *to)
{
    if (fault_at("rename", from) != 0)
        return -1;
    int rc = -1;
#ifdef RENAME_NOREPLACE
    rc = renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
    if (rc != 0 && errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    if (rc != 0) {
        if (link(from, to) != 0)
            return -1;
        if (unlink(from) != 0) {
            int e = errno;
            (void)unlink(to); /* not moved after all: the file keeps its one name */
            errno = e;
            return -1;
        }
    }
    sync_dir_of(to);
    return 0;
}

/* ---- Reading. */

int gin_file_read_fd(int fd, size_t max, char **out, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        return -1;
    for (;;) {
        if (n == cap) {
            if (cap > max) {
                free(buf);
                errno = EFBIG;
                return -1;
            }
            /* one byte past max, to tell "exactly max" from "more" */
            cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb) {
                free(buf);
                return -1;
            }
            buf = nb;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            return -1;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    if (n > max) {
        free(buf);
        errno = EFBIG;
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

const char *gin_file_type(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a named pipe (FIFO)";
    if (S_ISLNK(m))
        return "a symbolic link";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a regular file";
}

int gin_file_open_regular(const char *path, struct stat *st)
{
    if (lstat(path, st) != 0)
        return -1;
    if (!S_ISREG(st->st_mode)) {
        errno = EINVAL;
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP && lstat(path, st) == 0) /* swapped for a link */
            errno = EINVAL;
        return -1;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        int e = S_ISREG(st->st_mode) ? errno : EINVAL;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int gin_file_read_all(const char *path, size_t max, char **out, size_t *len)
{
    struct stat st;
    int fd = gin_file_open_regular(path, &st);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    size_t n = 0;
    int rc = gin_file_read_fd(fd, max, out, &n);
    int e = errno;
    close(fd);
    errno = e;
    if (rc != 0)
        return -1;
    if (len)
        *len = n;
    return 1;
}
