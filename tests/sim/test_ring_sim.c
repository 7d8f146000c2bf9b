/* A ring of three or four through the front ends: every bot level plays
 * legal complete games at 3 and 4 seats in the simulator (the match loop
 * refuses any illegal action, so a bot that errs fails the run), and
 * `gin replay` of a ring's record prints every seat's spread, layoffs,
 * penalty and running total. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/record.h"
#include "sim.h"

/* Each level against two (three) simple bots, one group of rotations: a
 * complete game from every seat. */
static void test_every_level_plays_a_table(void **state)
{
    (void)state;
    static const char *const levels[] = {"random", "simple", "easy", "normal", "hard", "expert"};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        for (int seats = 3; seats <= 4; seats++) {
            gin_sim_config c;
            memset(&c, 0, sizeof c);
            assert_int_equal(gin_rules_preset("standard", &c.rules), GIN_OK);
            assert_int_equal(gin_rules_ring(&c.rules, seats), GIN_OK);
            c.p1 = levels[i];
            c.p2 = c.p3 = c.p4 = "simple";
            c.seed = 40 + i;
            c.pairs = 1;
            c.jobs = 2;
            c.think_ms = 5; /* expert: keep it quick */
            gin_sim_stats s;
            int rc = gin_sim_run(&c, NULL, NULL, &s);
            if (rc != GIN_OK)
                print_error("%s at %d seats: game %ld failed: %s (player %d)\n", levels[i], seats, s.fault_game,
                            gin_strerror(rc), s.fault_player + 1);
            assert_int_equal(rc, GIN_OK);
            assert_int_equal(s.games, seats);
            long won = s.ties;
            for (int p = 0; p < seats; p++)
                won += s.wins[p];
            assert_int_equal(won, seats);
        }
}

/* ---- a ring's record through `gin replay` ---- */

typedef struct recorder {
    const gin_agent *inner;
    gin_record *rec;
} recorder;

static int r_offer(void *self, const gin_view *v)
{
    recorder *r = self;
    int take = r->inner->offer(r->inner->self, v);
    if (take >= 0)
        gin_record_add(r->rec, gin_action_make(take ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS, GIN_NO_CARD));
    return take;
}

static int r_draw(void *self, const gin_view *v)
{
    recorder *r = self;
    int kind = r->inner->draw(r->inner->self, v);
    if (kind >= 0)
        gin_record_add(r->rec, gin_action_make(kind, GIN_NO_CARD));
    return kind;
}

static int r_discard(void *self, const gin_view *v, gin_action *out)
{
    recorder *r = self;
    int rc = r->inner->discard(r->inner->self, v, out);
    if (rc == GIN_OK)
        gin_record_add(r->rec, *out);
    return rc;
}

static void r_observe(void *self, const gin_view *v, const gin_event *ev)
{
    recorder *r = self;
    if (r->inner->observe)
        r->inner->observe(r->inner->self, v, ev);
}

static void test_replay_prints_every_seat(void **state)
{
    (void)state;
    gin_rules rules;
    assert_int_equal(gin_rules_preset("standard", &rules), GIN_OK);
    assert_int_equal(gin_rules_ring(&rules, 3), GIN_OK);
    gin_record *rec = calloc(1, sizeof *rec);
    gin_match *m = calloc(1, sizeof *m);
    assert_non_null(rec);
    assert_non_null(m);
    gin_record_init(rec, &rules, 11);
    static const char *const names[] = {"hard", "simple", "normal"};
    gin_agent in[3], wrap[3];
    recorder rr[3];
    const gin_agent *seats[3];
    for (int s = 0; s < 3; s++) {
        assert_int_equal(gin_ai_create(names[s], 100 + (uint64_t)s, 0, &in[s]), GIN_OK);
        rr[s] = (recorder){&in[s], rec};
        wrap[s] = (gin_agent){"rec", &rr[s], r_offer, r_draw, r_discard, r_observe, NULL};
        seats[s] = &wrap[s];
    }
    assert_int_equal(gin_match_init(m, &rules, 11, seats, NULL, NULL), GIN_OK);
    assert_int_equal(gin_match_play(m), 0);
    int hands = m->game.n_results;
    assert_true(hands >= 2);
    for (int s = 0; s < 3; s++)
        if (in[s].destroy)
            in[s].destroy(in[s].self);

    size_t cap = 1 << 20;
    char *text = malloc(cap);
    assert_non_null(text);
    assert_true(gin_record_format(rec, text, cap) > 0);
    char path[] = "/tmp/gin-test-table-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);

    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' replay '%s'", GIN_BINARY, path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(text, 1, cap - 1, p);
    text[n] = '\0';
    assert_int_equal(pclose(p), 0);
    unlink(path);
    /* every seat spreads or defends in every scored hand; totals per seat */
    int spreads = 0, defends = 0, totals = 0;
    for (const char *q = text; (q = strstr(q, " spreads: ")); q++)
        spreads++;
    for (const char *q = text; (q = strstr(q, " defends: ")); q++)
        defends++;
    for (const char *q = text; (q = strstr(q, "  penalty totals: Seat 0 ")); q++)
        totals++;
    int scored = 0;
    for (int i = 0; i < hands; i++)
        scored += m->game.results[i].winner >= 0;
    if (spreads != scored || defends != 2 * scored)
        print_error("%s\n", text);
    assert_true(scored > 0);
    assert_int_equal(spreads, scored);
    assert_int_equal(defends, 2 * scored);
    assert_int_equal(totals, hands);
    assert_non_null(strstr(text, ", Seat 2 "));
    assert_non_null(strstr(text, "penalty points paid"));
    assert_non_null(strstr(text, "  Seat 2: "));
    assert_non_null(strstr(text, "penalty points, "));
    int w = gin_game_winner(&m->game, NULL);
    if (w >= 0)
        assert_non_null(strstr(text, "wins with the lowest penalty total"));
    free(text);
    free(rec);
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_level_plays_a_table),
        cmocka_unit_test(test_replay_prints_every_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
