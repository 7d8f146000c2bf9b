/* `gin advise`: the coach on a position given as the lines one seat has
 * received from the referee (docs/protocol.md), ending with the request to
 * answer: every legal answer, best first, with its value and its reason.
 * The view is rebuilt exactly as `gin engine` rebuilds it (gin_proto_client),
 * so the table's `w` file, a bot's log of its input, or a hand-written
 * transcript all work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_io.h"
#include "coach.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/protocol.h"
#include "opts.h"

static void usage(FILE *f)
{
    fputs("usage: gin advise [--think MS | --playouts N] [--seed N] [--json] < TRANSCRIPT\n"
          "Reads the messages one seat has received from the referee (the bot protocol,\n"
          "docs/protocol.md; earlier requests count as answered by the moves after them),\n"
          "ending with a request (offer, draw or discard), and prints every legal answer to\n"
          "it, best first: the expected net points of the hand for that seat, the chance to\n"
          "win the game, and why. At the table, w writes such a file.\n"
          "  --think MS     analyse as the expert does in MS milliseconds\n"
          "  --playouts N   the analysis budget in playouts (default 200000, more than the\n"
          "                 expert spends on a move)\n"
          "  --seed N       the analysis seed (default 0; the answer is the same every run)\n"
          "  --json         one JSON object: {\"request\": ..., \"moves\": [{\"move\", \"points\",\n"
          "                 \"points_se\", \"win\", \"win_se\", \"gap\", \"reason\"}, ...]}\n"
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
        if ((rc = gin_proto_client_feed(c, &m, NULL, NULL)) != GIN_OK) {
            cli_line_error(r.number, "'%s' does not follow from the lines before it (%s)", said, gin_strerror(rc));
            last = -2;
            break;
        }
        int req = m.kind == GIN_PROTO_OFFER || m.kind == GIN_PROTO_DRAW || m.kind == GIN_PROTO_DISCARD;
        last = req ? m.kind : -1;
        *req_line = r.number;
    }
    int bad = r.bad_lines || r.no_memory || ferror(stdin);
    long lines = r.number;
    cli_lines_free(&r);
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

static void print_text(const gin_view *v, int req, const gin_coach_move *mv, int n)
{
    printf("%s: %d answer%s, best first (points: expected net points of the hand; win: chance to win the game,\n"
           "and how far below the best)\n",
           request_word(req), n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        char move[24];
        gin_coach_move_text(v, mv[i].value.action, move, sizeof move);
        printf("%2d. %-11s %+6.1f points  win %3.0f%%", i + 1, move, mv[i].value.points, 100.0 * mv[i].value.win);
        printf(i > 0 ? " (%+5.1f)  " : "          ", mv[i].value.gap);
        printf("%s\n", mv[i].reason);
    }
}

static void print_json(const gin_view *v, int req, const gin_coach_move *mv, int n)
{
    printf("{\"request\": \"%s\", \"moves\": [", request_word(req));
    for (int i = 0; i < n; i++) {
        char move[24];
        gin_coach_move_text(v, mv[i].value.action, move, sizeof move);
        const gin_move_value *x = &mv[i].value;
        printf("%s{\"move\": \"%s\", \"points\": %.2f, \"points_se\": %.2f, \"win\": %.4f, \"win_se\": %.4f, "
               "\"gap\": %.2f, \"reason\": ",
               i ? ", " : "", move, x->points, x->points_se, x->win, x->win_se, x->gap);
        cli_json_string(stdout, mv[i].reason);
        putchar('}');
    }
    printf("]}\n");
}

int gin_cmd_advise(int argc, char **argv)
{
    gin_coach_opts co = {0, 0, 0, 0};
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
            co.think_ms = (int)n;
            break;
        case O_PLAYOUTS:
            if (cli_int(&o, 1, 100000000, &n) != 0)
                return CLI_USAGE;
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
    gin_coach_move mv[GIN_ANALYSIS_MAX];
    int count = gin_coach(&client.view, &co, mv, GIN_ANALYSIS_MAX);
    if (count <= 0) {
        fprintf(stderr, "gin advise: the analysis failed: %s\n", count < 0 ? gin_strerror(count) : "no legal answer");
        return 1;
    }
    if (json)
        print_json(&client.view, req, mv, count);
    else
        print_text(&client.view, req, mv, count);
    return 0;
}
