/* Kept state: atomic writes, damaged files moved aside, statistics,
 * settings and the saved game round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>
#include "atomic_file.h"
#include "gin/rules.h"
#include "gin/game.h"
#include "gin/record.h"
#include "play.h"
#include "save.h"
#include "settings.h"
#include "stats.h"

static char root[256];

static int setup(void **state)
{
    (void)state;
    snprintf(root, sizeof root, "/tmp/gin-test-state-XXXXXX");
    if (!mkdtemp(root))
        return -1;
    char s[300], c[300];
    snprintf(s, sizeof s, "%s/state", root);
    snprintf(c, sizeof c, "%s/config", root);
    setenv("XDG_STATE_HOME", s, 1);
    setenv("XDG_CONFIG_HOME", c, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_raw(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_dir_created_0700(void **state)
{
    (void)state;
    char dir[GIN_PATH_MAX], why[256];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_non_null(strstr(dir, "/state/gin"));
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
}

static void test_atomic_write(void **state)
{
    (void)state;
    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], why[256];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "x"), 0);
    assert_int_equal(gin_file_write_atomic(path, "old", 3), 0);
    assert_int_equal(gin_file_write_atomic(path, "new text", 8), 0);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(gin_file_read_all(path, 1 << 16, &text, &len), 1);
    assert_int_equal(len, 8);
    assert_string_equal(text, "new text");
    free(text);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    /* No temporary left behind. */
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)))
        assert_null(strstr(e->d_name, ".tmp."));
    closedir(d);
    /* A missing file reads as "none", not an error. */
    assert_int_equal(gin_path_join(path, sizeof path, dir, "missing"), 0);
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
    assert_int_equal(gin_path_join(path, sizeof path, dir, "save"), 0);
    assert_int_equal(gin_path_join(old_tmp, sizeof old_tmp, dir, "save.tmp.AbC123"), 0);
    assert_int_equal(gin_path_join(new_tmp, sizeof new_tmp, dir, "save.tmp.XyZ789"), 0);
    assert_int_equal(gin_path_join(other, sizeof other, dir, "stats.tmp.AbC123"), 0);
    const char *files[] = {old_tmp, new_tmp, other};
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(files[i], "w");
        assert_non_null(f);
        fclose(f);
    }
    struct utimbuf old = {time(NULL) - 3600, time(NULL) - 3600};
    assert_int_equal(utime(old_tmp, &old), 0);
    assert_int_equal(utime(other, &old), 0);
    assert_int_equal(gin_file_write_atomic(path, "saved", 5), 0);
    struct stat st;
    assert_int_equal(stat(old_tmp, &st), -1); /* stale: swept */
    assert_int_equal(stat(new_tmp, &st), 0);  /* maybe a live writer's: kept */
    assert_int_equal(stat(other, &st), 0);    /* another file's: not ours to judge */
    unlink(new_tmp);
    unlink(other);
}

static void test_unusable_dir(void **state)
{
    (void)state;
    char file[300], bad[320], dir[GIN_PATH_MAX], why[256] = "";
    snprintf(file, sizeof file, "%s/plainfile", root);
    write_raw(file, "x");
    snprintf(bad, sizeof bad, "%s/sub", file); /* under a file: cannot exist */
    char *old = strdup(getenv("XDG_STATE_HOME"));
    setenv("XDG_STATE_HOME", bad, 1);
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), -1);
    assert_true(strlen(why) > 0);
    gin_stats s;
    assert_int_equal(gin_stats_save(&s, why, sizeof why), -1);
    setenv("XDG_STATE_HOME", old, 1);
    free(old);
}

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
    char why[256];
    assert_int_equal(gin_stats_save(&s, why, sizeof why), 0);
    assert_int_equal(gin_stats_load(&t, why, sizeof why), 0);
    char a[1024], b[1024];
    assert_true(gin_stats_format(&s, a, sizeof a) > 0);
    assert_true(gin_stats_format(&t, b, sizeof b) > 0);
    assert_string_equal(a, b);
    assert_int_equal(t.level[2].best_streak, 2);
    char table[2048];
    assert_true(gin_stats_table(&t, table, sizeof table) > 0);
    assert_non_null(strstr(table, "hard"));
    assert_non_null(strstr(table, "75%"));
    assert_non_null(strstr(table, "145.0"));
}

static void test_stats_damaged_moved_aside(void **state)
{
    (void)state;
    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], bad[GIN_PATH_MAX + 8], why[512];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "stats"), 0);
    write_raw(path, "normal 3 9 garbage\n");
    snprintf(bad, sizeof bad, "%s.bad", path);
    gin_stats s;
    assert_int_equal(gin_stats_load(&s, why, sizeof why), -1);
    assert_non_null(strstr(why, "damaged"));
    assert_true(exists(bad));
    assert_false(exists(path));
    assert_int_equal(s.level[1].games, 0);
    /* Wins above games is damage too, not silently accepted. */
    gin_stats t;
    assert_int_not_equal(gin_stats_parse(&t, "easy 1 2 0 0 0 0 0 0 0 0\n"), 0);
}

static void test_settings_round_trip(void **state)
{
    (void)state;
    gin_settings s, t;
    gin_settings_default(&s);
    snprintf(s.level, sizeof s.level, "expert");
    snprintf(s.rules, sizeof s.rules, "oklahoma");
    s.target = 150;
    s.four_color = 1;
    s.hollywood = 1;
    char why[512];
    assert_int_equal(gin_settings_save(&s, why, sizeof why), 0);
    assert_int_equal(gin_settings_load(&t, why, sizeof why), 0);
    assert_memory_equal(&s, &t, sizeof s);
    /* Damaged: defaults, reported, moved aside. */
    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], bad[GIN_PATH_MAX + 8];
    assert_int_equal(gin_dir_path(GIN_DIR_CONFIG, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "settings"), 0);
    write_raw(path, "level = expert\ntarget = lots\n");
    assert_int_equal(gin_settings_load(&t, why, sizeof why), -1);
    assert_string_equal(t.level, "normal");
    assert_non_null(strstr(why, "line 2"));
    snprintf(bad, sizeof bad, "%s.bad", path);
    assert_true(exists(bad));
}

static void test_save_round_trip_and_damage(void **state)
{
    (void)state;
    static gin_record rec, back;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    gin_record_init(&rec, &r, 12345);
    gin_save_info info = {"hard", 1, 0}, got;
    char why[512];
    assert_int_equal(gin_save_write(&info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&got, &back, why, sizeof why), 1);
    assert_string_equal(got.level, "hard");
    assert_int_equal(got.practice, 1);
    assert_true(back.seed == 12345);
    assert_int_equal(gin_save_remove(), 0);
    assert_int_equal(gin_save_read(&got, &back, why, sizeof why), 0);

    char dir[GIN_PATH_MAX], path[GIN_PATH_MAX], bad[GIN_PATH_MAX + 8];
    assert_int_equal(gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why), 0);
    assert_int_equal(gin_path_join(path, sizeof path, dir, "save"), 0);
    write_raw(path, "gin-save 1\nlevel hard\npractice 0\nhuman 0\n\nnot a record\n");
    assert_int_equal(gin_save_read(&got, &back, why, sizeof why), -1);
    assert_non_null(strstr(why, "damaged"));
    snprintf(bad, sizeof bad, "%s.bad", path);
    assert_true(exists(bad));
    assert_false(exists(path));
}

/* Players: remembered (2-4), an old file without the key means two, a bad
 * count is damage; the rules a ring plays. */
static void test_settings_players(void **state)
{
    (void)state;
    gin_settings s, t;
    gin_settings_default(&s);
    assert_int_equal(s.players, 2);
    s.players = 4;
    char why[512];
    assert_int_equal(gin_settings_save(&s, why, sizeof why), 0);
    assert_int_equal(gin_settings_load(&t, why, sizeof why), 0);
    assert_int_equal(t.players, 4);
    gin_settings_default(&t);
    assert_int_equal(gin_settings_parse(&t, "level = hard\nrules = classic\n"), 0);
    assert_int_equal(t.players, 2);
    assert_int_equal(gin_settings_parse(&t, "players = 5\n"), 1);
    assert_int_equal(gin_settings_parse(&t, "players = 1\n"), 1);

    gin_rules two, std, table;
    gin_settings_default(&s);
    assert_int_equal(gin_play_rules(&s, &two, NULL), 0);
    assert_int_equal(gin_rules_preset("standard", &std), 0);
    assert_int_equal(two.seats, 2);
    assert_string_equal(two.name, "standard");
    assert_int_equal(two.undercut_penalty, std.undercut_penalty);
    s.players = 3;
    s.hollywood = 1; /* Hollywood is for two: a ring plays without it */
    assert_int_equal(gin_play_rules(&s, &table, NULL), 0);
    assert_int_equal(table.seats, 3);
    assert_int_equal(table.undercut_penalty, 10);
    assert_int_equal(table.hollywood, 0);
    char label[96];
    gin_play_rules_label(&table, label, sizeof label);
    assert_string_equal(label, "standard");
    s.hollywood = -1;
    s.target = 150;
    assert_int_equal(gin_play_rules(&s, &table, NULL), 0);
    gin_play_rules_label(&table, label, sizeof label);
    assert_string_equal(label, "standard, target 150"); /* the preset and what changed, never "custom" */
    /* classic with a hand limit: the preset stays named */
    gin_rules classic;
    assert_int_equal(gin_rules_preset("classic", &classic), 0);
    assert_int_equal(gin_rules_set(&classic, "max-hands", "2", NULL), 0);
    assert_string_equal(classic.name, "custom");
    gin_play_rules_label(&classic, label, sizeof label);
    assert_string_equal(label, "classic, max-hands 2");
    assert_int_equal(gin_rules_set(&classic, "gin-bonus", "20", NULL), 0);
    assert_int_equal(gin_rules_set(&classic, "knock", "7", NULL), 0);
    gin_play_rules_label(&classic, label, sizeof label);
    assert_string_equal(label, "classic + 3 changes");
}

/* A saved table game keeps its seats: the record carries them, and the
 * replay gives back the same game. */
static void test_save_table_game(void **state)
{
    (void)state;
    static gin_record rec, back;
    static gin_game g, again;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    assert_int_equal(gin_rules_ring(&r, 3), 0);
    gin_record_init(&rec, &r, 777);
    assert_int_equal(gin_game_init(&g, &r, 777), 0);
    assert_int_equal(gin_game_deal(&g, NULL, NULL), 0);
    /* A few legal moves: the first legal action each time. */
    for (int i = 0; i < 12 && g.hand.phase != GIN_PHASE_OVER; i++) {
        gin_action a[64];
        assert_true(gin_hand_legal(&g.hand, a, 64) > 0);
        assert_int_equal(gin_game_apply(&g, a[0], NULL, NULL), 0);
        assert_int_equal(gin_record_add(&rec, a[0]), 0);
    }
    gin_save_info info = {"easy", 0, 0}, got;
    char why[512];
    assert_int_equal(gin_save_write(&info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&got, &back, why, sizeof why), 1);
    assert_int_equal(back.rules.seats, 3);
    assert_int_equal(back.rules.undercut_penalty, 10);
    int err = 0;
    assert_int_equal(gin_record_replay(&back, &again, NULL, NULL, &err), 0);
    assert_int_equal(again.rules.seats, 3);
    assert_int_equal(again.hand.turn, g.hand.turn);
    for (int s2 = 0; s2 < 3; s2++)
        assert_true(again.hand.held[s2] == g.hand.held[s2]);
    assert_int_equal(gin_save_remove(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dir_created_0700),    cmocka_unit_test(test_atomic_write),
        cmocka_unit_test(test_stale_temps_swept),   cmocka_unit_test(test_unusable_dir),
        cmocka_unit_test(test_stats_round_trip),    cmocka_unit_test(test_stats_damaged_moved_aside),
        cmocka_unit_test(test_settings_round_trip), cmocka_unit_test(test_save_round_trip_and_damage),
        cmocka_unit_test(test_settings_players),    cmocka_unit_test(test_save_table_game),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
