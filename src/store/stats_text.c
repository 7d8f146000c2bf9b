/* The statistics' text: format 3 written and read, formats 2 and 1 read
 * and converted (stats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats_private.h"

enum { STATS_VERSION = 3 };

/* The counts of a row in file order (between RULES and RECENT): ints,
 * but for the two points, which are 64-bit. */
enum { ROW_FIELDS = 15 };
static const char *const field_names[ROW_FIELDS] = {
    "games",  "wins",           "resigned", "hands", "hands_won", "gins",     "knocks", "undercuts", "undercut_against",
    "points", "points_against", "streak",   "best",  "old_games", "old_hands"};

static void row_fields(gin_level_stats *l, int *ints[ROW_FIELDS], long long *wide[ROW_FIELDS])
{
    int *i[ROW_FIELDS] = {&l->games,       &l->wins,      &l->resigned,         &l->hands, &l->hands_won, &l->gins,
                          &l->knocks,      &l->undercuts, &l->undercut_against, NULL,      NULL,          &l->streak,
                          &l->best_streak, &l->old_games, &l->old_hands};
    memcpy(ints, i, sizeof i);
    for (int f = 0; f < ROW_FIELDS; f++)
        wide[f] = NULL;
    wide[9] = &l->points;
    wide[10] = &l->points_against;
}

static int format_row(const gin_stats_row *r, char *buf, size_t cap, size_t *used)
{
    gin_level_stats c = r->n;
    int *ints[ROW_FIELDS];
    long long *wide[ROW_FIELDS];
    row_fields(&c, ints, wide);
    if (gin_stats_put(buf, cap, used, "row %s %s", r->level, r->rules) != 0)
        return -1;
    for (int f = 0; f < ROW_FIELDS; f++)
        if ((ints[f] ? gin_stats_put(buf, cap, used, " %d", *ints[f])
                     : gin_stats_put(buf, cap, used, " %lld", *wide[f])) != 0)
            return -1;
    if (gin_stats_put(buf, cap, used, " %s", c.n_recent ? "" : "-") != 0)
        return -1;
    for (int i = 0; i < c.n_recent; i++)
        if (gin_stats_put(buf, cap, used, "%s%c%d", i ? "," : "", c.recent[i].outcome, c.recent[i].margin) != 0)
            return -1;
    return gin_stats_put(buf, cap, used, "\n");
}

int gin_stats_format(const gin_stats *s, char *buf, size_t cap)
{
    size_t used = 0;
    int rows = 0;
    if (gin_stats_put(buf, cap, &used,
                      "gin-stats %d\n# row level rules games wins resigned hands hands_won gins knocks undercuts"
                      " undercut_against points points_against streak best old_games old_hands recent\n"
                      "# games: the last games counted; end: how many rows (the file ends there)\n",
                      STATS_VERSION) != 0)
        return -1;
    for (int i = 0; i < s->n_rows; i++)
        if (s->row[i].n.games) {
            if (format_row(&s->row[i], buf, cap, &used) != 0)
                return -1;
            rows++;
        }
    if (s->n_games && gin_stats_put(buf, cap, &used, "games") != 0)
        return -1;
    for (int i = 0; i < s->n_games; i++)
        if (gin_stats_put(buf, cap, &used, " %s", s->game[i]) != 0 ||
            (i + 1 == s->n_games && gin_stats_put(buf, cap, &used, "\n") != 0))
            return -1;
    if (gin_stats_put(buf, cap, &used, "end %d\n", rows) != 0)
        return -1;
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

/* Counts any row must keep, in every format: a row of no games counts
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

/* A name field: 0 with it in *out, or -1 with what[]. */
static int name_field(char *tok, const char *kind, char **out, char *what, size_t cap)
{
    char q[48];
    if (!tok || !gin_kept_name_ok(tok)) {
        snprintf(what, cap, "%s %s is not a name (up to 15 of a-z, 0-9, - and _)", kind,
                 tok ? gin_kept_quote(tok, strlen(tok), 16, q, sizeof q) : "(none)");
        return -1;
    }
    *out = tok;
    return 0;
}

/* The counts and recent games of a row after its names, into *l. Returns
 * 0, or -1 with what[]. */
static int parse_counts(char **save, gin_level_stats *l, char *what, size_t cap)
{
    int *ints[ROW_FIELDS];
    long long *wide[ROW_FIELDS];
    row_fields(l, ints, wide);
    for (int f = 0; f < ROW_FIELDS; f++) {
        char *tok = strtok_r(NULL, " \t", save);
        long long v, hi = ints[f] ? STATS_CAP : STATS_POINTS_CAP;
        if (!tok || gin_kept_number(tok, 0, hi, &v) != 0) {
            snprintf(what, cap, tok ? "%s is not a count from 0 to %lld" : "%s is missing", field_names[f], hi);
            return -1;
        }
        if (ints[f])
            *ints[f] = (int)v;
        else
            *wide[f] = v;
    }
    char *tok = strtok_r(NULL, " \t", save);
    if (!tok || parse_recent(tok, l) != 0) {
        snprintf(what, cap, tok ? "the recent games are not a list like W45,L12,R0 of at most %d" : "recent is missing",
                 GIN_STATS_RECENT);
        return -1;
    }
    if (strtok_r(NULL, " \t", save)) {
        snprintf(what, cap, "more than eighteen fields");
        return -1;
    }
    return row_agrees(l, what, cap);
}

/* One row after its keyword ("hard standard 3 2 ..."), into its place in
 * *s. Returns 0, or -1 with what[]. */
static int parse_row(char *buf, gin_stats *s, char *what, size_t cap)
{
    char *save = NULL, *level = NULL, *rules = NULL;
    if (name_field(strtok_r(buf, " \t", &save), "the bot", &level, what, cap) != 0 ||
        name_field(strtok_r(NULL, " \t", &save), "the rules", &rules, what, cap) != 0)
        return -1;
    gin_level_stats l;
    memset(&l, 0, sizeof l);
    if (parse_counts(&save, &l, what, cap) != 0)
        return -1;
    if (gin_stats_row_of(s, level, rules, 0)) {
        snprintf(what, cap, "%s %s appears twice", level, rules);
        return -1;
    }
    gin_stats_row *r = gin_stats_row_of(s, level, rules, 1);
    if (!r) {
        snprintf(what, cap, "more than %d rows", GIN_STATS_ROWS);
        return -1;
    }
    r->n = l;
    return 0;
}

/* "games ID ID ...": the last games counted. Returns 0, or -1 with what[]. */
static int parse_games(char *list, gin_stats *s, char *what, size_t cap)
{
    char *save = NULL;
    for (char *id = strtok_r(list, " \t", &save); id; id = strtok_r(NULL, " \t", &save)) {
        if (!gin_kept_game_ok(id)) {
            snprintf(what, cap, "a game's identity is 16 hex digits");
            return -1;
        }
        if (s->n_games == GIN_STATS_GAMES || gin_stats_has_game(s, id)) {
            snprintf(what, cap, "more than %d games, or one twice", GIN_STATS_GAMES);
            return -1;
        }
        snprintf(s->game[s->n_games++], sizeof s->game[0], "%s", id);
    }
    return 0;
}

/* The version line. Returns 0 (format `want`), GIN_KEPT_NEWER, or a line > 0. */
static int parse_version(const char *buf, int want, gin_text_fault *fault)
{
    long long v = 0;
    if (strncmp(buf, "gin-stats ", 10) != 0 || gin_kept_number(buf + 10, 1, 1000000, &v) != 0)
        return fault_line(fault, 1, "expected the version line 'gin-stats %d'", want);
    if (v > want) {
        fault_line(fault, 1, "format %lld", v);
        return GIN_KEPT_NEWER;
    }
    if (v != want)
        return fault_line(fault, 1, "format %lld is not format %d", v, want);
    return 0;
}

/* Where a format-3 text is: before `end`, after it. */
typedef struct text_state {
    int version; /* 2 or 3 */
    int ended;   /* format 3: the end line was read */
    int games;   /* format 3: the games line was read */
} text_state;

/* One line after the version line (not blank, not a comment). Returns 0,
 * or -1 with what[]. */
static int parse_line(char *buf, gin_stats *s, text_state *t, char *what, size_t cap)
{
    if (t->version == 2)
        return parse_row(buf, s, what, cap);
    if (t->ended) {
        snprintf(what, cap, "a line after the end");
        return -1;
    }
    if (!strncmp(buf, "row ", 4))
        return t->games ? (snprintf(what, cap, "a row after the games"), -1) : parse_row(buf + 4, s, what, cap);
    if (!strncmp(buf, "games ", 6) && !t->games) {
        t->games = 1;
        return parse_games(buf + 6, s, what, cap);
    }
    long long n;
    if (!strncmp(buf, "end ", 4) && gin_kept_number(buf + 4, 0, GIN_STATS_ROWS, &n) == 0) {
        t->ended = 1;
        if (n == s->n_rows)
            return 0;
        snprintf(what, cap, "the end says %lld rows, the file has %d", n, s->n_rows);
        return -1;
    }
    snprintf(what, cap, "expected 'row ...', 'games ...' or 'end N'");
    return -1;
}

/* Format 2 or 3 into *s. */
static int parse_text(gin_stats *s, int version, const char *text, size_t len, gin_text_fault *fault)
{
    memset(s, 0, sizeof *s);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return line;
    text_state t = {version, 0, 0};
    const char *p = text, *end = text + len;
    char buf[512], what[160];
    int got, rc = 0;
    while (rc == 0 && (got = gin_kept_line(&p, end, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0)
            rc = fault_line(fault, line, "line too long");
        else if (line == 1)
            rc = parse_version(buf, version, fault);
        else if (buf[0] && (buf[0] != '#' || t.ended) && parse_line(buf, s, &t, what, sizeof what) != 0)
            rc = fault_line(fault, line, "%s", what);
    }
    if (rc == 0 && line == 0)
        rc = fault_line(fault, 1, "empty: expected the version line 'gin-stats %d'", version);
    else if (rc == 0 && version >= 3 && !t.ended)
        rc = fault_line(fault, line + 1, "the file ends before its 'end' line (cut short?)");
    if (rc != 0)
        memset(s, 0, sizeof *s);
    return rc;
}

int gin_stats_parse(gin_stats *s, const char *text, size_t len, gin_text_fault *fault)
{
    return parse_text(s, STATS_VERSION, text, len, fault);
}

int gin_stats_convert_v2(gin_stats *s, const char *text, size_t len, gin_text_fault *fault)
{
    int rc = parse_text(s, 2, text, len, fault);
    if (rc == 0)
        s->converted = 2;
    return rc;
}

/* ---- Format 1. */

/* One level's line ("normal 3 2 ..."): its name into *name, the counts
 * into *l as format 3 keeps them. Returns 0, or -1 with what[]. */
static int parse_v1_line(char *buf, char **name, gin_level_stats *l, char *what, size_t what_cap)
{
    memset(l, 0, sizeof *l);
    int *field[] = {&l->games,     &l->wins,   &l->hands, &l->hands_won, &l->gins,
                    &l->undercuts, &l->knocks, NULL,      &l->streak,    &l->best_streak};
    char *save = NULL;
    if (name_field(strtok_r(buf, " \t", &save), "the level", name, what, what_cap) != 0)
        return -1;
    for (size_t f = 0; f < sizeof field / sizeof field[0]; f++) {
        char *tok = strtok_r(NULL, " \t", &save);
        long long v;
        if (!tok || gin_kept_number(tok, 0, field[f] ? STATS_CAP : STATS_POINTS_CAP, &v) != 0) {
            snprintf(what, what_cap, tok ? "field %zu is not a count from 0 to %lld" : "field %zu is missing", f + 2,
                     field[f] ? (long long)STATS_CAP : STATS_POINTS_CAP);
            return -1;
        }
        if (field[f]) /* the points (game totals with bonuses) are not hand points: not taken */
            *field[f] = (int)v;
    }
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
    int got;
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
        char *name = NULL, what[160];
        gin_stats_row *r = NULL;
        if (parse_v1_line(buf, &name, &l, what, sizeof what) == 0) {
            if (gin_stats_row_of(s, name, "all", 0))
                snprintf(what, sizeof what, "level %s appears twice", name);
            else if (!(r = gin_stats_row_of(s, name, "all", 1)))
                snprintf(what, sizeof what, "more than %d levels", GIN_STATS_ROWS);
        }
        if (!r) {
            memset(s, 0, sizeof *s);
            return fault_line(fault, line, "%s", what);
        }
        r->n = l;
    }
    s->converted = 1;
    return 0;
}
