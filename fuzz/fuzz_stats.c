/* Fuzz the statistics loader (gin_stats_parse on the file's bytes, or
 * the older formats through gin_stats_convert_v2 and _v1, with
 * their length): a refusal names a line of the text and leaves zeros;
 * what it accepts formats, tabulates and parses back the same, and one
 * more game can be counted on top of it (as the table does after a
 * game). */
#include "fuzz_util.h"
#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The counts of two rows agree. */
static int same_counts(const gin_level_stats *a, const gin_level_stats *b)
{
    return a->games == b->games && a->wins == b->wins && a->hands == b->hands && a->hands_won == b->hands_won &&
           a->gins == b->gins && a->undercuts == b->undercuts && a->knocks == b->knocks && a->points == b->points &&
           a->streak == b->streak && a->best_streak == b->best_streak;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gin_stats s, t;
    static char buf[1 << 17];
    gin_text_fault fault = {0, ""};
    int bad = gin_stats_parse(&s, (const char *)data, size, &fault);
    for (int v = 2; v >= 1 && bad > 0; v--) { /* the older formats, converted, as the loader reads them */
        fault = (gin_text_fault){0, ""};
        bad = v == 2 ? gin_stats_convert_v2(&s, (const char *)data, size, &fault)
                     : gin_stats_convert_v1(&s, (const char *)data, size, &fault);
    }
    FUZZ_CHECK(bad >= 0 || bad == GIN_KEPT_NEWER);
    if (bad == GIN_KEPT_NEWER)
        return 0;
    if (bad) {
        FUZZ_CHECK(fault.line == bad);
        FUZZ_CHECK(s.n_rows == 0 && s.n_games == 0);
        return 0;
    }
    int n = gin_stats_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_stats_parse(&t, buf, (size_t)n, NULL) == 0);
    for (int i = 0; i < s.n_rows; i++) {
        const gin_level_stats *b = gin_stats_get(&t, s.row[i].level, s.row[i].rules);
        FUZZ_CHECK(s.row[i].n.games == 0 || (b && same_counts(&s.row[i].n, b)));
    }
    FUZZ_CHECK(gin_stats_rows(&s, buf, sizeof buf) > 0 && gin_stats_notes(&s, buf, sizeof buf) > 0);
    /* Count one more game, won and lost, for a bot of the file and one new. */
    gin_game_tally
        win = {.won = 1, .hands = 5, .hands_won = 3, .gins = 1, .knocks = 2, .points = 120, .rules = "standard"},
        loss = {.won = 0, .hands = 4, .hands_won = 1, .undercuts = 1, .knocks = 1, .points = 40, .rules = "classic"};
    const char *bots[] = {s.n_rows ? s.row[0].level : "easy", "normal"};
    for (int i = 0; i < 2; i++) {
        (void)gin_stats_add(&s, bots[i], &win); /* may be full: then nothing is added */
        (void)gin_stats_add(&s, bots[i], &loss);
    }
    n = gin_stats_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_stats_parse(&t, buf, (size_t)n, NULL) == 0); /* what we write we must read back */
    return 0;
}
