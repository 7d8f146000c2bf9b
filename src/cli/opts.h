/* gin — the command line's options, read the same way by every command:
 * getopt_long underneath, every mistake said the same way and naming the
 * option as the user wrote it:
 *   gin sim: --games: must be a whole number from 1 to 1000000000, not '-1'
 *   gin: option '--level' needs a value
 *   gin replay: unknown option '--frob' (try 'gin replay --help')
 * Every command takes -h and --help. Long options are taken only as
 * written in full (getopt_long's abbreviations are refused). Usage mistakes
 * exit with status 2. */
#ifndef GIN_CLI_OPTS_H
#define GIN_CLI_OPTS_H

#include <getopt.h>
#include <stdint.h>

enum { CLI_USAGE = 2 }; /* the exit status of a usage mistake */

typedef struct cli_opts {
    const char *cmd;               /* "gin sim", for messages */
    const struct option *longopts; /* as getopt_long; every val distinct */
    const char *shortopts;         /* as getopt_long (a leading ':' is added) */
    int argc;
    char **argv;
    const char *name;  /* after cli_next: the option as "--games" (or "-h") */
    const char *value; /* its argument, or NULL */
    char shown[64];    /* what name points into */
} cli_opts;

/* Start reading argv[1..argc) (argv[0] names the command). */
void cli_opts_init(cli_opts *o, const char *cmd, int argc, char **argv, const char *shortopts,
                   const struct option *longopts);
/* The next option's val (as getopt_long), or -1 when the options are done
 * (the operands are then argv[optind..argc)), or '?' after an unknown
 * option or a missing value has been reported on standard error. */
int cli_next(cli_opts *o);
/* The current option's value as a whole decimal number in [lo, hi]: 0, or
 * -1 after "CMD: --NAME: must be a whole number from LO to HI, not 'X'". */
int cli_int(const cli_opts *o, long long lo, long long hi, long long *out);
/* A seed: a whole decimal number from 0 to 2^64 - 1 (one rule for every
 * command). 0, or -1 after the message. */
int cli_seed(const cli_opts *o, uint64_t *out);
/* Report a mistake with the current option: "CMD: --NAME: WHAT". Returns
 * CLI_USAGE. */
int cli_bad(const cli_opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Report operands a command does not take ("unexpected argument"), if any
 * are left at optind; returns CLI_USAGE then, else 0. */
int cli_no_operands(const cli_opts *o);

#endif
