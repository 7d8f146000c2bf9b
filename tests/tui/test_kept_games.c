/* Issue 17 at the table, without a terminal where none is needed: what a
 * game adds to the statistics (knocks apart from gins, undercuts both
 * ways, hand points that Hollywood does not inflate, a resigned game
 * lost), which games count, the statistics screen's words and bars, and
 * the replay of a hand step by step (on an off-screen terminal). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include "gin/game.h"
#include "gin/record.h"
#include "gin/score.h"
#include "play.h"
#include "ui.h"
#include "support/support.h"

static FILE *out, *in;

static void open_term(int utf8, const char *keys)
{
    out = fopen("/dev/null", "w");
    in = tmpfile();
    assert_non_null(out);
    assert_non_null(in);
    fputs(keys, in);
    rewind(in);
    gin_ui_opts o = {1, 0, !utf8, NULL, 0};
    assert_int_equal(gin_ui_open_test(out, in, 24, 80, utf8, &o), 0);
}

static void close_term(void)
{
    gin_ui_close();
    fclose(out);
    fclose(in);
}

static gin_hand_score hs(int winner, int points, int kind)
{
    gin_hand_score r;
    memset(&r, 0, sizeof r);
    r.winner = winner;
    r.points = points;
    r.kind = kind;
    return r;
}

static gin_game g;

/* Seven hands of every kind, you at seat 0. */
static void sample_game(int hollywood)
{
    memset(&g, 0, sizeof g);
    assert_int_equal(gin_rules_preset("standard", &g.rules), 0);
    if (hollywood)
        assert_int_equal(gin_rules_set(&g.rules, "hollywood", "on", NULL), 0);
    const gin_hand_score r[] = {
        hs(0, 20, GIN_RESULT_KNOCK),    /* your knock */
        hs(1, 35, GIN_RESULT_UNDERCUT), /* the bot undercut your knock */
        hs(0, 45, GIN_RESULT_GIN),      /* your gin: not a knock */
        hs(-1, 0, 0),                   /* void */
        hs(0, 30, GIN_RESULT_UNDERCUT), /* you undercut the bot */
        hs(1, 40, GIN_RESULT_GIN),      /* the bot's gin */
        hs(1, 10, GIN_RESULT_KNOCK),    /* the bot's knock */
    };
    g.n_results = 7;
    memcpy(g.results, r, sizeof r);
    assert_int_equal(gin_score_game(&g.rules, g.results, 7, &g.score), 0);
    assert_int_equal(gin_score_hollywood(&g.rules, g.results, 7, g.hollywood), 0);
}

static void test_tally(void **state)
{
    (void)state;
    gin_game_tally t;
    sample_game(0);
    gin_play_tally(&g, 0, GIN_END_RESIGNED, &t);
    assert_int_equal(t.hands, 7);
    assert_int_equal(t.hands_won, 3);
    assert_int_equal(t.gins, 1);
    assert_int_equal(t.knocks, 2); /* the won knock and the undercut one; not the gin */
    assert_int_equal(t.undercuts, 1);
    assert_int_equal(t.undercut_against, 1);
    assert_int_equal(t.points, 95);
    assert_int_equal(t.points_against, 85);
    assert_int_equal(t.margin, 10); /* 95 - 85 so far: not over */
    assert_int_equal(t.resigned, 1);
    assert_int_equal(t.won, 0);
    assert_string_equal(t.rules, "standard");
    /* Hollywood: the margin sums its three games; the hand points stay the
     * hands' own (the old "avg pts" summed the three totals). */
    sample_game(1);
    gin_play_tally(&g, 0, GIN_END_ABANDONED, &t);
    assert_int_equal(t.points, 95);
    int mine = g.hollywood[0].points[0] + g.hollywood[1].points[0] + g.hollywood[2].points[0];
    int theirs = g.hollywood[0].points[1] + g.hollywood[1].points[1] + g.hollywood[2].points[1];
    assert_true(mine > 95);
    assert_int_equal(t.margin, mine - theirs);
    assert_string_equal(t.rules, "standard"); /* standard with Hollywood counts as standard */
    assert_int_equal(t.resigned, 1);
    /* From the bot's seat the same game is the mirror. */
    gin_play_tally(&g, 1, GIN_END_FINISHED, &t);
    assert_int_equal(t.gins, 1);
    assert_int_equal(t.knocks, 2); /* its won knock, and its knock you undercut */
    assert_int_equal(t.undercut_against, 1);
    assert_int_equal(t.resigned, 1); /* not over: left, whatever the caller says */
    /* Classic with a hand limit counts as classic. */
    assert_int_equal(gin_rules_preset("classic", &g.rules), 0);
    assert_int_equal(gin_rules_set(&g.rules, "max-hands", "2", NULL), 0);
    gin_play_tally(&g, 0, GIN_END_RESIGNED, &t);
    assert_string_equal(t.rules, "classic");
}

static gin_play p;

static void test_which_games_count(void **state)
{
    (void)state;
    const char *why = NULL;
    memset(&p, 0, sizeof p);
    assert_int_equal(gin_rules_preset("standard", &p.rules), 0);
    p.files.stats_ok = 1;
    p.level = gin_play_bot_of("hard");
    assert_int_equal(gin_play_counts(&p, &why), 1);
    assert_null(why);
    p.practice = 1;
    assert_int_equal(gin_play_counts(&p, &why), 0);
    assert_string_equal(why, "practice games are not counted");
    p.practice = 0;
    p.opponent = "exec:true";
    assert_int_equal(gin_play_counts(&p, &why), 0);
    assert_non_null(strstr(why, "external bot"));
    p.opponent = NULL;
    assert_int_equal(gin_rules_ring(&p.rules, 3), 0);
    assert_int_equal(gin_play_counts(&p, &why), 0);
    assert_non_null(strstr(why, "three or four"));
}

static void test_stats_screen_text(void **state)
{
    (void)state;
    static char text[16384];
    memset(&p, 0, sizeof p);
    assert_int_equal(gin_rules_preset("standard", &p.rules), 0);
    assert_int_equal(gin_rules_set(&p.rules, "target", "150", NULL), 0);
    p.files.stats_ok = 1;
    p.level = gin_play_bot_of("hard");
    gin_game_tally won = {
        .won = 1, .hands = 4, .hands_won = 3, .gins = 1, .knocks = 2, .points = 80, .margin = 120, .rules = "standard"};
    gin_game_tally left = {
        .hands = 2, .hands_won = 0, .points_against = 30, .resigned = 1, .margin = -30, .rules = "standard"};
    assert_int_equal(gin_stats_add(&p.files.stats, "hard", &won), 0);
    assert_int_equal(gin_stats_add(&p.files.stats, "hard", &left), 0);
    for (int utf8 = 0; utf8 <= 1; utf8++) {
        open_term(utf8, "");
        gin_play_stats_text(&p, text, sizeof text);
        assert_non_null(
            strstr(text, "This game counts: against the hard bot, standard, target 150 rules (as standard)"));
        /* One paragraph, for the page to wrap (a fixed break fell mid-sentence). */
        assert_non_null(strstr(text, "Resigning it, or not resuming it when asked, counts as a lost game."));
        assert_non_null(strstr(text, "hard    standard     2    1  50%   1"));
        assert_non_null(strstr(text, "easy standard") == NULL ? "ok" : NULL);
        const char *bars = strstr(text, "hard standard    won  ");
        assert_non_null(bars);
        if (utf8)
            assert_int_equal(memcmp(bars + 22, "\xe2\x96\x88", 3), 0); /* the won game, the tallest */
        else
            assert_int_equal(bars[22], '@');
        for (const char *c = text; !utf8 && *c; c++)
            assert_true((unsigned char)*c < 0x80);
        close_term();
    }
    p.practice = 1;
    gin_play_stats_text(&p, text, sizeof text);
    assert_non_null(strstr(text, "This game does not count: practice games are not counted."));
}

/* A whole first hand played by the tests' greedy policy. */
static gin_record rec;
static int first_hand(void)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    gin_record_init(&rec, &r, 21);
    assert_int_equal(gin_game_init(&g, &r, 21), 0);
    assert_int_equal(gin_game_deal(&g, NULL, NULL), 0);
    gin_rng rng;
    gin_rng_seed(&rng, 21);
    int n = 0;
    while (g.hand.phase != GIN_PHASE_OVER) {
        gin_action a = test_greedy_action(&g.hand, &rng, 4, 1);
        assert_int_equal(gin_game_apply(&g, a, NULL, NULL), 0);
        assert_int_equal(gin_record_add(&rec, a), 0);
        n++;
    }
    return n;
}

static void test_replay_pages(void **state)
{
    (void)state;
    int moves = first_hand();
    assert_true(moves > 4);
    static char title[256], body[8192];
    memset(&p, 0, sizeof p);
    p.human = 0;
    open_term(1, "");
    assert_int_equal(gin_play_replay_text(&rec, p.human, 1, 0, NULL, NULL, title, sizeof title, body, sizeof body),
                     moves);
    char want[96];
    snprintf(want, sizeof want, "Replay of hand 1: the deal (%d moves follow)", moves);
    assert_string_equal(title, want);
    assert_non_null(strstr(body, "dealt; the upcard is"));
    assert_non_null(strstr(body, "Bot    "));
    assert_non_null(strstr(body, "You    "));
    assert_non_null(strstr(body, "deadwood"));
    assert_non_null(strstr(body, "on top, 1 card; stock 31"));
    /* Each move in turn, the moves before it listed. */
    assert_int_equal(gin_play_replay_text(&rec, p.human, 1, 3, NULL, NULL, title, sizeof title, body, sizeof body),
                     moves);
    snprintf(want, sizeof want, "Replay of hand 1: move 3 of %d", moves);
    assert_string_equal(title, want);
    assert_non_null(strstr(body, "Before:"));
    assert_non_null(strstr(body, "    2. "));
    assert_non_null(strstr(body, "    0. "));
    /* The last: how the hand ended. */
    assert_int_equal(gin_play_replay_text(&rec, p.human, 1, moves, NULL, NULL, title, sizeof title, body, sizeof body),
                     moves);
    assert_true(strstr(body, "points (") || strstr(body, "The hand is void"));
    if (g.n_results && g.results[0].winner >= 0)
        assert_non_null(strstr(body, g.results[0].winner == 0 ? "You score" : "Bot scores"));
    /* The next hand is dealt (its deal follows from the seed) with no moves
     * yet; the one after it is not. */
    assert_int_equal(gin_play_replay_text(&rec, p.human, 2, 0, NULL, NULL, title, sizeof title, body, sizeof body), 0);
    assert_int_equal(gin_play_replay_text(&rec, p.human, 3, 0, NULL, NULL, title, sizeof title, body, sizeof body), -1);
    assert_int_equal(gin_play_replay_text(&rec, p.human, 0, 0, NULL, NULL, title, sizeof title, body, sizeof body), -1);
    close_term();
    /* ASCII: letters for suits. */
    open_term(0, "");
    assert_int_equal(gin_play_replay_text(&rec, p.human, 1, 1, NULL, NULL, title, sizeof title, body, sizeof body),
                     moves);
    for (const char *c = body; *c; c++)
        assert_true((unsigned char)*c < 0x80);
    close_term();
    /* At the table: any key steps, b back, q leaves. */
    open_term(1, "  b q");
    assert_int_equal(gin_play_replay_hand(&rec, p.human, 1, NULL, NULL), 0);
    close_term();
    /* Stepping past the end leaves too. */
    static char keys[4096];
    memset(keys, ' ', (size_t)moves + 1);
    keys[moves + 1] = '\0';
    open_term(0, keys);
    assert_int_equal(gin_play_replay_hand(&rec, p.human, 1, NULL, NULL), 0);
    close_term();
}

/* The replay with the hand's review: each of the player's decisions
 * with its verdict in words, found by its place in the record; the deal's
 * page counts them; the moves before name the slips; a note says why
 * there are none. */
static void test_replay_shows_verdicts(void **state)
{
    (void)state;
    int moves = first_hand();
    static gin_review_game review;
    gin_review_opts o = {1000, 3, NULL, NULL, NULL, 0, 1};
    int n = gin_review_run(&rec, 0, &o, &review);
    assert_true(n > 2);
    static char title[256], body[8192], want[256];
    memset(&p, 0, sizeof p);
    open_term(0, "");
    assert_int_equal(gin_play_replay_text(&rec, 0, 1, 0, &review, "", title, sizeof title, body, sizeof body), moves);
    snprintf(want, sizeof want, "The coach judged your %d decisions in this hand: %d best", n, review.counts[0]);
    assert_non_null(strstr(body, want));
    int slips = 0;
    for (int i = 0; i < n; i++) {
        const gin_review_decision *d = &review.d[i];
        int step = d->at + 1; /* the hand is the record's first */
        assert_int_equal(gin_play_replay_text(&rec, 0, 1, step, &review, "", title, sizeof title, body, sizeof body),
                         moves);
        char words[1024];
        gin_review_verdict_text(d, words, sizeof words);
        assert_non_null(strstr(body, words));
        assert_non_null(strstr(body, d->verdict == GIN_VERDICT_BEST ? "Coach: " : "given up"));
        if (step == moves)
            continue;
        assert_int_equal(
            gin_play_replay_text(&rec, 0, 1, step + 1, &review, "", title, sizeof title, body, sizeof body), moves);
        snprintf(want, sizeof want, "[%s]", gin_review_verdict_word(d->verdict));
        assert_true((d->verdict != GIN_VERDICT_BEST) == (strstr(body, want) != NULL));
        slips += d->verdict != GIN_VERDICT_BEST;
    }
    /* A step that is not a decision of the player's has no verdict. */
    int other = 0;
    for (int i = 0; i < n; i++)
        other += review.d[i].at == other;
    assert_true(other < moves);
    assert_int_equal(gin_play_replay_text(&rec, 0, 1, other + 1, &review, "", title, sizeof title, body, sizeof body),
                     moves);
    assert_null(strstr(body, "Coach: "));
    /* With none, the note says why. */
    assert_int_equal(gin_play_replay_text(&rec, 0, 1, 0, NULL, "No verdicts: the review was stopped.", title,
                                          sizeof title, body, sizeof body),
                     moves);
    assert_non_null(strstr(body, "No verdicts: the review was stopped."));
    assert_null(strstr(body, "The coach judged"));
    close_term();
    /* m goes from slip to slip, then on as any key (q leaves). */
    open_term(0, "mmmmq");
    assert_int_equal(gin_play_replay_hand(&rec, 0, 1, &review, ""), 0);
    close_term();
    print_message("%d decisions, %d slips\n", n, slips);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tally),
        cmocka_unit_test(test_which_games_count),
        cmocka_unit_test(test_stats_screen_text),
        cmocka_unit_test(test_replay_pages),
        cmocka_unit_test(test_replay_shows_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
