/* The table's kept state through its own types: the rules a settings
 * block gives the table (gin_play_rules). The store's own behaviour (kept
 * files, the lock, statistics, settings, the saved game) is tested in
 * tests/store/. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "gin/rules.h"
#include "play.h"
#include "settings.h"

/* Why a game is not saved names the cause: a game past what a record
 * holds is told as such, not as a broken state directory. */
static void test_why_unsaved(void **state)
{
    (void)state;
    static gin_play p;
    memset(&p, 0, sizeof p);
    assert_string_equal(gin_play_why_unsaved(&p), "the state directory cannot be used");
    p.files.too_long = 1;
    assert_string_equal(gin_play_why_unsaved(&p), "it is longer than a save can hold");
}

/* Players: the rules a ring plays; the table's rules are the store's
 * (gin_settings_rules), so what the settings file loads always plays. */
static void test_settings_players(void **state)
{
    (void)state;
    gin_settings s;
    gin_rules two, std, table;
    gin_settings_default(&s);
    assert_int_equal(gin_settings_rules(&s, &two, NULL), 0);
    assert_int_equal(gin_rules_preset("standard", &std), 0);
    assert_int_equal(two.seats, 2);
    assert_string_equal(two.name, "standard");
    assert_int_equal(two.undercut_penalty, std.undercut_penalty);
    s.players = 3;
    s.hollywood = 1; /* Hollywood is for two: a ring plays without it */
    assert_int_equal(gin_settings_rules(&s, &table, NULL), 0);
    assert_int_equal(table.seats, 3);
    assert_int_equal(table.undercut_penalty, 10);
    assert_int_equal(table.hollywood, 0);
    char label[96];
    gin_play_rules_label(&table, label, sizeof label);
    assert_string_equal(label, "standard");
    s.hollywood = -1;
    s.target = 150;
    assert_int_equal(gin_settings_rules(&s, &table, NULL), 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_why_unsaved),
        cmocka_unit_test(test_settings_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
