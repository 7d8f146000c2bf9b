/* The saved game: header lines, the end of an ended game, a blank line,
 * then the game record (save.h). */
#include "save.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/game.h"

/* The formats (save.h): a save is written as format 2 unless it has an
 * order, so a gin that reads only format 2 still resumes every save
 * without one; the newest format read is 3. */
enum { SAVE_TEXT_MAX = 1 << 21, SAVE_PLAIN = 2, SAVE_ORDER = 3, SAVE_NEWEST = SAVE_ORDER, TALLY_NUMBERS = 9 };

static const char *const end_results[] = {"won", "lost", "tie", "resigned", "abandoned"};

/* A result word a save's end may hold: 0 played to its end (won, lost,
 * tie), 1 left before it (resigned, abandoned), -1 none. */
static int result_kind(const char *r)
{
    for (int i = 0; i < 5; i++)
        if (!strcmp(r, end_results[i]))
            return i >= 3;
    return -1;
}

static int tally_numbers(gin_game_tally *t, int *n[TALLY_NUMBERS])
{
    int *f[TALLY_NUMBERS] = {&t->hands,  &t->hands_won,        &t->gins,           &t->undercuts, &t->knocks,
                             &t->points, &t->undercut_against, &t->points_against, &t->margin};
    memcpy(n, f, sizeof f);
    return TALLY_NUMBERS;
}

/* The bounds of tally number i: the margin may be negative. */
static long long tally_lo(int i) { return i == TALLY_NUMBERS - 1 ? -1000000000 : 0; }

static int ending_ok(const gin_ending *e, int players)
{
    if (result_kind(e->result) < 0 || !gin_kept_date_ok(e->date) || !gin_kept_label_ok(e->rules) ||
        strlen(e->rules) >= sizeof e->rules || (e->counts & ~1) || !gin_kept_name_ok(e->tally.rules))
        return 0;
    for (int i = 0; i < players; i++)
        if (e->score[i] < -1000000000 || e->score[i] > 1000000000)
            return 0;
    gin_game_tally t = e->tally;
    int *n[TALLY_NUMBERS];
    for (int i = 0; i < tally_numbers(&t, n); i++)
        if (*n[i] < tally_lo(i) || *n[i] > 1000000000)
            return 0;
    return 1;
}

/* Is the order one gin_save_parse reads back: at most a hand of cards,
 * each a card, none twice (none at all: no order)? */
static int order_ok(const gin_card *order, int n)
{
    if (n < 0 || n > GIN_SAVE_ORDER_MAX)
        return 0;
    gin_cardset seen = 0;
    for (int i = 0; i < n; i++) {
        if (!gin_card_valid(order[i]) || gin_cardset_has(seen, order[i]))
            return 0;
        seen |= gin_cardset_of(order[i]);
    }
    return 1;
}

/* The order line (format 3) into buf; the length, or -1. */
static int format_order(const gin_save_info *info, char *buf, size_t cap)
{
    int w = snprintf(buf, cap, "order");
    for (int i = 0; i < info->n_order && w >= 0 && (size_t)w < cap; i++) {
        char c[3];
        gin_card_format(info->order[i], c); /* valid: order_ok said so */
        w += snprintf(buf + w, cap - (size_t)w, " %s", c);
    }
    if (w >= 0 && (size_t)w < cap)
        w += snprintf(buf + w, cap - (size_t)w, "\n");
    return w < 0 || (size_t)w >= cap ? -1 : w;
}

/* The lines of an ending into buf; the length, or -1. */
static int format_ending(const gin_ending *e, int players, char *buf, size_t cap)
{
    gin_game_tally t = e->tally;
    int *n[TALLY_NUMBERS];
    tally_numbers(&t, n);
    char score[96] = "";
    size_t used = 0;
    for (int i = 0; i < players; i++)
        used += (size_t)snprintf(score + used, sizeof score - used, "%s%d", i ? " " : "", e->score[i]);
    int w = snprintf(buf, cap, "end %s\ndate %s\nrules %s\nscore %s\ncounts %d\ntally %s", e->result, e->date, e->rules,
                     score, e->counts, t.rules);
    for (int i = 0; i < TALLY_NUMBERS && w >= 0 && (size_t)w < cap; i++)
        w += snprintf(buf + w, cap - (size_t)w, " %d", *n[i]);
    if (w >= 0 && (size_t)w < cap)
        w += snprintf(buf + w, cap - (size_t)w, "\n");
    return w < 0 || (size_t)w >= cap ? -1 : w;
}

int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap)
{
    /* Never write what gin_save_parse would refuse. */
    if (!gin_kept_name_ok(info->level) || !gin_kept_game_ok(info->game))
        return GIN_ENAME;
    int players = rec->rules.seats;
    if ((info->practice != 0 && info->practice != 1) || info->human < 0 || info->human >= GIN_MAX_SEATS ||
        (info->ended & ~1) || (info->ended && !ending_ok(&info->end, players)) || !order_ok(info->order, info->n_order))
        return GIN_EINVAL;
    int n = snprintf(buf, cap, "gin-save %d\ngame %s\nlevel %s\npractice %d\nhuman %d\n",
                     info->n_order ? SAVE_ORDER : SAVE_PLAIN, info->game, info->level, info->practice, info->human);
    if (n < 0 || (size_t)n >= cap)
        return GIN_ESPACE;
    if (info->n_order) {
        int o = format_order(info, buf + n, cap - (size_t)n);
        if (o < 0)
            return GIN_ESPACE;
        n += o;
    }
    if (info->ended) {
        int e = format_ending(&info->end, players, buf + n, cap - (size_t)n);
        if (e < 0)
            return GIN_ESPACE;
        n += e;
    }
    if ((size_t)n + 1 >= cap)
        return GIN_ESPACE;
    buf[n++] = '\n';
    int m = gin_record_format(rec, buf + n, cap - (size_t)n);
    return m < 0 ? m : n + m;
}

/* ---- Parsing. */

/* A line must be "KEY VALUE" (the value the rest of the line when rest is
 * set, else one word): the value into *val. Returns 0 or -1. */
static int key_value(char *buf, const char *key, int rest, char **val)
{
    size_t k = strlen(key);
    if (strncmp(buf, key, k) != 0 || buf[k] != ' ' || !buf[k + 1])
        return -1;
    *val = buf + k + 1;
    return rest || !strpbrk(*val, " \t") ? 0 : -1;
}

typedef struct cursor {
    const char *p, *end;
    int line;
    char buf[256];
} cursor;

/* The next line, which must be "KEY VALUE": the value into *v. Returns
 * GIN_OK or an error with *fault. */
static int expect(cursor *c, const char *key, int rest, char **v, gin_text_fault *fault)
{
    *v = c->buf; /* a string whatever happens */
    c->line++;
    int got = gin_kept_line(&c->p, c->end, c->buf, sizeof c->buf);
    if (got == 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "the file ends in the header");
    if (got < 0 || key_value(c->buf, key, rest, v) != 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "expected '%s VALUE'", key);
    return GIN_OK;
}

/* A number line: KEY N within [lo, hi] into *out. */
static int expect_number(cursor *c, const char *key, long long lo, long long hi, int *out, gin_text_fault *fault)
{
    char *v, q[64];
    long long x;
    int rc = expect(c, key, 0, &v, fault);
    if (rc != GIN_OK)
        return rc;
    if (gin_kept_number(v, lo, hi, &x) != 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "%s %s: must be %lld to %lld", key,
                                 gin_kept_quote(v, strlen(v), 20, q, sizeof q), lo, hi);
    *out = (int)x;
    return GIN_OK;
}

/* "score N N ...": one number per word, at most GIN_MAX_SEATS. */
static int parse_scores(char *v, gin_ending *e, int *n)
{
    char *save = NULL;
    *n = 0;
    for (char *t = strtok_r(v, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        long long x;
        if (*n == GIN_MAX_SEATS || gin_kept_number(t, -1000000000, 1000000000, &x) != 0)
            return -1;
        e->score[(*n)++] = (int)x;
    }
    return *n >= 2 ? 0 : -1;
}

/* "tally RULES N N ...". */
static int parse_tally(char *v, gin_game_tally *t)
{
    char *save = NULL;
    char *name = strtok_r(v, " ", &save);
    if (!name || !gin_kept_name_ok(name))
        return -1;
    snprintf(t->rules, sizeof t->rules, "%s", name);
    int *n[TALLY_NUMBERS];
    for (int i = 0; i < tally_numbers(t, n); i++) {
        char *tok = strtok_r(NULL, " ", &save);
        long long x;
        if (!tok || gin_kept_number(tok, tally_lo(i), 1000000000, &x) != 0)
            return -1;
        *n[i] = (int)x;
    }
    return strtok_r(NULL, " ", &save) ? -1 : 0;
}

/* The lines of an ended game's end, after `end RESULT` (in c->buf). */
static int parse_ending(cursor *c, gin_save_info *info, int *players, gin_text_fault *fault)
{
    gin_ending *e = &info->end;
    char *v = c->buf, q[64];
    if (key_value(c->buf, "end", 0, &v) != 0 || result_kind(v) < 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT,
                                 "expected 'end RESULT' (won, lost, tie, resigned or abandoned)");
    snprintf(e->result, sizeof e->result, "%s", v);
    int rc = expect(c, "date", 0, &v, fault);
    if (rc != GIN_OK)
        return rc;
    if (!gin_kept_date_ok(v))
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "date %s is not like 2024-05-01T12:34:56Z",
                                 gin_kept_quote(v, strlen(v), 24, q, sizeof q));
    snprintf(e->date, sizeof e->date, "%s", v);
    if ((rc = expect(c, "rules", 1, &v, fault)) != GIN_OK)
        return rc;
    if (!gin_kept_label_ok(v) || strlen(v) >= sizeof e->rules)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "rules: expected a name of the rules");
    snprintf(e->rules, sizeof e->rules, "%s", v);
    if ((rc = expect(c, "score", 1, &v, fault)) != GIN_OK)
        return rc;
    if (parse_scores(v, e, players) != 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "expected a score per player");
    if ((rc = expect_number(c, "counts", 0, 1, &e->counts, fault)) != GIN_OK)
        return rc;
    if ((rc = expect(c, "tally", 1, &v, fault)) != GIN_OK)
        return rc;
    if (parse_tally(v, &e->tally) != 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "expected 'tally RULES' and %d numbers", TALLY_NUMBERS);
    /* How it counts follows from how it ended: not written twice. */
    e->tally.won = !strcmp(e->result, "won");
    e->tally.tie = !strcmp(e->result, "tie");
    e->tally.resigned = result_kind(e->result) == 1;
    info->ended = 1;
    return GIN_OK;
}

/* "order C C ..." (format 3): 1 to GIN_SAVE_ORDER_MAX cards, each once.
 * Whether they are the human's hand is the table's to judge, when it
 * resumes the game. */
static int parse_order(cursor *c, char *v, gin_save_info *info, gin_text_fault *fault)
{
    char *save = NULL, q[64];
    gin_cardset seen = 0;
    for (char *t = strtok_r(v, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        gin_card card;
        const char *end = t;
        /* One card a word: gin_card_parse also skips tabs and commas. */
        if (*t == '\t' || *t == ',' || gin_card_parse(t, &card, &end) != GIN_OK || *end)
            return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "order: %s is not a card",
                                     gin_kept_quote(t, strlen(t), 20, q, sizeof q));
        if (info->n_order == GIN_SAVE_ORDER_MAX)
            return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "order: more than %d cards", GIN_SAVE_ORDER_MAX);
        if (gin_cardset_has(seen, card))
            return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "order: %s twice",
                                     gin_kept_quote(t, strlen(t), 20, q, sizeof q));
        seen |= gin_cardset_of(card);
        info->order[info->n_order++] = card;
    }
    return info->n_order ? GIN_OK : gin_text_fault_at(fault, c->line, GIN_EFORMAT, "order: expected cards");
}

/* The version line: 1, 2 or 3 into *version. */
static int parse_version(cursor *c, int *version, gin_text_fault *fault)
{
    char *v, q[64];
    long long x;
    int rc = expect(c, "gin-save", 0, &v, fault);
    if (rc != GIN_OK)
        return rc;
    if (gin_kept_number(v, 1, 1000000, &x) != 0)
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "unknown save format version %s",
                                 gin_kept_quote(v, strlen(v), 20, q, sizeof q));
    if (x > SAVE_NEWEST)
        return gin_text_fault_at(fault, c->line, GIN_KEPT_NEWER, "format %lld", x);
    *version = (int)x;
    return GIN_OK;
}

/* A format-1 save has no identity written: one made from its text, the
 * same each time it is read (FNV-1a), so an interrupted end of it is
 * recognised. */
static void id_of_text(const char *text, size_t len, char *id, size_t cap)
{
    unsigned long long h = 14695981039346656037ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211ULL;
    snprintf(id, cap, "%016llx", h);
}

/* The header lines and the blank line. Returns GIN_OK with c->p at the
 * record and *players the ending's score count (0 when not ended), or an
 * error with *fault. */
static int parse_header(cursor *c, gin_save_info *info, int *players, gin_text_fault *fault)
{
    int version = 0;
    char *v, q[64];
    int rc = parse_version(c, &version, fault);
    if (rc == GIN_OK && version >= 2 && (rc = expect(c, "game", 0, &v, fault)) == GIN_OK) {
        if (!gin_kept_game_ok(v))
            return gin_text_fault_at(fault, c->line, GIN_EFORMAT, "game %s: expected 16 hex digits",
                                     gin_kept_quote(v, strlen(v), 20, q, sizeof q));
        snprintf(info->game, sizeof info->game, "%s", v);
    }
    if (rc == GIN_OK && (rc = expect(c, "level", 0, &v, fault)) == GIN_OK) {
        if (!gin_kept_name_ok(v))
            return gin_text_fault_at(fault, c->line, GIN_ENAME, "unknown level %s",
                                     gin_kept_quote(v, strlen(v), 20, q, sizeof q));
        snprintf(info->level, sizeof info->level, "%s", v);
    }
    if (rc == GIN_OK)
        rc = expect_number(c, "practice", 0, 1, &info->practice, fault);
    if (rc == GIN_OK)
        rc = expect_number(c, "human", 0, GIN_MAX_SEATS - 1, &info->human, fault);
    if (rc == GIN_OK && version >= SAVE_ORDER && (rc = expect(c, "order", 1, &v, fault)) == GIN_OK)
        rc = parse_order(c, v, info, fault);
    if (rc != GIN_OK)
        return rc;
    c->line++;
    int got = gin_kept_line(&c->p, c->end, c->buf, sizeof c->buf);
    if (got > 0 && version >= 2 && !strncmp(c->buf, "end ", 4)) {
        if ((rc = parse_ending(c, info, players, fault)) != GIN_OK)
            return rc;
        c->line++;
        got = gin_kept_line(&c->p, c->end, c->buf, sizeof c->buf);
    }
    if (got <= 0 || c->buf[0])
        return gin_text_fault_at(fault, c->line, GIN_EFORMAT,
                                 got == 0 ? "the file ends in the header"
                                          : "expected the blank line before the record");
    return GIN_OK;
}

int gin_save_parse(const char *text, size_t len, gin_save_info *info, gin_record *rec, gin_text_fault *fault)
{
    memset(info, 0, sizeof *info);
    int line = gin_kept_check_text(text, len, 0, fault);
    if (line)
        return GIN_EFORMAT;
    cursor c = {text, text + len, 0, ""};
    int players = 0;
    int rc = parse_header(&c, info, &players, fault);
    if (rc != GIN_OK)
        return rc;
    if (!info->game[0])
        id_of_text(text, len, info->game, sizeof info->game);
    if (gin_kept_record_version(c.p, (size_t)(c.end - c.p)) > 1)
        return gin_text_fault_at(fault, c.line + 1, GIN_KEPT_NEWER, "a game record of a later format");
    /* The record parser reads a C string: give it one (the text has no
     * NUL, gin_kept_check_text saw to that). */
    size_t n = (size_t)(c.end - c.p);
    char *body = malloc(n + 1);
    if (!body)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    memcpy(body, c.p, n);
    body[n] = '\0';
    char why[sizeof fault->what];
    rc = gin_record_parse_why(body, rec, &line, why, sizeof why);
    free(body);
    if (rc != GIN_OK)
        return gin_text_fault_at(fault, c.line + line, rc, "%s", why);
    if (info->ended && players != rec->rules.seats)
        return gin_text_fault_at(fault, 0, GIN_EFORMAT, "the end has %d scores, the game %d seats", players,
                                 rec->rules.seats);
    return GIN_OK;
}

/* ---- The judgement. */

/* The header's lines before the record, for the record's line numbers
 * (an order is there in format 3, and only there). */
static int header_lines(const gin_save_info *info, const char *text)
{
    return (strncmp(text, "gin-save 1", 10) ? 6 : 5) + (info->n_order ? 1 : 0) + (info->ended ? 6 : 0);
}

int gin_save_judge(const char *text, size_t len, gin_kept_level_fn level_known, gin_save_info *info, gin_record *rec,
                   gin_text_fault *fault)
{
    int rc = gin_save_parse(text, len, info, rec, fault);
    if (rc != GIN_OK)
        return rc;
    int level_line = strncmp(text, "gin-save 1", 10) ? 3 : 2;
    if (!info->ended && level_known && !level_known(info->level))
        return gin_text_fault_at(fault, level_line, GIN_ENAME, "unknown level '%s'", info->level);
    gin_game *g = malloc(sizeof *g);
    if (!g)
        return gin_text_fault_at(fault, 0, GIN_ESPACE, "out of memory");
    rc = gin_kept_replays(rec, header_lines(info, text), g, fault);
    if (rc != GIN_OK)
        ; /* said */
    else if (info->human >= g->rules.seats)
        rc = gin_text_fault_at(fault, level_line + 2, GIN_EFORMAT, "human %d: the game has %d seats", info->human,
                               g->rules.seats);
    else if (info->ended && (result_kind(info->end.result) == 0) != (g->over != 0))
        rc = gin_text_fault_at(fault, level_line + 3 + (info->n_order ? 1 : 0), GIN_ESTATE,
                               "end %s: the game in it is %s", info->end.result, g->over ? "over" : "not over");
    else if (!info->ended && g->over)
        rc = gin_text_fault_at(fault, 0, GIN_ESTATE, "the game in it is already over");
    free(g);
    return rc;
}

/* ---- The file. */

struct save_dest {
    gin_save_info *info;
    gin_record *rec;
    gin_kept_level_fn level_known;
};

static int parse_save(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    struct save_dest *d = ctx;
    return gin_save_judge(text, len, d->level_known, d->info, d->rec, fault);
}

int gin_save_read(gin_kept *k, gin_save_info *info, gin_record *rec, gin_kept_level_fn level_known)
{
    struct save_dest d = {info, rec, level_known};
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
