/* The statistics (src/store/stats.c): counting, the file, and what a
 * damaged file does. */
#include "fixture.h"

#include "lock.h"
#include "stats.h"

static void test_stats_round_trip(void **state)
{
    (void)state;
    gin_stats s, t;
    memset(&s, 0, sizeof s);
    gin_game_tally win = {1, 5, 4, 1, 0, 3, 180}, loss = {0, 6, 2, 0, 1, 1, 40};
    gin_stats_add(&s, 2, &win);
    gin_stats_add(&s, 2, &win);
    gin_stats_add(&s, 2, &loss);
    gin_stats_add(&s, 2, &win);
    assert_int_equal(s.level[2].games, 4);
    assert_int_equal(s.level[2].wins, 3);
    assert_int_equal(s.level[2].best_streak, 2);
    assert_int_equal(s.level[2].streak, 1);
    assert_int_equal(s.level[2].gins, 3);
    assert_int_equal(s.level[2].undercuts, 1);
    assert_int_equal(s.level[2].points, 580);
    char a[1024], b[1024];
    int n = gin_stats_format(&s, a, sizeof a);
    assert_true(n > 0);
    assert_int_equal(gin_stats_parse(&t, a, (size_t)n, NULL), 0);
    assert_true(gin_stats_format(&t, b, sizeof b) > 0);
    assert_string_equal(a, b);
    char table[2048];
    assert_true(gin_stats_table(&t, table, sizeof table) > 0);
    assert_non_null(strstr(table, "hard"));
    assert_non_null(strstr(table, "75%"));
    assert_non_null(strstr(table, "145.0"));

    /* Through the file, as the table keeps them. */
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept k;
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_ABSENT);
    gin_stats now;
    for (int i = 0; i < 4; i++)
        assert_int_equal(gin_stats_record(&k, &lk, 2, i == 2 ? &loss : &win, &now, why, sizeof why), 0);
    assert_memory_equal(&now, &s, sizeof s);
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_LOADED);
    assert_memory_equal(&t, &s, sizeof s);
    assert_string_equal(k.why, "");
    gin_lock_release(&lk);
}

/* Lines that are not a level's eleven counts, in range and agreeing, are
 * damage; the line is named. */
static void test_stats_damage(void **state)
{
    (void)state;
    gin_stats s;
    gin_text_fault fault;
    static const struct {
        const char *text;
        int line;
        const char *what;
    } cases[] = {
        {"normal 3 9 garbage\n", 1, "field 4"},
        {"# c\neasy 1 2 0 0 0 0 0 0 0 0\n", 2, "disagree"}, /* more wins than games */
        {"easy 1 0 0 0 0 0 0 0 0 0\neasy 1 0 0 0 0 0 0 0 0 0\n", 2, "twice"},
        {"Easy 1 0 0 0 0 0 0 0 0 0\n", 1, "unknown level 'Easy'"},
        {"easy 1 0 0 0 0 0 0 0 0\n", 1, "missing"},
        {"easy 1 0 0 0 0 0 0 0 0 0 0\n", 1, "more than eleven"},
        {"easy +1 0 0 0 0 0 0 0 0 0\n", 1, "field 2"},
        {"easy 1 0 0 0 0 0 0 -5 0 0\n", 1, "field 9"},
        {"normal 4294967301 0 0 0 0 0 0 0 0 0\n", 1, "field 2"}, /* sscanf %d read this as 5 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&fault, 0, sizeof fault);
        assert_int_equal(gin_stats_parse(&s, cases[i].text, strlen(cases[i].text), &fault), cases[i].line);
        assert_int_equal(fault.line, cases[i].line);
        if (!strstr(fault.what, cases[i].what))
            fail_msg("case %zu: '%s' does not say '%s'", i, fault.what, cases[i].what);
        for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
            assert_int_equal(s.level[lv].games, 0);
    }
    assert_int_equal(gin_stats_parse(&s, "", 0, &fault), 0);
    const char *crlf = "\r\n# only a comment\r\nhard 2 1 5 3 1 0 2 99 1 1\r\n";
    assert_int_equal(gin_stats_parse(&s, crlf, strlen(crlf), &fault), 0);
    assert_int_equal(s.level[2].games, 2);
}

/* Issue 12 item 4: a NUL byte in the statistics silently dropped what came
 * after it, and the next write saved the truncated counts. Now any byte
 * the format does not allow makes the file damaged: never half-read, never
 * written over, kept whole when moved aside. */
static void test_nul_byte_makes_stats_damaged(void **state)
{
    store_fixture *f = *state;
    /* The NUL at the start of a line: read as a C string the file ended
     * cleanly there, and only easy's line counted. */
    static const char text[] = "# gin statistics v1\n"
                               "easy 5 3 20 11 1 0 4 400 1 2\n"
                               "\0normal 7 4 30 16 2 1 6 600 0 3\n"
                               "hard 2 1 9 5 0 0 2 150 1 1\n";
    size_t len = sizeof text - 1;
    fx_write(f->state, "stats", text, len);
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 3"));
    assert_non_null(strstr(k.why, "NUL"));
    assert_int_equal(s.level[0].games, 0); /* not even the lines before it */
    /* A game at the end is not counted over it (that lost the counts). */
    gin_lock lk;
    char why[1200];
    gin_game_tally t = {1, 3, 2, 1, 0, 1, 110};
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, 1, &t, NULL, why, sizeof why), -1);
    size_t got = 0;
    char *now = fx_read(f->state, "stats", &got);
    assert_non_null(now);
    assert_int_equal(got, len);
    assert_memory_equal(now, text, len);
    free(now);
    /* Moved aside whole; then the game counts in a fresh file. */
    assert_int_equal(gin_kept_quarantine(&k), 0);
    now = fx_read(f->state, "stats.bad", &got);
    assert_non_null(now);
    assert_int_equal(got, len);
    assert_memory_equal(now, text, len);
    free(now);
    gin_stats after;
    assert_int_equal(gin_stats_record(&k, &lk, 1, &t, &after, why, sizeof why), 0);
    assert_int_equal(after.level[1].games, 1);
    gin_lock_release(&lk);
    /* Other bytes a text file of ASCII lines does not hold. */
    const char *bad[] = {"easy 1 1 1 1 0 0 1 10 1 1\x01\n", "easy 1 1 1 1 0 0 1 10 1 1 # caf\xc3\xa9\n", "\xff\xfe"};
    for (size_t i = 0; i < 3; i++)
        assert_int_equal(gin_stats_parse(&s, bad[i], strlen(bad[i]), NULL), 1);
}

/* A file that the table loaded fine but that someone damaged while it
 * ran: the game is not counted over it, and the caller can move it aside
 * and count again. */
static void test_damaged_while_running(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept k;
    gin_stats s;
    gin_game_tally t = {0, 3, 1, 0, 0, 1, 40};
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    fx_write_text(f->state, "stats", "hard lots\n");
    assert_int_equal(gin_stats_record(&k, &lk, 3, &t, NULL, why, sizeof why), -1);
    assert_int_equal(k.state, GIN_KEPT_DAMAGED);
    assert_non_null(strstr(why, "not counted"));
    assert_int_equal(gin_kept_quarantine(&k), 0);
    assert_int_equal(gin_stats_record(&k, &lk, 3, &t, &s, why, sizeof why), 0);
    assert_int_equal(s.level[3].games, 1);
    gin_lock_release(&lk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_stats_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test(test_stats_damage),
        cmocka_unit_test_setup_teardown(test_nul_byte_makes_stats_damaged, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_damaged_while_running, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
