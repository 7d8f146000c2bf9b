/* Kept files: XDG directories, atomic replace, careful reading,
 * quarantine of damaged files. */
#ifdef __linux__
#define _GNU_SOURCE /* renameat2 (RENAME_NOREPLACE) */
#endif
#include "atomic_file.h"

#include "gin/error.h"
#include "gin/game.h"
#include "gin/number.h"
#include "gin/quote.h"
#include "gin/record.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
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

/* ---- Directories. */

static void say(char *why, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t cap, const char *fmt, ...)
{
    if (!why || !cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

/* The directory's path into buf; *base = how many leading bytes of it
 * gin must not create (all of $HOME; just "/" for an $XDG_..._HOME, which
 * the XDG rules let us create). Returns 0, or -1 with why. */
static int dir_name(int kind, char *buf, size_t cap, size_t *base, char *why, size_t why_cap)
{
    const char *var = kind == GIN_DIR_CONFIG ? "XDG_CONFIG_HOME" : "XDG_STATE_HOME";
    const char *xdg = getenv(var);
    const char *home = getenv("HOME");
    int n;
    /* The XDG spec says relative paths are invalid and must be ignored. */
    if (xdg && xdg[0] == '/') {
        n = snprintf(buf, cap, "%s/gin", xdg);
        *base = 1;
    } else if (home && home[0]) {
        n = snprintf(buf, cap, "%s/%s/gin", home, kind == GIN_DIR_CONFIG ? ".config" : ".local/state");
        *base = strlen(home);
        struct stat st;
        int e = stat(home, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (e && n >= 0 && (size_t)n < cap) {
            /* Never create $HOME: a typo or a daemon's HOME=/nonexistent
             * would otherwise grow a directory tree at the root. */
            if (e == ENOENT)
                say(why, why_cap, "$HOME (%s) does not exist", home);
            else if (e == ENOTDIR)
                say(why, why_cap, "$HOME (%s) is not a directory", home);
            else
                say(why, why_cap, "cannot use $HOME (%s): %s", home, strerror(e));
            return -1;
        }
    } else {
        say(why, why_cap, "neither $%s nor $HOME is set", var);
        return -1;
    }
    if (n < 0 || (size_t)n >= cap) {
        say(why, why_cap, "%s directory path too long", kind == GIN_DIR_CONFIG ? "config" : "state");
        return -1;
    }
    return 0;
}

int gin_dir_find(int kind, char *buf, size_t cap, char *why, size_t why_cap)
{
    size_t base;
    if (dir_name(kind, buf, cap, &base, why, why_cap) != 0)
        return -1;
    struct stat st;
    if (stat(buf, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 1;
        errno = ENOTDIR;
    } else if (errno == ENOENT) {
        return 0;
    }
    say(why, why_cap, "cannot use %s: %s", buf, strerror(errno));
    return -1;
}

/* mkdir -p with mode 0700 for every component past the first `base`
 * bytes (those must exist already). */
static int make_dirs(char *path, size_t base)
{
    for (char *p = path + base + 1; *p; p++) {
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
    size_t base;
    if (dir_name(kind, buf, cap, &base, why, why_cap) != 0)
        return -1;
    if (make_dirs(buf, base) != 0) {
        say(why, why_cap, "cannot use %s: %s", buf, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- Atomic replace. */

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
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd); /* best effort: makes the rename itself durable */
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
    /* Not inherited by a bot the table starts later (mkstemp has no flag). */
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
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

/* ---- Reading. */

/* Read the open regular file fd (at most max bytes) into a malloc'd,
 * NUL-terminated buffer. Returns 0, or -1 with errno (EFBIG over max). */
static int read_fd(int fd, size_t max, char **out, size_t *len)
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

/* What a file that is not a regular file is, for messages. */
static const char *file_type(mode_t m)
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

/* Open path for reading, regular files only. Returns the fd; -1 with *st
 * holding the file's lstat when it exists but is not a regular file
 * (errno EINVAL), or -1 with errno otherwise (ENOENT: no such file). The
 * lstat first means a device is never even opened; O_NONBLOCK means a
 * FIFO swapped in after it cannot hang the open; fstat has the last word. */
static int open_regular(const char *path, struct stat *st)
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
    int fd = open_regular(path, &st);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    size_t n = 0;
    int rc = read_fd(fd, max, out, &n);
    int e = errno;
    close(fd);
    errno = e;
    if (rc != 0)
        return -1;
    if (len)
        *len = n;
    return 1;
}

/* ---- Kept files. */

static void kept_say(gin_kept *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void kept_say(gin_kept *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->why, sizeof k->why, fmt, ap);
    va_end(ap);
}

/* k is DAMAGED by the fault f in the file st: remember which file it was
 * (only that one may be moved aside) and say what is wrong, and where. */
static int damaged(gin_kept *k, const struct stat *st, const gin_text_fault *f)
{
    k->state = GIN_KEPT_DAMAGED;
    k->dev = (unsigned long long)st->st_dev;
    k->ino = (unsigned long long)st->st_ino;
    char where[32] = "";
    if (f->line > 0)
        snprintf(where, sizeof where, "line %d: ", f->line);
    kept_say(k, "%s %s is damaged (%s%s)", k->what, k->path, where, f->what[0] ? f->what : "malformed");
    return k->state;
}

int gin_kept_load(gin_kept *k, int kind, const char *name, const char *what, size_t max, gin_kept_parse_fn parse,
                  void *ctx)
{
    memset(k, 0, sizeof *k);
    k->kind = kind;
    snprintf(k->what, sizeof k->what, "%s", what);
    char dir[GIN_PATH_MAX], why[GIN_PATH_MAX + 64];
    int d = gin_dir_find(kind, dir, sizeof dir, why, sizeof why);
    if (d < 0) {
        kept_say(k, "%s cannot be kept: %.900s", what, why);
        k->state = GIN_KEPT_NO_DIR;
        return k->state;
    }
    if (gin_path_join(k->path, sizeof k->path, dir, name) != 0) {
        k->path[0] = '\0';
        kept_say(k, "the path of %s is too long", what);
        k->state = GIN_KEPT_NO_DIR;
        return k->state;
    }
    if (d == 0) {
        k->state = GIN_KEPT_ABSENT;
        return k->state;
    }
    struct stat st;
    int fd = open_regular(k->path, &st);
    if (fd < 0) {
        if (errno == ENOENT) {
            k->state = GIN_KEPT_ABSENT;
            return k->state;
        }
        k->state = GIN_KEPT_LEFT;
        if (errno == EINVAL)
            kept_say(k, "%s %s is %s, not a regular file; left as it is, and not written this run", what, k->path,
                     file_type(st.st_mode));
        else
            kept_say(k, "%s %s cannot be read (%s); left as it is, and not written this run", what, k->path,
                     strerror(errno));
        return k->state;
    }
    char *text = NULL;
    size_t len = 0;
    int rc = read_fd(fd, max, &text, &len);
    int e = errno;
    close(fd);
    gin_text_fault f = {0, ""};
    if (rc != 0 && e == EFBIG) {
        snprintf(f.what, sizeof f.what, "larger than %zu bytes", max);
        return damaged(k, &st, &f);
    }
    if (rc != 0) {
        k->state = GIN_KEPT_LEFT;
        kept_say(k, "%s %s cannot be read (%s); left as it is, and not written this run", what, k->path, strerror(e));
        return k->state;
    }
    int bad = parse(ctx, text, len, &f);
    free(text);
    /* The file that was read, so that a move aside moves that one. */
    k->dev = (unsigned long long)st.st_dev;
    k->ino = (unsigned long long)st.st_ino;
    if (bad == GIN_KEPT_NEWER) {
        k->state = GIN_KEPT_LEFT;
        kept_say(k, "%s %s is of a later format (%s), written by a newer gin; left as it is, and not written this run",
                 what, k->path, f.what[0] ? f.what : "unknown");
        return k->state;
    }
    if (bad)
        return damaged(k, &st, &f);
    k->state = GIN_KEPT_LOADED;
    return k->state;
}

int gin_kept_writable(const gin_kept *k)
{
    return k && (k->state == GIN_KEPT_ABSENT || k->state == GIN_KEPT_LOADED || k->state == GIN_KEPT_MOVED);
}

/* Give `from` the name `to` only if `to` does not exist. Returns 0, or -1
 * with errno (EEXIST: taken). renameat2 is one atomic step; link + unlink
 * (for kernels or file systems without it) also refuses a taken name. */
static int move_noreplace(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    if (link(from, to) != 0)
        return -1;
    return unlink(from);
}

enum { QUARANTINE_MAX = 999 };

/* 1 when the file at k->path is still the one that was read. */
static int same_file(const gin_kept *k)
{
    struct stat st;
    return lstat(k->path, &st) == 0 && (unsigned long long)st.st_dev == k->dev &&
           (unsigned long long)st.st_ino == k->ino;
}

/* Move k's file to PATH.SUFFIX, or PATH.SUFFIX.2 ..., never over a file.
 * Returns 0 with the name in to[], or -1 with errno. */
static int move_aside(const gin_kept *k, const char *suffix, char *to, size_t cap)
{
    int rc = -1;
    for (int i = 1; i <= QUARANTINE_MAX; i++) {
        int n =
            i == 1 ? snprintf(to, cap, "%s.%s", k->path, suffix) : snprintf(to, cap, "%s.%s.%d", k->path, suffix, i);
        if (n < 0 || (size_t)n >= cap) {
            errno = ENAMETOOLONG;
            break;
        }
        if ((rc = move_noreplace(k->path, to)) == 0 || errno != EEXIST)
            break;
    }
    if (rc == 0)
        sync_dir_of(k->path);
    return rc;
}

int gin_kept_quarantine(gin_kept *k)
{
    if (!k || k->state != GIN_KEPT_DAMAGED)
        return -1;
    if (!same_file(k)) {
        /* Replaced since it was read (or gone): what is there now is not
         * the file that was judged, so it is not ours to move. */
        k->state = GIN_KEPT_UNSET;
        kept_say(k, "%s %s changed while it was being looked at; left as it is", k->what, k->path);
        return -1;
    }
    char bad[GIN_PATH_MAX];
    int rc = move_aside(k, "bad", bad, sizeof bad);
    char said[sizeof k->why];
    snprintf(said, sizeof said, "%s", k->why);
    if (rc != 0) {
        k->state = GIN_KEPT_LEFT;
        kept_say(k, "%.700s; it could not be moved aside (%s): left as it is, and not written this run", said,
                 errno == EEXIST ? "too many quarantined files" : strerror(errno));
        return -1;
    }
    k->state = GIN_KEPT_MOVED;
    snprintf(k->moved, sizeof k->moved, "%s", bad);
    kept_say(k, "%.700s; moved it to %s", said, bad);
    return 0;
}

int gin_kept_set_aside(gin_kept *k, const char *suffix)
{
    if (!k || (k->state != GIN_KEPT_LOADED && k->state != GIN_KEPT_DAMAGED) || !suffix || !suffix[0]) {
        errno = EPERM;
        return -1;
    }
    if (!same_file(k)) {
        errno = ESTALE;
        return -1;
    }
    char to[GIN_PATH_MAX];
    if (move_aside(k, suffix, to, sizeof to) != 0)
        return -1;
    k->state = GIN_KEPT_MOVED;
    snprintf(k->moved, sizeof k->moved, "%s", to);
    return 0;
}

int gin_kept_write(gin_kept *k, const char *text, size_t len, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    why[0] = '\0';
    if (!gin_kept_writable(k)) {
        if (k && k->why[0]) /* it says why, and that it is not written */
            snprintf(why, why_cap, "%s", k->why);
        else
            snprintf(why, why_cap, "not saving %s: it was never loaded", k && k->what[0] ? k->what : "a file");
        return -1;
    }
    if (gin_dir_path(k->kind, dir, sizeof dir, why, why_cap) != 0)
        return -1;
    if (gin_file_write_atomic(k->path, text, len) != 0) {
        snprintf(why, why_cap, "cannot save to %s: %s", k->path, strerror(errno));
        return -1;
    }
    k->state = GIN_KEPT_LOADED;
    k->why[0] = '\0';
    return 0;
}

int gin_kept_remove(gin_kept *k)
{
    if (k && (k->state == GIN_KEPT_ABSENT || k->state == GIN_KEPT_MOVED))
        return 0; /* nothing of ours is there */
    if (!k || k->state != GIN_KEPT_LOADED) {
        errno = EPERM;
        return -1;
    }
    if (unlink(k->path) != 0 && errno != ENOENT)
        return -1;
    k->state = GIN_KEPT_ABSENT;
    return 0;
}

/* ---- Text. */

/* Length of the well-formed UTF-8 sequence of a non-ASCII character at s
 * (n bytes left), or 0 (overlong forms, surrogates, > U+10FFFF refused). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t want;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf)
        want = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        want = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
        want = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (n < want || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < want; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return want;
}

int gin_kept_check_text(const char *text, size_t len, int utf8, gin_text_fault *fault)
{
    const unsigned char *s = (const unsigned char *)text;
    int line = 1;
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        if (c == '\n')
            line++;
        if (c == '\n' || c == '\t' || c == '\r' || (c >= 0x20 && c < 0x7f)) {
            i++;
            continue;
        }
        size_t u = utf8 && c >= 0x80 ? utf8_len(s + i, len - i) : 0;
        if (u) {
            i += u;
            continue;
        }
        if (fault) {
            fault->line = line;
            if (c == 0)
                snprintf(fault->what, sizeof fault->what, "a NUL byte");
            else if (c >= 0x80 && utf8)
                snprintf(fault->what, sizeof fault->what, "byte 0x%02x is not UTF-8 text", c);
            else if (c >= 0x80)
                snprintf(fault->what, sizeof fault->what, "byte 0x%02x is not ASCII text", c);
            else
                snprintf(fault->what, sizeof fault->what, "control byte 0x%02x", c);
        }
        return line;
    }
    return 0;
}

int gin_kept_line(const char **p, const char *end, char *buf, size_t cap)
{
    const char *s = *p;
    if (s >= end)
        return 0;
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
    *p = nl ? nl + 1 : end;
    if (n && s[n - 1] == '\r')
        n--;
    int fits = n < cap;
    if (!fits)
        n = cap ? cap - 1 : 0;
    if (cap) {
        memcpy(buf, s, n);
        buf[n] = '\0';
    }
    return fits ? 1 : -1;
}

int gin_kept_number(const char *s, long long lo, long long hi, long long *out)
{
    return gin_number_parse(s, lo, hi, out, NULL) == GIN_OK ? 0 : -1;
}

const char *gin_kept_quote(const char *s, size_t len, size_t max, char *buf, size_t cap)
{
    if (cap < 3) {
        if (cap)
            buf[0] = '\0';
        return buf;
    }
    /* 'TEXT' or 'TEXT...': the escaping is the core's (gin_quote). */
    int cut = len > max;
    buf[0] = '\'';
    gin_quote(s, cut ? max : len, buf + 1, cap - (cut ? 5 : 2));
    size_t o = strlen(buf);
    snprintf(buf + o, cap - o, "%s'", cut ? "..." : "");
    return buf;
}

int gin_text_fault_at(gin_text_fault *fault, int line, int status, const char *fmt, ...)
{
    if (fault) {
        fault->line = line;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(fault->what, sizeof fault->what, fmt, ap);
        va_end(ap);
    }
    return status;
}

int gin_kept_replays(const gin_record *rec, int header_lines, gin_game *g, gin_text_fault *fault)
{
    int idx = 0, line = 0;
    int rc = gin_record_replay_lines(rec, g, NULL, NULL, &idx, &line);
    if (rc != GIN_OK)
        gin_text_fault_at(fault, line ? header_lines + line : 0, rc, "the game does not replay (%s)", gin_strerror(rc));
    return rc;
}
