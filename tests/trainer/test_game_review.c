/* Tests of the game review (game_review.h): the verdicts by their documented
 * thresholds, the accuracy, the graph, the JSON, on games played here by
 * the baselines (short: one hand, small budgets). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "game_review.h"

static int verdict_win(double pct) { return gin_review_verdict(GIN_COACH_BY_WIN, pct / 100.0, 0); }

static void the_verdicts_follow_the_thresholds(void **state)
{
    (void)state;
    assert_int_equal(verdict_win(0), GIN_VERDICT_BEST);
    assert_int_equal(verdict_win(1.94), GIN_VERDICT_BEST);
    assert_int_equal(verdict_win(1.96), GIN_VERDICT_INACCURACY); /* shown as 2.0 */
    assert_int_equal(verdict_win(GIN_REVIEW_INACCURACY_WIN), GIN_VERDICT_INACCURACY);
    assert_int_equal(verdict_win(4.94), GIN_VERDICT_INACCURACY);
    assert_int_equal(verdict_win(GIN_REVIEW_MISTAKE_WIN), GIN_VERDICT_MISTAKE);
    assert_int_equal(verdict_win(9.94), GIN_VERDICT_MISTAKE);
    assert_int_equal(verdict_win(GIN_REVIEW_BLUNDER_WIN), GIN_VERDICT_BLUNDER);
    assert_int_equal(verdict_win(60), GIN_VERDICT_BLUNDER);
    /* About equal to the best is best, whatever the gap. */
    assert_int_equal(gin_review_verdict(GIN_COACH_BY_WIN, 0.3, 1), GIN_VERDICT_BEST);
    assert_int_equal(gin_review_verdict(GIN_COACH_BY_POINTS, 0.94, 0), GIN_VERDICT_BEST);
    assert_int_equal(gin_review_verdict(GIN_COACH_BY_POINTS, GIN_REVIEW_INACCURACY_POINTS, 0), GIN_VERDICT_INACCURACY);
    assert_int_equal(gin_review_verdict(GIN_COACH_BY_POINTS, GIN_REVIEW_MISTAKE_POINTS, 0), GIN_VERDICT_MISTAKE);
    assert_int_equal(gin_review_verdict(GIN_COACH_BY_POINTS, GIN_REVIEW_BLUNDER_POINTS, 0), GIN_VERDICT_BLUNDER);
    assert_string_equal(gin_review_verdict_word(GIN_VERDICT_INACCURACY), "inaccuracy");
    assert_string_equal(gin_review_verdict_word(GIN_VERDICT_BLUNDER), "blunder");
}

/* The lines of text, each at most width columns (code points). */
static void assert_fits(const char *text, int width)
{
    int col = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '\n') {
            col = 0;
            continue;
        }
        col += ((unsigned char)*s & 0xC0) != 0x80;
        if (col > width)
            fail_msg("a line over %d columns in:\n%s", width, text);
    }
}

/* Line i (0-based) of text into buf. */
static void line_of(const char *text, int i, char *buf, size_t cap)
{
    for (; i > 0 && text; i--) {
        text = strchr(text, '\n');
        text = text ? text + 1 : NULL;
    }
    assert_non_null(text);
    snprintf(buf, cap, "%.*s", (int)strcspn(text, "\n"), text);
}

static gin_review_game game;

static void decision(int hand, double win, int verdict)
{
    gin_review_decision *d = &game.d[game.n++];
    memset(d, 0, sizeof *d);
    d->hand = hand;
    d->win = win;
    d->verdict = verdict;
    d->rank = verdict ? 2 : 1;
}

static void the_graph_draws_the_chance_and_marks_the_swings(void **state)
{
    (void)state;
    memset(&game, 0, offsetof(gin_review_game, d));
    decision(1, 0.0, GIN_VERDICT_BEST);
    decision(1, 0.5, GIN_VERDICT_BEST);    /* +50: a swing */
    decision(2, 1.0, GIN_VERDICT_MISTAKE); /* a mistake here, and a new hand */
    decision(2, 0.95, GIN_VERDICT_INACCURACY);
    char g[4096], row[256];
    assert_true(gin_review_graph(&game, 0, 40, g, sizeof g) > 0);
    assert_fits(g, 40);
    line_of(g, 0, row, sizeof row); /* the top row: 87.5 to 100% */
    assert_string_equal(row, "100% |  #+");
    line_of(g, 4, row, sizeof row); /* the row from 37.5 to 50% */
    assert_string_equal(row, " 50% | ###");
    line_of(g, 7, row, sizeof row); /* the bottom row */
    assert_string_equal(row, "  0% | ###");
    line_of(g, 8, row, sizeof row);
    assert_string_equal(row, "       *^ ");
    line_of(g, 9, row, sizeof row);
    assert_string_equal(row, "hand  1 2");
    assert_true(gin_review_graph(&game, 1, 40, g, sizeof g) > 0);
    line_of(g, 0, row, sizeof row);
    assert_string_equal(row, "100% |  █▅");
    /* More decisions than columns share them. */
    game.n = 0;
    for (int i = 0; i < 300; i++)
        decision(1 + i / 30, (i % 10) / 10.0, i == 150 ? GIN_VERDICT_BLUNDER : GIN_VERDICT_BEST);
    assert_true(gin_review_graph(&game, 1, 80, g, sizeof g) > 0);
    assert_fits(g, 80);
    line_of(g, 8, row, sizeof row);
    assert_non_null(strchr(row, '^'));
    assert_int_equal(gin_review_graph(&game, 1, 80, g, 64), -1); /* no room */
    /* Hands of one decision each: a label never touches the one before
     * (they read as "34" or "1011"); one that would is left out. */
    game.n = 0;
    for (int i = 0; i < 12; i++)
        decision(1 + i, 0.5, GIN_VERDICT_BEST);
    assert_true(gin_review_graph(&game, 0, 80, g, sizeof g) > 0);
    line_of(g, 9, row, sizeof row);
    assert_string_equal(row, "hand  1 3 5 7 9 11");
}

/* A game of `hands` hands of `a` (seat 0) against `b`, recorded. */
static gin_record *play_hands(const char *a, const char *b, uint64_t seed, int hollywood, int hands)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    r.max_hands = hands;
    r.hollywood = hollywood;
    gin_agent ag[2];
    assert_int_equal(gin_baseline_create(a, seed, &ag[0]), GIN_OK);
    assert_int_equal(gin_baseline_create(b, seed + 1, &ag[1]), GIN_OK);
    const gin_agent *agents[GIN_MAX_SEATS] = {&ag[0], &ag[1], NULL, NULL};
    gin_match *m = malloc(sizeof *m);
    gin_record *rec = malloc(sizeof *rec);
    assert_non_null(m);
    assert_non_null(rec);
    gin_record_init(rec, &r, seed);
    assert_int_equal(gin_match_init(m, &r, seed, agents, NULL, NULL), GIN_OK);
    int rc;
    while ((rc = gin_match_step(m)) == 1)
        if (m->moved >= 0)
            assert_int_equal(gin_record_add(rec, m->last), GIN_OK);
    assert_int_equal(rc, 0);
    if (m->moved >= 0)
        assert_int_equal(gin_record_add(rec, m->last), GIN_OK);
    free(m);
    for (int i = 0; i < 2; i++)
        if (ag[i].destroy)
            ag[i].destroy(ag[i].self);
    return rec;
}

static gin_record *play(const char *a, const char *b, uint64_t seed, int hollywood)
{
    return play_hands(a, b, seed, hollywood, 1);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *s = text; (s = strstr(s, what)); s += strlen(what))
        n++;
    return n;
}

static gin_review_game *reviewed(const gin_record *rec, long playouts)
{
    static gin_review_game *g;
    if (!g)
        g = malloc(sizeof *g);
    assert_non_null(g);
    gin_review_opts o = {playouts, 7, NULL, NULL, NULL, 0, 0};
    assert_true(gin_review_run(rec, 0, &o, g) > 0);
    return g;
}

/* The review of a game is the same, byte for byte, on two threads as on
 * one (the analysis samples each world from the seed and its number). */
static void a_review_is_the_same_on_any_number_of_threads(void **state)
{
    (void)state;
    gin_record *rec = play("random", "simple", 5, 0);
    gin_review_game *one = calloc(1, sizeof *one), *two = calloc(1, sizeof *two);
    assert_non_null(one);
    assert_non_null(two);
    gin_review_opts o = {2000, 7, NULL, NULL, NULL, 1, 0};
    int n = gin_review_run(rec, 0, &o, one);
    assert_true(n > 5);
    o.threads = 2;
    assert_int_equal(gin_review_run(rec, 0, &o, two), n);
    assert_memory_equal(one, two, sizeof *one);
    free(one);
    free(two);
    free(rec);
}

/* A random player's game: every decision judged, the numbers consistent,
 * mistakes found, and the texts agree with them. */
static void a_random_game_is_judged(void **state)
{
    (void)state;
    gin_record *rec = play("random", "simple", 3, 0);
    gin_review_game *g = reviewed(rec, 3000);
    int sum = 0;
    for (int i = 0; i < g->n; i++) {
        const gin_review_decision *d = &g->d[i];
        assert_true(d->rank >= 1 && d->rank <= d->of && d->of > 1);
        assert_true(d->lost >= 0);
        assert_int_equal(d->measure, GIN_COACH_BY_WIN);
        if (d->rank == 1) {
            assert_true(d->lost == 0);
            assert_int_equal(d->verdict, GIN_VERDICT_BEST);
        }
        assert_int_equal(d->verdict, gin_review_verdict(d->measure, d->lost, d->equal));
        assert_int_equal(d->hand, 1);
        assert_true(d->reason[0] != '\0');
        sum += d->verdict == GIN_VERDICT_BEST;
    }
    assert_int_equal(g->counts[0], sum);
    assert_int_equal(g->counts[0] + g->counts[1] + g->counts[2] + g->counts[3], g->n);
    assert_true(g->accuracy > 100.0 * sum / g->n - 1e-9 && g->accuracy < 100.0 * sum / g->n + 1e-9);
    assert_true(g->counts[2] + g->counts[3] > 0); /* random play makes mistakes */
    static char text[1 << 17], json[1 << 17];
    assert_true(gin_review_page(g, 1, 80, text, sizeof text) > 0);
    assert_fits(text, 80);
    assert_non_null(strstr(text, "accuracy"));
    assert_int_equal(count(text, "Best: "), g->n - g->counts[0]);
    assert_true(gin_review_page(g, 0, 80, text, sizeof text) > 0);
    for (const char *s = text; *s; s++)
        assert_true((unsigned char)*s < 0x80); /* letters, ASCII blocks */
    assert_true(gin_review_json(g, json, sizeof json) > 0);
    assert_int_equal(count(json, "\"verdict\": "), g->n);
    assert_int_equal(count(json, "\"verdict\": \"blunder\""), g->counts[3]);
    char want[64];
    snprintf(want, sizeof want, "\"accuracy\": %.1f,", g->accuracy);
    assert_non_null(strstr(json, want));
    assert_non_null(strstr(json, "\"ranked_by\": \"win\""));
    assert_int_equal(gin_review_json(g, json, 32), -1);
    free(rec);
}

/* What the reason of the best calls the move played: "throwing the 9S". */
static void doing_of(const gin_review_decision *d, char *buf, size_t cap)
{
    char card[3] = "--";
    gin_card_format(d->move.card, card);
    switch (d->move.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD:
        snprintf(buf, cap, "taking the ");
        break;
    case GIN_ACT_PASS:
        snprintf(buf, cap, "passing");
        break;
    case GIN_ACT_DRAW_STOCK:
        snprintf(buf, cap, "drawing from the stock");
        break;
    case GIN_ACT_KNOCK:
        snprintf(buf, cap, "knocking, throwing the %s", card);
        break;
    default:
        snprintf(buf, cap, "throwing the %s", card);
    }
}

/* The why of a decision below the best weighs the best against the move
 * played, not against some third move (the plainest answer). */
static void the_why_is_against_the_move_played(void **state)
{
    (void)state;
    gin_record *rec = play_hands("random", "simple", 3, 0, 3);
    gin_review_game *g = reviewed(rec, 3000);
    int checked = 0;
    for (int i = 0; i < g->n; i++) {
        const gin_review_decision *d = &g->d[i];
        int gin = d->best.kind == GIN_ACT_KNOCK &&
                  (d->best.card == GIN_NO_CARD || gin_deadwood(d->held & ~gin_cardset_of(d->best.card)) == 0);
        if (d->verdict == GIN_VERDICT_BEST || gin)
            continue; /* a gin says why on its own */
        char want[64];
        doing_of(d, want, sizeof want);
        if (!strstr(d->reason, want))
            fail_msg("hand %d turn %d: '%s' does not say '%s'", d->hand, d->turn, d->reason, want);
        checked++;
    }
    assert_true(checked > 0);
    free(rec);
}

/* The same game is the same review (seeded), and a review with no game
 * to win is in points. */
static void the_review_is_repeatable_and_in_points_without_a_game(void **state)
{
    (void)state;
    gin_record *rec = play("simple", "random", 5, 1);
    static char one[1 << 17], two[1 << 17];
    assert_true(gin_review_json(reviewed(rec, 2000), one, sizeof one) > 0);
    assert_true(gin_review_json(reviewed(rec, 2000), two, sizeof two) > 0);
    assert_string_equal(one, two);
    assert_non_null(strstr(one, "\"ranked_by\": \"points\""));
    free(rec);
}

/* gin_review_opts.hand: the decisions of that hand alone, each as the
 * whole game's review judged it, and each decision's `at` is the record's
 * action that answered it (the replay finds its verdict so). */
static void a_hand_is_reviewed_alone(void **state)
{
    (void)state;
    gin_record *rec = play_hands("random", "simple", 11, 0, 3);
    gin_review_game *all = calloc(1, sizeof *all), *two = calloc(1, sizeof *two);
    assert_non_null(all);
    assert_non_null(two);
    gin_review_opts o = {1000, 7, NULL, NULL, NULL, 0, 0};
    assert_true(gin_review_run(rec, 0, &o, all) > 0);
    o.hand = 2;
    int n = gin_review_run(rec, 0, &o, two);
    int first = 0, of_two = 0;
    for (int i = 0; i < all->n; i++) {
        const gin_review_decision *d = &all->d[i];
        assert_true(d->at >= 0 && d->at < rec->n_actions);
        assert_int_equal(rec->actions[d->at].kind, d->move.kind);
        assert_int_equal(rec->actions[d->at].card, d->move.card);
        assert_true(i == 0 || d->at > all->d[i - 1].at);
        if (d->hand == 2 && !of_two++)
            first = i;
    }
    assert_true(of_two > 0);
    assert_int_equal(n, of_two);
    assert_memory_equal(two->d, all->d + first, (size_t)n * sizeof *two->d);
    o.hand = 9; /* no such hand: nothing judged */
    assert_int_equal(gin_review_run(rec, 0, &o, two), 0);
    free(all);
    free(two);
    free(rec);
}

/* A verdict in words says what the numbers say, in their unit. */
static void a_verdict_in_words(void **state)
{
    (void)state;
    gin_review_decision d;
    memset(&d, 0, sizeof d);
    d.measure = GIN_COACH_BY_WIN;
    d.rank = 1;
    char t[1024];
    assert_true(gin_review_verdict_text(&d, t, sizeof t) > 0);
    assert_string_equal(t, "Coach: the best move.");
    d.rank = 3;
    d.lost = 0.062;
    d.win = 0.48;
    d.win_played = 0.418;
    d.verdict = gin_review_verdict(d.measure, d.lost, 0);
    snprintf(d.best_text, sizeof d.best_text, "throw the 7D");
    snprintf(d.reason, sizeof d.reason, "It keeps your outs.");
    assert_true(gin_review_verdict_text(&d, t, sizeof t) > 0);
    assert_string_equal(t, "Coach: a mistake, 6.2% of the chance to win given up. Best: throw the 7D (win 48%, yours "
                           "42%). It keeps your outs.");
    d.measure = GIN_COACH_BY_POINTS;
    d.lost = 0.4;
    d.equal = 1;
    d.verdict = gin_review_verdict(d.measure, d.lost, d.equal);
    assert_true(gin_review_verdict_text(&d, t, sizeof t) > 0);
    assert_string_equal(
        t, "Coach: about equal to the best, 0.4 points behind it. Best: throw the 7D. It keeps your outs.");
    assert_int_equal(gin_review_verdict_text(&d, t, 8), 7); /* cut to fit */
    assert_string_equal(t, "Coach: ");
}

static void bad_arguments_are_refused(void **state)
{
    (void)state;
    gin_record *rec = play("simple", "simple", 9, 0);
    static gin_review_game g;
    assert_int_equal(gin_review_run(NULL, 0, NULL, &g), GIN_EINVAL);
    assert_int_equal(gin_review_run(rec, 2, NULL, &g), GIN_EINVAL);
    rec->actions[3].kind = GIN_ACT_KNOCK; /* no longer the game played */
    rec->actions[3].card = GIN_NO_CARD;
    gin_review_opts o = {1000, 0, NULL, NULL, NULL, 0, 0};
    assert_true(gin_review_run(rec, 0, &o, &g) < 0);
    rec->rules.seats = 3;
    assert_int_equal(gin_review_run(rec, 0, &o, &g), GIN_ESTATE);
    free(rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_review_is_the_same_on_any_number_of_threads),
        cmocka_unit_test(the_verdicts_follow_the_thresholds),
        cmocka_unit_test(the_graph_draws_the_chance_and_marks_the_swings),
        cmocka_unit_test(a_random_game_is_judged),
        cmocka_unit_test(the_why_is_against_the_move_played),
        cmocka_unit_test(the_review_is_repeatable_and_in_points_without_a_game),
        cmocka_unit_test(a_hand_is_reviewed_alone),
        cmocka_unit_test(a_verdict_in_words),
        cmocka_unit_test(bad_arguments_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
