/* The review's texts (game_review.h): the graph of the chance to win, the page,
 * and the JSON object. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gin/action.h"
#include "game_review.h"

typedef struct out {
    char *buf;
    size_t cap, len;
    int full; /* 1: something did not fit */
} out;

static void out_init(out *o, char *buf, size_t cap)
{
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    o->full = 0;
    buf[0] = '\0';
}

static void add(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->cap - o->len) {
        o->full = 1;
        o->buf[o->len] = '\0'; /* whole pieces only */
        return;
    }
    o->len += (size_t)n;
}

/* Display columns of a UTF-8 text: one a code point (the card glyphs and
 * the blocks are single-width). */
static int columns(const char *s, size_t len)
{
    int w = 0;
    for (size_t i = 0; i < len; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

/* A paragraph as lines of at most width columns (a word longer than a
 * line overflows it), the first starting at column `first` (the caller
 * has written that much), the others indented by `indent`. */
static void wrap(out *o, const char *text, int first, int indent, int width)
{
    int col = first, fresh = 1;
    for (const char *s = text; *s;) {
        if (*s == ' ') {
            s++;
            continue;
        }
        size_t len = strcspn(s, " ");
        int w = columns(s, len);
        if (!fresh && col + 1 + w > width) {
            add(o, "\n%*s", indent, "");
            col = indent;
            fresh = 1;
        }
        if (!fresh) {
            add(o, " ");
            col++;
        }
        add(o, "%.*s", (int)len, s);
        col += w;
        fresh = 0;
        s += len;
    }
    add(o, "\n");
}

/* The graph's cells: eighths of a row filled, 0 to 8. */
static void cell(out *o, int eighths, int utf8)
{
    static const char *const blocks[9] = {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    static const char ascii[9] = {' ', '.', '.', '.', '+', '+', '+', '+', '#'};
    eighths = eighths < 0 ? 0 : eighths > 8 ? 8 : eighths;
    if (utf8)
        add(o, "%s", blocks[eighths]);
    else
        add(o, "%c", ascii[eighths]);
}

enum { LABEL = 6, GRAPH_COLS_MAX = 512, VERDICT_AT = 44, INDENT = 12 };

/* Column j's first decision, when `c` columns hold n decisions. */
static int first_of(int j, int n, int c) { return (int)((long)j * n / c); }

static char mark_of(const gin_review_game *g, int j, int c)
{
    int lo = first_of(j, g->n, c), hi = first_of(j + 1, g->n, c);
    for (int i = lo; i < hi; i++)
        if (g->d[i].verdict >= GIN_VERDICT_MISTAKE)
            return '^';
    if (j > 0 && fabs(g->d[lo].win - g->d[first_of(j - 1, g->n, c)].win) * 100.0 >= GIN_REVIEW_SWING)
        return '*';
    return ' ';
}

/* The row of hand numbers: each where its first decision's column is,
 * when there is room after the number before and a space between (labels
 * that touch read as one number: 3 and 4 as "34"). */
static void hands_row(out *o, const gin_review_game *g, int c)
{
    add(o, "%-*s", LABEL, "hand");
    int col = 0, free_at = 0; /* printed up to col; the next label from free_at */
    for (int j = 0; j < c; j++) {
        int lo = first_of(j, g->n, c), hi = first_of(j + 1, g->n, c), start = 0;
        for (int i = lo; i < hi && !start; i++)
            start = i == 0 || g->d[i].hand != g->d[i - 1].hand ? g->d[i].hand : 0;
        if (start && free_at <= j) {
            char num[12];
            int w = snprintf(num, sizeof num, "%d", start);
            if (j + w <= c) {
                add(o, "%*s%s", j - col, "", num);
                col = j + w;
                free_at = col + 1;
            }
        }
    }
    add(o, "\n");
}

int gin_review_graph(const gin_review_game *g, int utf8, int width, char *buf, size_t cap)
{
    if (!g || !buf || !cap || width < 20)
        return -1;
    out o;
    out_init(&o, buf, cap);
    if (g->n <= 0)
        return 0;
    int room = width - LABEL < GRAPH_COLS_MAX ? width - LABEL : GRAPH_COLS_MAX;
    int c = g->n < room ? g->n : room;
    for (int r = GIN_REVIEW_GRAPH_ROWS - 1; r >= 0; r--) {
        const char *label = r == GIN_REVIEW_GRAPH_ROWS - 1       ? "100% |"
                            : r == GIN_REVIEW_GRAPH_ROWS / 2 - 1 ? " 50% |"
                            : r == 0                             ? "  0% |"
                                                                 : "     |";
        add(&o, "%s", label);
        for (int j = 0; j < c; j++) {
            double win = g->d[first_of(j, g->n, c)].win;
            cell(&o, (int)lround(win * GIN_REVIEW_GRAPH_ROWS * 8) - r * 8, utf8);
        }
        add(&o, "\n");
    }
    add(&o, "%*s", LABEL, "");
    for (int j = 0; j < c; j++)
        add(&o, "%c", mark_of(g, j, c));
    add(&o, "\n");
    hands_row(&o, g, c);
    return o.full ? -1 : (int)o.len;
}

/* What was given up, in the measure's unit as shown: "6.2" (percentage
 * points) or "2.5 points". */
static void lost_words(const gin_review_decision *d, char *buf, size_t cap)
{
    if (d->measure == GIN_COACH_BY_WIN)
        snprintf(buf, cap, "%.1f", 100.0 * d->lost);
    else
        snprintf(buf, cap, "%.1f point%s", d->lost, fabs(d->lost - 1.0) < 0.05 ? "" : "s");
}

/* The verdict in short: "best", "best (about equal, 0.4 behind)",
 * "mistake: 6.2 given up". */
static void verdict_words(const gin_review_decision *d, char *buf, size_t cap)
{
    char lost[32];
    lost_words(d, lost, sizeof lost);
    if (d->rank == 1)
        snprintf(buf, cap, "best");
    else if (d->verdict == GIN_VERDICT_BEST)
        snprintf(buf, cap, "best (%s, %s behind)", d->equal ? "about equal" : "close", lost);
    else
        snprintf(buf, cap, "%s: %s given up", gin_review_verdict_word(d->verdict), lost);
}

/* The best move, the chances (by the chance to win) and why. */
static void best_words(const gin_review_decision *d, char *buf, size_t cap)
{
    char chance[48] = "";
    if (d->measure == GIN_COACH_BY_WIN)
        snprintf(chance, sizeof chance, " (win %.0f%%, yours %.0f%%)", 100.0 * d->win, 100.0 * d->win_played);
    snprintf(buf, cap, "Best: %s%s. %s", d->best_text, chance, d->reason);
}

int gin_review_verdict_text(const gin_review_decision *d, char *buf, size_t cap)
{
    if (!d || !buf || !cap)
        return -1;
    char lost[64], best[GIN_TRAINER_MOVE_MAX + GIN_TRAINER_REASON_MAX + 96];
    if (d->measure == GIN_COACH_BY_WIN)
        snprintf(lost, sizeof lost, "%.1f%% of the chance to win", 100.0 * d->lost);
    else
        snprintf(lost, sizeof lost, "%.1f point%s", d->lost, fabs(d->lost - 1.0) < 0.05 ? "" : "s");
    best_words(d, best, sizeof best);
    int n;
    if (d->rank == 1)
        n = snprintf(buf, cap, "Coach: the best move.");
    else if (d->verdict == GIN_VERDICT_BEST)
        n = snprintf(buf, cap, "Coach: %s the best, %s behind it. %s", d->equal ? "about equal to" : "close to", lost,
                     best);
    else
        n = snprintf(buf, cap, "Coach: %s %s, %s given up. %s", d->verdict == GIN_VERDICT_INACCURACY ? "an" : "a",
                     gin_review_verdict_word(d->verdict), lost, best);
    return n < 0 ? 0 : (size_t)n >= cap ? (int)cap - 1 : n;
}

/* One decision: its line, and for a verdict below best, the best move and why. */
static void decision_text(out *o, const gin_review_decision *d, int width)
{
    char verdict[96];
    verdict_words(d, verdict, sizeof verdict);
    char head[160];
    int n = snprintf(head, sizeof head, "  turn %-3d %s", d->turn, d->move_text);
    int w = columns(head, n > 0 ? (size_t)n : 0), vw = (int)strlen(verdict);
    int pad = VERDICT_AT - w > 2 ? VERDICT_AT - w : 2;
    if (w + pad + vw <= width)
        add(o, "%s%*s%s\n", head, pad, "", verdict);
    else
        add(o, "%s\n%*s%s\n", head, INDENT, "", verdict);
    if (d->verdict == GIN_VERDICT_BEST)
        return;
    char line[GIN_TRAINER_MOVE_MAX + GIN_TRAINER_REASON_MAX + 96];
    best_words(d, line, sizeof line);
    add(o, "%*s", INDENT, "");
    wrap(o, line, INDENT, INDENT, width);
}

static const char *plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

/* The summary, the measure and the thresholds. */
static void summary_text(out *o, const gin_review_game *g, int width)
{
    char line[512];
    const int *k = g->counts;
    snprintf(line, sizeof line, "Your game: %d decision%s, accuracy %.0f%% (%d best, %d %s, %d %s, %d %s).", g->n,
             plural(g->n, "", "s"), g->accuracy, k[0], k[1], plural(k[1], "inaccuracy", "inaccuracies"), k[2],
             plural(k[2], "mistake", "mistakes"), k[3], plural(k[3], "blunder", "blunders"));
    wrap(o, line, 0, 2, width);
    int win = g->measure == GIN_COACH_BY_WIN;
    if (win)
        snprintf(line, sizeof line,
                 "Judged by the chance to win the game, given up in percentage points of it: best under %.0f (or "
                 "about equal to the best), inaccuracy from %.0f, mistake from %.0f, blunder from %.0f.",
                 GIN_REVIEW_INACCURACY_WIN, GIN_REVIEW_INACCURACY_WIN, GIN_REVIEW_MISTAKE_WIN, GIN_REVIEW_BLUNDER_WIN);
    else
        snprintf(line, sizeof line,
                 "Judged by the points each hand should bring (no one game's chance to weigh): best under %.0f point "
                 "(or about equal to the best), inaccuracy from %.0f, mistake from %.0f, blunder from %.0f.",
                 GIN_REVIEW_INACCURACY_POINTS, GIN_REVIEW_INACCURACY_POINTS, GIN_REVIEW_MISTAKE_POINTS,
                 GIN_REVIEW_BLUNDER_POINTS);
    wrap(o, line, 0, 2, width);
    if (g->dropped) {
        snprintf(line, sizeof line, "The last %d decisions were not reviewed (more than %d).", g->dropped,
                 GIN_REVIEW_DECISIONS);
        wrap(o, line, 0, 2, width);
    }
}

int gin_review_page(const gin_review_game *g, int utf8, int width, char *buf, size_t cap)
{
    if (!g || !buf || !cap)
        return -1;
    width = width < 40 ? 40 : width;
    out o;
    out_init(&o, buf, cap);
    summary_text(&o, g, width);
    if (g->n > 0) {
        char graph[8192], head[256];
        snprintf(head, sizeof head,
                 "The chance to win %s before each of your decisions (^ your mistake or blunder, * a swing of %.0f "
                 "points or more):",
                 g->measure == GIN_COACH_BY_WIN ? "the game" : "the hand", GIN_REVIEW_SWING);
        add(&o, "\n");
        wrap(&o, head, 0, 2, width);
        if (gin_review_graph(g, utf8, width, graph, sizeof graph) > 0)
            add(&o, "%s", graph);
    }
    for (int i = 0; i < g->n; i++) {
        if (i == 0 || g->d[i].hand != g->d[i - 1].hand)
            add(&o, "\nHand %d\n", g->d[i].hand);
        decision_text(&o, &g->d[i], width);
    }
    return (int)o.len;
}

/* A JSON string: quotes, backslashes and control characters escaped;
 * UTF-8 as it is. */
static void json_string(out *o, const char *s)
{
    add(o, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            add(o, "\\%c", c);
        else if (c < 0x20)
            add(o, "\\u%04x", c);
        else
            add(o, "%c", c);
    }
    add(o, "\"");
}

static void json_decision(out *o, const gin_review_decision *d)
{
    static const char *const phases[] = {"offer", "draw", "discard"};
    int ph = d->phase == GIN_PHASE_OFFER ? 0 : d->phase == GIN_PHASE_DRAW ? 1 : 2;
    add(o, "{\"hand\": %d, \"turn\": %d, \"phase\": \"%s\", \"move\": ", d->hand, d->turn, phases[ph]);
    json_string(o, d->move_code);
    add(o, ", \"best\": ");
    json_string(o, d->best_code);
    if (d->then.kind >= 0) {
        char then[24] = "";
        gin_action_format(d->then, 0, then, sizeof then);
        add(o, ", \"then\": ");
        json_string(o, then);
    }
    add(o,
        d->measure == GIN_COACH_BY_WIN ? ", \"rank\": %d, \"of\": %d, \"lost\": %.4f"
                                       : ", \"rank\": %d, \"of\": %d, \"lost\": %.2f",
        d->rank, d->of, d->lost);
    add(o, ", \"equal\": %s, \"win\": %.4f, \"win_played\": %.4f, \"verdict\": \"%s\", \"reason\": ",
        d->equal ? "true" : "false", d->win, d->win_played, gin_review_verdict_word(d->verdict));
    json_string(o, d->reason);
    add(o, "}");
}

int gin_review_json(const gin_review_game *g, char *buf, size_t cap)
{
    if (!g || !buf || !cap)
        return -1;
    out o;
    out_init(&o, buf, cap);
    int win = g->measure == GIN_COACH_BY_WIN;
    add(&o, "{\"ranked_by\": \"%s\", \"playouts\": %ld, \"accuracy\": %.1f, ", win ? "win" : "points", g->playouts,
        g->accuracy);
    add(&o, win ? "\"lost\": %.4f, " : "\"lost\": %.2f, ", g->lost);
    add(&o, "\"counts\": {\"best\": %d, \"inaccuracy\": %d, \"mistake\": %d, \"blunder\": %d}, \"dropped\": %d, ",
        g->counts[0], g->counts[1], g->counts[2], g->counts[3], g->dropped);
    add(&o, "\"decisions\": [");
    for (int i = 0; i < g->n; i++) {
        add(&o, "%s", i ? ", " : "");
        json_decision(&o, &g->d[i]);
    }
    add(&o, "]}\n");
    return o.full ? -1 : (int)o.len;
}
