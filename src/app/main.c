/* STUB: replaced by the command-line owner. */
#include <string.h>
#include "commands.h"
int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "analyze")) return gin_cmd_analyze(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "showdown")) return gin_cmd_showdown(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "sim")) return gin_cmd_sim(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "replay")) return gin_cmd_replay(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "stats")) return gin_cmd_stats(argc - 1, argv + 1);
    return gin_cmd_play(argc, argv);
}
