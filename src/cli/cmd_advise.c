/* `gin advise`: the coach on a position given as the lines one seat has
 * received from the referee (docs/protocol.md), ending with the request to
 * answer: every legal answer, best first, with its value and its reason.
 * The view is rebuilt exactly as `gin engine` rebuilds it (gin_proto_client),
 * so the table's `w` file, a bot's log of its input, or a hand-written
 * transcript all work. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_io.h"
#include "coach.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/protocol.h"
#include "opts.h"
#include "trainer.h"
#include "ui.h"

static void usage(FILE *f)
{
    fputs("usage: gin advise [--think MS | --playouts N] [--seed N] [--json] < TRANSCRIPT\n"
          "Reads the messages one seat has received from the referee (the bot protocol,\n"
          "docs/protocol.md; earlier requests count as answered by the moves after them),\n"
          "ending with a request (offer, draw or discard), and prints every legal answer to\n"
          "it, best first by the chance to win the game (by points in Hollywood or with no\n"
          "target): that chance, the gap to the best in it (\"about equal\" within the\n"
          "noise), the expected net points of the hand for that seat, and why. At the\n"
          "table, w writes such a file.\n"
          "  --think MS     analyse as the expert does in MS milliseconds\n"
          "  --playouts N   the analysis budget in playouts (default 200000, more than the\n"
          "                 expert spends on a move; an obvious move takes far fewer)\n"
          "  --seed N       the analysis seed (default 0; the answer is the same every run)\n"
          "  --json         one JSON object: {\"request\", \"ranked_by\": \"win\" or \"points\",\n"
          "                 \"close\", \"moves\": [{\"move\", \"points\", \"points_se\", \"win\",\n"
          "                 \"win_se\", \"gap\", \"gap_se\", \"equal\", \"deadwood\", \"outs\",\n"
          "                 \"live_outs\", \"reason\"}, ...]}; gap in the ranking field's unit\n"
          "  -h, --help     this text\n"
          "Bad input: 'line N: what is wrong' on standard error, exit 1.\n",
          f);
}

enum { O_THINK = 1000, O_PLAYOUTS, O_SEED, O_JSON };
static const struct option advise_opts[] = {{"think", required_argument, 0, O_THINK},
                                            {"playouts", required_argument, 0, O_PLAYOUTS},
                                            {"seed", required_argument, 0, O_SEED},
                                            {"json", no_argument, 0, O_JSON},
                                            {"help", no_argument, 0, 'h'},
                                            {0, 0, 0, 0}};

static const char *request_word(int kind)
{
    return kind == GIN_PROTO_OFFER ? "offer" : kind == GIN_PROTO_DRAW ? "draw" : "discard";
}

static int request_phase(int kind)
{
    return kind == GIN_PROTO_OFFER ? GIN_PHASE_OFFER : kind == GIN_PROTO_DRAW ? GIN_PHASE_DRAW : GIN_PHASE_DISCARD;
}

/* Read the transcript into c; the last request's kind and line, or -1
 * after reporting what is wrong. */
static int read_transcript(gin_proto_client *c, long *req_line)
{
    cli_lines r = {stdin, NULL, 0, 0, 0, 0, 1};
    int last = -1;
    char *s;
    gin_proto_client_init(c);
    while ((s = cli_lines_next(&r))) {
        gin_proto_msg m;
        char said[96];
        gin_proto_quote(s, said, sizeof said);
        int rc = gin_proto_parse(s, &m);
        if (rc != GIN_OK) {
            cli_line_error(r.number, "'%s' is not a referee message of the bot protocol (%s)", said, gin_strerror(rc));
            last = -2;
            break;
        }
        /* An analysis is of the rules in force: a knob not known here is
         * refused, not left out as a bot playing on may. */
        if (m.kind == GIN_PROTO_RULES && m.n > 0) {
            char knob[sizeof m.text * 4];
            cli_line_error(r.number, "the rules knob '%s' is not known to this gin",
                           gin_proto_quote(m.text, knob, sizeof knob));
            last = -2;
            break;
        }
        if ((rc = gin_proto_client_feed(c, &m, NULL, NULL)) != GIN_OK) {
            if (c->why[0])
                cli_line_error(r.number, "'%s' cannot be: %s", said, c->why);
            else
                cli_line_error(r.number, "'%s' does not follow from the lines before it (%s)", said, gin_strerror(rc));
            last = -2;
            break;
        }
        int req = m.kind == GIN_PROTO_OFFER || m.kind == GIN_PROTO_DRAW || m.kind == GIN_PROTO_DISCARD;
        last = req ? m.kind : -1;
        *req_line = r.number;
    }
    int read_errno = ferror(stdin) ? errno : 0, bad = r.bad_lines || r.no_memory || read_errno;
    long lines = r.number;
    cli_lines_free(&r);
    if (r.no_memory)
        fprintf(stderr, "gin advise: out of memory for the line buffer\n");
    if (read_errno)
        fprintf(stderr, "gin advise: reading standard input: %s\n", strerror(read_errno));
    if (bad || last == -2)
        return -1;
    if (last < 0) {
        if (lines == 0)
            fprintf(stderr, "gin advise: no input: give the lines a seat received, ending with a request\n");
        else
            cli_line_error(lines, "the transcript must end with a request (offer, draw or discard)");
        return -1;
    }
    return last;
}

/* The view must be at the request's decision, on the seat's turn. */
static int check_turn(const gin_proto_client *c, int req, long line)
{
    const gin_view *v = &c->view;
    if (!c->in_game || v->phase == GIN_PHASE_OVER) {
        cli_line_error(line, "'%s' is asked with no hand in play", request_word(req));
        return -1;
    }
    if (v->phase != request_phase(req) || v->turn != v->seat) {
        cli_line_error(line, "'%s' is asked, but by the transcript it is %s turn to %s", request_word(req),
                       v->turn == v->seat ? "your" : "the other seat's",
                       v->phase == GIN_PHASE_OFFER  ? "take or pass"
                       : v->phase == GIN_PHASE_DRAW ? "draw"
                                                    : "discard");
        return -1;
    }
    if (v->seats != 2) {
        cli_line_error(line, "the coach analyses two seats only; this table has %d", v->seats);
        return -1;
    }
    return 0;
}

/* The page is 80 columns: a reason wraps under its move, indented. */
enum { PAGE_WIDTH = 80, REASON_INDENT = 4 };

static void put_row(void *ctx, const char *row, int len, int indent)
{
    (void)ctx;
    printf("%*s%.*s\n", indent, "", len, row);
}

static void print_text(const gin_view *v, int req, const gin_coach_advice *a)
{
    printf("%s: %d answer%s, best first, %s.\n"
           "Gaps in %s; about equal: within the noise.\n",
           request_word(req), a->n, a->n == 1 ? "" : "s", gin_trainer_measure(a),
           a->measure == GIN_COACH_BY_WIN ? "percentage points of that chance" : "points");
    for (int i = 0; i < a->n; i++) {
        const gin_coach_move *m = &a->move[i];
        char move[24], then[24] = "", value[32], other[32], gap[32], reason[GIN_TRAINER_REASON_MAX + 8];
        gin_coach_move_text(v, m->value.action, move, sizeof move);
        if (m->facts.then.kind >= 0) {
            gin_view after = *v;
            after.hand |= gin_cardset_of(a->top);
            gin_coach_move_text(&after, m->facts.then, then, sizeof then);
        }
        gin_trainer_value(a, i, 0, value, sizeof value);
        gin_trainer_value(a, i, 1, other, sizeof other);
        gin_trainer_gap(a, i, gap, sizeof gap);
        printf("%2d. %-11s%-11s %-12s %s%s%s\n", i + 1, move, value, gap, other, *then ? "  then " : "", then);
        snprintf(reason, sizeof reason, "%*s", REASON_INDENT, "");
        gin_trainer_reason(v, a, i, NULL, reason + REASON_INDENT, sizeof reason - REASON_INDENT);
        gin_ui_wrap(reason, PAGE_WIDTH, put_row, NULL);
    }
}

/* A value in its field's unit: a chance with four decimals, points with two. */
static void json_number(const char *key, double x, int chance)
{
    printf(chance ? ", \"%s\": %.4f" : ", \"%s\": %.2f", key, x);
}

static void print_json(const gin_view *v, int req, const gin_coach_advice *a)
{
    int by_win = a->measure == GIN_COACH_BY_WIN;
    printf("{\"request\": \"%s\", \"ranked_by\": \"%s\", \"close\": %s, \"moves\": [", request_word(req),
           by_win ? "win" : "points", a->close ? "true" : "false");
    for (int i = 0; i < a->n; i++) {
        const gin_coach_move *m = &a->move[i];
        const gin_move_value *x = &m->value;
        char move[24], reason[GIN_TRAINER_REASON_MAX];
        gin_coach_move_text(v, x->action, move, sizeof move);
        printf("%s{\"move\": \"%s\"", i ? ", " : "", move);
        if (m->facts.then.kind >= 0) {
            gin_view after = *v;
            after.hand |= gin_cardset_of(a->top);
            gin_coach_move_text(&after, m->facts.then, move, sizeof move);
            printf(", \"then\": \"%s\"", move);
        }
        json_number("points", x->points, 0);
        json_number("points_se", x->points_se, 0);
        json_number("win", x->win, 1);
        json_number("win_se", x->win_se, 1);
        json_number("gap", m->gap, by_win);
        json_number("gap_se", m->gap_se, by_win);
        printf(", \"equal\": %s, \"deadwood\": %d, \"outs\": %d, \"live_outs\": %d", m->equal ? "true" : "false",
               m->facts.deadwood, m->facts.outs, m->facts.live_outs);
        if (x->action.kind == GIN_ACT_KNOCK && m->facts.deadwood > 0)
            json_number("undercut", m->facts.undercut, 1);
        gin_trainer_reason(v, a, i, NULL, reason, sizeof reason);
        printf(", \"reason\": ");
        cli_json_string(stdout, reason);
        putchar('}');
    }
    printf("]}\n");
}

int gin_cmd_advise(int argc, char **argv)
{
    gin_coach_opts co = {0, 0, 0, -1};
    int json = 0, c;
    long long n;
    cli_opts o;
    cli_opts_init(&o, "gin advise", argc, argv, "h", advise_opts);
    while ((c = cli_next(&o)) != -1) {
        switch (c) {
        case 'h':
            usage(stdout);
            return 0;
        case O_THINK:
            if (cli_int(&o, 1, 600000, &n) != 0)
                return CLI_USAGE;
            if (co.playouts)
                return cli_bad(&o, "--think and --playouts do not go together: the budget is one or the other");
            co.think_ms = (int)n;
            break;
        case O_PLAYOUTS:
            if (cli_int(&o, 1, 100000000, &n) != 0)
                return CLI_USAGE;
            if (co.think_ms)
                return cli_bad(&o, "--think and --playouts do not go together: the budget is one or the other");
            co.playouts = (long)n;
            break;
        case O_SEED:
            if (cli_seed(&o, &co.seed) != 0)
                return CLI_USAGE;
            break;
        case O_JSON:
            json = 1;
            break;
        default:
            return CLI_USAGE;
        }
    }
    if (cli_no_operands(&o))
        return CLI_USAGE;
    static gin_proto_client client;
    long line = 0;
    int req = read_transcript(&client, &line);
    if (req < 0 || check_turn(&client, req, line) != 0)
        return 1;
    static gin_coach_advice advice;
    int count = gin_coach(&client.view, &co, &advice);
    if (count <= 0) {
        fprintf(stderr, "gin advise: the analysis failed: %s\n", count < 0 ? gin_strerror(count) : "no legal answer");
        return 1;
    }
    if (json)
        print_json(&client.view, req, &advice);
    else
        print_text(&client.view, req, &advice);
    return 0;
}
