/* Rule options on the command line: preset, knob overrides, argv compaction. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "rules_args.h"

static int run(char **argv, int *argc, gin_rules *r, int *given, char *err)
{
    *argc = 0;
    while (argv[*argc])
        (*argc)++;
    return gin_rules_args("gin test", argc, argv, NULL, r, given, err, 256);
}

static void test_default_and_untouched(void **state)
{
    (void)state;
    char *argv[] = {"sim", "--p1", "hard", "--games", "10", NULL};
    int argc, given = -1;
    gin_rules r;
    char err[256];
    assert_int_equal(run(argv, &argc, &r, &given, err), 0);
    assert_string_equal(r.name, "standard");
    assert_int_equal(given, 0);
    assert_int_equal(argc, 5);
    assert_string_equal(argv[3], "--games");
}

static void test_preset_then_knobs_in_any_order(void **state)
{
    (void)state;
    /* The knob comes before --rules on the line but still applies on top of the preset. */
    char *argv[] = {"sim",      "--gin-bonus",  "20",          "--p1",   "hard", "--rules",
                    "oklahoma", "--target=150", "--hollywood", "--json", NULL};
    int argc, given = 0;
    gin_rules r;
    char err[256];
    assert_int_equal(run(argv, &argc, &r, &given, err), 0);
    assert_int_equal(given, 1);
    assert_int_equal(r.gin_bonus, 20);
    assert_int_equal(r.target, 150);
    assert_int_equal(r.hollywood, 1);
    assert_int_equal(r.undercut_bonus, 20); /* oklahoma's, kept */
    assert_int_equal(r.knock_limit, GIN_KNOCK_LIMIT_UPCARD);
    assert_string_equal(r.name, "custom");
    assert_int_equal(argc, 4);
    assert_string_equal(argv[1], "--p1");
    assert_string_equal(argv[2], "hard");
    assert_string_equal(argv[3], "--json");
    assert_null(argv[4]);
}

static void test_hollywood_with_value(void **state)
{
    (void)state;
    char *argv[] = {"play", "--rules", "classic", "--hollywood", "off", "--seed", "3", NULL};
    int argc;
    gin_rules r;
    char err[256];
    assert_int_equal(run(argv, &argc, &r, NULL, err), 0);
    assert_int_equal(r.hollywood, 0);
    assert_string_equal(r.name, "classic");
    assert_int_equal(argc, 3);
}

static void test_errors(void **state)
{
    (void)state;
    gin_rules r;
    int argc;
    char err[256];
    char *bad_preset[] = {"sim", "--rules", "vegas", NULL};
    assert_int_equal(run(bad_preset, &argc, &r, NULL, err), 2);
    assert_non_null(strstr(err, "vegas"));
    assert_non_null(strstr(err, "oklahoma"));
    char *bad_value[] = {"sim", "--knock", "11", NULL};
    assert_int_equal(run(bad_value, &argc, &r, NULL, err), 2);
    assert_non_null(strstr(err, "knock"));
    char *missing[] = {"sim", "--target", NULL};
    assert_int_equal(run(missing, &argc, &r, NULL, err), 2);
    assert_non_null(strstr(err, "needs a value"));
}

static void test_stops_at_double_dash(void **state)
{
    (void)state;
    char *argv[] = {"sim", "--", "--target", "5", NULL};
    int argc;
    gin_rules r;
    char err[256];
    assert_int_equal(run(argv, &argc, &r, NULL, err), 0);
    assert_int_equal(r.target, 100);
    assert_int_equal(argc, 4);
}

/* The table keeps --rules/--target/--hollywood for its own (remembered)
 * options and applies the other knobs on top of its settings. */
static void test_keep_and_apply(void **state)
{
    (void)state;
    char *argv[] = {"gin", "--rules",     "classic",   "--gin-bonus", "31", "--target",
                    "50",  "--hollywood", "--knock=7", "--seed",      "4",  NULL};
    int argc = 11;
    static const char *const keep[] = {"rules", "target", "hollywood", NULL};
    gin_rules_knobs k;
    char err[256];
    assert_int_equal(gin_rules_knobs_take("gin", &argc, argv, keep, &k, err, sizeof err), 0);
    assert_int_equal(argc, 8);
    assert_string_equal(argv[1], "--rules");
    assert_string_equal(argv[3], "--target");
    assert_string_equal(argv[5], "--hollywood");
    assert_string_equal(argv[6], "--seed");
    assert_int_equal(k.n, 2);
    gin_rules r;
    assert_int_equal(gin_rules_preset("straight", &r), 0);
    assert_int_equal(gin_rules_knobs_apply("gin", &k, &r, err, sizeof err), 0);
    assert_int_equal(r.gin_bonus, 31);
    assert_int_equal(r.knock_limit, 7);
    assert_int_equal(r.target, 100); /* kept for the caller, not applied */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_and_untouched), cmocka_unit_test(test_preset_then_knobs_in_any_order),
        cmocka_unit_test(test_hollywood_with_value),  cmocka_unit_test(test_errors),
        cmocka_unit_test(test_stops_at_double_dash),  cmocka_unit_test(test_keep_and_apply),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
