/* gin — help texts. Every line of every command's --help fits
 * CLI_HELP_WIDTH columns (tests/e2e/widths.sh measures them all); a list
 * that grows with the program (the bots, the rule knobs) is wrapped here
 * rather than written on one line. */
#ifndef GIN_CLI_HELP_H
#define GIN_CLI_HELP_H

#include <stdio.h>

enum { CLI_HELP_WIDTH = 80 };

/* Print `text` (words separated by blanks) as a paragraph and end the line:
 * the first line goes on from column `at` (what the caller has already
 * printed on it), every further line starts with `indent` blanks, and no
 * line passes CLI_HELP_WIDTH unless a single word is longer than the room. */
void cli_help_wrap(FILE *f, int at, int indent, const char *text);

#endif
