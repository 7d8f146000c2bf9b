/* Tests of the trainer's words (trainer.h): every reason says why its move
 * ranks where it does, from facts the view supports, in the measure the
 * page is ranked by. Positions with clear answers; COACH_SHOW=1 prints
 * the pages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "support/support.h"
#include "trainer.h"
#include "words.h"

#define C(s) test_card(s)
#define CS(s) test_cards(s)

static gin_coach_advice adv;
static const gin_trainer_voice letters = {NULL, 0};

static void show(const gin_view *v, const gin_trainer_voice *w)
{
    for (int i = 0; i < adv.n; i++) {
        char m[GIN_TRAINER_MOVE_MAX], val[32], oth[32], gap[32], r[GIN_TRAINER_REASON_MAX];
        gin_trainer_move(&adv, i, w, m, sizeof m);
        gin_trainer_value(&adv, i, 0, val, sizeof val);
        gin_trainer_value(&adv, i, 1, oth, sizeof oth);
        gin_trainer_gap(&adv, i, gap, sizeof gap);
        gin_trainer_reason(v, &adv, i, w, r, sizeof r);
        print_message("%2d. %s: %s, %s; %s.\n    %s\n", i + 1, m, val, gap, oth, r);
    }
}

static void coach(const gin_view *v)
{
    gin_coach_opts o = {0, 0, 0, 0};
    assert_true(gin_coach(v, &o, &adv) > 0);
    if (getenv("COACH_SHOW"))
        show(v, &letters);
}

static int index_of(int kind, const char *card)
{
    for (int i = 0; i < adv.n; i++)
        if (adv.move[i].value.action.kind == kind && (!card || adv.move[i].value.action.card == C(card)))
            return i;
    fail_msg("no such move");
    return -1;
}

static const char *reason(const gin_view *v, int i, const gin_trainer_voice *w)
{
    static char buf[GIN_TRAINER_REASON_MAX];
    gin_trainer_reason(v, &adv, i, w ? w : &letters, buf, sizeof buf);
    return buf;
}

static void assert_has(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' does not say '%s'", text, part);
}

static void assert_lacks(const char *text, const char *part)
{
    if (strstr(text, part))
        fail_msg("'%s' says '%s'", text, part);
}

/* The best throw keeps two more deadwood than the least-deadwood throw
 * (the 9S): it is the 7D, which cannot help the opponent (it threw the
 * 7C, and the 6D and 8D are in the pile), while the 9S may. The reason
 * says both. */
static void the_best_keeps_more_deadwood_and_says_why(void **state)
{
    (void)state;
    gin_view v = test_view_at("7D KS KH KD 2H 3H 4H AC 2C 3C 9S", "6D 8D 7C", GIN_PHASE_DISCARD, 3);
    coach(&v);
    assert_int_equal(adv.move[0].value.action.card, C("7D"));
    assert_true(adv.move[0].facts.deadwood > adv.least);
    assert_int_equal(adv.least_card, C("9S"));
    const char *r = reason(&v, 0, NULL);
    assert_has(r, "Leaves deadwood 9;");
    assert_has(r,
               "Better than throwing the 9S: the 7D is safe (they threw the 7C, so no meld they could hold uses it)");
    assert_has(r, "though 2 more deadwood (9 against 7)");
    /* And the least-deadwood throw says why it is behind. */
    r = reason(&v, index_of(GIN_ACT_DISCARD, "9S"), NULL);
    assert_has(r, "Leaves deadwood 7, the least");
    assert_has(r, "Behind throwing the 7D");
}

/* The safe-card reason in the issue's own words: "the 7♦ is safe: they
 * threw the 7♣", cards named by the front end. */
static void a_safe_card_is_called_safe(void **state)
{
    (void)state;
    gin_view v = test_view_at("7D KS KH KD 2H 3H 4H AC 2C 3C 9S", "6D 8D 7C", GIN_PHASE_DISCARD, 3);
    coach(&v);
    /* Against the 9S (its reference) the 7D's safety is the reason. */
    const char *r = reason(&v, 0, NULL);
    /* The evidence says what it shows: "(they threw the 7C)" alone left a
     * learner asking why (QA's learner pass). */
    assert_has(r, "the 7D is safe (they threw the 7C, so no meld they could hold uses it)");
    /* Said on its own (the move's facts alone), the evidence follows a
     * colon. */
    char own[GIN_TRAINER_REASON_MAX];
    gin_trainer_reason_against(&v, &adv, 0, 0, &letters, own, sizeof own);
    assert_has(own, "the 7D is safe: they threw the 7C, so no meld they could hold uses it");
}

/* One card of a four-set leaves a set: the reason says the three still
 * meld, never that the set is broken. */
static void a_four_set_less_one_is_not_broken(void **state)
{
    (void)state;
    gin_view v = test_view_at("JS JH JD JC 4C 5C 6C 9H KD 2S 3D", "QS 8H 9D", GIN_PHASE_DISCARD, 4);
    coach(&v);
    const char *r = reason(&v, index_of(GIN_ACT_DISCARD, "JC"), NULL);
    assert_has(r, "JS JH JD still meld without the JC");
    assert_lacks(r, "breaks");
    /* The middle of the run breaks it. */
    assert_has(reason(&v, index_of(GIN_ACT_DISCARD, "5C"), NULL), "it breaks your 4C 5C 6C");
}

/* A card that melds through a run's end is not "meld-less": the 8H with
 * 4H 5H 6H kept is melded by the 7H. */
static void a_run_end_card_is_counted(void **state)
{
    (void)state;
    gin_view v = test_view_at("4H 5H 6H 8H KS KH KD 2C 3C 9S QD", "QS 8C", GIN_PHASE_DISCARD, 2);
    coach(&v);
    const char *r = reason(&v, index_of(GIN_ACT_DISCARD, "8H"), NULL);
    assert_has(r, "the 8H melds with nothing yet: 1 unseen card would meld it");
    assert_lacks(r, "no unseen card");
    /* A lone card two unseen cards could meld is not called dead (QA: "no
     * unseen card would meld it" read as dead for a live king). */
    r = reason(&v, index_of(GIN_ACT_DISCARD, "9S"), NULL);
    assert_has(r, "the 9S melds with nothing: it needs two more cards");
    assert_lacks(r, "gone");
    /* The KC with KS KH and the QC gone (the pile) can meld no more. */
    gin_view d = test_view_at("4H 5H 6H 7H 2S 2H 2D 9D KC 3C 8S", "KS KH QC", GIN_PHASE_DISCARD, 4);
    coach(&d);
    r = reason(&d, index_of(GIN_ACT_DISCARD, "KC"), NULL);
    assert_has(r, "the KC can meld no more: the cards that would meld it are gone");
    r = reason(&d, index_of(GIN_ACT_DISCARD, "9D"), NULL);
    assert_has(r, "the 9D melds with nothing: it needs two more cards");
}

/* A take names the throw after it, and its reason the card it melds with,
 * whether or not the best arrangement uses it. */
static void a_take_names_its_throw(void **state)
{
    (void)state;
    gin_view v = test_view_at("7H 8H 2S 5D 5C JC QS KD 4S 9S", "3C 9H", GIN_PHASE_DRAW, 1);
    coach(&v);
    int t = index_of(GIN_ACT_DRAW_DISCARD, NULL);
    char move[GIN_TRAINER_MOVE_MAX], want[64], card[3];
    gin_trainer_move(&adv, t, &letters, move, sizeof move);
    gin_card_format(adv.move[t].facts.then.card, card);
    snprintf(want, sizeof want, "take the 9H, then %s the %s",
             adv.move[t].facts.then.kind == GIN_ACT_KNOCK ? "knock, throwing" : "throw", card);
    assert_string_equal(move, want);
    assert_has(reason(&v, t, NULL), "The 9H makes 7H 8H 9H");
    /* The 9C completes 8C-TC even when the best arrangement keeps them in
     * sets: it "melds with" them, never "with nothing". */
    v = test_view_at("8C TC 8H 8D TH TD 2S 3S KD 5H", "4D 9C", GIN_PHASE_DRAW, 1);
    coach(&v);
    const char *r = reason(&v, index_of(GIN_ACT_DRAW_DISCARD, NULL), NULL);
    assert_lacks(r, "melds with nothing");
    assert_has(r, "The 9C ");
    /* A face-up card no single card melds is live while two unseen cards
     * could meld it, dead when they are gone, as a thrown card is said
     * (it said "no unseen card would meld it" of both). */
    v = test_view_at("2S 3S 4S 6H 7H 8H 9D 9C 5D AD", "KC", GIN_PHASE_DRAW, 1);
    coach(&v);
    r = reason(&v, index_of(GIN_ACT_DRAW_DISCARD, NULL), NULL);
    assert_has(r, "The KC melds with nothing yet (it needs two more cards)");
    v = test_view_at("2S 3S 4S 6H 7H 8H 9D 9C 5D AD", "KS KH QC KC", GIN_PHASE_DRAW, 1);
    coach(&v);
    r = reason(&v, index_of(GIN_ACT_DRAW_DISCARD, NULL), NULL);
    assert_has(r, "The KC melds with nothing yet (the cards that would meld it are gone)");
    /* A face-up card that pairs with a loose card of the hand names the
     * pair, as a thrown card's reason does; it said "melds with nothing
     * yet (2 unseen cards would meld it)" (QA's learner pass). */
    v = test_view_at("2S 3S 4S 6H 7H 8H 9D 9C 5D AD", "KC 5C", GIN_PHASE_DRAW, 1);
    coach(&v);
    r = reason(&v, index_of(GIN_ACT_DRAW_DISCARD, NULL), NULL);
    assert_has(r, "The 5C goes with the 5D (both cards that would meld them are unseen)");
    assert_lacks(r, "melds with nothing");
}

/* A take that ranks above the stock while keeping fewer unseen outs says
 * the outs as its cost, after "though"; it said them after the colon, as
 * the reason it was better (QA, gin --seed 5: "Better than drawing from the
 * stock (about 51 after a draw): 6 unseen outs kept against 8, though they
 * see what you take"). */
static void a_take_with_fewer_outs_says_them_as_a_cost(void **state)
{
    (void)state;
    gin_view v = test_view_at("4S 4H 4C 7S 8C 9D 9C QD QC 6S", "2H QS", GIN_PHASE_DRAW, 3);
    coach(&v);
    int t = index_of(GIN_ACT_DRAW_DISCARD, NULL), s = index_of(GIN_ACT_DRAW_STOCK, NULL);
    assert_true(t < s);
    int mine = adv.move[t].facts.live_outs, other = adv.move[s].facts.live_outs;
    assert_true(mine < other);
    char cost[96];
    snprintf(cost, sizeof cost, "after a draw), though %d unseen outs kept against %d and they see what you take", mine,
             other);
    const char *r = reason(&v, t, NULL);
    assert_has(r, cost);
    assert_lacks(r, "after a draw): ");
}

/* A take that gives gin says so once: the throw after it is the gin's,
 * never "a knock" (a take that leaves deadwood to knock with says that). */
static void a_take_that_gives_gin_is_not_called_a_knock(void **state)
{
    (void)state;
    gin_view v = test_view_at("3C 4C 5C 8H 8S 8D 7D 7S 7H KS", "9D 6C", GIN_PHASE_DRAW, 1);
    coach(&v);
    int t = index_of(GIN_ACT_DRAW_DISCARD, NULL);
    assert_int_equal(adv.move[t].facts.deadwood, 0);
    const char *r = reason(&v, t, NULL);
    assert_has(r, "The 6C gives gin: deadwood 10 to 0 after throwing the KS");
    assert_lacks(r, "knock");
    /* The take of a card that leaves deadwood 2 is still a knock. */
    v = test_view_at("3C 4C 5C 8H 8S 8D 7D 7H 2D KS", "9D 7S", GIN_PHASE_DRAW, 1);
    coach(&v);
    t = index_of(GIN_ACT_DRAW_DISCARD, NULL);
    assert_int_equal(adv.move[t].facts.then.kind, GIN_ACT_KNOCK);
    assert_has(reason(&v, t, NULL), "The 7S makes 7S 7H 7D: deadwood 26 to 2, and a knock, throwing the KS");
}

/* A knock is on the page even when three throws rank above it. */
static void a_knock_outside_the_top_three_is_found(void **state)
{
    (void)state;
    /* Deadwood 2 knockable, but the opponent took the KD and 6C and has
     * thrown little that helps: an undercut is likely, and playing on and
     * breaking sets both rank above the knock. */
    gin_view v = test_view_at("AS 2H 7H 9H AD 7D 9D AC 4C 7C 9C",
                              "TC TD 9S JH QH 8H 5C 3S 4S 4H 2C JD TS 3H QD 8S 5H 3C", GIN_PHASE_DISCARD, 21);
    v.known[1] = CS("KD 6C");
    v.seen |= v.known[1];
    v.stock_n = 13;
    coach(&v);
    int k = gin_trainer_knock(&adv, 0);
    assert_true(k >= 3);
    assert_int_equal(gin_trainer_knock(&adv, 3), k);
    assert_has(reason(&v, k, NULL), "Knock with deadwood 2");
    assert_has(reason(&v, k, NULL), "an undercut about");
}

/* The bot's decision in the review is the bot's, and its opponent is the
 * reader: "its", "you took", never "your". */
static void the_bots_decision_is_not_yours(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    v.known[1] = CS("9C");
    v.seen |= v.known[1];
    coach(&v);
    gin_trainer_voice bot = {NULL, 1};
    const char *r = reason(&v, index_of(GIN_ACT_DISCARD, "8C"), &bot);
    assert_has(r, "may help you (you took the 9C)");
    assert_lacks(r, "your");
    assert_lacks(r, "they");
    r = reason(&v, index_of(GIN_ACT_DISCARD, "6C"), &bot);
    assert_has(r, "it breaks its 4C 5C 6C 7C 8C");
    assert_lacks(r, "your");
}

/* Where the game score puts fewer points first, the words say so. Far
 * behind (26 to 87), the best throw keeps the low card and plays for a
 * big hand: fewer points on average than throwing the king, but it wins
 * the game more often; the king's throw says the reverse. */
static void fewer_points_that_win_more_often_are_explained(void **state)
{
    (void)state;
    gin_view v = test_view_at("8S AH 4H 5H 7H 9H 6D 9D KD 2C 9C", "JH QC JC JD KS", GIN_PHASE_DISCARD, 4);
    v.scores[0] = 26;
    v.scores[1] = 87;
    coach(&v);
    int kd = index_of(GIN_ACT_DISCARD, "KD");
    assert_true(kd > 0 && adv.move[0].value.points < adv.move[kd].value.points);
    const char *r = reason(&v, 0, NULL);
    assert_has(r, "Better than throwing the KD: fewer points (");
    assert_has(r, "but it wins the game more often (");
    r = reason(&v, kd, NULL);
    assert_has(r, "Behind throwing the AH: more points (");
    assert_has(r, "but it wins the game less often (");
    /* The runner-up, weighed against the KD too, says the same. */
    assert_has(reason(&v, 1, NULL), "fewer points (");
    for (int i = 0; i < adv.n; i++)
        assert_lacks(reason(&v, i, NULL), "below");
}

/* The gap words: "best", "about equal" exactly for the marked, else a
 * positive "N.N behind" in the measure's unit; the measure named. */
static void the_gap_is_said_in_the_measure(void **state)
{
    (void)state;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    coach(&v);
    char gap[32], val[32];
    for (int i = 0; i < adv.n; i++) {
        gin_trainer_gap(&adv, i, gap, sizeof gap);
        if (i == 0)
            assert_string_equal(gap, "best");
        else if (adv.move[i].equal)
            assert_string_equal(gap, "about equal");
        else
            assert_true(strstr(gap, " behind") && gap[0] != '-' && strcmp(gap, "0.0 behind"));
    }
    gin_trainer_value(&adv, 0, 0, val, sizeof val);
    assert_true(strncmp(val, "win ", 4) == 0);
    assert_has(gin_trainer_measure(&adv), "chance to win the game");
    /* A chance that rounds to a certainty it is not says so (QA: "win
     * 100.0%" at 99.96%); a certainty reads as one. */
    static const struct {
        double win;
        const char *shown;
    } ends[] = {{0.9996, "win >99.9%"}, {1.0, "win 100.0%"}, {0.0004, "win <0.1%"}, {0.0, "win 0.0%"}};
    gin_coach_advice keep = adv;
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        adv.move[0].value.win = ends[i].win;
        gin_trainer_value(&adv, 0, 0, val, sizeof val);
        assert_string_equal(val, ends[i].shown);
    }
    adv = keep;
    v.rules.hollywood = 1;
    coach(&v);
    gin_trainer_value(&adv, 0, 0, val, sizeof val);
    assert_has(val, " points");
    assert_has(gin_trainer_measure(&adv), "points");
    /* Hollywood has three games to win: the measure is points because no
     * one game's chance is weighed (QA: it said "no game to win"). */
    assert_null(strstr(gin_trainer_measure(&adv), "no game to win"));
}

/* The knock confirmation's note is the page's undercut estimate. */
static void the_knock_note_gives_the_undercut(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    char note[128], want[128];
    assert_int_equal(gin_trainer_knock_note(&v, C("QD"), 0, NULL, note, sizeof note), 0);
    const gin_coach_facts *f = &adv.move[index_of(GIN_ACT_KNOCK, "QD")].facts;
    snprintf(want, sizeof want, "an undercut is about %.0f%% likely (their deadwood after lay-offs is about %.0f)",
             100 * f->undercut, f->opp_deadwood);
    assert_string_equal(note, want);
    assert_int_equal(gin_trainer_knock_note(&v, C("2S"), 0, NULL, note, sizeof note), -1);
    assert_string_equal(note, "");
}

/* At the stock's end no out can be drawn: with 2 left any throw ends the
 * hand void (the reasons say so, and weigh only the knock against it);
 * with 3 the opponent's next throw does, unless it takes ours or knocks. */
static void at_the_stocks_end_the_void_not_the_outs(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    v.stock_n = 2;
    coach(&v);
    int qd = index_of(GIN_ACT_KNOCK, "QD"), ah = index_of(GIN_ACT_DISCARD, "AH");
    assert_has(reason(&v, qd, NULL),
               "Better than playing on (throwing the QD), which ends the hand void, with 2 cards");
    assert_has(reason(&v, ah, NULL), "Ends the hand void, with 2 cards left in the stock: nobody scores");
    assert_has(reason(&v, ah, NULL), "Behind knocking, throwing the QD: an undercut is about");
    for (int i = 0; i < adv.n; i++) {
        assert_lacks(reason(&v, i, NULL), "unseen out");
        assert_lacks(reason(&v, i, NULL), "deadwood (");
    }
    v.stock_n = 3;
    coach(&v);
    qd = index_of(GIN_ACT_KNOCK, "QD");
    assert_has(reason(&v, qd, NULL), "which lets their next throw end the hand void, unless they take the QD or knock");
    for (int i = 0; i < adv.n; i++)
        assert_lacks(reason(&v, i, NULL), "unseen out");
}

/* At a draw with the stock near its void point there is no later draw of
 * ours to bring an out: the take and the stock are not weighed by outs
 * (they were: "7 unseen outs kept against 4" with 4 cards left, the hand
 * void at the opponent's next throw). */
static void at_the_stocks_end_a_draw_counts_no_outs(void **state)
{
    (void)state;
    gin_view v = test_view_at("7H 8H 2S 5D 5C JC QS KD 4S 9S", "3C 9H", GIN_PHASE_DRAW, 9);
    v.stock_n = 20;
    coach(&v);
    int said = 0;
    for (int i = 0; i < adv.n; i++)
        said |= strstr(reason(&v, i, NULL), "unseen out") != NULL;
    assert_true(said); /* with a stock to draw from, outs are a reason */
    v.stock_n = 4;
    coach(&v);
    for (int i = 0; i < adv.n; i++)
        assert_lacks(reason(&v, i, NULL), "unseen out");
}

/* Nothing to count is said in words: "no unseen outs", and a pair whose
 * melding cards are all seen "both ... are gone", not "0 of the 2". */
static void none_is_said_in_words(void **state)
{
    (void)state;
    gin_view v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    const char *r = reason(&v, index_of(GIN_ACT_DISCARD, "QD"), NULL);
    assert_has(r, "playing on keeps no unseen outs with");
    v = test_view_at("5H 5S KS KH KD 2D 3D 4D AC 2C 3C", "5D 5C 9D", GIN_PHASE_DISCARD, 3);
    coach(&v);
    r = reason(&v, index_of(GIN_ACT_DISCARD, "5H"), NULL);
    assert_has(r, "the 5H goes with the 5S (both cards that would meld them are gone)");
    assert_lacks(r, " 0 ");
}

static const char *reason_against(const gin_view *v, int i, int r)
{
    static char buf[GIN_TRAINER_REASON_MAX];
    gin_trainer_reason_against(v, &adv, i, r, &letters, buf, sizeof buf);
    return buf;
}

/* Weighed against a move the caller names (the move played, a drill's
 * other answer), the reason names that move and no other; against itself
 * it gives the move's own facts alone. */
static void the_reason_weighs_the_move_named(void **state)
{
    (void)state;
    gin_view v = test_view_at("7D KS KH KD 2H 3H 4H AC 2C 3C 9S", "6D 8D 7C", GIN_PHASE_DISCARD, 3);
    coach(&v);
    int ks = index_of(GIN_ACT_DISCARD, "KS");
    assert_has(reason_against(&v, 0, ks), "Better than throwing the KS: ");
    assert_lacks(reason_against(&v, 0, ks), "9S");
    assert_string_equal(reason_against(&v, 0, -1), reason(&v, 0, NULL));
    const char *own = reason_against(&v, ks, ks);
    assert_lacks(own, "Better than");
    assert_lacks(own, "Behind");
    /* A knock against another knock: the deadwood and undercut of each. */
    v = test_view_at("7S 7H 7D KS KH KD 4C 5C 6C AH QD", "9S JH 7C 8H KC TS 3C 2H JC", GIN_PHASE_DISCARD, 5);
    coach(&v);
    int qd = index_of(GIN_ACT_KNOCK, "QD"), ah = index_of(GIN_ACT_KNOCK, "AH");
    const char *r = reason_against(&v, ah, qd);
    assert_has(r, "Knock with deadwood 10");
    assert_has(r, "knocking, throwing the QD (deadwood 1, an undercut about");
    assert_lacks(r, "playing on");
}

static const char *reason_offered(const gin_view *v, int i, int r, uint32_t offered)
{
    static char buf[GIN_TRAINER_REASON_MAX];
    gin_trainer_reason_offered(v, &adv, i, r, offered, &letters, buf, sizeof buf);
    return buf;
}

/* A question that offers a few answers (a drill's knock or play on) hears
 * of those alone: a move about equal that it does not offer is its
 * answer's with another card, counted, not named; one it offers is named
 * as offered (a throw against a knock is playing on); and a move it does
 * not offer is not weighed against. A page of every move names them all. */
static void a_question_hears_of_its_answers_alone(void **state)
{
    (void)state;
    /* The 5S and 5H are alike (their pairs are gone): each thrown, or
     * knocked with, is about equal; nothing else is. */
    gin_view v = test_view_at("5H 5S KS KH KD 2D 3D 4D AC 2C 3C", "5D 5C 9D", GIN_PHASE_DISCARD, 3);
    coach(&v);
    int throw = 0, knock = gin_trainer_knock(&adv, 0);
    assert_int_equal(adv.move[throw].value.action.kind, GIN_ACT_DISCARD);
    for (int j = 0; j < adv.n; j++)
        assert_int_equal(adv.move[j].equal, j < 4);
    int other = adv.move[1].value.action.kind == GIN_ACT_DISCARD ? 1 : 2; /* the other throw */
    char t[3], k[3], o[24], want[128];
    gin_card_format(adv.move[throw].value.action.card, t);
    gin_card_format(adv.move[knock].value.action.card, k);
    snprintf(o, sizeof o, "throwing the ");
    gin_card_format(adv.move[other].value.action.card, o + strlen(o));
    uint32_t offered = 1u << throw | 1u << knock;
    /* The best throw: the knock offered named, the other throw counted. */
    const char *r = reason_offered(&v, throw, knock, offered);
    snprintf(want, sizeof want, "About equal to knocking, throwing the %s. Another throw is about equal. ", k);
    if (strncmp(r, want, strlen(want)) != 0)
        fail_msg("'%s' does not start '%s'", r, want);
    assert_lacks(r, o);
    /* The knock: about equal to the best, the throw offered. */
    r = reason_offered(&v, knock, throw, offered);
    snprintf(want, sizeof want, "About equal to playing on (throwing the %s). ", t);
    if (strncmp(r, want, strlen(want)) != 0)
        fail_msg("'%s' does not start '%s'", r, want);
    /* Weighed against a move not offered: its own facts, naming nothing. */
    r = reason_offered(&v, throw, other, offered);
    assert_lacks(r, o);
    assert_string_equal(r, reason_offered(&v, throw, throw, offered));
    /* Every move offered: as gin_trainer_reason_against. */
    assert_string_equal(reason_offered(&v, throw, knock, UINT32_MAX), reason_against(&v, throw, knock));
    assert_has(reason(&v, throw, NULL), "About equal to ");
    assert_has(reason(&v, throw, NULL), " and 2 more. ");
}

/* Words that do not fit are cut at a space: a suit's glyph is three
 * bytes, and a cut inside one left bytes no terminal can show. */
static void words_cut_at_a_space(void **state)
{
    (void)state;
    char buf[14];
    words w;
    words_init(&w, buf, sizeof buf, &letters);
    say(&w, "the K\xe2\x99\xa3 and Q\xe2\x99\xa3");
    assert_string_equal(buf, "the K\xe2\x99\xa3 and");
    say(&w, ".");
    assert_string_equal(buf, "the K\xe2\x99\xa3 and.");
    words_init(&w, buf, sizeof buf, &letters);
    say(&w, "short");
    say(&w, " and longer");
    assert_string_equal(buf, "short and");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_best_keeps_more_deadwood_and_says_why),
        cmocka_unit_test(words_cut_at_a_space),
        cmocka_unit_test(a_safe_card_is_called_safe),
        cmocka_unit_test(a_four_set_less_one_is_not_broken),
        cmocka_unit_test(a_run_end_card_is_counted),
        cmocka_unit_test(a_take_names_its_throw),
        cmocka_unit_test(a_take_that_gives_gin_is_not_called_a_knock),
        cmocka_unit_test(a_knock_outside_the_top_three_is_found),
        cmocka_unit_test(the_bots_decision_is_not_yours),
        cmocka_unit_test(fewer_points_that_win_more_often_are_explained),
        cmocka_unit_test(the_gap_is_said_in_the_measure),
        cmocka_unit_test(the_knock_note_gives_the_undercut),
        cmocka_unit_test(the_reason_weighs_the_move_named),
        cmocka_unit_test(none_is_said_in_words),
        cmocka_unit_test(at_the_stocks_end_the_void_not_the_outs),
        cmocka_unit_test(at_the_stocks_end_a_draw_counts_no_outs),
        cmocka_unit_test(a_take_with_fewer_outs_says_them_as_a_cost),
        cmocka_unit_test(a_question_hears_of_its_answers_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
