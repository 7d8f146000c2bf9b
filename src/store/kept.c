/* Kept files: how they are read, left alone, quarantined and written
 * (kept.h). */
#include "kept.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gin/error.h"
#include "gin/game.h"
#include "gin/record.h"

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

/* The directory a name with a slash lies in ("history" of
 * "history/000001") must be a real directory of ours, never a link to
 * somewhere else: GIN_KEPT_ABSENT when it is not there yet, GIN_KEPT_LEFT
 * (said) when it is something else, else 0. */
static int check_subdir(gin_kept *k, const char *name)
{
    const char *slash = strrchr(k->path, '/');
    if (!strchr(name, '/') || !slash)
        return 0;
    char sub[GIN_PATH_MAX];
    snprintf(sub, sizeof sub, "%.*s", (int)(slash - k->path), k->path);
    struct stat st;
    if (lstat(sub, &st) != 0) {
        if (errno == ENOENT)
            return k->state = GIN_KEPT_ABSENT;
        kept_say(k, "%s %s cannot be read (%s cannot be used: %s); left as it is", k->what, k->path, sub,
                 strerror(errno));
        return k->state = GIN_KEPT_LEFT;
    }
    if (S_ISDIR(st.st_mode))
        return 0;
    kept_say(k, "%s %s is not read: %s is %s, not a directory; left as it is", k->what, k->path, sub,
             gin_file_type(st.st_mode));
    return k->state = GIN_KEPT_LEFT;
}

/* Where the kept file `name` is: k->path, and 0 to read it, or the state
 * when there is nothing to read (NO_DIR, ABSENT, LEFT; said). */
static int locate(gin_kept *k, int kind, const char *name)
{
    char dir[GIN_PATH_MAX], why[GIN_PATH_MAX + 64];
    int d = gin_dir_find(kind, dir, sizeof dir, why, sizeof why);
    if (d < 0) {
        kept_say(k, "%s cannot be kept: %.900s", k->what, why);
        return k->state = GIN_KEPT_NO_DIR;
    }
    if (gin_path_join(k->path, sizeof k->path, dir, name) != 0) {
        k->path[0] = '\0';
        kept_say(k, "the path of %s is too long", k->what);
        return k->state = GIN_KEPT_NO_DIR;
    }
    if (d == 0)
        return k->state = GIN_KEPT_ABSENT;
    return check_subdir(k, name);
}

int gin_kept_load(gin_kept *k, int kind, const char *name, const char *what, size_t max, gin_kept_parse_fn parse,
                  void *ctx)
{
    memset(k, 0, sizeof *k);
    k->kind = kind;
    snprintf(k->what, sizeof k->what, "%s", what);
    if (locate(k, kind, name) != 0)
        return k->state;
    struct stat st;
    int fd = gin_file_open_regular(k->path, &st);
    if (fd < 0) {
        if (errno == ENOENT) {
            k->state = GIN_KEPT_ABSENT;
            return k->state;
        }
        k->state = GIN_KEPT_LEFT;
        if (errno == EINVAL)
            kept_say(k, "%s %s is %s, not a regular file; left as it is, and not written this run", what, k->path,
                     gin_file_type(st.st_mode));
        else
            kept_say(k, "%s %s cannot be read (%s); left as it is, and not written this run", what, k->path,
                     strerror(errno));
        return k->state;
    }
    char *text = NULL;
    size_t len = 0;
    int rc = gin_file_read_fd(fd, max, &text, &len);
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
        if ((rc = gin_file_move_noreplace(k->path, to)) == 0 || errno != EEXIST)
            break;
    }
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
    if (gin_file_remove(k->path) != 0)
        return -1;
    k->state = GIN_KEPT_ABSENT;
    return 0;
}

int gin_kept_replays(const gin_record *rec, int header_lines, gin_game *g, gin_text_fault *fault)
{
    int idx = 0, line = 0;
    int rc = gin_record_replay_lines(rec, g, NULL, NULL, &idx, &line);
    if (rc != GIN_OK)
        gin_text_fault_at(fault, line ? header_lines + line : 0, rc, "the game does not replay (%s)", gin_strerror(rc));
    return rc;
}

int gin_kept_record_version(const char *text, size_t len)
{
    static const char magic[] = "gin-record ";
    size_t n = sizeof magic - 1;
    if (len <= n || memcmp(text, magic, n) != 0)
        return 0;
    long long v = 0;
    char num[16];
    size_t i = 0;
    while (n + i < len && i < sizeof num - 1 && text[n + i] >= '0' && text[n + i] <= '9') {
        num[i] = text[n + i];
        i++;
    }
    num[i] = '\0';
    if (i == 0 || (n + i < len && text[n + i] != '\n' && text[n + i] != '\r') ||
        gin_kept_number(num, 1, 1000000, &v) != 0)
        return 0;
    return (int)v;
}
