/* The drills' progress file (src/store/drills.h): its text both ways, the
 * counts per kind and day, and the rules of a kept file: written only
 * under the lock, a damaged file refused until moved aside, a newer gin's
 * left alone. */
#include "fixture.h"

#include "drills.h"
#include "gin/error.h"
#include "lock.h"

static gin_drill_progress progress, again;

static void test_round_trip_and_totals(void **state)
{
    (void)state;
    memset(&progress, 0, sizeof progress);
    assert_int_equal(gin_drill_progress_add(&progress, "2026-12-01", "throw", 1), 0);
    assert_int_equal(gin_drill_progress_add(&progress, "2026-12-01", "throw", 0), 0);
    assert_int_equal(gin_drill_progress_add(&progress, "2026-12-01", "take", 0), 0);
    assert_int_equal(gin_drill_progress_add(&progress, "2026-12-03", "throw", 1), 0);
    /* A clock set back counts on the newest day, never out of order. */
    assert_int_equal(gin_drill_progress_add(&progress, "2026-11-30", "throw", 1), 0);
    assert_int_equal(progress.n, 3);
    assert_int_equal(progress.day[2].tried, 2);
    /* Bad names and dates are refused. */
    assert_int_equal(gin_drill_progress_add(&progress, "2026-13-01", "throw", 1), -1);
    assert_int_equal(gin_drill_progress_add(&progress, "2026-12-03", "Throw", 1), -1);
    char buf[1024];
    int n = gin_drill_progress_format(&progress, buf, sizeof buf);
    assert_true(n > 0);
    assert_string_equal(buf, "gin-drills 1\n2026-12-01 throw 2 1\n2026-12-01 take 1 0\n2026-12-03 throw 2 2\n");
    gin_text_fault f;
    assert_int_equal(gin_drill_progress_parse(&again, buf, (size_t)n, &f), GIN_OK);
    assert_memory_equal(again.day, progress.day, sizeof progress.day[0] * 3);
    int tried, missed;
    gin_drill_progress_totals(&again, "throw", NULL, &tried, &missed);
    assert_int_equal(tried, 4);
    assert_int_equal(missed, 1);
    gin_drill_progress_totals(&again, "throw", "2026-12-02", &tried, &missed);
    assert_int_equal(tried, 2);
    assert_int_equal(missed, 0);
    gin_drill_progress_totals(&again, "knock", NULL, &tried, &missed);
    assert_int_equal(tried, 0);
    /* Too small a buffer is said, not cut. */
    assert_int_equal(gin_drill_progress_format(&progress, buf, 40), GIN_ESPACE);
}

static void test_full_drops_the_oldest(void **state)
{
    (void)state;
    memset(&progress, 0, sizeof progress);
    char date[11];
    for (int i = 0; i < GIN_DRILL_DAYS; i++) {
        snprintf(date, sizeof date, "20%02d-%02d-%02d", 10 + i / 336, 1 + i / 28 % 12, 1 + i % 28);
        assert_int_equal(gin_drill_progress_add(&progress, date, "take", 1), 0);
    }
    assert_int_equal(progress.n, GIN_DRILL_DAYS);
    char first[11];
    snprintf(first, sizeof first, "%s", progress.day[1].date);
    assert_int_equal(gin_drill_progress_add(&progress, "2099-01-01", "take", 0), 0);
    assert_int_equal(progress.n, GIN_DRILL_DAYS);
    assert_string_equal(progress.day[0].date, first);
    assert_string_equal(progress.day[GIN_DRILL_DAYS - 1].date, "2099-01-01");
}

static void test_damaged_texts(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int line;
    } bad[] = {
        {"", 1},
        {"gin-drill 1\n", 1},
        {"gin-drills x\n", 1},
        {"gin-drills 1\n2026-12-01 throw 2\n", 2},
        {"gin-drills 1\n2026-12-01 throw 2 3\n", 2}, /* more right than answered */
        {"gin-drills 1\n2026-12-01 throw -1 0\n", 2},
        {"gin-drills 1\n2026-12-01 Throw 2 1\n", 2},
        {"gin-drills 1\n2026-02-30x throw 2 1\n", 2},
        {"gin-drills 1\n2026-12-02 throw 2 1\n2026-12-01 take 1 1\n", 3},  /* out of order */
        {"gin-drills 1\n2026-12-02 throw 2 1\n2026-12-02 throw 1 1\n", 3}, /* twice */
        {"gin-drills 1\n2026-12-02 throw 2 1 extra\n", 2},
        {"gin-drills 1\n2026-12-02 throw 2\0 1\n", 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gin_text_fault f = {0, ""};
        size_t len = i == sizeof bad / sizeof bad[0] - 1 ? 35 : strlen(bad[i].text);
        int rc = gin_drill_progress_parse(&progress, bad[i].text, len, &f);
        assert_true(rc != GIN_OK && rc != GIN_KEPT_NEWER);
        assert_int_equal(f.line, bad[i].line);
    }
    gin_text_fault f;
    assert_int_equal(gin_drill_progress_parse(&progress, "gin-drills 2\nanything\n", 22, &f), GIN_KEPT_NEWER);
}

static void test_file_rules(void **state)
{
    store_fixture *f = *state;
    gin_kept k;
    gin_lock lk;
    char why[1200];
    memset(&lk, 0, sizeof lk);
    assert_int_equal(gin_drill_progress_load(&k, &progress), GIN_KEPT_ABSENT);
    /* Not without the table lock. */
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "knock", 1, NULL, why, sizeof why), -1);
    assert_non_null(strstr(why, "table lock"));
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "knock", 1, &again, why, sizeof why), 0);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "knock", 0, &again, why, sizeof why), 0);
    size_t len;
    char *text = fx_read(f->state, "drills", &len);
    assert_non_null(text);
    assert_string_equal(text, "gin-drills 1\n2026-12-03 knock 2 1\n");
    free(text);
    /* Damaged: read as such, nothing written over it until moved aside. */
    fx_write_text(f->state, "drills", "gin-drills 1\nnonsense\n");
    assert_int_equal(gin_drill_progress_load(&k, &progress), GIN_KEPT_DAMAGED);
    assert_int_equal(progress.n, 0);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "take", 1, NULL, why, sizeof why), -1);
    assert_int_equal(gin_kept_quarantine(&k), 0);
    text = fx_read(f->state, "drills.bad", &len);
    assert_non_null(text);
    assert_string_equal(text, "gin-drills 1\nnonsense\n");
    free(text);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "take", 1, NULL, why, sizeof why), 0);
    /* A newer gin's file is left alone. */
    fx_write_text(f->state, "drills", "gin-drills 7\n");
    assert_int_equal(gin_drill_progress_load(&k, &progress), GIN_KEPT_LEFT);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-03", "take", 1, NULL, why, sizeof why), -1);
    text = fx_read(f->state, "drills", &len);
    assert_string_equal(text, "gin-drills 7\n");
    free(text);
    gin_lock_release(&lk);
}

/* Kinds are kept by name, so kinds come and go without a new format: a
 * file from before the spread drill takes a spread answer beside its
 * lines, and a kind this gin does not know (as "spread" is to a gin from
 * before it) is read, counted nowhere and written back as it was. */
static void test_kinds_old_and_new(void **state)
{
    store_fixture *f = *state;
    gin_kept k;
    gin_lock lk;
    char why[1200];
    size_t len;
    memset(&lk, 0, sizeof lk);
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    fx_write_text(f->state, "drills", "gin-drills 1\n2026-12-01 throw 4 3\n2026-12-01 knock 1 0\n");
    assert_int_equal(gin_drill_progress_load(&k, &progress), GIN_KEPT_LOADED);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-02", "spread", 0, &again, why, sizeof why), 0);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-02", "spread", 1, &again, why, sizeof why), 0);
    char *text = fx_read(f->state, "drills", &len);
    assert_string_equal(text, "gin-drills 1\n2026-12-01 throw 4 3\n2026-12-01 knock 1 0\n2026-12-02 spread 2 1\n");
    free(text);
    int tried, missed;
    gin_drill_progress_totals(&again, "spread", NULL, &tried, &missed);
    assert_int_equal(tried, 2);
    assert_int_equal(missed, 1);
    /* A newer gin's kind: kept through this gin's writes. */
    fx_write_text(f->state, "drills", "gin-drills 1\n2026-12-01 spread 3 2\n2026-12-01 meld 5 5\n");
    assert_int_equal(gin_drill_progress_load(&k, &progress), GIN_KEPT_LOADED);
    assert_int_equal(gin_drill_progress_record(&k, &lk, "2026-12-02", "throw", 1, NULL, why, sizeof why), 0);
    text = fx_read(f->state, "drills", &len);
    assert_string_equal(text, "gin-drills 1\n2026-12-01 spread 3 2\n2026-12-01 meld 5 5\n2026-12-02 throw 1 1\n");
    free(text);
    gin_lock_release(&lk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_and_totals),
        cmocka_unit_test(test_full_drops_the_oldest),
        cmocka_unit_test(test_damaged_texts),
        cmocka_unit_test_setup_teardown(test_file_rules, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_kinds_old_and_new, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
