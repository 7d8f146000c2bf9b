/* `gin` / `gin play`: the terminal table's command line. The options are
 * read over the remembered settings and checked, and turn into the first
 * game's rules; the rest (the terminal, the state directory, the kept
 * files, the table) is the session's (src/tui/startup.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "agents.h"
#include "commands.h"
#include "daily.h"
#include "gin/error.h"
#include "help.h"
#include "opts.h"
#include "play.h"
#include "rules_args.h"

_Static_assert((int)GIN_PLAY_USAGE == (int)CLI_USAGE,
               "the table's start-up and the command line agree on a usage mistake");

static void usage(FILE *f)
{
    fprintf(f, "usage: gin [play] [options]\n"
               "Play gin rummy against the computer in the terminal.\n\n"
               "Remembered for the next time (in $XDG_CONFIG_HOME/gin/settings):\n");
    char levels[GIN_OPPONENT_NAMES_MAX], styles[GIN_OPPONENT_NAMES_MAX], line[2 * GIN_OPPONENT_NAMES_MAX + 80];
    (void)gin_opponent_names(GIN_OPPONENT_LEVEL, levels, sizeof levels);
    (void)gin_opponent_names(GIN_OPPONENT_STYLE, styles, sizeof styles);
    snprintf(line, sizeof line, "the bot: a level (%s) or a personality: %s (the menu says how each plays)", levels,
             styles);
    fputs("  --level L      ", f);
    cli_help_wrap(f, 17, 17, line);
    fprintf(f,
            "  --players N    2 (you and a bot), or 3 or 4: you against two or three bots of\n"
            "                 the level, seven cards each, scored in penalty points (lowest\n"
            "                 total wins; docs/rules.md). Table games are saved but not\n"
            "                 counted in the statistics\n"
            "  --rules R      rules preset: %s\n"
            "  --target N     points to win the game (default: the preset's)\n"
            "  --hollywood    Hollywood scoring (three games at once); --no-hollywood\n"
            "  --four-color   four-colour deck (spades black, hearts red, diamonds blue,\n"
            "                 clubs green); --two-color\n"
            "  --no-color     no colours (also when NO_COLOR is set); --color\n"
            "  --open         practice: the bot's hand face up, undo (u), a review after each\n"
            "                 hand; not counted in the statistics. --no-open\n"
            "  --speed S      how the bot's moves are shown: slow, normal, fast, or instant\n"
            "                 (no pause); --fast is --speed instant, --no-fast normal\n"
            "  --no-mouse     keys only (the terminal selects and pastes as usual); --mouse:\n"
            "                 click cards and piles, the wheel scrolls the log and pages\n"
            "For this game only:\n"
            "  --opponent NAME\n"
            "                 a bot as for --level, for this game only (the next game takes\n"
            "                 --level's), or exec:COMMAND: an external bot speaking the bot\n"
            "                 protocol (docs/protocol.md), run by /bin/sh -c, e.g.\n"
            "                 --opponent exec:'python3 examples/pybot.py'. Its standard\n"
            "                 error goes to bot.log in the state directory. A bot that\n"
            "                 answers garbage or an illegal move, nothing within 5 s, or\n"
            "                 dies forfeits: you win that game. Games against it are not\n"
            "                 saved or counted in the statistics\n"
            "  --KNOB VALUE   any other rule, e.g. --gin-bonus 20 --knock 7 (docs/rules.md,\n"
            "                 gin sim --help)\n"
            "  --ascii        suits as letters S H D C even in a UTF-8 terminal\n"
            "  --seed N       deal from seed N (a whole number; repeatable games)\n"
            "  --deal daily   the day's deal: the same cards for everyone on that UTC date\n"
            "                 (seed YYYYMMDD, e.g. 20261203: --seed deals it again)\n"
            "  -h, --help     this text\n\n"
            "Statistics, the game history and the saved game live in $XDG_STATE_HOME/gin/,\n"
            "one table at a time (gin stats, gin history, gin replay N).\n"
            "In the game, ? shows the keys and the rules.\n",
            gin_rules_preset_names());
}

static uint64_t fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
}

/* What the command line asked for, over the saved settings. */
typedef struct table_args {
    int changed; /* a remembered setting changed */
    int ascii;
    const char *opponent;       /* exec:COMMAND, or NULL */
    const char *opponent_level; /* --opponent LEVEL: the bot of this game, not remembered */
    int have_seed;              /* 1: --seed, 2: --deal daily */
    uint64_t seed;
    int players; /* --players N on this command line, or 0 */
    gin_rules_knobs knobs;
} table_args;

enum {
    O_LEVEL = 256,
    O_PLAYERS,
    O_OPPONENT,
    O_RULES,
    O_TARGET,
    O_HOLLY,
    O_NOHOLLY,
    O_FOUR,
    O_TWO,
    O_NOCOLOR,
    O_COLOR,
    O_ASCII,
    O_OPEN,
    O_NOOPEN,
    O_FAST,
    O_NOFAST,
    O_SPEED,
    O_MOUSE,
    O_NOMOUSE,
    O_SEED,
    O_DEAL
};

static const struct option table_opts[] = {{"level", required_argument, 0, O_LEVEL},
                                           {"opponent", required_argument, 0, O_OPPONENT},
                                           {"players", required_argument, 0, O_PLAYERS},
                                           {"rules", required_argument, 0, O_RULES},
                                           {"target", required_argument, 0, O_TARGET},
                                           {"hollywood", no_argument, 0, O_HOLLY},
                                           {"no-hollywood", no_argument, 0, O_NOHOLLY},
                                           {"four-color", no_argument, 0, O_FOUR},
                                           {"four-colour", no_argument, 0, O_FOUR},
                                           {"two-color", no_argument, 0, O_TWO},
                                           {"two-colour", no_argument, 0, O_TWO},
                                           {"no-color", no_argument, 0, O_NOCOLOR},
                                           {"no-colour", no_argument, 0, O_NOCOLOR},
                                           {"color", no_argument, 0, O_COLOR},
                                           {"colour", no_argument, 0, O_COLOR},
                                           {"ascii", no_argument, 0, O_ASCII},
                                           {"open", no_argument, 0, O_OPEN},
                                           {"no-open", no_argument, 0, O_NOOPEN},
                                           {"fast", no_argument, 0, O_FAST},
                                           {"no-fast", no_argument, 0, O_NOFAST},
                                           {"speed", required_argument, 0, O_SPEED},
                                           {"mouse", no_argument, 0, O_MOUSE},
                                           {"no-mouse", no_argument, 0, O_NOMOUSE},
                                           {"seed", required_argument, 0, O_SEED},
                                           {"deal", required_argument, 0, O_DEAL},
                                           {"help", no_argument, 0, 'h'},
                                           {0, 0, 0, 0}};

/* The bots the table plays, for messages. Static storage. */
static const char *table_bots(void)
{
    static char names[GIN_OPPONENT_NAMES_MAX];
    (void)gin_opponent_names(GIN_OPPONENT_TABLE, names, sizeof names);
    return names;
}

/* A level name into the settings; 0, or CLI_USAGE after the message. */
static int set_level(const cli_opts *o, gin_settings *s)
{
    if (!gin_play_bot_of(o->value))
        return cli_bad(o, "unknown level '%s' (%s)", o->value, table_bots());
    snprintf(s->level, sizeof s->level, "%s", o->value);
    return 0;
}

/* The options that take a value. 0, or CLI_USAGE after the message. */
static int value_option(const cli_opts *o, int c, gin_settings *s, table_args *a)
{
    long long n;
    gin_rules r;
    switch (c) {
    case O_LEVEL:
        return set_level(o, s);
    case O_OPPONENT:
        if (gin_bots_is_exec(o->value)) {
            if (!o->value[5]) /* as gin sim refuses it, before the table opens */
                return cli_bad(o, "exec: needs a command, as in exec:'python3 mybot.py'");
            a->opponent = o->value;
            return 0;
        }
        if (!gin_play_bot_of(o->value))
            return cli_bad(o, "unknown opponent '%s' (%s, or exec:COMMAND)", o->value, table_bots());
        a->opponent_level = o->value;
        return 0;
    case O_PLAYERS:
        if (cli_int(o, 2, GIN_MAX_SEATS, &n) != 0)
            return CLI_USAGE;
        s->players = (int)n;
        a->players = (int)n;
        return 0;
    case O_RULES:
        if (gin_rules_preset(o->value, &r) != GIN_OK)
            return cli_bad(o, "unknown rules '%s' (%s)", o->value, gin_rules_preset_names());
        snprintf(s->rules, sizeof s->rules, "%s", r.name);
        return 0;
    case O_TARGET:
        if (cli_int(o, 1, 10000, &n) != 0)
            return CLI_USAGE;
        s->target = (int)n;
        return 0;
    case O_SPEED: {
        int sp = gin_settings_speed_index(o->value);
        if (sp < 0)
            return cli_bad(o, "unknown speed '%s' (slow, normal, fast, instant)", o->value);
        s->speed = sp;
        return 0;
    }
    case O_DEAL:
        if (strcmp(o->value, "daily") != 0)
            return cli_bad(o, "unknown deal '%s' (daily)", o->value);
        if (a->have_seed == 1)
            return cli_bad(o, "--seed chose the deal already");
        a->have_seed = 2;
        a->seed = gin_daily_seed(time(NULL));
        return 0;
    default: /* O_SEED */
        if (a->have_seed == 2)
            return cli_bad(o, "--deal chose the deal already");
        a->have_seed = 1;
        return cli_seed(o, &a->seed) == 0 ? 0 : CLI_USAGE;
    }
}

/* Read the options over the settings. Returns -1 to go on, else the exit
 * status (0 after --help). */
static int parse_args(int argc, char **argv, gin_settings *s, table_args *a)
{
    /* --rules, --target and --hollywood are remembered settings, parsed
     * below; every other rule knob applies to this game only. */
    static const char *const remembered[] = {"rules", "target", "hollywood", NULL};
    char why[512];
    if (gin_rules_knobs_take("gin", &argc, argv, remembered, &a->knobs, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return CLI_USAGE;
    }
    cli_opts o;
    cli_opts_init(&o, "gin", argc, argv, "h", table_opts);
    int c;
    while ((c = cli_next(&o)) != -1) {
        int *flag = NULL, to = 1, rc;
        switch (c) {
        case '?':
            return CLI_USAGE;
        case 'h':
            usage(stdout);
            return 0;
        case O_ASCII:
            a->ascii = 1;
            continue;
        case O_HOLLY:
        case O_NOHOLLY:
            flag = &s->hollywood;
            to = c == O_HOLLY;
            break;
        case O_FOUR:
        case O_TWO:
            flag = &s->four_color;
            to = c == O_FOUR;
            break;
        case O_NOCOLOR:
        case O_COLOR:
            flag = &s->no_color;
            to = c == O_NOCOLOR;
            break;
        case O_OPEN:
        case O_NOOPEN:
            flag = &s->open;
            to = c == O_OPEN;
            break;
        case O_MOUSE:
        case O_NOMOUSE:
            flag = &s->mouse;
            to = c == O_MOUSE;
            break;
        case O_FAST: /* the speed setting: --fast is instant, --no-fast normal */
        case O_NOFAST:
            s->speed = c == O_FAST ? GIN_SPEED_INSTANT : GIN_SPEED_NORMAL;
            a->changed = 1;
            continue;
        default:
            if ((rc = value_option(&o, c, s, a)) != 0)
                return rc;
            a->changed |= c != O_SEED && c != O_DEAL && c != O_OPPONENT;
            continue;
        }
        *flag = to;
        a->changed = 1;
    }
    return cli_no_operands(&o) ? CLI_USAGE : -1;
}

/* The rules of the first game: the settings', then this game's knobs.
 * Returns 0, or the exit status after the message. */
static int first_rules(gin_play *p, const table_args *a)
{
    const char *rwhy = NULL;
    if (gin_settings_rules(&p->set, &p->rules, &rwhy) != GIN_OK) {
        /* A settings file is checked as it loads; should a bad value still
         * get here, the table starts on the defaults, saying so. */
        char line[GIN_UI_LINE * 2];
        snprintf(line, sizeof line, "The settings ask for rules that do not work (%s): the defaults stand.",
                 rwhy ? rwhy : "?");
        gin_play_note(p, line);
        gin_settings d;
        gin_settings_default(&d);
        snprintf(p->set.rules, sizeof p->set.rules, "%s", d.rules);
        p->set.target = d.target;
        p->set.hollywood = d.hollywood;
        p->set.players = d.players;
        if (gin_settings_rules(&p->set, &p->rules, &rwhy) != GIN_OK)
            return 1;
    }
    if (p->set.hollywood == 1 && p->set.players > 2) { /* gin_settings_rules plays a ring as one game */
        char line[GIN_UI_LINE];
        snprintf(line, sizeof line,
                 "Hollywood is for two players: this game of %d is one game, scored in penalty points.",
                 p->set.players);
        gin_play_note(p, line);
    }
    int seats_before = p->rules.seats;
    char why[512];
    if (gin_rules_knobs_apply("gin", &a->knobs, &p->rules, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return CLI_USAGE;
    }
    if (a->players && p->rules.seats != a->players) { /* as gin sim: one of them wins quietly otherwise */
        fprintf(stderr, "gin: --players %d and --seats %d disagree\n", a->players, p->rules.seats);
        return CLI_USAGE;
    }
    /* --seats N as a one-game knob works like --players N (not remembered):
     * a ring's undercut penalty comes with it. */
    if (p->rules.seats != seats_before && gin_rules_ring(&p->rules, p->rules.seats) != GIN_OK) {
        fprintf(stderr, "gin: --seats %d does not work with these rules (Hollywood is for two players)\n",
                p->rules.seats);
        return CLI_USAGE;
    }
    if (p->rules.seats > 2 && a->opponent) {
        /* Neither --players nor --seats here: the number is the settings'. */
        int remembered = !a->players && p->rules.seats == seats_before;
        fprintf(stderr, "gin: an external bot (--opponent exec:...) plays two-handed only, not with %d players%s\n",
                p->rules.seats, remembered ? " (remembered from your last table: add --players 2)" : "");
        return CLI_USAGE;
    }
    return 0;
}

int gin_cmd_play(int argc, char **argv)
{
    static gin_play play; /* large: keep it off the stack */
    gin_play *p = &play;
    memset(p, 0, sizeof *p);
    if (argc > 1 && !strcmp(argv[1], "play")) {
        argc--;
        argv++;
    }
    /* Read, never moved or written yet: a bad line is a note, a damaged
     * file is moved aside once the table has started. */
    gin_play_load_settings(p);
    table_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(argc, argv, &p->set, &a);
    if (rc >= 0)
        return rc;
    if ((rc = first_rules(p, &a)) != 0)
        return rc;
    p->level = gin_play_bot_of(a.opponent_level ? a.opponent_level : p->set.level);
    if (!p->level) /* the settings judged it already: never */
        p->level = gin_opponent_of_level(GIN_LEVEL_NORMAL);
    p->practice = p->set.open;
    p->seed = a.have_seed ? a.seed : fresh_seed();
    p->human = 0;
    p->bot = 1; /* in a ring: the first bot, on your left; the others sit after it */
    gin_play_request req = {a.ascii, a.opponent, a.changed};
    return gin_play_run(p, &req);
}
