/* Helpers shared by the test programs: see support.h. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rules.h"

gin_card test_card(const char *text)
{
    gin_card c = GIN_NO_CARD;
    assert_int_equal(gin_card_parse(text, &c, NULL), GIN_OK);
    return c;
}

gin_cardset test_cards(const char *text)
{
    gin_cardset s = 0;
    assert_true(gin_cardset_parse(text, &s, NULL) >= 0);
    return s;
}

gin_view test_view_at(const char *hand, const char *pile, int phase, int turns)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    v.dealer = 1;
    v.turn = 0;
    v.phase = phase;
    v.knock_limit = 10;
    v.hand = test_cards(hand);
    const char *p = pile;
    gin_card c;
    while (gin_card_parse(p, &c, &p) == GIN_OK) {
        v.pile_by[v.pile_n] = 1;
        v.pile[v.pile_n++] = c;
        v.discarded[1] |= gin_cardset_of(c);
    }
    v.hand_size[0] = gin_cardset_count(v.hand);
    v.hand_size[1] = 10;
    v.stock_n = 52 - 20 - v.pile_n - (phase == GIN_PHASE_DISCARD ? 1 : 0);
    v.turns = turns;
    v.hand_no = 1; /* a hand is in play */
    v.seen = v.hand;
    for (int i = 0; i < v.pile_n; i++)
        v.seen |= gin_cardset_of(v.pile[i]);
    return v;
}

gin_action test_greedy_action(const gin_hand *h, gin_rng *rng, uint32_t of, uint32_t random)
{
    gin_action list[64];
    int n = gin_hand_legal(h, list, 64);
    assert_true(n > 0);
    gin_action a = list[gin_rng_below(rng, (uint32_t)n)];
    if (h->phase != GIN_PHASE_DISCARD || gin_rng_below(rng, of) < random)
        return a;
    if (list[n - 1].kind == GIN_ACT_KNOCK)
        return list[n - 1];
    int after[64], best = 0;
    gin_discard_deadwoods(h->held[h->turn], after);
    for (int i = 1; i < n; i++)
        if (after[list[i].card] < after[list[best].card])
            best = i;
    return list[best];
}

void test_assert_conserved(const gin_hand *h)
{
    gin_cardset all = 0;
    int n = 0;
    for (int s = 0; s < h->seats; s++) {
        assert_int_equal(all & h->held[s], 0);
        all |= h->held[s];
        n += gin_cardset_count(h->held[s]);
    }
    for (int s = h->seats; s < GIN_MAX_SEATS; s++)
        assert_int_equal(h->held[s], 0);
    for (int i = 0; i < h->stock_n; i++) {
        assert_true(gin_card_valid(h->stock[i]));
        assert_false(gin_cardset_has(all, h->stock[i]));
        all |= gin_cardset_of(h->stock[i]);
    }
    for (int i = 0; i < h->pile_n; i++) {
        assert_true(gin_card_valid(h->pile[i]));
        assert_false(gin_cardset_has(all, h->pile[i]));
        all |= gin_cardset_of(h->pile[i]);
    }
    assert_int_equal(n + h->stock_n + h->pile_n, GIN_DECK_SIZE);
    assert_true(all == GIN_DECK);
}
