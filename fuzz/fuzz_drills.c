/* Fuzz the drills' progress parser (gin_drill_progress_parse on the file's
 * bytes, with their length): it never crashes; what it accepts holds only
 * sound lines (a date, a kind of the kept files' shape, right at most
 * answered, dates in order, each day and kind once), formats and parses
 * back to the same progress and formats again to the same text; and a
 * count added to it keeps it sound. */
#include "drills.h"
#include "fuzz_util.h"
#include "gin/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static gin_drill_progress p, q;
static char buf[1 << 16], again[sizeof buf];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gin_text_fault f = {0, ""};
    int rc = gin_drill_progress_parse(&p, (const char *)data, size, &f);
    FUZZ_CHECK(memchr(f.what, '\0', sizeof f.what));
    if (rc != GIN_OK) {
        FUZZ_CHECK(f.line >= 0);
        return 0;
    }
    FUZZ_CHECK(p.n >= 0 && p.n <= GIN_DRILL_DAYS);
    for (int i = 0; i < p.n; i++) {
        const gin_drill_day *d = &p.day[i];
        FUZZ_CHECK(d->tried >= d->right && d->right >= 0 && d->tried <= GIN_DRILL_COUNT_MAX);
        FUZZ_CHECK(gin_kept_name_ok(d->kind) && strlen(d->date) == 10);
        FUZZ_CHECK(i == 0 || strcmp(p.day[i - 1].date, d->date) <= 0);
    }
    int n = gin_drill_progress_format(&p, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_drill_progress_parse(&q, buf, (size_t)n, NULL) == GIN_OK);
    FUZZ_CHECK(q.n == p.n && !memcmp(q.day, p.day, sizeof p.day[0] * (size_t)p.n));
    FUZZ_CHECK(gin_drill_progress_format(&q, again, sizeof again) == n && !memcmp(buf, again, (size_t)n));
    FUZZ_CHECK(gin_drill_progress_add(&q, "2030-01-01", "throw", 0) == 0);
    n = gin_drill_progress_format(&q, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && gin_drill_progress_parse(&p, buf, (size_t)n, NULL) == GIN_OK);
    return 0;
}
