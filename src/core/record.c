/* Game records: writing, parsing and checked replay of the plain-text
 * format of docs/record.md. The text is never trusted: parsing checks only
 * syntax and structure, and everything else (which cards exist where, what
 * is legal, what it scores) comes from replaying the game from its seed. */
#include <string.h>
#include "gin/record.h"
#include "gin/action.h"
#include "gin/error.h"
#include "gin/number.h"
#include "text.h"

#define RECORD_MAGIC "gin-record"
enum { RECORD_VERSION = 1, MAX_TOKENS = 12, MAX_LINE = 256, RECORD_NUMBER_MAX = 999999999 };

/* ---- the rule knobs, as record lines ---- */

/* Written in gin_rules_knob_name() order, spelt by gin_rules_knob_word().
 * Knobs past version 1's sixteen are optional: left out (then 0) and
 * written only when they matter (seats > 2 or not 0), so two-seat records
 * stay as they were. */
enum { V1_KNOBS = 16 };

static int knob_optional(int i) { return i >= V1_KNOBS; }

/* ---- records in memory ---- */

void gin_record_init(gin_record *rec, const gin_rules *r, uint64_t seed)
{
    if (!rec || !r)
        return;
    rec->rules = *r;
    rec->seed = seed;
    rec->n_actions = 0;
    rec->checked = 0;
    rec->n_checks = 0;
    rec->end_line = 0;
}

int gin_record_add(gin_record *rec, gin_action a)
{
    if (!rec)
        return GIN_EINVAL;
    if (rec->n_actions >= GIN_RECORD_MAX_ACTIONS)
        return GIN_ESPACE;
    rec->line[rec->n_actions] = 0;
    rec->claims_gin[rec->n_actions] = 0;
    rec->actions[rec->n_actions++] = a;
    return GIN_OK;
}

/* ---- writing ---- */

static void put_rules(gin_text *o, const gin_rules *r)
{
    gin_text_put(o, "rules ");
    gin_text_put(o, r->name && *r->name ? r->name : "custom");
    gin_text_put(o, "\n");
    for (int i = 0; i < gin_rules_knob_count(); i++) {
        int v = gin_rules_knob_get(r, i);
        /* Knobs added since version 1 are written only when they matter,
         * so records written before them read and write as they did. */
        if (knob_optional(i) && v == 0 && (r->seats == 2 || gin_rules_knob_since(i) >= 3))
            continue;
        gin_text_put(o, gin_rules_knob_name(i));
        gin_text_put(o, " ");
        const char *word = gin_rules_knob_word(i, v);
        if (word)
            gin_text_put(o, word);
        else
            gin_text_int(o, v);
        gin_text_put(o, "\n");
    }
}

/* a, just applied, was a knock with a card that the hand scored as gin:
 * written "gin C", and only such a knock (replay holds a record to it). */
static int knocked_gin(const gin_game *g, gin_action a)
{
    return a.kind == GIN_ACT_KNOCK && a.card != GIN_NO_CARD && g->hand.knocker >= 0 &&
           g->hand.result.kind == GIN_RESULT_GIN;
}

static void put_result(gin_text *o, const gin_game *g)
{
    const gin_hand_score *hs = &g->results[g->n_results - 1];
    gin_text_put(o, "result ");
    if (hs->winner < 0) {
        gin_text_put(o, "void");
    } else {
        const char *word = gin_result_word(hs->kind);
        gin_text_put(o, word ? word : "?");
        gin_text_put(o, " seat ");
        gin_text_int(o, hs->winner);
        gin_text_put(o, " points ");
        gin_text_int(o, hs->points);
    }
    gin_text_put(o, " totals");
    for (int s = 0; s < g->rules.seats; s++) {
        gin_text_put(o, " ");
        gin_text_int(o, g->score.points[s]);
    }
    gin_text_put(o, "\n");
}

int gin_record_format(const gin_record *rec, char *buf, size_t cap)
{
    if (!rec || !buf || rec->n_actions < 0 || rec->n_actions > GIN_RECORD_MAX_ACTIONS)
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    gin_game g;
    int rc = gin_game_init(&g, &rec->rules, rec->seed);
    if (rc != GIN_OK)
        return rc;
    gin_text_put(&o, RECORD_MAGIC " ");
    gin_text_int(&o, RECORD_VERSION);
    gin_text_put(&o, "\n");
    put_rules(&o, &rec->rules);
    gin_text_put(&o, "seed ");
    gin_text_u64(&o, rec->seed);
    gin_text_put(&o, "\n");
    for (int i = 0; i < rec->n_actions; i++) {
        if (g.over)
            return GIN_EILLEGAL;
        if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
            if (gin_game_deal(&g, NULL, NULL) != GIN_OK)
                return GIN_EILLEGAL;
            gin_text_put(&o, "hand ");
            gin_text_int(&o, g.hand_no);
            gin_text_put(&o, " dealer ");
            gin_text_int(&o, g.dealer);
            gin_text_put(&o, "\n");
        }
        gin_action a = rec->actions[i];
        if (gin_game_apply(&g, a, NULL, NULL) != GIN_OK)
            return GIN_EILLEGAL;
        char text[GIN_ACTION_TEXT_MAX];
        if (gin_action_format(a, knocked_gin(&g, a), text, sizeof text) < 0)
            return GIN_EILLEGAL;
        gin_text_put(&o, text);
        gin_text_put(&o, "\n");
        if (g.hand.phase == GIN_PHASE_OVER) {
            put_result(&o, &g);
            if (g.over) {
                int total = 0;
                int w = gin_game_winner(&g, &total);
                gin_text_put(&o, "game-over seat ");
                gin_text_int(&o, w);
                gin_text_put(&o, " total ");
                gin_text_int(&o, total);
                gin_text_put(&o, "\n");
            }
        }
    }
    gin_text_put(&o, "end\n");
    return o.full ? GIN_ESPACE : (int)o.len;
}

/* ---- parsing ---- */

/* A decimal integer of up to nine digits (any count, score or rule value
 * a game can hold fits), nothing else. */
static int parse_int(const char *s, int *v)
{
    long long x;
    if (gin_number_parse(s, -RECORD_NUMBER_MAX, RECORD_NUMBER_MAX, &x, NULL) != GIN_OK)
        return 0;
    *v = (int)x;
    return 1;
}

/* Knob i's value: its word, or a number. The knock's upcard limit is
 * the word "upcard", never its number: "-1" was read as it, though the
 * command line refuses it. */
static int parse_knob(int i, const char *t, int *v)
{
    int word = gin_rules_knob_value(i, t, v);
    if (word != 0)
        return word > 0;
    return parse_int(t, v) && (*v != GIN_KNOCK_LIMIT_UPCARD || strcmp(gin_rules_knob_name(i), "knock") != 0);
}

typedef struct parser {
    gin_record *rec;
    int line;
    int stage;     /* 0 magic, 1 header, 2 in a hand, 3 between hands, 4 game over, 5 ended */
    int hands;     /* hand headers so far */
    unsigned have; /* knob bits; bit n = rules, n + 1 = seed (n knobs) */
    char name[32];
    int rules_line;
    int header_end; /* the last header line so far */
    char why[128];  /* what is wrong at p->line, when more than gin_strerror says */
} parser;

/* Say what is wrong (a, b and c joined; b and c may be NULL) and return rc. */
static int fail(parser *p, int rc, const char *a, const char *b, const char *c)
{
    gin_text t;
    gin_text_init(&t, p->why, sizeof p->why);
    gin_text_put(&t, a);
    gin_text_put(&t, b ? b : "");
    gin_text_put(&t, c ? c : "");
    return rc;
}

static int add_check(parser *p, gin_record_check c)
{
    gin_record *rec = p->rec;
    if (rec->n_checks >= GIN_RECORD_MAX_CHECKS)
        return GIN_ESPACE;
    c.at = rec->n_actions;
    c.line = p->line;
    rec->checks[rec->n_checks++] = c;
    return GIN_OK;
}

/* Knob i's value from a header line. A value bad on its own is refused
 * here, with the knob's message: checked in the standard rules (two seats,
 * where stock-void-at's range is widest), so only a value no table allows
 * fails; a combination is the whole rule set's to refuse (header_done). */
static int knob_line(parser *p, int i, const char *text)
{
    gin_rules alone;
    gin_rules_preset("standard", &alone);
    const char *why = NULL;
    int v;
    if (!parse_knob(i, text, &v)) {
        (void)gin_rules_set(&alone, gin_rules_knob_name(i), text, &why);
        return why ? fail(p, GIN_EFORMAT, why, NULL, NULL) : GIN_EFORMAT;
    }
    gin_rules_knob_put(&alone, i, v);
    if (gin_rules_check(&alone, &why) != GIN_OK)
        return fail(p, GIN_ERULES, why, NULL, NULL);
    gin_rules_knob_put(&p->rec->rules, i, v);
    return GIN_OK;
}

static int header_line(parser *p, char **tok, int n)
{
    if (n != 2)
        return GIN_EFORMAT;
    unsigned bit;
    if (strcmp(tok[0], "rules") == 0) {
        bit = 1u << gin_rules_knob_count();
        if (strlen(tok[1]) >= sizeof p->name)
            return fail(p, GIN_ENAME, "rules: must be ", gin_rules_preset_names(), " or custom");
        strcpy(p->name, tok[1]);
        p->rules_line = p->line;
    } else if (strcmp(tok[0], "seed") == 0) {
        bit = 1u << (gin_rules_knob_count() + 1);
        if (gin_number_parse_u64(tok[1], UINT64_MAX, &p->rec->seed, NULL) != GIN_OK)
            return GIN_EFORMAT;
    } else {
        int i = 0, n_knobs = gin_rules_knob_count();
        while (i < n_knobs && strcmp(tok[0], gin_rules_knob_name(i)) != 0)
            i++;
        if (i == n_knobs)
            return GIN_EFORMAT;
        int rc = knob_line(p, i, tok[1]);
        if (rc != GIN_OK)
            return rc;
        bit = 1u << i;
    }
    if (p->have & bit) /* each header line once */
        return fail(p, GIN_EFORMAT, "a second '", tok[0], "' line in the header");
    p->have |= bit;
    p->header_end = p->line;
    return GIN_OK;
}

/* The name of header line `bit` (a knob's, "rules" or "seed"). */
static const char *header_word(int bit)
{
    int n_knobs = gin_rules_knob_count();
    return bit < n_knobs ? gin_rules_knob_name(bit) : bit == n_knobs ? "rules" : "seed";
}

/* The header is over (at a "hand" or "end" line): every line must have
 * come, the name must be known, and the rule set must pass the check as a
 * whole. The name is kept when the knobs are exactly that preset, else it
 * becomes "custom". */
static int header_done(parser *p)
{
    gin_rules *r = &p->rec->rules;
    int n_knobs = gin_rules_knob_count();
    for (int i = 0; i < n_knobs + 2; i++)
        if (!(p->have & (1u << i)) && !(i < n_knobs && knob_optional(i)))
            return fail(p, GIN_EFORMAT, "no '", header_word(i), "' line in the header");
    gin_rules preset;
    int known = gin_rules_preset(p->name, &preset) == GIN_OK;
    if (!known && strcmp(p->name, "custom") != 0) {
        p->line = p->rules_line;
        return fail(p, GIN_ENAME, "rules: must be ", gin_rules_preset_names(), " or custom");
    }
    r->name = "custom";
    if (known) {
        int same = 1;
        for (int i = 0; i < n_knobs; i++)
            same &= gin_rules_knob_get(r, i) == gin_rules_knob_get(&preset, i);
        if (same)
            r->name = preset.name;
    }
    const char *why = NULL;
    if (gin_rules_check(r, &why) != GIN_OK) { /* knobs that do not go together */
        p->line = p->header_end;
        return fail(p, GIN_ERULES, "invalid rule set: ", why, NULL);
    }
    return GIN_OK;
}

static int result_line(parser *p, char **tok, int n)
{
    gin_record_check c = {0};
    c.kind = GIN_CHECK_RESULT;
    int seats = p->rec->rules.seats, i = 1;
    if (n >= 2 && strcmp(tok[1], "void") == 0) {
        c.score.winner = -1;
        i = 2;
    } else {
        if (n < 6)
            return GIN_EFORMAT;
        int k = gin_result_of_word(tok[1], 0);
        if (k < 0 || strcmp(tok[2], "seat") != 0 || !parse_int(tok[3], &c.score.winner) ||
            strcmp(tok[4], "points") != 0 || !parse_int(tok[5], &c.score.points))
            return GIN_EFORMAT;
        if (c.score.winner < 0 || c.score.winner >= seats)
            return GIN_EFORMAT;
        c.score.kind = k;
        i = 6;
    }
    if (n != i + 1 + seats || strcmp(tok[i], "totals") != 0)
        return GIN_EFORMAT;
    for (int s = 0; s < seats; s++)
        if (!parse_int(tok[i + 1 + s], &c.totals[s]))
            return GIN_EFORMAT;
    return add_check(p, c);
}

static int body_line(parser *p, char **tok, int n, const char *text, size_t len)
{
    gin_record *rec = p->rec;
    if (strcmp(tok[0], "end") == 0) {
        if (n != 1 || p->stage == 1)
            return GIN_EFORMAT;
        rec->end_line = p->line;
        p->stage = 5;
        return GIN_OK;
    }
    if (strcmp(tok[0], "hand") == 0) {
        gin_record_check c = {0};
        c.kind = GIN_CHECK_HAND;
        if (p->stage == 2 || p->stage == 4 || n != 4 || strcmp(tok[2], "dealer") != 0 ||
            !parse_int(tok[1], &c.hand_no) || !parse_int(tok[3], &c.dealer) || c.hand_no != p->hands + 1 ||
            c.dealer < 0 || c.dealer >= rec->rules.seats)
            return GIN_EFORMAT;
        p->hands++;
        p->stage = 2;
        return add_check(p, c);
    }
    if (strcmp(tok[0], "result") == 0) {
        if (p->stage != 2)
            return GIN_EFORMAT;
        p->stage = 3;
        return result_line(p, tok, n);
    }
    if (strcmp(tok[0], "game-over") == 0) {
        gin_record_check c = {0};
        c.kind = GIN_CHECK_GAME_OVER;
        if (p->stage != 3 || n != 5 || strcmp(tok[1], "seat") != 0 || !parse_int(tok[2], &c.winner) ||
            strcmp(tok[3], "total") != 0 || !parse_int(tok[4], &c.total) || c.winner < -1 ||
            c.winner >= rec->rules.seats)
            return GIN_EFORMAT;
        p->stage = 4;
        return add_check(p, c);
    }
    gin_action a;
    int claims_gin = 0;
    int rc = gin_action_parse(text, len, 0, &a, &claims_gin, NULL);
    if (rc != GIN_OK || p->stage != 2)
        return GIN_EFORMAT;
    if (rec->n_actions >= GIN_RECORD_MAX_ACTIONS)
        return GIN_ESPACE;
    rec->line[rec->n_actions] = p->line;
    rec->claims_gin[rec->n_actions] = (unsigned char)claims_gin;
    rec->actions[rec->n_actions++] = a;
    return GIN_OK;
}

static int parse_line(parser *p, const char *text, size_t len)
{
    gin_words ws;
    int n = gin_words_split(text, len, MAX_TOKENS, &ws);
    if (n < 0)
        return GIN_EFORMAT;
    char **tok = ws.w;
    if (p->stage == 0) { /* the very first line names the format */
        int version;
        if (n != 2 || strcmp(tok[0], RECORD_MAGIC) != 0 || !parse_int(tok[1], &version) || version != RECORD_VERSION)
            return GIN_EFORMAT;
        p->stage = 1;
        return GIN_OK;
    }
    if (n == 0 || tok[0][0] == '#')
        return GIN_OK;
    if (p->stage == 5) /* nothing after "end" */
        return GIN_EFORMAT;
    if (p->stage == 1) {
        if (strcmp(tok[0], "hand") != 0 && strcmp(tok[0], "end") != 0)
            return header_line(p, tok, n);
        int rc = header_done(p);
        if (rc != GIN_OK)
            return rc;
        p->stage = 3;
    }
    return body_line(p, tok, n, text, len);
}

int gin_record_parse_why(const char *text, gin_record *rec, int *err_line, char *why, size_t cap)
{
    if (err_line)
        *err_line = 0;
    if (why && cap)
        why[0] = '\0';
    if (!text || !rec)
        return GIN_EINVAL;
    gin_rules base;
    gin_rules_preset("standard", &base);
    gin_record_init(rec, &base, 0);
    rec->checked = 1;
    parser p = {rec, 0, 0, 0, 0, "", 0, 0, ""};
    const char *s = text;
    int rc = GIN_OK;
    while (*s && rc == GIN_OK) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        p.line++;
        rc = GIN_EFORMAT;
        if (len < MAX_LINE) /* its CR, if any, dropped */
            rc = parse_line(&p, s, len && s[len - 1] == '\r' ? len - 1 : len);
        s = nl ? nl + 1 : s + len;
    }
    if (rc == GIN_OK && p.stage != 5) { /* truncated: no "end" */
        p.line++;
        rc = GIN_EFORMAT;
    }
    if (rc != GIN_OK && err_line)
        *err_line = p.line;
    if (rc != GIN_OK && why && cap) {
        const char *w = p.why[0] ? p.why : gin_strerror(rc);
        size_t n = strlen(w) < cap - 1 ? strlen(w) : cap - 1;
        memcpy(why, w, n);
        why[n] = '\0';
    }
    return rc;
}

int gin_record_parse(const char *text, gin_record *rec, int *err_line)
{
    return gin_record_parse_why(text, rec, err_line, NULL, 0);
}

/* ---- replay ---- */

typedef struct replay {
    const gin_record *rec;
    gin_game *g;
    gin_event_fn fn;
    void *ctx;
    int ci; /* next check */
} replay;

/* Source line of whatever comes next: a check, action i, or "end". */
static int next_line(const replay *r, int i)
{
    const gin_record *rec = r->rec;
    if (r->ci < rec->n_checks && rec->checks[r->ci].at <= i)
        return rec->checks[r->ci].line;
    if (i < rec->n_actions)
        return rec->line[i];
    return rec->end_line;
}

static int in_play(const gin_game *g) { return g->hand_no > 0 && g->hand.phase != GIN_PHASE_OVER; }

/* Action i claims gin ("gin C") and the cards its seat keeps are not all
 * melded: the rule a gin claim is held to everywhere (legal.c,
 * GIN_ILLEGAL_NOT_GIN). Big gin is checked by the hand itself. */
static int false_gin(const gin_game *g, const gin_record *rec, int i)
{
    gin_action a = rec->actions[i];
    if (!rec->checked || !rec->claims_gin[i] || a.kind != GIN_ACT_KNOCK || !gin_card_valid(a.card))
        return 0;
    return gin_deadwood(g->hand.held[g->hand.turn] & ~gin_cardset_of(a.card)) != 0;
}

static int check_holds(replay *r, const gin_record_check *c)
{
    gin_game *g = r->g;
    switch (c->kind) {
    case GIN_CHECK_HAND:
        if (g->over || in_play(g) || gin_game_deal(g, r->fn, r->ctx) != GIN_OK)
            return 0;
        return g->hand_no == c->hand_no && g->hand.dealer == c->dealer;
    case GIN_CHECK_RESULT: {
        if (g->hand_no == 0 || in_play(g) || g->n_results != g->hand_no)
            return 0;
        const gin_hand_score *hs = &g->results[g->n_results - 1];
        if (hs->winner != c->score.winner)
            return 0;
        if (hs->winner >= 0 && (hs->points != c->score.points || hs->kind != c->score.kind))
            return 0;
        for (int s = 0; s < g->rules.seats; s++)
            if (g->score.points[s] != c->totals[s])
                return 0;
        return 1;
    }
    case GIN_CHECK_GAME_OVER: {
        int total = 0;
        int w = gin_game_winner(g, &total);
        return g->over && w == c->winner && total == c->total;
    }
    default:
        return 0;
    }
}

/* Run the checks due before action i (i == n_actions: at the end). */
static int run_checks(replay *r, int i, int *err_index, int *err_line)
{
    const gin_record *rec = r->rec;
    while (r->ci < rec->n_checks && rec->checks[r->ci].at <= i) {
        const gin_record_check *c = &rec->checks[r->ci];
        if (!check_holds(r, c)) {
            *err_index = i;
            *err_line = c->line;
            return GIN_EMISMATCH;
        }
        r->ci++;
        /* A finished game must say so right after its last result. */
        if (c->kind == GIN_CHECK_RESULT && r->g->over &&
            !(r->ci < rec->n_checks && rec->checks[r->ci].kind == GIN_CHECK_GAME_OVER)) {
            *err_index = i;
            *err_line = next_line(r, i);
            return GIN_EMISMATCH;
        }
    }
    return GIN_OK;
}

int gin_record_replay_lines(const gin_record *rec, gin_game *g, gin_event_fn on_event, void *ctx, int *err_index,
                            int *err_line)
{
    int ei = -1, el = 0;
    int rc = GIN_EINVAL;
    if (rec && g && rec->n_actions >= 0 && rec->n_actions <= GIN_RECORD_MAX_ACTIONS && rec->n_checks >= 0 &&
        rec->n_checks <= GIN_RECORD_MAX_CHECKS)
        rc = gin_game_init(g, &rec->rules, rec->seed);
    replay r = {rec, g, on_event, ctx, 0};
    for (int i = 0; rc == GIN_OK && i <= rec->n_actions; i++) {
        if (rec->checked && (rc = run_checks(&r, i, &ei, &el)) != GIN_OK)
            break;
        if (i == rec->n_actions)
            break;
        if (!in_play(g)) {
            /* A checked record deals only at its "hand" lines. */
            if (g->over || rec->checked || gin_game_deal(g, on_event, ctx) != GIN_OK) {
                rc = rec->checked && !g->over ? GIN_EMISMATCH : GIN_EILLEGAL;
                ei = i;
                el = rec->line[i];
                break;
            }
        }
        if (false_gin(g, rec, i) || gin_game_apply(g, rec->actions[i], on_event, ctx) != GIN_OK) {
            rc = GIN_EILLEGAL;
            ei = i;
            el = rec->line[i];
            break;
        }
        /* A gin is written "gin C": "knock C" says it was not one. */
        if (rec->checked && !rec->claims_gin[i] && knocked_gin(g, rec->actions[i])) {
            rc = GIN_EMISMATCH;
            ei = i + 1;
            el = rec->line[i];
            break;
        }
        /* A hand that ends must be followed by its result line. */
        if (rec->checked && !in_play(g) &&
            !(r.ci < rec->n_checks && rec->checks[r.ci].at == i + 1 && rec->checks[r.ci].kind == GIN_CHECK_RESULT)) {
            rc = GIN_EMISMATCH;
            ei = i + 1;
            el = next_line(&r, i + 1);
            break;
        }
    }
    if (err_index)
        *err_index = rc == GIN_OK ? -1 : ei;
    if (err_line)
        *err_line = rc == GIN_OK ? 0 : el;
    return rc;
}

int gin_record_replay(const gin_record *rec, gin_game *g, gin_event_fn on_event, void *ctx, int *err_index)
{
    return gin_record_replay_lines(rec, g, on_event, ctx, err_index, NULL);
}
