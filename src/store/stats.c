/* Statistics per bot level and rule preset: counting, the text file
 * (format 2, and yesterday's format 1 converted), the table and the
 * margins' bars, the reset. */
#include "stats.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kept.h"
#include "gin/rules.h"

/* Counts never exceed this (points STATS_POINTS_CAP): one more game can
 * never overflow, and what we write we can read back. */
#define STATS_CAP 1000000000
#define STATS_POINTS_CAP 1000000000000000L

static const char STATS_NAME[] = "stats-v2"; /* format 2 */
static const char STATS_V1_NAME[] = "stats"; /* format 1: read and converted, never written */
enum { STATS_FILE_MAX = 1 << 16, STATS_VERSION = 2 };

static int add_capped(int a, int b)
{
    if (b < 0)
        b = 0;
    return b > STATS_CAP - a ? STATS_CAP : a + b;
}

static long add_points(long a, int b)
{
    long v = b > 0 ? b : 0;
    return v > STATS_POINTS_CAP - a ? STATS_POINTS_CAP : a + v;
}

/* The levels, then the personalities (a style each: src/ai/registry.c). */
static const char *const level_names[GIN_STATS_LEVELS] = {"easy",  "normal", "hard",    "expert",
                                                          "eager", "waiter", "hoarder", "blocker"};

const char *gin_stats_level_names(void) { return "easy, normal, hard, expert, eager, waiter, hoarder, blocker"; }

int gin_stats_level_index(const char *name)
{
    for (int i = 0; i < GIN_STATS_LEVELS; i++)
        if (name && !strcmp(name, level_names[i]))
            return i;
    return -1;
}

const char *gin_stats_level_name(int i) { return i >= 0 && i < GIN_STATS_LEVELS ? level_names[i] : "?"; }

const char *gin_stats_rules_name(int i)
{
    if (i < 0 || i >= GIN_STATS_RULES || (size_t)i >= gin_rules_preset_count())
        return "?";
    return gin_rules_preset_at((size_t)i)->name;
}

int gin_stats_rules_index(const char *name)
{
    for (int i = 0; i < GIN_STATS_RULES; i++)
        if (name && !strcmp(name, gin_stats_rules_name(i)))
            return i;
    return -1;
}

/* ---- Counting. */

static gin_recent_game recent_of(const gin_game_tally *t)
{
    int m = t->margin < 0 ? -t->margin : t->margin;
    if (m > STATS_CAP)
        m = STATS_CAP;
    if (t->resigned)
        return (gin_recent_game){GIN_OUTCOME_RESIGNED, t->margin < 0 ? m : 0};
    if (t->won)
        return (gin_recent_game){GIN_OUTCOME_WON, m};
    if (t->tie)
        return (gin_recent_game){GIN_OUTCOME_TIE, 0};
    return (gin_recent_game){GIN_OUTCOME_LOST, m};
}

static void add_row(gin_level_stats *l, const gin_game_tally *t)
{
    if (l->games >= STATS_CAP)
        return; /* full: every count of the row stays as it is, so they still agree */
    int won = t->won && !t->resigned;
    l->games++;
    l->hands = add_capped(l->hands, t->hands);
    l->hands_won = add_capped(l->hands_won, t->hands_won < t->hands ? t->hands_won : t->hands);
    l->gins = add_capped(l->gins, t->gins);
    l->undercuts = add_capped(l->undercuts, t->undercuts);
    l->knocks = add_capped(l->knocks, t->knocks);
    l->undercut_against = add_capped(l->undercut_against, t->undercut_against);
    l->points = add_points(l->points, t->points);
    l->points_against = add_points(l->points_against, t->points_against);
    l->resigned += !won && t->resigned;
    if (won) {
        l->wins++;
        l->streak++;
        if (l->streak > l->best_streak)
            l->best_streak = l->streak;
    } else {
        l->streak = 0;
    }
    if (l->n_recent == GIN_STATS_RECENT) {
        memmove(l->recent, l->recent + 1, sizeof l->recent[0] * (GIN_STATS_RECENT - 1));
        l->n_recent--;
    }
    l->recent[l->n_recent++] = recent_of(t);
}

void gin_stats_add(gin_stats *s, int level, const gin_game_tally *t)
{
    if (level < 0 || level >= GIN_STATS_LEVELS || t->rules < 0 || t->rules >= GIN_STATS_RULES)
        return;
    add_row(&s->level[level], t);
    add_row(&s->cell[level][t->rules], t);
}

/* ---- Format 2. */

/* The counts of a row in file order (between RULES and RECENT): ints,
 * but for the two points, which are longs. */
enum { ROW_FIELDS = 15 };
static const char *const field_names[ROW_FIELDS] = {
    "games",  "wins",           "resigned", "hands", "hands_won", "gins",     "knocks", "undercuts", "undercut_against",
    "points", "points_against", "streak",   "best",  "old_games", "old_hands"};

static void row_fields(gin_level_stats *l, int *ints[ROW_FIELDS], long *longs[ROW_FIELDS])
{
    int *i[ROW_FIELDS] = {&l->games,       &l->wins,      &l->resigned,         &l->hands, &l->hands_won, &l->gins,
                          &l->knocks,      &l->undercuts, &l->undercut_against, NULL,      NULL,          &l->streak,
                          &l->best_streak, &l->old_games, &l->old_hands};
    memcpy(ints, i, sizeof i);
    for (int f = 0; f < ROW_FIELDS; f++)
        longs[f] = NULL;
    longs[9] = &l->points;
    longs[10] = &l->points_against;
}

static int put(char *buf, size_t cap, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int put(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    if (*used >= cap)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, cap - *used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - *used)
        return -1;
    *used += (size_t)n;
    return 0;
}

static int format_row(const char *level, const char *rules, const gin_level_stats *l, char *buf, size_t cap,
                      size_t *used)
{
    gin_level_stats c = *l;
    int *ints[ROW_FIELDS];
    long *longs[ROW_FIELDS];
    row_fields(&c, ints, longs);
    if (put(buf, cap, used, "%s %s", level, rules) != 0)
        return -1;
    for (int f = 0; f < ROW_FIELDS; f++)
        if ((ints[f] ? put(buf, cap, used, " %d", *ints[f]) : put(buf, cap, used, " %ld", *longs[f])) != 0)
            return -1;
    if (put(buf, cap, used, " %s", l->n_recent ? "" : "-") != 0)
        return -1;
    for (int i = 0; i < l->n_recent; i++)
        if (put(buf, cap, used, "%s%c%d", i ? "," : "", l->recent[i].outcome, l->recent[i].margin) != 0)
            return -1;
    return put(buf, cap, used, "\n");
}

int gin_stats_format(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    if (put(buf, cap, &used,
            "gin-stats %d\n# level rules games wins resigned hands hands_won gins knocks undercuts undercut_against"
            " points points_against streak best old_games old_hands recent\n",
            STATS_VERSION) != 0)
        return -1;
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++) {
        if (s->level[lv].games && format_row(level_names[lv], "all", &s->level[lv], buf, cap, &used) != 0)
            return -1;
        for (int r = 0; r < GIN_STATS_RULES; r++)
            if (s->cell[lv][r].games &&
                format_row(level_names[lv], gin_stats_rules_name(r), &s->cell[lv][r], buf, cap, &used) != 0)
                return -1;
    }
    return (int)used;
}

/* The parse's answer is the line at fault, so the fault's line doubles
 * as the status. */
#define fault_line(fault, line, ...) gin_text_fault_at((fault), (line), (line), __VA_ARGS__)

/* "W45,L12,R0" (or "-") into l->recent. Returns 0 or -1. */
static int parse_recent(char *tok, gin_level_stats *l)
{
    l->n_recent = 0;
    if (!strcmp(tok, "-"))
        return 0;
    char *save = NULL;
    for (char *g = strtok_r(tok, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
        long long m;
        if (l->n_recent == GIN_STATS_RECENT || !strchr("WLTR", g[0]) || !g[0] ||
            gin_kept_number(g + 1, 0, STATS_CAP, &m) != 0)
            return -1;
        l->recent[l->n_recent++] = (gin_recent_game){g[0], (int)m};
    }
    return l->n_recent ? 0 : -1;
}

static const char k_counts_disagree[] =
    "the counts disagree (hands counted with no games, or more gins, undercuts or knocks than hands)";

/* Counts any row must keep, in either format: a row of no games counts
 * nothing (it is not written back, so what it held would be lost); gins
 * and undercuts are hands won, knocks at most one a hand. */
static int counts_agree(const gin_level_stats *l)
{
    if (l->games == 0 && (l->hands || l->hands_won || l->gins || l->undercuts || l->knocks || l->points ||
                          l->undercut_against || l->points_against))
        return 0;
    /* Each on its own, not their sum: counts stop at their cap, and a sum
     * could outgrow a capped hands_won. */
    return l->gins <= l->hands_won && l->undercuts <= l->hands_won && l->knocks <= l->hands &&
           l->undercut_against <= l->hands;
}

/* Whether a row's counts agree with each other; what is wrong in what[]. */
static int row_agrees(const gin_level_stats *l, char *what, size_t cap)
{
    if (!counts_agree(l)) {
        snprintf(what, cap, "%s", k_counts_disagree);
        return -1;
    }
    if (l->wins > l->games || l->resigned > l->games - l->wins || l->hands_won > l->hands ||
        l->streak > l->best_streak || l->best_streak > l->wins || l->old_games > l->games || l->old_hands > l->hands ||
        l->n_recent > l->games - l->old_games) {
        snprintf(what, cap,
                 "the counts disagree (more wins than games, streaks longer than the wins, or more "
                 "recent or old games than games)");
        return -1;
    }
    return 0;
}

/* One row ("hard standard 3 2 ..."): its level and preset (-1: all) into
 * *lv and *rules, the counts into *l. Returns 0, or -1 with what[]. */
static int parse_row(char *buf, int *lv, int *rules, gin_level_stats *l, char *what, size_t cap)
{
    memset(l, 0, sizeof *l);
    char *save = NULL, q[48];
    char *name = strtok_r(buf, " \t", &save);
    char *rname = name ? strtok_r(NULL, " \t", &save) : NULL;
    *lv = gin_stats_level_index(name);
    *rules = rname && !strcmp(rname, "all") ? -1 : gin_stats_rules_index(rname);
    if (*lv < 0 || (*rules < 0 && (!rname || strcmp(rname, "all") != 0))) {
        const char *bad = *lv < 0 ? name : rname;
        snprintf(what, cap, "unknown %s %s", *lv < 0 ? "level" : "rules",
                 bad ? gin_kept_quote(bad, strlen(bad), 16, q, sizeof q) : "(none)");
        return -1;
    }
    int *ints[ROW_FIELDS];
    long *longs[ROW_FIELDS];
    row_fields(l, ints, longs);
    for (int f = 0; f < ROW_FIELDS; f++) {
        char *tok = strtok_r(NULL, " \t", &save);
        long long v, hi = ints[f] ? STATS_CAP : STATS_POINTS_CAP;
        if (!tok || gin_kept_number(tok, 0, hi, &v) != 0) {
            snprintf(what, cap, tok ? "%s is not a count from 0 to %lld" : "%s is missing", field_names[f], hi);
            return -1;
        }
        if (ints[f])
            *ints[f] = (int)v;
        else
            *longs[f] = (long)v;
    }
    char *tok = strtok_r(NULL, " \t", &save);
    if (!tok || parse_recent(tok, l) != 0) {
        snprintf(what, cap, tok ? "the recent games are not a list like W45,L12,R0 of at most %d" : "recent is missing",
                 GIN_STATS_RECENT);
        return -1;
    }
    if (strtok_r(NULL, " \t", &save)) {
        snprintf(what, cap, "more than eighteen fields");
        return -1;
    }
    return row_agrees(l, what, cap);
}

/* The version line. Returns 0 (format 2), GIN_KEPT_NEWER, or a line > 0. */
static int parse_version(const char *buf, gin_text_fault *fault)
{
    long long v = 0;
    if (strncmp(buf, "gin-stats ", 10) != 0 || gin_kept_number(buf + 10, 1, 1000000, &v) != 0)
        return fault_line(fault, 1, "expected the version line 'gin-stats %d'", STATS_VERSION);
    if (v > STATS_VERSION) {
        fault_line(fault, 1, "format %lld", v);
        return GIN_KEPT_NEWER;
    }
    if (v != STATS_VERSION)
        return fault_line(fault, 1, "format %lld is not format %d", v, STATS_VERSION);
    return 0;
}

int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault)
{
    memset(s, 0, sizeof *s);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return line;
    unsigned seen[GIN_STATS_LEVELS] = {0};
    const char *p = text, *end = text + len;
    char buf[512];
    int got, rc = 0;
    while (rc == 0 && (got = gin_kept_line(&p, end, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0)
            rc = fault_line(fault, line, "line too long");
        else if (line == 1)
            rc = parse_version(buf, fault);
        else if (buf[0] && buf[0] != '#') {
            gin_level_stats l;
            int lv, r;
            char what[160];
            if (parse_row(buf, &lv, &r, &l, what, sizeof what) != 0)
                rc = fault_line(fault, line, "%s", what);
            else if (seen[lv] & (1u << (r + 1)))
                rc = fault_line(fault, line, "%s %s appears twice", level_names[lv],
                                r < 0 ? "all" : gin_stats_rules_name(r));
            else {
                seen[lv] |= 1u << (r + 1);
                *(r < 0 ? &s->level[lv] : &s->cell[lv][r]) = l;
            }
        }
    }
    if (rc == 0 && line == 0)
        rc = fault_line(fault, 1, "empty: expected the version line 'gin-stats %d'", STATS_VERSION);
    if (rc != 0)
        memset(s, 0, sizeof *s);
    return rc;
}

/* ---- Format 1, yesterday's file. */

/* One level's line ("normal 3 2 ..."): its index into *lv, the counts
 * into *l as format 2 keeps them. Returns 0, or -1 with what[]. */
static int parse_v1_line(char *buf, int *lv, gin_level_stats *l, char *what, size_t what_cap)
{
    memset(l, 0, sizeof *l);
    long points = 0;
    int *field[] = {&l->games,     &l->wins,   &l->hands, &l->hands_won, &l->gins,
                    &l->undercuts, &l->knocks, NULL,      &l->streak,    &l->best_streak};
    char *save = NULL;
    char *name = strtok_r(buf, " \t", &save);
    *lv = gin_stats_level_index(name);
    if (*lv < 0) {
        char q[48];
        snprintf(what, what_cap, "unknown level %s",
                 name ? gin_kept_quote(name, strlen(name), 16, q, sizeof q) : "(none)");
        return -1;
    }
    for (size_t f = 0; f < sizeof field / sizeof field[0]; f++) {
        char *tok = strtok_r(NULL, " \t", &save);
        long long v;
        if (!tok || gin_kept_number(tok, 0, field[f] ? STATS_CAP : STATS_POINTS_CAP, &v) != 0) {
            snprintf(what, what_cap, tok ? "field %zu is not a count from 0 to %lld" : "field %zu is missing", f + 2,
                     field[f] ? (long long)STATS_CAP : (long long)STATS_POINTS_CAP);
            return -1;
        }
        if (field[f])
            *field[f] = (int)v;
        else
            points = (long)v;
    }
    (void)points; /* game totals with bonuses (Hollywood's three games in): not hand points */
    if (strtok_r(NULL, " \t", &save)) {
        snprintf(what, what_cap, "more than eleven fields");
        return -1;
    }
    if (l->wins > l->games || l->hands_won > l->hands || l->best_streak < l->streak || l->best_streak > l->wins) {
        snprintf(what, what_cap, "the counts disagree (more wins than games, or streaks longer than the wins)");
        return -1;
    }
    /* Format 1 counted a gin as a knock as well: knocks apart from gins. */
    l->knocks = l->knocks > l->gins ? l->knocks - l->gins : 0;
    l->old_games = l->games;
    l->old_hands = l->hands;
    if (!counts_agree(l)) {
        snprintf(what, what_cap, "%s", k_counts_disagree);
        return -1;
    }
    return 0;
}

int gin_stats_convert_v1(gin_stats *s, const char *text, size_t len, gin_text_fault *fault)
{
    memset(s, 0, sizeof *s);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return line;
    int seen = 0, got;
    const char *p = text, *end = text + len;
    char buf[256];
    while ((got = gin_kept_line(&p, end, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0) {
            memset(s, 0, sizeof *s);
            return fault_line(fault, line, "line too long");
        }
        if (!buf[0] || buf[0] == '#')
            continue;
        gin_level_stats l;
        int i;
        char what[160];
        int bad = parse_v1_line(buf, &i, &l, what, sizeof what) != 0;
        if (!bad && (seen & (1 << i))) {
            snprintf(what, sizeof what, "level %s appears twice", gin_stats_level_name(i));
            bad = 1;
        }
        if (bad) {
            memset(s, 0, sizeof *s);
            return fault_line(fault, line, "%s", what);
        }
        seen |= 1 << i;
        s->level[i] = l;
    }
    s->converted = 1;
    return 0;
}

/* ---- The file. */

static int parse_stats(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_parse(s, text, len, fault);
}

static int parse_stats_v1(void *s, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_stats_convert_v1(s, text, len, fault);
}

int gin_stats_load(gin_kept *k, gin_stats *s)
{
    int st = gin_kept_load(k, GIN_DIR_STATE, STATS_NAME, "the statistics file", STATS_FILE_MAX, parse_stats, s);
    if (st == GIN_KEPT_ABSENT) {
        /* None yet: yesterday's file, if there is one, converted. */
        gin_kept old;
        int o =
            gin_kept_load(&old, GIN_DIR_STATE, STATS_V1_NAME, "the statistics file", STATS_FILE_MAX, parse_stats_v1, s);
        if (o == GIN_KEPT_LOADED)
            return k->state; /* ABSENT at stats-v2, *s converted */
        if (o == GIN_KEPT_DAMAGED || o == GIN_KEPT_LEFT)
            *k = old; /* for the caller to move aside or report, as before */
    }
    if (k->state != GIN_KEPT_LOADED)
        memset(s, 0, sizeof *s);
    return k->state;
}

int gin_stats_record(gin_kept *k, const gin_lock *lk, int level, const gin_game_tally *t, gin_stats *now, char *why,
                     size_t why_cap)
{
    why[0] = '\0';
    if (level < 0 || level >= GIN_STATS_LEVELS || !t || t->rules < 0 || t->rules >= GIN_STATS_RULES) {
        snprintf(why, why_cap, "game not counted: no such level or rules");
        return -1;
    }
    if (!gin_kept_writable(k)) {
        snprintf(why, why_cap, "game not counted: %s", k->why[0] ? k->why : "the statistics were never loaded");
        return -1;
    }
    if (!gin_lock_covers(lk, k->path)) {
        snprintf(why, why_cap, "game not counted: the statistics file %s is written only under the table lock",
                 k->path);
        return -1;
    }
    /* Read again: the file as it is now, not as it was at start. */
    gin_stats s;
    if (gin_stats_load(k, &s) != GIN_KEPT_LOADED && k->state != GIN_KEPT_ABSENT) {
        snprintf(why, why_cap, "game not counted: %s", k->why);
        return -1;
    }
    gin_stats_add(&s, level, t);
    s.converted = 0;
    char buf[16384]; /* twenty rows of the largest counts fit in half of it */
    int n = gin_stats_format(&s, buf, sizeof buf);
    if (n < 0) {
        snprintf(why, why_cap, "game not counted: the statistics do not fit");
        return -1;
    }
    if (gin_kept_write(k, buf, (size_t)n, why, why_cap) != 0)
        return -1;
    if (now)
        *now = s;
    return 0;
}

/* ---- The reset. */

static int accept_any(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    (void)ctx, (void)text, (void)len, (void)fault;
    return 0; /* what is in it does not matter: it is moved aside whole */
}

int gin_stats_reset(const gin_lock *lk, char *moved, size_t moved_cap, char *why, size_t why_cap)
{
    static gin_kept k[2];
    const char *names[2] = {STATS_NAME, STATS_V1_NAME};
    why[0] = '\0';
    if (moved && moved_cap)
        moved[0] = '\0';
    /* Judge both first: nothing moves unless both can be. */
    for (int i = 0; i < 2; i++) {
        int st =
            gin_kept_load(&k[i], GIN_DIR_STATE, names[i], "the statistics file", (size_t)1 << 30, accept_any, NULL);
        if (st == GIN_KEPT_NO_DIR || st == GIN_KEPT_LEFT) {
            snprintf(why, why_cap, "%s", k[i].why);
            return -1;
        }
        if (st != GIN_KEPT_ABSENT && !gin_lock_covers(lk, k[i].path)) {
            snprintf(why, why_cap, "the statistics file %s is reset only under the table lock", k[i].path);
            return -1;
        }
    }
    char suffix[48];
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm) || strftime(suffix, sizeof suffix, "reset-%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(suffix, sizeof suffix, "reset");
    int n = 0;
    size_t used = 0;
    for (int i = 0; i < 2; i++) {
        if (k[i].state == GIN_KEPT_ABSENT)
            continue;
        if (gin_kept_set_aside(&k[i], suffix) != 0) {
            snprintf(why, why_cap, "cannot move %s aside: %s", k[i].path, strerror(errno));
            return -1;
        }
        n++;
        if (moved)
            (void)put(moved, moved_cap, &used, "%s -> %s\n", k[i].path, k[i].moved);
    }
    return n;
}

/* ---- For people. */

/* The table's columns: 76 wide. */
#define TABLE_ROW "%-7s %-8s %5d %4d %4s %3d %4s %5d %7s %11s %7s\n"
#define TABLE_HEAD "%-7s %-8s %5s %4s %4s %3s %4s %5s %7s %11s %7s\n"

/* "58%" of a share, or "-" without a whole. */
static void share(char *buf, size_t cap, long part, long whole)
{
    if (whole > 0)
        snprintf(buf, cap, "%ld%%", (100 * part + whole / 2) / whole);
    else
        snprintf(buf, cap, "-");
}

static int table_row(const char *level, const char *rules, const gin_level_stats *l, char *buf, size_t cap,
                     size_t *used)
{
    char win[16], gin[16], under[32], pts[48], streak[32];
    share(win, sizeof win, l->wins, l->games);
    share(gin, sizeof gin, l->gins, l->hands_won);
    snprintf(under, sizeof under, "%d/%d%s", l->undercuts, l->undercut_against, l->old_games ? "*" : "");
    int hands = l->hands - l->old_hands;
    if (hands > 0)
        snprintf(pts, sizeof pts, "%.1f/%.1f%s", (double)l->points / hands, (double)l->points_against / hands,
                 l->old_games ? "*" : "");
    else
        snprintf(pts, sizeof pts, "-");
    snprintf(streak, sizeof streak, "%d/%d", l->streak, l->best_streak);
    return put(buf, cap, used, TABLE_ROW, level, rules, l->games, l->wins, win, l->resigned, gin, l->knocks, under, pts,
               streak);
}

/* A level's rows: each preset with games, then all rules when that says
 * more (several presets, or games from format 1). */
static int level_rows(const gin_stats *s, int lv, char *buf, size_t cap, size_t *used)
{
    int cells = 0, last = -1;
    for (int r = 0; r < GIN_STATS_RULES; r++)
        if (s->cell[lv][r].games) {
            cells++, last = r;
            if (table_row(level_names[lv], gin_stats_rules_name(r), &s->cell[lv][r], buf, cap, used) != 0)
                return -1;
        }
    const gin_level_stats *all = &s->level[lv];
    if (all->games && (cells != 1 || all->games != s->cell[lv][last].games))
        return table_row(level_names[lv], "all", all, buf, cap, used);
    return 0;
}

int gin_stats_rows(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int any = 0;
    if (cap)
        buf[0] = '\0';
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
        any |= s->level[lv].games > 0;
    if (!any)
        return put(buf, cap, &used, "No games counted yet.\n") == 0 ? (int)used : -1;
    if (put(buf, cap, &used, TABLE_HEAD, "level", "rules", "games", "won", "win%", "res", "gin%", "knock", "under",
            "pts/hand", "streak") != 0)
        return -1;
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
        if (level_rows(s, lv, buf, cap, &used) != 0)
            return -1;
    return (int)used;
}

int gin_stats_notes(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int any = 0, old = 0;
    if (cap)
        buf[0] = '\0';
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++) {
        any |= s->level[lv].games > 0;
        old += s->level[lv].old_games;
    }
    if (any && put(buf, cap, &used,
                   "win%%: games won of games played. res: games you resigned or abandoned\n"
                   "(did not resume), counted as lost. gin%%: gins of the hands you won.\n"
                   "knock: your knocks that were not gin (won or undercut). under:\n"
                   "undercuts you made / suffered. pts/hand: hand points per hand played,\n"
                   "yours / the bot's (game bonuses not in, so Hollywood and the target do\n"
                   "not inflate it). streak: games won in a row, now / longest.\n") != 0)
        return -1;
    if (old && put(buf, cap, &used,
                   "* %d game%s counted before statistics format 2 did not keep the\n"
                   "undercuts against you or the hand points: those counts and pts/hand\n"
                   "are of the games since.\n",
                   old, old == 1 ? "" : "s") != 0)
        return -1;
    if (put(buf, cap, &used,
            "Rules that differ from a preset count as the nearest one (standard,\n"
            "target 150: standard). Not counted: practice games, external bots,\n"
            "tables of three or four.\n") != 0)
        return -1;
    return (int)used;
}

int gin_stats_table(const gin_stats *s, char *buf, size_t cap)
{
    int n = gin_stats_rows(s, buf, cap);
    if (n < 0 || (size_t)n + 1 >= cap)
        return -1;
    buf[n++] = '\n';
    int m = gin_stats_notes(s, buf + n, cap - (size_t)n);
    return m < 0 ? -1 : n + m;
}

/* One line of bars: the games of row l whose outcome is in `which`. */
static int bar_line(const gin_level_stats *l, const char *which, int utf8, int top, char *buf, size_t cap, size_t *used)
{
    static const char *const blocks[8] = {"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
                                          "\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"};
    static const char ascii[] = ".:-=+*#@";
    for (int i = 0; i < l->n_recent; i++) {
        const gin_recent_game *g = &l->recent[i];
        int h = top > 0 ? (int)((7L * g->margin + top - 1) / top) : 0; /* 0..7 */
        int rc;
        if (g->outcome == GIN_OUTCOME_TIE && strchr(which, 'W'))
            rc = put(buf, cap, used, "%s", utf8 ? "\xc2\xb7" : "o");
        else if (!strchr(which, g->outcome))
            rc = put(buf, cap, used, " ");
        else if (utf8)
            rc = put(buf, cap, used, "%s", blocks[h > 7 ? 7 : h]);
        else
            rc = put(buf, cap, used, "%c", ascii[h > 7 ? 7 : h]);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int margin_rows(const char *level, const char *rules, const gin_level_stats *l, int utf8, char *buf, size_t cap,
                       size_t *used)
{
    int top = 0, won = 0, lost = 0;
    for (int i = 0; i < l->n_recent; i++) {
        top = l->recent[i].margin > top ? l->recent[i].margin : top;
        won += l->recent[i].outcome == GIN_OUTCOME_WON;
        lost += l->recent[i].outcome == GIN_OUTCOME_LOST || l->recent[i].outcome == GIN_OUTCOME_RESIGNED;
    }
    char label[32];
    snprintf(label, sizeof label, "%s %s", level, rules);
    if (put(buf, cap, used, "%-16s won  ", label) != 0 || bar_line(l, "W", utf8, top, buf, cap, used) != 0 ||
        put(buf, cap, used, "%*s %d won, largest margin %d\n", GIN_STATS_RECENT - l->n_recent, "", won, top) != 0 ||
        put(buf, cap, used, "%-16s lost ", "") != 0 || bar_line(l, "LR", utf8, top, buf, cap, used) != 0 ||
        put(buf, cap, used, "%*s %d lost\n", GIN_STATS_RECENT - l->n_recent, "", lost) != 0)
        return -1;
    return 0;
}

int gin_stats_margins(const gin_stats *s, int utf8, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap)
        buf[0] = '\0';
    int any = 0;
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
        for (int r = 0; r < GIN_STATS_RULES; r++)
            any |= s->cell[lv][r].n_recent > 0;
    if (!any)
        return 0;
    if (put(buf, cap, &used,
            "The last %d games, oldest first: a column a game, as tall as the points\n"
            "it was won or lost by (game totals; a resigned game: the bot's lead). %s tie\n",
            GIN_STATS_RECENT, utf8 ? "\xc2\xb7" : "o") != 0)
        return -1;
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
        for (int r = 0; r < GIN_STATS_RULES; r++)
            if (s->cell[lv][r].n_recent &&
                margin_rows(level_names[lv], gin_stats_rules_name(r), &s->cell[lv][r], utf8, buf, cap, &used) != 0)
                return -1;
    return (int)used;
}
