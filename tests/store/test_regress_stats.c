/* Regression (found by fuzz/fuzz_stats.c): the statistics loader accepts
 * counts so large that counting one more game overflows (signed overflow,
 * undefined behaviour; in practice the file we then write is refused on the
 * next start and quarantined, losing the player's statistics), and numbers
 * too large for an int are read as some other number (sscanf %d). A loaded
 * file must either be refused, or survive one more game and read back. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "stats.h"

/* Parse, count a game won and a game lost for every bot, write, read back. */
static int survives_more_games(const char *text)
{
    static gin_stats s, t;
    /* Today's format, or yesterday's converted (as the loader does). */
    if (gin_stats_parse(&s, text, strlen(text), NULL) != 0 && gin_stats_convert_v2(&s, text, strlen(text), NULL) != 0 &&
        gin_stats_convert_v1(&s, text, strlen(text), NULL) != 0)
        return 1; /* refused: fine */
    gin_game_tally
        win = {.won = 1, .hands = 5, .hands_won = 3, .gins = 1, .knocks = 2, .points = 120, .rules = "standard"},
        loss = {.won = 0, .hands = 4, .hands_won = 1, .undercuts = 1, .knocks = 1, .points = 40, .rules = "standard"};
    static const char *const bots[] = {"easy", "normal", "hard", "expert"};
    for (int lv = 0; lv < 4; lv++) {
        gin_stats_add(&s, bots[lv], &win);
        gin_stats_add(&s, bots[lv], &loss);
    }
    char buf[16384];
    if (gin_stats_format(&s, buf, sizeof buf) <= 0)
        return 0;
    if (gin_stats_parse(&t, buf, strlen(buf), NULL) != 0)
        return 0;
    /* and the counts only went up */
    const gin_level_stats *n = gin_stats_get(&t, "normal", "all");
    return n && n->games >= 2 && n->points >= 160;
}

static void test_huge_counts_do_not_overflow(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "normal %d 0 0 0 0 0 0 0 0 0\n", INT_MAX);
    assert_true(survives_more_games(text));
    snprintf(text, sizeof text, "normal %d %d %d %d 0 0 0 0 %d %d\n", INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX,
             INT_MAX);
    assert_true(survives_more_games(text));
    snprintf(text, sizeof text, "normal 1 0 0 0 0 0 0 %lld 0 0\n", LLONG_MAX);
    assert_true(survives_more_games(text));
    snprintf(text, sizeof text, "normal 1 0 0 0 %d %d %d 0 0 0\n", INT_MAX, INT_MAX, INT_MAX);
    assert_true(survives_more_games(text));
    /* Format 2 at its caps: a full row takes no more, and still agrees. */
    const char *cap = "1000000000";
    snprintf(text, sizeof text,
             "gin-stats 2\nnormal all %s %s 0 %s %s %s %s %s %s 1000000000000000 1000000000000000 %s %s 0 0 -\n"
             "normal standard 999999999 999999998 1 %s %s 0 0 0 0 0 0 999999998 999999998 0 0 W1\n",
             cap, cap, cap, cap, cap, cap, cap, cap, cap, cap, cap, cap);
    static gin_stats s;
    assert_int_equal(gin_stats_convert_v2(&s, text, strlen(text), NULL), 0);
    assert_true(survives_more_games(text));
    /* and format 3 */
    snprintf(text, sizeof text,
             "gin-stats 3\nrow normal all %s %s 0 %s %s %s %s %s %s 1000000000000000 1000000000000000 %s %s 0 0 -\n"
             "row normal standard 999999999 999999998 1 %s %s 0 0 0 0 0 0 999999998 999999998 0 0 W1\nend 2\n",
             cap, cap, cap, cap, cap, cap, cap, cap, cap, cap, cap, cap);
    assert_int_equal(gin_stats_parse(&s, text, strlen(text), NULL), 0);
    assert_true(survives_more_games(text));
}

static void test_numbers_too_big_for_an_int_are_refused(void **state)
{
    (void)state;
    static gin_stats s;
    /* 2^32 + 5: sscanf %d may read it as 5 games */
    const char *a = "normal 4294967301 0 0 0 0 0 0 0 0 0\n", *b = "easy 1 0 99999999999999999999 0 0 0 0 0 0 0\n";
    assert_int_not_equal(gin_stats_convert_v1(&s, a, strlen(a), NULL), 0);
    assert_int_not_equal(gin_stats_convert_v1(&s, b, strlen(b), NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_huge_counts_do_not_overflow),
        cmocka_unit_test(test_numbers_too_big_for_an_int_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
