/* gin — the rule set from the command line: `--rules NAME` picks a preset,
 * then any `--KNOB VALUE` (or `--KNOB=VALUE`) overrides one knob, in the
 * order given, for every command that plays or scores (docs/rules.md: a preset is
 * a filled-in struct and a player may override a single knob). */
#ifndef GIN_RULES_ARGS_H
#define GIN_RULES_ARGS_H

#include <stddef.h>
#include <stdio.h>
#include "gin/rules.h"

enum { GIN_RULES_ARGS_MAX = 32 };

/* The rule options taken out of a command line, in order. `value`s point
 * into argv. */
typedef struct gin_rules_knobs {
    const char *preset; /* the last --rules NAME, or NULL */
    int n;
    struct {
        char name[24];
        const char *value;
    } set[GIN_RULES_ARGS_MAX];
} gin_rules_knobs;

/* Take `--rules NAME` and every `--KNOB VALUE` / `--KNOB=VALUE` out of
 * argv[1..*argc-1] (stopping at "--"), except the option names listed in
 * `keep` (a NULL-terminated list, or NULL), compacting argv so the command's
 * own getopt never sees them. `--hollywood` alone means `--hollywood on`.
 * Returns 0, or 2 after writing "CMD: what is wrong" into err. */
int gin_rules_knobs_take(const char *cmd, int *argc, char **argv, const char *const *keep, gin_rules_knobs *out,
                         char *err, size_t errcap);

/* Apply the knob overrides onto *r in order (not the preset). Returns 0, or
 * 2 after writing "CMD: --KNOB VALUE: why" into err (r is then partly set). */
int gin_rules_knobs_apply(const char *cmd, const gin_rules_knobs *k, gin_rules *r, char *err, size_t errcap);

/* Both in one: the named preset (else `fallback`, a preset name, or
 * "standard" when NULL), then each override. Sets *given (if non-NULL) to 1
 * when any rule option was present. Returns 0, or 2 with err set (a bad
 * preset name lists the presets; a bad knob value names the knob). */
int gin_rules_args(const char *cmd, int *argc, char **argv, const char *fallback, gin_rules *out, int *given, char *err,
                   size_t errcap);

/* Print the rule options' lines for a command's --help, naming the presets
 * and knobs from the core so the help never drifts from the code. */
void gin_rules_args_usage(FILE *f);

#endif
