/* `gin history`: the games kept in the history (src/store/history.h),
 * newest first, as a table or one JSON object. Reads only: a damaged
 * entry is listed as damaged, and the table moves it aside later. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_io.h"
#include "commands.h"
#include "help.h"
#include "history.h"
#include "opts.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gin history [--json]\n"
            "The games the table kept, newest first: each game you finished, resigned or\n"
            "did not resume, practice and tables too, the last %d. For each: its number,\n"
            "the date (UTC), the bot, the rules, the result, whether it counted in the\n"
            "statistics, and the score (yours first; at a table, penalty points, on the\n"
            "row under when they are wider than the column).\n"
            "'gin replay N' plays game N back; its seed (in --json) deals it again.\n\n"
            "  --json      one JSON object instead of the table (its fields: man 6 gin)\n"
            "  -h, --help  this text\n\n"
            "Kept in $XDG_STATE_HOME/gin/history/ (default ~/.local/state/gin/history/),\n"
            "a file a game.\n",
            GIN_HISTORY_MAX);
}

static void score_text(const gin_history_info *h, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < h->players && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%d", i ? "-" : "", h->score[i]);
}

static void opponent_text(const gin_history_info *h, char *buf, size_t cap)
{
    if (h->players > 2)
        snprintf(buf, cap, "%d %s", h->players - 1, h->level);
    else
        snprintf(buf, cap, "%s", h->level);
}

/* The columns: the line stays within LINE_W. RULES_AT and SCORE_AT are
 * where the Rules and Score columns start; SCORE_W is what is left. */
enum { LINE_W = 80, RULES_W = 20, RULES_AT = 35, SCORE_AT = 73, SCORE_W = LINE_W - SCORE_AT };
_Static_assert(RULES_AT == 5 + 2 + 16 + 2 + 8 + 2 && SCORE_AT == RULES_AT + RULES_W + 2 + 9 + 2 + 3 + 2,
               "the columns of text_line's format");

/* The length of the rules label's first row from `s`: whole ", "-separated
 * parts while they fit RULES_W (at least one part, however long). */
static size_t rules_row(const char *s)
{
    size_t len = strlen(s), end = 0;
    for (const char *p = strstr(s, ", "); p; p = strstr(p + 2, ", ")) {
        size_t at = (size_t)(p - s) + 1; /* keep the comma on this row */
        if (at > RULES_W)
            break;
        end = at;
    }
    return len <= RULES_W || !end ? len : end;
}

/* A row under the game's line: the rest of its rules label from `rules`
 * (row bytes, at the Rules column) and, when `score` is not NULL, the score
 * ending at the line's end. */
static void under_row(const char *rules, size_t row, const char *score)
{
    int at = RULES_AT + (int)row;
    printf("%*s%.*s", row ? RULES_AT : 0, "", (int)row, rules);
    if (score)
        printf("%*s", LINE_W - (row ? at : 0), score);
    putchar('\n');
}

static void text_line(int id, const gin_kept *k, const gin_history_info *h)
{
    if (k->state != GIN_KEPT_LOADED) { /* why it is not listed, under its number, in 80 columns */
        printf("%5d  ", id);
        cli_help_wrap(stdout, 7, 7, k->why[0] ? k->why : "gone");
        return;
    }
    char date[24], opp[32], score[64];
    snprintf(date, sizeof date, "%.10s %.5s", h->date, h->date + 11);
    opponent_text(h, opp, sizeof opp);
    score_text(h, score, sizeof score);
    /* A label longer than its column ("standard, knock upcard") goes on
     * under it, broken after a comma. A score longer than its column (a
     * table of four: "104-101-32-21") goes whole on the row under, ending
     * where the Score column ends, into the Result and Cnt columns that
     * row leaves empty: every total stays on one row, yours first. */
    const char *rules = h->rules;
    size_t row = rules_row(rules), len = strlen(score);
    int fits = len <= SCORE_W;
    printf("%5d  %-16s  %-8s  %-*.*s  %-9s  %-*s%s%s\n", id, date, opp, RULES_W, (int)row, rules, h->result,
           fits ? 3 : 0, h->counted ? "yes" : "no", fits ? "  " : "", fits ? score : "");
    const char *late = fits ? NULL : score;
    for (rules += row; *rules;) {
        rules += strspn(rules, " ");
        row = rules_row(rules);
        int room = late && RULES_AT + (int)row + 2 + (int)len <= LINE_W;
        under_row(rules, row, room ? late : NULL);
        late = room ? NULL : late;
        rules += row;
    }
    if (late)
        under_row("", 0, late);
}

static void json_entry(int id, const gin_kept *k, const gin_history_info *h, uint64_t seed, int first)
{
    printf("%s{\"number\":%d,\"file\":", first ? "" : ",", id);
    cli_json_string(stdout, k->path);
    if (k->state != GIN_KEPT_LOADED) {
        fputs(",\"error\":", stdout);
        cli_json_string(stdout, k->why[0] ? k->why : "gone");
        fputs("}", stdout);
        return;
    }
    printf(",\"date\":\"%s\",\"level\":\"%s\",\"rules\":", h->date, h->level);
    cli_json_string(stdout, h->rules);
    printf(",\"players\":%d,\"human\":%d,\"practice\":%s,\"counted\":%s,\"result\":\"%s\",\"hands\":%d,\"scores\":[",
           h->players, h->human, h->practice ? "true" : "false", h->counted ? "true" : "false", h->result, h->hands);
    for (int i = 0; i < h->players; i++)
        printf("%s%d", i ? "," : "", h->score[i]);
    printf("],\"seed\":\"%" PRIu64 "\"}", seed); /* a string: JSON numbers lose 64-bit digits */
}

int gin_cmd_history(int argc, char **argv)
{
    enum { O_JSON = 256 };
    static const struct option longopts[] = {
        {"json", no_argument, NULL, O_JSON}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    int json = 0, c;
    cli_opts o;
    cli_opts_init(&o, "gin history", argc, argv, "h", longopts);
    while ((c = cli_next(&o)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        }
        if (c == '?')
            return CLI_USAGE;
        json = 1;
    }
    if (cli_no_operands(&o))
        return CLI_USAGE;
    static int ids[GIN_HISTORY_MAX * 4];
    char why[1200];
    int n = gin_history_list(ids, (int)(sizeof ids / sizeof ids[0]), why, sizeof why);
    if (n < 0) {
        fprintf(stderr, "gin history: %s\n", why);
        return 1;
    }
    gin_record *rec = malloc(sizeof *rec);
    static gin_kept k;
    if (!rec) {
        fputs("gin history: out of memory\n", stderr);
        return 1;
    }
    int bad = 0, shown = 0;
    if (json)
        fputs("{\"games\":[", stdout);
    else if (n == 0)
        puts("No games in the history yet.");
    else
        printf("%5s  %-16s  %-8s  %-20s  %-9s  %-3s  %s\n", "No.", "Date (UTC)", "Bot", "Rules", "Result", "Cnt",
               "Score");
    for (int i = 0; i < n; i++) {
        gin_history_info h;
        int st = gin_history_read(ids[i], &k, &h, rec);
        bad |= st != GIN_KEPT_LOADED && st != GIN_KEPT_ABSENT;
        if (st == GIN_KEPT_ABSENT)
            continue; /* dropped by a table since it was listed */
        if (json)
            json_entry(ids[i], &k, &h, rec->seed, shown++ == 0);
        else
            text_line(ids[i], &k, &h);
    }
    if (json)
        fputs("]}\n", stdout);
    else if (n > 0)
        puts("\nCnt: counted in the statistics. 'gin replay N' plays game N back.");
    free(rec);
    return bad;
}
