/* Fuzz the bot protocol reader: every line of the input goes through
 * gin_proto_parse (as `gin engine` reads the referee) and, when it parses,
 * must format back to a line that parses to the same message; parsed
 * messages feed one gin_proto_client, whose view a baseline bot then decides
 * from at each request (what `gin engine` does). Each line is also read as a
 * bot's answer in every phase and as the handshake reply, and the answer is
 * checked against the client's view (what the referee does). */
#include "ai.h"
#include "fuzz_util.h"
#include "gin/error.h"
#include "gin/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_msg(const gin_proto_msg *a, const gin_proto_msg *b)
{
    char x[GIN_PROTO_LINE_MAX], y[GIN_PROTO_LINE_MAX];
    int n = gin_proto_format(a, x, sizeof x), m = gin_proto_format(b, y, sizeof y);
    return n == m && n >= 0 && !strcmp(x, y);
}

static gin_proto_client client;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    char *text = fuzz_cstr(data, size);
    gin_proto_client_init(&client);
    gin_agent bot;
    FUZZ_CHECK(gin_baseline_create("simple", 1, &bot) == GIN_OK);

    char *p = text;
    while (*p) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (len >= GIN_PROTO_LINE_MAX) /* the readers refuse longer lines */
            break;
        char line[GIN_PROTO_LINE_MAX];
        memcpy(line, p, len);
        line[len] = '\0';
        p += len;

        gin_proto_msg m, back;
        memset(&m, 0, sizeof m);
        int rc = gin_proto_parse(line, &m);
        if (rc == GIN_OK) {
            char out[GIN_PROTO_LINE_MAX];
            int n = gin_proto_format(&m, out, sizeof out);
            FUZZ_CHECK(n > 0 && out[n - 1] == '\n');
            memset(&back, 0, sizeof back);
            FUZZ_CHECK(gin_proto_parse(out, &back) == GIN_OK);
            FUZZ_CHECK(back.kind == m.kind && same_msg(&m, &back));
            int fed = gin_proto_client_feed(&client, &m, NULL, NULL);
            FUZZ_CHECK(fed == GIN_OK || fed == GIN_ESTATE || fed == GIN_EINVAL);
            const gin_view *v = &client.view;
            if (client.in_game &&
                ((m.kind == GIN_PROTO_OFFER && v->phase == GIN_PHASE_OFFER) ||
                 (m.kind == GIN_PROTO_DRAW && v->phase == GIN_PHASE_DRAW) ||
                 (m.kind == GIN_PROTO_DISCARD && v->phase == GIN_PHASE_DISCARD)) &&
                v->turn == v->seat) {
                gin_action a;
                int d = gin_agent_decide(&bot, v, &a);
                if (d == GIN_OK) {
                    char why[256];
                    (void)gin_proto_check(v, a, 0, why, sizeof why);
                    FUZZ_CHECK(memchr(why, '\0', sizeof why) != NULL);
                }
            }
        } else {
            FUZZ_CHECK(rc == GIN_EFORMAT || rc == GIN_ENAME || rc == GIN_ERULES);
        }

        /* The same line as a bot's answer, in each phase, and as "ok NAME". */
        for (int phase = GIN_PHASE_OFFER; phase <= GIN_PHASE_DISCARD; phase++) {
            gin_action a;
            int claims = -1;
            int ar = gin_proto_parse_answer(line, phase, &a, &claims);
            FUZZ_CHECK(ar == GIN_OK || ar == GIN_EFORMAT || ar == GIN_EILLEGAL);
            if (ar != GIN_OK)
                continue;
            FUZZ_CHECK(claims == 0 || claims == 1);
            char buf[64], why[256];
            int n = gin_proto_format_answer(a, claims, buf, sizeof buf);
            FUZZ_CHECK(n > 0);
            gin_action b;
            int claims2 = -1;
            FUZZ_CHECK(gin_proto_parse_answer(buf, phase, &b, &claims2) == GIN_OK);
            FUZZ_CHECK(a.kind == b.kind && a.card == b.card && claims == claims2);
            (void)gin_proto_check(&client.view, a, claims, why, sizeof why);
        }
        char name[64];
        if (gin_proto_parse_ok(line, name, sizeof name) == GIN_OK)
            for (size_t i = 0; name[i]; i++)
                FUZZ_CHECK((unsigned char)name[i] >= 32 && (unsigned char)name[i] < 127);
    }
    if (bot.destroy)
        bot.destroy(bot.self);
    free(text);
    return 0;
}
