/* Fuzz the game record loader: gin_record_parse, then gin_record_replay.
 * A record that parses and replays must format, parse and replay again to
 * the same actions and the same final score. */
#include "fuzz_util.h"
#include "gin/error.h"
#include "gin/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { TEXT_CAP = 1 << 21 };

static gin_record rec, again; /* about 300 KB each: never on the stack */
static gin_game game, game2;
static char text_out[TEXT_CAP];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    char *text = fuzz_cstr(data, size);
    int line = -1;
    int rc = gin_record_parse(text, &rec, &line);
    free(text);
    if (rc != GIN_OK) {
        FUZZ_CHECK(rc == GIN_EFORMAT || rc == GIN_ENAME || rc == GIN_ERULES || rc == GIN_ESPACE);
        FUZZ_CHECK(line >= 1);
        return 0;
    }
    FUZZ_CHECK(rec.n_actions >= 0 && rec.n_actions <= GIN_RECORD_MAX_ACTIONS);
    int idx = -1, el = -1;
    rc = gin_record_replay_lines(&rec, &game, NULL, NULL, &idx, &el);
    if (rc != GIN_OK) {
        FUZZ_CHECK(rc == GIN_EILLEGAL || rc == GIN_EMISMATCH || rc == GIN_ERULES);
        if (rc != GIN_ERULES)
            FUZZ_CHECK(idx >= 0 && idx <= rec.n_actions);
        return 0;
    }
    /* A sound record: it must survive a round trip unchanged. */
    int n = gin_record_format(&rec, text_out, sizeof text_out);
    FUZZ_CHECK(n > 0 && (size_t)n < sizeof text_out);
    line = -1;
    FUZZ_CHECK(gin_record_parse(text_out, &again, &line) == GIN_OK);
    FUZZ_CHECK(again.seed == rec.seed && again.n_actions == rec.n_actions);
    for (int i = 0; i < rec.n_actions; i++) {
        FUZZ_CHECK(again.actions[i].kind == rec.actions[i].kind);
        if (rec.actions[i].kind == GIN_ACT_DISCARD || rec.actions[i].kind == GIN_ACT_KNOCK)
            FUZZ_CHECK(again.actions[i].card == rec.actions[i].card);
    }
    FUZZ_CHECK(gin_record_replay(&again, &game2, NULL, NULL, &idx) == GIN_OK);
    FUZZ_CHECK(game2.n_results == game.n_results && game2.over == game.over);
    for (int s = 0; s < game.rules.seats; s++)
        FUZZ_CHECK(game2.score.total[s] == game.score.total[s]);
    return 0;
}
