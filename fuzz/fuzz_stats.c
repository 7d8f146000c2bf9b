/* Fuzz the statistics loader (gin_stats_parse on the file's bytes, or
 * yesterday's format through gin_stats_convert_v1, with
 * their length): a refusal names a line of the text and leaves zeros;
 * what it accepts formats, tabulates and parses back the same, and one
 * more game can be counted on top of it (as the table does after a
 * game). */
#include "fuzz_util.h"
#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gin_stats s, t;
    gin_text_fault fault = {0, ""};
    int bad = gin_stats_parse(&s, (const char *)data, size, &fault);
    if (bad > 0) { /* not format 2: yesterday's format 1, converted, as the loader reads it */
        fault = (gin_text_fault){0, ""};
        bad = gin_stats_convert_v1(&s, (const char *)data, size, &fault);
    }
    FUZZ_CHECK(bad >= 0 || bad == GIN_KEPT_NEWER);
    if (bad == GIN_KEPT_NEWER)
        return 0;
    if (bad) {
        FUZZ_CHECK(fault.line == bad);
        for (int i = 0; i < GIN_STATS_LEVELS; i++)
            FUZZ_CHECK(s.level[i].games == 0 && s.level[i].points == 0);
        return 0;
    }
    char buf[16384]; /* twenty rows of the largest counts fit in about 9 KB */
    int n = gin_stats_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_stats_parse(&t, buf, (size_t)n, NULL) == 0);
    for (int i = 0; i < GIN_STATS_LEVELS; i++) {
        const gin_level_stats *a = &s.level[i], *b = &t.level[i];
        FUZZ_CHECK(a->games == b->games && a->wins == b->wins && a->hands == b->hands && a->hands_won == b->hands_won &&
                   a->gins == b->gins && a->undercuts == b->undercuts && a->knocks == b->knocks &&
                   a->points == b->points && a->streak == b->streak && a->best_streak == b->best_streak);
    }
    FUZZ_CHECK(gin_stats_table(&s, buf, sizeof buf) > 0);
    /* Count one more game, won and lost, at every level. */
    gin_game_tally win = {.won = 1, .hands = 5, .hands_won = 3, .gins = 1, .undercuts = 0, .knocks = 2, .points = 120},
                   loss = {.won = 0, .hands = 4, .hands_won = 1, .gins = 0, .undercuts = 1, .knocks = 1, .points = 40};
    for (int lv = 0; lv < GIN_STATS_LEVELS; lv++) {
        gin_stats_add(&s, lv, &win);
        gin_stats_add(&s, lv, &loss);
    }
    n = gin_stats_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_stats_parse(&t, buf, (size_t)n, NULL) == 0); /* what we write we must read back */
    return 0;
}
