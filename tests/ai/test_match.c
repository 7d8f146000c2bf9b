/* The match loop: playouts to the end in every preset, faults, and the
 * hidden-information property (agents see only their seat's view). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"
#include "support/support.h"

/* Each seat's view agrees with the true state on everything public and on
 * its own cards. */
static void assert_views_agree(const gin_match *m)
{
    const gin_hand *h = &m->game.hand;
    for (int s = 0; s < h->seats; s++) {
        const gin_view *v = &m->views[s];
        assert_int_equal(v->seat, s);
        assert_true(v->hand == h->held[s]);
        assert_int_equal(v->stock_n, h->stock_n);
        assert_int_equal(v->pile_n, h->pile_n);
        assert_memory_equal(v->pile, h->pile, sizeof(gin_card) * (size_t)h->pile_n);
        if (h->phase != GIN_PHASE_OVER) {
            assert_int_equal(v->phase, h->phase);
            assert_int_equal(v->turn, h->turn);
        }
        /* what the view claims the opponent holds, it holds */
        for (int o = 0; o < h->seats; o++)
            if (o != s)
                assert_true((v->known[o] & ~h->held[o]) == 0);
        /* the showdown shows both hands; after a reshuffle, seen pile cards
         * are back in the stock and may be drawn unseen */
        if (h->phase == GIN_PHASE_OVER || h->rules.stock_low == GIN_STOCK_RESHUFFLE)
            continue;
        /* and it has not seen the stock or the opponent's other cards */
        gin_cardset stock = 0;
        for (int i = 0; i < h->stock_n; i++)
            stock |= gin_cardset_of(h->stock[i]);
        assert_true((v->seen & stock) == 0);
        for (int o = 0; o < h->seats; o++)
            if (o != s)
                assert_true((v->seen & h->held[o] & ~v->known[o]) == 0);
    }
}

typedef struct tally {
    int events, deals, game_over;
} tally;

static void count_events(void *ctx, const gin_event *ev)
{
    tally *t = ctx;
    t->events++;
    t->deals += ev->kind == GIN_EV_DEAL;
    t->game_over += ev->kind == GIN_EV_GAME_OVER;
}

static void play_checked(const gin_rules *r, uint64_t seed, const char *n0, const char *n1)
{
    gin_agent a, b;
    assert_int_equal(gin_ai_create(n0, seed * 3 + 1, 0, &a), GIN_OK);
    assert_int_equal(gin_ai_create(n1, seed * 3 + 2, 0, &b), GIN_OK);
    const gin_agent *seats[2] = {&a, &b};
    gin_match *m = malloc(sizeof *m);
    assert_non_null(m);
    tally t = {0};
    assert_int_equal(gin_match_init(m, r, seed, seats, count_events, &t), GIN_OK);
    int rc, steps = 0;
    while ((rc = gin_match_step(m)) == 1) {
        test_assert_conserved(&m->game.hand);
        assert_views_agree(m);
        assert_true(++steps < 200000); /* games end */
    }
    assert_int_equal(rc, 0);
    assert_true(m->game.over);
    assert_int_equal(m->fault_seat, -1);
    assert_int_equal(t.game_over, 1);
    assert_int_equal(t.deals, 2 * m->game.hand_no);
    for (int s = 0; s < 2; s++)
        assert_int_equal(m->views[s].hand_no, m->game.hand_no);
    assert_int_equal(gin_match_step(m), 0); /* stays over */
    free(m);
    a.destroy(a.self);
    b.destroy(b.self);
}

static void test_playouts_every_preset(void **state)
{
    (void)state;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        gin_rules r = *gin_rules_preset_at(i);
        for (uint64_t seed = 1; seed <= 12; seed++) {
            play_checked(&r, seed, "random", "random");
            play_checked(&r, seed, "simple", "random");
            play_checked(&r, seed, "simple", "simple");
        }
        r.hollywood = 1;
        for (uint64_t seed = 1; seed <= 4; seed++)
            play_checked(&r, seed, "simple", "random");
    }
}

/* ---- faults ---- */

typedef struct bad {
    int mode; /* 0: discard a card not held; 1: return an error; 2: draw kind in offer */
} bad;

static int bad_offer(void *self, const gin_view *v)
{
    (void)self;
    (void)v;
    return 0;
}
static int bad_draw(void *self, const gin_view *v)
{
    (void)self;
    (void)v;
    return GIN_ACT_DRAW_STOCK;
}
static int bad_discard(void *self, const gin_view *v, gin_action *out)
{
    bad *b = self;
    if (b->mode == 1)
        return GIN_ESPACE;
    out->kind = GIN_ACT_DISCARD;
    out->card = gin_cardset_first(GIN_DECK & ~v->hand); /* never held */
    return GIN_OK;
}

static void fault_case(int mode, int expect)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    bad b = {mode};
    gin_agent badagent = {"bad", &b, bad_offer, bad_draw, bad_discard, NULL, NULL};
    for (int bad_seat = 0; bad_seat < 2; bad_seat++) {
        gin_agent good;
        assert_int_equal(gin_ai_create("simple", 7, 0, &good), GIN_OK);
        const gin_agent *seats[2];
        seats[bad_seat] = &badagent;
        seats[!bad_seat] = &good;
        gin_match *m = malloc(sizeof *m), *before = malloc(sizeof *m);
        assert_non_null(m);
        assert_non_null(before);
        assert_int_equal(gin_match_init(m, &r, 99, seats, NULL, NULL), GIN_OK);
        int rc;
        for (;;) {
            memcpy(before, m, sizeof *m);
            rc = gin_match_step(m);
            if (rc != 1)
                break;
        }
        assert_int_equal(rc, expect);
        assert_int_equal(m->fault_seat, bad_seat);
        assert_int_equal(m->fault, expect);
        assert_int_equal(m->game.hand.turn, bad_seat);
        assert_int_equal(m->game.hand.phase, GIN_PHASE_DISCARD);
        /* nothing changed: the game and the views are byte for byte as before */
        assert_memory_equal(&m->game, &before->game, sizeof m->game);
        assert_memory_equal(m->views, before->views, sizeof m->views);
        /* and the same failure again */
        assert_int_equal(gin_match_step(m), expect);
        free(m);
        free(before);
        good.destroy(good.self);
    }
}

static void test_illegal_action_faults(void **state)
{
    (void)state;
    fault_case(0, GIN_EILLEGAL);
}

static void test_agent_error_passed_through(void **state)
{
    (void)state;
    fault_case(1, GIN_ESPACE);
}

/* An agent whose wait was given up (GIN_EINTR, the table's q while an
 * external bot thinks) is no fault: nothing changes, and asked again it
 * plays on. */
static int interrupted_once(void *self, const gin_view *v)
{
    (void)v;
    return (*(int *)self)++ == 0 ? GIN_EINTR : 0;
}

static void test_interrupted_agent_is_no_fault(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    int asked = 0;
    gin_agent a = {"waits", &asked, interrupted_once, bad_draw, bad_discard, NULL, NULL};
    const gin_agent *seats[2] = {&a, &a};
    static gin_match m, before;
    assert_int_equal(gin_match_init(&m, &r, 5, seats, NULL, NULL), GIN_OK);
    assert_int_equal(gin_match_next(&m), GIN_MATCH_MOVED); /* the deal */
    memcpy(&before, &m, sizeof m);
    assert_int_equal(gin_match_next(&m), GIN_EINTR);
    assert_int_equal(m.fault_seat, -1);
    assert_memory_equal(&m, &before, sizeof m);
    assert_int_equal(gin_match_next(&m), GIN_MATCH_MOVED); /* asked again: a pass */
    assert_int_equal(m.last.kind, GIN_ACT_PASS);
    assert_int_equal(asked, 2);
}

static void test_init_rejects(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_agent a;
    assert_int_equal(gin_ai_create("random", 1, 0, &a), GIN_OK);
    const gin_agent *one[2] = {&a, NULL};
    static gin_match m;
    assert_int_equal(gin_match_init(NULL, &r, 1, one, NULL, NULL), GIN_EINVAL);
    assert_int_equal(gin_match_init(&m, &r, 1, NULL, NULL, NULL), GIN_EINVAL);
    /* A seat without an agent is the caller's (pulled): the pushed form
     * cannot play it. */
    assert_int_equal(gin_match_init(&m, &r, 1, one, NULL, NULL), GIN_OK);
    int rc;
    while ((rc = gin_match_step(&m)) == 1)
        ;
    assert_int_equal(rc, GIN_ESTATE);
    assert_int_equal(m.game.hand.turn, 1);
    assert_int_equal(m.fault_seat, -1);
    const gin_agent *two[2] = {&a, &a};
    r.seats = 9;
    assert_int_equal(gin_match_init(&m, &r, 1, two, NULL, NULL), GIN_ERULES);
    assert_int_equal(gin_match_step(NULL), GIN_EINVAL);
    a.destroy(a.self);
}

/* ---- hidden information ----
 * Take a position from a playout, copy it, and in the copy deal the seat to
 * move's opponent a different hand from its unknown cards pooled with the
 * stock (the cards it is known to hold stay), restacking the stock too: a
 * different true state the seat's view cannot tell apart. Two copies of an
 * agent in the same internal state (same seed, same history) must then make
 * the same decision in both. */

static void rehide(gin_hand *h, int seat, const gin_view *v, gin_rng *rng)
{
    int opp = 1 - seat;
    gin_cardset hidden = h->held[opp] & ~v->known[opp];
    gin_card pool[GIN_DECK_SIZE];
    int n = 0;
    for (gin_cardset s = hidden; s; s &= s - 1)
        pool[n++] = gin_cardset_first(s);
    for (int i = 0; i < h->stock_n; i++)
        pool[n++] = h->stock[i];
    gin_rng_shuffle(rng, pool, n);
    int k = gin_cardset_count(hidden);
    h->held[opp] &= ~hidden;
    for (int i = 0; i < k; i++)
        h->held[opp] |= gin_cardset_of(pool[i]);
    for (int i = k; i < n; i++)
        h->stock[i - k] = pool[i];
    gin_rng_seed(&h->rng, gin_rng_next(rng)); /* the reshuffle order is hidden too */
}

typedef struct last_action {
    int armed; /* record the next action event */
    int kind;
    gin_card card;
    int seat;
} last_action;

static void record_action(void *ctx, const gin_event *ev)
{
    last_action *la = ctx;
    if (!la->armed)
        return;
    switch (ev->kind) {
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_PASS:
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        la->card = ev->card;
        /* fall through */
    case GIN_EV_DRAW_STOCK: /* the card that comes up differs by design */
        la->kind = ev->kind;
        la->seat = ev->seat;
        la->armed = 0;
        break;
    default:
        break;
    }
}

static void destroy_all(gin_agent *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].destroy)
            a[i].destroy(a[i].self);
}

/* Plays game `seed` with agent `name` in both seats for `at` steps, twice
 * (twin agents in identical states), then rehides the second copy at the
 * next decision and compares the decision made in each. Returns 1 if a
 * position was compared, 0 if the game ended first. */
static int compare_at(const char *name, const gin_rules *r, uint64_t seed, int at)
{
    gin_agent ag[4];
    for (int s = 0; s < 2; s++) {
        assert_int_equal(gin_ai_create(name, seed * 7 + (uint64_t)s, 1, &ag[s]), GIN_OK);
        assert_int_equal(gin_ai_create(name, seed * 7 + (uint64_t)s, 1, &ag[2 + s]), GIN_OK);
    }
    const gin_agent *sa[2] = {&ag[0], &ag[1]}, *sb[2] = {&ag[2], &ag[3]};
    gin_match *m1 = malloc(sizeof *m1), *m2 = malloc(sizeof *m2);
    assert_non_null(m1);
    assert_non_null(m2);
    last_action l1 = {0, -1, GIN_NO_CARD, -1}, l2 = l1;
    assert_int_equal(gin_match_init(m1, r, seed, sa, record_action, &l1), GIN_OK);
    assert_int_equal(gin_match_init(m2, r, seed, sb, record_action, &l2), GIN_OK);
    int compared = 0, i = 0;
    /* Step to `at`, then on to a decision point. */
    while (i < at || m2->game.hand_no == 0 || m2->game.hand.phase == GIN_PHASE_OVER) {
        int r1 = gin_match_step(m1), r2 = gin_match_step(m2);
        assert_int_equal(r1, r2);
        if (r1 != 1)
            goto done;
        i++;
    }
    int seat = m2->game.hand.turn;
    gin_rng rng;
    gin_rng_seed(&rng, seed * 1000003u + (uint64_t)at);
    rehide(&m2->game.hand, seat, &m2->views[seat], &rng);
    test_assert_conserved(&m2->game.hand);
    assert_memory_equal(&m1->views[seat], &m2->views[seat], sizeof(gin_view));
    l1.armed = l2.armed = 1;
    int r1 = gin_match_step(m1), r2 = gin_match_step(m2);
    assert_true(r1 >= 0);
    assert_true(r2 >= 0);
    assert_int_equal(l1.seat, seat);
    assert_int_equal(l2.seat, seat);
    if (l1.kind != l2.kind || l1.card != l2.card)
        fail_msg("%s decided differently on a rehidden state (seed %llu, step %d): %d/%d vs %d/%d", name,
                 (unsigned long long)seed, at, l1.kind, l1.card, l2.kind, l2.card);
    compared = 1;
done:
    free(m1);
    free(m2);
    destroy_all(ag, 4);
    return compared;
}

/* ---- pulled ----
 * The pulled form is the pushed one stopped at each step: a seat without an
 * agent is played from outside (gin_match_submit), and the game it makes is
 * the pushed game's, event for event and byte for byte. */

typedef struct trace {
    uint64_t hash; /* of every event as observed */
    int events;
} trace;

static void hash_event(void *ctx, const gin_event *ev)
{
    trace *t = ctx;
    const int64_t parts[] = {ev->kind,           ev->seat,  ev->card,
                             (int64_t)ev->cards, ev->value, ev->showdown ? ev->showdown->points : -1};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        t->hash = (t->hash ^ (uint64_t)parts[i]) * UINT64_C(0x100000001b3);
    t->events++;
}

/* Plays rules r at seed to the end: pushed when pulled == 0, else with the
 * seats whose bit is set in `pulled` played from outside by twins of their
 * bots, asked through the match's own views. */
static void play_game(const gin_rules *r, uint64_t seed, unsigned pulled, gin_match *m, trace *t)
{
    gin_agent bots[GIN_MAX_SEATS], twins[GIN_MAX_SEATS];
    const gin_agent *seats[GIN_MAX_SEATS] = {0};
    for (int s = 0; s < r->seats; s++) {
        assert_int_equal(gin_ai_create("hard", seed * 5 + (uint64_t)s, 0, &bots[s]), GIN_OK);
        assert_int_equal(gin_ai_create("hard", seed * 5 + (uint64_t)s, 0, &twins[s]), GIN_OK);
        seats[s] = pulled >> s & 1 ? NULL : &bots[s];
    }
    *t = (trace){UINT64_C(0xcbf29ce484222325), 0};
    assert_int_equal(gin_match_init(m, r, seed, seats, hash_event, t), GIN_OK);
    for (int steps = 0;; steps++) {
        assert_true(steps < 100000);
        int rc = gin_match_next(m);
        if (rc == GIN_MATCH_OVER)
            break;
        if (rc == GIN_MATCH_MOVED) {
            if (m->moved >= 0)
                assert_true(seats[m->moved] != NULL); /* only agents move by themselves */
            continue;
        }
        assert_int_equal(rc, GIN_MATCH_WAITING);
        int seat = m->game.hand.turn;
        assert_true(pulled >> seat & 1);
        assert_int_equal(gin_match_next(m), GIN_MATCH_WAITING); /* it waits, changing nothing */
        gin_action a;
        assert_int_equal(gin_agent_decide(&twins[seat], &m->views[seat], &a), GIN_OK);
        assert_int_equal(gin_match_submit(m, a), GIN_OK);
        assert_int_equal(m->moved, seat);
        assert_int_equal(m->last.kind, a.kind);
        assert_int_equal(m->last.card, a.card);
    }
    assert_true(m->game.over);
    destroy_all(bots, r->seats);
    destroy_all(twins, r->seats);
}

static void test_pulled_plays_as_pushed(void **state)
{
    (void)state;
    gin_match *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    for (size_t i = 0; i < gin_rules_preset_count(); i++)
        for (int seats = 2; seats <= GIN_MAX_SEATS; seats++) {
            gin_rules r = *gin_rules_preset_at(i);
            if (seats > 2 && gin_rules_ring(&r, seats) != GIN_OK)
                continue;
            for (uint64_t seed = 1; seed <= 2; seed++) {
                trace ta, tb;
                play_game(&r, seed, 0, a, &ta);
                for (unsigned pulled = 1; pulled < 1u << seats; pulled = pulled * 2 + 1) {
                    play_game(&r, seed, pulled, b, &tb);
                    assert_int_equal(ta.events, tb.events);
                    assert_true(ta.hash == tb.hash);
                    assert_memory_equal(&a->game, &b->game, sizeof a->game);
                    assert_memory_equal(a->views, b->views, sizeof a->views);
                }
            }
        }
    free(a);
    free(b);
}

/* An agent that must not be asked: a record played again is submitted. */
static int never_offer(void *self, const gin_view *v)
{
    (void)self;
    (void)v;
    fail_msg("an agent was asked while a record was submitted");
    return 0;
}
static int never_draw(void *self, const gin_view *v) { return never_offer(self, v); }
static int never_discard(void *self, const gin_view *v, gin_action *out)
{
    (void)out;
    return never_offer(self, v);
}

static void test_submit_replays_and_refuses(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_match *m = malloc(sizeof *m), *again = malloc(sizeof *again), *before = malloc(sizeof *before);
    assert_non_null(m);
    assert_non_null(again);
    assert_non_null(before);
    /* A game pushed to its end, its actions kept from `moved` and `last`. */
    gin_agent a, b;
    assert_int_equal(gin_ai_create("simple", 3, 0, &a), GIN_OK);
    assert_int_equal(gin_ai_create("simple", 4, 0, &b), GIN_OK);
    const gin_agent *seats[2] = {&a, &b};
    static gin_action acts[20000];
    int n = 0;
    trace t1, t2;
    t1 = (trace){0, 0};
    assert_int_equal(gin_match_init(m, &r, 42, seats, hash_event, &t1), GIN_OK);
    assert_int_equal(gin_match_submit(m, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD)), GIN_ESTATE); /* no hand yet */
    int rc;
    while ((rc = gin_match_next(m)) == GIN_MATCH_MOVED)
        if (m->moved >= 0)
            acts[n++] = m->last;
    assert_int_equal(rc, GIN_MATCH_OVER);
    /* Submitted again with agents that must not be asked: the same game. */
    gin_agent never = {"never", NULL, never_offer, never_draw, never_discard, NULL, NULL};
    const gin_agent *nn[2] = {&never, &never};
    t2 = (trace){0, 0};
    assert_int_equal(gin_match_init(again, &r, 42, nn, hash_event, &t2), GIN_OK);
    for (int i = 0; i < n;) {
        if (gin_match_deal_due(again)) {
            assert_int_equal(gin_match_next(again), GIN_MATCH_MOVED);
            assert_int_equal(again->moved, -1);
            continue;
        }
        /* An illegal action first: refused, nothing changes. */
        memcpy(before, again, sizeof *again);
        gin_action wrong =
            gin_action_make(GIN_ACT_DISCARD, gin_cardset_first(GIN_DECK & ~again->views[again->game.hand.turn].hand));
        assert_int_equal(gin_match_submit(again, wrong), GIN_EILLEGAL);
        assert_memory_equal(again, before, sizeof *again);
        assert_int_equal(gin_match_submit(again, acts[i++]), GIN_OK);
    }
    assert_true(again->game.over);
    assert_int_equal(gin_match_next(again), GIN_MATCH_OVER);
    assert_int_equal(gin_match_submit(again, acts[0]), GIN_ESTATE);
    assert_int_equal(t1.events, t2.events);
    assert_true(t1.hash == t2.hash);
    assert_memory_equal(&m->game, &again->game, sizeof m->game);
    assert_int_equal(gin_match_submit(NULL, acts[0]), GIN_EINVAL);
    assert_int_equal(gin_match_next(NULL), GIN_EINVAL);
    free(m);
    free(again);
    free(before);
    a.destroy(a.self);
    b.destroy(b.self);
}

static void test_hidden_information(void **state)
{
    (void)state;
    int tested = 0;
    for (int k = 0; gin_opponent_at(k); k++) { /* every opponent of the catalogue */
        const char *name = gin_opponent_at(k)->name;
        gin_agent probe;
        if (gin_ai_create(name, 1, 1, &probe) != GIN_OK) {
            print_message("hidden information: agent '%s' not available yet, skipped\n", name);
            continue;
        }
        destroy_all(&probe, 1);
        /* expert searches: fewer positions keep the test quick */
        int seeds = strcmp(name, "expert") ? 24 : 2, positions = 0;
        for (size_t p = 0; p < gin_rules_preset_count(); p++) {
            const gin_rules *r = gin_rules_preset_at(p);
            for (int sd = 1; sd <= seeds; sd++)
                for (int at = 0; at < 90; at += 7 + sd % 5)
                    positions += compare_at(name, r, (uint64_t)(sd * 31 + (int)p), at);
        }
        assert_true(positions > 10);
        tested++;
    }
    assert_true(tested >= 2); /* random and simple at least */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playouts_every_preset),      cmocka_unit_test(test_illegal_action_faults),
        cmocka_unit_test(test_agent_error_passed_through), cmocka_unit_test(test_init_rejects),
        cmocka_unit_test(test_hidden_information),         cmocka_unit_test(test_pulled_plays_as_pushed),
        cmocka_unit_test(test_submit_replays_and_refuses), cmocka_unit_test(test_interrupted_agent_is_no_fault),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
