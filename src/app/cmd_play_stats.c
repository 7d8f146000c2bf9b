/* STUB: replaced by its owner. */
#include <stdio.h>
#include "commands.h"
int gin_cmd_stats(int argc, char **argv) { (void)argc; (void)argv; fputs("gin stats: not built yet\n", stderr); return 2; }
