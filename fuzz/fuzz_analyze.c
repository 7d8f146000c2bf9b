/* Fuzz `gin analyze`: the real command, reading the input as its standard
 * input. The first byte picks the options (bit 0: --json); the rest is the
 * text. Every line must be answered or reported, never crash or hang. */
#include "commands.h"
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char a0[] = "analyze", a1[] = "--json";
    char *argv[] = {a0, a1, NULL};
    int argc = (data[0] & 1) ? 2 : 1;
    int status = fuzz_run_cli(gin_cmd_analyze, argc, argv, data + 1, size - 1);
    FUZZ_CHECK(status == 0 || status == 1);
    return 0;
}
