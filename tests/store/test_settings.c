/* The settings (src/store/settings.c): round trips, bad lines reported
 * and ignored, damage. */
#include "fixture.h"

#include "gin/error.h"
#include "gin/rules.h"
#include "settings.h"

/* The bots this test's table plays (the real table asks the catalogue of
 * opponents): "collector" plays the part of a newer gin's bot. */
static int known_level(const char *name)
{
    static const char *const names[] = {"easy", "normal", "hard", "expert", "eager", "waiter", "hoarder", "blocker"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
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
    s.players = 4;
    gin_kept k;
    char why[1200], notes[2048];
    assert_int_equal(gin_settings_load(&k, &t, known_level, notes, sizeof notes), GIN_KEPT_ABSENT);
    gin_settings def;
    gin_settings_default(&def);
    assert_memory_equal(&t, &def, sizeof t);
    assert_string_equal(def.level, "normal");
    assert_string_equal(def.rules, "standard");
    assert_int_equal(def.players, 2);
    assert_int_equal(gin_settings_save(&k, &s, why, sizeof why), 0);
    assert_int_equal(gin_settings_load(&k, &t, known_level, notes, sizeof notes), GIN_KEPT_LOADED);
    assert_memory_equal(&s, &t, sizeof s);
    assert_string_equal(notes, "");
    /* An old file without a key keeps that key's default. */
    gin_settings_default(&t);
    assert_int_equal(
        gin_settings_parse(&t, "level = hard\nrules = classic\n", 29, "f", known_level, notes, sizeof notes, NULL), 0);
    assert_string_equal(t.level, "hard");
    assert_string_equal(t.rules, "classic");
    assert_int_equal(t.players, 2);
    assert_string_equal(notes, "");
    /* The preset's name as the core spells it. */
    assert_int_equal(gin_settings_parse(&t, "rules = Classic\n", 16, "f", known_level, notes, sizeof notes, NULL), 0);
    assert_string_equal(t.rules, "classic");
}

/* Issue 12 item 8: settings that parse but are out of range stopped the
 * table ("bad rules in the settings", exit 2, the file not named). Each
 * bad line is reported with the file and line and ignored; the rest of
 * the file still applies, and what is loaded always makes a rule set. */
static void test_bad_settings_are_reported_and_ignored(void **state)
{
    store_fixture *f = *state;
    const char *text = "# mine\n"                 /* 1 */
                       "level = expert\n"         /* 2 */
                       "rules = nope\n"           /* 3 */
                       "target = 50000\n"         /* 4 */
                       "players = 9\n"            /* 5 */
                       "sort = 2\n"               /* 6 */
                       "levle = hard\n"           /* 7: a typo */
                       "four-color = yes\n"       /* 8 */
                       "just words\n"             /* 9 */
                       "fast = 1\n"               /* 10 */
                       "hollywood = 4294967297\n" /* 11 */
                       "rules = classic\n"        /* 12 */
                       "rules = zzz\n"            /* 13 */
                       "level = Hard\n";          /* 14 */
    fx_write_text(f->config, "settings", text);
    gin_kept k;
    gin_settings s;
    char notes[4096], path[GIN_PATH_MAX], want[GIN_PATH_MAX + 200];
    assert_int_equal(gin_settings_load(&k, &s, known_level, notes, sizeof notes), GIN_KEPT_LOADED);
    assert_string_equal(s.level, "expert");
    assert_string_equal(s.rules, "classic");
    assert_int_equal(s.target, 0);
    assert_int_equal(s.players, 2);
    assert_int_equal(s.sort, 2);
    assert_int_equal(s.four_color, 0);
    assert_int_equal(s.speed, GIN_SPEED_INSTANT); /* an older file's fast = 1 */
    assert_int_equal(s.hollywood, -1);
    fx_path(path, sizeof path, f->config, "settings");
    snprintf(want, sizeof want, "%s:3: unknown rules 'nope' (%s); the default (standard) stands", path,
             gin_rules_preset_names());
    if (!strstr(notes, want))
        fail_msg("no '%s' in:\n%s", want, notes);
    const char *said[] = {":4: bad target '50000' (target: must be 1 to 10000); the default (the preset's) stands",
                          ":5: bad players '9' (a whole number from 2 to 4); the default (2) stands",
                          ":7: unknown setting 'levle'; ignored",
                          ":8: bad four-color 'yes'",
                          ":9: not a 'key = value' line: 'just words'; ignored",
                          ":11: bad hollywood '4294967297'",
                          ":13: unknown rules 'zzz'",
                          "; classic from an earlier line stands",
                          ":14: unknown level 'Hard'"};
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++) {
        snprintf(want, sizeof want, "%s%s", said[i][0] == ':' ? path : "", said[i]);
        if (!strstr(notes, want))
            fail_msg("no '%s' in:\n%s", want, notes);
    }
    /* one line each, nothing about the good lines */
    int lines = 1;
    for (const char *p = notes; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 9);
    gin_rules r;
    assert_int_equal(gin_settings_rules(&s, &r, NULL), GIN_OK);
    assert_string_equal(r.name, "classic");
    /* The file is not touched by loading. */
    char *now = fx_read(f->config, "settings", NULL);
    assert_non_null(now);
    assert_string_equal(now, text);
    free(now);
}

/* Many bad lines: the notes stay bounded and say how many more. */
static void test_many_bad_lines(void **state)
{
    (void)state;
    static char text[20000];
    size_t n = 0;
    for (int i = 0; i < 500; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "sort = %d\n", 10 + i);
    gin_settings s;
    gin_settings_default(&s);
    char notes[1024];
    assert_int_equal(gin_settings_parse(&s, text, n, "settings", known_level, notes, sizeof notes, NULL), 0);
    assert_true(strlen(notes) < sizeof notes);
    assert_non_null(strstr(notes, "more lines like these)"));
    assert_int_equal(s.sort, 0);
}

/* Issue 12 items 4 and 8: a settings file with a NUL or binary bytes is
 * damaged: the defaults, reported once, moved aside whole. UTF-8 text (a
 * comment in the player's language) is fine. */
static void test_binary_settings_are_damaged(void **state)
{
    store_fixture *f = *state;
    static const char text[] = "level = hard\nrules = classic\0\nsort = 2\n";
    fx_write(f->config, "settings", text, sizeof text - 1);
    gin_kept k;
    gin_settings s;
    char notes[1024], why[1200];
    assert_int_equal(gin_settings_load(&k, &s, known_level, notes, sizeof notes), GIN_KEPT_DAMAGED);
    assert_string_equal(s.level, "normal"); /* not half-read */
    assert_int_equal(s.sort, 0);
    assert_non_null(strstr(k.why, "line 2"));
    assert_non_null(strstr(k.why, "NUL"));
    assert_int_equal(gin_settings_save(&k, &s, why, sizeof why), -1); /* not over it */
    assert_int_equal(gin_kept_quarantine(&k), 0);
    size_t len = 0;
    char *moved = fx_read(f->config, "settings.bad", &len);
    assert_non_null(moved);
    assert_int_equal(len, sizeof text - 1);
    assert_memory_equal(moved, text, len);
    free(moved);
    assert_int_equal(gin_settings_save(&k, &s, why, sizeof why), 0);

    gin_settings_default(&s);
    assert_int_equal(gin_settings_parse(&s, "sort = 1\n\x1b[31m\n", 15, "f", known_level, notes, sizeof notes, NULL),
                     2);
    assert_int_equal(s.sort, 0); /* unchanged */
    assert_int_equal(gin_settings_parse(&s, "\xff\xfe=\n", 4, "f", known_level, notes, sizeof notes, NULL), 1);
    const char *utf8 = "# réglages — à mon goût\nlevel = easy\n";
    assert_int_equal(gin_settings_parse(&s, utf8, strlen(utf8), "f", known_level, notes, sizeof notes, NULL), 0);
    assert_string_equal(s.level, "easy");
    /* A UTF-8 value is a bad value, quoted escaped. */
    const char *word = "level = ésy\n";
    assert_int_equal(gin_settings_parse(&s, word, strlen(word), "f", known_level, notes, sizeof notes, NULL), 0);
    assert_non_null(strstr(notes, "f:1: unknown level '\\xc3\\xa9sy'"));
}

/* gin_settings_rules is the rule set the table plays from settings. */
static void test_settings_rules(void **state)
{
    (void)state;
    gin_settings s;
    gin_rules two, std, ring;
    gin_settings_default(&s);
    assert_int_equal(gin_settings_rules(&s, &two, NULL), GIN_OK);
    assert_int_equal(gin_rules_preset("standard", &std), GIN_OK);
    assert_int_equal(two.seats, 2);
    assert_string_equal(two.name, "standard");
    s.players = 3;
    s.hollywood = 1; /* Hollywood is for two: a ring plays without it */
    assert_int_equal(gin_settings_rules(&s, &ring, NULL), GIN_OK);
    assert_int_equal(ring.seats, 3);
    assert_int_equal(ring.undercut_penalty, 10);
    assert_int_equal(ring.hollywood, 0);
    s.target = 50000;
    const char *why = NULL;
    assert_int_equal(gin_settings_rules(&s, &ring, &why), GIN_ERULES);
    assert_non_null(why);
}

/* Issue 26: the coach's settings: on request by default (threshold 5, no
 * nudge), read and written back, bad values reported and ignored. */
static void test_coach_settings(void **state)
{
    (void)state;
    gin_settings s, t;
    char notes[2048], buf[1024];
    gin_settings_default(&s);
    assert_int_equal(s.coach, GIN_COACH_ON_REQUEST);
    assert_int_equal(s.coach_threshold, 5);
    assert_int_equal(s.nudge, 0);
    const char *text = "coach = 2\ncoach-threshold = 10\nnudge = 1\n";
    assert_int_equal(gin_settings_parse(&s, text, strlen(text), "f", known_level, notes, sizeof notes, NULL), 0);
    assert_string_equal(notes, "");
    assert_int_equal(s.coach, GIN_COACH_OVER);
    assert_int_equal(s.coach_threshold, 10);
    assert_int_equal(s.nudge, 1);
    int n = gin_settings_format(&s, buf, sizeof buf);
    assert_true(n > 0);
    assert_non_null(strstr(buf, "\ncoach = 2\ncoach-threshold = 10\nnudge = 1\n"));
    gin_settings_default(&t);
    assert_int_equal(gin_settings_parse(&t, buf, (size_t)n, "f", known_level, notes, sizeof notes, NULL), 0);
    assert_memory_equal(&s, &t, sizeof s);
    const char *bad = "coach = 3\ncoach-threshold = 0\nnudge = 2\n";
    gin_settings_default(&t);
    assert_int_equal(gin_settings_parse(&t, bad, strlen(bad), "f", known_level, notes, sizeof notes, NULL), 0);
    assert_non_null(strstr(notes, "f:1: bad coach '3'"));
    assert_non_null(strstr(notes, "f:2: bad coach-threshold '0'"));
    assert_non_null(strstr(notes, "f:3: bad nudge '2'"));
    assert_int_equal(t.coach, GIN_COACH_ON_REQUEST);
    assert_int_equal(t.coach_threshold, 5);
    assert_int_equal(t.nudge, 0);
}

/* Issue 17: four speeds and the mouse. An older file's boolean fast is
 * still read (1 instant, 0 normal); a speed line wins over it wherever it
 * stands; gin writes both, so an older gin keeps its pauses. */
static void test_speed_and_mouse(void **state)
{
    (void)state;
    gin_settings s, t;
    char notes[2048], buf[1024];
    gin_settings_default(&s);
    assert_int_equal(s.speed, GIN_SPEED_NORMAL);
    assert_int_equal(s.mouse, 1);
    static const struct {
        const char *text;
        int speed;
    } cases[] = {
        {"fast = 1\n", GIN_SPEED_INSTANT},
        {"fast = 0\n", GIN_SPEED_NORMAL},
        {"speed = slow\n", GIN_SPEED_SLOW},
        {"speed = fast\nfast = 0\n", GIN_SPEED_FAST}, /* speed wins, after it too */
        {"fast = 1\nspeed = slow\n", GIN_SPEED_SLOW},
        {"speed = instant\n", GIN_SPEED_INSTANT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gin_settings_default(&t);
        assert_int_equal(
            gin_settings_parse(&t, cases[i].text, strlen(cases[i].text), "f", known_level, notes, sizeof notes, NULL),
            0);
        if (t.speed != cases[i].speed || notes[0])
            fail_msg("case %zu: speed %d, notes '%s'", i, t.speed, notes);
    }
    gin_settings_default(&t);
    const char *bad = "speed = ludicrous\nmouse = 2\nmouse = 0\n";
    assert_int_equal(gin_settings_parse(&t, bad, strlen(bad), "f", known_level, notes, sizeof notes, NULL), 0);
    assert_non_null(
        strstr(notes, "f:1: unknown speed 'ludicrous' (slow, normal, fast, instant); the default (normal) stands"));
    assert_non_null(strstr(notes, "f:2: bad mouse '2'"));
    assert_int_equal(t.speed, GIN_SPEED_NORMAL);
    assert_int_equal(t.mouse, 0);
    /* Round trips, with fast written for older gins. */
    for (int sp = 0; sp < GIN_SPEEDS; sp++) {
        gin_settings_default(&s);
        s.speed = sp;
        s.mouse = sp & 1;
        int n = gin_settings_format(&s, buf, sizeof buf);
        assert_true(n > 0);
        char want[64];
        snprintf(want, sizeof want, "speed = %s\n", gin_settings_speed_name(sp));
        assert_non_null(strstr(buf, want));
        assert_non_null(strstr(buf, sp == GIN_SPEED_INSTANT ? "\nfast = 1\n" : "\nfast = 0\n"));
        gin_settings_default(&t);
        assert_int_equal(gin_settings_parse(&t, buf, (size_t)n, "f", known_level, notes, sizeof notes, NULL), 0);
        assert_string_equal(notes, "");
        assert_memory_equal(&s, &t, sizeof s);
    }
    assert_int_equal(gin_settings_speed_index("Fast"), -1);
    assert_string_equal(gin_settings_speed_name(9), "?");
}

/* Issue 29: rewriting the settings dropped the keys this gin does not
 * know (a newer gin's) and the lines it cannot read. They are kept as they
 * were; a line of a key of ours whose value this gin does not take stays
 * after our line (the newer gin, reading the last line of a key, finds its
 * value again) until the player changes that setting. */
static void test_rewriting_keeps_what_it_does_not_know(void **state)
{
    store_fixture *f = *state;
    static const char text[] = "level = collector\n"
                               "theme = dark\n"
                               "rules = classic\n"
                               "this is not a setting\n"
                               "  coach-depth=3  \n"
                               "sort = 9\n";
    fx_write_text(f->config, "settings", text);
    gin_kept k;
    gin_settings s;
    char notes[2048], why[1200];
    assert_int_equal(gin_settings_load(&k, &s, known_level, notes, sizeof notes), GIN_KEPT_LOADED);
    assert_string_equal(s.level, "normal"); /* not one of ours: the default stands */
    assert_string_equal(s.rules, "classic");
    assert_int_equal(s.n_kept, 5);
    s.speed = GIN_SPEED_FAST; /* the player changes something else */
    assert_int_equal(gin_settings_save(&k, &s, why, sizeof why), 0);
    char *now = fx_read(f->config, "settings", NULL);
    assert_non_null(now);
    assert_non_null(strstr(now, "\nlevel = normal\nlevel = collector\nrules = classic\n"));
    assert_non_null(strstr(now, "\nsort = 0\nsort = 9\n"));
    assert_non_null(strstr(now, "\ntheme = dark\n"));
    assert_non_null(strstr(now, "\nthis is not a setting\n"));
    assert_non_null(strstr(now, "\n  coach-depth=3  \n"));
    assert_non_null(strstr(now, "\nspeed = fast\n"));
    free(now);
    /* Read again: the same, and the same kept lines (not twice). */
    assert_int_equal(gin_settings_load(&k, &s, known_level, notes, sizeof notes), GIN_KEPT_LOADED);
    assert_int_equal(s.speed, GIN_SPEED_FAST);
    assert_int_equal(s.n_kept, 5);
    /* The player picks a level: the newer gin's line goes, the rest stays. */
    snprintf(s.level, sizeof s.level, "hard");
    assert_int_equal(gin_settings_save(&k, &s, why, sizeof why), 0);
    now = fx_read(f->config, "settings", NULL);
    assert_non_null(now);
    assert_non_null(strstr(now, "\nlevel = hard\nrules = classic\n"));
    assert_null(strstr(now, "collector"));
    assert_non_null(strstr(now, "\ntheme = dark\n"));
    assert_non_null(strstr(now, "\nsort = 0\nsort = 9\n"));
    free(now);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_settings_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_bad_settings_are_reported_and_ignored, fx_setup, fx_teardown),
        cmocka_unit_test(test_many_bad_lines),
        cmocka_unit_test_setup_teardown(test_binary_settings_are_damaged, fx_setup, fx_teardown),
        cmocka_unit_test(test_settings_rules),
        cmocka_unit_test(test_speed_and_mouse),
        cmocka_unit_test(test_coach_settings),
        cmocka_unit_test_setup_teardown(test_rewriting_keeps_what_it_does_not_know, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
