/* Drills (src/trainer/drill.h): a generated drill has one clearly best
 * answer by the documented margin and within its level's band, the same
 * seed gives the same drill, each kind can be asked for, answers are read
 * as numbers, cards and words, missed kinds are picked more often, and a
 * game with mistakes gives drills of the moves played. Small budgets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "drill.h"
#include "drill_internal.h"
#include "game_review.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/meld.h"
#include "gin/rng.h"
#include "support/support.h"

enum { PLAYOUTS = 8000 };
static gin_drill a, b;

/* The drill's own claims hold: the best answer loses nothing, every other
 * one loses at least the margin, which is at least GIN_DRILL_MARGIN, and
 * none is about equal to the best. */
static void assert_clear_spread(const gin_drill *d)
{
    assert_true(d->n_choices >= 2 && d->n_choices <= GIN_DRILL_SPREADS);
    assert_true(d->best >= 0 && d->best < d->n_choices);
    assert_true(d->choice[d->best].lost == 0.0);
    assert_true(d->margin >= GIN_DRILL_MARGIN);
    assert_int_equal(d->advice.measure, GIN_COACH_BY_POINTS);
    assert_true(gin_cardset_has(d->view.hand, d->thrown));
    gin_cardset kept = d->view.hand & ~gin_cardset_of(d->thrown);
    assert_true(gin_deadwood(kept) > 0);
    for (int c = 0; c < d->n_choices; c++) {
        const gin_spread_value *x = &d->spreads.spread[d->choice[c].move];
        gin_arrangement shown;
        /* Each a spread the knock may show, each listed once. */
        assert_int_equal(gin_spread_arrange(kept, x->spread, d->view.knock_limit, &shown), GIN_OK);
        assert_int_equal(gin_drill_spread_choice(d, x->spread), c);
        if (c == d->best)
            continue;
        assert_true(d->choice[c].lost >= d->margin);
        assert_true(d->choice[c].lost > GIN_COACH_NOISE_SE * x->gap_se);
    }
}

static void assert_clear(const gin_drill *d)
{
    if (d->kind == GIN_DRILL_SPREAD) {
        assert_clear_spread(d);
        return;
    }
    assert_true(d->n_choices >= 2);
    assert_true(d->best >= 0 && d->best < d->n_choices);
    assert_int_equal(d->choice[d->best].move, 0);
    assert_true(d->choice[d->best].lost == 0.0);
    assert_true(d->margin >= GIN_DRILL_MARGIN);
    for (int c = 0; c < d->n_choices; c++) {
        if (c == d->best)
            continue;
        assert_true(d->choice[c].lost >= d->margin);
        assert_false(d->advice.move[d->choice[c].move].equal);
    }
    assert_int_equal(gin_drill_kind_at(&d->view), d->kind);
}

static void test_generated_is_clear_and_repeatable(void **state)
{
    (void)state;
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 0};
    assert_int_equal(gin_drill_generate(&o, -1, 7, &a), 1);
    assert_clear(&a);
    assert_int_equal(a.source, GIN_DRILL_GENERATED);
    assert_true(a.margin >= GIN_DRILL_NORMAL && a.margin < GIN_DRILL_EASY);
    assert_int_equal(gin_drill_generate(&o, -1, 7, &b), 1);
    assert_true(a.view.hand == b.view.hand);
    assert_int_equal(a.kind, b.kind);
    assert_int_equal(a.best, b.best);
    assert_true(a.margin == b.margin);
    /* Another seed, another position. */
    assert_int_equal(gin_drill_generate(&o, -1, 8, &b), 1);
    assert_false(a.view.hand == b.view.hand && a.view.turns == b.view.turns && a.hand_no == b.hand_no);
}

static void test_each_kind_and_level(void **state)
{
    (void)state;
    for (int level = GIN_DRILL_LEVEL_EASY; level <= GIN_DRILL_LEVEL_HARD; level++) {
        gin_drill_opts o = {PLAYOUTS, level, 60};
        for (int kind = 0; kind < GIN_DRILL_KINDS; kind++) {
            if (level != GIN_DRILL_LEVEL_NORMAL && kind != GIN_DRILL_THROW)
                continue; /* the bands once, the kinds once */
            int want = level == GIN_DRILL_LEVEL_NORMAL ? kind : -1;
            int rc = gin_drill_generate(&o, want, 3, &a);
            assert_int_equal(rc, 1);
            if (want >= 0)
                assert_int_equal(a.kind, kind);
            assert_clear(&a);
            if (level == GIN_DRILL_LEVEL_EASY)
                assert_true(a.margin >= GIN_DRILL_EASY);
            if (level == GIN_DRILL_LEVEL_HARD)
                assert_true(a.margin < GIN_DRILL_NORMAL);
            if (kind == GIN_DRILL_KNOCK) {
                /* Two answers: knock (first) or play on. */
                assert_int_equal(a.n_choices, 2);
                assert_int_equal(a.advice.move[a.choice[0].move].value.action.kind, GIN_ACT_KNOCK);
                assert_int_equal(a.advice.move[a.choice[1].move].value.action.kind, GIN_ACT_DISCARD);
            }
            char q[128], text[GIN_DRILL_EXPLAIN_MAX];
            gin_drill_question(&a, NULL, q, sizeof q);
            assert_true(strlen(q) > 0);
            gin_drill_explain(&a, a.best, NULL, text, sizeof text);
            assert_true(strncmp(text, "Right: ", 7) == 0);
            int wrong = a.best == 0 ? 1 : 0;
            gin_drill_explain(&a, wrong, NULL, text, sizeof text);
            assert_true(strncmp(text, "Not the best: ", 14) == 0);
            char lost[32];
            snprintf(lost, sizeof lost, "gives up %.1f ", a.choice[wrong].lost);
            assert_non_null(strstr(text, lost));
        }
    }
}

/* A knock drill's why weighs the best against the other answer it offers
 * (knocking against playing on with the drill's throw), never a throw
 * that is not an answer. */
static void test_knock_drill_weighs_its_answers(void **state)
{
    (void)state;
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 60};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        assert_int_equal(gin_drill_generate(&o, GIN_DRILL_KNOCK, seed, &a), 1);
        int other = a.best == 0 ? 1 : 0;
        gin_action x = a.advice.move[a.choice[other].move].value.action;
        char card[3], want[64], text[GIN_DRILL_EXPLAIN_MAX];
        gin_card_format(x.card, card);
        if (x.kind == GIN_ACT_KNOCK)
            snprintf(want, sizeof want, "Better than knocking, throwing the %s", card);
        else
            snprintf(want, sizeof want, "Better than playing on (throwing the %s)", card);
        gin_drill_explain(&a, a.best, NULL, text, sizeof text);
        if (!strstr(text, want))
            fail_msg("seed %d: '%s' does not say '%s'", (int)seed, text, want);
        gin_drill_explain(&a, other, NULL, text, sizeof text);
        if (!strstr(text, want))
            fail_msg("seed %d: '%s' does not say '%s'", (int)seed, text, want);
    }
}

/* Every card the words name after "throwing the " is one a choice of the
 * drill throws (a take's, the throw after it): no other move is named. */
static void assert_names_only_its_answers(const gin_drill *d, const char *text)
{
    assert_null(strstr(text, "About equal to"));
    for (const char *p = strstr(text, "throwing the "); p; p = strstr(p + 1, "throwing the ")) {
        char name[3] = {p[13], p[14], '\0'}; /* letters: a card is two characters */
        gin_card c;
        assert_int_equal(gin_card_parse(name, &c, NULL), GIN_OK);
        int offered = 0;
        for (int k = 0; k < d->n_choices; k++) {
            const gin_coach_move *m = &d->advice.move[d->choice[k].move];
            offered |= m->value.action.card == c || (m->facts.then.kind >= 0 && m->facts.then.card == c);
        }
        if (!offered)
            fail_msg("'%s' names a move the drill does not offer: '%.16s'", text, p);
    }
}

/* The sentence a knock drill's explanation gives the moves about equal
 * to the best that it does not offer (none: ""). They are the best's own
 * answer with another card: the marks are a prefix of the list, and the
 * other answer's best is not among them, or there would be no drill. */
static void same_answer_words(const gin_drill *d, char *buf, size_t cap)
{
    const gin_coach_move *best = &d->advice.move[0];
    int same = 0, gins = best->facts.deadwood == 0;
    buf[0] = '\0';
    for (int j = 1; j < d->advice.n && d->advice.move[j].equal; j++) {
        assert_int_equal(d->advice.move[j].value.action.kind, best->value.action.kind);
        gins = gins && d->advice.move[j].facts.deadwood == 0;
        same++;
    }
    const char *what = best->value.action.kind == GIN_ACT_DISCARD ? "throw" : gins ? "gin" : "knock";
    if (same == 1)
        snprintf(buf, cap, "Another %s is about equal. ", what);
    else if (same > 1)
        snprintf(buf, cap, "Any of %d other %ss is about equal. ", same, what);
}

/* Each answer's explanation names only the drill's answers, and says of
 * the moves about equal that it does not offer how many there are. 1 when
 * there were some. */
static int assert_knock_words(const gin_drill *d)
{
    char want[96], text[GIN_DRILL_EXPLAIN_MAX];
    same_answer_words(d, want, sizeof want);
    for (int c = 0; c < d->n_choices; c++) {
        gin_drill_explain(d, c, NULL, text, sizeof text);
        assert_names_only_its_answers(d, text);
        if (!strstr(text, want))
            fail_msg("'%s' does not say '%s'", text, want);
    }
    return want[0] != '\0';
}

/* The other kinds name no move they do not offer either: a throw drill
 * offers every card (and has no knock to name), a take drill its two
 * answers, the take with the throw (or knock) after it. */
static void test_throw_and_take_drills_name_only_their_answers(void **state)
{
    (void)state;
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 60};
    char text[GIN_DRILL_EXPLAIN_MAX];
    for (int kind = GIN_DRILL_THROW; kind <= GIN_DRILL_TAKE; kind++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            assert_int_equal(gin_drill_generate(&o, kind, seed, &a), 1);
            for (int c = 0; c < a.n_choices; c++) {
                gin_drill_explain(&a, c, NULL, text, sizeof text);
                assert_names_only_its_answers(&a, text);
                assert_null(strstr(text, "knocking"));
            }
        }
}

static void test_answers(void **state)
{
    (void)state;
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 60};
    assert_int_equal(gin_drill_generate(&o, GIN_DRILL_THROW, 3, &a), 1);
    assert_int_equal(gin_drill_answer(&a, "1"), 0);
    assert_int_equal(gin_drill_answer(&a, " 2 "), 1);
    assert_int_equal(gin_drill_answer(&a, "0"), -1);
    assert_int_equal(gin_drill_answer(&a, "99"), -1);
    assert_int_equal(gin_drill_answer(&a, "-1"), -1);
    assert_int_equal(gin_drill_answer(&a, ""), -1);
    assert_int_equal(gin_drill_answer(&a, "take"), -1); /* not a throw's answer */
    /* A card of the choices, in either case. */
    gin_card c = a.advice.move[a.choice[1].move].value.action.card;
    char t[3], low[3];
    gin_card_format(c, t);
    low[0] = t[0] >= 'A' && t[0] <= 'Z' ? (char)(t[0] + 32) : t[0];
    low[1] = (char)(t[1] + 32);
    low[2] = '\0';
    assert_int_equal(gin_drill_answer(&a, t), 1);
    assert_int_equal(gin_drill_answer(&a, low), 1);
    /* Choices are in the hand's order, whatever the best is. */
    for (int i = 1; i < a.n_choices; i++)
        assert_true(a.advice.move[a.choice[i - 1].move].value.action.card <
                    a.advice.move[a.choice[i].move].value.action.card);
    assert_int_equal(gin_drill_generate(&o, GIN_DRILL_TAKE, 3, &b), 1);
    assert_int_equal(gin_drill_answer(&b, "take"), 0);
    assert_int_equal(gin_drill_answer(&b, b.view.phase == GIN_PHASE_OFFER ? "pass" : "stock"), 1);
    assert_int_equal(gin_drill_answer(&b, "KC"), -1);
    assert_int_equal(gin_drill_answer(&b, "knock"), -1);
    /* A knock drill: knock, play (on); "gin" too when the knock is a gin. */
    assert_int_equal(gin_drill_generate(&o, GIN_DRILL_KNOCK, 3, &b), 1);
    int knock = -1;
    for (int i = 0; i < b.n_choices; i++)
        if (b.advice.move[b.choice[i].move].value.action.kind == GIN_ACT_KNOCK)
            knock = i;
    assert_true(knock >= 0);
    gin_card k = b.advice.move[b.choice[knock].move].value.action.card;
    assert_int_equal(gin_drill_answer(&b, "knock"), knock);
    assert_int_equal(gin_drill_answer(&b, "play on"), 1 - knock);
    assert_int_equal(gin_drill_answer(&b, "take"), -1);
    gin_cardset melded = test_cards("AC 2C 3C 4C 5H 6H 7H 9D 9S 9H");
    if (gin_cardset_has(melded, k))
        melded = test_cards("QC KC JC TC 5S 6S 7S 8D 8H 8C");
    int gin = gin_deadwood(b.view.hand & ~gin_cardset_of(k)) == 0;
    assert_int_equal(gin_drill_answer(&b, "gin"), gin ? knock : -1); /* not a gin: not its word */
    b.view.hand = melded | gin_cardset_of(k); /* a gin: "gin" answers it (it did before the lists) */
    assert_int_equal(gin_drill_answer(&b, "gin"), knock);
    char words[96];
    gin_drill_words(&b, words, sizeof words);
    assert_string_equal(words, "knock, gin, play or play on");
}

static void test_missed_kinds_come_back(void **state)
{
    (void)state;
    int tried[GIN_DRILL_KINDS] = {10, 10, 10, 10}, missed[GIN_DRILL_KINDS] = {0, 10, 0, 0},
        count[GIN_DRILL_KINDS] = {0};
    gin_rng r;
    gin_rng_seed(&r, 1);
    for (int i = 0; i < 7000; i++)
        count[gin_drill_pick_kind(tried, missed, gin_rng_next(&r))]++;
    /* Weights 1, 4, 1, 1: the missed kind four sevenths of the time. */
    assert_in_range(count[1], 3800, 4200);
    assert_in_range(count[0], 800, 1200);
    assert_in_range(count[3], 800, 1200);
    /* Never tried: weight 2 against 1 for a kind always right. */
    int none[GIN_DRILL_KINDS] = {5, 5, 5, 0}, right[GIN_DRILL_KINDS] = {0, 0, 0, 0};
    memset(count, 0, sizeof count);
    for (int i = 0; i < 5000; i++)
        count[gin_drill_pick_kind(none, right, gin_rng_next(&r))]++;
    assert_in_range(count[GIN_DRILL_SPREAD], 1800, 2200);
}

/* A game of a random player (seat 0) against the hard bot, recorded. */
static void record_game(gin_record *rec, uint64_t seed)
{
    gin_rules r;
    gin_agent rnd, hard;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_ai_create("random", seed, 0, &rnd), GIN_OK);
    assert_int_equal(gin_ai_create("hard", seed + 1, 0, &hard), GIN_OK);
    const gin_agent *agents[2] = {&rnd, &hard};
    static gin_match m;
    assert_int_equal(gin_match_init(&m, &r, seed, agents, NULL, NULL), GIN_OK);
    gin_record_init(rec, &r, seed);
    int st;
    while ((st = gin_match_step(&m)) > 0)
        if (m.moved >= 0)
            assert_int_equal(gin_record_add(rec, m.last), GIN_OK);
    assert_int_equal(st, 0);
    if (m.moved >= 0)
        assert_int_equal(gin_record_add(rec, m.last), GIN_OK);
    if (rnd.destroy)
        rnd.destroy(rnd.self);
    if (hard.destroy)
        hard.destroy(hard.self);
}

typedef struct found_ctx {
    int n;
    gin_drill first;
} found_ctx;

static int on_found(void *ctx, const gin_drill *d)
{
    found_ctx *f = ctx;
    if (f->n++ == 0)
        f->first = *d;
    assert_int_equal(d->source, GIN_DRILL_YOURS);
    assert_clear(d);
    assert_true(d->played >= 0 && d->played != d->best);
    return f->n >= 3;
}

static void test_mistakes_of_a_game(void **state)
{
    (void)state;
    gin_record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 0};
    static found_ctx f;
    memset(&f, 0, sizeof f);
    int n = 0;
    for (uint64_t seed = 5; seed < 11 && n == 0; seed++) {
        record_game(rec, seed);
        n = gin_drill_from_game(rec, 0, &o, 40, on_found, &f);
        assert_true(n >= 0);
    }
    assert_true(n >= 1);
    assert_int_equal(n, f.n);
    /* The move played is the choice it says: replaying to that decision
     * would find it among the choices' moves (its answer is not the best). */
    assert_true(f.first.choice[f.first.played].lost >= GIN_DRILL_MARGIN);
    /* Not a seat of the record, or no record: refused. */
    assert_int_equal(gin_drill_from_game(rec, 2, &o, 40, on_found, &f), GIN_EINVAL);
    assert_int_equal(gin_drill_from_game(NULL, 0, &o, 40, on_found, &f), GIN_EINVAL);
    free(rec);
}

typedef struct all_ctx {
    int n;
    gin_drill d[8];
} all_ctx;

static int keep_all(void *ctx, const gin_drill *d)
{
    all_ctx *all = ctx;
    all->d[all->n++] = *d;
    return all->n == 8;
}

/* A throw or take drill of your own decision puts the number on your move
 * that the review of the game does: the same analysis (budget and seed).
 * With a seed of its own a drill said 4.6 behind where the review said 7.3
 * given up (QA's learner pass). */
static void test_mistakes_agree_with_the_review(void **state)
{
    (void)state;
    gin_record *rec = malloc(sizeof *rec);
    gin_review_game *g = malloc(sizeof *g);
    static all_ctx all;
    assert_non_null(rec);
    assert_non_null(g);
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 0};
    gin_review_opts ro = {PLAYOUTS, GIN_REVIEW_SEED, NULL, NULL, NULL, 1, 0};
    int compared = 0;
    for (uint64_t seed = 5; seed < 11 && compared < 3; seed++) {
        record_game(rec, seed);
        all.n = 0;
        assert_true(gin_drill_from_game(rec, 0, &o, 0, keep_all, &all) >= 0);
        assert_true(gin_review_run(rec, 0, &ro, g) > 0);
        for (int i = 0; i < all.n; i++) {
            const gin_drill *d = &all.d[i];
            if (d->kind != GIN_DRILL_THROW && d->kind != GIN_DRILL_TAKE)
                continue;
            int k = 0;
            while (k < g->n &&
                   !(g->d[k].hand == d->hand_no && g->d[k].held == d->view.hand && g->d[k].phase == (int)d->view.phase))
                k++;
            assert_true(k < g->n);
            assert_int_equal(g->measure, GIN_COACH_BY_WIN);
            assert_float_equal(100.0 * g->d[k].lost, d->choice[d->played].lost, 1e-9);
            compared++;
        }
    }
    assert_true(compared >= 1);
    free(rec);
    free(g);
}

static int on_knock_drill(void *ctx, const gin_drill *d)
{
    if (d->kind == GIN_DRILL_KNOCK)
        *(int *)ctx += assert_knock_words(d);
    return 0;
}

/* A knock drill names its answers alone, knocking and playing on: the
 * best answer's reason said "About equal to throwing the 3H" (or
 * "knocking, throwing the 6C"), a move the drill did not offer and the
 * learner could not give. Moves about equal that it does not offer are
 * counted as the best's own answer with another card, as many as the
 * advice has. Generated drills, and the mistake of a learner's record (a
 * random player's: play on where knocking with the 6S was best). */
static void test_knock_drill_names_only_its_answers(void **state)
{
    (void)state;
    static const struct {
        int level;
        uint64_t seed;
    } cases[] = {
        {GIN_DRILL_LEVEL_NORMAL, 15}, /* play on, one other throw about equal */
        {GIN_DRILL_LEVEL_NORMAL, 36}, /* play on at the stock's end: every throw voids the hand alike */
        {GIN_DRILL_LEVEL_EASY, 70},   /* a knock, another card about equal */
        {GIN_DRILL_LEVEL_HARD, 32},   /* a gin, another card about equal */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        gin_drill_opts o = {PLAYOUTS, cases[k].level, 60};
        assert_int_equal(gin_drill_generate(&o, GIN_DRILL_KNOCK, cases[k].seed, &a), 1);
        assert_true(assert_knock_words(&a)); /* the case still has moves about equal not offered */
    }
    gin_record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    record_game(rec, 34);
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 0};
    int said = 0;
    assert_true(gin_drill_from_game(rec, 0, &o, 40, on_knock_drill, &said) >= 1);
    assert_true(said >= 1);
    free(rec);
}

/* A spread drill for a seed: a knock a hard bot made, its spreads the
 * choices, one clearly best; the same seed gives the same drill; numbers
 * name the spreads, and the words say what the other spread lets them lay
 * off. */
static void test_spread_drill(void **state)
{
    (void)state;
    gin_drill_opts o = {PLAYOUTS, GIN_DRILL_LEVEL_NORMAL, 0};
    assert_int_equal(gin_drill_generate(&o, GIN_DRILL_SPREAD, 11, &a), 1);
    assert_int_equal(a.kind, GIN_DRILL_SPREAD);
    assert_int_equal(a.source, GIN_DRILL_GENERATED);
    assert_clear(&a);
    assert_true(a.margin >= GIN_DRILL_NORMAL && a.margin < GIN_DRILL_EASY);
    assert_int_equal(gin_drill_generate(&o, GIN_DRILL_SPREAD, 11, &b), 1);
    assert_true(a.view.hand == b.view.hand && a.thrown == b.thrown && a.best == b.best && a.margin == b.margin);
    assert_memory_equal(&a.spreads, &b.spreads, sizeof a.spreads);
    assert_int_equal(gin_drill_answer(&a, "1"), 0);
    assert_int_equal(gin_drill_answer(&a, "2"), 1);
    assert_int_equal(gin_drill_answer(&a, "knock"), -1);
    assert_int_equal(gin_drill_answer(&a, "KC"), -1);
    char q[128], text[GIN_DRILL_EXPLAIN_MAX], t[3];
    gin_drill_question(&a, NULL, q, sizeof q);
    gin_card_format(a.thrown, t);
    assert_non_null(strstr(q, "which melds do you show?"));
    assert_non_null(strstr(q, t));
    gin_drill_choice_text(&a, 0, NULL, text, sizeof text);
    assert_true(strncmp(text, "show [", 6) == 0);
    gin_drill_explain(&a, a.best, NULL, text, sizeof text);
    assert_true(strncmp(text, "Right: show [", 13) == 0);
    int wrong = a.best == 0 ? 1 : 0;
    gin_drill_explain(&a, wrong, NULL, text, sizeof text);
    assert_true(strncmp(text, "Not the best: ", 14) == 0);
    char lost[48];
    snprintf(lost, sizeof lost, "gives up %.1f points", a.choice[wrong].lost);
    assert_non_null(strstr(text, lost));
}

/* The spread drill of the hand worked out in tests/ai/test_spread_rate.c:
 * the four 7s and 4♣5♣6♣ (no lay-off), ahead of the long club run (their
 * 8♣ lays off) by 8 points; the short run, which cuts the 4♣ where their
 * 3♣ could go, is offered too. The words name the 8♣. */
static void test_spread_words(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D 7C 4C 5C 6C AD 2H 3S KH", "", GIN_PHASE_DISCARD, 0);
    v.known[1] = test_cards("8C KS QH JD TS 9H 8D 6H 5S 2D");
    v.seen |= v.known[1];
    gin_drill_opts o = {3000, GIN_DRILL_LEVEL_EASY, 0};
    assert_int_equal(gin_drill_make_spread(&v, test_card("KH"), &o, -1, 1, &a), 1);
    assert_clear(&a);
    assert_int_equal(a.n_choices, 3);
    assert_true(a.margin == 8.0);
    assert_int_equal(a.spreads.samples, 300);
    assert_true(a.spreads.spread[a.choice[a.best].move].spread.sets == test_cards("7S 7H 7D 7C"));
    int lng = gin_drill_spread_choice(&a, (gin_spread){test_cards("7S 7H 7D"), test_cards("4C 5C 6C 7C")});
    assert_true(lng >= 0);
    char text[GIN_DRILL_EXPLAIN_MAX];
    gin_drill_explain(&a, lng, NULL, text, sizeof text);
    assert_non_null(strstr(text, "Not the best: to show [7S 7H 7D] [4C 5C 6C 7C], deadwood 6: 3S 2H AD gives up 8.0"));
    assert_non_null(
        strstr(text, "Showing [7S 7H 7D] [4C 5C 6C 7C], they lay off the 8C in 100% of their likely hands"));
    /* A spread that only cuts a set's fourth card (the 2♣ left as
     * deadwood) is not offered; one that cuts a run's end where a card
     * could be laid off (the 5♣, closing the 6♣) is. */
    gin_view w = test_view_at("2S 2H 2D 2C 3C 4C 5C AD AH 3S KH", "", GIN_PHASE_DISCARD, 0);
    w.known[1] = test_cards("8C KS QH JD TS 9H 8D 6H 5S 7D");
    w.seen |= w.known[1];
    assert_true(gin_drill_make_spread(&w, test_card("KH"), &o, -1, 1, &b) >= 0);
    assert_true(b.spreads.n >= 4);
    assert_int_equal(gin_drill_spread_choice(&b, (gin_spread){test_cards("2S 2H 2D"), test_cards("3C 4C 5C")}), -1);
    assert_true(gin_drill_spread_choice(&b, (gin_spread){test_cards("2S 2H 2D"), test_cards("2C 3C 4C")}) >= 0);
    assert_true(gin_drill_spread_choice(&b, (gin_spread){test_cards("2S 2H 2D 2C"), test_cards("3C 4C 5C")}) >= 0);
}

/* A game where seat 0 (the hard bot, played through submit) shows the
 * last spread listed at each knock that has a choice, recorded. */
static void record_spread_game(gin_record *rec, uint64_t seed)
{
    gin_rules r;
    gin_agent me, hard;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_ai_create("hard", seed, 0, &me), GIN_OK);
    assert_int_equal(gin_ai_create("hard", seed + 1, 0, &hard), GIN_OK);
    const gin_agent *agents[2] = {NULL, &hard};
    static gin_match m;
    assert_int_equal(gin_match_init(&m, &r, seed, agents, NULL, NULL), GIN_OK);
    gin_record_init(rec, &r, seed);
    for (;;) {
        int st = gin_match_next(&m);
        assert_true(st >= 0);
        if (st == GIN_MATCH_OVER)
            break;
        if (st == GIN_MATCH_WAITING) {
            gin_action act;
            assert_int_equal(gin_agent_decide(&me, &m.views[0], &act), GIN_OK);
            if (act.kind == GIN_ACT_KNOCK && act.card != GIN_NO_CARD) {
                gin_arrangement list[16];
                gin_cardset kept = m.views[0].hand & ~gin_cardset_of(act.card);
                int n = gin_spreads(kept, m.views[0].knock_limit, list, 16);
                if (n >= 2 && gin_deadwood(kept) > 0)
                    act.spread = gin_spread_of(&list[(n < 16 ? n : 16) - 1]);
            }
            assert_int_equal(gin_match_submit(&m, act), GIN_OK);
        }
        if (m.moved >= 0)
            assert_int_equal(gin_record_add(rec, m.last), GIN_OK);
    }
    if (me.destroy)
        me.destroy(me.self);
    if (hard.destroy)
        hard.destroy(hard.self);
}

static int on_spread(void *ctx, const gin_drill *d)
{
    found_ctx *f = ctx;
    if (d->kind != GIN_DRILL_SPREAD)
        return 0;
    if (f->n++ == 0)
        f->first = *d;
    assert_int_equal(d->source, GIN_DRILL_YOURS);
    assert_clear(d);
    assert_true(d->played >= 0 && d->played != d->best);
    return 1;
}

static void test_spread_mistakes_of_a_game(void **state)
{
    (void)state;
    gin_record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    gin_drill_opts o = {2000, GIN_DRILL_LEVEL_NORMAL, 0};
    static found_ctx f;
    memset(&f, 0, sizeof f);
    for (uint64_t seed = 1; seed < 30 && f.n == 0; seed++) {
        record_spread_game(rec, seed);
        assert_true(gin_drill_from_game(rec, 0, &o, 0, on_spread, &f) >= 0);
    }
    assert_int_equal(f.n, 1);
    /* The spread played is the last the hand lists: the one recorded. */
    assert_true(f.first.choice[f.first.played].lost >= GIN_DRILL_MARGIN);
    free(rec);
}

static void test_names(void **state)
{
    (void)state;
    for (int k = 0; k < GIN_DRILL_KINDS; k++)
        assert_int_equal(gin_drill_kind_of_name(gin_drill_kind_name(k)), k);
    assert_int_equal(gin_drill_kind_of_name("spread"), GIN_DRILL_SPREAD);
    assert_string_equal(gin_drill_kind_name(GIN_DRILL_SPREAD), "spread");
    assert_int_equal(gin_drill_kind_of_name("spreads"), -1);
    assert_null(gin_drill_kind_name(GIN_DRILL_KINDS));
    for (int l = 0; l < 3; l++)
        assert_int_equal(gin_drill_level_of_name(gin_drill_level_name(l)), l);
    assert_int_equal(gin_drill_level_of_name("Hard"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_generated_is_clear_and_repeatable),
        cmocka_unit_test(test_each_kind_and_level),
        cmocka_unit_test(test_knock_drill_weighs_its_answers),
        cmocka_unit_test(test_knock_drill_names_only_its_answers),
        cmocka_unit_test(test_throw_and_take_drills_name_only_their_answers),
        cmocka_unit_test(test_answers),
        cmocka_unit_test(test_missed_kinds_come_back),
        cmocka_unit_test(test_mistakes_of_a_game),
        cmocka_unit_test(test_mistakes_agree_with_the_review),
        cmocka_unit_test(test_spread_drill),
        cmocka_unit_test(test_spread_words),
        cmocka_unit_test(test_spread_mistakes_of_a_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
