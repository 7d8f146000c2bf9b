/* Crash safety of the kept files: a child process takes the table lock,
 * then writes the saved game, the statistics and the settings over and
 * over through gin_save_write, gin_stats_record and gin_settings_save (the
 * functions the table uses) and is killed with SIGKILL at a random moment,
 * many times. After every kill the save and the settings must be byte for
 * byte one of the versions written (the old or the new), the statistics
 * must load and count no fewer games than after the kill before (nothing
 * counted is ever lost), and the next child must get the lock: a killed
 * holder never leaves it held.
 * Also: the files are 0600 in a 0700 directory, and unusable state
 * directories are refused with a message instead of crashing.
 * CRASH_KILLS=N sets the number of kills (default 60; `make soak` 1000). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kept.h"
#include "gin/error.h"
#include "gin/game.h"
#include "lock.h"
#include "save.h"
#include "settings.h"
#include "stats.h"
#include "support/support.h"

enum { VERSIONS = 6, TEXT_CAP = 1 << 21 };

typedef struct fixture {
    char dir[256];
    gin_record rec[VERSIONS]; /* the save's versions: one game, longer each time */
    gin_save_info info;
    char *save_text[VERSIONS];       /* as gin_save_format writes them */
    gin_settings settings[VERSIONS]; /* the settings' versions */
    char settings_text[VERSIONS][1024];
    gin_game game;
    gin_record whole;
    char buf[TEXT_CAP];
} fixture;

static void rm_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            struct stat st;
            if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
                chmod(sub, 0700);
                rm_tree(sub);
            } else {
                unlink(sub);
            }
        }
        closedir(d);
        rmdir(path);
    }
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/gin-crash-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    char path[512];
    snprintf(path, sizeof path, "%s/state", f->dir);
    setenv("XDG_STATE_HOME", path, 1);
    snprintf(path, sizeof path, "%s/config", f->dir);
    setenv("XDG_CONFIG_HOME", path, 1);
    setenv("HOME", f->dir, 1);

    /* One game, played once; version k of the save holds its first part. */
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_rng rng;
    gin_rng_seed(&rng, 3);
    gin_record_init(&f->whole, &r, 99);
    assert_int_equal(gin_game_init(&f->game, &r, 99), GIN_OK);
    while (!f->game.over) {
        if (f->game.hand.phase == GIN_PHASE_OVER || f->game.hand_no == 0) {
            assert_int_equal(gin_game_deal(&f->game, NULL, NULL), GIN_OK);
            continue;
        }
        gin_action act = test_greedy_action(&f->game.hand, &rng, 4, 1);
        assert_int_equal(gin_game_apply(&f->game, act, NULL, NULL), GIN_OK);
        assert_int_equal(gin_record_add(&f->whole, act), GIN_OK);
    }
    assert_true(f->whole.n_actions > VERSIONS * 4);

    snprintf(f->info.level, sizeof f->info.level, "hard");
    snprintf(f->info.game, sizeof f->info.game, "0123456789abcdef");
    for (int k = 0; k < VERSIONS; k++) {
        f->rec[k] = f->whole;
        f->rec[k].n_actions = f->whole.n_actions * (k + 1) / (VERSIONS + 1);
        int n = gin_save_format(&f->info, &f->rec[k], f->buf, TEXT_CAP);
        assert_true(n > 0);
        f->save_text[k] = strdup(f->buf);
        assert_non_null(f->save_text[k]);
        gin_settings_default(&f->settings[k]);
        f->settings[k].target = 100 + 50 * k;
        f->settings[k].sort = k % 3;
        assert_true(gin_settings_format(&f->settings[k], f->settings_text[k], sizeof f->settings_text[k]) > 0);
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    rm_tree(f->dir);
    for (int k = 0; k < VERSIONS; k++)
        free(f->save_text[k]);
    free(f);
    return 0;
}

static char *read_file(const char *path, size_t *len)
{
    char *text = NULL;
    int rc = gin_file_read_all(path, TEXT_CAP, &text, len);
    return rc == 1 ? text : NULL;
}

static long total_games(const gin_stats *s)
{
    long n = 0;
    for (int i = 0; i < s->n_rows; i++)
        if (!strcmp(s->row[i].rules, "all"))
            n += s->row[i].n.games;
    return n;
}

/* The writer: the versions in turn, as fast as it can, under the lock. */
static void writer(fixture *f, unsigned from)
{
    gin_lock lk;
    gin_kept save, stats, settings;
    char w[1200];
    gin_save_info info;
    static gin_stats st;
    gin_settings set;
    static const char *const bots[] = {"easy", "normal", "hard", "expert"};
    if (gin_lock_take(&lk, w, sizeof w) != GIN_LOCK_TAKEN)
        _exit(3); /* the killed writer before still holds it */
    if (gin_save_read(&save, &info, &f->whole, NULL) != GIN_KEPT_LOADED ||
        gin_stats_load(&stats, &st) != GIN_KEPT_LOADED ||
        gin_settings_load(&settings, &set, NULL, NULL, 0) != GIN_KEPT_LOADED)
        _exit(4);
    for (unsigned k = from;; k++) {
        gin_game_tally t = {.won = (int)(k & 1),
                            .hands = 5,
                            .hands_won = 2,
                            .gins = 1,
                            .undercuts = 0,
                            .knocks = 1,
                            .points = 50,
                            .rules = "standard"};
        char game[GIN_GAME_ID_SIZE];
        snprintf(game, sizeof game, "%08x%08x", (unsigned)getpid(), k);
        gin_save_write(&save, &lk, &f->info, &f->rec[k % VERSIONS], w, sizeof w);
        gin_stats_record(&stats, &lk, bots[k % 4], &t, game, NULL, w, sizeof w);
        gin_settings_save(&settings, &f->settings[k % VERSIONS], w, sizeof w);
    }
}

/* Which version the file is (0..VERSIONS-1), or -1 if it is none of them. */
static int which_version(const char *text, char *const *versions, size_t stride, const char *base)
{
    for (int k = 0; k < VERSIONS; k++) {
        const char *v = versions ? versions[k] : base + stride * (size_t)k;
        if (!strcmp(text, v))
            return k;
    }
    return -1;
}

static int count_temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tmp."))
            n++;
    closedir(d);
    return n;
}

static void test_sigkill_while_writing_leaves_old_or_new(void **state)
{
    fixture *f = *state;
    const char *env = getenv("CRASH_KILLS");
    int kills = env ? atoi(env) : 60;
    if (kills < 1)
        kills = 60;
    char why[1200], dir[GIN_PATH_MAX], save_path[GIN_PATH_MAX], stats_path[GIN_PATH_MAX];
    char cdir[GIN_PATH_MAX], settings_path[GIN_PATH_MAX];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_dir_path(GIN_DIR_CONFIG, cdir, sizeof cdir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(settings_path, sizeof settings_path, cdir, "settings"), 0);
    assert_int_equal(gin_path_join(save_path, sizeof save_path, dir, "save"), 0);
    assert_int_equal(gin_path_join(stats_path, sizeof stats_path, dir, "stats-v3"), 0);
    /* Version 0 exists before the first kill: there is always an "old".
     * Its writing is timed: the kills land within a few times that, so
     * they fall at different points of the writing on a slow machine or
     * under an emulator as on a fast one. */
    struct timespec t_start, t_end;
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    gin_lock lk;
    gin_kept k0;
    static gin_stats s0;
    gin_save_info i0;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&k0, &i0, &f->whole, NULL), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k0, &lk, &f->info, &f->rec[0], why, sizeof why), 0);
    gin_game_tally t0 = {.won = 1,
                         .hands = 5,
                         .hands_won = 2,
                         .gins = 1,
                         .undercuts = 0,
                         .knocks = 1,
                         .points = 50,
                         .rules = "standard"};
    assert_int_equal(gin_stats_load(&k0, &s0), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&k0, &lk, "easy", &t0, "0000000000000000", NULL, why, sizeof why), 0);
    gin_settings set0;
    assert_int_equal(gin_settings_load(&k0, &set0, NULL, NULL, 0), GIN_KEPT_ABSENT);
    assert_int_equal(gin_settings_save(&k0, &f->settings[0], why, sizeof why), 0);
    gin_lock_release(&lk);
    clock_gettime(CLOCK_MONOTONIC, &t_end);
    long span_us = (long)(t_end.tv_sec - t_start.tv_sec) * 1000000L + (t_end.tv_nsec - t_start.tv_nsec) / 1000L;
    span_us = span_us * 4 < 20000 ? 20000 : span_us * 4;

    srand((unsigned)getpid());
    int seen_save[VERSIONS] = {0};
    long counted = 1;
    for (int i = 0; i < kills; i++) {
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            writer(f, (unsigned)i);
        long us = rand() % span_us;
        struct timespec pause = {us / 1000000L, (us % 1000000L) * 1000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        int st;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        if (!WIFSIGNALED(st))
            fail_msg("kill %d: the writer exited with %d (3: the lock was still held)", i, WEXITSTATUS(st));
        assert_int_equal(WTERMSIG(st), SIGKILL);

        size_t len = 0;
        char *text = read_file(save_path, &len);
        assert_non_null(text);
        int k = which_version(text, f->save_text, 0, NULL);
        if (k < 0)
            fail_msg("kill %d: the save file is damaged (%zu bytes)", i, strlen(text));
        seen_save[k]++;
        free(text);
        text = read_file(stats_path, &len);
        assert_non_null(text);
        static gin_stats s;
        gin_text_fault fault;
        if (gin_stats_parse(&s, text, len, &fault) != 0)
            fail_msg("kill %d: the statistics file is damaged (line %d: %s): %s", i, fault.line, fault.what, text);
        if (total_games(&s) < counted)
            fail_msg("kill %d: the statistics lost games: %ld, were %ld", i, total_games(&s), counted);
        counted = total_games(&s);
        free(text);
        text = read_file(settings_path, &len);
        assert_non_null(text);
        k = which_version(text, NULL, sizeof f->settings_text[0], f->settings_text[0]);
        if (k < 0)
            fail_msg("kill %d: the settings file is damaged: %s", i, text);
        free(text);

        /* And they load as the table loads them. */
        gin_save_info info;
        gin_kept kk;
        assert_int_equal(gin_save_read(&kk, &info, &f->whole, NULL), GIN_KEPT_LOADED);
        assert_int_equal(gin_stats_load(&kk, &s), GIN_KEPT_LOADED);
        gin_settings set;
        assert_int_equal(gin_settings_load(&kk, &set, NULL, NULL, 0), GIN_KEPT_LOADED);
    }
    int distinct = 0;
    for (int k = 0; k < VERSIONS; k++)
        distinct += seen_save[k] > 0;
    /* The kills landed at different points of the writing. */
    if (kills >= 20)
        assert_true(distinct >= 2);
    /* A kill between mkstemp and rename leaves a temporary behind: it is
     * never read, only clutter. Count them for the record. */
    print_message("crash: %d kills of a lock holder survived (save, statistics, settings; %ld games counted, none "
                  "lost); %d temporaries left\n",
                  kills, counted, count_temporaries(dir) + count_temporaries(cdir));
}

static void test_files_are_private(void **state)
{
    fixture *f = *state;
    char why[1200], dir[GIN_PATH_MAX], path[GIN_PATH_MAX];
    umask(022);
    gin_lock lk;
    gin_kept ks, kt;
    gin_save_info info;
    static gin_stats s;
    gin_game_tally t = {.won = 1,
                        .hands = 5,
                        .hands_won = 2,
                        .gins = 1,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 50,
                        .rules = "standard"};
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&ks, &info, &f->whole, NULL), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&ks, &lk, &f->info, &f->rec[1], why, sizeof why), 0);
    assert_int_equal(gin_stats_load(&kt, &s), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_record(&kt, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why), 0);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    const char *names[] = {"save", "stats-v3", "lock"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(gin_path_join(path, sizeof path, dir, names[i]), 0);
        assert_int_equal(stat(path, &st), 0);
        assert_int_equal(st.st_mode & 0777, 0600);
    }
    gin_lock_release(&lk);
}

/* Absurd $XDG_STATE_HOME values: a message, no crash, nothing written in
 * the working directory. */
static void test_absurd_state_dirs_are_refused(void **state)
{
    fixture *f = *state;
    char why[1200], dir[GIN_PATH_MAX], file[512];
    snprintf(file, sizeof file, "%s/a-file", f->dir);
    FILE *fp = fopen(file, "w");
    assert_non_null(fp);
    fclose(fp);
    char *longp = malloc(GIN_PATH_MAX + 100);
    assert_non_null(longp);
    longp[0] = '/';
    memset(longp + 1, 'x', GIN_PATH_MAX + 98);
    longp[GIN_PATH_MAX + 99] = '\0';
    char under_file[600];
    snprintf(under_file, sizeof under_file, "%s/sub", file);

    const char *bad[] = {file, longp, under_file};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("XDG_STATE_HOME", bad[i], 1);
        why[0] = '\0';
        assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
        assert_true(strlen(why) > 10);
        gin_lock lk;
        assert_int_equal(gin_lock_take(&lk, why, sizeof why), -1);
        assert_true(strlen(why) > 10);
        gin_kept k;
        gin_save_info info;
        assert_int_equal(gin_save_read(&k, &info, &f->whole, NULL), GIN_KEPT_NO_DIR);
        assert_int_equal(gin_save_write(&k, &lk, &f->info, &f->rec[0], why, sizeof why), -1);
        assert_true(strlen(why) > 10);
        static gin_stats s;
        assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_NO_DIR);
        assert_true(strlen(k.why) > 10);
    }
    free(longp);

    /* Empty or relative: ignored (the XDG rule), $HOME is used instead. */
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(f->dir), 0);
    const char *ignored[] = {"", "relative/state"};
    for (size_t i = 0; i < 2; i++) {
        setenv("XDG_STATE_HOME", ignored[i], 1);
        assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
        assert_int_equal(dir[0], '/');
        assert_int_equal(access("relative", F_OK), -1);
    }
    /* No $HOME and no $XDG_STATE_HOME: refused with a message. */
    setenv("XDG_STATE_HOME", "", 1);
    setenv("HOME", "", 1);
    why[0] = '\0';
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    assert_non_null(strstr(why, "HOME"));
    assert_int_equal(chdir(cwd), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/state", f->dir);
    setenv("XDG_STATE_HOME", path, 1);
    setenv("HOME", f->dir, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_sigkill_while_writing_leaves_old_or_new, setup, teardown),
        cmocka_unit_test_setup_teardown(test_files_are_private, setup, teardown),
        cmocka_unit_test_setup_teardown(test_absurd_state_dirs_are_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
