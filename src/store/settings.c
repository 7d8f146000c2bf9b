/* The player's settings: a small key = value file in the config dir. */
#include "settings.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "stats.h"

void gin_settings_default(gin_settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->level, sizeof s->level, "normal");
    snprintf(s->rules, sizeof s->rules, "standard");
    s->hollywood = -1;
    s->players = 2;
    s->speed = GIN_SPEED_NORMAL;
    s->mouse = 1;
    s->coach_threshold = 5;
}

static const char *const speed_names[GIN_SPEEDS] = {"slow", "normal", "fast", "instant"};

const char *gin_settings_speed_name(int speed) { return speed >= 0 && speed < GIN_SPEEDS ? speed_names[speed] : "?"; }

int gin_settings_speed_index(const char *name)
{
    for (int i = 0; i < GIN_SPEEDS; i++)
        if (name && !strcmp(name, speed_names[i]))
            return i;
    return -1;
}

/* ---- Notes: the lines that were ignored, each "NAME:LINE: ...". */

typedef struct notes {
    char *buf;
    size_t cap, used;
    int dropped; /* lines that did not fit */
    const char *name;
} notes;

static void note(notes *n, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(notes *n, int line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!n->buf || !n->cap)
        return;
    /* keep room for the "and N more" line */
    size_t room = n->cap - n->used;
    int k = snprintf(n->buf + n->used, room, "%s%s:%d: %s", n->used ? "\n" : "", n->name, line, msg);
    if (k < 0 || (size_t)k >= room || n->dropped || room - (size_t)k < 64) {
        n->buf[n->used] = '\0';
        n->dropped++;
        return;
    }
    n->used += (size_t)k;
}

static void notes_end(notes *n)
{
    if (n->buf && n->cap && n->dropped)
        snprintf(n->buf + n->used, n->cap - n->used, "%s(and %d more lines like these)", n->used ? "\n" : "",
                 n->dropped);
}

/* ---- Keys. */

enum key_kind { KEY_LEVEL, KEY_RULES, KEY_TARGET, KEY_INT, KEY_SPEED, KEY_FAST };

/* What a parse remembers across lines: whether a speed line was seen, and
 * an older file's `fast` (-1: none), which applies only without one. */
typedef struct parse_state {
    int speed_seen;
    int fast;
    gin_kept_level_fn level_known; /* the caller's judge of a bot's name, or NULL */
} parse_state;

typedef struct key_def {
    const char *key;
    int kind;
    size_t off; /* of the int field (KEY_TARGET, KEY_INT) */
    int lo, hi; /* KEY_INT */
} key_def;

static const key_def keys[] = {
    {"level", KEY_LEVEL, 0, 0, 0},
    {"rules", KEY_RULES, 0, 0, 0},
    {"target", KEY_TARGET, offsetof(gin_settings, target), 0, 0},
    {"hollywood", KEY_INT, offsetof(gin_settings, hollywood), -1, 1},
    {"four-color", KEY_INT, offsetof(gin_settings, four_color), 0, 1},
    {"no-color", KEY_INT, offsetof(gin_settings, no_color), 0, 1},
    {"open", KEY_INT, offsetof(gin_settings, open), 0, 1},
    {"sort", KEY_INT, offsetof(gin_settings, sort), 0, 2},
    {"speed", KEY_SPEED, offsetof(gin_settings, speed), 0, 0},
    {"fast", KEY_FAST, 0, 0, 1},
    {"players", KEY_INT, offsetof(gin_settings, players), 2, GIN_MAX_SEATS},
    {"mouse", KEY_INT, offsetof(gin_settings, mouse), 0, 1},
    {"coach", KEY_INT, offsetof(gin_settings, coach), 0, GIN_COACH_MODES - 1},
    {"coach-threshold", KEY_INT, offsetof(gin_settings, coach_threshold), 1, 50},
    {"nudge", KEY_INT, offsetof(gin_settings, nudge), 0, 1},
};

static int *field(gin_settings *s, const key_def *d) { return (int *)(void *)((char *)s + d->off); }
static int field_of(const gin_settings *s, const key_def *d)
{
    return *(const int *)(const void *)((const char *)s + d->off);
}

/* The value of key d in s, as the file writes it. */
static const char *value_text(const gin_settings *s, const key_def *d, char *buf, size_t cap)
{
    if (d->kind == KEY_LEVEL || d->kind == KEY_RULES)
        snprintf(buf, cap, "%s", d->kind == KEY_LEVEL ? s->level : s->rules);
    else if (d->kind == KEY_SPEED || d->kind == KEY_FAST)
        snprintf(buf, cap, "%s", gin_settings_speed_name(s->speed));
    else
        snprintf(buf, cap, "%d", field_of(s, d));
    return buf;
}

/* What stands after a bad line: "the default (standard)", or the value an
 * earlier line gave ("'classic' from an earlier line"). */
static const char *stands(const gin_settings *s, const key_def *d, char *buf, size_t cap)
{
    gin_settings def;
    gin_settings_default(&def);
    char v[32], dv[32];
    value_text(s, d, v, sizeof v);
    value_text(&def, d, dv, sizeof dv);
    if (!strcmp(v, dv))
        snprintf(buf, cap, "the default (%s)", d->kind == KEY_TARGET && !strcmp(v, "0") ? "the preset's" : v);
    else
        snprintf(buf, cap, "%s from an earlier line", v);
    return buf;
}

/* A bot's name as the store keeps one: lower-case letters and digits,
 * one word that fits gin_settings.level. */
static int plain_name(const char *v)
{
    size_t n = strlen(v);
    if (n == 0 || n >= GIN_SETTINGS_LEVEL)
        return 0;
    for (; *v; v++)
        if (!((*v >= 'a' && *v <= 'z') || (*v >= '0' && *v <= '9')))
            return 0;
    return 1;
}

/* Take one value. Returns 0, or -1 with what is wrong in what[]. */
static int take(gin_settings *s, parse_state *ps, const key_def *d, const char *v, char *what, size_t what_cap)
{
    char q[80];
    gin_kept_quote(v, strlen(v), 24, q, sizeof q);
    long long x;
    gin_rules r;
    const char *rwhy = NULL;
    switch (d->kind) {
    case KEY_LEVEL:
        if (!plain_name(v) || (ps->level_known && !ps->level_known(v))) {
            snprintf(what, what_cap, "unknown level %s", q);
            return -1;
        }
        snprintf(s->level, sizeof s->level, "%s", v);
        return 0;
    case KEY_RULES:
        if (gin_rules_preset(v, &r) != GIN_OK) {
            snprintf(what, what_cap, "unknown rules %s (%s)", q, gin_rules_preset_names());
            return -1;
        }
        snprintf(s->rules, sizeof s->rules, "%s", r.name); /* as the core spells it */
        return 0;
    case KEY_TARGET:
        /* 0 is the file's word for "the preset's"; any other value is the
         * core's to judge, as --target is. */
        if (gin_rules_preset("standard", &r) != GIN_OK || gin_kept_number(v, 0, 0x7fffffff, &x) != 0 ||
            (x != 0 && gin_rules_set(&r, "target", v, &rwhy) != GIN_OK)) {
            snprintf(what, what_cap, "bad target %s (%s)", q, rwhy ? rwhy : "0 for the preset's, or 1 to 10000");
            return -1;
        }
        *field(s, d) = (int)x;
        return 0;
    case KEY_SPEED:
        if ((x = gin_settings_speed_index(v)) < 0) {
            snprintf(what, what_cap, "unknown speed %s (slow, normal, fast, instant)", q);
            return -1;
        }
        *field(s, d) = (int)x;
        ps->speed_seen = 1;
        return 0;
    case KEY_FAST:
        /* An older gin's word for the speed: kept aside, applied at the
         * end if no speed line said otherwise. */
        if (gin_kept_number(v, 0, 1, &x) != 0) {
            snprintf(what, what_cap, "bad fast %s (0 or 1)", q);
            return -1;
        }
        ps->fast = (int)x;
        return 0;
    default:
        if (gin_kept_number(v, d->lo, d->hi, &x) != 0) {
            snprintf(what, what_cap, "bad %s %s (a whole number from %d to %d)", d->key, q, d->lo, d->hi);
            return -1;
        }
        *field(s, d) = (int)x;
        return 0;
    }
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

/* Keep a line this gin does not know or cannot read, as it was (key:
 * which of ours it is for, -1 for none). */
static void keep_line(gin_settings *s, const char *raw, int key)
{
    if (s->n_kept >= GIN_SETTINGS_KEPT || strlen(raw) >= GIN_SETTINGS_LINE)
        return; /* too many, or too long: only noted */
    gin_settings_line *l = &s->kept[s->n_kept++];
    memset(l, 0, sizeof *l);
    l->key = key;
    if (key >= 0)
        value_text(s, &keys[key], l->stood, sizeof l->stood);
    snprintf(l->text, sizeof l->text, "%s", raw);
}

/* One line of the file: set what it says, or note why not and keep it. */
static void parse_line(gin_settings *s, parse_state *ps, char *t, int line, notes *n)
{
    char q[80], what[256], st[64], raw[512];
    snprintf(raw, sizeof raw, "%s", t);
    for (size_t k = strlen(raw); k && raw[k - 1] == '\r';) /* a line end's CRs: not the line's */
        raw[--k] = '\0';
    t = trim(t);
    if (!*t || *t == '#')
        return;
    char *eq = strchr(t, '=');
    if (!eq) {
        note(n, line, "not a 'key = value' line: %s; ignored", gin_kept_quote(t, strlen(t), 24, q, sizeof q));
        keep_line(s, raw, -1);
        return;
    }
    *eq = '\0';
    char *k = trim(t), *v = trim(eq + 1);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (strcmp(k, keys[i].key) != 0)
            continue;
        if (take(s, ps, &keys[i], v, what, sizeof what) != 0) {
            note(n, line, "%s; %s stands", what, stands(s, &keys[i], st, sizeof st));
            keep_line(s, raw, (int)i);
        }
        return;
    }
    note(n, line, "unknown setting %s; ignored", gin_kept_quote(k, strlen(k), 24, q, sizeof q));
    keep_line(s, raw, -1);
}

int gin_settings_parse(gin_settings *s, const char *text, size_t len, const char *name, gin_kept_level_fn level_known,
                       char *notes_buf, size_t notes_cap, gin_text_fault *fault)
{
    notes n = {notes_buf, notes_cap, 0, 0, name ? name : "settings"};
    if (notes_buf && notes_cap)
        notes_buf[0] = '\0';
    int bad = gin_kept_check_text(text, len, 1, fault);
    if (bad)
        return bad;
    gin_settings t = *s;
    t.n_kept = 0; /* what this text does not set keeps its value; the kept lines are this text's */
    parse_state ps = {0, -1, level_known};
    const char *p = text, *end = text + len;
    char buf[512];
    int got, line = 0;
    while ((got = gin_kept_line(&p, end, buf, sizeof buf)) != 0) {
        line++;
        if (got < 0)
            note(&n, line, "line longer than %zu bytes; ignored", sizeof buf - 1);
        else
            parse_line(&t, &ps, buf, line, &n);
    }
    if (!ps.speed_seen && ps.fast >= 0)
        t.speed = ps.fast ? GIN_SPEED_INSTANT : GIN_SPEED_NORMAL;
    const char *rwhy = NULL;
    gin_rules r;
    if (gin_settings_rules(&t, &r, &rwhy) != GIN_OK) {
        gin_settings def;
        gin_settings_default(&def);
        note(&n, line, "rules %s, target %d, hollywood %d and %d players do not go together (%s); the defaults stand",
             t.rules, t.target, t.hollywood, t.players, rwhy ? rwhy : "?");
        memcpy(t.rules, def.rules, sizeof t.rules);
        t.target = def.target;
        t.hollywood = def.hollywood;
        t.players = def.players;
    }
    notes_end(&n);
    *s = t;
    return 0;
}

/* Append printf-style to buf[*used..cap); 0, or -1 when it does not fit. */
static int put(char *buf, size_t cap, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int put(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = *used < cap ? vsnprintf(buf + *used, cap - *used, fmt, ap) : -1;
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - *used)
        return -1;
    *used += (size_t)n;
    return 0;
}

/* The kept lines of key `key` (-1: of no key of ours) that still stand. */
static int put_kept(const gin_settings *s, int key, char *buf, size_t cap, size_t *used)
{
    char v[32];
    for (int i = 0; i < s->n_kept && i < GIN_SETTINGS_KEPT; i++) {
        const gin_settings_line *l = &s->kept[i];
        if (l->key != key || (key >= 0 && strcmp(l->stood, value_text(s, &keys[key], v, sizeof v)) != 0))
            continue;
        if (put(buf, cap, used, "%s\n", l->text) != 0)
            return -1;
    }
    return 0;
}

int gin_settings_format(const gin_settings *s, char *buf, size_t cap)
{
    size_t used = 0;
    if (put(buf, cap, &used, "# gin settings (written by the game; edit freely)\n") != 0)
        return -1;
    char v[32];
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const key_def *d = &keys[i];
        int rc = d->kind == KEY_FAST
                     ? put(buf, cap, &used,
                           "# fast: the speed as older gins read it (1 instant, 0 shown); speed wins\nfast = %d\n",
                           s->speed == GIN_SPEED_INSTANT)
                     : put(buf, cap, &used, "%s = %s\n", d->key, value_text(s, d, v, sizeof v));
        if (rc != 0 || put_kept(s, (int)i, buf, cap, &used) != 0)
            return -1;
    }
    int unknown = 0;
    for (int i = 0; i < s->n_kept && i < GIN_SETTINGS_KEPT; i++)
        unknown |= s->kept[i].key < 0;
    if (unknown && (put(buf, cap, &used, "# kept as they were: lines this gin does not know\n") != 0 ||
                    put_kept(s, -1, buf, cap, &used) != 0))
        return -1;
    return (int)used;
}

int gin_settings_rules(const gin_settings *s, gin_rules *out, const char **why)
{
    int rc = gin_rules_preset(s->rules, out);
    if (rc != GIN_OK) {
        if (why)
            *why = "unknown rules preset";
        return rc;
    }
    char num[16];
    snprintf(num, sizeof num, "%d", s->target);
    if (s->target > 0 && (rc = gin_rules_set(out, "target", num, why)) != GIN_OK)
        return rc;
    if (s->hollywood >= 0 && (rc = gin_rules_set(out, "hollywood", s->hollywood ? "on" : "off", why)) != GIN_OK)
        return rc;
    if (s->players > 2) {
        /* Hollywood is for two: a ring plays a single game in penalty points. */
        out->hollywood = 0;
        if ((rc = gin_rules_ring(out, s->players)) != GIN_OK) {
            if (why)
                *why = "a table of three or four does not work with these rules";
            return rc;
        }
    }
    return GIN_OK;
}

/* ---- The file. */

enum { SETTINGS_FILE_MAX = 1 << 16 };

struct settings_dest {
    gin_settings *s;
    const char *path;
    gin_kept_level_fn level_known;
    char *notes;
    size_t notes_cap;
};

static int parse_settings(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    struct settings_dest *d = ctx;
    return gin_settings_parse(d->s, text, len, d->path, d->level_known, d->notes, d->notes_cap, fault);
}

int gin_settings_load(gin_kept *k, gin_settings *s, gin_kept_level_fn level_known, char *notes_buf, size_t notes_cap)
{
    /* The notes name the file by its path, so the player can find it. */
    char path[GIN_PATH_MAX], dir[GIN_PATH_MAX];
    if (gin_dir_find(GIN_DIR_CONFIG, dir, sizeof dir, NULL, 0) < 0 || gin_path_join(path, sizeof path, dir, "settings"))
        snprintf(path, sizeof path, "settings");
    if (notes_buf && notes_cap)
        notes_buf[0] = '\0';
    gin_settings_default(s);
    struct settings_dest d = {s, path, level_known, notes_buf, notes_cap};
    int st = gin_kept_load(k, GIN_DIR_CONFIG, "settings", "the settings file", SETTINGS_FILE_MAX, parse_settings, &d);
    if (st != GIN_KEPT_LOADED) {
        gin_settings_default(s);
        if (notes_buf && notes_cap)
            notes_buf[0] = '\0';
    }
    return st;
}

int gin_settings_save(gin_kept *k, const gin_settings *s, char *why, size_t why_cap)
{
    char buf[1024 + GIN_SETTINGS_KEPT * (GIN_SETTINGS_LINE + 1)];
    int n = gin_settings_format(s, buf, sizeof buf);
    if (n < 0) {
        snprintf(why, why_cap, "cannot save the settings: they do not fit");
        return -1;
    }
    return gin_kept_write(k, buf, (size_t)n, why, why_cap);
}
