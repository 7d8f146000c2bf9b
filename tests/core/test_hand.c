/* Tests of the hand state machine: deal, offer, draw, discard, knock, the
 * stock-low rules, legality, and random playouts that check every card is
 * in exactly one place after every action. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/hand.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "support/support.h"

#define C(text) test_card(text)
#define S(text) test_cards(text)

/* ---- helpers ---- */

typedef struct evlog {
    int n;
    gin_event ev[4096];
} evlog;

static void log_event(void *ctx, const gin_event *ev)
{
    evlog *l = ctx;
    if (l->n < (int)(sizeof l->ev / sizeof l->ev[0])) {
        l->ev[l->n] = *ev;
        l->ev[l->n].showdown = NULL;
        l->n++;
    }
}

static int count_kind(const evlog *l, int kind)
{
    int n = 0;
    for (int i = 0; i < l->n; i++)
        n += l->ev[i].kind == kind;
    return n;
}

static gin_rules preset(const char *name)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(name, &r), GIN_OK);
    return r;
}

/* A deck that deals `nondealer` and `dealer` (10 cards each), turns up
 * `upcard`, and puts `stock_top` (if any) on top of the stock in that order
 * (first listed drawn first), the rest of the cards below in card order. */
static void make_deck(gin_card deck[GIN_DECK_SIZE], const char *nondealer, const char *dealer, const char *upcard,
                      const char *stock_top)
{
    gin_cardset a = S(nondealer), b = S(dealer), used = 0;
    assert_int_equal(gin_cardset_count(a), 10);
    assert_int_equal(gin_cardset_count(b), 10);
    int k = 0;
    for (int i = 0; i < 10; i++) {
        deck[k++] = gin_cardset_first(a);
        a &= a - 1;
        deck[k++] = gin_cardset_first(b);
        b &= b - 1;
    }
    deck[k++] = C(upcard);
    for (int i = 0; i < k; i++)
        used |= gin_cardset_of(deck[i]);
    gin_cardset top = stock_top ? S(stock_top) : 0;
    assert_true((top & used) == 0);
    /* stock_top's cards, in the order written */
    if (stock_top) {
        const char *p = stock_top;
        gin_card c;
        const char *end;
        while (gin_card_parse(p, &c, &end) == GIN_OK) {
            deck[k++] = c;
            used |= gin_cardset_of(c);
            p = end;
        }
    }
    for (gin_cardset rest = GIN_DECK & ~used; rest; rest &= rest - 1)
        deck[k++] = gin_cardset_first(rest);
    assert_int_equal(k, GIN_DECK_SIZE);
}

static gin_action act(int kind, gin_card card)
{
    gin_action a = gin_action_make(kind, card);
    return a;
}

/* Is `a` in the list? The card of a card-less action (offer, draw) is
 * ignored, as gin_hand_apply ignores it. */
static int is_in(const gin_action *list, int n, gin_action a)
{
    int carded = a.kind == GIN_ACT_DISCARD || a.kind == GIN_ACT_KNOCK;
    for (int i = 0; i < n; i++)
        if (list[i].kind == a.kind && (!carded || list[i].card == a.card))
            return 1;
    return 0;
}

/* Apply an action that must be illegal: error, and not one byte changed. */
static void expect_illegal(gin_hand *h, gin_action a)
{
    static gin_hand before;
    memcpy(&before, h, sizeof before);
    evlog l = {0};
    assert_true(gin_hand_apply(h, a, log_event, &l) < 0);
    assert_int_equal(l.n, 0);
    assert_memory_equal(&before, h, sizeof before);
}

/* Never knock, always the stock, discard the card drawn. */
static void play_dumb_turn(gin_hand *h, evlog *l)
{
    assert_int_equal(h->phase, GIN_PHASE_DRAW);
    assert_int_equal(gin_hand_apply(h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), log_event, l), GIN_OK);
    gin_card drawn = l->ev[l->n - 1].card;
    assert_int_equal(gin_hand_apply(h, act(GIN_ACT_DISCARD, drawn), log_event, l), GIN_OK);
}

/* ---- deal ---- */

static void test_deal_order(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    gin_rng rng;
    gin_rng_seed(&rng, 7);
    gin_deck_shuffle(&rng, deck);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 1, deck, 1, log_event, &l), GIN_OK);
    /* non-dealer (seat 0) gets deck[0], deck[2], ...; dealer deck[1], ... */
    gin_cardset a = 0, b = 0;
    for (int i = 0; i < 20; i += 2) {
        a |= gin_cardset_of(deck[i]);
        b |= gin_cardset_of(deck[i + 1]);
    }
    assert_true(h.held[0] == a);
    assert_true(h.held[1] == b);
    assert_int_equal(h.first_upcard, deck[20]);
    assert_int_equal(h.pile_n, 1);
    assert_int_equal(h.pile[0], deck[20]);
    assert_int_equal(h.pile_by[0], -1);
    assert_int_equal(h.stock_n, 31);
    assert_int_equal(h.stock[h.stock_n - 1], deck[21]);
    assert_int_equal(h.stock[0], deck[51]);
    assert_int_equal(h.turn, 0);
    assert_int_equal(h.phase, GIN_PHASE_OFFER);
    test_assert_conserved(&h);
    /* one DEAL per seat, non-dealer first */
    assert_int_equal(l.n, 2);
    assert_int_equal(l.ev[0].kind, GIN_EV_DEAL);
    assert_int_equal(l.ev[0].seat, 0);
    assert_true(l.ev[0].cards == a);
    assert_int_equal(l.ev[0].card, deck[20]);
    assert_int_equal(l.ev[0].value, 1);
    assert_int_equal(l.ev[1].seat, 1);
    assert_true(l.ev[1].cards == b);

    /* A bad deck is refused and the hand untouched. */
    gin_hand before = h;
    deck[5] = deck[6];
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_EINVAL);
    assert_memory_equal(&before, &h, sizeof h);
    gin_deck_shuffle(&rng, deck);
    assert_int_equal(gin_hand_deal(&h, &r, 2, deck, 1, NULL, NULL), GIN_EINVAL);
}

static void test_deck_shuffle(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 99);
    gin_card d1[GIN_DECK_SIZE], d2[GIN_DECK_SIZE];
    gin_deck_shuffle(&rng, d1);
    gin_deck_shuffle(&rng, d2);
    gin_cardset s = 0;
    for (int i = 0; i < GIN_DECK_SIZE; i++)
        s |= gin_cardset_of(d1[i]);
    assert_true(s == GIN_DECK);
    assert_memory_not_equal(d1, d2, sizeof d1);
}

/* ---- the first turn ---- */

static void test_offer_both_pass(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, log_event, &l), GIN_OK);
    gin_action list[64];
    assert_int_equal(h.turn, 1);
    assert_int_equal(gin_hand_legal(&h, list, 64), 2);
    assert_int_equal(list[0].kind, GIN_ACT_TAKE_UPCARD);
    assert_int_equal(list[1].kind, GIN_ACT_PASS);
    expect_illegal(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD));
    expect_illegal(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD));
    expect_illegal(&h, act(GIN_ACT_DISCARD, C("AS")));

    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), log_event, &l), GIN_OK);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_PASS);
    assert_int_equal(l.ev[l.n - 1].card, C("8H"));
    assert_int_equal(h.turn, 0); /* the dealer is offered it next */
    assert_int_equal(h.phase, GIN_PHASE_OFFER);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), log_event, &l), GIN_OK);
    /* both passed: the non-dealer must draw from the stock */
    assert_int_equal(h.turn, 1);
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    assert_int_equal(gin_hand_legal(&h, list, 64), 1);
    assert_int_equal(list[0].kind, GIN_ACT_DRAW_STOCK);
    expect_illegal(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD));
    expect_illegal(&h, act(GIN_ACT_PASS, GIN_NO_CARD));
    play_dumb_turn(&h, &l);
    /* from then on the pile is open */
    assert_int_equal(h.turn, 0);
    assert_int_equal(gin_hand_legal(&h, list, 64), 2);
    assert_int_equal(list[1].kind, GIN_ACT_DRAW_DISCARD);
    test_assert_conserved(&h);
}

static void test_offer_dealer_takes(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, log_event, &l), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), log_event, &l), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), log_event, &l), GIN_OK);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_TAKE_UPCARD);
    assert_int_equal(l.ev[l.n - 1].seat, 0);
    assert_int_equal(h.taken, C("8H"));
    assert_int_equal(h.phase, GIN_PHASE_DISCARD);
    assert_int_equal(h.pile_n, 0);
    assert_true(gin_cardset_has(h.held[0], C("8H")));
    /* the upcard just taken may not be thrown back, nor knocked with */
    expect_illegal(&h, act(GIN_ACT_DISCARD, C("8H")));
    expect_illegal(&h, act(GIN_ACT_KNOCK, C("8H")));
    gin_action list[64];
    int n = gin_hand_legal(&h, list, 64);
    assert_int_equal(n, 10);
    assert_false(is_in(list, n, act(GIN_ACT_DISCARD, C("8H"))));
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("KC")), log_event, &l), GIN_OK);
    assert_int_equal(h.turn, 1);
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    assert_int_equal(h.taken, GIN_NO_CARD);
    assert_int_equal(h.pile_by[h.pile_n - 1], 0);
    test_assert_conserved(&h);
}

static void test_first_turn_free(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    assert_int_equal(r.first_turn, GIN_FIRST_TURN_FREE);
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 1, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    assert_int_equal(h.turn, 0);
    gin_action list[64];
    assert_int_equal(gin_hand_legal(&h, list, 64), 2);
    expect_illegal(&h, act(GIN_ACT_PASS, GIN_NO_CARD));
    expect_illegal(&h, act(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD));
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(h.taken, C("8H"));
}

/* ---- the taken card ---- */

static void test_taken_card_rule(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", "QD");
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, log_event, &l), GIN_OK);
    gin_action pass = act(GIN_ACT_PASS, GIN_NO_CARD);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    /* seat 1 draws QD from stock and throws it */
    play_dumb_turn(&h, &l);
    /* seat 0 takes QD from the pile: may not throw it back now */
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(h.taken, C("QD"));
    expect_illegal(&h, act(GIN_ACT_DISCARD, C("QD")));
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("KC")), NULL, NULL), GIN_OK);
    /* ... but it may on a later turn */
    play_dumb_turn(&h, &l);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_true(gin_hand_is_legal(&h, act(GIN_ACT_DISCARD, C("QD"))));
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("QD")), NULL, NULL), GIN_OK);
    test_assert_conserved(&h);
}

/* ---- knocking ---- */

static void test_knock_limit_and_showdown(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    /* non-dealer (seat 1): three melds and AC 2C... deadwood 3 after a discard */
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "AC 2C 5C 7C 9C JC QS 2D 4D 6D", "TH", "KD");
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, log_event, &l), GIN_OK);
    assert_int_equal(h.knock_limit, 10);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    /* holding KC KD: knocking with KC leaves 10 (legal), a meld card leaves 20+ */
    assert_true(gin_hand_is_legal(&h, act(GIN_ACT_KNOCK, C("KC"))));
    expect_illegal(&h, act(GIN_ACT_KNOCK, C("5H")));
    expect_illegal(&h, act(GIN_ACT_KNOCK, GIN_NO_CARD)); /* big gin is off */
    expect_illegal(&h, act(GIN_ACT_KNOCK, C("AC")));     /* not in hand */
    gin_action list[64];
    int n = gin_hand_legal(&h, list, 64);
    assert_int_equal(n, 11 + 2); /* every discard; knock with KC or KD */
    assert_true(is_in(list, n, act(GIN_ACT_KNOCK, C("KD"))));
    for (int i = 0; i < n; i++)
        assert_true(gin_hand_is_legal(&h, list[i]));
    l.n = 0;
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, C("KC")), log_event, &l), GIN_OK);
    assert_int_equal(h.phase, GIN_PHASE_OVER);
    assert_int_equal(h.knocker, 1);
    assert_int_equal(h.void_hand, 0);
    assert_int_equal(l.ev[0].kind, GIN_EV_KNOCK);
    assert_int_equal(l.ev[0].card, C("KC"));
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_HAND_OVER);
    assert_int_equal(count_kind(&l, GIN_EV_LAYOFF), h.result.n_layoffs);
    int winner = h.result.winner == GIN_KNOCKER ? 1 : 0;
    assert_int_equal(l.ev[l.n - 1].seat, winner);
    assert_int_equal(l.ev[l.n - 1].value, h.result.points);
    assert_true(l.ev[l.n - 1].cards == (h.held[0] | h.held[1]));
    assert_int_equal(h.result.knocker.deadwood, 10);
    test_assert_conserved(&h);
    /* nothing more is legal */
    assert_int_equal(gin_hand_legal(&h, list, 64), 0);
    expect_illegal(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD));
}

/* The knocker chooses its spread: three runs of 7-8-9 instead of the
 * three sets the rules would show (they leave the defender more), so the
 * defender lays off TH rather than 7S; a spread that is not the knocker's
 * melds is illegal and changes nothing. */
static void test_knock_with_chosen_spread(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "7H 8H 9H 7C 8C 9C 7D 8D 9D 2S", "7S TH AC 3C 5C JC QS 2D 4D KD", "KS", "KH");
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    gin_action k = act(GIN_ACT_KNOCK, C("KH"));
    k.spread.runs = S("7H 8H 9H 7C 8C 9C 7D 8D 9D");
    gin_action bad = k;
    bad.spread.runs = S("8H 9H KH 7C 8C 9C 7D 8D 9D"); /* KH is thrown, 8-9-K is no run */
    expect_illegal(&h, bad);
    bad.spread.runs = S("7C 8C 9C"); /* leaves 26 */
    expect_illegal(&h, bad);
    assert_true(gin_hand_is_legal(&h, k));
    evlog l = {0};
    assert_int_equal(gin_hand_apply(&h, k, log_event, &l), GIN_OK);
    assert_int_equal(count_kind(&l, GIN_EV_LAYOFF), 1);
    assert_int_equal(h.result.layoffs[0].card, C("TH"));
    assert_true(gin_spread_of(&h.result.knocker).runs == k.spread.runs);
    test_assert_conserved(&h);
}

/* Oklahoma's option: a spade first upcard makes the hand count double (the
 * same deal with a heart upcard is the measure); off, or another suit, and
 * the points are the showdown's. */
static int knock_points(const char *upcard, int spade_double)
{
    gin_rules r = preset("oklahoma");
    r.spade_double = spade_double;
    gin_card deck[GIN_DECK_SIZE];
    /* the non-dealer: three melds, AC 2C... knocks with deadwood 3 after a discard */
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "AC 2C 5C 7C 9C JC QS 2D 4D 6D", upcard, "KD");
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    evlog l = {0};
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, C("KD")), log_event, &l), GIN_OK);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_HAND_OVER);
    assert_int_equal(l.ev[l.n - 1].value, h.result.points);
    assert_int_equal(h.result.winner, GIN_KNOCKER);
    return h.result.points;
}

static void test_spade_upcard_doubles(void **state)
{
    (void)state;
    int plain = knock_points("8S", 0);
    assert_true(plain > 0);
    assert_int_equal(knock_points("8S", 1), 2 * plain);
    assert_int_equal(knock_points("8H", 1), knock_points("8H", 0)); /* hearts: not doubled */
    assert_int_equal(knock_points("8H", 0), plain);                 /* the same hand otherwise */
}

static void test_gin_event(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D 9C", "AC 2C 5C 7C 3C JC QS 2D 4D 6D", "TH", "TD");
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    gin_action pass = act(GIN_ACT_PASS, GIN_NO_CARD);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    /* 7D 8D 9D TD: knocking 9C is gin */
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, C("9C")), log_event, &l), GIN_OK);
    assert_int_equal(l.ev[0].kind, GIN_EV_GIN);
    assert_int_equal(count_kind(&l, GIN_EV_LAYOFF), 0);
    assert_int_equal(h.result.kind, GIN_RESULT_GIN);
    assert_int_equal(h.result.winner, GIN_KNOCKER);
    assert_true(h.result.points >= r.gin_bonus);
}

static void test_big_gin(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    r.big_gin_bonus = 31;
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "AC 2C 5C 7C 3C JC QS 2D 4D 6D", "TH", "JD");
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    gin_action pass = act(GIN_ACT_PASS, GIN_NO_CARD);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, pass, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    gin_action list[64];
    int n = gin_hand_legal(&h, list, 64);
    assert_true(n > 0);
    assert_int_equal(list[n - 1].kind, GIN_ACT_KNOCK);
    assert_int_equal(list[n - 1].card, GIN_NO_CARD);
    gin_hand copy = h;
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(h.result.kind, GIN_RESULT_BIG_GIN);
    assert_int_equal(gin_cardset_count(h.held[1]), 11);
    test_assert_conserved(&h);
    /* without the option big gin is not offered */
    copy.rules.big_gin_bonus = 0;
    n = gin_hand_legal(&copy, list, 64);
    assert_false(is_in(list, n, act(GIN_ACT_KNOCK, GIN_NO_CARD)));
    expect_illegal(&copy, act(GIN_ACT_KNOCK, GIN_NO_CARD));
}

static void test_oklahoma_limit(void **state)
{
    (void)state;
    gin_rules r = preset("oklahoma");
    gin_card deck[GIN_DECK_SIZE];
    gin_hand h;
    /* ace upcard: gin only. AS..3S 4H..6H 7D..9D + 2C: deadwood 2 after any discard */
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C", "AC 3C 5C 7C 9C JC QS 2D 4D 6D", "AH", "KD");
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.knock_limit, 0);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    expect_illegal(&h, act(GIN_ACT_KNOCK, C("KD")));
    gin_action list[64];
    int n = gin_hand_legal(&h, list, 64);
    for (int i = 0; i < n; i++)
        assert_int_equal(list[i].kind, GIN_ACT_DISCARD);

    /* a 3 upcard: knock with up to 3 */
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C", "AC 3C 5C 7C 9C JC QS 2D 4D 6D", "3H", "KD");
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.knock_limit, 3);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_true(gin_hand_is_legal(&h, act(GIN_ACT_KNOCK, C("KD"))));
    assert_false(gin_hand_is_legal(&h, act(GIN_ACT_KNOCK, C("2C")))); /* leaves KD: 10 */

    /* straight: gin only whatever the upcard */
    r = preset("straight");
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(h.knock_limit, 0);
}

/* ---- stock low ---- */

static void test_standard_void_at_two(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    int turns = 0;
    while (h.phase != GIN_PHASE_OVER) {
        assert_true(h.stock_n > 2);
        play_dumb_turn(&h, &l);
        turns++;
        test_assert_conserved(&h);
    }
    assert_int_equal(turns, 29);
    assert_int_equal(h.stock_n, 2);
    assert_int_equal(h.void_hand, 1);
    assert_int_equal(h.knocker, -1);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_VOID);
    assert_int_equal(count_kind(&l, GIN_EV_HAND_OVER), 0);
}

static void test_classic_void_at_zero(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    int turns = 0;
    while (h.phase != GIN_PHASE_OVER) {
        play_dumb_turn(&h, &l);
        turns++;
    }
    assert_int_equal(turns, 31);
    assert_int_equal(h.stock_n, 0);
    assert_int_equal(h.void_hand, 1);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_VOID);
}

static void test_knock_on_voiding_discard_scores(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    /* seat 1 (non-dealer) holds deadwood 2 + whatever it draws */
    make_deck(deck, "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C", "AC 3C 5C 7C 9C JC QS 2D 4D 6D", "KH", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    for (int t = 0; t < 28; t++)
        play_dumb_turn(&h, &l);
    /* the 29th draw leaves two cards; seat 1 knocks with the card drawn */
    assert_int_equal(h.turn, 1);
    assert_int_equal(h.stock_n, 3);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), log_event, &l), GIN_OK);
    gin_card drawn = l.ev[l.n - 1].card;
    assert_int_equal(h.stock_n, 2);
    l.n = 0;
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_KNOCK, drawn), log_event, &l), GIN_OK);
    assert_int_equal(h.void_hand, 0);
    assert_int_equal(h.knocker, 1);
    assert_int_equal(count_kind(&l, GIN_EV_VOID), 0);
    assert_int_equal(l.ev[l.n - 1].kind, GIN_EV_HAND_OVER);
}

static void test_reshuffle(void **state)
{
    (void)state;
    gin_rules r = preset("oklahoma");
    assert_int_equal(r.stock_low, GIN_STOCK_RESHUFFLE);
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    evlog l = {0};
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_PASS, GIN_NO_CARD), NULL, NULL), GIN_OK);
    for (int t = 0; t < 30; t++)
        play_dumb_turn(&h, &l);
    assert_int_equal(h.stock_n, 1);
    assert_int_equal(h.pile_n, 31);
    l.n = 0;
    play_dumb_turn(&h, &l);
    gin_card top = l.ev[1].card; /* the last discard stays face up */
    assert_int_equal(l.ev[2].kind, GIN_EV_RESHUFFLE);
    assert_int_equal(l.ev[2].value, 31);
    assert_int_equal(h.stock_n, 31);
    assert_int_equal(h.pile_n, 1);
    assert_int_equal(h.pile[0], top);
    assert_int_equal(h.phase, GIN_PHASE_DRAW);
    test_assert_conserved(&h);
    /* play on until the turn cap voids the hand */
    while (h.phase != GIN_PHASE_OVER) {
        play_dumb_turn(&h, &l);
        test_assert_conserved(&h);
    }
    assert_int_equal(h.turns, GIN_HAND_MAX_TURNS);
    assert_int_equal(h.void_hand, 1);
    assert_true(count_kind(&l, GIN_EV_RESHUFFLE) >= 5);
}

static void test_pile_swapping_ends(void **state)
{
    (void)state;
    /* two seats trading the pile card forever: the turn cap ends it */
    gin_rules r = preset("standard");
    gin_card deck[GIN_DECK_SIZE];
    make_deck(deck, "AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8H", NULL);
    gin_hand h;
    assert_int_equal(gin_hand_deal(&h, &r, 0, deck, 1, NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), NULL, NULL), GIN_OK);
    assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, C("KS")), NULL, NULL), GIN_OK);
    int guard = 0;
    while (h.phase != GIN_PHASE_OVER && guard++ < 1000) {
        gin_card keep = gin_cardset_first(h.held[h.turn]);
        assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), NULL, NULL), GIN_OK);
        gin_cardset may = h.held[h.turn] & ~gin_cardset_of(h.taken) & ~gin_cardset_of(keep);
        assert_int_equal(gin_hand_apply(&h, act(GIN_ACT_DISCARD, gin_cardset_first(may)), NULL, NULL), GIN_OK);
    }
    assert_int_equal(h.phase, GIN_PHASE_OVER);
    assert_int_equal(h.void_hand, 1);
    assert_int_equal(h.stock_n, 31);
}

/* ---- redaction ---- */

static void test_redact(void **state)
{
    (void)state;
    gin_event ev = {GIN_EV_DEAL, 0, C("5H"), S("AS 2S 3S"), 1, NULL}, out;
    gin_event_redact(&ev, 0, &out);
    assert_true(out.cards == ev.cards);
    gin_event_redact(&ev, 1, &out);
    assert_true(out.cards == 0);
    assert_int_equal(out.card, C("5H")); /* the upcard is public */
    ev = (gin_event){GIN_EV_DRAW_STOCK, 1, C("9D"), 0, 20, NULL};
    gin_event_redact(&ev, 0, &out);
    assert_int_equal(out.card, GIN_NO_CARD);
    assert_int_equal(out.value, 20);
    gin_event_redact(&ev, 1, &out);
    assert_int_equal(out.card, C("9D"));
    ev = (gin_event){GIN_EV_DRAW_DISCARD, 1, C("9D"), 0, 3, NULL};
    gin_event_redact(&ev, 0, &out);
    assert_int_equal(out.card, C("9D"));
    ev = (gin_event){GIN_EV_KNOCK, 1, C("9D"), 0, 3, NULL};
    gin_event_redact(&ev, 0, &out);
    assert_int_equal(out.card, C("9D")); /* shown at the showdown, which is now */
}

/* ---- random playouts ---- */

static gin_action random_illegal(gin_rng *rng)
{
    gin_action a;
    a.kind = (int)gin_rng_below(rng, 8) - 1; /* includes -1 and 6: no such kind */
    int c = (int)gin_rng_below(rng, 66) - 2; /* includes -2, -1, non-cards */
    a.card = c;
    return a;
}

/* Playout policies, drawn per hand: 0 uniform among the legal actions;
 * 1 uniform but knocks whenever it may; 2 greedy discards, knocks when it
 * may; 3 greedy discards, knocks only for gin. Uniform play alone almost
 * never gets low enough to knock, and every ending must be exercised. */
static gin_action pick(const gin_hand *h, const gin_action *list, int n, int mode, gin_rng *rng)
{
    gin_action a = list[gin_rng_below(rng, (uint32_t)n)];
    if (mode == 0 || h->phase != GIN_PHASE_DISCARD)
        return a;
    if (mode == 1)
        return list[n - 1].kind == GIN_ACT_KNOCK ? list[n - 1] : a;
    int after[64];
    gin_discard_deadwoods(h->held[h->turn], after);
    int best = -1;
    for (int i = 0; i < n; i++) {
        if (list[i].kind == GIN_ACT_KNOCK) {
            if (list[i].card == GIN_NO_CARD || mode == 2 || after[list[i].card] == 0)
                return list[i];
            continue;
        }
        if (best < 0 || after[list[i].card] < after[list[best].card])
            best = i;
    }
    return list[best];
}

static void playout_rules(const gin_rules *r, int hands, uint64_t seed, int *stats)
{
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    static gin_hand h, before;
    gin_action list[64];
    for (int k = 0; k < hands; k++) {
        gin_card deck[GIN_DECK_SIZE];
        gin_deck_shuffle(&rng, deck);
        int dealer = (int)gin_rng_below(&rng, 2);
        assert_int_equal(gin_hand_deal(&h, r, dealer, deck, gin_rng_next(&rng), NULL, NULL), GIN_OK);
        test_assert_conserved(&h);
        int actions = 0;
        int mode = (int)gin_rng_below(&rng, 4);
        while (h.phase != GIN_PHASE_OVER) {
            int n = gin_hand_legal(&h, list, 64);
            assert_true(n > 0);
            for (int i = 0; i < n; i++)
                assert_true(gin_hand_is_legal(&h, list[i]));
            /* an action not in the list is refused without a trace */
            gin_action bad = random_illegal(&rng);
            if (!is_in(list, n, bad)) {
                memcpy(&before, &h, sizeof h);
                assert_true(gin_hand_apply(&h, bad, NULL, NULL) < 0);
                assert_memory_equal(&before, &h, sizeof h);
            }
            gin_action a = pick(&h, list, n, mode, &rng);
            int turn = h.turn;
            int ph = h.phase;
            assert_int_equal(gin_hand_apply(&h, a, NULL, NULL), GIN_OK);
            test_assert_conserved(&h);
            if (ph == GIN_PHASE_DISCARD && h.phase != GIN_PHASE_OVER)
                assert_int_equal(h.turn, (turn + 1) % 2);
            actions++;
            assert_true(actions <= 2 * GIN_HAND_MAX_TURNS + 4);
        }
        assert_int_equal(gin_hand_legal(&h, list, 64), 0);
        if (h.void_hand) {
            stats[0]++;
        } else {
            assert_true(h.knocker == 0 || h.knocker == 1);
            assert_true(h.result.points >= 0);
            stats[1 + h.result.kind]++;
        }
    }
}

static void test_playouts_every_preset(void **state)
{
    (void)state;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        gin_rules r = *gin_rules_preset_at(i);
        int stats[5] = {0};
        playout_rules(&r, 1500, 1000 + i, stats);
        /* every way a hand can end happens */
        assert_true(stats[0] > 0);
        assert_true(stats[1 + GIN_RESULT_GIN] > 0);
        if (r.knock_limit != 0) {
            assert_true(stats[1 + GIN_RESULT_KNOCK] > 0);
            assert_true(stats[1 + GIN_RESULT_UNDERCUT] > 0);
        }
    }
    gin_rules r = *gin_rules_preset_at(0);
    r.big_gin_bonus = 31;
    int stats[5] = {0};
    playout_rules(&r, 500, 77, stats);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_order),
        cmocka_unit_test(test_deck_shuffle),
        cmocka_unit_test(test_offer_both_pass),
        cmocka_unit_test(test_offer_dealer_takes),
        cmocka_unit_test(test_first_turn_free),
        cmocka_unit_test(test_taken_card_rule),
        cmocka_unit_test(test_knock_limit_and_showdown),
        cmocka_unit_test(test_gin_event),
        cmocka_unit_test(test_spade_upcard_doubles),
        cmocka_unit_test(test_knock_with_chosen_spread),
        cmocka_unit_test(test_big_gin),
        cmocka_unit_test(test_oklahoma_limit),
        cmocka_unit_test(test_standard_void_at_two),
        cmocka_unit_test(test_classic_void_at_zero),
        cmocka_unit_test(test_knock_on_voiding_discard_scores),
        cmocka_unit_test(test_reshuffle),
        cmocka_unit_test(test_pile_swapping_ends),
        cmocka_unit_test(test_redact),
        cmocka_unit_test(test_playouts_every_preset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
