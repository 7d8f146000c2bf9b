/* `gin stats`: the player's statistics per bot level. */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "stats.h"

int gin_cmd_stats(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            puts("usage: gin stats\nYour results against each bot level (practice games are not counted).\n"
                 "Kept in $XDG_STATE_HOME/gin/stats (default ~/.local/state/gin/stats).");
            return 0;
        }
        fprintf(stderr, "gin stats: unexpected argument '%s'\n", argv[i]);
        return 2;
    }
    gin_stats s;
    static gin_kept k;
    char buf[4096];
    int st = gin_stats_load(&k, &s);
    int rc = st == GIN_KEPT_LOADED || st == GIN_KEPT_ABSENT ? 0 : 1;
    if (rc != 0)
        fprintf(stderr, "gin stats: %s\n", k.why);
    if (gin_stats_table(&s, buf, sizeof buf) < 0)
        return 1;
    fputs(buf, stdout);
    return rc;
}
