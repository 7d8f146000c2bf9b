/* The XDG directories of the kept files (dirs.h). */
#include "dirs.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int gin_path_join(char *buf, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(buf, cap, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

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
        int e = errno;
        struct stat st;
        char to[GIN_PATH_MAX];
        ssize_t n = lstat(buf, &st) == 0 && S_ISLNK(st.st_mode) ? readlink(buf, to, sizeof to - 1) : -1;
        if (n >= 0) { /* a link to nothing, or to something not a directory: say so */
            to[n] = '\0';
            say(why, why_cap, "cannot use %s: it is a symbolic link to %.1000s, %s", buf, to,
                stat(buf, &st) != 0 ? "which does not exist" : "which is not a directory");
        } else {
            say(why, why_cap, "cannot use %s: %s", buf, strerror(e));
        }
        return -1;
    }
    return 0;
}
