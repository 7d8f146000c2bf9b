/* Kept files: XDG directories, atomic replace, quarantine of damaged files. */
#include "atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gin_path_join(char *buf, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(buf, cap, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int gin_kept_path(int kind, const char *name, char *path, size_t cap, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    if (gin_dir_path(kind, dir, sizeof dir, why, why_cap) != 0)
        return -1;
    return gin_path_join(path, cap, dir, name);
}

/* mkdir -p with mode 0700 for every component we create. */
static int make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0700);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return access(path, W_OK | X_OK) == 0 ? 0 : -1;
}

int gin_dir_path(int kind, char *buf, size_t cap, char *why, size_t why_cap)
{
    const char *xdg = getenv(kind == GIN_DIR_CONFIG ? "XDG_CONFIG_HOME" : "XDG_STATE_HOME");
    const char *home = getenv("HOME");
    int n;
    /* The XDG spec says relative paths are invalid and must be ignored. */
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, cap, "%s/gin", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/%s/gin", home, kind == GIN_DIR_CONFIG ? ".config" : ".local/state");
    else {
        if (why)
            snprintf(why, why_cap, "neither $%s nor $HOME is set",
                     kind == GIN_DIR_CONFIG ? "XDG_CONFIG_HOME" : "XDG_STATE_HOME");
        return -1;
    }
    if (n < 0 || (size_t)n >= cap) {
        if (why)
            snprintf(why, why_cap, "state directory path too long");
        return -1;
    }
    if (make_dirs(buf) != 0) {
        if (why)
            snprintf(why, why_cap, "cannot use %s: %s", buf, strerror(errno));
        return -1;
    }
    return 0;
}

static void sync_dir_of(const char *path)
{
    char dir[GIN_PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        (void)fsync(fd); /* best effort: makes the rename itself durable */
        close(fd);
    }
}

/* A writer killed between mkstemp and rename leaves "<name>.tmp.XXXXXX"
 * behind. Nothing ever reads those, so after each successful write remove
 * the ones old enough (a minute) that no live writer can still own them. */
static void sweep_stale_temps(const char *path)
{
    char dir[GIN_PATH_MAX], prefix[GIN_PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    int n = snprintf(prefix, sizeof prefix, "%s.tmp.", base);
    if (n <= 0 || n >= (int)sizeof prefix)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, (size_t)n) != 0 || strlen(e->d_name) != (size_t)n + 6)
            continue;
        char stale[GIN_PATH_MAX];
        struct stat st;
        if (gin_path_join(stale, sizeof stale, dir, e->d_name) == 0 && lstat(stale, &st) == 0 && S_ISREG(st.st_mode) &&
            now - st.st_mtime > 60)
            (void)unlink(stale);
    }
    closedir(d);
}

int gin_file_write_atomic(const char *path, const char *data, size_t len)
{
    char tmp[GIN_PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp); /* mkstemp creates the file 0600 */
    if (fd < 0)
        return -1;
    (void)fchmod(fd, 0600);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
        return -1;
    }
    int ok = fwrite(data, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (!ok || rename(tmp, path) != 0) {
        if (ok)
            e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    sync_dir_of(path);
    sweep_stale_temps(path);
    return 0;
}

int gin_file_save(const char *path, const char *text, int n, const char *what, char *why, size_t why_cap)
{
    if (n < 0 || gin_file_write_atomic(path, text, (size_t)n) != 0) {
        snprintf(why, why_cap, "cannot save %s to %s: %s", what, path, strerror(errno));
        return -1;
    }
    return 0;
}

int gin_file_read_all(const char *path, size_t max, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : -1;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return -1;
    }
    for (;;) {
        if (n == cap) {
            if (cap >= max) {
                free(buf);
                fclose(f);
                errno = EFBIG;
                return -1;
            }
            cap = cap * 2 > max ? max : cap * 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        errno = EIO;
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return 1;
}

int gin_file_quarantine(const char *path, char *bad, size_t bad_cap)
{
    char b[GIN_PATH_MAX];
    if (snprintf(b, sizeof b, "%s.bad", path) >= (int)sizeof b)
        return -1;
    if (rename(path, b) != 0)
        return -1;
    if (bad)
        snprintf(bad, bad_cap, "%s", b);
    return 0;
}

int gin_file_load(const char *path, size_t max, int (*parse)(void *ctx, const char *text), void *ctx, int unreadable,
                  int *bad, char *moved, size_t moved_cap)
{
    char *text = NULL;
    int rc = gin_file_read_all(path, max, &text, NULL);
    if (rc == 0)
        return 0;
    *bad = rc < 0 ? unreadable : parse(ctx, text);
    free(text);
    if (*bad == 0)
        return 1;
    return gin_file_quarantine(path, moved, moved_cap) == 0 ? -1 : -2;
}

int gin_text_line(const char **text, char *buf, size_t cap)
{
    const char *p = *text;
    if (!*p)
        return 0;
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n >= cap)
        return -1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    *text = p + n + (nl ? 1 : 0);
    return 1;
}
