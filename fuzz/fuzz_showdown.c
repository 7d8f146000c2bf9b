/* Fuzz `gin showdown`: the real command on the input as standard input.
 * The first byte picks the options (bit 0 --json, bits 1-2 the preset,
 * bit 3 --big-gin 31, bits 4-7 an --upcard); the rest is the text. */
#include "commands.h"
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const char *const presets[] = {"standard", "classic", "oklahoma", "straight"};
    static const char *const upcards[] = {"AS", "2H", "5D", "7C", "9S", "TH", "KD", "QC"};
    unsigned op = data[0];
    char a0[] = "showdown", json[] = "--json", rules[] = "--rules", big[] = "--big-gin", bonus[] = "31",
         up[] = "--upcard";
    char preset[16], card[4];
    snprintf(preset, sizeof preset, "%s", presets[(op >> 1) & 3]);
    char *argv[10];
    int argc = 0;
    argv[argc++] = a0;
    if (op & 1)
        argv[argc++] = json;
    argv[argc++] = rules;
    argv[argc++] = preset;
    if (op & 8) {
        argv[argc++] = big;
        argv[argc++] = bonus;
    }
    if (op & 0x80) {
        snprintf(card, sizeof card, "%s", upcards[(op >> 4) & 7]);
        argv[argc++] = up;
        argv[argc++] = card;
    }
    argv[argc] = NULL;
    int status = fuzz_run_cli(gin_cmd_showdown, argc, argv, data + 1, size - 1);
    FUZZ_CHECK(status == 0 || status == 1);
    return 0;
}
