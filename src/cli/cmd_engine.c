/* `gin engine`: one of our bots on the bot side of the protocol
 * (docs/protocol.md), reading the referee on standard input and answering
 * on standard output. It rebuilds its seat's view from the messages
 * (gin_proto_client), so it decides exactly as the same bot in-process with
 * the same seed. Diagnostics go to standard error only. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "agents.h"
#include "commands.h"
#include "ai.h"
#include "coach.h"
#include "gin/error.h"
#include "gin/protocol.h"
#include "gin/quote.h"
#include "help.h"
#include "opts.h"
#include "trainer.h"

enum { O_LEVEL = 1000, O_THINK };

static void usage(FILE *f)
{
    fputs("usage: gin engine [--level NAME] [--think MS]\n"
          "Plays the bot protocol (docs/protocol.md) on standard input and output, so\n"
          "other programs can play against our bots; e.g. gin sim --p2 exec:'gin engine'.\n"
          "  --level NAME  the bot: ",
          f);
    static const char dflt[] = " (default hard)";
    char names[GIN_OPPONENT_NAMES_MAX], levels[GIN_OPPONENT_NAMES_MAX + sizeof dflt];
    gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
    snprintf(levels, sizeof levels, "%s%s", names, dflt);
    cli_help_wrap(f, 24, 16, levels);
    fputs("  --think MS    expert's time per decision\n"
          "  -h, --help    this text\n",
          f);
}

typedef struct engine {
    const char *level;
    int think_ms;
    gin_agent bot;
    int have_bot;
    gin_proto_client client;
    long line_no;
} engine;

static void drop_bot(engine *e)
{
    if (e->have_bot && e->bot.destroy)
        e->bot.destroy(e->bot.self);
    e->have_bot = 0;
}

static int make_bot(engine *e, uint64_t seed)
{
    drop_bot(e);
    int rc = gin_ai_create(e->level, seed, e->think_ms, &e->bot);
    if (rc != GIN_OK) {
        fprintf(stderr, "gin engine: cannot create '%s': %s\n", e->level, gin_strerror(rc));
        return rc;
    }
    e->have_bot = 1;
    return GIN_OK;
}

/* The bot sees every event after the view took it in, as under gin_match. */
static void tell_bot(void *ctx, const gin_event *ev)
{
    engine *e = ctx;
    if (e->have_bot && e->bot.observe)
        e->bot.observe(e->bot.self, &e->client.view, ev);
}

/* Write one protocol line and push it out at once, as the referee waits for
 * it. A failed write (a full disk, a closed output) ends the engine: with
 * nobody to read the answers, playing on would only consume the referee's
 * input. Returns 0, or -1 (the error stays on stdout for main to report). */
static int put_line(const char *line)
{
    if (fputs(line, stdout) != EOF && fflush(stdout) == 0)
        return 0;
    return -1; /* main says "writing standard output: REASON", once */
}

static const char *request_word(int phase)
{
    return phase == GIN_PHASE_OFFER ? "offer" : phase == GIN_PHASE_DRAW ? "draw" : "discard";
}

/* What the seat to move does in `phase`, for messages. */
static const char *phase_doing(int phase)
{
    return phase == GIN_PHASE_OFFER ? "take or pass the upcard" : phase == GIN_PHASE_DRAW ? "draw" : "discard";
}

/* A request with no hand in play (before any game, before the deal, between
 * hands; why NULL), or one that cannot be by what the seat knows (why: the
 * client's reason, as a void or a reshuffle due first): there is no
 * position to decide from, so answer with an error line the referee can
 * read instead of guessing from a view that is not the game's. */
static int refuse_request(engine *e, int phase, const char *why)
{
    const char *word = request_word(phase);
    gin_proto_msg m;
    memset(&m, 0, sizeof m);
    m.kind = GIN_PROTO_ERROR;
    if (why) {
        fprintf(stderr, "gin engine: line %ld: '%s' cannot be: %s; answered with an error\n", e->line_no, word, why);
        snprintf(m.text, sizeof m.text, "cannot answer '%s': %s", word, why);
    } else {
        const char *when = !e->client.in_game ? "before any game" : "with no hand dealt";
        fprintf(stderr, "gin engine: line %ld: asked '%s' %s; answered with an error\n", e->line_no, word, when);
        snprintf(m.text, sizeof m.text, "cannot answer '%s' %s", word, when);
    }
    char line[GIN_PROTO_LINE_MAX];
    if (gin_proto_format(&m, line, sizeof line) < 0)
        return -1;
    return put_line(line);
}

/* The client's reason for refusing m, a request, or NULL when it takes it:
 * a request waits, as every other line, for the `void` or `reshuffle` a
 * discard made due (the client changes nothing for a request it takes). */
static const char *request_refused(engine *e, const gin_proto_msg *m)
{
    if (gin_proto_client_feed(&e->client, m, NULL, NULL) == GIN_OK)
        return NULL;
    return e->client.why[0] ? e->client.why : "it does not follow from the lines before it";
}

/* Answer a request; 0, or -1 to stop (the bot or the output failed). */
static int answer(engine *e, const gin_proto_msg *m, int phase)
{
    const char *why = request_refused(e, m);
    if (why)
        return refuse_request(e, phase, why);
    if (!e->client.in_game || e->client.view.phase == GIN_PHASE_OVER)
        return refuse_request(e, phase, NULL);
    if (!e->have_bot && make_bot(e, 0) != GIN_OK)
        return -1;
    gin_view v = e->client.view;
    if (v.phase != phase || v.turn != v.seat) {
        char whose[32];
        if (v.turn == v.seat)
            snprintf(whose, sizeof whose, "my turn");
        else
            snprintf(whose, sizeof whose, "seat %d's turn", v.turn);
        fprintf(stderr, "gin engine: line %ld: asked '%s', but by my count it is %s to %s; answering anyway\n",
                e->line_no, request_word(phase), whose, phase_doing(v.phase));
        v.phase = phase; /* the referee checks the answer */
    }
    gin_action a;
    int rc = gin_agent_decide(&e->bot, &v, &a);
    if (rc != GIN_OK) {
        fprintf(stderr, "gin engine: the bot failed: %s\n", gin_strerror(rc));
        return -1;
    }
    int gin = a.kind == GIN_ACT_KNOCK && a.card != GIN_NO_CARD && gin_deadwood(v.hand & ~gin_cardset_of(a.card)) == 0;
    char buf[64 + GIN_SPREAD_TEXT_MAX];
    if (gin_proto_format_answer(a, gin, buf, sizeof buf) < 0)
        return -1;
    return put_line(buf);
}

/* An analysis spends at most this many playouts (ten times the coach's
 * default, a few seconds): the protocol allows a hundred million. */
enum { ENGINE_ANALYZE_MAX = 2000000 };

/* The analysis request: every legal answer to the decision asked, best
 * first, by the coach (the same ranking as gin advise and the table's
 * hint), as "analysis N" and N "rank" lines. A request the view does not
 * support (not this seat's turn to do that, a ring) is answered
 * "analysis 0", with the reason on standard error. */
static int analyze(engine *e, const gin_proto_msg *m)
{
    const gin_view *v = &e->client.view;
    int phase = m->result == GIN_PROTO_OFFER  ? GIN_PHASE_OFFER
                : m->result == GIN_PROTO_DRAW ? GIN_PHASE_DRAW
                                              : GIN_PHASE_DISCARD;
    static gin_coach_advice advice;
    int n = 0;
    const char *why = request_refused(e, m);
    if (why)
        fprintf(stderr, "gin engine: line %ld: 'analyze %s' cannot be: %s; answered 0\n", e->line_no,
                request_word(phase), why);
    else if (!e->client.in_game || v->phase != phase || v->turn != v->seat)
        fprintf(stderr, "gin engine: line %ld: asked to analyze '%s', which is not my decision now; answered 0\n",
                e->line_no, request_word(phase));
    else {
        /* Seed 0, as gin advise and the table: one position, one ranking.
         * The budget is bounded: an analysis reads no input, so a huge one
         * would leave `quit` unread for minutes. */
        long playouts = m->n;
        if (playouts > ENGINE_ANALYZE_MAX) {
            fprintf(stderr, "gin engine: line %ld: analyze with %ld playouts: at most %d are spent\n", e->line_no,
                    playouts, ENGINE_ANALYZE_MAX);
            playouts = ENGINE_ANALYZE_MAX;
        }
        gin_coach_opts o = {playouts, e->think_ms, 0, 1};
        n = gin_coach(v, &o, &advice);
        if (n < 0) {
            fprintf(stderr, "gin engine: cannot analyze: %s; answered 0\n", gin_strerror(n));
            n = 0;
        }
    }
    char line[GIN_PROTO_LINE_MAX];
    snprintf(line, sizeof line, "analysis %d\n", n);
    if (put_line(line) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        char move[32], reason[GIN_TRAINER_REASON_MAX];
        gin_coach_move_text(v, advice.move[i].value.action, move, sizeof move);
        gin_trainer_reason(v, &advice, i, NULL, reason, sizeof reason);
        snprintf(line, sizeof line, "rank %s points %.2f win %.4f reason %s\n", move, advice.move[i].value.points,
                 advice.move[i].value.win, reason);
        if (put_line(line) != 0)
            return -1;
    }
    return 0;
}

/* Whether line's first word (case-free) is w and more follows it on the
 * line (a NUL ends the string early: such a line is garbage, never a
 * request). */
static int first_word_is(const char *line, const char *w)
{
    line += strspn(line, " \t");
    size_t n = strlen(w);
    return !strncasecmp(line, w, n) && line[n] && strchr(" \t\r\n", line[n]);
}

/* A line that cannot be read (rc why), quoted as said. One that is a
 * request still gets an answer, as a referee waits for one: an error line
 * (`analysis 0` to `analyze`). A greeting that cannot be read is a version
 * we do not speak. Else it is only said. 0, or -1 to stop. */
static int unreadable(engine *e, const char *line, const char *said, int rc)
{
    fprintf(stderr, "gin engine: line %ld: cannot read '%s': %s\n", e->line_no, said, gin_strerror(rc));
    if (first_word_is(line, "gin")) {
        fprintf(stderr, "gin engine: no protocol version I speak (only %d)\n", GIN_PROTO_VERSION);
        return -1;
    }
    if (first_word_is(line, "analyze"))
        return put_line("analysis 0\n");
    if (!first_word_is(line, "offer") && !first_word_is(line, "draw") && !first_word_is(line, "discard"))
        return 0;
    gin_proto_msg m;
    memset(&m, 0, sizeof m);
    m.kind = GIN_PROTO_ERROR;
    snprintf(m.text, sizeof m.text, "cannot read '%s': %s", said, gin_strerror(rc));
    char out[GIN_PROTO_LINE_MAX];
    return gin_proto_format(&m, out, sizeof out) < 0 ? -1 : put_line(out);
}

/* Handle one line of len bytes (a NUL among them makes it garbage, shown
 * as \x00 like every byte that is not printable); 1 to stop (quit), -1 on
 * a fatal error, else 0. */
static int handle(engine *e, const char *line, size_t len)
{
    char said[120];
    gin_proto_msg m;
    int rc = memchr(line, '\0', len) ? GIN_EFORMAT : gin_proto_parse(line, &m);
    if (rc != GIN_OK) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            len--;
        return unreadable(e, line, gin_quote(line, len, said, sizeof said), rc);
    }
    switch (m.kind) {
    case GIN_PROTO_HELLO: {
        if (m.n != GIN_PROTO_VERSION) {
            fprintf(stderr, "gin engine: protocol version %d is not supported (only %d)\n", m.n, GIN_PROTO_VERSION);
            return -1;
        }
        char ok[GIN_PROTO_LINE_MAX];
        snprintf(ok, sizeof ok, "ok gin %s\n", e->level);
        return put_line(ok);
    }
    case GIN_PROTO_OFFER:
        return answer(e, &m, GIN_PHASE_OFFER);
    case GIN_PROTO_DRAW:
        return answer(e, &m, GIN_PHASE_DRAW);
    case GIN_PROTO_DISCARD:
        return answer(e, &m, GIN_PHASE_DISCARD);
    case GIN_PROTO_ANALYZE:
        return analyze(e, &m);
    case GIN_PROTO_ERROR: {
        char text[sizeof m.text * 4];
        fprintf(stderr, "gin engine: the referee says: %s\n", gin_proto_quote(m.text, text, sizeof text));
        return 0;
    }
    case GIN_PROTO_QUIT:
        return 1;
    case GIN_PROTO_RULES:
        /* A newer referee's knob: played without it, as protocol.md asks. */
        if (m.n > 0) {
            char knob[sizeof m.text * 4];
            fprintf(stderr, "gin engine: line %ld: the rules knob '%s' is not known to this gin: left out%s\n",
                    e->line_no, gin_proto_quote(m.text, knob, sizeof knob),
                    m.n > 1 ? ", with the others it does not know" : "");
        }
        break;
    case GIN_PROTO_GAME:
        /* A fresh bot per game, seeded as the referee says, as the simulator
         * seeds its in-process agents. */
        if (make_bot(e, m.seed) != GIN_OK)
            return -1;
        break;
    default:
        break;
    }
    rc = gin_proto_client_feed(&e->client, &m, tell_bot, e);
    if (rc != GIN_OK && e->client.why[0])
        fprintf(stderr, "gin engine: line %ld: '%s' cannot be: %s; ignored\n", e->line_no,
                gin_proto_quote(line, said, sizeof said), e->client.why);
    else if (rc != GIN_OK)
        fprintf(stderr, "gin engine: line %ld: '%s' out of order: %s\n", e->line_no,
                gin_proto_quote(line, said, sizeof said), gin_strerror(rc));
    return 0;
}

/* The next line of standard input into buf (NUL-terminated, its newline
 * kept) and its length in bytes, NULs included, into *len: 1, or 0 at the
 * end of input. A line longer than cap - 1 is read to its end and not
 * kept: *len is then more than cap - 1. */
static int read_line(char *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    int ch = EOF;
    while ((ch = getc_unlocked(stdin)) != EOF) {
        if (n < cap - 1)
            buf[n] = (char)ch;
        n++;
        if (ch == '\n')
            break;
    }
    if (n == 0)
        return 0;
    buf[n < cap - 1 ? n : cap - 1] = '\0';
    *len = n;
    return 1;
}

int gin_cmd_engine(int argc, char **argv)
{
    static engine e; /* the client holds a whole view: keep it off the stack */
    memset(&e, 0, sizeof e);
    e.level = "hard";
    static const struct option opts[] = {{"level", required_argument, 0, O_LEVEL},
                                         {"think", required_argument, 0, O_THINK},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    cli_opts o;
    cli_opts_init(&o, "gin engine", argc, argv, "h", opts);
    int c;
    long long ms;
    while ((c = cli_next(&o)) != -1) {
        switch (c) {
        case 'h':
            usage(stdout);
            return 0;
        case O_LEVEL:
            e.level = o.value;
            break;
        case O_THINK: /* as gin sim takes it */
            if (cli_int(&o, 0, 3600000, &ms) != 0)
                return CLI_USAGE;
            e.think_ms = (int)ms;
            break;
        default:
            return CLI_USAGE;
        }
    }
    if (cli_no_operands(&o))
        return CLI_USAGE;
    gin_agent probe;
    if (gin_ai_create(e.level, 1, e.think_ms, &probe) != GIN_OK) {
        char names[GIN_OPPONENT_NAMES_MAX];
        gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
        fprintf(stderr, "gin engine: --level: unknown level '%s' (%s)\n", e.level, names);
        return CLI_USAGE;
    }
    if (probe.destroy)
        probe.destroy(probe.self);
    gin_proto_client_init(&e.client);

    /* GIN_PROTO_LINE_MAX counts the newline: a line that long and its NUL
     * must fit (it was taken for too long by one byte). */
    char line[GIN_PROTO_LINE_MAX + 1];
    size_t n;
    int status = 0;
    while (read_line(line, sizeof line, &n)) {
        e.line_no++;
        if (n > GIN_PROTO_LINE_MAX || (n == GIN_PROTO_LINE_MAX && line[n - 1] != '\n')) {
            fprintf(stderr, "gin engine: line %ld is too long; ignored\n", e.line_no);
            continue;
        }
        int r = handle(&e, line, n);
        if (r != 0) {
            status = r < 0 ? 1 : 0;
            break;
        }
    }
    if (ferror(stdin)) { /* a directory, a closed descriptor: no referee to answer */
        fprintf(stderr, "gin engine: reading standard input: %s\n", strerror(errno));
        status = 1;
    }
    drop_bot(&e);
    return status;
}
