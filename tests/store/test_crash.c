/* Crash safety of the kept files: a child process writes the saved game,
 * the statistics and the settings over and over through gin_save_write,
 * gin_stats_save and gin_settings_save (the functions the table uses) and is killed with SIGKILL at a random moment,
 * many times. After every kill each file must be byte for byte one of the
 * versions written (the old or the new), never damaged, and load cleanly.
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

#include "atomic_file.h"
#include "gin/error.h"
#include "gin/game.h"
#include "save.h"
#include "settings.h"
#include "stats.h"
#include "support/support.h"

enum { VERSIONS = 6, TEXT_CAP = 1 << 21 };

typedef struct fixture {
    char dir[256];
    gin_record rec[VERSIONS]; /* the save's versions: one game, longer each time */
    gin_save_info info;
    gin_stats stats[VERSIONS]; /* the statistics' versions */
    char *save_text[VERSIONS]; /* as gin_save_format writes them */
    char stats_text[VERSIONS][2048];
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
    for (int k = 0; k < VERSIONS; k++) {
        f->rec[k] = f->whole;
        f->rec[k].n_actions = f->whole.n_actions * (k + 1) / (VERSIONS + 1);
        int n = gin_save_format(&f->info, &f->rec[k], f->buf, TEXT_CAP);
        assert_true(n > 0);
        f->save_text[k] = strdup(f->buf);
        assert_non_null(f->save_text[k]);
        gin_game_tally t = {k & 1, 5 + k, 2, 1, 0, 1, 50 + 10 * k};
        f->stats[k] = k ? f->stats[k - 1] : (gin_stats){0};
        gin_stats_add(&f->stats[k], k % GIN_STATS_LEVELS, &t);
        assert_true(gin_stats_format(&f->stats[k], f->stats_text[k], sizeof f->stats_text[k]) > 0);
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

static char *read_file(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    int rc = gin_file_read_all(path, TEXT_CAP, &text, &len);
    return rc == 1 ? text : NULL;
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
    char why[512], dir[GIN_PATH_MAX], save_path[GIN_PATH_MAX], stats_path[GIN_PATH_MAX];
    char cdir[GIN_PATH_MAX], settings_path[GIN_PATH_MAX];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_dir_path(GIN_DIR_CONFIG, cdir, sizeof cdir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(settings_path, sizeof settings_path, cdir, "settings"), 0);
    assert_int_equal(gin_path_join(save_path, sizeof save_path, dir, "save"), 0);
    assert_int_equal(gin_path_join(stats_path, sizeof stats_path, dir, "stats"), 0);
    /* Version 0 exists before the first kill: there is always an "old". */
    assert_int_equal(gin_save_write(&f->info, &f->rec[0], why, sizeof why), 0);
    assert_int_equal(gin_stats_save(&f->stats[0], why, sizeof why), 0);
    assert_int_equal(gin_settings_save(&f->settings[0], why, sizeof why), 0);

    srand((unsigned)getpid());
    int seen_save[VERSIONS] = {0}, seen_stats[VERSIONS] = {0};
    for (int i = 0; i < kills; i++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            /* The writer: the versions in turn, as fast as it can. */
            char w[512];
            for (unsigned k = (unsigned)i;; k++) {
                gin_save_write(&f->info, &f->rec[k % VERSIONS], w, sizeof w);
                gin_stats_save(&f->stats[k % VERSIONS], w, sizeof w);
                gin_settings_save(&f->settings[k % VERSIONS], w, sizeof w);
            }
        }
        struct timespec pause = {0, (long)(rand() % 20000) * 1000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        int st;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);

        char *text = read_file(save_path);
        assert_non_null(text);
        int k = which_version(text, f->save_text, 0, NULL);
        if (k < 0)
            fail_msg("kill %d: the save file is damaged (%zu bytes)", i, strlen(text));
        seen_save[k]++;
        free(text);
        text = read_file(stats_path);
        assert_non_null(text);
        k = which_version(text, NULL, sizeof f->stats_text[0], f->stats_text[0]);
        if (k < 0)
            fail_msg("kill %d: the statistics file is damaged: %s", i, text);
        seen_stats[k]++;
        free(text);
        text = read_file(settings_path);
        assert_non_null(text);
        k = which_version(text, NULL, sizeof f->settings_text[0], f->settings_text[0]);
        if (k < 0)
            fail_msg("kill %d: the settings file is damaged: %s", i, text);
        free(text);

        /* And they load as the table loads them. */
        gin_save_info info;
        assert_int_equal(gin_save_read(&info, &f->whole, why, sizeof why), 1);
        gin_stats s;
        assert_int_equal(gin_stats_load(&s, why, sizeof why), 0);
        gin_settings set;
        assert_int_equal(gin_settings_load(&set, why, sizeof why), 0);
    }
    int distinct = 0;
    for (int k = 0; k < VERSIONS; k++)
        distinct += seen_save[k] > 0;
    /* The kills landed at different points of the writing. */
    if (kills >= 20)
        assert_true(distinct >= 2);
    (void)seen_stats;
    /* A kill between mkstemp and rename leaves a temporary behind: it is
     * never read, only clutter. Count them for the record. */
    print_message("crash: %d kills survived (save, statistics, settings); %d temporaries left\n", kills,
                  count_temporaries(dir) + count_temporaries(cdir));
}

static void test_files_are_private(void **state)
{
    fixture *f = *state;
    char why[512], dir[GIN_PATH_MAX], path[GIN_PATH_MAX];
    umask(022);
    assert_int_equal(gin_save_write(&f->info, &f->rec[1], why, sizeof why), 0);
    assert_int_equal(gin_stats_save(&f->stats[1], why, sizeof why), 0);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "save"), 0);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "stats"), 0);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

/* Absurd $XDG_STATE_HOME values: a message, no crash, nothing written in
 * the working directory. */
static void test_absurd_state_dirs_are_refused(void **state)
{
    fixture *f = *state;
    char why[512], dir[GIN_PATH_MAX], file[512];
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
        assert_int_equal(gin_save_write(&f->info, &f->rec[0], why, sizeof why), -1);
        assert_true(strlen(why) > 10);
        gin_stats s;
        assert_true(gin_stats_load(&s, why, sizeof why) < 0);
        assert_true(strlen(why) > 10);
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
