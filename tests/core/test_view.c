/* Tests of the seat view: built from redacted events only, it must match
 * the true state in everything the seat may see and never hold a card the
 * seat could not have seen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/game.h"
#include "gin/meld.h"
#include "gin/view.h"
#include "support/support.h"

#define C(text) test_card(text)

typedef struct feed {
    gin_view views[2];
    gin_game *g;
    int events;
    /* from the true events: cards each seat held this hand, cards that were
     * face up on the pile this hand */
    gin_cardset held_ever[2], pile_ever;
    int knocks[2];               /* knocks (not gin) by each seat this game */
    int threw[2];                /* each seat discarded this hand */
    gin_cardset took[2];         /* each seat took from the pile this hand */
    gin_cardset kept[2];         /* of those, not thrown since (a reshuffle may deal one back unseen) */
    int takes[2], takes_used[2]; /* over this game's showdowns, from the true hands */
} feed;

static void feed_event(void *ctx, const gin_event *ev)
{
    feed *f = ctx;
    for (int s = 0; s < 2; s++) {
        gin_event red;
        gin_event_redact(ev, s, &red);
        if (s != ev->seat && ev->kind == GIN_EV_DEAL)
            assert_true(red.cards == 0);
        if (s != ev->seat && ev->kind == GIN_EV_DRAW_STOCK)
            assert_int_equal(red.card, GIN_NO_CARD);
        gin_view_apply(&f->views[s], &red);
    }
    f->events++;
    gin_cardset b = gin_card_valid(ev->card) ? gin_cardset_of(ev->card) : 0;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        if (ev->seat == (ev->value + 1) % 2)
            f->held_ever[0] = f->held_ever[1] = f->threw[0] = f->threw[1] = f->took[0] = f->took[1] = f->kept[0] =
                f->kept[1] = 0;
        f->held_ever[ev->seat] |= ev->cards;
        f->pile_ever = b;
        break;
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_TAKE_UPCARD:
        f->took[ev->seat] |= b;
        f->kept[ev->seat] |= b;
        f->held_ever[ev->seat] |= b;
        break;
    case GIN_EV_DRAW_STOCK:
        f->held_ever[ev->seat] |= b;
        break;
    case GIN_EV_DISCARD:
        f->pile_ever |= b;
        f->threw[ev->seat] = 1;
        f->kept[ev->seat] &= ~b;
        break;
    case GIN_EV_KNOCK:
        f->knocks[ev->seat]++;
        f->kept[ev->seat] &= ~b;
        break;
    case GIN_EV_GIN:
        f->kept[ev->seat] &= ~b;
        break;
    default:
        break;
    }
}

/* The moves a seat is offered from its view are exactly the moves the
 * hand accepts (the human's keys and every bot come from gin_view_legal). */
static int barred_seen;
static void check_legal(const gin_view *v, const gin_hand *h)
{
    gin_action from_view[64], from_hand[64];
    int nv = gin_view_legal(v, from_view, 64);
    assert_true(nv >= 0);
    if (h->phase == GIN_PHASE_OVER || h->turn != v->seat) {
        assert_int_equal(nv, 0);
        return;
    }
    int nh = gin_hand_legal(h, from_hand, 64);
    assert_int_equal(nv, nh);
    for (int i = 0; i < nh; i++) {
        assert_int_equal(from_view[i].kind, from_hand[i].kind);
        assert_int_equal(from_view[i].card, from_hand[i].card);
        assert_true(gin_view_is_legal(v, from_view[i]));
    }
    gin_action pile = gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD);
    assert_int_equal(gin_view_is_legal(v, pile), gin_hand_is_legal(h, pile));
    if (h->phase == GIN_PHASE_DRAW && !gin_hand_is_legal(h, pile) && h->pile_n > 0)
        barred_seen++;
    if (h->phase == GIN_PHASE_DISCARD && h->taken != GIN_NO_CARD)
        assert_false(gin_view_is_legal(v, gin_action_make(GIN_ACT_DISCARD, h->taken)));
}

/* Everything the seat may see matches the truth; nothing it may not see
 * is in the view. */
static void check_view(const gin_view *v, const gin_game *g, const feed *f)
{
    const gin_hand *h = &g->hand;
    int me = v->seat, opp = 1 - me;
    assert_int_equal(v->hand_no, g->hand_no);
    assert_int_equal(v->dealer, h->dealer);
    assert_int_equal(v->first_upcard, h->first_upcard);
    assert_int_equal(v->knock_limit, h->knock_limit);
    assert_int_equal(v->phase, h->phase);
    assert_int_equal(v->stock_n, h->stock_n);
    assert_int_equal(v->pile_n, h->pile_n);
    assert_memory_equal(v->pile, h->pile, sizeof v->pile[0] * (size_t)h->pile_n);
    assert_memory_equal(v->pile_by, h->pile_by, sizeof v->pile_by[0] * (size_t)h->pile_n);
    for (int s = 0; s < 2; s++) {
        assert_int_equal(v->hand_size[s], gin_cardset_count(h->held[s]));
        assert_int_equal(v->scores[s], g->score.points[s]);
    }
    assert_true(v->hand == h->held[me]);
    check_legal(v, h);
    if (h->phase == GIN_PHASE_OVER)
        return;
    assert_int_equal(v->turn, h->turn);
    assert_int_equal(v->turns, h->turns);
    assert_int_equal(v->taken, h->turn == me ? h->taken : GIN_NO_CARD);
    /* what the opponent holds is known only where it was seen */
    assert_true((v->known[opp] & ~h->held[opp]) == 0);
    /* seen: only cards this seat held or saw face up */
    assert_true((v->seen & ~(f->held_ever[me] | f->pile_ever)) == 0);
    assert_true((v->seen & h->held[opp] & ~v->known[opp] & ~f->pile_ever) == 0);
    assert_true((gin_view_unseen(v) & (v->hand | v->known[opp])) == 0);
    /* a card the opponent threw is back in its hand only if seen taken
     * (or drawn again from a reshuffled stock) */
    if (g->rules.stock_low == GIN_STOCK_VOID)
        assert_true((v->discarded[opp] & h->held[opp] & ~v->known[opp]) == 0);
}

/* After a hand: each view kept its showdown as the hand shows it (the
 * other seat's least deadwood only when it had discarded: a knock was open
 * to it), and nothing for a void hand. */
static void check_showdown(const gin_view *v, const gin_hand *h, const feed *f, int before, int *kept)
{
    for (int s = 0; s < 2; s++) {
        assert_int_equal(v->takes[s], f->takes[s]);
        assert_int_equal(v->takes_used[s], f->takes_used[s]);
    }
    if (h->void_hand || h->knocker < 0) {
        assert_int_equal(v->n_showdowns, before);
        return;
    }
    assert_int_equal(v->n_showdowns, before + 1);
    const gin_view_showdown *r = &v->showdowns[before % GIN_VIEW_SHOWDOWNS];
    int k = h->knocker, d = 1 - k;
    assert_int_equal(r->seat, k);
    assert_int_equal(r->deadwood, h->result.knocker.deadwood);
    assert_int_equal(r->other, f->threw[d] ? gin_deadwood(h->held[d]) : -1);
    assert_int_equal(r->limit, h->knock_limit);
    assert_int_equal(r->turns, h->turns);
    assert_int_equal(r->stock, h->stock_n);
    *kept += r->other >= 0;
}

/* Greedy play with one random discard in four. */
static gin_action choose(const gin_hand *h, gin_rng *rng) { return test_greedy_action(h, rng, 4, 1); }

static void test_views_follow_playouts(void **state)
{
    (void)state;
    static gin_game g;
    static feed f;
    int knocks = 0; /* over every preset: straight gin has none */
    barred_seen = 0;
    for (size_t p = 0; p <= gin_rules_preset_count(); p++) {
        /* every preset, then standard with big gin paid */
        gin_rules r = *gin_rules_preset_at(p < gin_rules_preset_count() ? p : 0);
        if (p == gin_rules_preset_count())
            assert_int_equal(gin_rules_set(&r, "big-gin", "31", NULL), GIN_OK);
        int declined = 0, known = 0, kept = 0;
        for (uint64_t seed = 0; seed < 60; seed++) {
            gin_rng rng;
            gin_rng_seed(&rng, seed + 100 * p);
            assert_int_equal(gin_game_init(&g, &r, seed), GIN_OK);
            f.g = &g;
            gin_view_init(&f.views[0], &r, 0);
            gin_view_init(&f.views[1], &r, 1);
            f.knocks[0] = f.knocks[1] = 0;
            f.takes[0] = f.takes[1] = f.takes_used[0] = f.takes_used[1] = 0;
            while (!g.over) {
                int before = f.views[0].n_showdowns;
                assert_int_equal(gin_game_deal(&g, feed_event, &f), GIN_OK);
                check_view(&f.views[0], &g, &f);
                check_view(&f.views[1], &g, &f);
                while (g.hand.phase != GIN_PHASE_OVER) {
                    assert_int_equal(gin_game_apply(&g, choose(&g.hand, &rng), feed_event, &f), GIN_OK);
                    check_view(&f.views[0], &g, &f);
                    check_view(&f.views[1], &g, &f);
                    declined += f.views[0].declined[1] != 0;
                    known += f.views[0].known[1] != 0;
                }
                /* every seat sees how often each knocked */
                for (int s = 0; s < 2; s++)
                    for (int k = 0; k < 2; k++)
                        assert_int_equal(f.views[s].knocks[k], f.knocks[k]);
                knocks += f.knocks[0] + f.knocks[1];
                /* the cards taken from the pile, still held outside the unmatched ones */
                if (!g.hand.void_hand && g.hand.knocker >= 0)
                    for (int s = 0; s < 2; s++) {
                        int k = g.hand.knocker;
                        gin_cardset loose = s == k ? g.hand.result.knocker.unmatched : g.hand.result.defender.unmatched;
                        f.takes[s] += gin_cardset_count(f.took[s]);
                        assert_true((f.kept[s] & ~g.hand.held[s]) == 0);
                        f.takes_used[s] += gin_cardset_count(f.kept[s] & ~loose);
                    }
                for (int s = 0; s < 2; s++)
                    check_showdown(&f.views[s], &g.hand, &f, before, &kept);
                /* at the showdown both hands are shown */
                if (!g.hand.void_hand)
                    for (int s = 0; s < 2; s++)
                        assert_true((f.views[s].seen & (g.hand.held[0] | g.hand.held[1])) ==
                                    (g.hand.held[0] | g.hand.held[1]));
            }
        }
        assert_true(declined > 0);
        assert_true(known > 0);
        if (r.knock_limit != 0)
            assert_true(kept > 0);
    }
    assert_true(knocks > 0);
    assert_true(barred_seen > 0); /* both passed, and the pile was refused */
}

/* Known, discarded and declined cards, event by event. */
static void test_known_discarded_declined(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    assert_int_equal(v.phase, GIN_PHASE_OVER);
    gin_cardset mine;
    assert_int_equal(gin_cardset_parse("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", &mine, NULL), 10);
    /* dealer 1: seat 0 is dealt first */
    gin_event ev = {GIN_EV_DEAL, 0, C("KH"), mine, 1, NULL};
    gin_view_apply(&v, &ev);
    ev = (gin_event){GIN_EV_DEAL, 1, C("KH"), 0, 1, NULL};
    gin_view_apply(&v, &ev);
    assert_true(v.hand == mine);
    assert_int_equal(v.hand_no, 1);
    assert_int_equal(v.turn, 0);
    assert_int_equal(v.phase, GIN_PHASE_OFFER);
    assert_int_equal(v.stock_n, 31);
    assert_int_equal(v.pile_n, 1);
    assert_true(gin_cardset_has(v.seen, C("KH")));
    ev = (gin_event){GIN_EV_PASS, 0, C("KH"), 0, 1, NULL};
    gin_view_apply(&v, &ev);
    assert_true(gin_cardset_has(v.declined[0], C("KH")));
    assert_int_equal(v.turn, 1);
    ev = (gin_event){GIN_EV_TAKE_UPCARD, 1, C("KH"), 0, 0, NULL};
    gin_view_apply(&v, &ev);
    assert_true(gin_cardset_has(v.known[1], C("KH")));
    assert_int_equal(v.hand_size[1], 11);
    assert_int_equal(v.pile_n, 0);
    assert_int_equal(v.taken, GIN_NO_CARD); /* not ours */
    ev = (gin_event){GIN_EV_DISCARD, 1, C("QC"), 0, 1, NULL};
    gin_view_apply(&v, &ev);
    assert_true(gin_cardset_has(v.discarded[1], C("QC")));
    assert_int_equal(v.turn, 0);
    assert_int_equal(v.phase, GIN_PHASE_DRAW);
    /* seat 0 draws from stock over QC: declines it */
    ev = (gin_event){GIN_EV_DRAW_STOCK, 0, C("JD"), 0, 30, NULL};
    gin_view_apply(&v, &ev);
    assert_true(gin_cardset_has(v.declined[0], C("QC")));
    assert_true(gin_cardset_has(v.hand, C("JD")));
    assert_int_equal(v.stock_n, 30);
    ev = (gin_event){GIN_EV_DISCARD, 0, C("JD"), 0, 2, NULL};
    gin_view_apply(&v, &ev);
    /* seat 1 takes JD, then throws KH: no longer known to hold it */
    ev = (gin_event){GIN_EV_DRAW_DISCARD, 1, C("JD"), 0, 1, NULL};
    gin_view_apply(&v, &ev);
    assert_true(gin_cardset_has(v.known[1], C("JD")));
    ev = (gin_event){GIN_EV_DISCARD, 1, C("KH"), 0, 2, NULL};
    gin_view_apply(&v, &ev);
    assert_false(gin_cardset_has(v.known[1], C("KH")));
    assert_true(gin_cardset_has(v.known[1], C("JD")));
    assert_int_equal(v.turns, 3);
    /* seat 1 knocks: counted, as its style shows */
    ev = (gin_event){GIN_EV_KNOCK, 1, C("9C"), 0, 7, NULL};
    gin_view_apply(&v, &ev);
    assert_int_equal(v.knocks[1], 1);
    assert_int_equal(v.knocks[0], 0);
    /* a hand's result carries into the next hand's view */
    ev = (gin_event){GIN_EV_HAND_OVER, 1, GIN_NO_CARD, 0, 23, NULL};
    gin_view_apply(&v, &ev);
    assert_int_equal(v.scores[1], 23);
    ev = (gin_event){GIN_EV_DEAL, 0, C("2H"), mine, 1, NULL};
    gin_view_apply(&v, &ev);
    assert_int_equal(v.scores[1], 23);
    assert_int_equal(v.knocks[1], 1);
    assert_int_equal(v.hand_no, 2);
    assert_true(v.known[1] == 0 && v.discarded[1] == 0 && v.declined[0] == 0);
    assert_int_equal(v.turns, 0);
    /* gin is not a knock of choice: not counted */
    ev = (gin_event){GIN_EV_GIN, 1, C("9C"), 0, 0, NULL};
    gin_view_apply(&v, &ev);
    assert_int_equal(v.knocks[1], 1);
}

/* A showdown is kept with what it showed of both styles: the knocker's
 * deadwood and how soon, and a defender that had passed up a knock of its
 * own; a defender that never discarded passed up nothing. */
static void apply(gin_view *v, int kind, int seat, const char *card, int value, const gin_showdown *sd)
{
    gin_event ev = {kind, seat, card ? C(card) : GIN_NO_CARD, 0, value, sd};
    gin_view_apply(v, &ev);
}

static void test_showdowns_kept(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_view v;
    gin_view_init(&v, &r, 0);
    gin_showdown sd;
    memset(&sd, 0, sizeof sd);
    sd.knocker.deadwood = 7;
    sd.defender_deadwood_before_layoffs = 5;
    /* hand 1: both pass, seat 0 draws and throws, seat 1 draws and knocks */
    apply(&v, GIN_EV_DEAL, 0, "KH", 1, NULL);
    apply(&v, GIN_EV_DEAL, 1, "KH", 1, NULL);
    apply(&v, GIN_EV_PASS, 0, "KH", 1, NULL);
    apply(&v, GIN_EV_PASS, 1, "KH", 2, NULL);
    apply(&v, GIN_EV_DRAW_STOCK, 0, NULL, 30, NULL);
    apply(&v, GIN_EV_DISCARD, 0, "QC", 2, NULL);
    apply(&v, GIN_EV_DRAW_STOCK, 1, NULL, 29, NULL);
    apply(&v, GIN_EV_KNOCK, 1, "9C", 7, NULL);
    assert_int_equal(v.n_showdowns, 0); /* kept at HAND_OVER, when both hands show */
    apply(&v, GIN_EV_HAND_OVER, 1, NULL, 2, &sd);
    assert_int_equal(v.n_showdowns, 1);
    const gin_view_showdown *k = &v.showdowns[0];
    assert_int_equal(k->seat, 1);
    assert_int_equal(k->deadwood, 7);
    assert_int_equal(k->other, 5); /* seat 0 could have knocked with its last discard */
    assert_int_equal(k->limit, 10);
    assert_int_equal(k->turns, 1);
    assert_int_equal(k->stock, 29);
    /* hand 2: seat 1 takes the upcard and goes gin at once; seat 0 never threw */
    sd.knocker.deadwood = 0;
    apply(&v, GIN_EV_DEAL, 1, "2H", 0, NULL);
    apply(&v, GIN_EV_DEAL, 0, "2H", 0, NULL);
    apply(&v, GIN_EV_TAKE_UPCARD, 1, "2H", 0, NULL);
    apply(&v, GIN_EV_GIN, 1, "9C", 0, NULL);
    apply(&v, GIN_EV_HAND_OVER, 1, NULL, 30, &sd);
    assert_int_equal(v.n_showdowns, 2);
    assert_int_equal(v.showdowns[1].deadwood, 0);
    assert_int_equal(v.showdowns[1].other, -1);
    assert_int_equal(v.showdowns[1].turns, 0);
    /* the card it took is in its gin: taken to build */
    assert_int_equal(v.takes[1], 1);
    assert_int_equal(v.takes_used[1], 1);
    assert_int_equal(v.takes[0], 0);
    /* a void hand shows nothing; the oldest give way to the newest */
    apply(&v, GIN_EV_VOID, 0, NULL, 2, NULL);
    assert_int_equal(v.n_showdowns, 2);
    sd.knocker.unmatched = test_cards("2H"); /* from now on the taken card stays unmatched */
    for (int i = 2; i < GIN_VIEW_SHOWDOWNS + 3; i++) {
        sd.knocker.deadwood = i % 11;
        apply(&v, GIN_EV_DEAL, 1, "2H", 0, NULL);
        apply(&v, GIN_EV_DEAL, 0, "2H", 0, NULL);
        apply(&v, GIN_EV_TAKE_UPCARD, 1, "2H", 0, NULL);
        apply(&v, GIN_EV_KNOCK, 1, "9C", i % 11, NULL);
        apply(&v, GIN_EV_HAND_OVER, 1, NULL, 1, &sd);
    }
    assert_int_equal(v.n_showdowns, GIN_VIEW_SHOWDOWNS + 3);
    assert_int_equal(v.showdowns[0].deadwood, GIN_VIEW_SHOWDOWNS % 11);
    assert_int_equal(v.showdowns[2].deadwood, (GIN_VIEW_SHOWDOWNS + 2) % 11);
    assert_int_equal(v.showdowns[3].deadwood, 3 % 11);
    assert_int_equal(v.takes[1], GIN_VIEW_SHOWDOWNS + 2);
    assert_int_equal(v.takes_used[1], 1);
}

/* ---- gin_view_check: legality with a reason ---- */

typedef struct ring_feed {
    gin_view views[GIN_MAX_SEATS];
    int seats;
} ring_feed;

static void ring_feed_event(void *ctx, const gin_event *ev)
{
    ring_feed *f = ctx;
    for (int s = 0; s < f->seats; s++) {
        gin_event red;
        gin_event_redact(ev, s, &red);
        gin_view_apply(&f->views[s], &red);
    }
}

static int reasons_seen[GIN_ILLEGAL_REASONS];

/* The legal list of the view being checked: gin_view_legal's own way to
 * the answer (every throw's deadwood at once), not gin_view_check's. */
static gin_action listed[64];
static int n_listed;

static int in_list(const gin_view *v, gin_action a)
{
    int found = 0, named = a.kind == GIN_ACT_DISCARD || a.kind == GIN_ACT_KNOCK; /* else the card is not read */
    for (int i = 0; i < n_listed; i++)
        found |= listed[i].kind == a.kind && (!named || listed[i].card == a.card);
    if (found && a.kind == GIN_ACT_KNOCK && (a.spread.sets | a.spread.runs)) {
        gin_arrangement shown; /* the melds named: melds of the cards kept, within the limit */
        found = gin_spread_arrange(v->hand & ~gin_cardset_of(a.card), a.spread, v->knock_limit, &shown) == GIN_OK;
    }
    return found;
}

/* One action checked every way: the check says GIN_OK exactly when the
 * legal list has it (and, a knock claiming gin, it is gin), else a reason;
 * gin_view_is_legal says the same. */
static void check_agrees(const gin_view *v, gin_action a)
{
    int legal = in_list(v, a);
    assert_int_equal(gin_view_is_legal(v, a), legal);
    int gin = legal && (a.kind != GIN_ACT_KNOCK || a.card == GIN_NO_CARD ||
                        gin_deadwood(v->hand & ~gin_cardset_of(a.card)) == 0);
    for (int claims = 0; claims < 2; claims++) {
        int rc = gin_view_check(v, a, claims, NULL);
        assert_int_equal(rc == GIN_OK, claims ? gin : legal);
        assert_true(rc >= GIN_OK && rc < GIN_ILLEGAL_REASONS);
        reasons_seen[rc]++;
    }
}

/* The facts: the least deadwood a throw keeps (never the card just taken)
 * and the lowest card keeping it, the deadwood the action's card keeps. */
static void check_facts(const gin_view *v, gin_action a)
{
    gin_view_check_facts f;
    gin_view_check(v, a, 0, &f);
    assert_int_equal(f.limit, v->knock_limit);
    int mine = v->turn == v->seat && v->phase == GIN_PHASE_DISCARD && v->hand_no > 0;
    int least = -1;
    gin_card best = GIN_NO_CARD;
    for (gin_card c = 0; mine && c < 64; c++)
        if (gin_cardset_has(v->hand, c) && c != v->taken) {
            int dw = gin_deadwood(v->hand & ~gin_cardset_of(c));
            if (least < 0 || dw < least)
                least = dw, best = c;
        }
    assert_int_equal(f.least, least);
    assert_int_equal(f.best, best);
    int held = mine && gin_card_valid(a.card) && gin_cardset_has(v->hand, a.card);
    assert_int_equal(f.after, held ? gin_deadwood(v->hand & ~gin_cardset_of(a.card)) : -1);
}

/* Knocks naming melds: every spread the cards kept allow, the melds of
 * the whole hand (the thrown card among them: not melds of the cards
 * kept), and each of those short of one meld (deadwood over the limit, or
 * gin not shown as gin). */
static void check_spreads(const gin_view *v, gin_card c)
{
    gin_arrangement all[8];
    gin_cardset hands[2] = {v->hand & ~gin_cardset_of(c), v->hand};
    for (int h = 0; h < 2; h++) {
        int n = gin_arrange_all(hands[h], all, 8);
        for (int i = 0; i < n && i < 8; i++)
            for (int drop = -1; drop < all[i].n_melds; drop++) {
                gin_arrangement part = all[i];
                if (drop >= 0)
                    part.melds[drop] = 0;
                gin_action a = gin_action_make(GIN_ACT_KNOCK, c);
                a.spread = gin_spread_of(&part);
                check_agrees(v, a);
            }
    }
}

/* Every action a seat could name, checked at one moment of its view. */
static void check_every_action(const gin_view *v)
{
    static const gin_card odd[] = {GIN_NO_CARD, -7, 64, 99};
    n_listed = gin_view_legal(v, listed, GIN_LEGAL_MAX); /* room enough */
    assert_true(n_listed >= 0);
    for (int kind = -1; kind <= GIN_ACT_KNOCK + 1; kind++) {
        for (gin_card c = 0; c < 64; c++) /* the 52 cards, and the values between suits */
            check_agrees(v, gin_action_make(kind, c));
        for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
            check_agrees(v, gin_action_make(kind, odd[i]));
    }
    if (v->turn != v->seat || v->phase != GIN_PHASE_DISCARD)
        return;
    for (gin_cardset s = v->hand; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        check_facts(v, gin_action_make(GIN_ACT_KNOCK, c));
        check_spreads(v, c);
    }
    check_spreads(v, GIN_NO_CARD);
    check_facts(v, gin_action_make(GIN_ACT_DISCARD, GIN_NO_CARD));
}

static void test_check_agrees_with_legal(void **state)
{
    (void)state;
    static gin_game g;
    static ring_feed f;
    memset(reasons_seen, 0, sizeof reasons_seen);
    /* every preset, standard with big gin paid, rings of three and four */
    size_t presets = gin_rules_preset_count();
    for (size_t p = 0; p < presets + 3; p++) {
        gin_rules r = *gin_rules_preset_at(p < presets ? p : 0);
        if (p == presets)
            assert_int_equal(gin_rules_set(&r, "big-gin", "31", NULL), GIN_OK);
        if (p > presets)
            assert_int_equal(gin_rules_set(&r, "seats", p == presets + 1 ? "3" : "4", NULL), GIN_OK);
        for (uint64_t seed = 0; seed < 6; seed++) {
            gin_rng rng;
            gin_rng_seed(&rng, seed + 1000 * p);
            assert_int_equal(gin_game_init(&g, &r, seed), GIN_OK);
            f.seats = r.seats;
            for (int s = 0; s < r.seats; s++)
                gin_view_init(&f.views[s], &r, s);
            for (int s = 0; s < r.seats; s++)
                check_every_action(&f.views[s]); /* before any deal */
            for (int hands = 0; !g.over && hands < 4; hands++) {
                assert_int_equal(gin_game_deal(&g, ring_feed_event, &f), GIN_OK);
                while (g.hand.phase != GIN_PHASE_OVER) {
                    check_every_action(&f.views[g.hand.turn]);
                    check_every_action(&f.views[(g.hand.turn + 1) % r.seats]);
                    assert_int_equal(gin_game_apply(&g, choose(&g.hand, &rng), ring_feed_event, &f), GIN_OK);
                }
                check_every_action(&f.views[0]); /* between hands */
            }
        }
    }
    /* Random play reaches every reason but an empty stock or pile at a draw
     * (the hand is void or the pile reshuffled before, and a discard
     * always leaves a card face up): see test_check_reasons. */
    for (int rc = 0; rc < GIN_ILLEGAL_REASONS; rc++)
        if (rc != GIN_ILLEGAL_STOCK_EMPTY && rc != GIN_ILLEGAL_PILE_EMPTY && !reasons_seen[rc])
            fail_msg("reason %d never seen", rc);
}

/* Each reason on a view built by hand, and the facts beside it. */
static void test_check_reasons(void **state)
{
    (void)state;
    gin_view_check_facts f;
    /* 2-3-4-5 hearts, 7-7-7, 9-T-J clubs and KS, just taken from the pile */
    gin_view v = test_view_at("2H 3H 4H 5H 7S 7D 7C 9C TC JC KS", "8D", GIN_PHASE_DISCARD, 3);
    v.taken = C("KS");
    v.knock_limit = 9;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_KNOCK, C("5H")), 0, &f), GIN_ILLEGAL_OVER_LIMIT);
    assert_int_equal(f.limit, 9);
    assert_int_equal(f.least, 10); /* any throw but KS keeps KS */
    assert_int_equal(f.best, C("2H"));
    assert_int_equal(f.after, 10);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DISCARD, C("KS")), 0, &f), GIN_ILLEGAL_JUST_TAKEN);
    assert_int_equal(f.after, 0);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DISCARD, C("AS")), 0, &f), GIN_ILLEGAL_NOT_HELD);
    assert_int_equal(f.after, -1);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DISCARD, C("5H")), 0, NULL), GIN_OK);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), 0, NULL),
                     GIN_ILLEGAL_WRONG_KIND);
    v.knock_limit = 10;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_KNOCK, C("5H")), 0, NULL), GIN_OK);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_KNOCK, C("5H")), 1, NULL), GIN_ILLEGAL_NOT_GIN);
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD), 1, NULL), GIN_ILLEGAL_NO_BIG_GIN);
    v.rules.big_gin_bonus = 31;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD), 1, NULL),
                     GIN_ILLEGAL_BIG_GIN_UNMELDED);
    /* the melds a knock names */
    gin_action sp = gin_action_make(GIN_ACT_KNOCK, C("5H"));
    sp.spread.runs = test_cards("3H 4H 5H 9C TC JC"); /* 5H is thrown */
    sp.spread.sets = test_cards("7S 7D 7C");
    assert_int_equal(gin_view_check(&v, sp, 0, NULL), GIN_ILLEGAL_NOT_MELDS);
    sp.spread.runs = test_cards("2H 3H 4H"); /* 9C TC JC left out: 39 */
    assert_int_equal(gin_view_check(&v, sp, 0, NULL), GIN_ILLEGAL_MELDS_OVER_LIMIT);
    v.taken = GIN_NO_CARD;
    sp.card = C("KS"); /* gin, shown leaving 9C TC JC */
    assert_int_equal(gin_view_check(&v, sp, 0, NULL), GIN_ILLEGAL_GIN_AS_KNOCK);
    sp.spread.runs = test_cards("2H 3H 4H 5H 9C TC JC");
    assert_int_equal(gin_view_check(&v, sp, 1, NULL), GIN_OK);
    /* draws */
    v = test_view_at("2H 3H 4H 5H 7S 7D 7C 9C TC JC", "8D", GIN_PHASE_DRAW, 0);
    v.passes = 2;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), 0, &f),
                     GIN_ILLEGAL_PILE_BARRED);
    assert_int_equal(f.least, -1); /* not a discard */
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD), 0, NULL), GIN_ILLEGAL_WRONG_KIND);
    v.stock_n = 0;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), 0, NULL),
                     GIN_ILLEGAL_STOCK_EMPTY);
    v.pile_n = 0;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD), 0, NULL),
                     GIN_ILLEGAL_PILE_EMPTY);
    v.turn = 1;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD), 0, NULL),
                     GIN_ILLEGAL_NOT_DUE);
    v.phase = GIN_PHASE_OFFER;
    v.turn = 0;
    assert_int_equal(gin_view_check(&v, gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), 0, NULL), GIN_OK);
    assert_int_equal(gin_view_check(NULL, gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD), 0, &f), GIN_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_views_follow_playouts), cmocka_unit_test(test_known_discarded_declined),
        cmocka_unit_test(test_showdowns_kept),        cmocka_unit_test(test_check_agrees_with_legal),
        cmocka_unit_test(test_check_reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
