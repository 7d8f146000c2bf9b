/* Tests of the one decimal number reader (number.h): what it accepts, every
 * kind of text it refuses and where, bounds on both sides of zero, and
 * numbers past any long long. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/number.h"
#include "gin/rng.h"

/* Parse `text` in [lo, hi]: the status, and the fault offset in *at. */
static int parse(const char *text, long long lo, long long hi, long long *v, size_t *at)
{
    *v = 12345; /* written only on success */
    return gin_number_parse(text, lo, hi, v, at);
}

static void test_accepts(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        long long value;
    } ok[] = {
        {"0", 0},
        {"-0", 0},
        {"7", 7},
        {"007", 7},
        {"-007", -7},
        {"10", 10},
        {"-10", -10},
        {"000000000000000000000000000042", 42},
        {"9223372036854775807", LLONG_MAX},
        {"-9223372036854775808", LLONG_MIN},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        long long v;
        size_t at = 99;
        assert_int_equal(parse(ok[i].text, LLONG_MIN, LLONG_MAX, &v, &at), GIN_OK);
        assert_true(v == ok[i].value);
        assert_int_equal(at, strlen(ok[i].text));
    }
}

/* Every kind of text that is not a number, and the byte at fault. */
static void test_not_numbers(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"", 0},       {"-", 1},
        {"+5", 0},     {" 5", 0},
        {"5 ", 1},     {"\t5", 0},
        {"5\n", 1},    {"5x", 1},
        {"x5", 0},     {"0x10", 1},
        {"1e3", 1},    {"1.5", 1},
        {"--5", 1},    {"5-", 1},
        {"1,000", 1},  {"\xef\xbc\x93", 0} /* a full-width 3 */,
        {"12\xff", 2}, {"9999999999999999999999x", 22},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        long long v;
        size_t at = 99;
        assert_int_equal(parse(bad[i].text, LLONG_MIN, LLONG_MAX, &v, &at), GIN_EFORMAT);
        assert_int_equal(at, bad[i].at);
        assert_true(v == 12345);
        uint64_t u = 7;
        if (bad[i].text[0] != '-') { /* the same fault unsigned */
            assert_int_equal(gin_number_parse_u64(bad[i].text, UINT64_MAX, &u, &at), GIN_EFORMAT);
            assert_int_equal(at, bad[i].at);
            assert_true(u == 7);
        }
    }
}

/* Bounds on either side of zero: the fault is the digit that passes the
 * bound, or the number's start when it stays short of it. */
static void test_bounds(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        long long lo, hi;
        int rc;
        size_t at;
    } cases[] = {
        {"9", 0, 9, GIN_OK, 1},
        {"10", 0, 9, GIN_ERANGE, 1},
        {"-1", 0, 9, GIN_ERANGE, 1},
        {"-0", 0, 9, GIN_OK, 2},
        {"0", 1, 5, GIN_ERANGE, 0},
        {"-0", 1, 5, GIN_ERANGE, 0},
        {"5", 10, 20, GIN_ERANGE, 0},
        {"10", 10, 20, GIN_OK, 2},
        {"21", 10, 20, GIN_ERANGE, 1},
        {"-6", -10, -6, GIN_OK, 2},
        {"-5", -10, -6, GIN_ERANGE, 0},
        {"-11", -10, -6, GIN_ERANGE, 2},
        {"0", -10, -6, GIN_ERANGE, 0},
        {"3", -10, -6, GIN_ERANGE, 0},
        {"-10", -10, 10, GIN_OK, 3},
        {"1000001", -999999, 999999, GIN_ERANGE, 6},
        {"0000999999", -999999, 999999, GIN_OK, 10},
        {"7", 7, 7, GIN_OK, 1},
        {"0007", 7, 7, GIN_OK, 4},
        {"8", 7, 7, GIN_ERANGE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long long v;
        size_t at = 99;
        assert_int_equal(parse(cases[i].text, cases[i].lo, cases[i].hi, &v, &at), cases[i].rc);
        assert_int_equal(at, cases[i].at);
        if (cases[i].rc != GIN_OK)
            assert_true(v == 12345);
        else
            assert_true(v >= cases[i].lo && v <= cases[i].hi);
    }
}

/* Past any long long: refused as out of range at the digit that would
 * overflow, whatever the bounds. */
static void test_overflow(void **state)
{
    (void)state;
    long long v;
    size_t at;
    assert_int_equal(parse("9223372036854775808", LLONG_MIN, LLONG_MAX, &v, &at), GIN_ERANGE);
    assert_int_equal(at, 18);
    assert_int_equal(parse("-9223372036854775809", LLONG_MIN, LLONG_MAX, &v, &at), GIN_ERANGE);
    assert_int_equal(at, 19);
    assert_int_equal(parse("99999999999999999999999999", LLONG_MIN, LLONG_MAX, &v, &at), GIN_ERANGE);
    assert_int_equal(at, 18);
    assert_int_equal(parse("18446744073709551616", 0, LLONG_MAX, &v, &at), GIN_ERANGE);
    assert_true(v == 12345);
    uint64_t u = 7;
    assert_int_equal(gin_number_parse_u64("18446744073709551615", UINT64_MAX, &u, &at), GIN_OK);
    assert_true(u == UINT64_MAX);
    assert_int_equal(at, 20);
    u = 7;
    assert_int_equal(gin_number_parse_u64("18446744073709551616", UINT64_MAX, &u, &at), GIN_ERANGE);
    assert_int_equal(at, 19);
    assert_int_equal(gin_number_parse_u64("184467440737095516150", UINT64_MAX, &u, &at), GIN_ERANGE);
    assert_int_equal(at, 20);
    assert_int_equal(gin_number_parse_u64("101", 100, &u, &at), GIN_ERANGE);
    assert_int_equal(at, 2);
    assert_int_equal(gin_number_parse_u64("-1", UINT64_MAX, &u, &at), GIN_EFORMAT);
    assert_int_equal(at, 0);
    assert_int_equal(gin_number_parse_u64("0", 0, &u, &at), GIN_OK);
    assert_true(u == 0);
}

static void test_bad_calls(void **state)
{
    (void)state;
    long long v = 5;
    uint64_t u = 5;
    size_t at = 99;
    assert_int_equal(gin_number_parse(NULL, 0, 9, &v, &at), GIN_EINVAL);
    assert_int_equal(at, 0);
    assert_int_equal(gin_number_parse("1", 0, 9, NULL, NULL), GIN_EINVAL);
    assert_int_equal(gin_number_parse("1", 9, 0, &v, NULL), GIN_EINVAL);
    assert_int_equal(gin_number_parse_u64(NULL, 9, &u, NULL), GIN_EINVAL);
    assert_int_equal(gin_number_parse_u64("1", 9, NULL, NULL), GIN_EINVAL);
    assert_true(v == 5 && u == 5);
}

/* Written with printf and read back, zero-padded or not: the same number;
 * one past either bound: refused. */
static void test_round_trips(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 25);
    for (int i = 0; i < 20000; i++) {
        uint64_t bits = gin_rng_next(&rng) >> (gin_rng_next(&rng) % 64);
        long long x = (long long)bits * (i % 2 ? -1 : 1);
        char text[48];
        snprintf(text, sizeof text, i % 3 ? "%lld" : "%05lld", x);
        long long v;
        assert_int_equal(gin_number_parse(text, LLONG_MIN, LLONG_MAX, &v, NULL), GIN_OK);
        assert_true(v == x);
        assert_int_equal(gin_number_parse(text, x, x, &v, NULL), GIN_OK);
        if (x < LLONG_MAX)
            assert_int_equal(gin_number_parse(text, x + 1, LLONG_MAX, &v, NULL), GIN_ERANGE);
        if (x > LLONG_MIN)
            assert_int_equal(gin_number_parse(text, LLONG_MIN, x - 1, &v, NULL), GIN_ERANGE);
        snprintf(text, sizeof text, "%llu", (unsigned long long)bits);
        uint64_t u;
        assert_int_equal(gin_number_parse_u64(text, UINT64_MAX, &u, NULL), GIN_OK);
        assert_true(u == bits);
        if (bits > 0)
            assert_int_equal(gin_number_parse_u64(text, bits - 1, &u, NULL), GIN_ERANGE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepts),  cmocka_unit_test(test_not_numbers), cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_overflow), cmocka_unit_test(test_bad_calls),   cmocka_unit_test(test_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
