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

/* Parse, count a game won and a game lost at every level, write, read back. */
static int survives_more_games(const char *text)
{
    gin_stats s, t;
    if (gin_stats_parse(&s, text, strlen(text), NULL) != 0)
        return 1; /* refused: fine */
    gin_game_tally win = {1, 5, 3, 1, 0, 2, 120}, loss = {0, 4, 1, 0, 1, 1, 40};
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++) {
        gin_stats_add(&s, lv, &win);
        gin_stats_add(&s, lv, &loss);
    }
    char buf[4096];
    if (gin_stats_format(&s, buf, sizeof buf) <= 0)
        return 0;
    if (gin_stats_parse(&t, buf, strlen(buf), NULL) != 0)
        return 0;
    /* and the counts only went up */
    return t.level[1].games >= 2 && t.level[1].points >= 160;
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
    snprintf(text, sizeof text, "normal 1 0 0 0 0 0 0 %ld 0 0\n", LONG_MAX);
    assert_true(survives_more_games(text));
    snprintf(text, sizeof text, "normal 1 0 0 0 %d %d %d 0 0 0\n", INT_MAX, INT_MAX, INT_MAX);
    assert_true(survives_more_games(text));
}

static void test_numbers_too_big_for_an_int_are_refused(void **state)
{
    (void)state;
    gin_stats s;
    /* 2^32 + 5: sscanf %d may read it as 5 games */
    const char *a = "normal 4294967301 0 0 0 0 0 0 0 0 0\n", *b = "easy 1 0 99999999999999999999 0 0 0 0 0 0 0\n";
    assert_int_not_equal(gin_stats_parse(&s, a, strlen(a), NULL), 0);
    assert_int_not_equal(gin_stats_parse(&s, b, strlen(b), NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_huge_counts_do_not_overflow),
        cmocka_unit_test(test_numbers_too_big_for_an_int_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
