/* The statistics (src/store/stats.c): counting per level and preset,
 * format 2 and yesterday's format 1 converted, the table and the bars,
 * the reset, and what a damaged or newer file does. */
#include "fixture.h"

#include <time.h>
#include "lock.h"
#include "stats.h"

static const gin_game_tally WIN = {.won = 1,
                                   .hands = 5,
                                   .hands_won = 4,
                                   .gins = 1,
                                   .undercuts = 0,
                                   .knocks = 3,
                                   .points = 90,
                                   .rules = 0,
                                   .points_against = 12,
                                   .margin = 110};
static const gin_game_tally LOSS = {.won = 0,
                                    .hands = 6,
                                    .hands_won = 2,
                                    .gins = 0,
                                    .undercuts = 1,
                                    .knocks = 1,
                                    .points = 40,
                                    .rules = 0,
                                    .undercut_against = 1,
                                    .points_against = 95,
                                    .margin = -70};

static void test_stats_round_trip(void **state)
{
    (void)state;
    gin_stats s, t;
    memset(&s, 0, sizeof s);
    gin_game_tally classic_win = WIN;
    classic_win.rules = gin_stats_rules_index("classic");
    assert_int_equal(classic_win.rules, 1);
    gin_stats_add(&s, 2, &WIN);
    gin_stats_add(&s, 2, &WIN);
    gin_stats_add(&s, 2, &LOSS);
    gin_stats_add(&s, 2, &classic_win);
    /* The level at all rules, and each preset apart. */
    const gin_level_stats *all = &s.level[2], *std = &s.cell[2][0], *cl = &s.cell[2][1];
    assert_int_equal(all->games, 4);
    assert_int_equal(all->wins, 3);
    assert_int_equal(all->best_streak, 2);
    assert_int_equal(all->streak, 1);
    assert_int_equal(all->gins, 3);
    assert_int_equal(all->knocks, 10);
    assert_int_equal(all->undercuts, 1);
    assert_int_equal(all->undercut_against, 1);
    assert_int_equal(all->points, 310);
    assert_int_equal(all->points_against, 131);
    assert_int_equal(std->games, 3);
    assert_int_equal(std->wins, 2);
    assert_int_equal(std->streak, 0);
    assert_int_equal(std->best_streak, 2);
    assert_int_equal(cl->games, 1);
    assert_int_equal(cl->streak, 1);
    assert_int_equal(s.cell[1][0].games, 0);
    assert_int_equal(all->n_recent, 4);
    assert_int_equal(all->recent[2].outcome, GIN_OUTCOME_LOST);
    assert_int_equal(all->recent[2].margin, 70);
    char a[4096], b[4096];
    int n = gin_stats_format(&s, a, sizeof a);
    assert_true(n > 0);
    assert_non_null(strstr(a, "gin-stats 2\n"));
    assert_non_null(strstr(a, "\nhard all 4 3 0 21 14 3 10 1 1 310 131 1 2 0 0 W110,W110,L70,W110\n"));
    assert_non_null(strstr(a, "\nhard standard 3 2 0 16 10 2 7 1 1 220 119 0 2 0 0 W110,W110,L70\n"));
    assert_int_equal(gin_stats_parse(&t, a, (size_t)n, NULL), 0);
    assert_true(gin_stats_format(&t, b, sizeof b) > 0);
    assert_string_equal(a, b);
    assert_memory_equal(&s, &t, sizeof s);
    char table[4096];
    assert_true(gin_stats_table(&t, table, sizeof table) > 0);
    /* hard standard: 3 games, 2 won (67%), gins 2 of 10 hands won (20%),
     * 7 knocks, undercuts 1/1, 220 and 119 points over 16 hands. */
    if (!strstr(table, "hard    standard     3    2  67%   0  20%     7     1/1    13.8/7.4     0/2"))
        fail_msg("no standard row in:\n%s", table);
    assert_non_null(strstr(table, "hard    classic      1    1 100%"));
    assert_non_null(strstr(table, "hard    all          4    3  75%"));
    assert_non_null(strstr(table, "hand points per hand played"));
    assert_non_null(strstr(table, "Not counted: practice games, external bots,\ntables of three or four"));
    assert_null(strstr(table, "easy")); /* no games, no row */
    for (const char *l = table; *l;) {  /* 80 columns */
        const char *e = strchr(l, '\n');
        assert_non_null(e);
        assert_true(e - l <= 80);
        l = e + 1;
    }

    /* Through the file, as the table keeps them. */
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept k;
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_ABSENT);
    gin_stats now;
    const gin_game_tally *games[] = {&WIN, &WIN, &LOSS, &classic_win};
    for (int i = 0; i < 4; i++)
        assert_int_equal(gin_stats_record(&k, &lk, 2, games[i], &now, why, sizeof why), 0);
    assert_memory_equal(&now, &s, sizeof s);
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_LOADED);
    assert_memory_equal(&t, &s, sizeof s);
    assert_string_equal(k.why, "");
    assert_non_null(strstr(k.path, "/stats-v2"));
    gin_lock_release(&lk);
}

/* Lines that are not a row of 18 fields in range and agreeing are damage;
 * the line is named. A later format is not damage. */
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
        {"", 1, "version line"},
        {"normal all 1 1 0 1 1 0 0 0 0 0 0 1 1 0 0 W3\n", 1, "version line"},
        {"gin-stats 1\n", 1, "format 1 is not format 2"},
        {"gin-stats two\n", 1, "version line"},
        {"gin-stats 2\nnormal all 3 9 garbage\n", 2, "resigned is not a count"},
        {"gin-stats 2\nnormal all 3 9 0 1 1 0 0 0 0 0 0 0 0 0 0 -\n", 2, "disagree"},
        {"gin-stats 2\nnormal all 3 x\n", 2, "wins is not a count"},
        {"gin-stats 2\n# c\neasy all 1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 3, "disagree"},
        {"gin-stats 2\neasy all 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 -\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 3,
         "twice"},
        {"gin-stats 2\nEasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 2, "unknown level 'Easy'"},
        {"gin-stats 2\neasy custom 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 2, "unknown rules 'custom'"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 2, "recent is missing"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 - 7\n", 2, "more than eighteen"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 X4\n", 2, "recent games"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 L-4\n", 2, "recent games"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 L4,L5\n", 2, "disagree"}, /* 2 recent of 1 game */
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 -5 0 0 0 0 0 -\n", 2, "points is not"},
        {"gin-stats 2\neasy all 1 0 0 0 0 0 0 0 0 0 0 0 0 2 0 -\n", 2, "disagree"}, /* old games > games */
        {"gin-stats 2\nnormal all 4294967301 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 2, "games is not"},
        /* Found by the fuzzer: a row of no games with gins in it read, but was not written
         * back (rows of no games are not), so the counts changed on the way through. */
        {"gin-stats 2\nnormal all 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 -\n", 2, "disagree"},
        {"gin-stats 2\nnormal all 1 1 0 3 1 2 0 0 0 0 0 1 1 0 0 W3\n", 2, "disagree"}, /* gins > hands won */
        {"gin-stats 2\nnormal all 1 1 0 1 1 0 2 0 0 0 0 1 1 0 0 W3\n", 2, "disagree"}, /* knocks > hands */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&fault, 0, sizeof fault);
        int rc = gin_stats_parse(&s, cases[i].text, strlen(cases[i].text), &fault);
        if (rc != cases[i].line || fault.line != cases[i].line || !strstr(fault.what, cases[i].what))
            fail_msg("case %zu: %d, line %d '%s'; wanted line %d '%s'", i, rc, fault.line, fault.what, cases[i].line,
                     cases[i].what);
        for (int lv = 0; lv < GIN_STATS_LEVELS; lv++)
            assert_int_equal(s.level[lv].games, 0);
    }
    /* The same in yesterday's format (the fuzzer's input, shortened). */
    const char *v1 = "# gin statistics v1\neasy 1 0 0 0 0 0 0 0 0 0\nnormal 0 0 0 0 2 0 0 0 0 0\n";
    memset(&fault, 0, sizeof fault);
    assert_int_equal(gin_stats_convert_v1(&s, v1, strlen(v1), &fault), 3);
    assert_non_null(strstr(fault.what, "disagree"));
    const char *newer = "gin-stats 3\nwhatever a newer gin writes\n";
    assert_int_equal(gin_stats_parse(&s, newer, strlen(newer), &fault), GIN_KEPT_NEWER);
    assert_non_null(strstr(fault.what, "format 3"));
    const char *crlf = "gin-stats 2\r\n# only a comment\r\nhard all 2 1 0 5 3 1 2 0 0 99 40 1 1 0 0 W3,L5\r\n";
    assert_int_equal(gin_stats_parse(&s, crlf, strlen(crlf), &fault), 0);
    assert_int_equal(s.level[2].games, 2);
    assert_int_equal(s.level[2].n_recent, 2);
}

/* Yesterday's file: read, converted (knocks apart from gins, its games
 * marked old), never written; the first count writes stats-v2 beside it. */
static void test_v1_file_is_converted(void **state)
{
    store_fixture *f = *state;
    static const char v1[] =
        "# gin statistics v1: level games wins hands hands_won gins undercuts knocks points streak "
        "best\n"
        "easy 0 0 0 0 0 0 0 0 0 0\n"
        "normal 5 3 20 11 2 1 6 4000 1 2\n"
        "hard 0 0 0 0 0 0 0 0 0 0\n"
        "expert 0 0 0 0 0 0 0 0 0 0\n";
    fx_write_text(f->state, "stats", v1);
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT); /* no stats-v2 yet */
    assert_int_equal(s.converted, 1);
    const gin_level_stats *n = &s.level[1];
    assert_int_equal(n->games, 5);
    assert_int_equal(n->wins, 3);
    assert_int_equal(n->gins, 2);
    assert_int_equal(n->knocks, 4); /* format 1 counted the 2 gins as knocks too */
    assert_int_equal(n->undercuts, 1);
    assert_int_equal(n->points, 0); /* game totals with bonuses: not hand points */
    assert_int_equal(n->old_games, 5);
    assert_int_equal(n->old_hands, 20);
    assert_int_equal(n->streak, 1);
    assert_int_equal(n->best_streak, 2);
    assert_int_equal(s.cell[1][0].games, 0);
    char table[4096];
    assert_true(gin_stats_table(&s, table, sizeof table) > 0);
    assert_non_null(strstr(table, "normal  all          5    3  60%"));
    assert_non_null(strstr(table, "5 games counted before statistics format 2"));
    assert_non_null(strstr(table, "1/0*"));

    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_stats now;
    assert_int_equal(gin_stats_record(&k, &lk, 1, &WIN, &now, why, sizeof why), 0);
    assert_int_equal(now.level[1].games, 6);
    assert_int_equal(now.level[1].old_games, 5);
    assert_int_equal(now.level[1].streak, 2);
    assert_int_equal(now.cell[1][0].games, 1);
    assert_int_equal(now.converted, 0);
    /* The old file is as it was; an older gin still reads it. */
    char *text = fx_read(f->state, "stats", NULL);
    assert_non_null(text);
    assert_string_equal(text, v1);
    free(text);
    assert_true(fx_exists(f->state, "stats-v2"));
    /* Once stats-v2 exists, the old file is not read again. */
    fx_write_text(f->state, "stats", "normal 50 30 200 110 20 10 60 40000 10 20\n");
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LOADED);
    assert_int_equal(s.level[1].games, 6);
    assert_int_equal(s.converted, 0);
    gin_lock_release(&lk);
}

/* A file of a later format, as a newer gin writes it: left alone, never
 * moved aside, never counted over. */
static void test_newer_format_is_left_alone(void **state)
{
    store_fixture *f = *state;
    const char *text = "gin-stats 3\nhard all 1 2 3 4 and more\n";
    fx_write_text(f->state, "stats-v2", text);
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "newer gin"));
    assert_non_null(strstr(k.why, "format 3"));
    assert_int_equal(gin_kept_quarantine(&k), -1);
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, 1, &WIN, NULL, why, sizeof why), -1);
    assert_non_null(strstr(why, "not counted"));
    gin_lock_release(&lk);
    char *now = fx_read(f->state, "stats-v2", NULL);
    assert_non_null(now);
    assert_string_equal(now, text);
    free(now);
    assert_false(fx_exists(f->state, "stats-v2.bad"));
}

/* The last games of a row: at most 20, oldest dropped; resigned games as
 * losses by the bot's lead; the bars in blocks or ASCII. */
static void test_recent_games_and_bars(void **state)
{
    (void)state;
    gin_stats s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 25; i++) {
        gin_game_tally t = i % 3 == 0 ? WIN : LOSS;
        t.margin = i % 3 == 0 ? 10 * i : -5 * i;
        if (i == 23) { /* resigned while ahead: a loss, by nothing */
            t = LOSS;
            t.resigned = 1;
            t.margin = 30;
        }
        if (i == 24) { /* resigned behind by 40 */
            t = LOSS;
            t.resigned = 1;
            t.margin = -40;
        }
        gin_stats_add(&s, 0, &t);
    }
    const gin_level_stats *l = &s.cell[0][0];
    assert_int_equal(l->games, 25);
    assert_int_equal(l->resigned, 2);
    assert_int_equal(l->n_recent, GIN_STATS_RECENT);
    assert_int_equal(l->recent[0].outcome, GIN_OUTCOME_LOST); /* game 5: the first 5 dropped */
    assert_int_equal(l->recent[0].margin, 25);
    assert_int_equal(l->recent[1].outcome, GIN_OUTCOME_WON); /* game 6 */
    assert_int_equal(l->recent[1].margin, 60);
    assert_int_equal(l->recent[18].outcome, GIN_OUTCOME_RESIGNED);
    assert_int_equal(l->recent[18].margin, 0);
    assert_int_equal(l->recent[19].margin, 40);
    char buf[4096];
    int n = gin_stats_margins(&s, 1, buf, sizeof buf);
    assert_true(n > 0);
    assert_non_null(strstr(buf, "easy standard    won  "));
    assert_non_null(strstr(buf, "\xe2\x96\x88")); /* the tallest: the largest margin, 210 */
    assert_non_null(strstr(buf, "6 won, largest margin 210"));
    assert_non_null(strstr(buf, "14 lost"));
    /* The won line has a bar where the lost line has a blank, and back. */
    const char *won = strstr(buf, "easy standard    won  ") + 22, *lost = strstr(won, "\n                 lost ") + 23;
    assert_int_equal(won[0], ' ');                       /* game 5 was lost: nothing on the won line */
    assert_int_equal((unsigned char)lost[0], 0xe2);      /* a bar on the lost line */
    assert_int_equal(memcmp(won + 1, "\xe2\x96", 2), 0); /* game 6 won */
    assert_int_equal(lost[3], ' ');
    n = gin_stats_margins(&s, 0, buf, sizeof buf);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_true((unsigned char)buf[i] < 0x80);
    assert_non_null(strstr(buf, "@")); /* the tallest in ASCII */
    memset(&s, 0, sizeof s);
    assert_int_equal(gin_stats_margins(&s, 1, buf, sizeof buf), 0);
}

/* gin stats --reset: under the lock only; both files moved aside whole,
 * nothing left to load; a file that is not a regular file stops it. */
static void test_reset(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    gin_kept k;
    gin_stats s;
    char why[1200], moved[2048];
    memset(&lk, 0, sizeof lk);
    fx_write_text(f->state, "stats", "normal 5 3 20 11 2 1 6 400 1 2\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), -1); /* no lock */
    assert_non_null(strstr(why, "table lock"));
    assert_true(fx_exists(f->state, "stats"));
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&k, &lk, 1, &WIN, NULL, why, sizeof why), 0);
    char *before = fx_read(f->state, "stats-v2", NULL);
    assert_non_null(before);
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 2);
    assert_false(fx_exists(f->state, "stats"));
    assert_false(fx_exists(f->state, "stats-v2"));
    assert_non_null(strstr(moved, "stats-v2.reset-"));
    assert_non_null(strstr(moved, "/stats -> "));
    /* The moved file is whole, under the name said. */
    char *arrow = strstr(moved, "stats-v2 -> "), name[GIN_PATH_MAX];
    assert_non_null(arrow);
    snprintf(name, sizeof name, "%.*s", (int)strcspn(arrow + 12, "\n"), arrow + 12);
    size_t len = 0;
    char *after = NULL;
    assert_int_equal(gin_file_read_all(name, 1 << 20, &after, &len), 1);
    assert_string_equal(after, before);
    free(after);
    free(before);
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(s.level[1].games, 0);
    assert_int_equal(s.converted, 0);
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 0); /* nothing to reset */
    /* Twice in the same second: never over the first one. */
    fx_write_text(f->state, "stats-v2", "gin-stats 2\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 1);
    fx_write_text(f->state, "stats-v2", "gin-stats 2\n# again\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 1);
    int resets = 0;
    DIR *d = opendir(f->state);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        resets += strncmp(e->d_name, "stats-v2.reset-", 15) == 0;
    closedir(d);
    assert_int_equal(resets, 3);
    /* A directory in the way: left alone, and nothing moved. */
    fx_write_text(f->state, "stats", "normal 1 0 1 0 0 0 0 0 0 0\n");
    char path[GIN_PATH_MAX];
    fx_path(path, sizeof path, f->state, "stats-v2");
    assert_int_equal(mkdir(path, 0700), 0);
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), -1);
    assert_non_null(strstr(why, "directory"));
    assert_true(fx_exists(f->state, "stats"));
    gin_lock_release(&lk);
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
    gin_game_tally t = {.won = 1, .hands = 3, .hands_won = 2, .gins = 1, .undercuts = 0, .knocks = 1, .points = 110};
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
    gin_game_tally t = {.won = 0, .hands = 3, .hands_won = 1, .gins = 0, .undercuts = 0, .knocks = 1, .points = 40};
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
        cmocka_unit_test_setup_teardown(test_v1_file_is_converted, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_newer_format_is_left_alone, fx_setup, fx_teardown),
        cmocka_unit_test(test_recent_games_and_bars),
        cmocka_unit_test_setup_teardown(test_reset, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_nul_byte_makes_stats_damaged, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_damaged_while_running, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
