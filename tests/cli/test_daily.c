/* The day's deal: one seed per UTC date, YYYYMMDD (src/cli/daily.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>

#include "daily.h"

static void test_date_as_number(void **state)
{
    (void)state;
    assert_int_equal(gin_daily_seed(0), 19700101);
    /* 2026-12-03 00:00:00 UTC and 23:59:59 the same day: one deal. */
    assert_int_equal(gin_daily_seed((time_t)1796256000), 20261203);
    assert_int_equal(gin_daily_seed((time_t)1796256000 + 86399), 20261203);
    /* A second later is the next day's deal. */
    assert_int_equal(gin_daily_seed((time_t)1796256000 + 86400), 20261204);
    /* Leap day and the year's end. */
    assert_int_equal(gin_daily_seed((time_t)951782400), 20000229);
    assert_int_equal(gin_daily_seed((time_t)946684799), 19991231);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_date_as_number)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
