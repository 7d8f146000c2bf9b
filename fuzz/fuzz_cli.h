/* Run a line-reading command (gin analyze, gin showdown) on fuzz input as
 * its standard input, with its output and messages thrown away. glibc lets
 * us point stdin/stdout/stderr at other streams for the call. */
#ifndef GIN_FUZZ_CLI_H
#define GIN_FUZZ_CLI_H

#include <getopt.h>
#include "fuzz_util.h"

static inline int fuzz_run_cli(int (*cmd)(int, char **), int argc, char **argv, const uint8_t *data, size_t size)
{
    static char empty[1];
    FILE *in = fmemopen(size ? (void *)(uintptr_t)data : empty, size ? size : 1, "r");
    FILE *out = fopen("/dev/null", "w");
    FILE *err = fopen("/dev/null", "w");
    if (!in || !out || !err)
        abort();
    if (!size)
        (void)fgetc(in); /* an empty input: consume the placeholder byte */
    FILE *old_in = stdin, *old_out = stdout, *old_err = stderr;
    stdin = in;
    stdout = out;
    stderr = err;
    optind = 0; /* glibc: full getopt reinitialisation for each call */
    int status = cmd(argc, argv);
    stdin = old_in;
    stdout = old_out;
    stderr = old_err;
    fclose(in);
    fclose(out);
    fclose(err);
    return status;
}

#endif
