/* Fuzz `gin replay`: the real command on the input written to a file (it
 * reads a path), printing every move (--moves) to /dev/null. The record
 * loader is fuzz_record's; this adds the command's file reading, its fault
 * reports quoting the bad line, and its account of the game. */
#include <unistd.h>
#include "commands.h"
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/gin-fuzz-replay-%ld", (long)getpid());
    if (size > (1u << 20))
        return 0;
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char a0[] = "replay", a1[] = "--moves";
    char *argv[] = {a0, a1, path, NULL};
    int status = fuzz_run_cli(gin_cmd_replay, 3, argv, NULL, 0);
    FUZZ_CHECK(status == 0 || status == 1);
    return 0;
}
