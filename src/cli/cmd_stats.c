/* `gin stats`: the player's statistics per bot level and rule preset, as a
 * table with the bars of the last games' margins, or one JSON object; and
 * `gin stats --reset`, which moves them aside (never deletes them) under
 * the table lock, so it cannot pull the file from under an open table. */
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli_io.h"
#include "commands.h"
#include "lock.h"
#include "opts.h"
#include "stats.h"

static void usage(FILE *f)
{
    fputs("usage: gin stats [--json]\n"
          "       gin stats --reset [--yes]\n"
          "Your results against each bot level, per rules preset: games, wins, win share,\n"
          "games resigned, gin share of the hands won, knocks, undercuts made and\n"
          "suffered, hand points per hand, streaks, and bars of the last 20 games' margins.\n"
          "Counted: two-player games against a built-in bot that are not practice; a game\n"
          "you resign, or a saved game you choose not to resume, counts as lost. Rules that\n"
          "differ from a preset count as the nearest one. Not counted: practice games,\n"
          "external bots, tables of three or four.\n\n"
          "  --json     one JSON object instead of the table (its fields: man 6 gin)\n"
          "  --reset    start the statistics again: the old ones are moved aside, not\n"
          "             deleted (to stats-v3.reset-DATE-TIME, and said where). Asks first;\n"
          "             refused while a table is open\n"
          "  --yes      with --reset: do not ask (for scripts)\n"
          "  -h, --help this text\n\n"
          "Kept in $XDG_STATE_HOME/gin/stats-v3 (default ~/.local/state/gin/). The\n"
          "statistics of an older gin (stats-v2, stats) are read and converted until the\n"
          "first game is counted.\n",
          f);
}

static void json_rate(const char *key, long long part, long long whole)
{
    if (whole > 0)
        printf(",\"%s\":%.4f", key, (double)part / (double)whole);
    else
        printf(",\"%s\":null", key);
}

static void json_row(const char *level, const char *rules, const gin_level_stats *l, int *first)
{
    static const char *const outcome[] = {"won", "lost", "tie", "resigned"};
    printf("%s{\"level\":\"%s\",\"rules\":\"%s\",\"games\":%d,\"wins\":%d,\"resigned\":%d,\"hands\":%d,"
           "\"hands_won\":%d,\"gins\":%d,\"knocks\":%d,\"undercuts\":%d,\"undercuts_against\":%d,\"points\":%lld,"
           "\"points_against\":%lld,\"streak\":%d,\"best_streak\":%d,\"old_games\":%d,\"old_hands\":%d",
           *first ? "" : ",", level, rules, l->games, l->wins, l->resigned, l->hands, l->hands_won, l->gins, l->knocks,
           l->undercuts, l->undercut_against, l->points, l->points_against, l->streak, l->best_streak, l->old_games,
           l->old_hands);
    *first = 0;
    json_rate("win_share", l->wins, l->games);
    json_rate("gin_share", l->gins, l->hands_won);
    json_rate("points_per_hand", l->points, l->hands - l->old_hands);
    json_rate("points_against_per_hand", l->points_against, l->hands - l->old_hands);
    fputs(",\"recent\":[", stdout);
    for (int i = 0; i < l->n_recent; i++) {
        int o = l->recent[i].outcome;
        const char *w = outcome[o == GIN_OUTCOME_WON ? 0 : o == GIN_OUTCOME_LOST ? 1 : o == GIN_OUTCOME_TIE ? 2 : 3];
        printf("%s{\"result\":\"%s\",\"margin\":%d}", i ? "," : "", w, l->recent[i].margin);
    }
    fputs("]}", stdout);
}

static void print_json(const gin_kept *k, const gin_stats *s, const char *error)
{
    fputs("{\"format\":3,\"file\":", stdout);
    cli_json_string(stdout, k->path);
    printf(",\"converted\":%s,\"error\":", s->converted ? "true" : "false");
    if (error)
        cli_json_string(stdout, error);
    else
        fputs("null", stdout);
    fputs(",\"rows\":[", stdout);
    int first = 1;
    /* Each bot's rows together, at its first: all rules, then each preset. */
    for (int i = 0; i < s->n_rows; i++) {
        const char *level = s->row[i].level;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = !strcmp(s->row[j].level, level);
        const gin_level_stats *all = gin_stats_get(s, level, "all");
        if (seen)
            continue;
        if (all)
            json_row(level, "all", all, &first);
        for (int j = i; j < s->n_rows; j++)
            if (!strcmp(s->row[j].level, level) && strcmp(s->row[j].rules, "all") != 0 && s->row[j].n.games)
                json_row(level, s->row[j].rules, &s->row[j].n, &first);
    }
    fputs("]}\n", stdout);
}

static int print_table(const gin_stats *s)
{
    static char buf[32768];
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    int utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
    if (gin_stats_rows(s, buf, sizeof buf) < 0)
        return 1;
    fputs(buf, stdout);
    int n = gin_stats_margins(s, utf8, buf, sizeof buf);
    if (n < 0)
        return 1;
    if (n > 0)
        printf("\n%s", buf);
    if (gin_stats_notes(s, buf, sizeof buf) < 0)
        return 1;
    printf("\n%s", buf);
    return 0;
}

/* y or yes on standard input. */
static int confirmed(void)
{
    printf("Reset your statistics? The old ones are moved aside, not deleted. [y/N] ");
    fflush(stdout);
    char line[64];
    if (!fgets(line, sizeof line, stdin))
        return 0;
    line[strcspn(line, "\r\n")] = '\0';
    return !strcmp(line, "y") || !strcmp(line, "Y") || !strcmp(line, "yes");
}

static int reset(int yes)
{
    gin_lock lk;
    char why[1200], moved[4096];
    memset(&lk, 0, sizeof lk);
    int rc = gin_lock_take(&lk, why, sizeof why);
    if (rc != GIN_LOCK_TAKEN) {
        fprintf(stderr, "gin stats: %s%s\n", rc == GIN_LOCK_BUSY ? "cannot reset while a table is open: " : "", why);
        return 1;
    }
    if (!yes && !confirmed()) {
        gin_lock_release(&lk);
        fputs("gin stats: not reset\n", stderr);
        return 1;
    }
    int n = gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why);
    gin_lock_release(&lk);
    if (n < 0) {
        fprintf(stderr, "gin stats: not reset: %s\n", why);
        return 1;
    }
    if (n == 0)
        puts("There were no statistics to reset.");
    else
        printf("Statistics reset. The old ones are kept:\n%s", moved);
    return 0;
}

int gin_cmd_stats(int argc, char **argv)
{
    enum { O_JSON = 256, O_RESET, O_YES };
    static const struct option longopts[] = {{"json", no_argument, NULL, O_JSON},
                                             {"reset", no_argument, NULL, O_RESET},
                                             {"yes", no_argument, NULL, O_YES},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int json = 0, do_reset = 0, yes = 0, c;
    cli_opts o;
    cli_opts_init(&o, "gin stats", argc, argv, "h", longopts);
    while ((c = cli_next(&o)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        }
        if (c == '?')
            return CLI_USAGE;
        json |= c == O_JSON;
        do_reset |= c == O_RESET;
        yes |= c == O_YES;
    }
    if (cli_no_operands(&o))
        return CLI_USAGE;
    if ((yes && !do_reset) || (json && do_reset)) {
        fprintf(stderr, "gin stats: %s (try 'gin stats --help')\n",
                yes ? "--yes goes with --reset" : "--json and --reset do not go together");
        return CLI_USAGE;
    }
    if (do_reset)
        return reset(yes);
    gin_stats s;
    static gin_kept k;
    int st = gin_stats_load(&k, &s);
    int rc = st == GIN_KEPT_LOADED || st == GIN_KEPT_ABSENT ? 0 : 1;
    if (rc != 0)
        fprintf(stderr, "gin stats: %s\n", k.why);
    if (json) {
        print_json(&k, &s, rc ? k.why : NULL);
        return rc;
    }
    if (s.converted)
        printf("From the statistics file of an older gin (format %d), converted; the first game\n"
               "counted keeps them in %s.\n\n",
               s.converted, k.path);
    return print_table(&s) ? 1 : rc;
}
