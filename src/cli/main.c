/* gin — entry point. Dispatches on argv[1] when it names a subcommand;
 * anything else (no arguments, or options) goes to the terminal table, which
 * parses its own options. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "help.h"
#include "opts.h"

#ifndef GIN_VERSION
#define GIN_VERSION "unknown"
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"play", gin_cmd_play, "play against the computer at the terminal (the default)"},
    {"analyze", gin_cmd_analyze, "least deadwood, melds and best discard of hands on stdin"},
    {"showdown", gin_cmd_showdown, "settle knocks given as KNOCKER | DEFENDER lines on stdin"},
    {"sim", gin_cmd_sim, "play bots against each other and report who wins"},
    {"replay", gin_cmd_replay, "play back and check a game record (a file, the history, the save)"},
    {"stats", gin_cmd_stats, "your statistics per bot level and rules (--json, --reset)"},
    {"history", gin_cmd_history, "the games you played, newest first (gin replay N plays one)"},
    {"review", gin_cmd_review, "your decisions in a game judged by the coach (history N, the save)"},
    {"advise", gin_cmd_advise, "rank every answer to a position's request, with values and reasons"},
    {"drill", gin_cmd_drill, "positions with one clearly best answer, your own mistakes first"},
    {"engine", gin_cmd_engine, "our bot on standard input/output (docs/protocol.md)"},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static const command *find_command(const char *name)
{
    for (int i = 0; i < N_COMMANDS; i++)
        if (!strcmp(name, commands[i].name))
            return &commands[i];
    return NULL;
}

static void usage(FILE *f)
{
    fputs("gin " GIN_VERSION " - Gin Rummy in the terminal\n"
          "\n"
          "usage: gin [OPTIONS]        play at the terminal (gin play --help lists them)\n"
          "       gin COMMAND [ARGS]   run one of the commands below\n"
          "\n"
          "commands:\n",
          f);
    for (int i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("  help [CMD] this text, or the help of a command\n"
          "\n"
          "  -h, --help     show this text\n"
          "      --version  print the version\n"
          "\n"
          "Each command takes --help. Rules and presets: docs/rules.md; manual: man 6 gin.\n",
          f);
}

static int unknown_command(const char *name)
{
    char text[512];
    int n = snprintf(text, sizeof text, "gin: unknown command '%.64s'; the commands are:", name);
    for (int i = 0; i < N_COMMANDS && n > 0 && (size_t)n < sizeof text; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, " %s", commands[i].name);
    if (n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, " (try 'gin --help')");
    cli_help_wrap(stderr, 0, 2, text);
    return 2;
}

/* Every command's output is checked once it is done: a full disk or a
 * closed standard output is an error, never a silent exit 0. */
static int finish(int status)
{
    int err = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        err = errno ? errno : EIO;
    if (fclose(stdout) != 0 && !err)
        err = errno;
    if (!err)
        return status;
    fprintf(stderr, "gin: writing standard output: %s\n", strerror(err));
    return status ? status : 1;
}

/* gin help [CMD]: takes -h and --help, and refuses other options and extra
 * operands, as every command does. */
static int help(int argc, char **argv)
{
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    cli_opts o;
    cli_opts_init(&o, "gin help", argc, argv, "h", longopts);
    for (int c; (c = cli_next(&o)) != -1;) {
        if (c != 'h')
            return CLI_USAGE;
        usage(stdout);
        return 0;
    }
    if (optind >= argc) {
        usage(stdout);
        return 0;
    }
    char *name = argv[optind++];
    const command *c = find_command(name);
    if (!c)
        return unknown_command(name);
    if (cli_no_operands(&o))
        return CLI_USAGE;
    char help_flag[] = "--help";
    char *sub_argv[] = {name, help_flag, NULL};
    return c->run(2, sub_argv);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '\0')
        return gin_cmd_play(argc, argv);
    const char *arg = argv[1];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(arg, "--version")) {
        puts("gin " GIN_VERSION);
        return 0;
    }
    if (!strcmp(arg, "help"))
        return help(argc - 1, argv + 1);
    const command *c = find_command(arg);
    if (c)
        return c->run(argc - 1, argv + 1);
    if (arg[0] == '-')
        return gin_cmd_play(argc, argv); /* the table's own options */
    return unknown_command(arg);
}

int main(int argc, char **argv)
{
    errno = 0;
    return finish(dispatch(argc, argv));
}
