/* `gin review [N]`: the review of game N of the history, or of the saved
 * game: every decision of yours judged by the coach (src/trainer/game_review.h),
 * the accuracy, the graph of the chance to win, at 80 columns or as one
 * JSON object. */
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "gin/error.h"
#include "history.h"
#include "kept.h"
#include "opts.h"
#include "play.h"
#include "game_review.h"
#include "save.h"

enum { O_PLAYOUTS = 1000, O_SEED, O_JSON, PAGE = 80 };

static void usage(FILE *f)
{
    fputs("usage: gin review [--json] [--playouts N] [--seed N] [N]\n"
          "Reviews game N of the history (gin history lists them), or with no N the\n"
          "game saved now: every decision of yours, judged by the coach as the hint\n"
          "judges it, with a verdict by the chance to win the game it gave up (by\n"
          "points in Hollywood or with no target): best (under 2 percentage points, or\n"
          "about equal to the best), inaccuracy (from 2), mistake (from 5), blunder\n"
          "(from 10); by points 1, 3 and 6. Then the best move and why, your accuracy\n"
          "(the share rated best), and a graph of the chance to win before each\n"
          "decision. Two-player games only.\n"
          "  --playouts N   the analysis budget of one decision (default 200000, the\n"
          "                 hint's: a game takes seconds on two cores; less is\n"
          "                 quicker and noisier, and errs towards best)\n"
          "  --seed N       the analysis seed (default 0; the review is the same every run)\n"
          "  --json         one JSON object: {\"ranked_by\", \"playouts\", \"accuracy\",\n"
          "                 \"lost\", \"counts\", \"dropped\", \"decisions\": [{\"hand\",\n"
          "                 \"turn\", \"phase\", \"move\", \"best\", \"then\", \"rank\", \"of\",\n"
          "                 \"lost\", \"equal\", \"win\", \"win_played\", \"verdict\",\n"
          "                 \"reason\"}, ...]}; lost in the ranking's unit (a chance 0-1,\n"
          "                 or points)\n"
          "  -h, --help     this text\n"
          "Exit 0, 1 when the game cannot be read or reviewed, 2 for a usage mistake.\n",
          f);
}

static const struct option review_opts[] = {{"playouts", required_argument, 0, O_PLAYOUTS},
                                            {"seed", required_argument, 0, O_SEED},
                                            {"json", no_argument, 0, O_JSON},
                                            {"help", no_argument, 0, 'h'},
                                            {0, 0, 0, 0}};

/* Read game `arg` of the history, or the save (arg NULL), into rec and
 * *human. Returns 0, or 1 after the message. */
static int read_game(const char *arg, gin_record *rec, int *human)
{
    static gin_kept k;
    int st;
    long long id = 0;
    if (arg) {
        if (strspn(arg, "0123456789") != strlen(arg) || gin_kept_number(arg, 1, 999999999, &id) != 0) {
            fprintf(stderr,
                    "gin review: %s: no such game in the history (numbers start at 1; gin history lists them)\n", arg);
            return 1;
        }
        static gin_history_info h;
        st = gin_history_read((int)id, &k, &h, rec);
        *human = h.human;
    } else {
        static gin_save_info info;
        st = gin_save_read(&k, &info, rec, gin_play_level_known);
        *human = info.human;
    }
    if (st == GIN_KEPT_LOADED)
        return 0;
    if (st == GIN_KEPT_ABSENT && arg)
        fprintf(stderr, "gin review: there is no game %lld in the history (gin history lists them)\n", id);
    else if (st == GIN_KEPT_ABSENT)
        fprintf(stderr, "gin review: there is no saved game (%s); gin review N reviews game N of the history\n",
                k.path);
    else
        fprintf(stderr, "gin review: %s\n", k.why);
    return 1;
}

/* Cards as the terminal shows them: glyphs in a UTF-8 locale. */
static int utf8_locale(void)
{
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

static int glyphs;
static void card_name(gin_card c, char *buf, size_t cap)
{
    char name[GIN_CARD_NAME_MAX];
    snprintf(buf, cap, "%s", gin_card_name(c, glyphs, name));
}

/* "reviewing 12 of about 80" on a terminal's standard error. */
static int progress(void *ctx, int done, int total)
{
    (void)ctx;
    fprintf(stderr, "\rgin review: decision %d of about %d ", done + 1, total);
    return 0;
}

static int review(const gin_record *rec, int human, long playouts, uint64_t seed, int json)
{
    glyphs = !json && utf8_locale();
    gin_trainer_voice voice = {card_name, 0};
    int tty = isatty(STDERR_FILENO);
    gin_review_opts o = {playouts, seed, &voice, tty ? progress : NULL, NULL, -1, 0};
    gin_review_game *g = malloc(sizeof *g);
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    int rc = g && buf ? gin_review_run(rec, human, &o, g) : GIN_ESPACE;
    if (tty)
        fputs("\r\033[K", stderr);
    if (rc < 0) {
        fprintf(stderr, "gin review: %s\n",
                rc == GIN_ESTATE   ? "the coach reviews games of two players only"
                : rc == GIN_ESPACE ? "out of memory"
                                   : gin_strerror(rc));
    } else if (json ? gin_review_json(g, buf, cap) < 0 : gin_review_page(g, glyphs, PAGE, buf, cap) < 0) {
        fprintf(stderr, "gin review: the review is too long to print\n");
        rc = GIN_ESPACE;
    } else {
        fputs(buf, stdout);
    }
    free(g);
    free(buf);
    return rc < 0 ? 1 : 0;
}

int gin_cmd_review(int argc, char **argv)
{
    long playouts = 0;
    uint64_t seed = GIN_REVIEW_SEED;
    int json = 0, c;
    long long n;
    cli_opts o;
    cli_opts_init(&o, "gin review", argc, argv, "h", review_opts);
    while ((c = cli_next(&o)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        } else if (c == O_PLAYOUTS) {
            if (cli_int(&o, 1, 100000000, &n) != 0)
                return CLI_USAGE;
            playouts = (long)n;
        } else if (c == O_SEED) {
            if (cli_seed(&o, &seed) != 0)
                return CLI_USAGE;
        } else if (c == O_JSON) {
            json = 1;
        } else {
            return CLI_USAGE;
        }
    }
    if (argc - optind > 1) {
        fprintf(stderr, "gin review: one game at a time (try 'gin review --help')\n");
        return CLI_USAGE;
    }
    gin_record *rec = malloc(sizeof *rec);
    int human = 0;
    if (!rec) {
        fprintf(stderr, "gin review: out of memory\n");
        return 1;
    }
    int rc = read_game(optind < argc ? argv[optind] : NULL, rec, &human);
    if (rc == 0)
        rc = review(rec, human, playouts, seed, json);
    free(rec);
    return rc;
}
