/* `gin engine`: one of our bots on the bot side of the protocol
 * (docs/protocol.md), reading the referee on standard input and answering
 * on standard output. It rebuilds its seat's view from the messages
 * (gin_proto_client), so it decides exactly as the same bot in-process with
 * the same seed. Diagnostics go to standard error only. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agents.h"
#include "commands.h"
#include "ai.h"
#include "gin/error.h"
#include "gin/protocol.h"

static void usage(FILE *f)
{
    fputs("usage: gin engine [--level NAME] [--think MS]\n"
          "Plays the bot protocol (docs/protocol.md) on standard input and output, so\n"
          "other programs can play against our bots; e.g. gin sim --p2 exec:'gin engine'.\n"
          "  --level NAME  the bot: ",
          f);
    fputs(gin_ai_names(), f);
    fputs(" (default hard)\n"
          "  --think MS    expert's time per decision\n",
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

static int answer(engine *e, int phase)
{
    if (!e->have_bot && make_bot(e, 0) != GIN_OK)
        return 1;
    gin_view v = e->client.view;
    if (v.phase != phase || v.turn != v.seat) {
        fprintf(stderr, "gin engine: line %ld: asked to move, but by my count it is %s's turn in phase %d\n",
                e->line_no, v.turn == v.seat ? "my" : "the other seat", v.phase);
        v.phase = phase; /* answer anyway; the referee checks */
    }
    gin_action a;
    int rc = gin_agent_decide(&e->bot, &v, &a);
    if (rc != GIN_OK) {
        fprintf(stderr, "gin engine: the bot failed: %s\n", gin_strerror(rc));
        return 1;
    }
    int gin = a.kind == GIN_ACT_KNOCK && a.card != GIN_NO_CARD && gin_deadwood(v.hand & ~gin_cardset_of(a.card)) == 0;
    char buf[32];
    if (gin_proto_format_answer(a, gin, buf, sizeof buf) < 0)
        return 1;
    fputs(buf, stdout);
    fflush(stdout);
    return 0;
}

/* Handle one line; 1 to stop (quit), -1 on a fatal error, else 0. */
static int handle(engine *e, const char *line)
{
    gin_proto_msg m;
    int rc = gin_proto_parse(line, &m);
    if (rc != GIN_OK) {
        fprintf(stderr, "gin engine: line %ld: cannot read '%.80s': %s\n", e->line_no, line, gin_strerror(rc));
        return 0;
    }
    switch (m.kind) {
    case GIN_PROTO_HELLO:
        if (m.n != GIN_PROTO_VERSION) {
            fprintf(stderr, "gin engine: protocol version %d is not supported (only %d)\n", m.n, GIN_PROTO_VERSION);
            return -1;
        }
        printf("ok gin %s\n", e->level);
        fflush(stdout);
        return 0;
    case GIN_PROTO_OFFER:
        return answer(e, GIN_PHASE_OFFER) ? -1 : 0;
    case GIN_PROTO_DRAW:
        return answer(e, GIN_PHASE_DRAW) ? -1 : 0;
    case GIN_PROTO_DISCARD:
        return answer(e, GIN_PHASE_DISCARD) ? -1 : 0;
    case GIN_PROTO_ERROR:
        fprintf(stderr, "gin engine: the referee says: %s\n", m.text);
        return 0;
    case GIN_PROTO_QUIT:
        return 1;
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
    if (rc != GIN_OK)
        fprintf(stderr, "gin engine: line %ld: '%.80s' out of order: %s\n", e->line_no, line, gin_strerror(rc));
    return 0;
}

int gin_cmd_engine(int argc, char **argv)
{
    static engine e; /* the client holds a whole view: keep it off the stack */
    memset(&e, 0, sizeof e);
    e.level = "hard";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--level") && i + 1 < argc) {
            e.level = argv[++i];
        } else if (!strncmp(a, "--level=", 8)) {
            e.level = a + 8;
        } else if (!strcmp(a, "--think") && i + 1 < argc) {
            char *end;
            errno = 0;
            long v = strtol(argv[++i], &end, 10);
            if (errno || *end || v < 0 || v > 600000) {
                fprintf(stderr, "gin engine: --think: expected milliseconds, got '%s'\n", argv[i]);
                return 2;
            }
            e.think_ms = (int)v;
        } else {
            fprintf(stderr, "gin engine: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    gin_agent probe;
    if (gin_ai_create(e.level, 1, e.think_ms, &probe) != GIN_OK) {
        fprintf(stderr, "gin engine: unknown level '%s'; levels: %s\n", e.level, gin_ai_names());
        return 2;
    }
    if (probe.destroy)
        probe.destroy(probe.self);
    gin_proto_client_init(&e.client);

    char line[GIN_PROTO_LINE_MAX];
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        e.line_no++;
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            fprintf(stderr, "gin engine: line %ld is too long; ignored\n", e.line_no);
            continue;
        }
        int r = handle(&e, line);
        if (r != 0) {
            status = r < 0 ? 1 : 0;
            break;
        }
    }
    drop_bot(&e);
    return status;
}
