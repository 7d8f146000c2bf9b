/* The statistics (src/store/stats.c): counting per bot and preset by
 * name, each game once, format 3 with its end line, formats 2 and 1
 * converted, the table and the bars, the reset, and what a damaged, cut or
 * newer file does. */
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
                                   .rules = "standard",
                                   .points_against = 12,
                                   .margin = 110};
static const gin_game_tally LOSS = {.won = 0,
                                    .hands = 6,
                                    .hands_won = 2,
                                    .gins = 0,
                                    .undercuts = 1,
                                    .knocks = 1,
                                    .points = 40,
                                    .rules = "standard",
                                    .undercut_against = 1,
                                    .points_against = 95,
                                    .margin = -70};

/* The table of a statistics: its rows and its notes. */
static void table_of(const gin_stats *s, char *buf, size_t cap)
{
    int n = gin_stats_rows(s, buf, cap);
    assert_true(n > 0);
    assert_true(gin_stats_notes(s, buf + n, cap - (size_t)n) > 0);
}

static void test_stats_round_trip(void **state)
{
    (void)state;
    static gin_stats s, t, now;
    memset(&s, 0, sizeof s);
    gin_game_tally classic_win = WIN;
    snprintf(classic_win.rules, sizeof classic_win.rules, "classic");
    assert_int_equal(gin_stats_add(&s, "hard", &WIN), 0);
    assert_int_equal(gin_stats_add(&s, "hard", &WIN), 0);
    assert_int_equal(gin_stats_add(&s, "hard", &LOSS), 0);
    assert_int_equal(gin_stats_add(&s, "hard", &classic_win), 0);
    /* The bot at all rules, and each preset apart. */
    const gin_level_stats *all = gin_stats_get(&s, "hard", "all"), *std = gin_stats_get(&s, "hard", "standard"),
                          *cl = gin_stats_get(&s, "hard", "classic");
    assert_non_null(all);
    assert_non_null(std);
    assert_non_null(cl);
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
    assert_null(gin_stats_get(&s, "normal", "standard"));
    assert_int_equal(all->n_recent, 4);
    assert_int_equal(all->recent[2].outcome, GIN_OUTCOME_LOST);
    assert_int_equal(all->recent[2].margin, 70);
    char a[4096], b[4096];
    int n = gin_stats_format(&s, a, sizeof a);
    assert_true(n > 0);
    assert_non_null(strstr(a, "gin-stats 3\n"));
    assert_non_null(strstr(a, "\nrow hard all 4 3 0 21 14 3 10 1 1 310 131 1 2 0 0 W110,W110,L70,W110\n"));
    assert_non_null(strstr(a, "\nrow hard standard 3 2 0 16 10 2 7 1 1 220 119 0 2 0 0 W110,W110,L70\n"));
    assert_non_null(strstr(a, "\nend 3\n"));
    assert_int_equal(a[n - 1], '\n');
    assert_int_equal(gin_stats_parse(&t, a, (size_t)n, NULL), 0);
    assert_true(gin_stats_format(&t, b, sizeof b) > 0);
    assert_string_equal(a, b);
    assert_memory_equal(&s, &t, sizeof s);
    char table[4096];
    table_of(&t, table, sizeof table);
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

    /* Through the file, as the table keeps them: each game once. */
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept k;
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_ABSENT);
    const gin_game_tally *games[] = {&WIN, &WIN, &LOSS, &classic_win};
    const char *ids[] = {"000000000000000a", "000000000000000b", "000000000000000c", "000000000000000d"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(gin_stats_record(&k, &lk, "hard", games[i], ids[i], &now, why, sizeof why), 0);
        /* The same game again (its end interrupted and done over): not counted twice. */
        assert_int_equal(gin_stats_record(&k, &lk, "hard", games[i], ids[i], &now, why, sizeof why), 1);
    }
    assert_int_equal(now.n_games, 4);
    assert_true(gin_stats_has_game(&now, "000000000000000c"));
    now.n_games = 0;
    memset(now.game, 0, sizeof now.game);
    assert_memory_equal(&now, &s, sizeof s);
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_get(&t, "hard", "all")->games, 4);
    assert_string_equal(k.why, "");
    assert_non_null(strstr(k.path, "/stats-v3"));
    /* Names this gin does not know (a newer gin's bot or preset) are kept
     * as given; a name not of the kept files' shape is refused. */
    gin_game_tally odd = WIN;
    snprintf(odd.rules, sizeof odd.rules, "straight-2");
    assert_int_equal(gin_stats_record(&k, &lk, "collector", &odd, "00000000000000ff", &now, why, sizeof why), 0);
    assert_int_equal(gin_stats_get(&now, "collector", "straight-2")->games, 1);
    assert_int_equal(gin_stats_record(&k, &lk, "Hard Bot", &WIN, "00000000000000fe", &now, why, sizeof why), -1);
    assert_int_equal(gin_stats_load(&k, &t), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_get(&t, "collector", "all")->games, 1);
    assert_int_equal(gin_stats_get(&t, "hard", "all")->games, 4);
    gin_lock_release(&lk);
}

/* Lines that are not a row of 18 fields in range and agreeing are damage;
 * the line is named. A later format is not damage. */
static void test_stats_damage(void **state)
{
    (void)state;
    static gin_stats s;
    gin_text_fault fault;
    static const struct {
        const char *text;
        int line;
        const char *what;
    } cases[] = {
        {"", 1, "version line"},
        {"row normal all 1 1 0 1 1 0 0 0 0 0 0 1 1 0 0 W3\nend 1\n", 1, "version line"},
        {"gin-stats 2\n", 1, "format 2 is not format 3"},
        {"gin-stats two\n", 1, "version line"},
        {"gin-stats 3\nrow normal all 3 9 garbage\nend 1\n", 2, "resigned is not a count"},
        {"gin-stats 3\nrow normal all 3 9 0 1 1 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 2, "disagree"},
        {"gin-stats 3\nrow normal all 3 x\nend 1\n", 2, "wins is not a count"},
        {"gin-stats 3\n# c\nrow easy all 1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 3, "disagree"},
        {"gin-stats 3\nrow easy all 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 -\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n"
         "end 2\n",
         3, "twice"},
        {"gin-stats 3\nrow Easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 2, "the bot 'Easy' is not a name"},
        {"gin-stats 3\nrow easy cust%m 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 2, "the rules 'cust%m'"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nend 1\n", 2, "recent is missing"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 - 7\nend 1\n", 2, "more than eighteen"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 X4\nend 1\n", 2, "recent games"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 L-4\nend 1\n", 2, "recent games"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 L4,L5\nend 1\n", 2, "disagree"}, /* 2 recent of 1 */
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 -5 0 0 0 0 0 -\nend 1\n", 2, "points is not"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 2 0 -\nend 1\n", 2, "disagree"}, /* old > games */
        {"gin-stats 3\nrow normal all 4294967301 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 2, "games is not"},
        /* Found by the fuzzer: a row of no games with gins in it read, but was not written
         * back (rows of no games are not), so the counts changed on the way through. */
        {"gin-stats 3\nrow normal all 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 -\nend 1\n", 2, "disagree"},
        {"gin-stats 3\nrow normal all 1 1 0 3 1 2 0 0 0 0 0 1 1 0 0 W3\nend 1\n", 2, "disagree"}, /* gins > won */
        {"gin-stats 3\nrow normal all 1 1 0 1 1 0 2 0 0 0 0 1 1 0 0 W3\nend 1\n", 2, "disagree"}, /* knocks > hands */
        /* The end: there, last, and saying how many rows. */
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 3, "ends before its 'end'"},
        {"gin-stats 3\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 2\n", 3, "the end says 2 rows"},
        {"gin-stats 3\nend 0\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n", 3, "after the end"},
        {"gin-stats 3\nend 0\n# more\n", 3, "after the end"},
        {"gin-stats 3\nnormal all 1 1 0 1 1 0 0 0 0 0 0 1 1 0 0 W3\nend 1\n", 2, "expected 'row"},
        {"gin-stats 3\ngames 0123\nend 0\n", 2, "16 hex digits"},
        {"gin-stats 3\ngames 0123456789abcdef 0123456789abcdef\nend 0\n", 2, "one twice"},
        {"gin-stats 3\ngames 0123456789abcdef\nrow easy all 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\nend 1\n", 3,
         "a row after the games"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&fault, 0, sizeof fault);
        int rc = gin_stats_parse(&s, cases[i].text, strlen(cases[i].text), &fault);
        if (rc != cases[i].line || fault.line != cases[i].line || !strstr(fault.what, cases[i].what))
            fail_msg("case %zu: %d, line %d '%s'; wanted line %d '%s'", i, rc, fault.line, fault.what, cases[i].line,
                     cases[i].what);
        assert_int_equal(s.n_rows, 0);
    }
    /* The same in yesterday's format (the fuzzer's input, shortened). */
    const char *v1 = "# gin statistics v1\neasy 1 0 0 0 0 0 0 0 0 0\nnormal 0 0 0 0 2 0 0 0 0 0\n";
    memset(&fault, 0, sizeof fault);
    assert_int_equal(gin_stats_convert_v1(&s, v1, strlen(v1), &fault), 3);
    assert_non_null(strstr(fault.what, "disagree"));
    const char *newer = "gin-stats 4\nwhatever a newer gin writes\n";
    assert_int_equal(gin_stats_parse(&s, newer, strlen(newer), &fault), GIN_KEPT_NEWER);
    assert_non_null(strstr(fault.what, "format 4"));
    const char *crlf = "gin-stats 3\r\n# only a comment\r\nrow hard all 2 1 0 5 3 1 2 0 0 99 40 1 1 0 0 W3,L5\r\n"
                       "games 00000000000000aa\r\nend 1\r\n";
    assert_int_equal(gin_stats_parse(&s, crlf, strlen(crlf), &fault), 0);
    assert_int_equal(gin_stats_get(&s, "hard", "all")->games, 2);
    assert_int_equal(gin_stats_get(&s, "hard", "all")->n_recent, 2);
    assert_true(gin_stats_has_game(&s, "00000000000000aa"));
    /* Format 2: rows without the keyword and no end; any name kept. */
    const char *v2 = "gin-stats 2\nhard all 2 1 0 5 3 1 2 0 0 99 40 1 1 0 0 W3,L5\ncollector standard 1 0 0 1 0 0 "
                     "0 0 0 0 0 0 0 0 0 L3\n";
    assert_int_equal(gin_stats_convert_v2(&s, v2, strlen(v2), &fault), 0);
    assert_int_equal(s.converted, 2);
    assert_int_equal(gin_stats_get(&s, "collector", "standard")->games, 1);
    const char *v2_newer = "gin-stats 3\nhard all\n";
    assert_int_equal(gin_stats_convert_v2(&s, v2_newer, strlen(v2_newer), &fault), GIN_KEPT_NEWER);
}

/* Issue 29: a statistics file cut at a line's end was read with rows
 * missing, and the next game wrote the loss back. Cut anywhere now, even
 * between two lines, it says so: damaged, never half-read. */
static void test_cut_statistics_are_damaged(void **state)
{
    (void)state;
    static gin_stats s, t;
    memset(&s, 0, sizeof s);
    gin_game_tally classic = LOSS;
    snprintf(classic.rules, sizeof classic.rules, "classic");
    assert_int_equal(gin_stats_add(&s, "normal", &WIN), 0);
    assert_int_equal(gin_stats_add(&s, "hard", &classic), 0);
    assert_int_equal(gin_stats_add(&s, "hard", &WIN), 0);
    snprintf(s.game[s.n_games++], sizeof s.game[0], "0123456789abcdef");
    char text[4096];
    int n = gin_stats_format(&s, text, sizeof text);
    assert_true(n > 0);
    int cuts = 0;
    for (int cut = 0; cut < n; cut++) {
        if (cut > 0 && text[cut - 1] != '\n')
            continue; /* every line boundary */
        gin_text_fault fault;
        assert_int_not_equal(gin_stats_parse(&t, text, (size_t)cut, &fault), 0);
        assert_int_equal(t.n_rows, 0);
        cuts++;
    }
    assert_true(cuts >= 8);
    /* and anywhere else: a row cut at a field, or the end cut short */
    for (int cut = 1; cut < n - 1; cut++)
        if (text[cut - 1] != '\n' && gin_stats_parse(&t, text, (size_t)cut, NULL) == 0)
            fail_msg("cut at %d of %d read as whole:\n%.*s", cut, n, cut, text);
    assert_int_equal(gin_stats_parse(&t, text, (size_t)n, NULL), 0);
    assert_int_equal(t.n_rows, 5);
}

/* Yesterday's files: read, converted (format 1: knocks apart from gins,
 * its games marked old), never written; the first count writes stats-v3
 * beside them. The newest older file is the one read. */
static void test_older_files_are_converted(void **state)
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
    static gin_stats s, now;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT); /* no stats-v3 yet */
    assert_int_equal(s.converted, 1);
    const gin_level_stats *n = gin_stats_get(&s, "normal", "all");
    assert_non_null(n);
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
    assert_null(gin_stats_get(&s, "normal", "standard"));
    char table[4096];
    table_of(&s, table, sizeof table);
    assert_non_null(strstr(table, "normal  all          5    3  60%"));
    assert_non_null(strstr(table, "5 games counted before statistics format 2"));
    assert_non_null(strstr(table, "1/0*"));

    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &WIN, "0000000000000001", &now, why, sizeof why), 0);
    assert_int_equal(gin_stats_get(&now, "normal", "all")->games, 6);
    assert_int_equal(gin_stats_get(&now, "normal", "all")->old_games, 5);
    assert_int_equal(gin_stats_get(&now, "normal", "all")->streak, 2);
    assert_int_equal(gin_stats_get(&now, "normal", "standard")->games, 1);
    assert_int_equal(now.converted, 0);
    /* The old file is as it was; an older gin still reads it. */
    char *text = fx_read(f->state, "stats", NULL);
    assert_non_null(text);
    assert_string_equal(text, v1);
    free(text);
    assert_true(fx_exists(f->state, "stats-v3"));
    assert_false(fx_exists(f->state, "stats-v2"));
    /* Once stats-v3 exists, the older ones are not read again. */
    fx_write_text(f->state, "stats", "normal 50 30 200 110 20 10 60 40000 10 20\n");
    fx_write_text(f->state, "stats-v2", "gin-stats 2\nnormal all 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -\n");
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_get(&s, "normal", "all")->games, 6);
    assert_int_equal(s.converted, 0);
    /* Without it, stats-v2 (newer than stats) is the one converted. */
    char path[GIN_PATH_MAX];
    fx_path(path, sizeof path, f->state, "stats-v3");
    assert_int_equal(unlink(path), 0);
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(s.converted, 2);
    assert_int_equal(gin_stats_get(&s, "normal", "all")->games, 9);
    gin_lock_release(&lk);
}

/* A file of a later format, as a newer gin writes it: left alone, never
 * moved aside, never counted over. */
static void test_newer_format_is_left_alone(void **state)
{
    store_fixture *f = *state;
    const char *text = "gin-stats 4\nhard all 1 2 3 4 and more\n";
    fx_write_text(f->state, "stats-v3", text);
    gin_kept k;
    static gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "newer gin"));
    assert_non_null(strstr(k.why, "format 4"));
    assert_int_equal(gin_kept_quarantine(&k), -1);
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &WIN, "0000000000000001", NULL, why, sizeof why), -1);
    assert_non_null(strstr(why, "not counted"));
    gin_lock_release(&lk);
    char *now = fx_read(f->state, "stats-v3", NULL);
    assert_non_null(now);
    assert_string_equal(now, text);
    free(now);
    assert_false(fx_exists(f->state, "stats-v3.bad"));
}

/* The last games of a row: at most 20, oldest dropped; resigned games as
 * losses by the bot's lead; the bars in blocks or ASCII. */
static void test_recent_games_and_bars(void **state)
{
    (void)state;
    static gin_stats s;
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
        assert_int_equal(gin_stats_add(&s, "easy", &t), 0);
    }
    const gin_level_stats *l = gin_stats_get(&s, "easy", "standard");
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
    assert_non_null(strstr(buf, " 6 won\n"));
    assert_non_null(strstr(buf, " 14 lost; the tallest bar 210 points\n")); /* the scale of both lines */
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

/* gin stats --reset: under the lock only; every file moved aside whole,
 * nothing left to load; a file that is not a regular file stops it. */
static void test_reset(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    gin_kept k;
    static gin_stats s;
    char why[1200], moved[2048];
    memset(&lk, 0, sizeof lk);
    fx_write_text(f->state, "stats", "normal 5 3 20 11 2 1 6 400 1 2\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), -1); /* no lock */
    assert_non_null(strstr(why, "table lock"));
    assert_true(fx_exists(f->state, "stats"));
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &WIN, "0000000000000001", NULL, why, sizeof why), 0);
    char *before = fx_read(f->state, "stats-v3", NULL);
    assert_non_null(before);
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 2);
    assert_false(fx_exists(f->state, "stats"));
    assert_false(fx_exists(f->state, "stats-v3"));
    assert_non_null(strstr(moved, "stats-v3.reset-"));
    assert_non_null(strstr(moved, "/stats -> "));
    /* The moved file is whole, under the name said. */
    char *arrow = strstr(moved, "stats-v3 -> "), name[GIN_PATH_MAX];
    assert_non_null(arrow);
    snprintf(name, sizeof name, "%.*s", (int)strcspn(arrow + 12, "\n"), arrow + 12);
    size_t len = 0;
    char *after = NULL;
    assert_int_equal(gin_file_read_all(name, 1 << 20, &after, &len), 1);
    assert_string_equal(after, before);
    free(after);
    free(before);
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(s.n_rows, 0);
    assert_int_equal(s.converted, 0);
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 0); /* nothing to reset */
    /* Twice in the same second: never over the first one; stats-v2 too. */
    fx_write_text(f->state, "stats-v3", "gin-stats 3\nend 0\n");
    fx_write_text(f->state, "stats-v2", "gin-stats 2\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 2);
    fx_write_text(f->state, "stats-v3", "gin-stats 3\n# again\nend 0\n");
    assert_int_equal(gin_stats_reset(&lk, moved, sizeof moved, why, sizeof why), 1);
    int resets = 0;
    DIR *d = opendir(f->state);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        resets += strncmp(e->d_name, "stats-v3.reset-", 15) == 0;
    closedir(d);
    assert_int_equal(resets, 3);
    assert_false(fx_exists(f->state, "stats-v2"));
    /* A directory in the way: left alone, and nothing moved. */
    fx_write_text(f->state, "stats", "normal 1 0 1 0 0 0 0 0 0 0\n");
    char path[GIN_PATH_MAX];
    fx_path(path, sizeof path, f->state, "stats-v3");
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
    static gin_stats s, after;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 3"));
    assert_non_null(strstr(k.why, "NUL"));
    assert_int_equal(s.n_rows, 0); /* not even the lines before it */
    /* A game at the end is not counted over it (that lost the counts). */
    gin_lock lk;
    char why[1200];
    gin_game_tally t = {.won = 1,
                        .hands = 3,
                        .hands_won = 2,
                        .gins = 1,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 110,
                        .rules = "standard"};
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why), -1);
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
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", &after, why, sizeof why), 0);
    assert_int_equal(gin_stats_get(&after, "normal", "all")->games, 1);
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
    static gin_stats s;
    gin_game_tally t = {
        .won = 0, .hands = 3, .hands_won = 1, .gins = 0, .undercuts = 0, .knocks = 1, .points = 40, .rules = "classic"};
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    fx_write_text(f->state, "stats", "hard lots\n");
    assert_int_equal(gin_stats_record(&k, &lk, "expert", &t, "0000000000000001", NULL, why, sizeof why), -1);
    assert_int_equal(k.state, GIN_KEPT_DAMAGED);
    assert_non_null(strstr(why, "not counted"));
    assert_int_equal(gin_kept_quarantine(&k), 0);
    assert_int_equal(gin_stats_record(&k, &lk, "expert", &t, "0000000000000001", &s, why, sizeof why), 0);
    assert_int_equal(gin_stats_get(&s, "expert", "classic")->games, 1);
    gin_lock_release(&lk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_stats_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test(test_stats_damage),
        cmocka_unit_test(test_cut_statistics_are_damaged),
        cmocka_unit_test_setup_teardown(test_older_files_are_converted, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_newer_format_is_left_alone, fx_setup, fx_teardown),
        cmocka_unit_test(test_recent_games_and_bars),
        cmocka_unit_test_setup_teardown(test_reset, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_nul_byte_makes_stats_damaged, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_damaged_while_running, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
