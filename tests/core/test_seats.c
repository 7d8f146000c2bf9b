/* A ring of three or four (the Oklahoma rules; docs/rules.md, "A ring for three or
 * four"): the rule knob, the deal of seven, the upcard offer round, the
 * showdown with several defenders (the lay-off restriction, every scoring
 * case with hand-computed numbers), the events and views of a whole hand,
 * game scoring and dealer rotation, records, and random playouts in every
 * preset with card conservation after every action. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/game.h"
#include "gin/match.h"
#include "gin/meld.h"
#include "gin/record.h"
#include "gin/showdown.h"
#include "gin/view.h"
#include "support/support.h"

#define C(text) test_card(text)
#define S(text) test_cards(text)

/* ---- helpers ---- */

static gin_rules table(const char *preset, int seats)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(preset, &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
    return r;
}

static gin_action act(int kind, gin_card card)
{
    gin_action a = gin_action_make(kind, card);
    return a;
}

typedef struct evlog {
    int n;
    gin_event ev[1024];
} evlog;

static void log_event(void *ctx, const gin_event *ev)
{
    evlog *l = ctx;
    if (l->n < (int)(sizeof l->ev / sizeof l->ev[0]))
        l->ev[l->n++] = *ev;
}

/* A deck dealing hands[s] (7 cards each, s = 0 the dealer's left and on
 * round the table, the dealer last), then `upcard`, then `stock_top` in the
 * order written (drawn first), then the rest in card order. */
static void make_deck(gin_card deck[GIN_DECK_SIZE], int seats, const char *const hands[], const char *upcard,
                      const char *stock_top)
{
    gin_cardset h[GIN_MAX_SEATS], used = 0;
    for (int i = 0; i < seats; i++) {
        h[i] = S(hands[i]);
        assert_int_equal(gin_cardset_count(h[i]), 7);
    }
    int k = 0;
    for (int c = 0; c < 7; c++)
        for (int i = 0; i < seats; i++) {
            deck[k++] = gin_cardset_first(h[i]);
            h[i] &= h[i] - 1;
        }
    deck[k++] = C(upcard);
    for (int i = 0; i < k; i++) {
        assert_false(gin_cardset_has(used, deck[i]));
        used |= gin_cardset_of(deck[i]);
    }
    if (stock_top) {
        const char *p = stock_top, *end;
        gin_card c;
        while (gin_card_parse(p, &c, &end) == GIN_OK) {
            assert_false(gin_cardset_has(used, c));
            deck[k++] = c;
            used |= gin_cardset_of(c);
            p = end;
        }
    }
    for (gin_cardset rest = GIN_DECK & ~used; rest; rest &= rest - 1)
        deck[k++] = gin_cardset_first(rest);
    assert_int_equal(k, GIN_DECK_SIZE);
}

static gin_cardset laid_by(const gin_ring_showdown *t, int seat)
{
    gin_cardset s = 0;
    for (int i = 0; i < t->n_layoffs[seat]; i++)
        s |= gin_cardset_of(t->layoffs[seat][i].card);
    return s;
}

static void settle(const gin_rules *r, int seats, int knocker, const char *const held[], gin_ring_showdown *t)
{
    gin_cardset h[GIN_MAX_SEATS] = {0};
    for (int s = 0; s < seats; s++)
        h[s] = S(held[s]);
    memset(t, 0x5a, sizeof *t);
    assert_int_equal(gin_showdown_settle_ring(r, h, seats, knocker, -1, t), GIN_OK);
    assert_int_equal(t->seats, seats);
    assert_int_equal(t->knocker, knocker);
    int total = 0;
    for (int s = 0; s < seats; s++) {
        total += t->penalty[s];
        assert_true(t->penalty[s] >= 0);
        /* every card of a seat is in its spread or laid off */
        gin_cardset shown = t->spread[s].unmatched | laid_by(t, s);
        for (int m = 0; m < t->spread[s].n_melds; m++)
            shown |= t->spread[s].melds[m];
        assert_true(shown == h[s]);
        assert_int_equal(t->spread[s].deadwood, t->deadwood[s]);
    }
    assert_int_equal(t->total, total);
    assert_int_equal(t->penalty[t->winner], 0);
}

/* ---- the rule knob ---- */

static void test_rules_table(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(r.undercut_penalty, 0); /* two-seat presets: unused, 0 */
    assert_int_equal(gin_cards_dealt(2), 10);
    assert_int_equal(gin_cards_dealt(3), 7);
    assert_int_equal(gin_cards_dealt(4), 7);
    assert_int_equal(gin_rules_ring(&r, 3), GIN_OK);
    assert_int_equal(r.seats, 3);
    assert_int_equal(r.undercut_penalty, GIN_RING_UNDERCUT_PENALTY);
    assert_string_equal(r.name, "custom");
    /* an explicit penalty is kept */
    assert_int_equal(gin_rules_set(&r, "undercut-penalty", "15", NULL), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, 4), GIN_OK);
    assert_int_equal(r.undercut_penalty, 15);
    /* bad counts and Hollywood in a ring are refused, r unchanged */
    gin_rules keep = r;
    assert_int_equal(gin_rules_ring(&r, 5), GIN_ERULES);
    assert_int_equal(gin_rules_ring(&r, 1), GIN_ERULES);
    assert_int_equal(gin_rules_ring(NULL, 3), GIN_EINVAL);
    const char *why = NULL;
    assert_int_equal(gin_rules_set(&r, "hollywood", "on", &why), GIN_ERULES);
    assert_non_null(why);
    assert_memory_equal(&r, &keep, sizeof r);
    assert_int_equal(gin_rules_set(&r, "undercut-penalty", "1001", NULL), GIN_ERULES);
    assert_non_null(strstr(gin_rules_knob_names(), "undercut-penalty"));
    /* the preset with the table's seats and penalty passes the check */
    assert_int_equal(gin_rules_check(&r, NULL), GIN_OK);
}

/* ---- deal and offer ---- */

static const char *const four_hands[] = {"AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D",
                                         "AC 2C 3C 4C 5C 6C 7C"};

/* Four seats, dealer 2: seven cards each one at a time from seat 3, the
 * upcard, 23 in the stock; DEAL events from the dealer's left, dealer last. */
static void test_deal_four(void **state)
{
    (void)state;
    gin_rules r = table("standard", 4);
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, 4, four_hands, "KS", "QH");
    assert_int_equal(deck[0], C("AS"));
    assert_int_equal(deck[1], C("AH"));
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 2, deck, 1, log_event, &l), GIN_OK);
    assert_int_equal(h.seats, 4);
    assert_true(h.held[3] == S(four_hands[0]));
    assert_true(h.held[0] == S(four_hands[1]));
    assert_true(h.held[1] == S(four_hands[2]));
    assert_true(h.held[2] == S(four_hands[3]));
    assert_int_equal(h.pile_n, 1);
    assert_int_equal(h.pile[0], C("KS"));
    assert_int_equal(h.stock_n, 52 - 28 - 1);
    assert_int_equal(h.stock[h.stock_n - 1], C("QH"));
    assert_int_equal(h.turn, 3);
    assert_int_equal(h.phase, GIN_PHASE_OFFER);
    assert_int_equal(l.n, 4);
    int order[] = {3, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(l.ev[i].kind, GIN_EV_DEAL);
        assert_int_equal(l.ev[i].seat, order[i]);
        assert_int_equal(l.ev[i].value, 2);
    }
    test_assert_conserved(&h);
    /* a view of the table knows the counts */
    gin_view v;
    gin_view_init(&v, &r, 1);
    for (int i = 0; i < l.n; i++) {
        gin_event red;
        gin_event_redact(&l.ev[i], 1, &red);
        gin_view_apply(&v, &red);
    }
    assert_int_equal(v.stock_n, 23);
    for (int s = 0; s < 4; s++)
        assert_int_equal(v.hand_size[s], 7);
    assert_true(v.hand == h.held[1]);
    assert_int_equal(v.turn, 3);
    assert_int_equal(v.hand_no, 1);
    /* three seats: 30 in the stock */
    r = table("standard", 3);
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.stock_n, 52 - 21 - 1);
    test_assert_conserved(&h);
    r.seats = 5;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_ERULES);
}

/* The offer goes round every seat from the dealer's left, the dealer last;
 * when all pass the dealer's left draws, and only from the stock. */
static void test_offer_round_all_pass(void **state)
{
    (void)state;
    gin_rules r = table("standard", 4);
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, 4, four_hands, "KS", "QH");
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 2, deck, 1, NULL, NULL), GIN_OK);
    gin_view views[4];
    for (int s = 0; s < 4; s++)
        gin_view_init(&views[s], &r, s);
    evlog l = {0};
    gin_hand_deal(&h, &r, 2, deck, 1, log_event, &l);
    int order[] = {3, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(h.phase, GIN_PHASE_OFFER);
        assert_int_equal(h.turn, order[i]);
        assert_false(gin_hand_is_legal(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD)));
        assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), log_event, &l), GIN_OK);
        assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_PASS);
        assert_int_equal(l.ev[l.n - 1].seat, order[i]);
        assert_int_equal(l.ev[l.n - 1].value, i + 1);
    }
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    assert_int_equal(h.turn, 3);
    gin_action legal[64];
    assert_int_equal(gin_hand_legal(&h, legal, 64), 1);
    assert_int_equal(legal[0].kind, GIN_ACT_DRAW_STOCK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), log_event, &l), GIN_OK);
    assert_int_equal(h.phase, GIN_PHASE_DISCARD);
    assert_int_equal(gin_cardset_count(h.held[3]), 8);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("QH")), log_event, &l), GIN_OK);
    assert_int_equal(h.turn, 0); /* clockwise: seat + 1 */
    /* now the pile may be drawn */
    assert_true(gin_hand_is_legal(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD)));
    test_assert_conserved(&h);
    /* the views follow the whole round */
    for (int i = 0; i < l.n; i++)
        for (int s = 0; s < 4; s++) {
            gin_event red;
            gin_event_redact(&l.ev[i], s, &red);
            gin_view_apply(&views[s], &red);
        }
    for (int s = 0; s < 4; s++) {
        assert_int_equal(views[s].turn, 0);
        assert_int_equal(views[s].phase, GIN_PHASE_DRAW);
        assert_true(gin_cardset_has(views[s].declined[1], C("KS")));
        assert_int_equal(views[s].hand_size[3], 7);
        assert_int_equal(views[s].stock_n, 22);
        assert_int_equal(views[s].pile_n, 2);
    }
    assert_true(views[3].hand == h.held[3]);
    assert_true(gin_cardset_has(views[0].declined[3], C("KS"))); /* drew over it */
}

/* Three seats, dealer 0: seat 1 passes, seat 2 takes the upcard, discards,
 * and play goes on from seat 2's left (seat 0). */
static void test_offer_second_seat_takes(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, 3, four_hands, "8S", NULL);
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.turn, 1);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(h.turn, 2);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(h.phase, GIN_PHASE_DISCARD);
    assert_true(gin_cardset_has(h.held[2], C("8S")));
    assert_false(gin_hand_is_legal(&h, act(GIN_ACT_DISCARD, C("8S")))); /* the card just taken */
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("7H")), NULL, NULL), GIN_OK);
    assert_int_equal(h.turn, 0);
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    test_assert_conserved(&h);
}

/* ---- the showdown ---- */

/* Knocker (seat 0) 2S 2C 2D + 5H 6H 7H, deadwood 4C = 4.
 * Seat 1 holds 8H: lays it off on 5H-7H (37 - 8 = 29 left: KKK, 9S TD JC).
 * Seat 2 holds 9H TH: they would fit only through seat 1's 8H, so they stay
 * (QQQ, 9H TH 3D 6C = 9 + 10 + 3 + 6 = 28).
 * Knock: 29 - 4 = 25 and 28 - 4 = 24, 49 in all. */
static const char *const knock3[] = {"2S 2C 2D 5H 6H 7H 4C", "8H KS KD KC 9S TD JC", "9H TH QS QD QC 3D 6C"};

static void test_knock_three(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    gin_ring_showdown t;
    settle(&r, 3, 0, knock3, &t);
    assert_int_equal(t.kind, GIN_RESULT_KNOCK);
    assert_int_equal(t.winner, 0);
    assert_int_equal(t.deadwood[0], 4);
    assert_int_equal(t.deadwood_before[1], 37);
    assert_int_equal(t.deadwood[1], 29);
    assert_int_equal(t.deadwood_before[2], 28);
    assert_int_equal(t.deadwood[2], 28);
    assert_int_equal(t.n_layoffs[1], 1);
    assert_int_equal(t.layoffs[1][0].card, C("8H"));
    assert_true(t.spread[0].melds[t.layoffs[1][0].meld] == S("5H 6H 7H"));
    assert_int_equal(t.n_layoffs[2], 0);
    assert_int_equal(t.penalty[0], 0);
    assert_int_equal(t.penalty[1], 25);
    assert_int_equal(t.penalty[2], 24);
    assert_int_equal(t.total, 49);
    assert_int_equal(t.undercut[1] + t.undercut[2], 0);
}

/* The lay-off restriction the other way round: seat 1 (first to lay off)
 * holds 9H TH, seat 2 holds 8H. Seat 2 lays 8H; seat 1 may not lay 9H TH
 * onto seat 2's card, whatever the order. And a seat may chain through its
 * own layoffs: with 8H 9H both are laid. Seat 2's 4H fits the run's other
 * (original) end. */
static void test_layoff_restriction(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    gin_ring_showdown t;
    const char *const swapped[] = {knock3[0], knock3[2], knock3[1]};
    settle(&r, 3, 0, swapped, &t);
    assert_int_equal(t.n_layoffs[1], 0);
    assert_int_equal(t.deadwood[1], 28);
    assert_int_equal(t.n_layoffs[2], 1);
    assert_int_equal(t.layoffs[2][0].card, C("8H"));
    assert_int_equal(t.penalty[1], 24);
    assert_int_equal(t.penalty[2], 25);

    /* a two-seat showdown would let 9H TH follow 8H if one seat held all */
    const char *const chain[] = {"2S 2C 2D 5H 6H 7H 4C", "8H 9H KS KD KC TD JC", "4H TH QS QD QC 3D 6C"};
    settle(&r, 3, 0, chain, &t);
    assert_true(laid_by(&t, 1) == S("8H 9H"));
    assert_int_equal(t.layoffs[1][0].card, C("8H")); /* from the meld outward */
    assert_int_equal(t.layoffs[1][1].card, C("9H"));
    assert_int_equal(t.deadwood[1], 20);    /* TD JC */
    assert_true(laid_by(&t, 2) == S("4H")); /* the low end is the knocker's own */
    assert_int_equal(t.deadwood[2], 19);    /* TH 3D 6C; TH cannot follow 9H */
    assert_int_equal(t.penalty[1], 16);
    assert_int_equal(t.penalty[2], 15);

    /* the fourth card of a 3-card set is laid by whoever has it */
    const char *const set4[] = {"2S 2C 2D 5H 6H 7H 4C", "KH KS KD KC 9S TD JC", "2H TH QS QD QC 3D 6C"};
    settle(&r, 3, 0, set4, &t);
    assert_true(laid_by(&t, 2) == S("2H"));
    assert_int_equal(t.deadwood[2], 19);
    assert_int_equal(t.n_layoffs[1], 0);
}

/* Gin: no layoffs (seat 1's 8H stays); each pays deadwood + 25.
 * Knocker 2S 2C 2D 2H + 5H 6H 7H. Seat 1: 37 + 25 = 62; seat 2: 28 + 25 = 53. */
static void test_gin_three(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    const char *const held[] = {"2S 2C 2D 2H 5H 6H 7H", knock3[1], knock3[2]};
    gin_ring_showdown t;
    settle(&r, 3, 0, held, &t);
    assert_int_equal(t.kind, GIN_RESULT_GIN);
    assert_int_equal(t.winner, 0);
    assert_int_equal(t.n_layoffs[1] + t.n_layoffs[2], 0);
    assert_int_equal(t.penalty[1], 62);
    assert_int_equal(t.penalty[2], 53);
    assert_int_equal(t.total, 115);
    /* the gin bonus knob */
    r.gin_bonus = 20;
    settle(&r, 3, 0, held, &t);
    assert_int_equal(t.penalty[1], 57);
    /* big gin: all eight melded, when allowed: 37 + 31, 28 + 31 */
    const char *const big[] = {"2S 2C 2D 2H 5H 6H 7H 8H", "AS KS KD KC 9S TD JC", knock3[2]};
    gin_cardset h[3] = {S(big[0]), S(big[1]), S(big[2])};
    assert_int_equal(gin_showdown_settle_ring(&r, h, 3, 0, 10, &t), GIN_EKNOCK);
    r.big_gin_bonus = 31;
    settle(&r, 3, 0, big, &t);
    assert_int_equal(t.kind, GIN_RESULT_BIG_GIN);
    assert_int_equal(t.penalty[1], 30 + 31);
    assert_int_equal(t.penalty[2], 28 + 31);
}

/* One undercutter. Knocker (seat 0) 2S 2C 2D + 5H 6H 7H, deadwood 8C = 8.
 * Seat 1: four nines, AH AD 4D = 6 <= 8: undercut, seat 1 wins the hand.
 * Seat 2: KKK, QH JD TC 8D = 38.
 * Knocker pays 8 - 6 + 10 = 12; seat 2 pays 38 - 6 = 32; seat 1 nothing. */
static void test_undercut_one(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    const char *const held[] = {"2S 2C 2D 5H 6H 7H 8C", "9C 9D 9S 9H AH AD 4D", "KS KD KC QH JD TC 8D"};
    gin_ring_showdown t;
    settle(&r, 3, 0, held, &t);
    assert_int_equal(t.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(t.winner, 1);
    assert_int_equal(t.deadwood[0], 8);
    assert_int_equal(t.deadwood[1], 6);
    assert_int_equal(t.deadwood[2], 38);
    assert_int_equal(t.undercut[1], 1);
    assert_int_equal(t.undercut[2], 0);
    assert_int_equal(t.penalty[0], 12);
    assert_int_equal(t.penalty[1], 0);
    assert_int_equal(t.penalty[2], 32);
    assert_int_equal(t.total, 44);
    /* the knob: no undercut penalty */
    r.undercut_penalty = 0;
    settle(&r, 3, 0, held, &t);
    assert_int_equal(t.penalty[0], 2);
}

/* Two undercutters at four seats. Knocker seat 1 (8, as above); defenders in
 * turn order 2, 3, 0:
 *   seat 2: TTT 444, 8S = 8 (a tie is an undercut)
 *   seat 3: four nines, AH AD 3C = 5 (the least: wins the hand)
 *   seat 0: KKK, QH JD JC 6D = 36
 * Knocker 8 - 5 + 10 = 13; seat 2 8 - 5 = 3; seat 0 36 - 5 = 31; 47 in all.
 * With seat 3 on 8 too (6C for 3C) the tie for least goes to the first from
 * the knocker's left, seat 2: knocker 0 + 10, seat 3 0, seat 0 36 - 8 = 28. */
static void test_undercut_two(void **state)
{
    (void)state;
    gin_rules r = table("standard", 4);
    const char *held[] = {"KS KD KC QH JD JC 6D", "2S 2C 2D 5H 6H 7H 8C", "TC TD TS 4C 4D 4S 8S",
                          "9C 9D 9S 9H AH AD 3C"};
    gin_ring_showdown t;
    settle(&r, 4, 1, held, &t);
    assert_int_equal(t.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(t.winner, 3);
    assert_int_equal(t.undercut[2], 1);
    assert_int_equal(t.undercut[3], 1);
    assert_int_equal(t.undercut[0], 0);
    assert_int_equal(t.penalty[1], 13);
    assert_int_equal(t.penalty[2], 3);
    assert_int_equal(t.penalty[3], 0);
    assert_int_equal(t.penalty[0], 31);
    assert_int_equal(t.total, 47);

    held[3] = "9C 9D 9S 9H AH AD 6C";
    settle(&r, 4, 1, held, &t);
    assert_int_equal(t.kind, GIN_RESULT_UNDERCUT);
    assert_int_equal(t.winner, 2);
    assert_int_equal(t.penalty[1], 10);
    assert_int_equal(t.penalty[2], 0);
    assert_int_equal(t.penalty[3], 0);
    assert_int_equal(t.penalty[0], 28);
}

/* Bad input: counts, overlap, over the limit, seats and knocker range. */
static void test_table_bad_input(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    gin_cardset h[3] = {S(knock3[0]), S(knock3[1]), S(knock3[2])};
    gin_ring_showdown t, keep;
    memset(&t, 0x33, sizeof t);
    keep = t;
    assert_int_equal(gin_showdown_settle_ring(NULL, h, 3, 0, 10, &t), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, NULL, 3, 0, 10, &t), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, h, 3, 0, 10, NULL), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, h, 5, 0, 10, &t), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, h, 3, 3, 10, &t), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, h, 3, -1, 10, &t), GIN_EINVAL);
    assert_int_equal(gin_showdown_settle_ring(&r, h, 3, 0, 3, &t), GIN_EKNOCK); /* 4 > 3 */
    gin_cardset dup[3] = {h[0], (h[1] & ~S("8H")) | S("2S"), h[2]};
    assert_int_equal(gin_showdown_settle_ring(&r, dup, 3, 0, 10, &t), GIN_EOVERLAP);
    gin_cardset short6[3] = {h[0], h[1] & ~S("8H"), h[2]};
    assert_int_equal(gin_showdown_settle_ring(&r, short6, 3, 0, 10, &t), GIN_ECOUNT);
    gin_cardset bits[3] = {h[0], h[1] | ((gin_cardset)1 << 15), h[2]};
    assert_int_equal(gin_showdown_settle_ring(&r, bits, 3, 0, 10, &t), GIN_EINVAL);
    assert_memory_equal(&t, &keep, sizeof t);
    /* seats = 2 works too (penalty scoring for two) */
    gin_cardset two[2] = {h[0], h[1]};
    assert_int_equal(gin_showdown_settle_ring(&r, two, 2, 0, 10, &t), GIN_ECOUNT); /* 7 cards */
}

/* ---- a whole hand: events and views ---- */

/* Three seats, dealer 2. Seat 0 (the dealer's left) holds 2S 2C 2D 5H 6H
 * 7H 4C, takes the upcard 3C (which it may not throw at once) and knocks
 * 4C face down: deadwood 3. Seats 1 and 2 as in test_knock_three:
 * 29 - 3 = 26 and 28 - 3 = 25, 51 in all. */
static void test_hand_events(void **state)
{
    (void)state;
    gin_rules r = table("standard", 3);
    const char *const dealt[] = {knock3[0], knock3[1], knock3[2]}; /* seats 0, 1, 2 */
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, 3, dealt, "3C", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 2, deck, 1, log_event, &l), GIN_OK);
    assert_true(h.held[0] == S(knock3[0]));
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), log_event, &l), GIN_OK);
    assert_false(gin_hand_is_legal(&h, act(GIN_ACT_KNOCK, C("3C"))));
    int first = l.n;
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, C("4C")), log_event, &l), GIN_OK);
    assert_int_equal(h.phase, GIN_PHASE_OVER);
    assert_int_equal(h.knocker, 0);
    test_assert_conserved(&h);
    /* KNOCK, LAYOFF (seat 1's 8H), PENALTY x3 from the knocker, HAND_OVER */
    const gin_event *e = &l.ev[first];
    assert_int_equal(l.n - first, 6);
    assert_int_equal(e[0].kind, GIN_EV_KNOCK);
    assert_int_equal(e[0].seat, 0);
    assert_int_equal(e[0].value, 3);
    assert_int_equal(e[1].kind, GIN_EV_LAYOFF);
    assert_int_equal(e[1].seat, 1);
    assert_int_equal(e[1].card, C("8H"));
    int pen[3] = {0, 26, 25};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(e[2 + i].kind, GIN_EV_PENALTY);
        assert_int_equal(e[2 + i].seat, i);
        assert_int_equal(e[2 + i].value, pen[i]);
        assert_int_equal(h.ring.penalty[i], pen[i]);
    }
    assert_int_equal(e[5].kind, GIN_EV_HAND_OVER);
    assert_int_equal(e[5].seat, 0);
    assert_int_equal(e[5].value, 51);
    assert_true(e[5].cards == (h.held[0] | h.held[1] | h.held[2]));
    assert_non_null(e[5].showdown);
    /* the two-seat summary */
    assert_int_equal(h.result.kind, GIN_RESULT_KNOCK);
    assert_int_equal(h.result.winner, GIN_KNOCKER);
    assert_int_equal(h.result.points, 51);
    assert_int_equal(h.result.n_layoffs, 1);
    /* every view: penalty totals in scores, every hand seen */
    for (int s = 0; s < 3; s++) {
        gin_view v;
        gin_view_init(&v, &r, s);
        for (int i = 0; i < l.n; i++) {
            gin_event red;
            gin_event_redact(&l.ev[i], s, &red);
            if (l.ev[i].kind == GIN_EV_DEAL && l.ev[i].seat != s)
                assert_int_equal(red.cards, 0);
            gin_view_apply(&v, &red);
        }
        for (int o = 0; o < 3; o++)
            assert_int_equal(v.scores[o], pen[o]);
        assert_true((v.seen & (h.held[0] | h.held[1] | h.held[2])) == (h.held[0] | h.held[1] | h.held[2]));
        assert_int_equal(v.phase, GIN_PHASE_OVER);
    }
}

/* ---- games ---- */

/* A random player that still ends hands: half its discards are the best
 * discard (knocking with it half the time it may), a third of the time it
 * knocks with the first card it may, else a uniformly random legal action. */
static gin_action pick(const gin_hand *h, gin_rng *rng)
{
    if (h->phase == GIN_PHASE_DISCARD && gin_rng_below(rng, 2)) {
        gin_card best;
        int dw;
        assert_int_equal(gin_best_discard(h->held[h->turn], &best, &dw), GIN_OK);
        if (best != h->taken) {
            gin_action k = act(GIN_ACT_KNOCK, best);
            if (gin_hand_is_legal(h, k) && gin_rng_below(rng, 2))
                return k;
            return act(GIN_ACT_DISCARD, best);
        }
    }
    gin_action legal[64];
    int n = gin_hand_legal(h, legal, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == GIN_ACT_KNOCK && gin_rng_below(rng, 3) == 0)
            return legal[i];
    return legal[gin_rng_below(rng, (uint32_t)n)];
}

typedef struct game_check {
    gin_view views[GIN_MAX_SEATS];
    int seats;
    int penalties[GIN_MAX_SEATS]; /* summed from PENALTY events */
    int hand_over, game_over;
} game_check;

static void check_event(void *ctx, const gin_event *ev)
{
    game_check *c = ctx;
    for (int s = 0; s < c->seats; s++) {
        gin_event red;
        gin_event_redact(ev, s, &red);
        if (ev->seat != s && ev->kind == GIN_EV_DRAW_STOCK)
            assert_int_equal(red.card, GIN_NO_CARD);
        if (ev->seat != s && ev->kind == GIN_EV_DEAL)
            assert_int_equal(red.cards, 0);
        gin_view_apply(&c->views[s], &red);
    }
    if (ev->kind == GIN_EV_PENALTY)
        c->penalties[ev->seat] += ev->value;
    c->hand_over += ev->kind == GIN_EV_HAND_OVER;
    c->game_over += ev->kind == GIN_EV_GAME_OVER;
}

static void check_views(const game_check *c, const gin_hand *h)
{
    for (int s = 0; s < h->seats; s++) {
        const gin_view *v = &c->views[s];
        assert_true(v->hand == h->held[s]);
        assert_int_equal(v->stock_n, h->stock_n);
        assert_int_equal(v->pile_n, h->pile_n);
        for (int o = 0; o < h->seats; o++) {
            assert_true((v->known[o] & ~h->held[o]) == 0);
            if (h->phase != GIN_PHASE_OVER)
                assert_int_equal(v->hand_size[o], gin_cardset_count(h->held[o]));
            if (o != s && h->phase != GIN_PHASE_OVER && h->rules.stock_low != GIN_STOCK_RESHUFFLE)
                assert_true((v->seen & h->held[o] & ~v->known[o]) == 0);
        }
        if (h->phase != GIN_PHASE_OVER) {
            assert_int_equal(v->turn, h->turn);
            assert_int_equal(v->phase, h->phase);
        }
    }
}

static gin_record *rec, *parsed;
static char text[1 << 20];

/* Whole games at 3 and 4 seats in every preset (and big gin, loser deals,
 * alternate): conservation after every action, views agree, every hand's
 * penalties add up, the dealer moves per the rule, the game ends with the
 * lowest total winning, and the record round-trips. */
static void test_playouts(void **state)
{
    (void)state;
    rec = malloc(sizeof *rec);
    parsed = malloc(sizeof *parsed);
    assert_non_null(rec);
    assert_non_null(parsed);
    const char *extra[][2] = {
        {"big-gin", "31"}, {"next-dealer", "loser"}, {"next-dealer", "alternate"}, {"first-turn", "free"}};
    int sets = (int)gin_rules_preset_count() + 4, kinds[4] = {0}, records = 0;
    for (int seats = 3; seats <= 4; seats++)
        for (int set = 0; set < sets; set++)
            for (int seed = 1; seed <= 3; seed++) {
                gin_rules r = *gin_rules_preset_at(set < 4 ? (size_t)set : 0);
                if (set >= 4)
                    assert_int_equal(gin_rules_set(&r, extra[set - 4][0], extra[set - 4][1], NULL), GIN_OK);
                assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
                static gin_game g;
                static game_check c;
                memset(&c, 0, sizeof c);
                c.seats = seats;
                for (int s = 0; s < seats; s++)
                    gin_view_init(&c.views[s], &r, s);
                assert_int_equal(gin_game_init(&g, &r, (uint64_t)(seed * 100 + set)), GIN_OK);
                gin_record_init(rec, &r, g.seed);
                gin_rng rng;
                gin_rng_seed(&rng, (uint64_t)seed);
                int prev_dealer = -1, full = 0;
                while (!g.over) {
                    if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
                        if (g.n_results > 0) {
                            const gin_hand_score *hs = &g.results[g.n_results - 1];
                            int want = prev_dealer;
                            if (hs->winner >= 0 && r.next_dealer == GIN_NEXT_WINNER_DEALS)
                                want = hs->winner;
                            else if (hs->winner >= 0 && r.next_dealer == GIN_NEXT_ALTERNATE)
                                want = (prev_dealer + 1) % seats;
                            else if (hs->winner >= 0) /* loser: most penalty */
                                for (int s = 0; s < seats; s++)
                                    assert_true(hs->penalty[s] <= hs->penalty[g.dealer]);
                            if (r.next_dealer != GIN_NEXT_LOSER_DEALS || hs->winner < 0)
                                assert_int_equal(g.dealer, want);
                        }
                        prev_dealer = g.dealer;
                        assert_int_equal(gin_game_deal(&g, check_event, &c), GIN_OK);
                        for (int s = 0; s < seats; s++)
                            assert_int_equal(gin_cardset_count(g.hand.held[s]), 7);
                        test_assert_conserved(&g.hand);
                        check_views(&c, &g.hand);
                        continue;
                    }
                    gin_action a = pick(&g.hand, &rng);
                    /* a long gin-only game may outgrow a record: check those that fit */
                    full |= gin_record_add(rec, a) != GIN_OK;
                    assert_int_equal(gin_game_apply(&g, a, check_event, &c), GIN_OK);
                    test_assert_conserved(&g.hand);
                    check_views(&c, &g.hand);
                    if (g.hand.phase == GIN_PHASE_OVER && !g.hand.void_hand) {
                        const gin_ring_showdown *t = &g.hand.ring;
                        const gin_hand_score *hs = &g.results[g.n_results - 1];
                        int sum = 0;
                        for (int s = 0; s < seats; s++)
                            sum += hs->penalty[s];
                        assert_int_equal(sum, hs->points);
                        assert_int_equal(hs->winner, t->winner);
                        assert_int_equal(hs->penalty[hs->winner], 0);
                        assert_int_equal(gin_cardset_count(g.hand.held[t->knocker]),
                                         t->kind == GIN_RESULT_BIG_GIN ? 8 : 7);
                        kinds[hs->kind]++;
                    }
                }
                /* penalty totals: from the events, the views and the score */
                assert_int_equal(c.game_over, 1);
                int best = 0;
                for (int s = 0; s < seats; s++) {
                    assert_int_equal(g.score.points[s], c.penalties[s]);
                    assert_int_equal(g.score.total[s], c.penalties[s]);
                    for (int o = 0; o < seats; o++)
                        assert_int_equal(c.views[o].scores[s], c.penalties[s]);
                    if (c.penalties[s] < c.penalties[best])
                        best = s;
                }
                int total = -1, w = gin_game_winner(&g, &total);
                if (w >= 0) {
                    assert_int_equal(w, best);
                    assert_int_equal(total, c.penalties[best]);
                }
                /* the record: written, parsed, replayed to the same score */
                if (full)
                    continue;
                records++;
                int len = gin_record_format(rec, text, sizeof text);
                assert_true(len > 0);
                assert_non_null(strstr(text, "undercut-penalty 10\n"));
                int line = 0;
                assert_int_equal(gin_record_parse(text, parsed, &line), GIN_OK);
                assert_int_equal(parsed->rules.seats, seats);
                assert_int_equal(parsed->rules.undercut_penalty, 10);
                static gin_game g2;
                int ei = 0;
                assert_int_equal(gin_record_replay(parsed, &g2, NULL, NULL, &ei), GIN_OK);
                assert_memory_equal(&g2.score, &g.score, sizeof g.score);
            }
    assert_true(records >= 40);
    /* every kind of result happened */
    assert_true(kinds[GIN_RESULT_KNOCK] > 0);
    assert_true(kinds[GIN_RESULT_UNDERCUT] > 0);
    assert_true(kinds[GIN_RESULT_GIN] > 0);
    free(rec);
    free(parsed);
}

/* A record of a ring with a tampered penalty total is caught. */
static void test_record_mismatch(void **state)
{
    (void)state;
    rec = malloc(sizeof *rec);
    parsed = malloc(sizeof *parsed);
    gin_rules r = table("standard", 3);
    static gin_game g;
    assert_int_equal(gin_game_init(&g, &r, 5), GIN_OK);
    gin_record_init(rec, &r, 5);
    gin_rng rng;
    gin_rng_seed(&rng, 5);
    while (g.n_results == 0 || g.results[g.n_results - 1].winner < 0) {
        if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
            assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
            continue;
        }
        gin_action a = pick(&g.hand, &rng);
        gin_record_add(rec, a);
        assert_int_equal(gin_game_apply(&g, a, NULL, NULL), GIN_OK);
    }
    assert_true(gin_record_format(rec, text, sizeof text) > 0);
    char *res = strstr(text, "result ");
    while (res && strncmp(res, "result void", 11) == 0)
        res = strstr(res + 1, "result ");
    assert_non_null(res);
    char *tot = strstr(res, "totals ");
    assert_non_null(tot);
    tot[7] = tot[7] == '9' ? '8' : '9'; /* change seat 0's total */
    int line = 0, ei = 0;
    assert_int_equal(gin_record_parse(text, parsed, &line), GIN_OK);
    static gin_game g2;
    assert_int_equal(gin_record_replay(parsed, &g2, NULL, NULL, &ei), GIN_EMISMATCH);
    free(rec);
    free(parsed);
}

/* The undercut-penalty line: absent from two-seat records (they read and
 * write as before), written when it is set, 0 when missing. */
static void test_record_knob(void **state)
{
    (void)state;
    rec = malloc(sizeof *rec);
    parsed = malloc(sizeof *parsed);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_record_init(rec, &r, 9);
    assert_true(gin_record_format(rec, text, sizeof text) > 0);
    assert_null(strstr(text, "undercut-penalty"));
    int line = 0;
    assert_int_equal(gin_record_parse(text, parsed, &line), GIN_OK);
    assert_string_equal(parsed->rules.name, "standard");
    assert_int_equal(parsed->rules.undercut_penalty, 0);
    /* two seats with the knob set: written and read back, name custom */
    assert_int_equal(gin_rules_set(&r, "undercut-penalty", "5", NULL), GIN_OK);
    gin_record_init(rec, &r, 9);
    assert_true(gin_record_format(rec, text, sizeof text) > 0);
    assert_non_null(strstr(text, "\nundercut-penalty 5\n"));
    assert_int_equal(gin_record_parse(text, parsed, &line), GIN_OK);
    assert_int_equal(parsed->rules.undercut_penalty, 5);
    assert_string_equal(parsed->rules.name, "custom");
    /* a ring written without the line reads as penalty 0; twice is an error */
    r = table("standard", 3);
    gin_record_init(rec, &r, 9);
    assert_true(gin_record_format(rec, text, sizeof text) > 0);
    char *at = strstr(text, "undercut-penalty 10\n");
    assert_non_null(at);
    static char edited[1 << 12];
    size_t head = (size_t)(at - text);
    memcpy(edited, text, head);
    strcpy(edited + head, at + strlen("undercut-penalty 10\n"));
    assert_int_equal(gin_record_parse(edited, parsed, &line), GIN_OK);
    assert_int_equal(parsed->rules.seats, 3);
    assert_int_equal(parsed->rules.undercut_penalty, 0);
    memcpy(edited, text, head);
    strcpy(edited + head, "undercut-penalty 10\n");
    strcat(edited, at);
    assert_int_equal(gin_record_parse(edited, parsed, &line), GIN_EFORMAT);
    free(rec);
    free(parsed);
}

/* ---- the match loop with four agents ---- */

typedef struct rnd_agent {
    gin_rng rng;
} rnd_agent;

static int rnd_offer(void *self, const gin_view *v)
{
    (void)v;
    return (int)gin_rng_below(&((rnd_agent *)self)->rng, 2);
}

static int rnd_draw(void *self, const gin_view *v)
{
    (void)v;
    (void)self;
    return GIN_ACT_DRAW_STOCK;
}

/* The best discard, knocking with it when it may; a random card when the
 * best is the one just taken. */
static int rnd_discard(void *self, const gin_view *v, gin_action *out)
{
    gin_card best;
    int dw;
    if (gin_best_discard(v->hand, &best, &dw) == GIN_OK && best != v->taken) {
        *out = act(dw <= v->knock_limit ? GIN_ACT_KNOCK : GIN_ACT_DISCARD, best);
        return GIN_OK;
    }
    gin_cardset may = v->hand;
    if (v->taken != GIN_NO_CARD)
        may &= ~gin_cardset_of(v->taken);
    int k = (int)gin_rng_below(&((rnd_agent *)self)->rng, (uint32_t)gin_cardset_count(may));
    while (k--)
        may &= may - 1;
    *out = act(GIN_ACT_DISCARD, gin_cardset_first(may));
    return GIN_OK;
}

static void test_match_four(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++) {
        rnd_agent selves[GIN_MAX_SEATS];
        gin_agent agents[GIN_MAX_SEATS];
        const gin_agent *ptrs[GIN_MAX_SEATS];
        for (int s = 0; s < seats; s++) {
            gin_rng_seed(&selves[s].rng, (uint64_t)s + 7);
            agents[s] = (gin_agent){"rnd", &selves[s], rnd_offer, rnd_draw, rnd_discard, NULL, NULL};
            ptrs[s] = &agents[s];
        }
        gin_rules r = table("standard", seats);
        static gin_match m;
        assert_int_equal(gin_match_init(&m, &r, 3, ptrs, NULL, NULL), GIN_OK);
        int rc, steps = 0;
        while ((rc = gin_match_step(&m)) > 0) {
            steps++;
            if (m.game.hand_no > 0)
                test_assert_conserved(&m.game.hand);
            for (int s = 0; s < seats; s++) {
                assert_true(m.views[s].hand == m.game.hand.held[s]);
                for (int o = 0; o < seats; o++)
                    assert_true((m.views[s].known[o] & ~m.game.hand.held[o]) == 0);
            }
        }
        assert_int_equal(rc, 0);
        assert_true(steps > 10);
        assert_true(m.game.over);
        for (int s = 0; s < seats; s++)
            assert_int_equal(m.views[0].scores[s], m.game.score.points[s]);
        int hit = 0;
        for (int s = 0; s < seats; s++)
            hit |= m.game.score.points[s] >= r.target;
        assert_true(hit);
    }
}

/* Winner deals in a ring: after a won hand the winner (the knocker, or the
 * undercutter) deals the next; a void hand keeps the dealer. */
static void test_game_dealer_rotation(void **state)
{
    (void)state;
    gin_rules r = table("standard", 4);
    static gin_game g;
    assert_int_equal(gin_game_init(&g, &r, 11), GIN_OK);
    for (int s = 0; s < 4; s++)
        assert_true(gin_card_valid(g.cut[s]));
    gin_rng rng;
    gin_rng_seed(&rng, 11);
    int checked = 0;
    while (!g.over && checked < 6) {
        if (g.hand_no == 0 || g.hand.phase == GIN_PHASE_OVER) {
            assert_int_equal(gin_game_deal(&g, NULL, NULL), GIN_OK);
            continue;
        }
        int dealer = g.dealer;
        assert_int_equal(gin_game_apply(&g, pick(&g.hand, &rng), NULL, NULL), GIN_OK);
        if (g.hand.phase == GIN_PHASE_OVER) {
            int w = g.results[g.n_results - 1].winner;
            assert_int_equal(g.dealer, w >= 0 ? w : dealer);
            checked++;
        }
    }
    assert_int_equal(checked, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_table),
        cmocka_unit_test(test_deal_four),
        cmocka_unit_test(test_offer_round_all_pass),
        cmocka_unit_test(test_offer_second_seat_takes),
        cmocka_unit_test(test_knock_three),
        cmocka_unit_test(test_layoff_restriction),
        cmocka_unit_test(test_gin_three),
        cmocka_unit_test(test_undercut_one),
        cmocka_unit_test(test_undercut_two),
        cmocka_unit_test(test_table_bad_input),
        cmocka_unit_test(test_hand_events),
        cmocka_unit_test(test_playouts),
        cmocka_unit_test(test_record_mismatch),
        cmocka_unit_test(test_record_knob),
        cmocka_unit_test(test_match_four),
        cmocka_unit_test(test_game_dealer_rotation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
