/* Tests of game records: format -> parse -> replay reproduces a game
 * exactly; damaged records are rejected naming the line at fault. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/game.h"
#include "gin/meld.h"
#include "gin/record.h"
#include "support/support.h"

enum { TEXT_CAP = 1 << 20 };

/* Greedy play with one random discard in five. */
static gin_action choose(const gin_hand *h, gin_rng *rng) { return test_greedy_action(h, rng, 5, 1); }

/* Play a whole game (or stop after `max_actions`) into rec and g. */
static void play(const gin_rules *r, uint64_t seed, gin_record *rec, gin_game *g, int max_actions)
{
    gin_rng rng;
    gin_rng_seed(&rng, ~seed);
    gin_record_init(rec, r, seed);
    assert_int_equal(gin_game_init(g, r, seed), GIN_OK);
    while (!g->over && rec->n_actions < max_actions) {
        if (g->hand_no == 0 || g->hand.phase == GIN_PHASE_OVER)
            assert_int_equal(gin_game_deal(g, NULL, NULL), GIN_OK);
        gin_action a = choose(&g->hand, &rng);
        assert_int_equal(gin_game_apply(g, a, NULL, NULL), GIN_OK);
        assert_int_equal(gin_record_add(rec, a), GIN_OK);
    }
}

static void same_game(const gin_game *a, const gin_game *b)
{
    assert_int_equal(a->hand_no, b->hand_no);
    assert_int_equal(a->n_results, b->n_results);
    assert_memory_equal(a->results, b->results, sizeof a->results[0] * (size_t)a->n_results);
    assert_memory_equal(&a->score, &b->score, sizeof a->score);
    assert_int_equal(a->over, b->over);
    assert_int_equal(a->dealer, b->dealer);
    assert_memory_equal(a->deck, b->deck, sizeof a->deck);
    assert_memory_equal(a->hand.held, b->hand.held, sizeof a->hand.held);
    assert_int_equal(a->hand.phase, b->hand.phase);
    assert_int_equal(a->hand.stock_n, b->hand.stock_n);
    assert_memory_equal(a->hand.pile, b->hand.pile, sizeof a->hand.pile[0] * (size_t)a->hand.pile_n);
}

typedef struct fixture {
    gin_record rec, parsed;
    gin_game g, replayed;
    char text[TEXT_CAP];
} fixture;

static int setup(void **state)
{
    *state = calloc(1, sizeof(fixture));
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

static void test_round_trip(void **state)
{
    fixture *f = *state;
    for (size_t p = 0; p < gin_rules_preset_count(); p++) {
        for (uint64_t seed = 0; seed < 40; seed++) {
            gin_rules r = *gin_rules_preset_at(p);
            r.hollywood = seed % 4 == 3;
            if (seed % 5 == 4)
                r.big_gin_bonus = 31;
            r.spade_double = seed % 7 == 6; /* the newest knob: written only when on */
            int limit = seed % 3 == 2 ? 1 + (int)(seed * 7 % 90) : GIN_RECORD_MAX_ACTIONS;
            play(&r, seed * 1000 + p, &f->rec, &f->g, limit);
            int len = gin_record_format(&f->rec, f->text, TEXT_CAP);
            assert_true(len > 0);
            assert_int_equal((size_t)len, strlen(f->text));
            int line = -1;
            assert_int_equal(gin_record_parse(f->text, &f->parsed, &line), GIN_OK);
            assert_int_equal(line, 0);
            assert_int_equal(f->parsed.seed, f->rec.seed);
            assert_int_equal(f->parsed.n_actions, f->rec.n_actions);
            assert_memory_equal(f->parsed.actions, f->rec.actions, sizeof f->rec.actions[0] * (size_t)f->rec.n_actions);
            assert_true((strstr(f->text, "\nspade-double on\n") != NULL) == (r.spade_double != 0));
            assert_null(strstr(f->text, "spade-double off"));
            assert_string_equal(f->parsed.rules.name,
                                r.big_gin_bonus || r.hollywood || r.spade_double ? "custom" : r.name);
            f->parsed.rules.name = r.name;
            assert_memory_equal(&f->parsed.rules, &r, sizeof r);
            int idx = 0, el = 0;
            assert_int_equal(gin_record_replay_lines(&f->parsed, &f->replayed, NULL, NULL, &idx, &el), GIN_OK);
            assert_int_equal(idx, -1);
            same_game(&f->g, &f->replayed);
            /* the unchecked record replays the same */
            assert_int_equal(gin_record_replay(&f->rec, &f->replayed, NULL, NULL, &idx), GIN_OK);
            same_game(&f->g, &f->replayed);
            /* formatting the parsed record gives the same text */
            static char again[TEXT_CAP];
            assert_int_equal(gin_record_format(&f->parsed, again, TEXT_CAP), len);
            assert_string_equal(again, f->text);
        }
    }
}

/* Replace line `n` (1-based) of text with `with` (NULL: delete it). */
static void edit_line(const char *text, int n, const char *with, char *out)
{
    int line = 1;
    const char *s = text;
    out[0] = '\0';
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s + 1) : strlen(s);
        if (line == n) {
            if (with) {
                strcat(out, with);
                strcat(out, "\n");
            }
        } else {
            strncat(out, s, len);
        }
        s += len;
        line++;
    }
}

/* The 1-based number of the first line starting with `prefix` after line
 * `from`, or 0. */
static int find_line(const char *text, const char *prefix, int from)
{
    int line = 1;
    for (const char *s = text; *s; line++) {
        if (line > from && strncmp(s, prefix, strlen(prefix)) == 0)
            return line;
        const char *nl = strchr(s, '\n');
        if (!nl)
            break;
        s = nl + 1;
    }
    return 0;
}

static int parse_fails_at(fixture *f, const char *text)
{
    int line = 0;
    assert_true(gin_record_parse(text, &f->parsed, &line) < 0);
    return line;
}

static int replay_fails_at(fixture *f, const char *text, int expect_rc)
{
    int line = -1, idx = -2, el = -1;
    assert_int_equal(gin_record_parse(text, &f->parsed, &line), GIN_OK);
    assert_int_equal(gin_record_replay_lines(&f->parsed, &f->replayed, NULL, NULL, &idx, &el), expect_rc);
    assert_true(idx >= 0);
    return el;
}

static void test_damaged(void **state)
{
    fixture *f = *state;
    gin_rules r = *gin_rules_preset_at(0);
    play(&r, 12345, &f->rec, &f->g, GIN_RECORD_MAX_ACTIONS);
    assert_true(f->g.over);
    assert_true(gin_record_format(&f->rec, f->text, TEXT_CAP) > 0);
    static char bad[TEXT_CAP];

    /* a bad card */
    int d = find_line(f->text, "discard ", 0);
    assert_true(d > 0);
    edit_line(f->text, d, "discard 1X", bad);
    assert_int_equal(parse_fails_at(f, bad), d);
    /* an unknown word */
    edit_line(f->text, d, "dsicard 5H", bad);
    assert_int_equal(parse_fails_at(f, bad), d);
    /* a knock without its card, after a line that had one: the reader
     * once took the card of the line before (a word it had not set) */
    edit_line(f->text, d + 1, "knock", bad);
    assert_int_equal(parse_fails_at(f, bad), d + 1);
    /* upper case: records are lower case */
    edit_line(f->text, d, "DISCARD 5H", bad);
    assert_int_equal(parse_fails_at(f, bad), d);
    /* the wrong version */
    edit_line(f->text, 1, "gin-record 2", bad);
    assert_int_equal(parse_fails_at(f, bad), 1);
    /* an unknown preset */
    edit_line(f->text, 2, "rules poker", bad);
    assert_int_equal(gin_record_parse(bad, &f->parsed, &(int){0}), GIN_ENAME);
    assert_int_equal(parse_fails_at(f, bad), 2);
    /* a missing knob */
    int k = find_line(f->text, "gin-bonus", 0);
    edit_line(f->text, k, NULL, bad);
    assert_int_equal(parse_fails_at(f, bad), find_line(f->text, "hand 1", 0) - 1);
    /* a knob out of range */
    edit_line(f->text, k, "gin-bonus -5", bad);
    assert_int_equal(gin_record_parse(bad, &f->parsed, &(int){0}), GIN_ERULES);

    /* truncated: no "end" */
    size_t len = strlen(f->text);
    memcpy(bad, f->text, len + 1);
    char *cut = bad + len - 1;
    while (cut > bad && cut[-1] != '\n')
        cut--;
    *cut = '\0';
    int total_lines = find_line(f->text, "end", 0);
    assert_int_equal(parse_fails_at(f, bad), total_lines);
    /* truncated in the middle of a line */
    memcpy(bad, f->text, len + 1);
    bad[len / 2] = '\0';
    assert_true(parse_fails_at(f, bad) > 0);

    /* an illegal action: a discard of a card not held */
    int s = find_line(f->text, "stock", find_line(f->text, "hand 1", 0));
    assert_true(s > 0);
    edit_line(f->text, s, "discard AS", bad);
    assert_int_equal(replay_fails_at(f, bad, GIN_EILLEGAL), s);
    /* a wrong check line */
    int res = find_line(f->text, "result ", 0);
    edit_line(f->text, res, "result void totals 0 0", bad);
    if (strcmp(bad, f->text) == 0)
        edit_line(f->text, res, "result gin seat 0 points 99 totals 99 0", bad);
    assert_int_equal(replay_fails_at(f, bad, GIN_EMISMATCH), res);
    /* a wrong dealer */
    int h2 = find_line(f->text, "hand 2 dealer ", 0);
    assert_true(h2 > 0);
    const char *hl = f->text;
    for (int i = 1; i < h2; i++)
        hl = strchr(hl, '\n') + 1;
    edit_line(f->text, h2, hl[14] == '0' ? "hand 2 dealer 1" : "hand 2 dealer 0", bad);
    assert_int_equal(replay_fails_at(f, bad, GIN_EMISMATCH), h2);
    /* a wrong seed: the first action or check that disagrees is named */
    int seed_line = find_line(f->text, "seed ", 0);
    edit_line(f->text, seed_line, "seed 1", bad);
    int line = -1, idx = 0, el = 0;
    assert_int_equal(gin_record_parse(bad, &f->parsed, &line), GIN_OK);
    assert_true(gin_record_replay_lines(&f->parsed, &f->replayed, NULL, NULL, &idx, &el) < 0);
    assert_true(el > seed_line);
    /* a missing result line breaks the structure */
    edit_line(f->text, res, NULL, bad);
    assert_int_equal(parse_fails_at(f, bad), res);
    /* an action after the hand ended: it is at fault */
    const char *rl = f->text;
    for (int i = 1; i < res; i++)
        rl = strchr(rl, '\n') + 1;
    char extra[128] = "stock\n";
    strncat(extra, rl, (size_t)(strchr(rl, '\n') - rl));
    edit_line(f->text, res, extra, bad);
    assert_int_equal(replay_fails_at(f, bad, GIN_EMISMATCH), res);
    /* a missing game-over line */
    int go = find_line(f->text, "game-over", 0);
    assert_true(go > 0);
    edit_line(f->text, go, NULL, bad);
    assert_int_equal(replay_fails_at(f, bad, GIN_EMISMATCH), go);
    /* anything after end */
    memcpy(bad, f->text, len + 1);
    strcat(bad, "stock\n");
    assert_int_equal(parse_fails_at(f, bad), total_lines + 1);
    /* blank lines and comments are fine, CRLF too */
    edit_line(f->text, 2, "# a comment\n\nrules standard\r", bad);
    assert_int_equal(gin_record_parse(bad, &f->parsed, &line), GIN_OK);
}

/* A header line at fault is named, with what is wrong with it. */
static void header_fails(fixture *f, const char *text, int want_rc, int want_line, const char *want_why)
{
    int line = 0;
    char why[128];
    assert_int_equal(gin_record_parse(text, &f->parsed, &line), want_rc);
    assert_int_equal(line, want_line);
    assert_int_equal(gin_record_parse_why(text, &f->parsed, &line, why, sizeof why), want_rc);
    assert_int_equal(line, want_line);
    assert_string_equal(why, want_why);
}

static void test_header_faults(void **state)
{
    fixture *f = *state;
    gin_rules r = *gin_rules_preset_at(0);
    play(&r, 2024, &f->rec, &f->g, 200);
    assert_true(gin_record_format(&f->rec, f->text, TEXT_CAP) > 0);
    static char bad[TEXT_CAP];
    const char *t = f->text;

    /* a value no table allows: its own line, the knob's own message (it
     * was once "invalid rule set" at the first hand line) */
    int k = find_line(t, "target ", 0);
    edit_line(t, k, "target 0", bad);
    header_fails(f, bad, GIN_ERULES, k, "target: must be 1 to 10000");
    k = find_line(t, "knock ", 0);
    edit_line(t, k, "knock 11", bad);
    header_fails(f, bad, GIN_ERULES, k, "knock: must be 0 to 10 (0 = gin only) or upcard");
    /* the upcard limit is the word, as on the command line: -1 was read as it */
    edit_line(t, k, "knock -1", bad);
    header_fails(f, bad, GIN_EFORMAT, k, "knock: expected 0 to 10 or upcard");
    k = find_line(t, "stock-void-at ", 0);
    edit_line(t, k, "stock-void-at 31", bad);
    header_fails(f, bad, GIN_ERULES, k, "stock-void-at: must be 0 up to one less than the stock after the deal");
    k = find_line(t, "seats ", 0);
    edit_line(t, k, "seats 5", bad);
    header_fails(f, bad, GIN_ERULES, k, "seats: must be 2 to 4");
    edit_line(t, k, "seats 2\nundercut-penalty 1001", bad);
    header_fails(f, bad, GIN_ERULES, k + 1, "undercut-penalty: must be 0 to 1000");

    /* a missing line is named as missing, at the line that ends the header */
    int hand1 = find_line(t, "hand 1 ", 0);
    edit_line(t, find_line(t, "hollywood ", 0), NULL, bad);
    header_fails(f, bad, GIN_EFORMAT, hand1 - 1, "no 'hollywood' line in the header");
    edit_line(t, find_line(t, "seed ", 0), NULL, bad);
    header_fails(f, bad, GIN_EFORMAT, hand1 - 1, "no 'seed' line in the header");
    /* a repeated one at its second coming */
    k = find_line(t, "target ", 0);
    edit_line(t, k, "target 100\ntarget 50", bad);
    header_fails(f, bad, GIN_EFORMAT, k + 1, "a second 'target' line in the header");

    /* knobs good alone that do not go together: the whole rule set's
     * message, at the last header line */
    r = *gin_rules_preset_at(2);
    assert_int_equal(gin_rules_ring(&r, 3), GIN_OK);
    play(&r, 2025, &f->rec, &f->g, 200);
    assert_true(gin_record_format(&f->rec, f->text, TEXT_CAP) > 0);
    int last = find_line(t, "hand 1 ", 0) - 1;
    edit_line(t, find_line(t, "hollywood ", 0), "hollywood on", bad);
    header_fails(f, bad, GIN_ERULES, last, "invalid rule set: hollywood: two seats only");
    edit_line(t, find_line(t, "stock-void-at ", 0), "stock-void-at 30", bad); /* 0..29 at three seats */
    header_fails(f, bad, GIN_ERULES, last,
                 "invalid rule set: stock-void-at: must be 0 up to one less than the stock after the deal");
}

/* The text of line n (1-based) of text, into out. */
static void line_text(const char *text, int n, char *out, size_t cap)
{
    const char *s = text;
    for (int i = 1; i < n; i++)
        s = strchr(s, '\n') + 1;
    snprintf(out, cap, "%.*s", (int)strcspn(s, "\n"), s);
}

/* "gin C" claims the knock is gin: a knock that leaves deadwood, written
 * so, is refused at its line (it was once read as a plain knock); and a
 * gin is written so, never as "knock C" (once read without a word). */
static void test_false_gin(void **state)
{
    fixture *f = *state;
    static char bad[TEXT_CAP];
    int tried = 0, tried_gin = 0;
    for (size_t p = 0; p < gin_rules_preset_count(); p++) {
        gin_rules r = *gin_rules_preset_at(p);
        play(&r, 99 + p, &f->rec, &f->g, GIN_RECORD_MAX_ACTIONS);
        assert_true(gin_record_format(&f->rec, f->text, TEXT_CAP) > 0);
        for (int k = find_line(f->text, "knock ", find_line(f->text, "hand 1 ", 0)); k > 0;
             k = find_line(f->text, "knock ", k)) {
            char was[256], now[300];
            line_text(f->text, k, was, sizeof was);
            snprintf(now, sizeof now, "gin %s", was + 6);
            edit_line(f->text, k, now, bad);
            assert_int_equal(replay_fails_at(f, bad, GIN_EILLEGAL), k);
            tried++;
        }
        /* a gin is written "gin C": as "knock C" the record disagrees */
        for (int k = find_line(f->text, "gin ", 0); k > 0; k = find_line(f->text, "gin ", k)) {
            char was[256], now[300];
            line_text(f->text, k, was, sizeof was);
            snprintf(now, sizeof now, "knock %s", was + 4);
            edit_line(f->text, k, now, bad);
            assert_int_equal(replay_fails_at(f, bad, GIN_EMISMATCH), k);
            tried_gin++;
        }
    }
    assert_true(tried > 0 && tried_gin > 0);
}

static void test_record_limits(void **state)
{
    fixture *f = *state;
    gin_rules r = *gin_rules_preset_at(0);
    gin_record_init(&f->rec, &r, 1);
    /* an illegal game cannot be formatted */
    assert_int_equal(gin_record_add(&f->rec, gin_action_make(GIN_ACT_DISCARD, 0)), GIN_OK);
    assert_int_equal(gin_record_format(&f->rec, f->text, TEXT_CAP), GIN_EILLEGAL);
    int idx = -1;
    assert_int_equal(gin_record_replay(&f->rec, &f->g, NULL, NULL, &idx), GIN_EILLEGAL);
    assert_int_equal(idx, 0);
    /* too small a buffer */
    gin_record_init(&f->rec, &r, 1);
    assert_int_equal(gin_record_format(&f->rec, f->text, 20), GIN_ESPACE);
    /* an empty game is a valid record */
    int len = gin_record_format(&f->rec, f->text, TEXT_CAP);
    assert_true(len > 0);
    int line;
    assert_int_equal(gin_record_parse(f->text, &f->parsed, &line), GIN_OK);
    assert_int_equal(f->parsed.n_actions, 0);
    assert_int_equal(gin_record_replay(&f->parsed, &f->g, NULL, NULL, &idx), GIN_OK);
    /* the record fills up */
    f->rec.n_actions = GIN_RECORD_MAX_ACTIONS;
    assert_int_equal(gin_record_add(&f->rec, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD)), GIN_ESPACE);
}

/* Run `gin replay` on text; returns its exit status and the first line of
 * what it printed on stderr in err. */
static int run_replay(const char *text, char *err, size_t cap)
{
    char path[] = "/tmp/gin_test_record_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    char cmd[2048], errpath[64];
    snprintf(errpath, sizeof errpath, "%s.err", path);
    snprintf(cmd, sizeof cmd, "'%s' replay '%s' > /dev/null 2> '%s'", GIN_BINARY, path, errpath);
    int st = system(cmd);
    err[0] = '\0';
    FILE *e = fopen(errpath, "r");
    if (e) {
        if (!fgets(err, (int)cap, e))
            err[0] = '\0';
        fclose(e);
    }
    remove(path);
    remove(errpath);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_gin_replay_command(void **state)
{
    fixture *f = *state;
    gin_rules r = *gin_rules_preset_at(2);
    play(&r, 777, &f->rec, &f->g, GIN_RECORD_MAX_ACTIONS);
    assert_true(gin_record_format(&f->rec, f->text, TEXT_CAP) > 0);
    char err[256];
    assert_int_equal(run_replay(f->text, err, sizeof err), 0);
    assert_string_equal(err, "");
    static char bad[TEXT_CAP];
    int d = find_line(f->text, "discard ", 0);
    edit_line(f->text, d, "discard 5Z", bad);
    assert_int_equal(run_replay(bad, err, sizeof err), 1);
    char want[64];
    snprintf(want, sizeof want, ":%d: ", d);
    assert_non_null(strstr(err, want));
    /* a bad rule value: its line, the knob's message, the line quoted */
    int k = find_line(f->text, "target ", 0);
    edit_line(f->text, k, "target 0", bad);
    assert_int_equal(run_replay(bad, err, sizeof err), 1);
    snprintf(want, sizeof want, ":%d: target: must be 1 to 10000: \"target 0\"", k);
    assert_non_null(strstr(err, want));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(test_header_faults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_false_gin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gin_replay_command, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
