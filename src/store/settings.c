/* The player's settings: a small key = value file in the config dir. */
#include "settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"

void gin_settings_default(gin_settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->level, sizeof s->level, "normal");
    snprintf(s->rules, sizeof s->rules, "standard");
    s->hollywood = -1;
    s->players = 2;
}

static int parse_int(const char *v, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi)
        return -1;
    *out = (int)x;
    return 0;
}

static int set_word(char *dst, size_t cap, const char *v)
{
    size_t n = strlen(v);
    if (n == 0 || n >= cap)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' && v[i] <= '9') || v[i] == '-'))
            return -1;
    memcpy(dst, v, n + 1);
    return 0;
}

static char *trim(char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strlen(p);
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
        p[--n] = '\0';
    return p;
}

int gin_settings_parse(gin_settings *s, const char *text)
{
    int line = 0, got;
    const char *p = text;
    char buf[256];
    while ((got = gin_text_line(&p, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0)
            return line;
        char *t = trim(buf);
        if (!*t || *t == '#')
            continue;
        char *eq = strchr(t, '=');
        if (!eq)
            return line;
        *eq = '\0';
        char *k = trim(t), *v = trim(eq + 1);
        int rc = 0;
        if (!strcmp(k, "level"))
            rc = set_word(s->level, sizeof s->level, v);
        else if (!strcmp(k, "rules"))
            rc = set_word(s->rules, sizeof s->rules, v);
        else if (!strcmp(k, "target"))
            rc = parse_int(v, 0, 100000, &s->target);
        else if (!strcmp(k, "hollywood"))
            rc = parse_int(v, -1, 1, &s->hollywood);
        else if (!strcmp(k, "four-color"))
            rc = parse_int(v, 0, 1, &s->four_color);
        else if (!strcmp(k, "no-color"))
            rc = parse_int(v, 0, 1, &s->no_color);
        else if (!strcmp(k, "open"))
            rc = parse_int(v, 0, 1, &s->open);
        else if (!strcmp(k, "sort"))
            rc = parse_int(v, 0, 2, &s->sort);
        else if (!strcmp(k, "fast"))
            rc = parse_int(v, 0, 1, &s->fast);
        else if (!strcmp(k, "players"))
            rc = parse_int(v, 2, 4, &s->players);
        if (rc)
            return line;
    }
    return 0;
}

int gin_settings_format(const gin_settings *s, char *buf, size_t cap)
{
    int n = snprintf(buf, cap,
                     "# gin settings (written by the game; edit freely)\n"
                     "level = %s\nrules = %s\ntarget = %d\nhollywood = %d\n"
                     "four-color = %d\nno-color = %d\nopen = %d\nsort = %d\nfast = %d\nplayers = %d\n",
                     s->level, s->rules, s->target, s->hollywood, s->four_color, s->no_color, s->open, s->sort, s->fast,
                     s->players);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

static int settings_path(char *path, size_t cap, char *why, size_t why_cap)
{
    return gin_kept_path(GIN_DIR_CONFIG, "settings", path, cap, why, why_cap);
}

static int parse_settings(void *s, const char *text) { return gin_settings_parse(s, text); }

int gin_settings_load(gin_settings *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX], bad[GIN_PATH_MAX];
    why[0] = '\0';
    gin_settings_default(s);
    if (settings_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    int bad_line = 0;
    int rc = gin_file_load(path, 1 << 16, parse_settings, s, -1, &bad_line, bad, sizeof bad);
    if (rc >= 0)
        return 0;
    if (rc == -1)
        snprintf(why, why_cap, "settings file damaged (line %d); moved to %s", bad_line, bad);
    else /* left in place: the caller must not write over it */
        snprintf(why, why_cap, "settings file %s unreadable: %s", path, strerror(errno));
    gin_settings_default(s);
    return rc;
}

int gin_settings_save(const gin_settings *s, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX], buf[1024];
    why[0] = '\0';
    if (settings_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    int n = gin_settings_format(s, buf, sizeof buf);
    return gin_file_save(path, buf, n, "settings", why, why_cap);
}
