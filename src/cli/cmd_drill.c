/* `gin drill`: drills from the player's own mistakes in the history, then
 * generated ones (src/trainer/drill.h), asked one by one on standard
 * input, scored, explained in the coach's words, and counted in the
 * drills' progress file (src/store/drills.h); or with --json, the
 * session's drills and their answers as one object, the same for the same
 * seed and history. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli_io.h"
#include "commands.h"
#include "drill.h"
#include "game_review.h"
#include "drills.h"
#include "gin/action.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "history.h"
#include "opts.h"
#include "play.h"
#include "ui.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gin drill [--count N] [--level L] [--kind K] [--seed S] [--playouts N]\n"
            "                 [--no-history] [--json]\n"
            "Positions with one clearly best answer: which card to throw, take or draw,\n"
            "knock or play on, which spread to show at a knock. First your own mistakes\n"
            "from the game history (decisions where your move was behind the coach's best\n"
            "by %g percentage point of the chance to win or more; knocks where the melds\n"
            "you chose to show lost %g point of the hand or more to the best spread), then\n"
            "positions generated at a level. Each position is shown, your answer read (a\n"
            "number, a card such as KC, or a word: take, draw, pass, knock, play; q\n"
            "quits), scored and explained, and counted in your progress (per kind, per\n"
            "day); kinds you miss come back more often.\n"
            "  --count N      drills in the session, 1 to 100 (default 10)\n"
            "  --level L      generated drills: easy (the best ahead by %g or more),\n"
            "                 normal (%g to %g), hard (%g to %g); default normal\n"
            "  --kind K       only drills of kind throw, take, knock or spread\n"
            "  --seed S       the session's seed (default: from the clock)\n"
            "  --playouts N   the analysis budget of a position (default %d; your own\n"
            "                 decisions %d, with the review's seed: both give your move\n"
            "                 one number; a spread drill rates over a tenth as many hands)\n"
            "  --no-history   generated drills only\n"
            "  --json         print the session's drills with their answers as one JSON\n"
            "                 object (its fields: man 6 gin) and ask nothing; the same\n"
            "                 seed and history give the same drills (progress is not read)\n"
            "  -h, --help     this text\n"
            "Progress: $XDG_STATE_HOME/gin/drills (kept while no table is open).\n",
            GIN_DRILL_MARGIN, GIN_DRILL_MARGIN, GIN_DRILL_EASY, GIN_DRILL_NORMAL, GIN_DRILL_EASY, GIN_DRILL_MARGIN,
            GIN_DRILL_NORMAL, GIN_DRILL_PLAYOUTS, GIN_REVIEW_PLAYOUTS);
}

enum { O_COUNT = 1000, O_LEVEL, O_KIND, O_SEED, O_PLAYOUTS, O_NOHIST, O_JSON };
static const struct option drill_opts[] = {{"count", required_argument, 0, O_COUNT},
                                           {"level", required_argument, 0, O_LEVEL},
                                           {"kind", required_argument, 0, O_KIND},
                                           {"seed", required_argument, 0, O_SEED},
                                           {"playouts", required_argument, 0, O_PLAYOUTS},
                                           {"no-history", no_argument, 0, O_NOHIST},
                                           {"json", no_argument, 0, O_JSON},
                                           {"help", no_argument, 0, 'h'},
                                           {0, 0, 0, 0}};

enum { COUNT_MAX = 100, HISTORY_GAMES = 10, HISTORY_LOOKS = 60, PAGE_WIDTH = 80 };

typedef struct session {
    int count, kind, json, history;
    uint64_t seed;
    gin_drill_opts o;
    int n;
    gin_drill *drill;    /* count of them */
    int game[COUNT_MAX]; /* the history's game of each drill of yours */
    /* The progress, text mode only. */
    gin_kept kept;
    gin_lock lock;
    int locked;
    gin_drill_progress progress;
} session;

static int parse_args(int argc, char **argv, session *s)
{
    cli_opts o;
    long long n;
    int c;
    cli_opts_init(&o, "gin drill", argc, argv, "h", drill_opts);
    while ((c = cli_next(&o)) != -1) {
        switch (c) {
        case 'h':
            usage(stdout);
            return 0;
        case O_COUNT:
            if (cli_int(&o, 1, COUNT_MAX, &n) != 0)
                return CLI_USAGE;
            s->count = (int)n;
            break;
        case O_LEVEL:
            if ((s->o.level = gin_drill_level_of_name(o.value)) < 0)
                return cli_bad(&o, "unknown level '%s' (easy, normal, hard)", o.value);
            break;
        case O_KIND:
            if ((s->kind = gin_drill_kind_of_name(o.value)) < 0)
                return cli_bad(&o, "unknown kind '%s' (throw, take, knock, spread)", o.value);
            break;
        case O_SEED:
            if (cli_seed(&o, &s->seed) != 0)
                return CLI_USAGE;
            break;
        case O_PLAYOUTS:
            if (cli_int(&o, 1, 100000000, &n) != 0)
                return CLI_USAGE;
            s->o.playouts = (long)n;
            break;
        case O_NOHIST:
            s->history = 0;
            break;
        case O_JSON:
            s->json = 1;
            break;
        default:
            return CLI_USAGE;
        }
    }
    return cli_no_operands(&o) ? CLI_USAGE : -1;
}

/* ---- The drills of the session. */

/* Drills of your mistakes in the newest games of the history. */
static void from_history(session *s)
{
    s->n = gin_play_drills_of_history(s->drill, s->game, s->count, s->kind, &s->o, HISTORY_GAMES, HISTORY_LOOKS);
}

/* The kind of the next generated drill: as asked, or by the progress. */
static int next_kind(const session *s, gin_rng *rng)
{
    if (s->kind >= 0)
        return s->kind;
    int tried[GIN_DRILL_KINDS] = {0}, missed[GIN_DRILL_KINDS] = {0};
    for (int k = 0; k < GIN_DRILL_KINDS && !s->json; k++)
        gin_drill_progress_totals(&s->progress, gin_drill_kind_name(k), NULL, &tried[k], &missed[k]);
    for (int i = 0; i < s->n; i++) { /* this session's drills so far count as tried */
        tried[s->drill[i].kind]++;
    }
    return gin_drill_pick_kind(tried, missed, gin_rng_next(rng));
}

/* One generated drill into s->drill[s->n]: 1, or 0 when none was found.
 * A kind picked by the progress that cannot be found soon gives way to
 * any kind; a kind asked for (--kind) does not. */
static int generate_one(session *s, gin_rng *rng)
{
    int kind = next_kind(s, rng);
    for (int attempt = 0; attempt < 3; attempt++) {
        int rc = gin_drill_generate(&s->o, attempt && s->kind < 0 ? -1 : kind, gin_rng_next(rng), &s->drill[s->n]);
        if (rc > 0) {
            s->game[s->n++] = 0;
            return 1;
        }
        if (rc < 0)
            return 0;
    }
    return 0;
}

/* ---- Showing a drill. */

static void put_row(void *ctx, const char *row, int len, int indent)
{
    (void)ctx;
    printf("%*s%.*s\n", indent, "", len, row);
}

static void cards_text(gin_cardset s, char *buf, size_t cap)
{
    cli_out o = {0, {0}};
    cli_out_cards(&o, s);
    snprintf(buf, cap, "%.*s", (int)o.len, o.data);
}

static void show(const session *s, int i)
{
    const gin_drill *d = &s->drill[i];
    const gin_view *v = &d->view;
    char hand[64], known[64], top[8] = "none", q[128], line[GIN_TRAINER_MOVE_MAX + 24];
    cards_text(v->hand, hand, sizeof hand);
    cards_text(v->known[1 - v->seat], known, sizeof known);
    if (d->advice.top != GIN_NO_CARD)
        cards_text(gin_cardset_of(d->advice.top), top, sizeof top);
    printf("\nDrill %d of %d: %s, ", i + 1, s->count, gin_drill_kind_name(d->kind));
    if (d->source == GIN_DRILL_YOURS)
        printf("from your game %d (hand %d)\n", s->game[i], d->hand_no);
    else
        printf("generated (%s)\n", gin_drill_level_name(s->o.level));
    printf("Your hand: %s (deadwood %d%s)\n", hand, d->advice.deadwood,
           d->kind == GIN_DRILL_SPREAD ? " after the knock's throw" : "");
    printf("Pile: %s on top, %d under it; stock %d; score %d to %d (game to %d)\n", top,
           v->pile_n > 0 ? v->pile_n - 1 : 0, v->stock_n, v->scores[v->seat], v->scores[1 - v->seat], v->rules.target);
    printf("They hold (took from the pile): %s\n", known);
    gin_drill_question(d, NULL, q, sizeof q);
    printf("%s\n", q);
    for (int c = 0; c < d->n_choices; c++) {
        gin_drill_choice_text(d, c, NULL, line, sizeof line);
        printf("  %2d. %s\n", c + 1, line);
    }
}

/* ---- The session, text. */

static void today(char date[11])
{
    time_t now = time(NULL);
    struct tm tm;
    if (!gmtime_r(&now, &tm) || strftime(date, 11, "%Y-%m-%d", &tm) != 10)
        snprintf(date, 11, "1970-01-01");
}

static void open_progress(session *s)
{
    char why[1200];
    s->locked = gin_lock_take(&s->lock, why, sizeof why) == GIN_LOCK_TAKEN;
    if (!s->locked) {
        printf("Your progress is not kept this time: %s\n", why);
        return;
    }
    if (gin_drill_progress_load(&s->kept, &s->progress) == GIN_KEPT_DAMAGED) {
        (void)gin_kept_quarantine(&s->kept);
        printf("%s\n", s->kept.why);
    } else if (s->kept.why[0]) {
        printf("%s\n", s->kept.why);
    }
}

static void count_answer(session *s, const gin_drill *d, int right)
{
    char why[1200], date[11];
    if (!s->locked)
        return;
    today(date);
    if (gin_drill_progress_record(&s->kept, &s->lock, date, gin_drill_kind_name(d->kind), right, &s->progress, why,
                                  sizeof why) != 0)
        printf("%s\n", why);
}

/* Read an answer: the choice, or -1 at the end of input or q. */
static int read_answer(const gin_drill *d)
{
    char line[64];
    for (;;) {
        printf("Your answer (1-%d, q quits): ", d->n_choices);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            putchar('\n');
            return -1;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (!isatty(STDIN_FILENO))
            printf("%s\n", line); /* a transcript reads as a terminal would show it */
        if (!strcmp(line, "q") || !strcmp(line, "quit"))
            return -1;
        int c = gin_drill_answer(d, line);
        if (c >= 0)
            return c;
        char words[64];
        gin_drill_words(d, words, sizeof words);
        printf("'%.24s' is not one of the answers: 1 to %d%s%s.\n", line, d->n_choices,
               d->kind == GIN_DRILL_THROW ? ", or a card such as KC"
               : words[0]                 ? ", or "
                                          : "",
               words);
    }
}

static void summary(const session *s, int asked, int right)
{
    if (asked < s->count && s->n < s->count && asked == s->n)
        printf("\nNo more positions with a clear best answer were found (try another --seed or --level).");
    printf("\n%d of %d right.", right, asked);
    if (!s->locked) {
        putchar('\n');
        return;
    }
    printf("\nYour progress, all days:"); /* a line of its own: four kinds fill it */
    for (int k = 0; k < GIN_DRILL_KINDS; k++) {
        int tried, missed;
        gin_drill_progress_totals(&s->progress, gin_drill_kind_name(k), NULL, &tried, &missed);
        printf("%s %s %d of %d", k ? "," : "", gin_drill_kind_name(k), tried - missed, tried);
    }
    printf(".\n");
}

static int run_text(session *s, gin_rng *rng)
{
    open_progress(s);
    int asked = 0, right = 0;
    for (int i = 0; i < s->count; i++) {
        if (i >= s->n && !generate_one(s, rng)) /* one at a time: the first question comes soon */
            break;
        const gin_drill *d = &s->drill[i];
        show(s, i);
        int c = read_answer(d);
        if (c < 0)
            break;
        char text[GIN_DRILL_EXPLAIN_MAX];
        gin_drill_explain(d, c, NULL, text, sizeof text);
        gin_ui_wrap(text, PAGE_WIDTH, put_row, NULL);
        if (d->source == GIN_DRILL_YOURS && d->played >= 0) {
            char mine[GIN_TRAINER_MOVE_MAX + 16];
            gin_drill_choice_text(d, d->played, NULL, mine, sizeof mine);
            printf("In the game you played: %s.\n", mine);
        }
        asked++;
        right += c == d->best;
        count_answer(s, d, c == d->best);
    }
    summary(s, asked, right);
    if (s->locked)
        gin_lock_release(&s->lock);
    return 0;
}

/* ---- The session, JSON. */

static void json_cards(const char *key, gin_cardset set)
{
    cli_out o = {0, {0}};
    cli_out_json_cards(&o, set);
    printf(", \"%s\": %.*s", key, (int)o.len, o.data);
}

/* A spread drill's choice as the record writes the knock ("knock 9C
 * 7S,7H,7D AC,2C,3C"). */
static void spread_move(const gin_drill *d, int c, char *buf, size_t cap)
{
    gin_action a = gin_action_make(GIN_ACT_KNOCK, d->thrown);
    a.spread = d->spreads.spread[d->choice[c].move].spread;
    if (gin_action_format(a, 0, buf, cap) < 0)
        snprintf(buf, cap, "knock");
}

static void json_drill(const session *s, int i)
{
    const gin_drill *d = &s->drill[i];
    const gin_view *v = &d->view;
    char text[GIN_DRILL_EXPLAIN_MAX], move[GIN_ACTION_TEXT_MAX];
    printf("%s{\"kind\": \"%s\", \"source\": \"%s\"", i ? ", " : "", gin_drill_kind_name(d->kind),
           d->source == GIN_DRILL_YOURS ? "yours" : "generated");
    if (d->source == GIN_DRILL_YOURS)
        printf(", \"game\": %d", s->game[i]);
    printf(", \"hand_no\": %d, \"turns\": %d, \"phase\": \"%s\"", d->hand_no, d->turns,
           v->phase == GIN_PHASE_OFFER  ? "offer"
           : v->phase == GIN_PHASE_DRAW ? "draw"
                                        : "discard");
    json_cards("hand", v->hand);
    if (d->advice.top == GIN_NO_CARD) {
        printf(", \"top\": null");
    } else {
        cli_out o = {0, {0}};
        cli_out_json_card(&o, d->advice.top);
        printf(", \"top\": %.*s", (int)o.len, o.data);
    }
    json_cards("they_took", v->known[1 - v->seat]);
    if (d->kind == GIN_DRILL_SPREAD) {
        cli_out o = {0, {0}};
        cli_out_json_card(&o, d->thrown);
        printf(", \"thrown\": %.*s", (int)o.len, o.data);
    }
    printf(", \"stock\": %d, \"scores\": [%d, %d], \"ranked_by\": \"%s\", \"margin\": %.2f", v->stock_n,
           v->scores[v->seat], v->scores[1 - v->seat], d->advice.measure == GIN_COACH_BY_WIN ? "win" : "points",
           d->margin);
    gin_drill_question(d, NULL, text, sizeof text);
    printf(", \"question\": ");
    cli_json_string(stdout, text);
    printf(", \"choices\": [");
    for (int c = 0; c < d->n_choices; c++) {
        gin_drill_choice_text(d, c, NULL, text, sizeof text);
        if (d->kind == GIN_DRILL_SPREAD)
            spread_move(d, c, move, sizeof move);
        else
            gin_coach_move_text(v, d->advice.move[d->choice[c].move].value.action, move, sizeof move);
        printf("%s{\"answer\": ", c ? ", " : "");
        cli_json_string(stdout, text);
        printf(", \"move\": \"%s\", \"lost\": %.2f", move, d->choice[c].lost);
        if (d->kind == GIN_DRILL_SPREAD) {
            const gin_spread_value *x = &d->spreads.spread[d->choice[c].move];
            printf(", \"deadwood\": %d, \"points\": %.2f, \"laid\": %.2f, \"undercut\": %.3f", x->shown.deadwood,
                   x->points, x->laid, x->undercut);
        }
        putchar('}');
    }
    printf("], \"best\": %d", d->best + 1);
    if (d->played >= 0)
        printf(", \"played\": %d", d->played + 1);
    gin_drill_explain(d, d->best, NULL, text, sizeof text);
    printf(", \"explain\": ");
    cli_json_string(stdout, text);
    putchar('}');
}

static int run_json(const session *s)
{
    printf("{\"seed\": \"%" PRIu64 "\", \"level\": \"%s\", \"margin\": %.1f, \"drills\": [", s->seed,
           gin_drill_level_name(s->o.level), GIN_DRILL_MARGIN);
    for (int i = 0; i < s->n; i++)
        json_drill(s, i);
    printf("]}\n");
    return 0;
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return gin_rng_mix((uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32));
}

int gin_cmd_drill(int argc, char **argv)
{
    static session s;
    memset(&s, 0, sizeof s);
    s.count = 10;
    s.kind = -1;
    s.history = 1;
    s.o.level = GIN_DRILL_LEVEL_NORMAL;
    s.seed = clock_seed();
    int rc = parse_args(argc, argv, &s);
    if (rc >= 0)
        return rc;
    s.drill = malloc(sizeof *s.drill * (size_t)s.count);
    if (!s.drill) {
        fputs("gin drill: out of memory\n", stderr);
        return 1;
    }
    if (!s.json) {
        printf("Finding drills%s...\n", s.history ? " (your mistakes in the history first)" : "");
        fflush(stdout);
        /* The progress decides the kinds: read it before generating. */
        gin_kept k;
        (void)gin_drill_progress_load(&k, &s.progress);
    }
    if (s.history)
        from_history(&s);
    gin_rng rng;
    gin_rng_seed(&rng, s.seed);
    if (!s.json) {
        rc = run_text(&s, &rng);
        free(s.drill);
        return rc;
    }
    while (s.n < s.count && generate_one(&s, &rng)) {
    }
    if (s.n == 0) {
        fputs("gin drill: no position with a clear best answer was found; try another --seed or --level\n", stderr);
        free(s.drill);
        return 1;
    }
    rc = run_json(&s);
    free(s.drill);
    return rc;
}
