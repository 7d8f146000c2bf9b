/* `gin` / `gin play`: the terminal table. Options over the saved settings
 * (which they update), the saved game offered for resuming, then the
 * session until the player leaves; the terminal is always given back. */
#include <getopt.h>
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
#include "play.h"
#include "rules_args.h"
#include "save.h"
#include "ui.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gin [play] [options]\n"
            "Play gin rummy against the computer in the terminal.\n\n"
            "  --level L      bot level: easy, normal, hard, expert\n"
            "  --players N    2 (you and a bot), or 3 or 4: you against two or three bots of\n"
            "                 the level, seven cards each, scored in penalty points (lowest\n"
            "                 total wins; docs/rules.md). Table games are saved but not counted\n"
            "                 in the statistics\n"
            "  --opponent NAME  a bot level as above, or exec:COMMAND: an external bot\n"
            "                 speaking the bot protocol (docs/protocol.md), run by /bin/sh -c,\n"
            "                 e.g. --opponent exec:'python3 examples/pybot.py'. Its standard\n"
            "                 error goes to bot.log in the state directory. A bot that answers\n"
            "                 garbage or an illegal move, nothing within 5 s, or dies forfeits:\n"
            "                 you win that game. Games against it are not saved or counted\n"
            "                 in the statistics\n"
            "  --rules R      rules preset: %s\n"
            "  --target N     points to win the game (default: the preset's)\n"
            "  --hollywood    Hollywood scoring (three games at once); --no-hollywood\n"
            "  --KNOB VALUE   any other rule for this game only (not remembered), e.g.\n"
            "                 --gin-bonus 20 --knock 7; see docs/rules.md and gin sim --help\n"
            "  --four-color   four-colour deck (spades black, hearts red, diamonds blue, clubs green)\n"
            "  --no-color     no colours (also when NO_COLOR is set)\n"
            "  --ascii        suits as letters S H D C even in a UTF-8 terminal\n"
            "  --open         practice: the bot's hand face up, undo (u), a review after each hand;\n"
            "                 not counted in the statistics. --no-open turns it off\n"
            "  --fast         no pause after the bot's moves\n"
            "  --seed N       deal from seed N (repeatable games)\n"
            "  --help         this text\n\n"
            "Choices are remembered in $XDG_CONFIG_HOME/gin/settings; statistics and the saved game\n"
            "live in $XDG_STATE_HOME/gin/. In the game, ? shows the keys and the rules.\n",
            gin_rules_preset_names());
}

static uint64_t fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
}

/* Look at the saved game: returns 1 (a valid save in *rec, info, and a
 * summary), 0 (none) or -1 (damaged: moved aside, or left alone; note says
 * so). */
static int check_save(gin_play *p, gin_save_info *info, gin_record *rec, char *summary, size_t scap, char *note,
                      size_t ncap)
{
    int rc = gin_save_read(&p->save_file, info, rec);
    if (rc == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->save_file); /* why says what became of it */
    if (rc != GIN_KEPT_LOADED) {
        snprintf(note, ncap, "%s", p->save_file.why);
        return note[0] ? -1 : 0;
    }
    gin_game *g = malloc(sizeof *g);
    int err = 0;
    if (!g || gin_record_replay(rec, g, NULL, NULL, &err) != GIN_OK) { /* gin_save_read replayed it */
        free(g);
        return 0;
    }
    int hand = g->hand_no + (g->hand.phase == GIN_PHASE_OVER ? 1 : 0);
    if (g->rules.seats == 2) {
        snprintf(summary, scap, "%s rules, %s bot%s, hand %d: you %d, the bot %d.", g->rules.name, info->level,
                 info->practice ? " (practice)" : "", hand, g->score.points[info->human],
                 g->score.points[1 - info->human]);
    } else {
        /* A ring: every seat's penalty points, you first. */
        int n = snprintf(summary, scap, "%s rules, %d players, %s bots%s, hand %d, penalty points: you %d",
                         gin_play_rules_label(&g->rules), g->rules.seats, info->level,
                         info->practice ? " (practice)" : "", hand, g->score.points[info->human]);
        for (int k = 1; k < g->rules.seats && n > 0 && (size_t)n < scap; k++)
            n += snprintf(summary + n, scap - (size_t)n, ", bot %d %d", k,
                          g->score.points[(info->human + k) % g->rules.seats]);
        if (n > 0 && (size_t)n + 1 < scap)
            snprintf(summary + n, scap - (size_t)n, ".");
    }
    free(g);
    return 1;
}

/* Add a line to the note for the first screen (cut if it does not fit). */
static void add_note(char *note, size_t cap, const char *text)
{
    size_t n = strlen(note);
    if (text[0] && n + 1 < cap)
        (void)snprintf(note + n, cap - n, "%s%s", n ? "\n" : "", text);
}

/* Stop an external bot the session did not take over. */
static void drop_bot(gin_play *p)
{
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
}

int gin_cmd_play(int argc, char **argv)
{
    static gin_play play; /* large: keep it off the stack */
    gin_play *p = &play;
    memset(p, 0, sizeof *p);
    char why[1200], note[4096] = "";
    int sst = gin_settings_load(&p->settings_file, &p->set, note, sizeof note);
    if (sst == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->settings_file);
    add_note(note, sizeof note, p->settings_file.why);

    enum {
        O_LEVEL = 256,
        O_PLAYERS,
        O_OPPONENT,
        O_RULES,
        O_TARGET,
        O_HOLLY,
        O_NOHOLLY,
        O_FOUR,
        O_NOCOLOR,
        O_ASCII,
        O_OPEN,
        O_NOOPEN,
        O_FAST,
        O_SEED,
        O_HELP
    };
    static const struct option opts[] = {{"level", required_argument, 0, O_LEVEL},
                                         {"opponent", required_argument, 0, O_OPPONENT},
                                         {"players", required_argument, 0, O_PLAYERS},
                                         {"rules", required_argument, 0, O_RULES},
                                         {"target", required_argument, 0, O_TARGET},
                                         {"hollywood", no_argument, 0, O_HOLLY},
                                         {"no-hollywood", no_argument, 0, O_NOHOLLY},
                                         {"four-color", no_argument, 0, O_FOUR},
                                         {"four-colour", no_argument, 0, O_FOUR},
                                         {"no-color", no_argument, 0, O_NOCOLOR},
                                         {"no-colour", no_argument, 0, O_NOCOLOR},
                                         {"ascii", no_argument, 0, O_ASCII},
                                         {"open", no_argument, 0, O_OPEN},
                                         {"no-open", no_argument, 0, O_NOOPEN},
                                         {"fast", no_argument, 0, O_FAST},
                                         {"seed", required_argument, 0, O_SEED},
                                         {"help", no_argument, 0, O_HELP},
                                         {0, 0, 0, 0}};
    int ascii = 0, have_seed = 0, changed = 0;
    const char *opponent = NULL; /* exec:COMMAND */
    uint64_t seed = 0;
    if (argc > 1 && !strcmp(argv[1], "play")) {
        argc--;
        argv++;
    }
    /* --rules, --target and --hollywood are remembered settings, parsed below;
     * every other rule knob applies to this game only, on top of them. */
    static const char *const remembered[] = {"rules", "target", "hollywood", NULL};
    gin_rules_knobs knobs;
    if (gin_rules_knobs_take("gin", &argc, argv, remembered, &knobs, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 2;
    }
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        char *end;
        switch (c) {
        case O_LEVEL:
            if (gin_stats_level_index(optarg) < 0) {
                fprintf(stderr, "gin: unknown level '%s' (easy, normal, hard, expert)\n", optarg);
                return 2;
            }
            snprintf(p->set.level, sizeof p->set.level, "%s", optarg);
            changed = 1;
            break;
        case O_PLAYERS: {
            long n = strtol(optarg, &end, 10);
            if (*end || end == optarg || n < 2 || n > GIN_MAX_SEATS) {
                fprintf(stderr, "gin: --players wants 2, 3 or 4, got '%s'\n", optarg);
                return 2;
            }
            p->set.players = (int)n;
            changed = 1;
            break;
        }
        case O_OPPONENT:
            if (gin_bots_is_exec(optarg)) {
                opponent = optarg;
                break;
            }
            if (gin_stats_level_index(optarg) < 0) {
                fprintf(stderr, "gin: unknown opponent '%s' (easy, normal, hard, expert, or exec:COMMAND)\n", optarg);
                return 2;
            }
            snprintf(p->set.level, sizeof p->set.level, "%s", optarg);
            opponent = NULL;
            changed = 1;
            break;
        case O_RULES: {
            gin_rules r;
            if (gin_rules_preset(optarg, &r) != GIN_OK) {
                fprintf(stderr, "gin: unknown rules '%s' (%s)\n", optarg, gin_rules_preset_names());
                return 2;
            }
            snprintf(p->set.rules, sizeof p->set.rules, "%s", r.name);
            changed = 1;
            break;
        }
        case O_TARGET: {
            long t = strtol(optarg, &end, 10);
            if (*end || end == optarg || t < 1 || t > 100000) {
                fprintf(stderr, "gin: --target wants a number of points, got '%s'\n", optarg);
                return 2;
            }
            p->set.target = (int)t;
            changed = 1;
            break;
        }
        case O_HOLLY:
            p->set.hollywood = 1;
            changed = 1;
            break;
        case O_NOHOLLY:
            p->set.hollywood = 0;
            changed = 1;
            break;
        case O_FOUR:
            p->set.four_color = 1;
            changed = 1;
            break;
        case O_NOCOLOR:
            p->set.no_color = 1;
            changed = 1;
            break;
        case O_ASCII:
            ascii = 1;
            break;
        case O_OPEN:
            p->set.open = 1;
            changed = 1;
            break;
        case O_NOOPEN:
            p->set.open = 0;
            changed = 1;
            break;
        case O_FAST:
            p->set.fast = 1;
            changed = 1;
            break;
        case O_SEED:
            seed = strtoull(optarg, &end, 0);
            if (*end || end == optarg) {
                fprintf(stderr, "gin: --seed wants a number, got '%s'\n", optarg);
                return 2;
            }
            have_seed = 1;
            break;
        case O_HELP:
            usage(stdout);
            return 0;
        default:
            fprintf(stderr, "gin: unknown option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "gin: unexpected argument '%s' (try gin --help)\n", argv[optind]);
        return 2;
    }
    const char *rwhy = NULL;
    if (gin_play_rules(&p->set, &p->rules, &rwhy) != GIN_OK) {
        fprintf(stderr, "gin: bad rules in the settings: %s\n", rwhy ? rwhy : "?");
        return 2;
    }
    int seats_before = p->rules.seats;
    if (gin_rules_knobs_apply("gin", &knobs, &p->rules, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 2;
    }
    /* --seats N as a one-game knob works like --players N (not remembered):
     * the table's undercut penalty comes with it. */
    if (p->rules.seats != seats_before && gin_rules_ring(&p->rules, p->rules.seats) != GIN_OK) {
        fprintf(stderr, "gin: --seats %d does not work with these rules (Hollywood is for two players)\n",
                p->rules.seats);
        return 2;
    }
    if (p->rules.seats > 2 && opponent) {
        fprintf(stderr, "gin: an external bot (--opponent exec:...) plays at a table of two only\n");
        return 2;
    }
    p->level = gin_stats_level_index(p->set.level);
    if (p->level < 0)
        p->level = 1;
    p->practice = p->set.open;
    p->seed = have_seed ? seed : fresh_seed();
    p->human = 0;
    p->bot = 1; /* in a ring: the first bot, on your left; the others sit after it */
    if (changed && gin_settings_save(&p->settings_file, &p->set, why, sizeof why) != 0 &&
        strcmp(why, p->settings_file.why)) /* not twice */
        snprintf(note + strlen(note), sizeof note - strlen(note), "%s%s", note[0] ? "\n" : "", why);

    /* Kept state: play goes on without it when the directory is unusable. */
    char dir[GIN_PATH_MAX];
    p->can_save = gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why) == 0;
    /* One table per state directory: without the lock, play goes on
     * without saving (the save and the statistics refuse to be written). */
    if (p->can_save && gin_lock_take(&p->lock, why, sizeof why) != GIN_LOCK_TAKEN)
        p->can_save = 0;
    if (!p->can_save)
        snprintf(note + strlen(note), sizeof note - strlen(note), "%sNo saving this time: %s", note[0] ? "\n" : "",
                 why);
    if (p->can_save && gin_stats_load(&p->stats_file, &p->stats) == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->stats_file);
    p->stats_ok = gin_kept_writable(&p->stats_file);
    if (p->can_save)
        add_note(note, sizeof note, p->stats_file.why);

    static gin_record saved;
    gin_save_info info;
    char summary[256] = "";
    int has_save = 0;
    if (p->can_save) {
        char n2[1200] = "";
        has_save = check_save(p, &info, &saved, summary, sizeof summary, n2, sizeof n2) == 1;
        if (n2[0])
            snprintf(note + strlen(note), sizeof note - strlen(note), "%s%s", note[0] ? "\n" : "", n2);
    }

    /* An external bot starts (and passes the handshake) before the screen
     * opens, so a bad command is a plain error; it is kept over games. */
    if (opponent) {
        char log[GIN_PATH_MAX], err[600];
        int have_log = p->can_save && gin_path_join(log, sizeof log, dir, "bot.log") == 0;
        if (gin_bots_create(opponent, p->seed ^ UINT64_C(0x9e3779b97f4a7c15), 0, have_log ? log : NULL,
                                 &p->bot_agent, err, sizeof err) != GIN_OK) {
            fprintf(stderr, "gin: --opponent: %s\n", err);
            gin_lock_release(&p->lock);
            return 2;
        }
        p->opponent = opponent;
        p->stats_ok = 0;
        has_save = 0; /* a saved game is against a built-in bot: kept for later */
    }

    setlocale(LC_ALL, "");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "gin: the table needs a terminal (try gin sim or gin --help)\n");
        drop_bot(p);
        gin_lock_release(&p->lock);
        return 2;
    }
    gin_ui_opts uo = {!(p->set.no_color || getenv("NO_COLOR")), p->set.four_color, ascii, NULL};
    if (gin_ui_open(&uo) != 0) {
        fprintf(stderr, "gin: cannot start the terminal (is TERM set?)\n");
        drop_bot(p);
        gin_lock_release(&p->lock);
        return 1;
    }
    int quit = 0;
    if (note[0]) {
        char body[sizeof note + 32];
        snprintf(body, sizeof body, "%s\n\nPlay goes on.", note);
        quit = gin_ui_text_screen("Note", body, "Enter: continue   q: quit", "\n\033 q") != '\n' ? 0 : 0;
    }
    const gin_record *resume = NULL;
    if (!quit && has_save) {
        char body[600];
        snprintf(body, sizeof body,
                 "You have a game in progress:\n\n  %s\n\n"
                 "y: resume it\nn: start a new game (the saved one is discarded)",
                 summary);
        int k = gin_ui_text_screen("Resume?", body, "y: resume   n: new game   q: quit", "ynq");
        if (k == 'y') {
            resume = &saved;
            p->rules = saved.rules;
            p->seed = saved.seed;
            p->level = gin_stats_level_index(info.level);
            p->practice = info.practice;
            p->human = info.human;
            p->bot = (info.human + 1) % (saved.rules.seats >= 2 ? saved.rules.seats : 2);
        } else if (k == 'n') {
            gin_save_remove(&p->save_file, &p->lock);
        } else {
            quit = 1;
        }
    }
    int rc = 0;
    why[0] = '\0';
    if (!quit)
        rc = gin_play_session(p, resume, why, sizeof why);
    drop_bot(p); /* if the session did not run */
    gin_lock_release(&p->lock);
    int sig = gin_ui_quit_signal();
    gin_ui_close();
    if (why[0])
        fprintf(stderr, "gin: %s\n", why);
    if (sig && rc == 0)
        return 0; /* asked to stop; the game was saved */
    return rc;
}
