/* `gin sim`: the command-line front end of the simulator (sim.c). Parses
 * the options, checks the names, runs, and prints the figures as text or
 * one JSON object. Two players print exactly as they always have; a ring
 * of three or four adds a row (or p3_* / p4_* keys) per player. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "agents.h"
#include "ai.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/rules.h"
#include "help.h"
#include "rules_args.h"
#include "opts.h"
#include "sim.h"

static void usage(FILE *f)
{
    fputs("usage: gin sim --p1 NAME --p2 NAME [--p3 NAME [--p4 NAME]] [--players N]\n"
          "               [--games N] [--seed S] [--rules NAME] [--KNOB VALUE...]\n"
          "               [--think MS] [--jobs J] [--json] [--move-time MS]\n"
          "               [--bot-log FILE]\n"
          "Plays whole games between two agents in mirrored pairs (games 2k and 2k+1\n"
          "deal the same shuffles with the seats swapped), so N is rounded up to even.\n"
          "With three or four players (a table: seven cards each, penalty scoring, the\n"
          "undercut penalty 10 unless --undercut-penalty says otherwise), games come in\n"
          "groups of 3 or 4 dealing the same shuffles with the seats rotated, so N is\n"
          "rounded up to a whole group.\n"
          "  --p1 .. --p4 NAME\n"
          "                   agents: ",
          f);
    static const char exec[] =
        ", or exec:COMMAND (an external bot speaking docs/protocol.md, run by /bin/sh -c; one per job)";
    char names[GIN_OPPONENT_NAMES_MAX], agents[GIN_OPPONENT_NAMES_MAX + sizeof exec];
    gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
    snprintf(agents, sizeof agents, "%s%s", names, exec);
    cli_help_wrap(f, 27, 19, agents);
    fputs("  --players N      2, 3 or 4 (default: as many as --pN are given)\n"
          "  --games N        games to play (default 1000)\n"
          "  --seed S         run seed (default 1); the same seed gives the same results\n"
          "  --think MS       expert's time per decision\n"
          "  --jobs J         worker threads (default: the number of cores)\n"
          "  --json           print one JSON object\n"
          "  --move-time MS   an exec: bot's time per answer (default 5000)\n"
          "  --bot-log FILE   where exec: bots' standard error goes (default /dev/null)\n"
          "Hands are gins + knocks + undercuts + voids; the interval is the 95% Wilson\n"
          "score interval of p1's share of the games won. At a table the lowest penalty\n"
          "total wins a game; each player's share is of all games (ties and forfeits\n"
          "included) with its own interval, and points per hand are penalty points\n"
          "taken (lower is better). An exec: bot that answers garbage or an illegal\n"
          "move, nothing in time, or dies forfeits that game (a win for the other side;\n"
          "at a table nobody wins it; counted in forfeits, reported on standard error)\n"
          "and is restarted for the next.\n"
          "Rules (the preset and single knobs, e.g. --target 150 --hollywood):\n",
          f);
    gin_rules_args_usage(f);
}

/* 1 if `name` is an agent we can make (an exec: bot must start and pass
 * the handshake); prints the error and returns 0 otherwise (-1 for a
 * failure that is not the name's fault). */
static int check_agent(const char *opt, const char *name, int think_ms, int move_ms, const char *log)
{
    gin_agent a;
    char err[512];
    int rc = gin_bots_create_timed(name, 1, think_ms, move_ms, log, &a, err, sizeof err);
    if (rc == GIN_ENAME) {
        char names[GIN_OPPONENT_NAMES_MAX];
        gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
        fprintf(stderr, "gin sim: unknown agent '%s' for %s; valid agents: %s, or exec:COMMAND\n", name, opt, names);
        return 0;
    }
    if (rc != GIN_OK) {
        fprintf(stderr, "gin sim: %s: %s\n", opt, err[0] ? err : gin_strerror(rc));
        return gin_bots_is_exec(name) ? 0 : -1;
    }
    if (a.destroy)
        a.destroy(a.self);
    return 1;
}

typedef struct forfeit_out {
    int seats;
    int tty;
} forfeit_out;

/* One line per forfeit; a single fprintf, so lines from workers never mix. */
static void report_forfeit(void *ctx, long game, int player, const char *msg)
{
    const forfeit_out *o = ctx;
    if (o->seats == 2)
        fprintf(stderr, "%sgin sim: game %ld: p%d %s; p%d wins by forfeit\n", o->tty ? "\r\033[K" : "", game + 1,
                player + 1, msg, 2 - player);
    else
        fprintf(stderr, "%sgin sim: game %ld: p%d %s; the game is forfeit, nobody wins it\n", o->tty ? "\r\033[K" : "",
                game + 1, player + 1, msg);
}

static void progress_bar(void *ctx, long done, long total)
{
    (void)ctx;
    int width = 40, fill = total > 0 ? (int)(done * width / total) : width;
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games", fill, "########################################", width - fill, "",
            done, total);
    fflush(stderr);
}

/* 95% Wilson score interval of k successes in n trials. */
static void wilson(long k, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z / (1 + z2n) * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* Print the figures of a ring of three or four players. */
static void print_table(const gin_sim_config *cfg, const gin_sim_stats *st, int json, double secs)
{
    int n = cfg->rules.seats;
    double share[GIN_MAX_SEATS] = {0}, lo[GIN_MAX_SEATS] = {0}, hi[GIN_MAX_SEATS] = {0}, pph[GIN_MAX_SEATS] = {0};
    long forfeits = 0;
    for (int p = 0; p < n; p++) {
        /* Out of all games: a tie or a forfeit is a game nobody won. */
        share[p] = st->games ? (double)st->wins[p] / (double)st->games : 0.0;
        wilson(st->wins[p], st->games, &lo[p], &hi[p]);
        pph[p] = st->hands ? (double)st->points[p] / (double)st->hands : 0.0;
        forfeits += st->forfeits[p];
    }
    double hps = secs > 0 ? (double)st->hands / secs : 0.0;
    if (json) {
        printf("{\"players\": %d, \"games\": %ld", n, st->games);
        for (int p = 0; p < n; p++)
            printf(", \"p%d_wins\": %ld", p + 1, st->wins[p]);
        printf(", \"ties\": %ld, \"p1_win_share\": %.6f, \"ci95_low\": %.6f, \"ci95_high\": %.6f", st->ties, share[0],
               lo[0], hi[0]);
        for (int p = 1; p < n; p++)
            printf(", \"p%d_win_share\": %.6f, \"p%d_ci95_low\": %.6f, \"p%d_ci95_high\": %.6f", p + 1, share[p], p + 1,
                   lo[p], p + 1, hi[p]);
        printf(", \"hands\": %ld", st->hands);
        for (int p = 0; p < n; p++)
            printf(", \"p%d_penalty_per_hand\": %.6f", p + 1, pph[p]);
        for (int p = 0; p < n; p++)
            printf(", \"p%d_hands_won\": %ld", p + 1, st->hands_won[p]);
        printf(", \"gins\": %ld, \"knocks\": %ld, \"undercuts\": %ld, \"voids\": %ld, \"forfeits\": %ld", st->gins,
               st->knocks, st->undercuts, st->voids, forfeits);
        for (int p = 0; p < n; p++)
            printf(", \"p%d_forfeits\": %ld", p + 1, st->forfeits[p]);
        printf(", \"hands_per_s\": %.1f}\n", hps);
        return;
    }
    for (int p = 0; p < n; p++)
        printf("%s%s", p ? " vs " : "", gin_sim_player(cfg, p));
    printf(", rules %s, seed %llu\n  %ld games in groups of %d (the same deal, seats rotated)\n", cfg->rules.name,
           (unsigned long long)cfg->seed, st->games, n);
    printf("  %-11s %7s %7s  %-20s %13s %10s\n", "player", "wins", "share", "(95% CI)", "penalty/hand", "hands won");
    for (int p = 0; p < n; p++) {
        char ci[40];
        snprintf(ci, sizeof ci, "(%.1f%% - %.1f%%)", 100 * lo[p], 100 * hi[p]);
        printf("  p%d %-8s %7ld %6.1f%%  %-20s %13.2f %10ld\n", p + 1, gin_sim_player(cfg, p), st->wins[p],
               100 * share[p], ci, pph[p], st->hands_won[p]);
    }
    printf("  ties %ld; the lowest penalty total wins; a fair share is %.1f%%\n", st->ties, 100.0 / n);
    printf("  hands %ld: gins %ld, knocks %ld, undercuts %ld, voids %ld\n", st->hands, st->gins, st->knocks,
           st->undercuts, st->voids);
    printf("  forfeits %ld:", forfeits);
    for (int p = 0; p < n; p++)
        printf(" p%d %ld%s", p + 1, st->forfeits[p], p + 1 < n ? "," : "\n");
    printf("  %.0f hands/s (%d jobs, %.2f s)\n", hps, cfg->jobs, secs);
}

/* What the command line asked for. */
typedef struct sim_args {
    const char *names[GIN_MAX_SEATS], *bot_log;
    long long games, think, jobs, move_ms, players;
    uint64_t seed;
    int json;
    gin_rules_knobs knobs;
} sim_args;

static const struct option sim_opts[] = {
    {"p1", required_argument, NULL, '1'},
    {"p2", required_argument, NULL, '2'},
    {"p3", required_argument, NULL, '3'},
    {"p4", required_argument, NULL, '4'},
    {"players", required_argument, NULL, 'P'},
    {"games", required_argument, NULL, 'g'},
    {"seed", required_argument, NULL, 's'},
    {"think", required_argument, NULL, 'T'},
    {"jobs", required_argument, NULL, 'j'},
    {"json", no_argument, NULL, 'J'},
    {"move-time", required_argument, NULL, 'M'},
    {"bot-log", required_argument, NULL, 'L'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* Read the options. Returns -1 to go on, else the exit status. */
static int parse_sim_args(int argc, char **argv, sim_args *a)
{
    char err[512];
    /* The rule options, as gin_rules_args takes them, but applied once the
     * number of players is known: a ring's undercut penalty
     * (gin_rules_ring) goes under the knobs, so an explicit
     * --undercut-penalty still wins. */
    if (gin_rules_knobs_take("gin sim", &argc, argv, NULL, &a->knobs, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return CLI_USAGE;
    }
    cli_opts o;
    cli_opts_init(&o, "gin sim", argc, argv, "h", sim_opts);
    int c, bad = 0;
    while (!bad && (c = cli_next(&o)) != -1) {
        switch (c) {
        case '1':
        case '2':
        case '3':
        case '4':
            a->names[c - '1'] = o.value;
            break;
        case 'P':
            bad = cli_int(&o, 2, GIN_MAX_SEATS, &a->players);
            break;
        case 'g':
            bad = cli_int(&o, 1, 1000000000LL, &a->games);
            break;
        case 's':
            bad = cli_seed(&o, &a->seed);
            break;
        case 'T':
            bad = cli_int(&o, 0, 3600000, &a->think);
            break;
        case 'j':
            bad = cli_int(&o, 1, 1024, &a->jobs);
            break;
        case 'J':
            a->json = 1;
            break;
        case 'M':
            bad = cli_int(&o, 1, 3600000, &a->move_ms);
            break;
        case 'L':
            a->bot_log = o.value;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return CLI_USAGE;
        }
    }
    if (bad || cli_no_operands(&o))
        return CLI_USAGE;
    if (!a->names[0] || !a->names[1]) {
        char names[GIN_OPPONENT_NAMES_MAX];
        gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
        fprintf(stderr, "gin sim: --p1 and --p2 are required; agents: %s, or exec:COMMAND\n", names);
        return CLI_USAGE;
    }
    return -1;
}

/* The rules and the seats from the arguments into cfg. Returns -1 to go
 * on, else the exit status. */
static int sim_rules(const sim_args *a, gin_sim_config *cfg, int *seats_out)
{
    char err[512];
    gin_rules base, trial;
    const char *preset = a->knobs.preset ? a->knobs.preset : "standard";
    if (gin_rules_preset(preset, &base) != GIN_OK) {
        fprintf(stderr, "gin sim: --rules: unknown rules '%s' (choose one of: %s)\n", preset, gin_rules_preset_names());
        return CLI_USAGE;
    }
    trial = base;
    if (gin_rules_knobs_apply("gin sim", &a->knobs, &trial, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return CLI_USAGE;
    }
    /* Seats: --players, else a --seats knob, else as many as --pN given. */
    const char *const *names = a->names;
    int seats = a->players ? (int)a->players : trial.seats != 2 ? trial.seats : names[3] ? 4 : names[2] ? 3 : 2;
    cfg->rules = base;
    if (seats > 2 && gin_rules_ring(&cfg->rules, seats) != GIN_OK) {
        fprintf(stderr, "gin sim: rules %s cannot be played by %d\n", base.name, seats);
        return CLI_USAGE;
    }
    if (gin_rules_knobs_apply("gin sim", &a->knobs, &cfg->rules, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return CLI_USAGE;
    }
    if (cfg->rules.seats != seats) {
        fprintf(stderr, "gin sim: --players %d and --seats %d disagree\n", seats, cfg->rules.seats);
        return CLI_USAGE;
    }
    for (int p = 2; p < GIN_MAX_SEATS; p++) {
        if (p < seats && !names[p]) {
            char agents[GIN_OPPONENT_NAMES_MAX];
            gin_opponent_names(GIN_OPPONENT_ANY, agents, sizeof agents);
            fprintf(stderr, "gin sim: %d players need --p%d; agents: %s, or exec:COMMAND\n", seats, p + 1, agents);
            return CLI_USAGE;
        }
        if (p >= seats && names[p]) {
            fprintf(stderr, "gin sim: --p%d given, but %d players play (--players %d)\n", p + 1, seats, p + 1);
            return CLI_USAGE;
        }
    }
    const char *why = NULL;
    if (gin_rules_check(&cfg->rules, &why) != GIN_OK) {
        fprintf(stderr, "gin sim: bad rules: %s\n", why ? why : "invalid");
        return CLI_USAGE;
    }
    *seats_out = seats;
    return -1;
}

/* How the points came, per player (two seats): hands won by gin, knock and
 * undercut with their points, and the net a hand (won minus conceded), on
 * two lines to fit 80 columns.
 * Only added after the long-standing figures, which stay as they were. */
static void print_sources(const gin_sim_config *cfg, const gin_sim_stats *st, int json)
{
    double hands = st->hands > 0 ? (double)st->hands : 1.0;
    if (json) {
        for (int p = 0; p < 2; p++)
            printf(", \"p%d_gins\": %ld, \"p%d_gin_points\": %ld, \"p%d_knocks\": %ld, \"p%d_knock_points\": %ld, "
                   "\"p%d_undercuts\": %ld, \"p%d_undercut_points\": %ld, \"p%d_net_per_hand\": %.6f",
                   p + 1, st->gins_by[p], p + 1, st->gin_points[p], p + 1, st->knocks_by[p], p + 1, st->knock_points[p],
                   p + 1, st->undercuts_by[p], p + 1, st->undercut_points[p], p + 1,
                   (double)(st->points[p] - st->points[1 - p]) / hands);
        return;
    }
    printf("  how the points came (hands won, points):\n");
    for (int p = 0; p < 2; p++)
        printf(
            "    p%d %s: gins %ld (%ld), knocks %ld (%ld), undercuts %ld (%ld)\n      conceded %ld, net %+.2f a hand\n",
            p + 1, gin_sim_player(cfg, p), st->gins_by[p], st->gin_points[p], st->knocks_by[p], st->knock_points[p],
            st->undercuts_by[p], st->undercut_points[p], st->points[1 - p],
            (double)(st->points[p] - st->points[1 - p]) / hands);
}

/* Two players: who won, with the interval, as text or JSON. */
static void print_two(const gin_sim_config *cfg, const gin_sim_stats *st, int json, double secs)
{
    const char *p1 = cfg->p1, *p2 = cfg->p2;
    long decided = st->wins[0] + st->wins[1];
    double share = decided ? (double)st->wins[0] / (double)decided : 0.0, lo, hi;
    wilson(st->wins[0], decided, &lo, &hi);
    double pph1 = st->hands ? (double)st->points[0] / (double)st->hands : 0.0;
    double pph2 = st->hands ? (double)st->points[1] / (double)st->hands : 0.0;
    double hps = secs > 0 ? (double)st->hands / secs : 0.0;
    if (json) {
        printf("{\"games\": %ld, \"p1_wins\": %ld, \"p2_wins\": %ld, \"p1_win_share\": %.6f, "
               "\"ci95_low\": %.6f, \"ci95_high\": %.6f, \"hands\": %ld, \"p1_points_per_hand\": %.6f, "
               "\"p2_points_per_hand\": %.6f, \"gins\": %ld, \"knocks\": %ld, \"undercuts\": %ld, "
               "\"voids\": %ld, \"forfeits\": %ld, \"p1_forfeits\": %ld, \"p2_forfeits\": %ld, "
               "\"hands_per_s\": %.1f",
               st->games, st->wins[0], st->wins[1], share, lo, hi, st->hands, pph1, pph2, st->gins, st->knocks,
               st->undercuts, st->voids, st->forfeits[0] + st->forfeits[1], st->forfeits[0], st->forfeits[1], hps);
        print_sources(cfg, st, 1);
        printf("}\n");
        return;
    }
    printf("%s vs %s, %ld games in mirrored pairs, rules %s, seed %llu\n", p1, p2, st->games, cfg->rules.name,
           (unsigned long long)cfg->seed);
    printf("  p1 %-8s %7ld wins  %5.1f%%  (95%% CI %.1f%% - %.1f%%)\n", p1, st->wins[0], 100 * share, 100 * lo,
           100 * hi);
    printf("  p2 %-8s %7ld wins  %5.1f%%\n", p2, st->wins[1], decided ? 100 * (1 - share) : 0.0);
    printf("  hands %ld: gins %ld, knocks %ld, undercuts %ld, voids %ld\n", st->hands, st->gins, st->knocks,
           st->undercuts, st->voids);
    printf("  points per hand: p1 %.2f, p2 %.2f\n", pph1, pph2);
    printf("  forfeits %ld: p1 %ld, p2 %ld\n", st->forfeits[0] + st->forfeits[1], st->forfeits[0], st->forfeits[1]);
    printf("  %.0f hands/s (%d jobs, %.2f s)\n", hps, cfg->jobs, secs);
    print_sources(cfg, st, 0);
}

/* Told to stop (Ctrl-C, a closed terminal, kill, or any other signal
 * whose default ends the process): the run stops at once, the games in
 * progress abandoned (not counted, said on standard error), every
 * external bot's process tree is ended, the figures of the finished games
 * are printed, and we die of the signal as we would have. A second signal
 * does not wait: every bot's process group is killed at once. The crash
 * signals end the bots' groups too, then go to whoever handled them
 * before (a sanitizer's report is kept) and die the same way. */
static volatile sig_atomic_t quit_sig;

static void on_quit(int sig)
{
    if (!quit_sig) {
        quit_sig = sig;
        return;
    }
    gin_bots_kill_all(); // NOLINT(bugprone-signal-handler): async-signal-safe by contract (agents.h)
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int crash_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
static struct sigaction old_crash[sizeof crash_sigs / sizeof crash_sigs[0]];

static void on_crash(int sig)
{
    gin_bots_kill_all(); // NOLINT(bugprone-signal-handler): async-signal-safe by contract (agents.h)
    for (size_t i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
        if (crash_sigs[i] == sig)
            sigaction(sig, &old_crash[i], NULL);
    raise(sig); /* blocked while we run: delivered to the previous handler when we return */
}

/* Every signal whose default ends the process: quit in order (or die at
 * once on a crash), ending the bots first. */
static void catch_signals(void)
{
    static const int quit_sigs[] = {
        SIGHUP,    SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGPWR
        SIGPWR,
#endif
#ifdef SIGSTKFLT
        SIGSTKFLT,
#endif
#ifdef SIGIO
        SIGIO,
#endif
    };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit;
    for (size_t i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++)
        sigaction(quit_sigs[i], &sa, NULL);
#ifdef SIGRTMIN
    for (int i = SIGRTMIN; i <= SIGRTMAX; i++)
        sigaction(i, &sa, NULL);
#endif
    sa.sa_handler = on_crash;
    for (size_t i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
        sigaction(crash_sigs[i], &sa, &old_crash[i]);
}

/* The run was stopped by a signal: the bots' trees end first, then the
 * figures of the finished games, then a line saying what was abandoned;
 * then we die of the signal. */
static void die_of_signal(const gin_sim_config *cfg, const gin_sim_stats *st, int seats, int json, double secs)
{
    gin_bots_end_all();
    if (st->games > 0) {
        if (seats > 2)
            print_table(cfg, st, json, secs);
        else
            print_two(cfg, st, json, secs);
    }
    fflush(stdout);
    fprintf(stderr,
            "gin sim: stopped by signal %d (%s): %ld of %ld games played; %ld in progress abandoned, not counted\n",
            quit_sig, strsignal(quit_sig), st->games, (long)seats * cfg->pairs, st->abandoned);
    signal(quit_sig, SIG_DFL);
    raise(quit_sig);
}

int gin_cmd_sim(int argc, char **argv)
{
    catch_signals();
    sim_args a;
    memset(&a, 0, sizeof a);
    a.games = 1000;
    a.seed = 1;
    a.move_ms = 5000;
    int rc = parse_sim_args(argc, argv, &a), seats = 2;
    if (rc >= 0)
        return rc;
    gin_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if ((rc = sim_rules(&a, &cfg, &seats)) >= 0)
        return rc;
    const char *bot_log = a.bot_log && *a.bot_log && strcmp(a.bot_log, "/dev/null") != 0 ? a.bot_log : NULL;
    for (int p = 0; p < seats; p++) {
        static const char *const opt_names[] = {"--p1", "--p2", "--p3", "--p4"};
        int ok = check_agent(opt_names[p], a.names[p], (int)a.think, (int)a.move_ms, bot_log);
        if (ok <= 0)
            return ok < 0 ? 1 : CLI_USAGE;
    }
    if (a.jobs <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        a.jobs = n > 0 ? n : 1;
    }
    cfg.p1 = a.names[0];
    cfg.p2 = a.names[1];
    cfg.p3 = a.names[2];
    cfg.p4 = a.names[3];
    cfg.seed = a.seed;
    cfg.pairs = (long)((a.games + seats - 1) / seats);
    cfg.think_ms = (int)a.think;
    cfg.jobs = (int)a.jobs;
    cfg.move_ms = (int)a.move_ms;
    cfg.bot_log = bot_log;
    cfg.cancel = &quit_sig;
    int tty = isatty(STDERR_FILENO);
    forfeit_out fo = {seats, tty};
    cfg.on_forfeit = report_forfeit;
    cfg.forfeit_ctx = &fo;

    gin_sim_stats st;
    double t0 = gin_sim_now();
    rc = gin_sim_run(&cfg, tty ? progress_bar : NULL, NULL, &st);
    double secs = gin_sim_now() - t0;
    if (tty)
        fputs("\r\033[K", stderr);
    if (quit_sig)
        die_of_signal(&cfg, &st, seats, a.json, secs);
    if (rc != GIN_OK) {
        const char *who = gin_sim_player(&cfg, st.fault_player);
        fprintf(stderr, "gin sim: game %ld failed: %s%s%s\n", st.fault_game, gin_strerror(rc), who ? " by " : "",
                who ? who : "");
        return 1;
    }
    if (seats > 2)
        print_table(&cfg, &st, a.json, secs);
    else
        print_two(&cfg, &st, a.json, secs);
    return 0;
}
