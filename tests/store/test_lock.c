/* One table per state directory (src/store/lock.c), and statistics kept
 * read-modify-write under the lock (two tables on one
 * state directory lost each other's statistics and saved game). */
#include "fixture.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>

#include "gin/error.h"
#include "lock.h"
#include "save.h"
#include "stats.h"

/* A child that takes the lock, says so through a pipe, then waits to be
 * killed (or execs `exec_after` still holding the lock's descriptor
 * open, if it was inherited). Returns its pid once it holds the lock. */
static pid_t holder_child(const char *exec_after)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* Never outlive a failed test by much (a failing assert in the
         * parent skips the kill); exec keeps the alarm. */
        alarm(60);
        close(fds[0]);
        gin_lock lk;
        char why[1200];
        char ok = gin_lock_take(&lk, why, sizeof why) == GIN_LOCK_TAKEN ? 'y' : 'n';
        if (write(fds[1], &ok, 1) != 1)
            _exit(2);
        close(fds[1]);
        if (exec_after)
            execl("/bin/sh", "sh", "-c", exec_after, (char *)NULL);
        for (;;)
            pause();
    }
    close(fds[1]);
    char ok = 0;
    assert_int_equal(read(fds[0], &ok, 1), 1);
    close(fds[0]);
    assert_int_equal(ok, 'y');
    return pid;
}

static void kill_child(pid_t pid)
{
    kill(pid, SIGKILL);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
}

static void test_take_and_release(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(lk.held, 1);
    assert_string_equal(lk.dir, f->state);
    char *text = fx_read(f->state, "lock", NULL);
    assert_non_null(text);
    assert_int_equal(atol(text), (long)getpid());
    free(text);
    char path[GIN_PATH_MAX];
    fx_path(path, sizeof path, f->state, "lock");
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    /* It covers the directory's own files only. */
    fx_path(path, sizeof path, f->state, "save");
    assert_int_equal(gin_lock_covers(&lk, path), 1);
    assert_int_equal(gin_lock_covers(&lk, f->state), 0);
    fx_path(path, sizeof path, f->config, "settings");
    assert_int_equal(gin_lock_covers(&lk, path), 0);
    /* and the game history's, one directory down, but no other. */
    const char *under[] = {"history/000001", "history/sub/x", "other/x", "history/..", "history/"};
    for (int i = 0; i < 5; i++) {
        fx_path(path, sizeof path, f->state, under[i]);
        assert_int_equal(gin_lock_covers(&lk, path), i == 0);
    }
    /* A second taker in the same process is refused too. */
    gin_lock again;
    assert_int_equal(gin_lock_take(&again, why, sizeof why), GIN_LOCK_BUSY);
    assert_int_equal(again.held, 0);
    assert_int_equal(again.holder, (long)getpid());
    gin_lock_release(&lk);
    assert_int_equal(lk.held, 0);
    assert_false(fx_exists(f->state, "lock")); /* gone with the holder */
    fx_path(path, sizeof path, f->state, "save");
    assert_int_equal(gin_lock_covers(&lk, path), 0);
    gin_lock_release(&lk); /* twice: harmless */
    assert_int_equal(gin_lock_take(&again, why, sizeof why), GIN_LOCK_TAKEN);
    gin_lock_release(&again);
    gin_lock zero;
    memset(&zero, 0, sizeof zero); /* a zeroed lock is not held (fd 0 is not a lock) */
    assert_int_equal(gin_lock_covers(&zero, path), 0);
}

/* Two processes: the second is told which process has the table open; a
 * killed holder's lock dies with it. */
static void test_two_processes_contend(void **state)
{
    store_fixture *f = *state;
    pid_t holder = holder_child(NULL);
    gin_lock lk;
    char why[1200], want[GIN_PATH_MAX + 100];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_BUSY);
    assert_int_equal(lk.held, 0);
    assert_int_equal(lk.holder, (long)holder);
    assert_int_equal(lk.holder_alive, 1);
    snprintf(want, sizeof want, "another gin (process %ld) has the table open on %s", (long)holder, f->state);
    assert_string_equal(why, want);
    /* Without the lock nothing of the state directory is written. */
    gin_kept k;
    static gin_record rec;
    gin_save_info info;
    memset(&info, 0, sizeof info);
    snprintf(info.game, sizeof info.game, "0123456789abcdef");
    snprintf(info.level, sizeof info.level, "hard");
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_record_init(&rec, &r, 5);
    assert_int_equal(gin_save_read(&k, &info, &rec, NULL), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), -1);
    assert_non_null(strstr(why, "lock"));
    assert_false(fx_exists(f->state, "save"));
    gin_stats s;
    gin_game_tally t = {.won = 1,
                        .hands = 3,
                        .hands_won = 2,
                        .gins = 1,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 110,
                        .rules = "standard"};
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why), -1);
    assert_false(fx_exists(f->state, "stats"));

    kill_child(holder); /* SIGKILL: no chance to clean up */
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    char *text = fx_read(f->state, "lock", NULL);
    assert_non_null(text);
    assert_int_equal(atol(text), (long)getpid());
    free(text);
    gin_lock_release(&lk);
}

/* A lock file left by a killed table, naming a process long gone, does
 * not block the next table. */
static void test_stale_lock_file_does_not_block(void **state)
{
    store_fixture *f = *state;
    fx_write_text(f->state, "lock", "2147483646\n");
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_lock_release(&lk);
    fx_write(f->state, "lock", "garbage\0\xff", 9);
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_lock_release(&lk);
}

/* The lock is not inherited across exec: an external bot the table runs
 * (here a shell that outlives its parent) never holds the table. */
static void test_exec_does_not_inherit(void **state)
{
    (void)state;
    pid_t child = holder_child("exec sleep 30");
    /* The child's exec dropped the lock (close-on-exec), though the shell
     * runs on. */
    gin_lock lk;
    char why[1200];
    struct timespec pause = {0, 20 * 1000 * 1000};
    int rc = GIN_LOCK_BUSY;
    for (int i = 0; i < 500 && rc == GIN_LOCK_BUSY; i++) { /* until the exec has happened */
        rc = gin_lock_take(&lk, why, sizeof why);
        if (rc == GIN_LOCK_BUSY)
            nanosleep(&pause, NULL);
    }
    int alive = kill(child, 0) == 0;
    kill_child(child);
    assert_true(alive); /* the shell was still running */
    assert_int_equal(rc, GIN_LOCK_TAKEN);
    gin_lock_release(&lk);
}

/* Issue 29: deleting `lock` let a second table open on the same state
 * directory, and the first one's exit then removed the second's lock (so a
 * third opened too). One table per state directory holds whatever happens
 * to the file, and the holder removes only its own file. */
static void test_deleting_the_lock_file_lets_no_second_in(void **state)
{
    store_fixture *f = *state;
    pid_t holder = holder_child(NULL);
    char path[GIN_PATH_MAX], why[1200];
    fx_path(path, sizeof path, f->state, "lock");
    assert_int_equal(unlink(path), 0);
    gin_lock lk;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_BUSY);
    assert_int_equal(lk.held, 0);
    assert_non_null(strstr(why, "another gin has the table open on"));
    assert_false(fx_exists(f->state, "lock")); /* the refused one left nothing */
    kill_child(holder);
    /* The holder lets go (in this process): a file put there since it was
     * deleted under it is not its to remove. */
    gin_lock mine;
    assert_int_equal(gin_lock_take(&mine, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(unlink(path), 0);
    fx_write_text(f->state, "lock", "4242\n");
    gin_lock_release(&mine);
    char *text = fx_read(f->state, "lock", NULL);
    assert_non_null(text);
    assert_string_equal(text, "4242\n");
    free(text);
}

/* Statistics are read-modify-write: a ring that loaded them at start and
 * counts a game at the end keeps a game counted since by another writer
 * (before, it wrote back its own copy: the last writer won). */
static void test_stats_record_keeps_other_writers_counts(void **state)
{
    (void)state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept table, other;
    static gin_stats at_start, now;
    assert_int_equal(gin_stats_load(&table, &at_start), GIN_KEPT_ABSENT);
    gin_game_tally win = {.won = 1,
                          .hands = 4,
                          .hands_won = 3,
                          .gins = 1,
                          .undercuts = 0,
                          .knocks = 2,
                          .points = 130,
                          .rules = "standard"},
                   loss = {.won = 0,
                           .hands = 5,
                           .hands_won = 1,
                           .gins = 0,
                           .undercuts = 1,
                           .knocks = 1,
                           .points = 60,
                           .rules = "standard"};
    assert_int_equal(gin_stats_load(&other, &now), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&other, &lk, "hard", &win, "0000000000000002", NULL, why, sizeof why), 0);
    assert_int_equal(gin_stats_record(&table, &lk, "hard", &loss, "0000000000000003", &now, why, sizeof why), 0);
    assert_int_equal(gin_stats_get(&now, "hard", "all")->games, 2);
    assert_int_equal(gin_stats_get(&now, "hard", "all")->wins, 1);
    gin_kept k;
    static gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_get(&s, "hard", "all")->games, 2);
    assert_int_equal(gin_stats_get(&s, "hard", "all")->points, 190);
    gin_lock_release(&lk);
}

enum { GAMES_EACH = 40 };

/* A writer process: GAMES_EACH games, each under the lock, taken and
 * given back around every game as the table and `gin stats --reset`
 * style tools would. */
static int count_games(const char *level)
{
    gin_kept k;
    static gin_stats s;
    gin_stats_load(&k, &s);
    gin_game_tally t = {.won = 1,
                        .hands = 3,
                        .hands_won = 2,
                        .gins = 1,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 100,
                        .rules = "standard"};
    struct timespec pause = {0, 200 * 1000};
    for (int g = 0; g < GAMES_EACH; g++) {
        gin_lock lk;
        char why[1200];
        int rc;
        for (int tries = 0; (rc = gin_lock_take(&lk, why, sizeof why)) == GIN_LOCK_BUSY; tries++) {
            if (tries > 100000)
                return 2;
            nanosleep(&pause, NULL);
        }
        char game[GIN_GAME_ID_SIZE];
        snprintf(game, sizeof game, "%08x%08x", (unsigned)getpid(), (unsigned)g);
        if (rc != GIN_LOCK_TAKEN || gin_stats_record(&k, &lk, level, &t, game, NULL, why, sizeof why) != 0)
            return 1;
        gin_lock_release(&lk);
    }
    return 0;
}

static void test_two_writers_lose_nothing(void **state)
{
    (void)state;
    pid_t pid[2];
    fflush(NULL);
    for (int i = 0; i < 2; i++) {
        pid[i] = fork();
        assert_true(pid[i] >= 0);
        if (pid[i] == 0)
            _exit(count_games(i ? "hard" : "normal"));
    }
    for (int i = 0; i < 2; i++) {
        int st;
        assert_int_equal(waitpid(pid[i], &st, 0), pid[i]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
    }
    gin_kept k;
    static gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_get(&s, "normal", "all")->games, GAMES_EACH);
    assert_int_equal(gin_stats_get(&s, "hard", "all")->games, GAMES_EACH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_take_and_release, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_two_processes_contend, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_stale_lock_file_does_not_block, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_exec_does_not_inherit, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_deleting_the_lock_file_lets_no_second_in, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_stats_record_keeps_other_writers_counts, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_two_writers_lose_nothing, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
