/* gin — the rule set from the command line: `--rules NAME` picks a preset,
 * then any `--KNOB VALUE` (or `--KNOB=VALUE`) overrides one knob, in the
 * order given, for every command that plays or scores (RULES.md: a preset is
 * a filled-in struct and a player may override a single knob). */
#ifndef GIN_RULES_ARGS_H
#define GIN_RULES_ARGS_H

#include <stddef.h>
#include <stdio.h>
#include "gin/rules.h"

/* Take the rule options out of argv[1..*argc-1] (stopping at "--"),
 * compacting argv so the command's own getopt never sees them, and build the
 * rule set into *out: the named preset (else `fallback`, a preset name, or
 * "standard" when NULL), then each knob override. `--hollywood` alone means
 * `--hollywood on`. Sets *given (if non-NULL) to 1 when any rule option was
 * present. Returns 0, or 2 after writing "CMD: what is wrong" into err
 * (a bad preset name lists the presets; a bad knob value names the knob). */
int gin_rules_args(const char *cmd, int *argc, char **argv, const char *fallback, gin_rules *out,
                   int *given, char *err, size_t errcap);

/* Print the rule options' lines for a command's --help, naming the presets
 * and knobs from the core so the help never drifts from the code. */
void gin_rules_args_usage(FILE *f);

#endif
