/* Fuzz `gin engine`: the real command reading the input as the referee's
 * lines, answering with one of our bots. The referee is another program,
 * so anything may come: messages out of order, requests out of turn, a
 * discard request before any deal. The first byte picks the bot: every
 * level, the expert with a think budget of 1 or 2 ms (a number of playouts,
 * not the clock, so a finding replays), so that the searching bot meets the
 * same odd views as the others (it once shifted by GIN_NO_CARD there). */
#include "commands.h"
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 64 * 1024)
        return 0;
    static const char *const levels[] = {"random", "simple", "easy", "normal", "hard", "expert", "expert", "hard"};
    char a0[] = "engine", a1[] = "--level", lv[16], a3[] = "--think", ms[8];
    snprintf(lv, sizeof lv, "%s", levels[data[0] & 7]);
    snprintf(ms, sizeof ms, "%d", 1 + ((data[0] >> 3) & 1));
    char *argv[] = {a0, a1, lv, a3, ms, NULL};
    int status = fuzz_run_cli(gin_cmd_engine, 5, argv, data + 1, size - 1);
    FUZZ_CHECK(status == 0 || status == 1);
    return 0;
}
