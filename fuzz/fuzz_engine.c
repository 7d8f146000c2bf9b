/* Fuzz `gin engine`: the real command reading the input as the referee's
 * lines, answering with one of our bots. The referee is another program,
 * so anything may come: messages out of order, requests out of turn, a
 * discard request before any deal. The first byte picks the bot level. */
#include "agents.h"
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 64 * 1024)
        return 0;
    static const char *const levels[] = {"random", "simple", "easy", "normal", "hard", "simple", "easy", "normal"};
    char a0[] = "engine", a1[] = "--level", lv[16];
    snprintf(lv, sizeof lv, "%s", levels[data[0] & 7]);
    char *argv[] = {a0, a1, lv, NULL};
    int status = fuzz_run_cli(gin_cmd_engine, 3, argv, data + 1, size - 1);
    FUZZ_CHECK(status == 0 || status == 1);
    return 0;
}
