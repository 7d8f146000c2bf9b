/* `gin` / `gin play`: the terminal table. The order is what keeps a
 * player's files safe: the options are read and checked, then the terminal
 * (a table that cannot run must not have touched anything), then the state
 * directory is taken for this table alone, then an external bot is
 * started, and only once the screen is up are the kept files read (a
 * damaged one moved aside and reported) and the settings written. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "agents.h"
#include "atomic_file.h"
#include "commands.h"
#include "gin/error.h"
#include "opts.h"
#include "play.h"
#include "rules_args.h"
#include "lock.h"
#include "save.h"
#include "ui.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gin [play] [options]\n"
            "Play gin rummy against the computer in the terminal.\n\n"
            "Remembered for the next time (in $XDG_CONFIG_HOME/gin/settings):\n"
            "  --level L      the bot: a level (easy, normal, hard, expert) or a personality:\n"
            "                 eager, waiter, hoarder, blocker (the menu says how each plays)\n"
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

/* Append a paragraph to the note shown on the first screen. */
static void add_note(char *note, size_t cap, const char *text)
{
    size_t n = strlen(note);
    if (text && *text && n + 2 < cap)
        snprintf(note + n, cap - n, "%s%s", n ? "\n" : "", text);
}

/* What the command line asked for, over the saved settings. */
typedef struct table_args {
    int changed; /* a remembered setting changed */
    int ascii;
    const char *opponent;       /* exec:COMMAND, or NULL */
    const char *opponent_level; /* --opponent LEVEL: the bot of this game, not remembered */
    int have_seed;
    uint64_t seed;
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
    O_SEED
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
                                           {"help", no_argument, 0, 'h'},
                                           {0, 0, 0, 0}};

/* A level name into the settings; 0, or CLI_USAGE after the message. */
static int set_level(const cli_opts *o, gin_settings *s)
{
    if (gin_stats_level_index(o->value) < 0)
        return cli_bad(o, "unknown level '%s' (%s)", o->value, gin_stats_level_names());
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
        if (gin_stats_level_index(o->value) < 0)
            return cli_bad(o, "unknown opponent '%s' (%s, or exec:COMMAND)", o->value, gin_stats_level_names());
        a->opponent_level = o->value;
        return 0;
    case O_PLAYERS:
        if (cli_int(o, 2, GIN_MAX_SEATS, &n) != 0)
            return CLI_USAGE;
        s->players = (int)n;
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
    default: /* O_SEED */
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
            a->changed |= c != O_SEED && c != O_OPPONENT;
            continue;
        }
        *flag = to;
        a->changed = 1;
    }
    return cli_no_operands(&o) ? CLI_USAGE : -1;
}

/* The rules of the first game: the settings', then this game's knobs.
 * Returns 0, or the exit status after the message. */
static int first_rules(gin_play *p, const table_args *a, char *note, size_t ncap)
{
    const char *rwhy = NULL;
    if (gin_settings_rules(&p->set, &p->rules, &rwhy) != GIN_OK) {
        /* A settings file is checked as it loads; should a bad value still
         * get here, the table starts on the defaults, saying so. */
        char line[300];
        snprintf(line, sizeof line, "The settings ask for rules that do not work (%s): the defaults stand.",
                 rwhy ? rwhy : "?");
        add_note(note, ncap, line);
        gin_settings d;
        gin_settings_default(&d);
        snprintf(p->set.rules, sizeof p->set.rules, "%s", d.rules);
        p->set.target = d.target;
        p->set.hollywood = d.hollywood;
        p->set.players = d.players;
        if (gin_settings_rules(&p->set, &p->rules, &rwhy) != GIN_OK)
            return 1;
    }
    int seats_before = p->rules.seats;
    char why[512];
    if (gin_rules_knobs_apply("gin", &a->knobs, &p->rules, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
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
        fprintf(stderr, "gin: an external bot (--opponent exec:...) plays two-handed only, not with %d players\n",
                p->rules.seats);
        return CLI_USAGE;
    }
    return 0;
}

/* Look at the saved game, with the screen up: returns 1 (one to resume in
 * *rec and info, summarised), or 0 (none to resume; a damaged one is moved
 * aside and the note says so, one left alone is said too). */
static int check_save(gin_play *p, gin_save_info *info, gin_record *rec, char *summary, size_t scap, char *note,
                      size_t ncap)
{
    char said[2400];
    int offer = gin_play_read_save(p, info, rec, said, sizeof said); /* an ended game is finished, not offered */
    add_note(note, ncap, said);
    if (!offer)
        return 0;
    gin_game *g = malloc(sizeof *g);
    int err = 0;
    if (!g || gin_record_replay(rec, g, NULL, NULL, &err) != GIN_OK) { /* gin_save_read replayed it */
        free(g);
        return 0;
    }
    int hand = g->hand_no + (g->hand.phase == GIN_PHASE_OVER ? 1 : 0);
    char rules[96];
    gin_play_rules_label(&g->rules, rules, sizeof rules);
    if (g->rules.seats == 2) {
        snprintf(summary, scap, "%s rules, %s bot%s, hand %d: you %d, the bot %d.", rules, info->level,
                 info->practice ? " (practice)" : "", hand, g->score.points[info->human],
                 g->score.points[1 - info->human]);
    } else {
        /* A ring: every seat's penalty points, you first. */
        int n = snprintf(summary, scap, "%s rules, %d players, %s bots%s, hand %d, penalty points: you %d", rules,
                         g->rules.seats, info->level, info->practice ? " (practice)" : "", hand,
                         g->score.points[info->human]);
        for (int k = 1; k < g->rules.seats && n > 0 && (size_t)n < scap; k++)
            n += snprintf(summary + n, scap - (size_t)n, ", bot %d %d", k,
                          g->score.points[(info->human + k) % g->rules.seats]);
        if (n > 0 && (size_t)n + 1 < scap)
            snprintf(summary + n, scap - (size_t)n, ".");
    }
    free(g);
    return 1;
}

/* An external bot starts (and passes the handshake) before the screen
 * opens, so a bad command is a plain error; it is kept over games. */
static int start_opponent(gin_play *p, const char *opponent, const char *dir)
{
    char log[GIN_PATH_MAX], err[600];
    int have_log = p->can_save && gin_path_join(log, sizeof log, dir, "bot.log") == 0;
    if (gin_bots_create(opponent, p->seed ^ UINT64_C(0x9e3779b97f4a7c15), 0, have_log ? log : NULL, &p->bot_agent, err,
                        sizeof err) != GIN_OK) {
        fprintf(stderr, "gin: --opponent: %s\n", err);
        return CLI_USAGE;
    }
    p->opponent = opponent;
    p->stats_ok = 0;
    return 0;
}

/* Stop an external bot the session did not take over. */
static void drop_bot(gin_play *p)
{
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
}

/* With the screen up: the statistics and the saved game, then the first
 * screens. Returns the saved game to resume, or NULL; *quit when the player
 * left already. */
static const gin_record *open_files(gin_play *p, char *note, size_t ncap, int *quit)
{
    static gin_record saved;
    *quit = 0;
    /* Damaged files are moved aside now that the player can be told. */
    if (p->settings_file.state == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->settings_file);
    add_note(note, ncap, p->settings_file.why);
    if (p->can_save && gin_stats_load(&p->stats_file, &p->stats) == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->stats_file);
    p->stats_ok = p->can_save && !p->opponent && gin_kept_writable(&p->stats_file);
    if (p->can_save)
        add_note(note, ncap, p->stats_file.why);
    gin_save_info info;
    char summary[256] = "";
    int has_save = p->can_save && !p->opponent && check_save(p, &info, &saved, summary, sizeof summary, note, ncap);
    if (note[0]) {
        static char body[4200];
        snprintf(body, sizeof body, "%s\n\nPlay goes on.", note);
        *quit = gin_ui_text_screen("Note", body, "Enter: continue   q: quit", "\n\033 q") == 'q';
    }
    if (*quit || !has_save)
        return NULL;
    char body[800];
    /* A game not resumed is a lost game, when it counts. */
    int counts = !info.practice && saved.rules.seats == 2;
    snprintf(body, sizeof body,
             "You have a game in progress:\n\n  %s\n\n"
             "y: resume it\nn: start a new game; %s",
             summary,
             counts ? "the saved one counts as a lost game (abandoned) in your statistics"
                    : "the saved one is not counted in the statistics");
    int k = gin_ui_text_screen("Resume?", body, "y: resume   n: new game   q: quit", "ynq");
    if (k == 'n') {
        char msg[2400], text[2600];
        if (gin_play_abandon_saved(p, &saved, &info, msg, sizeof msg) < 0 || msg[0]) {
            snprintf(text, sizeof text, "%s\n\nPlay goes on.", msg);
            if (counts && gin_ui_text_screen("Note", text, "Enter: continue   q: quit", "\n\033 q") == 'q')
                k = 'q';
        }
    }
    if (k != 'y') {
        *quit = k != 'n';
        return NULL;
    }
    gin_play_take_saved(p, &info, &saved);
    return &saved;
}

/* The table itself, once everything it needs is there. */
static int run_table(gin_play *p, const table_args *a, const char *dir, char *note, size_t ncap)
{
    int rc = a->opponent ? start_opponent(p, a->opponent, dir) : 0;
    if (rc != 0)
        return rc;
    gin_ui_opts uo = {!(p->set.no_color || gin_ui_no_color_env()), p->set.four_color, a->ascii, NULL, !p->set.mouse};
    char why[1200] = "";
    if (gin_ui_open(&uo, why, sizeof why) != 0) {
        fprintf(stderr, "gin: %s\n", why);
        drop_bot(p);
        return 1;
    }
    /* The table has started: now the settings the options changed are kept. */
    if (a->changed && gin_settings_save(&p->settings_file, &p->set, why, sizeof why) != 0 &&
        strcmp(why, p->settings_file.why) != 0) /* not twice */
        add_note(note, ncap, why);
    int quit = 0;
    const gin_record *resume = open_files(p, note, ncap, &quit);
    why[0] = '\0';
    if (!quit)
        rc = gin_play_session(p, resume, why, sizeof why);
    drop_bot(p); /* if the session did not take it over */
    int sig = gin_ui_quit_signal();
    gin_ui_close();
    if (why[0])
        fprintf(stderr, "gin: %s\n", why);
    return sig && rc == 0 ? 0 : rc; /* asked to stop by a signal: the game was saved */
}

/* One table per state directory. Returns 0 to go on (*can_save says
 * whether the table may keep its files), or the exit status when another
 * table holds the directory. */
static int take_state(gin_play *p, char *dir, size_t dcap, char *note, size_t ncap)
{
    char why[1200];
    p->can_save = gin_dir_path(GIN_DIR_STATE, dir, dcap, why, sizeof why) == 0;
    int lk = p->can_save ? gin_lock_take(&p->lock, why, sizeof why) : -1;
    if (lk == GIN_LOCK_BUSY) {
        fprintf(stderr, "gin: %s%s; one table at a time keeps your statistics and saved game whole\n", why,
                p->lock.holder_alive ? "" : " (it has just ended: try again)");
        return 1;
    }
    if (lk != GIN_LOCK_TAKEN) {
        p->can_save = 0;
        char line[1300];
        snprintf(line, sizeof line, "No saving this time: %s", why);
        add_note(note, ncap, line);
    }
    return 0;
}

int gin_cmd_play(int argc, char **argv)
{
    static gin_play play; /* large: keep it off the stack */
    static char note[4096];
    gin_play *p = &play;
    memset(p, 0, sizeof *p);
    note[0] = '\0';
    char why[1200];
    if (argc > 1 && !strcmp(argv[1], "play")) {
        argc--;
        argv++;
    }
    /* Read, never moved or written yet: a bad line is a note, a damaged
     * file is moved aside once the table has started. */
    (void)gin_settings_load(&p->settings_file, &p->set, note, sizeof note);
    table_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(argc, argv, &p->set, &a);
    if (rc >= 0)
        return rc;
    if ((rc = first_rules(p, &a, note, sizeof note)) != 0)
        return rc;
    p->level = gin_stats_level_index(a.opponent_level ? a.opponent_level : p->set.level);
    if (p->level < 0)
        p->level = 1;
    p->practice = p->set.open;
    p->seed = a.have_seed ? a.seed : fresh_seed();
    p->human = 0;
    p->bot = 1; /* in a ring: the first bot, on your left; the others sit after it */
    setlocale(LC_ALL, "");
    /* Nothing is started or touched before we know the table can run. */
    if (gin_ui_check_terminal(why, sizeof why) != 0) {
        fprintf(stderr, "gin: %s\n", why);
        return 1;
    }
    char dir[GIN_PATH_MAX] = "";
    if ((rc = take_state(p, dir, sizeof dir, note, sizeof note)) != 0)
        return rc;
    rc = run_table(p, &a, dir, note, sizeof note);
    gin_lock_release(&p->lock);
    return rc;
}
