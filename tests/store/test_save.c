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

/* The table's bots, for the judgement of a save (the table passes its
 * catalogue's). */
static int known_level(const char *name)
{
    return !strcmp(name, "easy") || !strcmp(name, "normal") || !strcmp(name, "hard") || !strcmp(name, "expert");
}

static gin_save_info info_of(const char *level, int practice, int human)
{
    gin_save_info i;
    memset(&i, 0, sizeof i);
    snprintf(i.game, sizeof i.game, "00000000deadbeef");
    snprintf(i.level, sizeof i.level, "%s", level);
    i.practice = practice;
    i.human = human;
    return i;
}

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
    gin_save_info info = info_of("hard", 1, 0), got;
    gin_lock lk;
    gin_kept k;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_remove(&k, &lk), 0); /* none: nothing to do */
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_string_equal(got.level, "hard");
    assert_string_equal(got.game, "00000000deadbeef");
    assert_int_equal(got.ended, 0);
    assert_int_equal(got.practice, 1);
    assert_int_equal(got.human, 0);
    assert_true(back.seed == 12345);
    assert_int_equal(back.n_actions, 9);
    assert_int_equal(gin_save_remove(&k, &lk), 0);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_ABSENT);
    /* Never written as what the reader would refuse. */
    gin_save_info odd = info_of("Easy", 0, 0);
    assert_int_equal(gin_save_format(&odd, &rec, text, sizeof text), GIN_ENAME);
    odd = info_of("easy", 2, 0);
    assert_int_equal(gin_save_format(&odd, &rec, text, sizeof text), GIN_EINVAL);
    odd = info_of("easy", 0, 0);
    odd.game[0] = '\0';
    assert_int_equal(gin_save_format(&odd, &rec, text, sizeof text), GIN_ENAME);
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
    gin_save_info info = info_of("easy", 0, 2), got;
    gin_lock lk;
    gin_kept k;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_int_equal(back.rules.seats, 3);
    assert_int_equal(back.rules.undercut_penalty, 10);
    assert_int_equal(got.human, 2);
    static gin_game g;
    assert_int_equal(gin_record_replay(&back, &g, NULL, NULL, NULL), GIN_OK);
    assert_int_equal(g.rules.seats, 3);
    gin_lock_release(&lk);
}

/* The save text with one header line replaced (line 1-5), or the record
 * cut to `moves` actions; into the state directory as a person would. */
static size_t save_text(const char *header_line, int which, int moves)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    play_some(&rec, &r, 42, moves);
    gin_save_info info = info_of("normal", 0, 0);
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
        {"level Easy", 3, "line 3: unknown level 'Easy'"},
        {"level zzz", 3, "line 3: unknown level 'zzz'"},
        {"level", 3, "line 3: expected 'level VALUE'"},
        {"practice 4294967296", 4, "line 4: practice '4294967296': must be 0 to 1"},
        {"practice -0x1", 4, "line 4: practice '-0x1'"},
        {"human 1 2", 5, "line 5: expected 'human VALUE'"},
        {"human 3", 5, "line 5: human 3: the game has 2 seats"},
        {"gin-save two", 1, "line 1: unknown save format version 'two'"},
        {"game 123", 2, "line 2: game '123': expected 16 hex digits"},
        {"end won", 6, "line 7: expected 'date VALUE'"},
    };
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = save_text(cases[i].line, cases[i].which, 20);
        fx_write(f->state, "save", text, n);
        gin_kept k;
        gin_save_info info;
        assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
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
    /* Each one kept: save.bad, save.bad.2, ... save.bad.10. */
    assert_true(fx_exists(f->state, "save.bad"));
    assert_true(fx_exists(f->state, "save.bad.10"));
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
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "already over"));
    /* Cut in the middle: the record's own error, its line counted from the top. */
    n = save_text(NULL, 0, 20);
    char *mid = strstr(text, "\nend\n");
    assert_non_null(mid);
    fx_write(f->state, "save", text, (size_t)(mid - text) + 1);
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
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
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "does not replay"));
    /* A NUL byte in the header. */
    n = save_text(NULL, 0, 20);
    text[12] = '\0';
    fx_write(f->state, "save", text, n);
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 2: a NUL byte"));
    gin_text_fault fault;
    assert_int_equal(gin_save_parse("", 0, &info, &back, &fault), GIN_EFORMAT);
    assert_int_equal(fault.line, 1);
}

/* Issue 29: a newer gin's save (`gin-save 4` since format 3, or a game record of a
 * later format in it) was moved to save.bad. It is left alone: not
 * damage, never moved, never written over. */
static void test_newer_save_is_left_alone(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    for (int i = 0; i < 2; i++) {
        size_t n = save_text(i == 0 ? "gin-save 4" : "gin-record 2", i == 0 ? 1 : 7, 20);
        fx_write(f->state, "save", text, n);
        gin_kept k;
        gin_save_info info;
        assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_LEFT);
        assert_non_null(strstr(k.why, "newer gin"));
        assert_int_equal(gin_kept_quarantine(&k), -1);
        assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), -1);
        assert_int_equal(gin_save_remove(&k, &lk), -1);
        size_t len = 0;
        char *still = fx_read(f->state, "save", &len);
        assert_non_null(still);
        assert_int_equal(len, n);
        assert_memory_equal(still, text, n);
        free(still);
        assert_false(fx_exists(f->state, "save.bad"));
    }
    gin_lock_release(&lk);
}

/* Format 1 (no identity written) still resumes; its identity is made from
 * its text, the same at every read. CRLF line ends are read too. */
static void test_format_1_and_crlf(void **state)
{
    store_fixture *f = *state;
    size_t n = save_text(NULL, 0, 20);
    const char *body = strstr(text, "\n\n") + 2;
    static char v1[sizeof text], crlf[2 * sizeof text / 3];
    int m = snprintf(v1, sizeof v1, "gin-save 1\nlevel normal\npractice 0\nhuman 0\n\n%s", body);
    fx_write(f->state, "save", v1, (size_t)m);
    gin_kept k;
    gin_save_info a, b;
    assert_int_equal(gin_save_read(&k, &a, &back, known_level), GIN_KEPT_LOADED);
    assert_int_equal(gin_save_read(&k, &b, &back, known_level), GIN_KEPT_LOADED);
    assert_int_equal(strlen(a.game), 16);
    assert_string_equal(a.game, b.game);
    assert_string_equal(a.level, "normal");
    size_t o = 0;
    for (size_t i = 0; i < n && o + 2 < sizeof crlf; i++) {
        if (text[i] == '\n')
            crlf[o++] = '\r';
        crlf[o++] = text[i];
    }
    fx_write(f->state, "save", crlf, o);
    assert_int_equal(gin_save_read(&k, &a, &back, known_level), GIN_KEPT_LOADED);
    assert_string_equal(a.game, "00000000deadbeef");
    assert_int_equal(back.n_actions, 20);
}

/* The save of a game whose hand the player ordered (format 3): the
 * normal save of 20 moves with its version line made 3 and `order`
 * (when not NULL) put after `human`; its length. */
static size_t order_text(const char *order_line)
{
    size_t n = save_text(NULL, 0, 20);
    assert_true(!strncmp(text, "gin-save 2\n", 11));
    char *blank = strstr(text, "\n\n") + 1; /* after `human` */
    static char out[sizeof text];
    int m = snprintf(out, sizeof out, "gin-save 3\n%.*s%s%s%s", (int)(blank - text - 11), text + 11,
                     order_line ? order_line : "", order_line ? "\n" : "", blank);
    assert_true(m > 0 && (size_t)m < sizeof out && (size_t)m <= n + 64);
    memcpy(text, out, (size_t)m + 1);
    return (size_t)m;
}

/* QA: the player's own order of the hand was lost on resume. A save with
 * one is format 3 and reads back with it; one without is format 2, byte
 * for byte as before, so a gin that knows only format 2 still resumes it. */
static void test_order_round_trip(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    play_some(&rec, &r, 42, 20);
    static const char *const cards[] = {"7H", "8H", "9H", "KS", "2C", "TD"};
    gin_save_info info = info_of("normal", 0, 0), got;
    for (int i = 0; i < 6; i++)
        assert_int_equal(gin_card_parse(cards[i], &info.order[info.n_order++], NULL), GIN_OK);
    gin_kept k;
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    char *t = fx_read(f->state, "save", NULL);
    assert_non_null(t);
    const char *head3 = "gin-save 3\ngame 00000000deadbeef\nlevel normal\npractice 0\nhuman 0\n"
                        "order 7H 8H 9H KS 2C TD\n\ngin-record 1\n";
    assert_memory_equal(t, head3, strlen(head3));
    free(t);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_memory_equal(&got, &info, sizeof info);
    assert_int_equal(back.n_actions, 20);
    /* Cards as the record reads them; any number up to a hand's. */
    size_t n = order_text("order 7h 10H  as");
    fx_write(f->state, "save", text, n);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_int_equal(got.n_order, 3);
    assert_int_equal(got.order[1], gin_card_make(9, 1));
    /* Without an order: format 2, the very text of before. */
    info.n_order = 0;
    int len = gin_save_format(&info, &rec, text, sizeof text);
    static char want[sizeof text];
    int head = snprintf(want, sizeof want, "gin-save 2\ngame 00000000deadbeef\nlevel normal\npractice 0\nhuman 0\n\n");
    int body = gin_record_format(&rec, want + head, sizeof want - (size_t)head);
    assert_true(body > 0);
    assert_int_equal(len, head + body);
    assert_memory_equal(text, want, (size_t)len);
    /* Never written as what the reader would refuse. */
    info.n_order = 2;
    info.order[1] = info.order[0];
    assert_int_equal(gin_save_format(&info, &rec, text, sizeof text), GIN_EINVAL);
    info.order[1] = 13; /* rank 13: no card */
    assert_int_equal(gin_save_format(&info, &rec, text, sizeof text), GIN_EINVAL);
    info.n_order = GIN_SAVE_ORDER_MAX + 1;
    assert_int_equal(gin_save_format(&info, &rec, text, sizeof text), GIN_EINVAL);
    gin_lock_release(&lk);
}

/* A bad order line is damage like any other bad line, named by its
 * number; the record's line numbers count the order line too. */
static void test_bad_order_is_damaged(void **state)
{
    store_fixture *f = *state;
    static const struct {
        const char *line; /* the order line; NULL: none */
        const char *why;
    } cases[] = {
        {"order 7H 7H", "line 6: order: '7H' twice"},
        {"order 7H ZZ", "line 6: order: 'ZZ' is not a card"},
        {"order 7H,8H", "line 6: order: '7H,8H' is not a card"},
        {"order 7H\t8H", "line 6: order: '7H\\x098H' is not a card"},
        {"order ", "line 6: expected 'order VALUE'"},
        {"order", "line 6: expected 'order VALUE'"},
        {"order AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "line 6: order: more than 11 cards"},
        {NULL, "line 6: expected 'order VALUE'"},
        {"end won", "line 6: expected 'order VALUE'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = order_text(cases[i].line);
        fx_write(f->state, "save", text, n);
        gin_kept k;
        gin_save_info info;
        assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
        if (!strstr(k.why, cases[i].why))
            fail_msg("case %zu: '%s' does not say '%s'", i, k.why, cases[i].why);
    }
    /* Format 2 has no order line. */
    size_t n = save_text("human 0\norder 7H", 5, 20);
    fx_write(f->state, "save", text, n);
    gin_kept k;
    gin_save_info info;
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 6: expected the blank line before the record"));
    /* A move that does not replay, named by its line of the whole file. */
    n = order_text("order 7H");
    char *last = strstr(text, "\nend\n"), *prev = last - 1;
    while (*prev != '\n')
        prev--;
    int line = 2;
    for (const char *p = text; p < prev; p++)
        line += *p == '\n';
    static char bad[sizeof text];
    int m = snprintf(bad, sizeof bad, "%.*s\ndiscard AS%s", (int)(prev - text), text, last);
    fx_write(f->state, "save", bad, (size_t)m);
    assert_int_equal(gin_save_read(&k, &info, &back, known_level), GIN_KEPT_DAMAGED);
    char at[32];
    snprintf(at, sizeof at, "line %d:", line);
    if (!strstr(k.why, at) || !strstr(k.why, "does not replay"))
        fail_msg("'%s' does not say '%s ... does not replay'", k.why, at);
}

/* The save of a game that has ended (the journal of its end): read back
 * with its end; its end must agree with the game (a game played to its
 * end, or one left before it); its bot need not be one the table plays. */
static void test_ended_save(void **state)
{
    store_fixture *f = *state;
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    play_some(&rec, &r, 42, 100000); /* the whole game */
    gin_save_info info = info_of("collector", 0, 0), got;
    info.ended = 1;
    gin_ending *e = &info.end;
    snprintf(e->result, sizeof e->result, "lost");
    snprintf(e->date, sizeof e->date, "2024-05-01T12:34:56Z");
    snprintf(e->rules, sizeof e->rules, "standard, target 150");
    e->score[0] = 88;
    e->score[1] = 132;
    e->counts = 1;
    e->tally = (gin_game_tally){.hands = 5,
                                .hands_won = 2,
                                .gins = 1,
                                .knocks = 1,
                                .points = 45,
                                .points_against = 60,
                                .margin = -44,
                                .rules = "standard"};
    gin_kept k;
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_ABSENT);
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    char *t = fx_read(f->state, "save", NULL);
    assert_non_null(strstr(t, "\nhuman 0\nend lost\ndate 2024-05-01T12:34:56Z\nrules standard, target 150\n"
                              "score 88 132\ncounts 1\ntally standard 5 2 1 0 1 45 0 60 -44\n\ngin-record 1\n"));
    free(t);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_int_equal(got.ended, 1);
    assert_memory_equal(&got, &info, sizeof info);
    /* "resigned" of a game played to its end: the end disagrees. */
    snprintf(e->result, sizeof e->result, "resigned");
    assert_int_equal(gin_save_write(&k, &lk, &info, &rec, why, sizeof why), 0);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 6: end resigned: the game in it is over"));
    /* With an order (format 3), the end follows it: named by its line. */
    info.n_order = 1;
    info.order[0] = gin_card_make(0, 0);
    int n = gin_save_format(&info, &rec, text, sizeof text);
    assert_true(n > 0);
    assert_non_null(strstr(text, "\nhuman 0\norder AS\nend resigned\n"));
    fx_write(f->state, "save", text, (size_t)n);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_DAMAGED);
    assert_non_null(strstr(k.why, "line 7: end resigned: the game in it is over"));
    memset(e->result, 0, sizeof e->result); /* as read back: no "ned" of "resigned" after it */
    snprintf(e->result, sizeof e->result, "lost");
    n = gin_save_format(&info, &rec, text, sizeof text);
    fx_write(f->state, "save", text, (size_t)n);
    assert_int_equal(gin_save_read(&k, &got, &back, known_level), GIN_KEPT_LOADED);
    assert_memory_equal(&got, &info, sizeof info);
    gin_lock_release(&lk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_save_ring_game, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_unresumable_saves_are_damaged_not_deleted, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_other_damage, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_newer_save_is_left_alone, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_format_1_and_crlf, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_ended_save, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_order_round_trip, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_bad_order_is_damaged, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
