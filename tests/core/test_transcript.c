/* Tests of a seat's transcript (gin_proto_transcript): read back line by
 * line as a bot reads them, it rebuilds the seat's very view and ends with
 * the request of the decision in play. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/game.h"
#include "gin/protocol.h"
#include "gin/record.h"
#include "gin/view.h"
#include "support/support.h"

static gin_record rec;
static char text[1 << 17];

/* Play `moves` actions of a game (greedy policies) into rec and g; then on
 * until it is `seat`'s decision. */
static void play_to(gin_game *g, const char *preset, int seats, uint64_t seed, int moves, int seat)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(preset, &r), GIN_OK);
    if (seats > 2)
        assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
    assert_int_equal(gin_game_init(g, &r, seed), GIN_OK);
    gin_record_init(&rec, &r, seed);
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    for (int i = 0; !g->over; i++) {
        if (g->hand_no == 0 || g->hand.phase == GIN_PHASE_OVER)
            assert_int_equal(gin_game_deal(g, NULL, NULL), GIN_OK);
        if (i >= moves && g->hand.turn == seat)
            return;
        gin_action a = test_greedy_action(&g->hand, &rng, 4, 1);
        assert_int_equal(gin_record_add(&rec, a), GIN_OK);
        assert_int_equal(gin_game_apply(g, a, NULL, NULL), GIN_OK);
    }
}

/* Feed the transcript to a bot's client; returns the last line's kind. */
static int read_back(const char *t, gin_proto_client *c)
{
    gin_proto_client_init(c);
    int last = -1;
    while (*t) {
        const char *nl = strchr(t, '\n');
        assert_non_null(nl);
        char line[GIN_PROTO_LINE_MAX];
        memcpy(line, t, (size_t)(nl - t + 1));
        line[nl - t + 1] = '\0';
        gin_proto_msg m;
        assert_int_equal(gin_proto_parse(line, &m), GIN_OK);
        assert_int_equal(gin_proto_client_feed(c, &m, NULL, NULL), GIN_OK);
        last = m.kind;
        t = nl + 1;
    }
    return last;
}

static void rebuilds_the_view(void **state)
{
    (void)state;
    static const int moves[] = {0, 1, 5, 17, 40, 90};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        for (int seat = 0; seat < 2; seat++) {
            gin_game g;
            play_to(&g, "standard", 2, 7 + i, moves[i], seat);
            if (g.over)
                continue;
            int n = gin_proto_transcript(&rec, seat, text, sizeof text);
            assert_true(n > 0);
            assert_int_equal((int)strlen(text), n);
            assert_memory_equal(text, "gin 1\nrules ", 12);
            gin_proto_client c;
            int last = read_back(text, &c);
            int phase = g.hand.phase;
            assert_int_equal(last, phase == GIN_PHASE_OFFER  ? GIN_PROTO_OFFER
                                   : phase == GIN_PHASE_DRAW ? GIN_PROTO_DRAW
                                                             : GIN_PROTO_DISCARD);
            /* The seat's hand, the pile and the phase as the game has them. */
            assert_int_equal(c.view.seat, seat);
            assert_true(c.view.hand == g.hand.held[seat]);
            assert_int_equal(c.view.phase, phase);
            assert_int_equal(c.view.pile_n, g.hand.pile_n);
            assert_int_equal(c.view.stock_n, g.hand.stock_n);
            assert_int_equal(c.view.hand_no, g.hand_no);
        }
}

static void a_ring_too(void **state)
{
    (void)state;
    gin_game g;
    play_to(&g, "oklahoma", 3, 5, 30, 2);
    assert_false(g.over);
    assert_true(gin_proto_transcript(&rec, 2, text, sizeof text) > 0);
    gin_proto_client c;
    read_back(text, &c);
    assert_true(c.view.hand == g.hand.held[2]);
}

static void refuses_what_it_cannot_tell(void **state)
{
    (void)state;
    gin_game g;
    play_to(&g, "standard", 2, 3, 10, 0);
    /* Another seat's decision, a seat the rules lack, no room. */
    assert_int_equal(gin_proto_transcript(&rec, 1, text, sizeof text), GIN_ESTATE);
    assert_int_equal(gin_proto_transcript(&rec, 2, text, sizeof text), GIN_EINVAL);
    assert_int_equal(gin_proto_transcript(&rec, 0, text, 64), GIN_ESPACE);
    assert_int_equal(gin_proto_transcript(NULL, 0, text, sizeof text), GIN_EINVAL);
    /* A record that does not replay: a discard of a card not held. */
    rec.actions[rec.n_actions - 1] = gin_action_make(GIN_ACT_DISCARD, 63);
    assert_int_equal(gin_proto_transcript(&rec, 0, text, sizeof text), GIN_EILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rebuilds_the_view),
        cmocka_unit_test(a_ring_too),
        cmocka_unit_test(refuses_what_it_cannot_tell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
