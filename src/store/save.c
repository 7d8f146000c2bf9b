/* The saved game: header lines, a blank line, then the game record. */
#include "save.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/game.h"
#include "stats.h"

enum { SAVE_TEXT_MAX = 1 << 21, SAVE_HEADER_LINES = 5 };

int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap)
{
    /* Never write what gin_save_parse would refuse. */
    if (gin_stats_level_index(info->level) < 0)
        return GIN_ENAME;
    if ((info->practice != 0 && info->practice != 1) || info->human < 0 || info->human >= GIN_MAX_SEATS)
        return GIN_EINVAL;
    int n =
        snprintf(buf, cap, "gin-save 1\nlevel %s\npractice %d\nhuman %d\n\n", info->level, info->practice, info->human);
    if (n < 0 || (size_t)n >= cap)
        return GIN_ESPACE;
    int m = gin_record_format(rec, buf + n, cap - (size_t)n);
    return m < 0 ? m : n + m;
}

/* A header line must be "KEY VALUE": the value into *val. Returns 0 or -1. */
static int header_value(char *buf, const char *key, char **val)
{
    char *save = NULL;
    char *k = strtok_r(buf, " \t", &save);
    char *v = k ? strtok_r(NULL, " \t", &save) : NULL;
    if (!k || strcmp(k, key) != 0 || !v || strtok_r(NULL, " \t", &save))
        return -1;
    *val = v;
    return 0;
}

/* The four header lines and the blank line. Returns GIN_OK with *p at the
 * record, or an error with *fault. */
static int parse_header(const char **p, const char *end, gin_save_info *info, gin_text_fault *fault)
{
    static const char *const keys[] = {"gin-save", "level", "practice", "human"};
    char buf[128], q[64];
    for (int line = 1; line <= SAVE_HEADER_LINES; line++) {
        int got = gin_kept_line(p, end, buf, sizeof buf);
        if (got == 0)
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "the file ends in the header");
        if (line == SAVE_HEADER_LINES) {
            if (got < 0 || buf[0])
                return gin_text_fault_at(fault, line, GIN_EFORMAT, "expected the blank line before the record");
            break;
        }
        char *v = NULL;
        if (got < 0 || header_value(buf, keys[line - 1], &v) != 0)
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "expected '%s VALUE'", keys[line - 1]);
        gin_kept_quote(v, strlen(v), 20, q, sizeof q);
        long long x = 0;
        if (line == 1 && strcmp(v, "1") != 0)
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "unknown save format version %s", q);
        if (line == 2) {
            if (gin_stats_level_index(v) < 0)
                return gin_text_fault_at(fault, line, GIN_ENAME, "unknown level %s (%s)", q, gin_stats_level_names());
            snprintf(info->level, sizeof info->level, "%s", v);
        }
        if (line == 3) {
            if (gin_kept_number(v, 0, 1, &x) != 0)
                return gin_text_fault_at(fault, line, GIN_EFORMAT, "practice %s: must be 0 or 1", q);
            info->practice = (int)x;
        }
        if (line == 4) {
            if (gin_kept_number(v, 0, GIN_MAX_SEATS - 1, &x) != 0)
                return gin_text_fault_at(fault, line, GIN_EFORMAT, "human %s: must be a seat, 0 to 3", q);
            info->human = (int)x;
        }
    }
    return GIN_OK;
}

int gin_save_parse(const char *text, size_t len, gin_save_info *info, gin_record *rec, gin_text_fault *fault)
{
    memset(info, 0, sizeof *info);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return GIN_EFORMAT;
    const char *p = text, *end = text + len;
    int rc = parse_header(&p, end, info, fault);
    if (rc != GIN_OK)
        return rc;
    /* The record parser reads a C string: give it one (the text has no
     * NUL, gin_kept_check_text saw to that). */
    size_t n = (size_t)(end - p);
    char *body = malloc(n + 1);
    if (!body)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    memcpy(body, p, n);
    body[n] = '\0';
    rc = gin_record_parse(body, rec, &line);
    free(body);
    if (rc != GIN_OK)
        return gin_text_fault_at(fault, SAVE_HEADER_LINES + line, rc, "%s", gin_strerror(rc));
    return GIN_OK;
}

/* ---- The file. */

struct save_dest {
    gin_save_info *info;
    gin_record *rec;
};

/* Damaged unless it can be resumed: parses, replays, is not over, and
 * the human has a seat in it. */
static int parse_save(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    struct save_dest *d = ctx;
    int rc = gin_save_parse(text, len, d->info, d->rec, fault);
    if (rc != GIN_OK)
        return rc;
    gin_game *g = malloc(sizeof *g);
    if (!g)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    rc = gin_kept_replays(d->rec, SAVE_HEADER_LINES, g, fault);
    if (rc != GIN_OK)
        ; /* said */
    else if (g->over)
        rc = gin_text_fault_at(fault, 0, GIN_ESTATE, "the game in it is already over");
    else if (d->info->human >= g->rules.seats)
        rc =
            gin_text_fault_at(fault, 4, GIN_EFORMAT, "human %d: the game has %d seats", d->info->human, g->rules.seats);
    free(g);
    return rc;
}

int gin_save_read(gin_kept *k, gin_save_info *info, gin_record *rec)
{
    struct save_dest d = {info, rec};
    int st = gin_kept_load(k, GIN_DIR_STATE, "save", "the saved game", SAVE_TEXT_MAX, parse_save, &d);
    if (st == GIN_KEPT_DAMAGED) /* and say what it means for the player */
        snprintf(k->why + strlen(k->why), sizeof k->why - strlen(k->why), "; it cannot be resumed");
    return st;
}

int gin_save_write(gin_kept *k, const gin_lock *lk, const gin_save_info *info, const gin_record *rec, char *why,
                   size_t why_cap)
{
    why[0] = '\0';
    if (!gin_kept_writable(k))
        return gin_kept_write(k, "", 0, why, why_cap); /* which refuses, saying why */
    if (!gin_lock_covers(lk, k->path)) {
        snprintf(why, why_cap, "cannot save the game: %s is written only under the table lock", k->path);
        return -1;
    }
    char *buf = malloc(SAVE_TEXT_MAX);
    if (!buf) {
        snprintf(why, why_cap, "out of memory saving the game");
        return -1;
    }
    int n = gin_save_format(info, rec, buf, SAVE_TEXT_MAX);
    int rc = -1;
    if (n < 0)
        snprintf(why, why_cap, "cannot save the game: %s", gin_strerror(n));
    else
        rc = gin_kept_write(k, buf, (size_t)n, why, why_cap);
    free(buf);
    return rc;
}

int gin_save_remove(gin_kept *k, const gin_lock *lk)
{
    if (k && k->state == GIN_KEPT_LOADED && !gin_lock_covers(lk, k->path)) {
        errno = EPERM;
        return -1;
    }
    return gin_kept_remove(k);
}
