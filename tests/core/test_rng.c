/* RNG: the exact xoshiro256** / splitmix64 sequence (records replay by
 * seed), range, absence of modulo bias, and shuffle uniformity. All seeds
 * are fixed, so the statistical checks are deterministic; their bounds are
 * loose enough for a correct generator and far too tight for a biased one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gin/rng.h"

/* Reference values computed independently (Python) from the published
 * algorithms: splitmix64 state words, then the first xoshiro256** outputs. */
static void test_reference_sequence(void **state)
{
    (void)state;
    gin_rng r;
    gin_rng_seed(&r, 0);
    assert_true(r.s[0] == UINT64_C(0xe220a8397b1dcdaf)); /* splitmix64(0), the well-known value */
    assert_true(r.s[3] == UINT64_C(0xf88bb8a8724c81ec));
    assert_true(gin_rng_next(&r) == UINT64_C(0x99ec5f36cb75f2b4));
    assert_true(gin_rng_next(&r) == UINT64_C(0xbf6e1f784956452a));
    assert_true(gin_rng_next(&r) == UINT64_C(0x1a5f849d4933e6e0));
    gin_rng_seed(&r, 42);
    assert_true(gin_rng_next(&r) == UINT64_C(0x15780b2e0c2ec716));
    assert_true(gin_rng_next(&r) == UINT64_C(0x6104d9866d113a7e));
    assert_true(gin_rng_next(&r) == UINT64_C(0xae17533239e499a1));
}

static void test_determinism(void **state)
{
    (void)state;
    gin_rng a, b, c;
    gin_rng_seed(&a, 7);
    gin_rng_seed(&b, 7);
    gin_rng_seed(&c, 8);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = gin_rng_next(&a);
        assert_true(x == gin_rng_next(&b));
        differ += x != gin_rng_next(&c);
    }
    assert_true(differ > 990);
    /* shuffles too */
    gin_card d1[52], d2[52];
    for (int i = 0; i < 52; i++)
        d1[i] = d2[i] = i;
    gin_rng_seed(&a, 99);
    gin_rng_seed(&b, 99);
    gin_rng_shuffle(&a, d1, 52);
    gin_rng_shuffle(&b, d2, 52);
    assert_memory_equal(d1, d2, sizeof d1);
}

static void test_below_range(void **state)
{
    (void)state;
    gin_rng r;
    gin_rng_seed(&r, 1);
    static const uint32_t ns[] = {1, 2, 3, 7, 52, 1000, 0x80000001u, 0xffffffffu};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        uint32_t max = 0;
        for (int i = 0; i < 20000; i++) {
            uint32_t v = gin_rng_below(&r, ns[k]);
            assert_true(v < ns[k]);
            if (v > max)
                max = v;
        }
        if (ns[k] <= 52)
            assert_int_equal(max, ns[k] - 1); /* every value reachable */
    }
    assert_int_equal(gin_rng_below(&r, 0), 0); /* outside the contract, but no crash */
    assert_int_equal(gin_rng_below(NULL, 10), 0);
}

/* Chi-square of 120000 draws of below(10): 9 degrees of freedom, so 40 is
 * far out in the tail (p < 1e-5) for a fair generator. */
static void test_below_uniform(void **state)
{
    (void)state;
    gin_rng r;
    gin_rng_seed(&r, 2024);
    enum { N = 120000, K = 10 };
    int count[K] = {0};
    for (int i = 0; i < N; i++)
        count[gin_rng_below(&r, K)]++;
    double chi2 = 0, e = (double)N / K;
    for (int i = 0; i < K; i++)
        chi2 += (count[i] - e) * (count[i] - e) / e;
    assert_true(chi2 < 40.0);
}

/* n = 3 * 2^30: x % n would put half of all draws below 2^30 (a third of
 * the range). Without bias the share is 1/3. */
static void test_no_modulo_bias(void **state)
{
    (void)state;
    gin_rng r;
    gin_rng_seed(&r, 5);
    const uint32_t n = 3u << 30;
    int low = 0, N = 60000;
    for (int i = 0; i < N; i++)
        low += gin_rng_below(&r, n) < (1u << 30);
    double share = (double)low / N;
    assert_true(share > 0.32 && share < 0.347);
}

/* 4 cards have 24 orders; 48000 shuffles give 2000 each. Chi-square with 23
 * degrees of freedom: 60 is p < 1e-4. Also every shuffle is a permutation. */
static void test_shuffle_uniform(void **state)
{
    (void)state;
    gin_rng r;
    gin_rng_seed(&r, 77);
    enum { N = 48000 };
    int count[256] = {0};
    for (int i = 0; i < N; i++) {
        gin_card c[4] = {0, 1, 2, 3};
        gin_rng_shuffle(&r, c, 4);
        int seen = 0;
        for (int k = 0; k < 4; k++)
            seen |= 1 << c[k];
        assert_int_equal(seen, 15);
        count[c[0] * 64 + c[1] * 16 + c[2] * 4 + c[3]]++;
    }
    double chi2 = 0, e = N / 24.0;
    int orders = 0;
    for (int i = 0; i < 256; i++)
        if (count[i]) {
            orders++;
            chi2 += (count[i] - e) * (count[i] - e) / e;
        }
    assert_int_equal(orders, 24);
    assert_true(chi2 < 60.0);

    /* a full deck stays a permutation; n < 2 and NULL are no-ops */
    gin_card deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    gin_rng_shuffle(&r, deck, 52);
    uint64_t seen = 0;
    int moved = 0;
    for (int i = 0; i < 52; i++)
        seen |= UINT64_C(1) << deck[i], moved += deck[i] != i;
    assert_true(seen == (UINT64_C(1) << 52) - 1);
    assert_true(moved > 40);
    gin_card one[1] = {5};
    gin_rng_shuffle(&r, one, 1);
    gin_rng_shuffle(&r, one, 0);
    gin_rng_shuffle(&r, NULL, 10);
    assert_int_equal(one[0], 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_sequence), cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_below_range),        cmocka_unit_test(test_below_uniform),
        cmocka_unit_test(test_no_modulo_bias),     cmocka_unit_test(test_shuffle_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
