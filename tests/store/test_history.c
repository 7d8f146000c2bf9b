/* The game history (src/store/history.c): the entry's text, adding under
 * the lock, rotation at its bound, and the kept-file rules entry by entry
 * (damaged ones moved aside, odd ones and newer ones left alone). */
#include "fixture.h"

#include "gin/error.h"
#include "gin/game.h"
#include "gin/record.h"
#include "history.h"
#include "lock.h"
#include "support/support.h"

static gin_record rec, back;
static char text[1 << 21];

/* A record of the first `moves` actions of a game played by the tests'
 * greedy policy. */
static void play_some(gin_record *r, uint64_t seed, int moves)
{
    static gin_game g;
    gin_rules rules;
    assert_int_equal(gin_rules_preset("standard", &rules), GIN_OK);
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    gin_record_init(r, &rules, seed);
    assert_int_equal(gin_game_init(&g, &rules, seed), GIN_OK);
    for (int i = 0; i < moves && !g.over;) {
        if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
            assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
            continue;
        }
        gin_action a = test_greedy_action(&g.hand, &rng, 4, 1);
        assert_int_equal(gin_game_apply(&g, a, NULL, NULL), GIN_OK);
        assert_int_equal(gin_record_add(r, a), GIN_OK);
        i++;
    }
}

/* Another game: a fresh identity. */
static void next_game(gin_history_info *h)
{
    static unsigned n;
    snprintf(h->game, sizeof h->game, "%016x", ++n);
}

static gin_history_info sample_info(void)
{
    gin_history_info h;
    memset(&h, 0, sizeof h);
    snprintf(h.game, sizeof h.game, "0123456789abcdef");
    snprintf(h.date, sizeof h.date, "2024-05-01T12:34:56Z");
    snprintf(h.level, sizeof h.level, "hard");
    snprintf(h.rules, sizeof h.rules, "standard, target 150");
    h.players = 2;
    h.counted = 1;
    snprintf(h.result, sizeof h.result, "resigned");
    h.score[0] = 88;
    h.score[1] = 132;
    h.hands = 5;
    return h;
}

static void test_entry_text(void **state)
{
    (void)state;
    play_some(&rec, 7, 40);
    gin_history_info h = sample_info(), got;
    int n = gin_history_format(&h, &rec, text, sizeof text);
    assert_true(n > 0);
    const char *head =
        "gin-history 2\ngame 0123456789abcdef\ndate 2024-05-01T12:34:56Z\nlevel hard\nrules standard, target 150\n"
        "players 2\nhuman 0\npractice 0\ncounted 1\nresult resigned\nscore 88 132\nhands 5\n\n"
        "gin-record 1\n";
    assert_memory_equal(text, head, strlen(head));
    gin_text_fault fault;
    assert_int_equal(gin_history_parse(text, (size_t)n, &got, &back, &fault), GIN_OK);
    assert_memory_equal(&got, &h, sizeof h);
    assert_int_equal(back.n_actions, rec.n_actions);
    assert_memory_equal(back.actions, rec.actions, sizeof rec.actions[0] * (size_t)rec.n_actions);
    /* Never written when the parser would refuse it. */
    gin_history_info bad = h;
    snprintf(bad.result, sizeof bad.result, "dodged");
    assert_int_equal(gin_history_format(&bad, &rec, text, sizeof text), GIN_EINVAL);
    bad = h;
    bad.date[0] = '\0';
    assert_int_equal(gin_history_format(&bad, &rec, text, sizeof text), GIN_EINVAL);
    /* What is wrong, and on which line. */
    static const struct {
        const char *from, *to;
        int line;
        const char *what;
    } cases[] = {
        {"level hard", "level Hard", 4, "unknown level 'Hard'"},
        {"date 2024-05-01T12:34:56Z", "date yesterday", 3, "date 'yesterday'"},
        {"score 88 132", "score 88", 11, "expected 2 scores"},
        {"players 2\nhuman 0\npractice 0\ncounted 1\nresult resigned\nscore 88 132",
         "players 3\nhuman 0\npractice 0\ncounted 1\nresult resigned\nscore 88 132 5", 6, "the game has 2 seats"},
        {"human 0", "human 2", 7, "human '2' is out of range"},
        {"result resigned", "result dodged", 10, "unknown result"},
        {"hands 5\n\n", "hands 5\nx\n", 13, "blank line"},
        {"rules standard, target 150", "rules ", 5, "expected 'rules VALUE'"},
        {"game 0123456789abcdef", "game 0123", 2, "expected 16 hex digits"},

    };
    n = gin_history_format(&h, &rec, text, sizeof text);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static char changed[1 << 21];
        const char *at = strstr(text, cases[i].from);
        assert_non_null(at);
        size_t pre = (size_t)(at - text), fl = strlen(cases[i].from);
        snprintf(changed, sizeof changed, "%.*s%s%s", (int)pre, text, cases[i].to, at + fl);
        memset(&fault, 0, sizeof fault);
        int rc = gin_history_parse(changed, strlen(changed), &got, &back, &fault);
        if (rc == GIN_OK || fault.line != cases[i].line || !strstr(fault.what, cases[i].what))
            fail_msg("case %zu: %d, line %d '%s'", i, rc, fault.line, fault.what);
    }
    const char *newer = "gin-history 3\nwhatever comes next\n";
    assert_int_equal(gin_history_parse(newer, strlen(newer), &got, &back, &fault), GIN_KEPT_NEWER);
    /* Format 1 (no game line) is read. */
    static char v1[1 << 21];
    const char *rest = strstr(text, "\ndate ");
    snprintf(v1, sizeof v1, "gin-history 1%s", rest);
    assert_int_equal(gin_history_parse(v1, strlen(v1), &got, &back, &fault), GIN_OK);
    assert_string_equal(got.game, "");
    assert_string_equal(got.level, "hard");
    /* Issue 29: an entry holding a game record of a later format is a
     * newer gin's (left alone), not damage (it was quarantined). */
    char *r = strstr(text, "gin-record 1\n");
    assert_non_null(r);
    r[11] = '2';
    assert_int_equal(gin_history_parse(text, strlen(text), &got, &back, &fault), GIN_KEPT_NEWER);
    r[11] = '1';
}

static int entries(void)
{
    static int ids[1000];
    char why[256];
    return gin_history_list(ids, 1000, why, sizeof why);
}

/* Added under the lock only; numbered on; the oldest sound entries go
 * beyond GIN_HISTORY_MAX; a damaged one is moved aside (not dropped), one
 * that is not a regular file and a newer gin's are left alone. */
static void test_add_and_rotate(void **state)
{
    store_fixture *f = *state;
    char why[1200], notes[2048], dir[GIN_PATH_MAX];
    play_some(&rec, 11, 12);
    gin_history_info h = sample_info();
    gin_lock lk;
    memset(&lk, 0, sizeof lk);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, NULL, notes, sizeof notes, why, sizeof why), -2);
    assert_non_null(strstr(why, "table lock"));
    assert_int_equal(entries(), 0);
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    int id = 0;
    h.date[0] = '\0'; /* filled in: now */
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    assert_int_equal(id, 1);
    assert_int_equal(strlen(h.date), 20);
    fx_path(dir, sizeof dir, f->state, "history");
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    assert_true(fx_exists(dir, "000001"));
    gin_kept k;
    gin_history_info got;
    assert_int_equal(gin_history_read(1, &k, &got, &back), GIN_KEPT_LOADED);
    assert_string_equal(got.result, "resigned");
    /* To the bound and past it. */
    for (int i = 2; i <= GIN_HISTORY_MAX + 3; i++) {
        next_game(&h);
        assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
        assert_int_equal(id, i);
        assert_string_equal(notes, "");
    }
    assert_int_equal(entries(), GIN_HISTORY_MAX);
    assert_false(fx_exists(dir, "000003"));
    assert_true(fx_exists(dir, "000004"));
    int ids[GIN_HISTORY_MAX + 10];
    assert_int_equal(gin_history_list(ids, GIN_HISTORY_MAX + 10, why, sizeof why), GIN_HISTORY_MAX);
    assert_int_equal(ids[0], GIN_HISTORY_MAX + 3); /* newest first */
    assert_int_equal(ids[GIN_HISTORY_MAX - 1], 4);
    /* A damaged entry: moved aside whole, and the rotation does not drop it. */
    fx_write_text(dir, "000100", "gin-history 1\nnot an entry\n");
    /* Not a regular file, and a newer gin's entry: left alone. */
    char fifo[GIN_PATH_MAX];
    fx_path(fifo, sizeof fifo, dir, "000005");
    assert_int_equal(unlink(fifo), 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    fx_write_text(dir, "000006", "gin-history 3\nnewer\n");
    assert_int_equal(gin_history_read(6, &k, &got, &back), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "newer gin"));
    next_game(&h);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    assert_int_equal(id, GIN_HISTORY_MAX + 4);
    assert_non_null(strstr(notes, "000100 is damaged"));
    assert_true(fx_exists(dir, "000100.bad"));
    assert_false(fx_exists(dir, "000100"));
    assert_true(fx_exists(dir, "000005")); /* the FIFO */
    assert_true(fx_exists(dir, "000006")); /* the newer entry */
    /* 198 sound entries now (4 .. 204 but 5, 6 and 100): nothing dropped
     * until there are more than 200, and then the oldest sound ones. */
    assert_true(fx_exists(dir, "000004"));
    for (int i = 0; i < 3 && (next_game(&h), 1); i++)
        assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    assert_false(fx_exists(dir, "000004"));
    assert_true(fx_exists(dir, "000007"));
    assert_true(fx_exists(dir, "000005"));
    assert_true(fx_exists(dir, "000006"));
    assert_int_equal(entries(), GIN_HISTORY_MAX + 2); /* the 200 and the two left alone */
    gin_lock_release(&lk);
}

/* A history that is not a directory is left alone and nothing is kept. */
static void test_history_not_a_directory(void **state)
{
    store_fixture *f = *state;
    char why[1200], notes[256], target[GIN_PATH_MAX], link_path[GIN_PATH_MAX];
    play_some(&rec, 3, 5);
    gin_history_info h = sample_info();
    gin_lock lk;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    snprintf(target, sizeof target, "%s/elsewhere", f->root);
    fx_mkdirs(target);
    fx_path(link_path, sizeof link_path, f->state, "history");
    assert_int_equal(symlink(target, link_path), 0);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, NULL, notes, sizeof notes, why, sizeof why), -2);
    assert_non_null(strstr(why, "symbolic link"));
    int ids[4];
    assert_int_equal(gin_history_list(ids, 4, why, sizeof why), -1);
    assert_false(fx_exists(target, "000001"));
    /* Issue 29: `gin replay 1` read through the link that `gin history`
     * refuses. An entry is read through a real history directory only. */
    int n = gin_history_format(&h, &rec, text, sizeof text);
    assert_true(n > 0);
    fx_write(target, "000001", text, (size_t)n);
    gin_kept k;
    gin_history_info got;
    assert_int_equal(gin_history_read(1, &k, &got, &back), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "a symbolic link, not a directory"));
    assert_int_equal(unlink(link_path), 0);
    fx_write_text(f->state, "history", "a file\n");
    assert_int_equal(gin_history_keep(&lk, &h, &rec, NULL, notes, sizeof notes, why, sizeof why), -2);
    assert_non_null(strstr(why, "is a file, not a directory"));
    /* Issue 29: a FIFO was called "a file". */
    assert_int_equal(unlink(link_path), 0);
    assert_int_equal(mkfifo(link_path, 0600), 0);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, NULL, notes, sizeof notes, why, sizeof why), -2);
    assert_non_null(strstr(why, "a named pipe (FIFO), not a directory"));
    gin_lock_release(&lk);
}

/* An entry whose record does not replay is damaged, line named. */
static void test_entry_that_does_not_replay(void **state)
{
    store_fixture *f = *state;
    play_some(&rec, 5, 30);
    gin_history_info h = sample_info();
    int n = gin_history_format(&h, &rec, text, sizeof text);
    assert_true(n > 0);
    char *first = strstr(text, "\ndiscard ");
    assert_non_null(first);
    memcpy(first + 1, "pile   ", 7); /* "discard XX" -> "pile   XX": not that action */
    char dir[GIN_PATH_MAX];
    fx_path(dir, sizeof dir, f->state, "history");
    fx_write_text(dir, "000001", text);
    gin_kept k;
    gin_history_info got;
    assert_int_equal(gin_history_read(1, &k, &got, &back), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line"));
}

/* Issue 29: kept once. The same game kept again (its end interrupted
 * after the entry was written, and done over) adds no second entry. */
static void test_kept_once(void **state)
{
    store_fixture *f = *state;
    char why[1200], notes[256], dir[GIN_PATH_MAX];
    play_some(&rec, 9, 12);
    gin_history_info h = sample_info();
    gin_lock lk;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    int id = 0;
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    assert_int_equal(id, 1);
    next_game(&h);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    assert_int_equal(id, 2);
    snprintf(h.game, sizeof h.game, "0123456789abcdef"); /* the first game again */
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 1);
    assert_int_equal(id, 1);
    assert_int_equal(entries(), 2);
    fx_path(dir, sizeof dir, f->state, "history");
    assert_false(fx_exists(dir, "000003"));
    gin_lock_release(&lk);
}

/* Issue 29: one entry numbered 999999999 blocked the history for good
 * ("no free number"). The entries are numbered afresh, in order, and the
 * game is kept after them; what is not a sound entry keeps its name. */
static void test_last_number_does_not_block(void **state)
{
    store_fixture *f = *state;
    char why[1200], notes[256], dir[GIN_PATH_MAX];
    play_some(&rec, 13, 12);
    gin_history_info h = sample_info();
    gin_lock lk;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    int id = 0;
    for (int i = 0; i < 3; i++) {
        next_game(&h);
        assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    }
    fx_path(dir, sizeof dir, f->state, "history");
    char from[GIN_PATH_MAX], to[GIN_PATH_MAX];
    fx_path(from, sizeof from, dir, "000003");
    fx_path(to, sizeof to, dir, "999999999");
    assert_int_equal(rename(from, to), 0); /* the newest, numbered last */
    char fifo[GIN_PATH_MAX];
    fx_path(fifo, sizeof fifo, dir, "000002");
    fx_path(from, sizeof from, dir, "000005");
    assert_int_equal(rename(fifo, from), 0);
    assert_int_equal(mkfifo(fifo, 0600), 0); /* not ours to move: its number is skipped */
    next_game(&h);
    assert_int_equal(gin_history_keep(&lk, &h, &rec, &id, notes, sizeof notes, why, sizeof why), 0);
    /* 1 stays; 2 is the FIFO; 5 becomes 3, 999999999 becomes 4; the new one 5. */
    assert_int_equal(id, 5);
    assert_true(fx_exists(dir, "000001"));
    assert_true(fx_exists(dir, "000003"));
    assert_true(fx_exists(dir, "000004"));
    assert_true(fx_exists(dir, "000005"));
    assert_false(fx_exists(dir, "999999999"));
    gin_kept k;
    gin_history_info got;
    assert_int_equal(gin_history_read(4, &k, &got, &back), GIN_KEPT_LOADED);
    char want[GIN_GAME_ID_SIZE];
    snprintf(want, sizeof want, "%s", got.game);
    assert_int_equal(gin_history_read(5, &k, &got, &back), GIN_KEPT_LOADED);
    assert_string_equal(got.game, h.game);
    assert_string_not_equal(want, h.game);
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    gin_lock_release(&lk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entry_text),
        cmocka_unit_test_setup_teardown(test_add_and_rotate, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_history_not_a_directory, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_entry_that_does_not_replay, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_kept_once, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_last_number_does_not_block, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
