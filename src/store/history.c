/* The game history: one kept file per game in history/, rotated. */
#include "history.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "gin/error.h"
#include "gin/game.h"
#include "stats.h"

enum {
    HISTORY_VERSION = 2,
    KEYS = 12, /* format 2's header lines, the blank line not counted (format 1: 11) */
    ID_MAX = 999999999,
    SCAN_MAX = 100000, /* names looked at in the directory, at most */
    RECENT_LOOK = 16   /* entries looked at for a game kept already: the newest */
};

static const char *const results[] = {"won", "lost", "tie", "resigned", "abandoned", "forfeit"};
/* Format 2's keys; format 1 has all but `game`. */
static const char *const keys[KEYS] = {"gin-history", "game",     "date",    "level",  "rules", "players",
                                       "human",       "practice", "counted", "result", "score", "hands"};

static int known_result(const char *r)
{
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (!strcmp(r, results[i]))
            return 1;
    return 0;
}

static int info_ok(const gin_history_info *h)
{
    if (!gin_kept_game_ok(h->game) || !gin_kept_date_ok(h->date) || !gin_kept_name_ok(h->level) ||
        !gin_kept_label_ok(h->rules) || strlen(h->rules) >= sizeof h->rules || h->players < 2 ||
        h->players > GIN_MAX_SEATS || h->human < 0 || h->human >= h->players || (h->practice & ~1) ||
        (h->counted & ~1) || !known_result(h->result) || h->hands < 0 || h->hands > GIN_MAX_HANDS)
        return 0;
    for (int i = 0; i < h->players; i++)
        if (h->score[i] < -1000000000 || h->score[i] > 1000000000)
            return 0;
    return 1;
}

int gin_history_format(const gin_history_info *h, const gin_record *rec, char *buf, size_t cap)
{
    if (!info_ok(h))
        return GIN_EINVAL; /* never write what the parser would refuse */
    char score[96] = "";
    size_t used = 0;
    for (int i = 0; i < h->players; i++)
        used += (size_t)snprintf(score + used, sizeof score - used, "%s%d", i ? " " : "", h->score[i]);
    int n = snprintf(buf, cap,
                     "gin-history %d\ngame %s\ndate %s\nlevel %s\nrules %s\nplayers %d\nhuman %d\npractice %d\n"
                     "counted %d\nresult %s\nscore %s\nhands %d\n\n",
                     HISTORY_VERSION, h->game, h->date, h->level, h->rules, h->players, h->human, h->practice,
                     h->counted, h->result, score, h->hands);
    if (n < 0 || (size_t)n >= cap)
        return GIN_ESPACE;
    int m = gin_record_format(rec, buf + n, cap - (size_t)n);
    return m < 0 ? m : n + m;
}

/* The number fields of the header, by key index k: where, and bounds. */
static int header_number(const char *v, int k, gin_history_info *h)
{
    long long x;
    int *dst = k == 5 ? &h->players : k == 6 ? &h->human : k == 7 ? &h->practice : k == 8 ? &h->counted : &h->hands;
    long long lo = k == 5 ? 2 : 0;
    long long hi = k == 5 ? GIN_MAX_SEATS : k == 6 ? h->players - 1 : k == 11 ? GIN_MAX_HANDS : 1;
    if (gin_kept_number(v, lo, hi, &x) != 0)
        return -1;
    *dst = (int)x;
    return 0;
}

static int header_scores(char *v, gin_history_info *h)
{
    char *save = NULL;
    int n = 0;
    for (char *t = strtok_r(v, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        long long x;
        if (n == h->players || gin_kept_number(t, -1000000000, 1000000000, &x) != 0)
            return -1;
        h->score[n++] = (int)x;
    }
    return n == h->players ? 0 : -1;
}

/* The version line's value: the format into *version, GIN_KEPT_NEWER for
 * a later one. */
static int header_version(const char *v, const char *q, int *version, gin_text_fault *fault)
{
    long long x = 0;
    if (gin_kept_number(v, 1, ID_MAX, &x) != 0)
        return gin_text_fault_at(fault, 1, GIN_EFORMAT, "unknown history format %s", q);
    if (x > HISTORY_VERSION)
        return gin_text_fault_at(fault, 1, GIN_KEPT_NEWER, "format %lld", x);
    *version = (int)x;
    return GIN_OK;
}

/* Header line `line` (1-based), of key index k, with its value v.
 * Returns GIN_OK or an error with *fault. */
static int header_line(int line, int k, char *v, gin_history_info *h, gin_text_fault *fault)
{
    char q[64];
    gin_kept_quote(v, strlen(v), 24, q, sizeof q);
    switch (k) {
    case 1:
        snprintf(h->game, sizeof h->game, "%s", v);
        return gin_kept_game_ok(v) ? GIN_OK
                                   : gin_text_fault_at(fault, line, GIN_EFORMAT, "game %s: expected 16 hex digits", q);
    case 2:
        snprintf(h->date, sizeof h->date, "%s", v);
        return gin_kept_date_ok(v)
                   ? GIN_OK
                   : gin_text_fault_at(fault, line, GIN_EFORMAT, "date %s is not like 2024-05-01T12:34:56Z", q);
    case 3:
        snprintf(h->level, sizeof h->level, "%s", v);
        return gin_kept_name_ok(v) ? GIN_OK : gin_text_fault_at(fault, line, GIN_ENAME, "unknown level %s", q);
    case 4:
        if (!gin_kept_label_ok(v) || strlen(v) >= sizeof h->rules)
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "rules %s: expected a name of the rules", q);
        snprintf(h->rules, sizeof h->rules, "%s", v);
        return GIN_OK;
    case 9:
        snprintf(h->result, sizeof h->result, "%s", v);
        return known_result(v) ? GIN_OK : gin_text_fault_at(fault, line, GIN_EFORMAT, "unknown result %s", q);
    case 10:
        return header_scores(v, h) == 0 ? GIN_OK
                                        : gin_text_fault_at(fault, line, GIN_EFORMAT, "expected %d scores", h->players);
    default:
        return header_number(v, k, h) == 0
                   ? GIN_OK
                   : gin_text_fault_at(fault, line, GIN_EFORMAT, "%s %s is out of range", keys[k], q);
    }
}

/* The header lines and the blank line. Returns GIN_OK with *p at the
 * record and *lines the header's lines (the blank one too),
 * GIN_KEPT_NEWER, or an error with *fault. */
static int parse_header(const char **p, const char *end, gin_history_info *h, int *lines, gin_text_fault *fault)
{
    char buf[256];
    int version = 0, line = 0;
    for (int k = 0; k <= KEYS; k++) {
        if (k == 1 && version < 2)
            continue; /* format 1 has no game line */
        int got = gin_kept_line(p, end, buf, sizeof buf);
        line++;
        if (got == 0)
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "the file ends in the header");
        if (k == KEYS) {
            *lines = line;
            return got > 0 && !buf[0]
                       ? GIN_OK
                       : gin_text_fault_at(fault, line, GIN_EFORMAT, "expected the blank line before the record");
        }
        size_t kl = strlen(keys[k]);
        if (got < 0 || strncmp(buf, keys[k], kl) != 0 || buf[kl] != ' ' || !buf[kl + 1])
            return gin_text_fault_at(fault, line, GIN_EFORMAT, "expected '%s VALUE'", keys[k]);
        char q[64];
        const char *v = buf + kl + 1;
        int rc = k == 0 ? header_version(v, gin_kept_quote(v, strlen(v), 24, q, sizeof q), &version, fault)
                        : header_line(line, k, buf + kl + 1, h, fault);
        if (rc != GIN_OK)
            return rc;
    }
    return GIN_OK;
}

int gin_history_parse(const char *text, size_t len, gin_history_info *h, gin_record *rec, gin_text_fault *fault)
{
    memset(h, 0, sizeof *h);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return GIN_EFORMAT;
    const char *p = text, *end = text + len;
    int lines = 0;
    int rc = parse_header(&p, end, h, &lines, fault);
    if (rc != GIN_OK)
        return rc;
    if (gin_kept_record_version(p, (size_t)(end - p)) > 1)
        return gin_text_fault_at(fault, lines + 1, GIN_KEPT_NEWER, "a game record of a later format");
    size_t n = (size_t)(end - p);
    char *body = malloc(n + 1); /* the record parser reads a C string */
    if (!body)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    memcpy(body, p, n);
    body[n] = '\0';
    char why[sizeof fault->what];
    rc = gin_record_parse_why(body, rec, &line, why, sizeof why);
    free(body);
    if (rc != GIN_OK)
        return gin_text_fault_at(fault, lines + line, rc, "%s", why);
    if (rec->rules.seats != h->players)
        return gin_text_fault_at(fault, lines - 7, GIN_EFORMAT, "players %d: the game has %d seats", h->players,
                                 rec->rules.seats);
    return GIN_OK;
}

/* ---- The directory. */

static int history_dir(char *buf, size_t cap, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    if (gin_dir_find(GIN_DIR_STATE, dir, sizeof dir, why, why_cap) < 0)
        return -1;
    if (gin_path_join(buf, cap, dir, "history") != 0) {
        snprintf(why, why_cap, "the history's path is too long");
        return -1;
    }
    return 0;
}

int gin_history_path(int id, char *buf, size_t cap, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX], name[16];
    if (history_dir(dir, sizeof dir, why, why_cap) != 0)
        return -1;
    snprintf(name, sizeof name, "%06d", id);
    if (gin_path_join(buf, cap, dir, name) != 0) {
        snprintf(why, why_cap, "the history's path is too long");
        return -1;
    }
    return 0;
}

/* An entry's number from its file name (digits only), or 0. */
static int entry_id(const char *name)
{
    size_t n = strlen(name);
    long long id;
    if (n == 0 || n > 9 || strspn(name, "0123456789") != n || gin_kept_number(name, 1, ID_MAX, &id) != 0)
        return 0;
    return (int)id;
}

static int newest_first(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

/* Is `history` a directory (1), absent (0), or something else (-1, why)? */
static int dir_state(const char *dir, char *why, size_t why_cap)
{
    struct stat st;
    if (lstat(dir, &st) != 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_cap, "the game history %s cannot be used (%s)", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, why_cap, "the game history %s is %s, not a directory; left as it is", dir,
                 S_ISREG(st.st_mode) ? "a file" : gin_file_type(st.st_mode));
        return -1;
    }
    return 1;
}

static int out_of_memory(int *n, char *why, size_t why_cap)
{
    snprintf(why, why_cap, "out of memory reading the game history");
    *n = 0;
    return -1;
}

/* Every entry's number, newest first, in a malloc'd array (*n of them). */
static int scan(const char *dir, int **out, int *n, char *why, size_t why_cap)
{
    *out = NULL;
    *n = 0;
    int st = dir_state(dir, why, why_cap);
    if (st <= 0)
        return st;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(why, why_cap, "the game history %s cannot be read (%s)", dir, strerror(errno));
        return -1;
    }
    int cap = 256, looked = 0;
    int *ids = malloc(sizeof *ids * (size_t)cap);
    if (!ids) {
        closedir(d);
        return out_of_memory(n, why, why_cap);
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL && looked++ < SCAN_MAX) {
        int id = entry_id(e->d_name);
        if (!id)
            continue;
        if (*n == cap) {
            int *more = realloc(ids, sizeof *ids * (size_t)(cap *= 2));
            if (!more) {
                free(ids);
                closedir(d);
                return out_of_memory(n, why, why_cap);
            }
            ids = more;
        }
        ids[(*n)++] = id;
    }
    closedir(d);
    qsort(ids, (size_t)*n, sizeof *ids, newest_first);
    *out = ids;
    return 1;
}

int gin_history_list(int *ids, int cap, char *why, size_t why_cap)
{
    char dir[GIN_PATH_MAX];
    why[0] = '\0';
    if (history_dir(dir, sizeof dir, why, why_cap) != 0)
        return -1;
    int *all = NULL, n = 0;
    if (scan(dir, &all, &n, why, why_cap) < 0)
        return -1;
    int k = n < cap ? n : cap;
    if (k > 0)
        memcpy(ids, all, sizeof *ids * (size_t)k);
    free(all);
    return k;
}

/* ---- Entries. */

struct entry_dest {
    gin_history_info *h;
    gin_record *rec;
};

int gin_history_judge(const char *text, size_t len, gin_history_info *h, gin_record *rec, gin_text_fault *fault)
{
    int rc = gin_history_parse(text, len, h, rec, fault);
    if (rc != GIN_OK)
        return rc;
    gin_game *g = malloc(sizeof *g);
    if (!g)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    rc = gin_kept_replays(rec, h->game[0] ? KEYS + 1 : KEYS, g, fault);
    free(g);
    return rc;
}

/* Damaged unless it parses and its record replays. */
static int parse_entry(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    struct entry_dest *d = ctx;
    return gin_history_judge(text, len, d->h, d->rec, fault);
}

int gin_history_read(int id, gin_kept *k, gin_history_info *h, gin_record *rec)
{
    char name[32];
    snprintf(name, sizeof name, "history/%06d", id);
    struct entry_dest d = {h, rec};
    return gin_kept_load(k, GIN_DIR_STATE, name, "the history entry", GIN_HISTORY_TEXT_MAX, parse_entry, &d);
}

/* "000012.tmp.XXXXXX": a temporary of an entry's atomic write. */
/* "<id>.tmp.XXXXXX": an entry's temporary (gin_file_write_atomic). */
static int is_temp(const char *name, const void *ctx)
{
    (void)ctx;
    const char *t = strstr(name, ".tmp.");
    return t && t > name && strspn(name, "0123456789") == (size_t)(t - name) && strlen(t + 5) == 6;
}

/* Judge every entry, oldest first: move the damaged ones aside, then
 * remove the oldest sound ones beyond the bound. rec is scratch. */
static void rotate(const char *dir, gin_record *rec, char *notes, size_t notes_cap)
{
    int *ids = NULL, n = 0;
    char why[256];
    if (scan(dir, &ids, &n, why, sizeof why) <= 0)
        return;
    int *sound = malloc(sizeof *sound * (size_t)(n ? n : 1));
    gin_kept k;
    gin_history_info h;
    int n_sound = 0;
    for (int i = n - 1; sound && i >= 0; i--) { /* oldest first */
        int st = gin_history_read(ids[i], &k, &h, rec);
        if (st == GIN_KEPT_DAMAGED) {
            (void)gin_kept_quarantine(&k);
            size_t u = strlen(notes);
            if (notes_cap > u + 1)
                snprintf(notes + u, notes_cap - u, "%s%s", u ? "\n" : "", k.why);
        }
        if (st == GIN_KEPT_LOADED)
            sound[n_sound++] = ids[i];
    }
    for (int i = 0; i < n_sound - GIN_HISTORY_MAX; i++)
        if (gin_history_read(sound[i], &k, &h, rec) == GIN_KEPT_LOADED)
            (void)gin_kept_remove(&k);
    free(sound);
    free(ids);
    gin_file_sweep_temps(dir, is_temp, NULL); /* a killed writer's, a minute old */
}

/* Make the history directory (0700) if there is none. Returns 0 or -1. */
static int make_dir(const char *dir, char *why, size_t why_cap)
{
    int st = dir_state(dir, why, why_cap);
    if (st == 0 && mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(why, why_cap, "cannot make the game history %s (%s)", dir, strerror(errno));
        return -1;
    }
    return st < 0 || (st == 0 && dir_state(dir, why, why_cap) != 1) ? -1 : 0;
}

static int accept_any(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    (void)ctx, (void)text, (void)len, (void)fault;
    return 0;
}

/* Only the header (for the game's identity): damaged or not otherwise. */
static int parse_head(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    gin_history_info *h = ctx;
    memset(h, 0, sizeof *h);
    const char *p = text, *end = text + len;
    int lines = 0;
    return gin_kept_check_text(text, len, 0, fault) ? GIN_EFORMAT : parse_header(&p, end, h, &lines, fault);
}

/* The number of the entry among the newest that keeps game `game`, or 0. */
static int kept_before(const int *ids, int n, const char *game)
{
    gin_kept k;
    gin_history_info h;
    char name[32];
    for (int i = 0; game[0] && i < n && i < RECENT_LOOK; i++) {
        snprintf(name, sizeof name, "history/%06d", ids[i]);
        if (gin_kept_load(&k, GIN_DIR_STATE, name, "the history entry", GIN_HISTORY_TEXT_MAX, parse_head, &h) ==
                GIN_KEPT_LOADED &&
            !strcmp(h.game, game))
            return ids[i];
    }
    return 0;
}

/* The newest number is the last there is: number the sound entries afresh
 * from 1, oldest first, never over another file (what is not a sound entry
 * of ours keeps its name, and its number is skipped). rec is scratch.
 * Returns 0, or -1 with why. */
static int renumber(const char *dir, gin_record *rec, char *why, size_t why_cap)
{
    int *ids = NULL, n = 0;
    if (scan(dir, &ids, &n, why, why_cap) < 0)
        return -1;
    gin_kept k;
    gin_history_info h;
    char from[GIN_PATH_MAX], to[GIN_PATH_MAX], name[16];
    int t = 1, rc = 0;
    for (int i = n - 1; rc == 0 && i >= 0; i--) { /* oldest first */
        if (gin_history_read(ids[i], &k, &h, rec) != GIN_KEPT_LOADED)
            continue;
        snprintf(from, sizeof from, "%s", k.path);
        /* t <= ids[i] always: every number below it that is taken was passed */
        for (; t < ids[i]; t++) {
            snprintf(name, sizeof name, "%06d", t);
            if (gin_path_join(to, sizeof to, dir, name) != 0)
                break;
            if (gin_file_move_noreplace(from, to) == 0)
                break;
            if (errno != EEXIST) {
                snprintf(why, why_cap, "cannot number the game history %s afresh (%s)", dir, strerror(errno));
                rc = -1;
                break;
            }
        }
        t++;
    }
    free(ids);
    return rc;
}

/* Write the text as the entry after the newest, unless the game is kept
 * already. Returns 0 (written), 1 (kept before), or -1 / -2 with why. */
static int write_entry(const char *dir, const gin_lock *lk, const gin_history_info *h, gin_record *scratch,
                       const char *text, size_t len, int *id, char *why, size_t why_cap)
{
    int *ids = NULL, n = 0;
    if (scan(dir, &ids, &n, why, why_cap) < 0)
        return -2;
    int before = kept_before(ids, n, h->game);
    int next = n ? ids[0] + 1 : 1;
    free(ids);
    if (before) {
        if (id)
            *id = before;
        return 1;
    }
    if (next > ID_MAX) { /* one entry numbered 999999999 must not block the history for good */
        if (renumber(dir, scratch, why, why_cap) != 0 || scan(dir, &ids, &n, why, why_cap) < 0)
            return -1;
        next = n ? ids[0] + 1 : 1;
        free(ids);
    }
    gin_kept k;
    char name[32];
    for (int tries = 0; tries < 10 && next <= ID_MAX; tries++, next++) {
        snprintf(name, sizeof name, "history/%06d", next);
        /* Loading a name not taken yet: ABSENT, so the write creates it. */
        if (gin_kept_load(&k, GIN_DIR_STATE, name, "the history entry", 1, accept_any, NULL) != GIN_KEPT_ABSENT)
            continue; /* something is there (not ours: never written over) */
        if (!gin_lock_covers(lk, k.path)) {
            snprintf(why, why_cap, "the game history %s is written only under the table lock", dir);
            return -2;
        }
        if (gin_kept_write(&k, text, len, why, why_cap) != 0)
            return -1;
        if (id)
            *id = next;
        return 0;
    }
    snprintf(why, why_cap, "no free number for a game in the history %s", dir);
    return -1;
}

int gin_history_keep(const gin_lock *lk, gin_history_info *h, const gin_record *rec, int *id, char *notes,
                     size_t notes_cap, char *why, size_t why_cap)
{
    char sdir[GIN_PATH_MAX], dir[GIN_PATH_MAX];
    why[0] = '\0';
    if (notes && notes_cap)
        notes[0] = '\0';
    if (!lk || !lk->held) {
        snprintf(why, why_cap, "the game history is written only under the table lock");
        return -2;
    }
    if (gin_dir_path(GIN_DIR_STATE, sdir, sizeof sdir, why, why_cap) != 0 ||
        gin_path_join(dir, sizeof dir, sdir, "history") != 0)
        return -2;
    if (make_dir(dir, why, why_cap) != 0)
        return dir_state(dir, why, why_cap) < 0 ? -2 : -1; /* not ours, or could not be made (a full disk) */
    if (!h->date[0])
        gin_kept_date_now(h->date);
    char *text = malloc(GIN_HISTORY_TEXT_MAX);
    gin_record *scratch = malloc(sizeof *scratch);
    int rc = -1;
    int n = text && scratch ? gin_history_format(h, rec, text, GIN_HISTORY_TEXT_MAX) : GIN_ESPACE;
    if (n < 0) {
        snprintf(why, why_cap, "the game cannot be kept in the history: %s", gin_strerror(n));
        rc = text && scratch ? -2 : -1;
    } else if ((rc = write_entry(dir, lk, h, scratch, text, (size_t)n, id, why, why_cap)) == 0)
        rotate(dir, scratch, notes ? notes : why, notes ? notes_cap : 0);
    free(text);
    free(scratch);
    return rc;
}
