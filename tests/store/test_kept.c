/* Kept files (src/store/atomic_file.c): the directories, atomic writes,
 * what loading does with files that are not what they should be, and
 * quarantine. Through the statistics and the settings where a kind of
 * file is needed, since those are what the table loads. */
#include "fixture.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <utime.h>

#include "gin/error.h"
#include "lock.h"
#include "save.h"
#include "settings.h"
#include "stats.h"

static void test_dir_created_0700(void **state)
{
    store_fixture *f = *state;
    char dir[GIN_PATH_MAX], why[256];
    assert_int_equal(gin_dir_find(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0); /* not yet */
    assert_string_equal(dir, f->state);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_string_equal(dir, f->state);
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    assert_int_equal(gin_dir_find(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 1);
}

/* Issue 12 item 16: HOME=/nonexistent made /nonexistent/.local/state/gin.
 * gin never creates $HOME: it says so, and the table plays without saving. */
static void test_nonexistent_home_is_not_created(void **state)
{
    store_fixture *f = *state;
    char home[512], dir[GIN_PATH_MAX], why[512] = "";
    snprintf(home, sizeof home, "%s/no-such-home", f->root);
    setenv("HOME", home, 1);
    unsetenv("XDG_STATE_HOME");
    unsetenv("XDG_CONFIG_HOME");
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    assert_non_null(strstr(why, "does not exist"));
    assert_non_null(strstr(why, home));
    assert_int_equal(gin_dir_path(GIN_DIR_CONFIG, dir, sizeof dir, why, sizeof why), -1);
    assert_int_equal(gin_dir_find(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    gin_lock lk;
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), -1);
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_NO_DIR);
    assert_non_null(strstr(k.why, "does not exist"));
    struct stat st;
    assert_int_equal(stat(home, &st), -1); /* still not there */
    /* $HOME a file: refused the same way. */
    fx_write_text(f->root, "home-file", "x");
    snprintf(home, sizeof home, "%s/home-file", f->root);
    setenv("HOME", home, 1);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    assert_non_null(strstr(why, "not a directory"));
    /* An existing $HOME: .local/state/gin is made under it. */
    snprintf(home, sizeof home, "%s/home", f->root);
    setenv("HOME", home, 1);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_non_null(strstr(dir, "/home/.local/state/gin"));
}

static void test_atomic_write(void **state)
{
    (void)state;
    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], why[256];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    fx_path(path, sizeof path, dir, "x");
    assert_int_equal(gin_file_write_atomic(path, "old", 3), 0);
    assert_int_equal(gin_file_write_atomic(path, "new text", 8), 0);
    size_t len = 0;
    char *text = fx_read(dir, "x", &len);
    assert_non_null(text);
    assert_int_equal(len, 8);
    assert_string_equal(text, "new text");
    free(text);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    DIR *d = opendir(dir); /* no temporary left behind */
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)))
        assert_null(strstr(e->d_name, ".tmp."));
    closedir(d);
    fx_path(path, sizeof path, dir, "missing");
    assert_int_equal(gin_file_read_all(path, 1 << 16, &text, &len), 0);
}

/* Temporaries of writers killed before their rename are swept by the next
 * write once they are a minute old; a fresh one (a live writer's) stays. */
static void test_stale_temps_swept(void **state)
{
    (void)state;
    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], old_tmp[GIN_PATH_MAX], new_tmp[GIN_PATH_MAX], other[GIN_PATH_MAX],
        why[256];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    fx_path(path, sizeof path, dir, "save");
    fx_write_text(dir, "save.tmp.AbC123", "");
    fx_write_text(dir, "save.tmp.XyZ789", "");
    fx_write_text(dir, "stats.tmp.AbC123", "");
    fx_path(old_tmp, sizeof old_tmp, dir, "save.tmp.AbC123");
    fx_path(new_tmp, sizeof new_tmp, dir, "save.tmp.XyZ789");
    fx_path(other, sizeof other, dir, "stats.tmp.AbC123");
    struct utimbuf old = {time(NULL) - 3600, time(NULL) - 3600};
    assert_int_equal(utime(old_tmp, &old), 0);
    assert_int_equal(utime(other, &old), 0);
    assert_int_equal(gin_file_write_atomic(path, "saved", 5), 0);
    struct stat st;
    assert_int_equal(stat(old_tmp, &st), -1); /* stale: swept */
    assert_int_equal(stat(new_tmp, &st), 0);  /* maybe a live writer's: kept */
    assert_int_equal(stat(other, &st), 0);    /* another file's: not ours to judge */
}

static void test_unusable_dir(void **state)
{
    store_fixture *f = *state;
    char bad[600], dir[GIN_PATH_MAX], why[512] = "";
    fx_write_text(f->root, "plainfile", "x");
    snprintf(bad, sizeof bad, "%s/plainfile/sub", f->root); /* under a file: cannot exist */
    setenv("XDG_STATE_HOME", bad, 1);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    assert_non_null(strstr(why, "cannot use"));
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_NO_DIR);
    assert_non_null(strstr(k.why, "cannot use"));
    gin_lock lk;
    gin_game_tally t = {.won = 1,
                        .hands = 1,
                        .hands_won = 1,
                        .gins = 0,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 100,
                        .rules = "standard"};
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), -1);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why), -1);
}

/* Issue 12 item 3: a second damaged file overwrote the first .bad. Each
 * quarantine takes a new name, and both contents are kept. */
static void test_quarantine_never_replaces(void **state)
{
    store_fixture *f = *state;
    const char *damage[] = {"first damaged statistics\n", "second, different damage\n", "third\n"};
    const char *names[] = {"stats.bad", "stats.bad.2", "stats.bad.3"};
    gin_kept k;
    gin_stats s;
    for (int i = 0; i < 3; i++) {
        fx_write_text(f->state, "stats", damage[i]);
        assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
        assert_true(fx_exists(f->state, "stats")); /* loading moves nothing */
        assert_int_equal(gin_kept_quarantine(&k), 0);
        assert_int_equal(k.state, GIN_KEPT_MOVED);
        assert_false(fx_exists(f->state, "stats"));
        assert_non_null(strstr(k.moved, names[i]));
        assert_non_null(strstr(k.why, names[i]));
        assert_non_null(strstr(k.why, "damaged"));
    }
    for (int i = 0; i < 3; i++) {
        char *text = fx_read(f->state, names[i], NULL);
        assert_non_null(text);
        assert_string_equal(text, damage[i]);
        free(text);
    }
    /* Only a damaged file is moved, and only the one that was read. */
    assert_int_equal(gin_kept_quarantine(&k), -1); /* MOVED: nothing to do */
    fx_write_text(f->state, "stats", "damaged again\n");
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
    fx_write_text(f->state, "stats.new", "# gin statistics v1\n");
    char from[GIN_PATH_MAX], to[GIN_PATH_MAX];
    fx_path(from, sizeof from, f->state, "stats.new");
    fx_path(to, sizeof to, f->state, "stats");
    assert_int_equal(rename(from, to), 0); /* a good one written since */
    assert_int_equal(gin_kept_quarantine(&k), -1);
    assert_true(fx_exists(f->state, "stats"));
    assert_false(fx_exists(f->state, "stats.bad.4"));
}

/* Run fn in a child that is killed if it takes more than 10 s: a test of
 * something that used to hang must fail, not hang. Returns the child's
 * exit status (0 = all its checks held). */
static int in_child_with_deadline(int (*fn)(void *), void *ctx)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(10);
        _exit(fn(ctx));
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    if (WIFSIGNALED(st))
        fail_msg("the child was killed by signal %d (%s): it hung", WTERMSIG(st),
                 WTERMSIG(st) == SIGALRM ? "still blocked after 10 s" : "crashed");
    return WEXITSTATUS(st);
}

/* Each kept file replaced by a FIFO: loaded as LEFT at once, reported as
 * a named pipe, left where it is, and never written over. */
static int load_fifos(void *ctx)
{
    const store_fixture *f = ctx;
    gin_kept k;
    gin_stats s;
    gin_settings set;
    static gin_record rec;
    gin_save_info info;
    char why[1200];
    if (gin_stats_load(&k, &s) != GIN_KEPT_LEFT || !strstr(k.why, "named pipe") || !strstr(k.why, "/stats"))
        return 1;
    gin_lock lk;
    gin_game_tally t = {.won = 1,
                        .hands = 1,
                        .hands_won = 1,
                        .gins = 0,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 100,
                        .rules = "standard"};
    if (gin_lock_take(&lk, why, sizeof why) != GIN_LOCK_TAKEN)
        return 2;
    if (gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why) != -1 ||
        !strstr(why, "named pipe"))
        return 3;
    if (gin_save_read(&k, &info, &rec, NULL) != GIN_KEPT_LEFT || !strstr(k.why, "named pipe"))
        return 4;
    if (gin_save_write(&k, &lk, &info, &rec, why, sizeof why) != -1 || gin_save_remove(&k, &lk) != -1)
        return 5;
    if (gin_settings_load(&k, &set, NULL, NULL, 0) != GIN_KEPT_LEFT || !strstr(k.why, "named pipe"))
        return 6;
    if (gin_settings_save(&k, &set, why, sizeof why) != -1)
        return 7;
    if (gin_kept_quarantine(&k) != -1)
        return 8;
    char path[GIN_PATH_MAX];
    const char *dirs[] = {f->state, f->state, f->config}, *names[] = {"stats", "save", "settings"};
    for (int i = 0; i < 3; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dirs[i], names[i]);
        if (lstat(path, &st) != 0 || !S_ISFIFO(st.st_mode))
            return 9; /* left where it was */
    }
    return 0;
}

/* Issue 12 item 6: a FIFO named save or stats hung gin forever in open(). */
static void test_fifo_is_left_alone_without_hanging(void **state)
{
    store_fixture *f = *state;
    char path[GIN_PATH_MAX];
    fx_mkdirs(f->state);
    fx_mkdirs(f->config);
    fx_path(path, sizeof path, f->state, "stats");
    assert_int_equal(mkfifo(path, 0600), 0);
    fx_path(path, sizeof path, f->state, "save");
    assert_int_equal(mkfifo(path, 0600), 0);
    fx_path(path, sizeof path, f->config, "settings");
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(in_child_with_deadline(load_fifos, f), 0);
}

/* Issue 12 item 7: a directory named stats (or save, settings) was called
 * damaged and renamed away with its contents. */
static void test_directory_in_place_of_a_file(void **state)
{
    store_fixture *f = *state;
    char sub[GIN_PATH_MAX], why[1200];
    fx_path(sub, sizeof sub, f->state, "stats");
    fx_write_text(sub, "precious", "the player's own file\n");
    fx_path(sub, sizeof sub, f->state, "save");
    fx_write_text(sub, "precious", "another\n");
    fx_path(sub, sizeof sub, f->config, "settings");
    fx_write_text(sub, "precious", "and another\n");
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "is a directory"));
    assert_null(strstr(k.why, "damaged"));
    assert_int_equal(gin_kept_quarantine(&k), -1);
    gin_lock lk;
    gin_game_tally t = {.won = 1,
                        .hands = 1,
                        .hands_won = 1,
                        .gins = 0,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 100,
                        .rules = "standard"};
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why), -1);
    gin_kept ks;
    static gin_record rec;
    gin_save_info info;
    assert_int_equal(gin_save_read(&ks, &info, &rec, NULL), GIN_KEPT_LEFT);
    assert_non_null(strstr(ks.why, "is a directory"));
    assert_int_equal(gin_save_remove(&ks, &lk), -1);
    gin_kept kc;
    gin_settings set;
    assert_int_equal(gin_settings_load(&kc, &set, NULL, NULL, 0), GIN_KEPT_LEFT);
    assert_int_equal(gin_settings_save(&kc, &set, why, sizeof why), -1);
    gin_lock_release(&lk);
    fx_path(sub, sizeof sub, f->state, "stats");
    assert_true(fx_exists(sub, "precious"));
    fx_path(sub, sizeof sub, f->state, "save");
    assert_true(fx_exists(sub, "precious"));
    fx_path(sub, sizeof sub, f->config, "settings");
    assert_true(fx_exists(sub, "precious"));
    assert_false(fx_exists(f->state, "stats.bad"));
    assert_false(fx_exists(f->state, "save.bad"));
    assert_false(fx_exists(f->config, "settings.bad"));
}

/* A symbolic link in place of a kept file is not followed: left alone. */
static void test_symlink_is_not_followed(void **state)
{
    store_fixture *f = *state;
    char target[GIN_PATH_MAX], link_path[GIN_PATH_MAX];
    fx_write_text(f->root, "elsewhere", "normal 1 1 1 1 0 0 1 120 1 1\n");
    fx_path(target, sizeof target, f->root, "elsewhere");
    fx_mkdirs(f->state);
    fx_path(link_path, sizeof link_path, f->state, "stats");
    assert_int_equal(symlink(target, link_path), 0);
    gin_kept k;
    gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LEFT);
    assert_non_null(strstr(k.why, "symbolic link"));
    assert_int_equal(s.n_rows, 0);
    struct stat st;
    assert_int_equal(lstat(link_path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
}

/* A file gin may not read: reported with the system's reason and left
 * alone, never written over. Run as an unprivileged user: root reads a
 * mode-000 file, so a root test run checks this as nobody (uid 65534). */
static int unreadable_case(void *ctx)
{
    (void)ctx;
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
        return 100; /* cannot drop root here */
    char root[] = "/tmp/gin-store-unreadable-XXXXXX", p[512], why[1200];
    if (!mkdtemp(root))
        return 101;
    snprintf(p, sizeof p, "%s/state", root);
    setenv("XDG_STATE_HOME", p, 1);
    if (mkdir(p, 0700) != 0)
        return 102;
    snprintf(p, sizeof p, "%s/state/gin", root);
    if (mkdir(p, 0700) != 0)
        return 102;
    snprintf(p, sizeof p, "%s/state/gin/stats", root);
    FILE *fp = fopen(p, "w");
    if (!fp || fputs("normal 2 1 9 5 1 0 2 150 0 1\n", fp) < 0 || fclose(fp) != 0 || chmod(p, 0) != 0)
        return 103;
    int rc = 0;
    gin_kept k;
    gin_stats s;
    gin_lock lk;
    gin_game_tally t = {.won = 1,
                        .hands = 1,
                        .hands_won = 1,
                        .gins = 0,
                        .undercuts = 0,
                        .knocks = 1,
                        .points = 100,
                        .rules = "standard"};
    if (gin_stats_load(&k, &s) != GIN_KEPT_LEFT)
        rc = 1;
    else if (!strstr(k.why, strerror(EACCES)) || strstr(k.why, "damaged"))
        rc = 2;
    else if (gin_lock_take(&lk, why, sizeof why) != GIN_LOCK_TAKEN)
        rc = 3;
    else if (gin_stats_record(&k, &lk, "normal", &t, "0000000000000001", NULL, why, sizeof why) != -1 ||
             gin_kept_quarantine(&k) != -1)
        rc = 4;
    struct stat st;
    if (!rc && (stat(p, &st) != 0 || (st.st_mode & 0777) != 0 || st.st_size == 0))
        rc = 5; /* still there, as it was */
    snprintf(p, sizeof p, "%s/state/gin/stats.bad", root);
    if (!rc && stat(p, &st) == 0)
        rc = 6;
    fx_rm_tree(root);
    return rc;
}

static void test_unreadable_file_is_left_alone(void **state)
{
    (void)state;
    int rc = in_child_with_deadline(unreadable_case, NULL);
    if (rc == 100) {
        print_message("kept: (running as root and cannot become uid 65534: the unreadable-file case is skipped)\n");
        skip();
    }
    assert_int_equal(rc, 0);
}

/* Issue 12 item 4: bytes a text format does not allow. */
static void test_text_check(void **state)
{
    (void)state;
    gin_text_fault fault;
    assert_int_equal(gin_kept_check_text("a b\tc\r\nd\n", 9, 0, &fault), 0);
    assert_int_equal(gin_kept_check_text("ab\ncd\0ef\n", 9, 0, &fault), 2);
    assert_int_equal(fault.line, 2);
    assert_non_null(strstr(fault.what, "NUL"));
    assert_int_equal(gin_kept_check_text("\x01", 1, 0, &fault), 1);
    assert_non_null(strstr(fault.what, "0x01"));
    assert_int_equal(gin_kept_check_text("\x7f", 1, 1, &fault), 1);
    assert_int_equal(gin_kept_check_text("caf\xc3\xa9\n", 6, 0, &fault), 1); /* ASCII only */
    assert_int_equal(gin_kept_check_text("caf\xc3\xa9\n", 6, 1, &fault), 0); /* UTF-8 allowed */
    assert_int_equal(gin_kept_check_text("\xc3", 1, 1, &fault), 1);          /* cut short */
    assert_int_equal(gin_kept_check_text("\xc0\xaf", 2, 1, &fault), 1);      /* overlong */
    assert_int_equal(gin_kept_check_text("\xed\xa0\x80", 3, 1, &fault), 1);  /* a surrogate */
    assert_int_equal(gin_kept_check_text("\xff", 1, 1, &fault), 1);
    assert_int_equal(gin_kept_check_text("", 0, 0, NULL), 0);
}

/* Issue 12 item 16: numbers parsed with range checks (no sscanf %d). */
static void test_text_number(void **state)
{
    (void)state;
    long long v = 7;
    assert_int_equal(gin_kept_number("0", 0, 1, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(gin_kept_number("-1", -1, 1, &v), 0);
    assert_int_equal(v, -1);
    const char *bad[] = {"", "-", "+1", " 1", "1 ", "1x", "0x10", "2", "-2", "4294967296", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 7;
        assert_int_equal(gin_kept_number(bad[i], -1, 1, &v), -1);
        assert_int_equal(v, 7);
    }
    assert_int_equal(gin_kept_number("9223372036854775807", 0, INT64_MAX, &v), 0);
    assert_int_equal(gin_kept_number("9223372036854775808", 0, INT64_MAX, &v), -1);
    char q[64];
    assert_string_equal(gin_kept_quote("a\nb\xff", 4, 16, q, sizeof q), "'a\\x0ab\\xff'");
    assert_string_equal(gin_kept_quote("abcdef", 6, 3, q, sizeof q), "'abc...'");
}

/* A file larger than its kind may be is damaged, not read in part. */
static void test_oversized_file_is_damaged(void **state)
{
    store_fixture *f = *state;
    static char big[(1 << 17) + 10];
    memset(big, '#', sizeof big);
    big[sizeof big - 1] = '\n';
    fx_write(f->state, "stats", big, sizeof big);
    gin_kept k;
    static gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "larger than 131072 bytes"));
    fx_write(f->state, "stats", big, 1 << 17); /* exactly the most: read, judged */
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 1: line too long"));
}

/* The steps a kept file's write or removal takes, in order. */
static char steps[16][GIN_PATH_MAX + 16];
static int n_steps;

static int accept_any(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    (void)ctx, (void)text, (void)len, (void)fault;
    return 0;
}

static int record_step(const char *step, const char *path)
{
    if (n_steps < 16)
        snprintf(steps[n_steps++], sizeof steps[0], "%s %s", step, path);
    return 0;
}

/* Issue 29: the save's removal was not followed by an fsync of its
 * directory (a power cut could bring a finished game's save back). */
static void test_removal_is_synced(void **state)
{
    store_fixture *f = *state;
    gin_kept k;
    char path[GIN_PATH_MAX], want[2][GIN_PATH_MAX + 16];
    fx_write_text(f->state, "thing", "x\n");
    assert_int_equal(gin_kept_load(&k, GIN_DIR_STATE, "thing", "a thing", 100, accept_any, NULL), GIN_KEPT_LOADED);
    gin_file_fault = record_step;
    n_steps = 0;
    assert_int_equal(gin_kept_remove(&k), 0);
    gin_file_fault = NULL;
    fx_path(path, sizeof path, f->state, "thing");
    snprintf(want[0], sizeof want[0], "unlink %s", path);
    snprintf(want[1], sizeof want[1], "sync %s", f->state);
    assert_int_equal(n_steps, 2);
    assert_string_equal(steps[0], want[0]);
    assert_string_equal(steps[1], want[1]);
    assert_false(fx_exists(f->state, "thing"));
}

/* Never written without a load first (a zeroed gin_kept refuses). */
static void test_zeroed_kept_refuses(void **state)
{
    (void)state;
    gin_kept k;
    memset(&k, 0, sizeof k);
    char why[1200];
    assert_int_equal(gin_kept_writable(&k), 0);
    assert_int_equal(gin_kept_write(&k, "x", 1, why, sizeof why), -1);
    assert_int_equal(gin_kept_remove(&k), -1);
    assert_int_equal(gin_kept_quarantine(&k), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_dir_created_0700, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_nonexistent_home_is_not_created, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_atomic_write, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_stale_temps_swept, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_unusable_dir, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_quarantine_never_replaces, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_fifo_is_left_alone_without_hanging, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_directory_in_place_of_a_file, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_symlink_is_not_followed, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_unreadable_file_is_left_alone, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_oversized_file_is_damaged, fx_setup, fx_teardown),
        cmocka_unit_test(test_text_check),
        cmocka_unit_test(test_text_number),
        cmocka_unit_test(test_zeroed_kept_refuses),
        cmocka_unit_test_setup_teardown(test_removal_is_synced, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
