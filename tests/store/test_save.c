/* The saved game (src/store/save.c): round trips, and every save that
 * cannot be resumed reported as damaged, never deleted. */
#include "fixture.h"

#include "gin/error.h"
#include "gin/game.h"
#include "gin/record.h"
#include "lock.h"
#include "save.h"
#include "support/support.h"

static gin_record rec, back;
static char text[1 << 21];

/* A record of the first `moves` actions (or the whole game) of a game
 * with these rules and seed, played by the tests' greedy policy. */
static void play_some(gin_record *r, const gin_rules *rules, uint64_t seed, int moves)
{
    static gin_game g;
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    gin_record_init(r, rules, seed);
    assert_int_equal(gin_game_init(&g, rules, seed), GIN_OK);
    for (int i = 0; i < moves && !g.over;) {
        if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
            assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
            continue;
        }
        gin_action a = test_greedy_action(&g.hand, &rng, 4, 1);
        assert_int_equal(gin_game_apply(&g, a, NULL, NULL), GIN_OK);
        assert_int_equal(gin_record_add(r, a), GIN_OK);
        i++;
    }
}

static void test_save_round_trip(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    play_some(&rec, &r, 12345, 9);
    gin_save_info info = {"hard", 1, 0}, got;
    gin_lock lk;
    gin_kept k;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&k, &got, &back), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_remove(&k, &lk), 0); /* none: nothing to do */
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&k, &got, &back), GIN_KEPT_LOADED);
    assert_string_equal(got.level, "hard");
    assert_int_equal(got.practice, 1);
    assert_int_equal(got.human, 0);
    assert_true(back.seed == 12345);
    assert_int_equal(back.n_actions, 9);
    assert_int_equal(gin_save_remove(&k, &lk), 0);
    assert_int_equal(gin_save_read(&k, &got, &back), GIN_KEPT_ABSENT);
    /* Never written as what the reader would refuse. */
    gin_save_info odd = {"Easy", 0, 0};
    assert_int_equal(gin_save_format(&odd, &rec, text, sizeof text), GIN_ENAME);
    odd = (gin_save_info){"easy", 2, 0};
    assert_int_equal(gin_save_format(&odd, &rec, text, sizeof text), GIN_EINVAL);
    gin_lock_release(&lk);
}

/* A saved ring game keeps its seats; the human may sit anywhere in it. */
static void test_save_ring_game(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, 3), GIN_OK);
    play_some(&rec, &r, 777, 12);
    gin_save_info info = {"easy", 0, 2}, got;
    gin_lock lk;
    gin_kept k;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&k, &got, &back), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&k, &got, &back), GIN_KEPT_LOADED);
    assert_int_equal(back.rules.seats, 3);
    assert_int_equal(back.rules.undercut_penalty, 10);
    assert_int_equal(got.human, 2);
    static gin_game g;
    assert_int_equal(gin_record_replay(&back, &g, NULL, NULL, NULL), GIN_OK);
    assert_int_equal(g.rules.seats, 3);
    gin_lock_release(&lk);
}

/* The save text with one header line replaced (line 1-4), or the record
 * cut to `moves` actions; into the state directory as a person would. */
static size_t save_text(const char *header_line, int which, int moves)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    play_some(&rec, &r, 42, moves);
    gin_save_info info = {"normal", 0, 0};
    int n = gin_save_format(&info, &rec, text, sizeof text);
    assert_true(n > 0);
    if (!header_line)
        return (size_t)n;
    /* Splice: the text up to line `which`, the new line, the rest. */
    char *start = text;
    for (int i = 1; i < which; i++)
        start = strchr(start, '\n') + 1;
    char *end = strchr(start, '\n');
    static char out[sizeof text];
    int m = snprintf(out, sizeof out, "%.*s%s%s", (int)(start - text), text, header_line, end);
    assert_true(m > 0 && (size_t)m < sizeof out);
    memcpy(text, out, (size_t)m + 1);
    return (size_t)m;
}

/* Issue 12 item 5: a save whose level line is not a known level was
 * deleted at start without a word. Every save that cannot be resumed is
 * damaged, with the line named; reading it moves and deletes nothing;
 * removing it is refused; quarantine keeps it. Also item 16: `practice
 * 4294967296` was accepted (sscanf %d). */
static void test_unresumable_saves_are_damaged_not_deleted(void **state)
{
    store_fixture *f = *state;
    static const struct {
        const char *line; /* replaces header line `which` */
        int which;
        const char *why;
    } cases[] = {
        {"level Easy", 2, "line 2: unknown level 'Easy'"},
        {"level zzz", 2, "line 2: unknown level 'zzz'"},
        {"level", 2, "line 2: expected 'level VALUE'"},
        {"practice 4294967296", 3, "line 3: practice '4294967296': must be 0 or 1"},
        {"practice -0x1", 3, "line 3: practice '-0x1'"},
        {"human 1 2", 4, "line 4: expected 'human VALUE'"},
        {"human 3", 4, "line 4: human 3: the game has 2 seats"},
        {"gin-save 2", 1, "line 1: unknown save format version '2'"},
    };
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = save_text(cases[i].line, cases[i].which, 20);
        fx_write(f->state, "save", text, n);
        gin_kept k;
        gin_save_info info;
        assert_int_equal(gin_save_read(&k, &info, &back), GIN_KEPT_DAMAGED);
        if (!strstr(k.why, cases[i].why))
            fail_msg("case %zu: '%s' does not say '%s'", i, k.why, cases[i].why);
        assert_non_null(strstr(k.why, "cannot be resumed"));
        assert_true(fx_exists(f->state, "save")); /* reading moved nothing */
        assert_int_equal(gin_save_remove(&k, &lk), -1);
        assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), -1);
        size_t len = 0;
        char *still = fx_read(f->state, "save", &len);
        assert_non_null(still);
        assert_int_equal(len, n);
        assert_memory_equal(still, text, n);
        free(still);
        assert_int_equal(gin_kept_quarantine(&k), 0);
        assert_false(fx_exists(f->state, "save"));
        assert_non_null(strstr(k.why, "moved it to"));
    }
    /* Each one kept: save.bad, save.bad.2, ... save.bad.8. */
    assert_true(fx_exists(f->state, "save.bad"));
    assert_true(fx_exists(f->state, "save.bad.8"));
    gin_lock_release(&lk);
}

/* A record that does not replay, a finished game, a NUL byte, a cut file:
 * damaged too, never resumed. */
static void test_other_damage(void **state)
{
    store_fixture *f = *state;
    gin_kept k;
    gin_save_info info;
    /* A whole game: nothing to resume. */
    size_t n = save_text(NULL, 0, 100000);
    fx_write(f->state, "save", text, n);
    assert_int_equal(gin_save_read(&k, &info, &back), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "already over"));
    /* Cut in the middle: the record's own error, its line counted from the top. */
    n = save_text(NULL, 0, 20);
    char *mid = strstr(text, "\nend\n");
    assert_non_null(mid);
    fx_write(f->state, "save", text, (size_t)(mid - text) + 1);
    assert_int_equal(gin_save_read(&k, &info, &back), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line "));
    /* A move that is not legal there. */
    n = save_text(NULL, 0, 20);
    char *last = strstr(text, "\nend\n");
    char *prev = last - 1;
    while (*prev != '\n')
        prev--;
    static char bad[sizeof text];
    int m = snprintf(bad, sizeof bad, "%.*s\ndiscard AS%s", (int)(prev - text), text, last);
    fx_write(f->state, "save", bad, (size_t)m);
    assert_int_equal(gin_save_read(&k, &info, &back), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "does not replay"));
    /* A NUL byte in the header. */
    n = save_text(NULL, 0, 20);
    text[12] = '\0';
    fx_write(f->state, "save", text, n);
    assert_int_equal(gin_save_read(&k, &info, &back), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 2: a NUL byte"));
    gin_text_fault fault;
    assert_int_equal(gin_save_parse("", 0, &info, &back, &fault), GIN_EFORMAT);
    assert_int_equal(fault.line, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_save_ring_game, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_unresumable_saves_are_damaged_not_deleted, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_other_damage, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
