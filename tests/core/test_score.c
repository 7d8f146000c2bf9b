/* Game scoring: every preset's totals computed by hand (the arithmetic is in
 * the comments), running scores, max_hands, void hands, ties, shutouts,
 * Hollywood, and bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gin/error.h"
#include "gin/rules.h"
#include "gin/score.h"

#define VOID_HAND                                                                                                      \
    {                                                                                                                  \
        -1, 0, 0, { 0 }                                                                                                \
    }
#define WIN(seat, pts)                                                                                                 \
    {                                                                                                                  \
        (seat), (pts), 0, { 0 }                                                                                        \
    }
#define N(a) (sizeof(a) / sizeof((a)[0]))

static gin_rules preset(const char *name)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset(name, &r), GIN_OK);
    return r;
}

static gin_game_score score(const gin_rules *r, const gin_hand_score *h, size_t n)
{
    gin_game_score g;
    memset(&g, 0x5A, sizeof g);
    assert_int_equal(gin_score_game(r, h, n, &g), GIN_OK);
    return g;
}

static void expect_seat(const gin_game_score *g, int seat, int points, int won, int game, int box, int total)
{
    assert_int_equal(g->points[seat], points);
    assert_int_equal(g->hands_won[seat], won);
    assert_int_equal(g->game_bonus[seat], game);
    assert_int_equal(g->box_bonus[seat], box);
    assert_int_equal(g->total[seat], total);
}

/* The three hands of the classic rules (gin 45, knock 48, undercut 29) and two more. */
static const gin_hand_score plain_game[] = {
    WIN(0, 45), WIN(1, 48), VOID_HAND, WIN(0, 29), WIN(0, 30), WIN(1, 200), /* after the game is over: ignored */
};

static void test_running_score(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_game_score g = score(&r, plain_game, 2);
    assert_int_equal(g.seats, 2);
    assert_int_equal(g.over, 0);
    assert_int_equal(g.winner, -1);
    assert_int_equal(g.shutout, 0);
    /* no bonuses before the end: totals are the points */
    expect_seat(&g, 0, 45, 1, 0, 0, 45);
    expect_seat(&g, 1, 48, 1, 0, 0, 48);
    /* 45 + 29 = 74 after four entries: still running */
    g = score(&r, plain_game, 4);
    assert_int_equal(g.over, 0);
    expect_seat(&g, 0, 74, 2, 0, 0, 74);
    /* nothing at all */
    g = score(&r, NULL, 0);
    assert_int_equal(g.over, 0);
    expect_seat(&g, 0, 0, 0, 0, 0, 0);
}

/* Standard: seat 0 has 45 + 29 + 30 = 104 >= 100 after the fifth entry.
 * Seat 0: 104 + game 100 + boxes 3 * 25 = 279. Seat 1: 48 + box 25 = 73.
 * The sixth entry (after the end) is ignored. */
static void test_standard_game(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_game_score g = score(&r, plain_game, N(plain_game));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.shutout, 0);
    assert_int_equal(g.winner, 0);
    expect_seat(&g, 0, 104, 3, 100, 75, 279);
    expect_seat(&g, 1, 48, 1, 0, 25, 73);
    /* exactly at the end: same result */
    gin_game_score h = score(&r, plain_game, 5);
    assert_memory_equal(&g, &h, sizeof g);
}

/* Standard shutout: seat 1 wins 60 + 45 = 105, seat 0 scores nothing.
 * (105 + game 100 + boxes 2 * 25) * 2 = 255 * 2 = 510. */
static const gin_hand_score shutout_game[] = {WIN(1, 60), VOID_HAND, WIN(1, 45)};

static void test_standard_shutout(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_game_score g = score(&r, shutout_game, N(shutout_game));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.shutout, 1);
    assert_int_equal(g.winner, 1);
    expect_seat(&g, 1, 105, 2, 100, 50, 510);
    expect_seat(&g, 0, 0, 0, 0, 0, 0);
}

/* Classic shutout: (105 + game 100) * 2 = 410, and no boxes for anyone. */
static void test_classic_shutout(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    gin_game_score g = score(&r, shutout_game, N(shutout_game));
    assert_int_equal(g.shutout, 1);
    assert_int_equal(g.winner, 1);
    expect_seat(&g, 1, 105, 2, 100, 0, 410);
    expect_seat(&g, 0, 0, 0, 0, 0, 0);
}

/* Classic without a shutout pays boxes like standard: 279 and 73. */
static void test_classic_game(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    gin_game_score g = score(&r, plain_game, N(plain_game));
    assert_int_equal(g.shutout, 0);
    assert_int_equal(g.winner, 0);
    expect_seat(&g, 0, 104, 3, 100, 75, 279);
    expect_seat(&g, 1, 48, 1, 0, 25, 73);
}

/* Classic with an agreed 3 hands; the void hand does not count.
 * Seat 0: 30 + 10 = 40, nobody reached 100 so no game bonus; boxes 2 * 25:
 * 40 + 50 = 90. Seat 1: 20 + 25 = 45. The last entry is after the end. */
static void test_classic_max_hands(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    r.max_hands = 3;
    const gin_hand_score h[] = {WIN(0, 30), VOID_HAND, WIN(1, 20), WIN(0, 10), WIN(1, 90)};
    gin_game_score g = score(&r, h, 3);
    assert_int_equal(g.over, 0); /* two real hands so far */
    g = score(&r, h, N(h));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.winner, 0);
    assert_int_equal(g.shutout, 0);
    expect_seat(&g, 0, 40, 2, 0, 50, 90);
    expect_seat(&g, 1, 20, 1, 0, 25, 45);
}

/* Two hands agreed, seat 0 wins both (30 + 20 = 50), seat 1 scores nothing.
 * Classic: (50 + no game bonus) * 2 = 100, no boxes.
 * Standard rules with the same limit: (50 + 0 + 2 * 25) * 2 = 200. */
static void test_max_hands_shutout(void **state)
{
    (void)state;
    const gin_hand_score h[] = {WIN(0, 30), WIN(0, 20)};
    gin_rules r = preset("classic");
    r.max_hands = 2;
    gin_game_score g = score(&r, h, N(h));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.shutout, 1);
    expect_seat(&g, 0, 50, 2, 0, 0, 100);
    r = preset("standard");
    r.max_hands = 2;
    g = score(&r, h, N(h));
    assert_int_equal(g.shutout, 1);
    expect_seat(&g, 0, 50, 2, 0, 50, 200);
    expect_seat(&g, 1, 0, 0, 0, 0, 0);
}

/* Ties. Two agreed hands of 30 each: 30 + 25 = 55 apiece, winner -1.
 * At the target: seat 0 wins 50 + 65 = 115 -> 115 + 100 + 2 * 25 = 265;
 * seat 1 wins seven hands, 6 * 13 + 12 = 90 -> 90 + 7 * 25 = 265: a tie. */
static void test_ties(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    r.max_hands = 2;
    const gin_hand_score even[] = {WIN(0, 30), WIN(1, 30)};
    gin_game_score g = score(&r, even, N(even));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.winner, -1);
    assert_int_equal(g.shutout, 0);
    expect_seat(&g, 0, 30, 1, 0, 25, 55);
    expect_seat(&g, 1, 30, 1, 0, 25, 55);

    r = preset("standard");
    const gin_hand_score h[] = {WIN(1, 13), WIN(1, 13), WIN(0, 50), WIN(1, 13), WIN(1, 13),
                                WIN(1, 13), WIN(1, 13), WIN(1, 12), WIN(0, 65)};
    g = score(&r, h, N(h));
    assert_int_equal(g.over, 1);
    expect_seat(&g, 0, 115, 2, 100, 50, 265);
    expect_seat(&g, 1, 90, 7, 0, 175, 265);
    assert_int_equal(g.winner, -1);
}

/* The winner is the highest total, which the boxes can give to the seat
 * that did not reach the target: seat 1 wins 8 * 11 = 88 -> 88 + 200 = 288;
 * seat 0 wins once with 100 -> 100 + 100 + 25 = 225. */
static void test_boxes_decide(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_hand_score h[9];
    for (int i = 0; i < 8; i++)
        h[i] = (gin_hand_score)WIN(1, 11);
    h[8] = (gin_hand_score)WIN(0, 100);
    gin_game_score g = score(&r, h, N(h));
    expect_seat(&g, 0, 100, 1, 100, 25, 225);
    expect_seat(&g, 1, 88, 8, 0, 200, 288);
    assert_int_equal(g.winner, 1);
}

/* Oklahoma scores as standard: seat 0 20 + 90 = 110 -> 110 + 100 + 50 = 260;
 * seat 1 25 + 25 = 50. */
static void test_oklahoma_game(void **state)
{
    (void)state;
    gin_rules r = preset("oklahoma");
    const gin_hand_score h[] = {WIN(0, 20), WIN(1, 25), WIN(0, 90)};
    gin_game_score g = score(&r, h, N(h));
    assert_int_equal(g.winner, 0);
    expect_seat(&g, 0, 110, 2, 100, 50, 260);
    expect_seat(&g, 1, 25, 1, 0, 25, 50);
}

/* Straight (gin only): two gins of 25 + 30 = 55 -> 110, a shutout:
 * (110 + 100 + 2 * 25) * 2 = 520. */
static void test_straight_game(void **state)
{
    (void)state;
    gin_rules r = preset("straight");
    const gin_hand_score h[] = {WIN(0, 55), VOID_HAND, VOID_HAND, WIN(0, 55)};
    gin_game_score g = score(&r, h, N(h));
    assert_int_equal(g.shutout, 1);
    expect_seat(&g, 0, 110, 2, 100, 50, 520);
}

/* Only void hands: nothing scored, never over (no max_hands). */
static void test_void_only(void **state)
{
    (void)state;
    gin_rules r = preset("classic");
    r.max_hands = 1;
    const gin_hand_score h[] = {VOID_HAND, VOID_HAND, VOID_HAND};
    gin_game_score g = score(&r, h, N(h));
    assert_int_equal(g.over, 0);
    expect_seat(&g, 0, 0, 0, 0, 0, 0);
    expect_seat(&g, 1, 0, 0, 0, 0, 0);
}

/* A ring of three: penalty points (docs/rules.md, "A ring for three or
 * four"). Each row is a hand's penalties per seat; the winner pays none.
 *  1 knock    P0 wins  0 12 30   totals  0 12 30
 *  2 void                                 0 12 30
 *  3 undercut P2 wins 25 40  0           25 52 30
 *  4 gin      P1 wins 50  0 45           75 52 75
 *  5 knock    P0 wins  0 50 10           75 102 85  -> P1 reached 100: over
 * Lowest total wins: P0 on 75. No bonuses, no shutout; hand 6 is ignored. */
#define TABLE(w, kind, a, b, c)                                                                                        \
    {                                                                                                                  \
        (w), (a) + (b) + (c), (kind), { (a), (b), (c), 0 }                                                             \
    }
static void test_three_seats(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    r.seats = 3;
    const gin_hand_score h[] = {TABLE(0, 0, 0, 12, 30), VOID_HAND,
                                TABLE(2, 1, 25, 40, 0), TABLE(1, 2, 50, 0, 45),
                                TABLE(0, 0, 0, 50, 10), TABLE(2, 0, 60, 60, 0)};
    gin_game_score g = score(&r, h, 4);
    assert_int_equal(g.seats, 3);
    assert_int_equal(g.over, 0);
    assert_int_equal(g.winner, -1);
    expect_seat(&g, 0, 75, 1, 0, 0, 75);
    expect_seat(&g, 1, 52, 1, 0, 0, 52);
    expect_seat(&g, 2, 75, 1, 0, 0, 75);
    g = score(&r, h, N(h));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.shutout, 0);
    assert_int_equal(g.winner, 0);
    expect_seat(&g, 0, 75, 2, 0, 0, 75);
    expect_seat(&g, 1, 102, 1, 0, 0, 102);
    expect_seat(&g, 2, 85, 1, 0, 0, 85);
    /* Two hands under max-hands 2: over at 25 52 30 (void hands do not count). */
    r.max_hands = 2;
    g = score(&r, h, N(h));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.winner, 0);
    expect_seat(&g, 0, 25, 1, 0, 0, 25);
    /* A tie for the lowest total is no winner: 4 seats, 0 30 0 100. */
    r.seats = 4;
    r.max_hands = 0;
    const gin_hand_score tie[] = {{0, 130, 0, {0, 30, 0, 100}}};
    g = score(&r, tie, N(tie));
    assert_int_equal(g.over, 1);
    assert_int_equal(g.winner, -1);
    /* A penalty out of range is refused. */
    const gin_hand_score bad[] = {{0, 0, 0, {0, -1, 0, 0}}};
    gin_game_score keep = g;
    assert_int_equal(gin_score_game(&r, bad, N(bad), &g), GIN_EINVAL);
    assert_memory_equal(&g, &keep, sizeof g);
}

static void test_bad_input(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    gin_game_score g, h3[3];
    memset(&g, 0x77, sizeof g);
    gin_game_score before = g;
    const gin_hand_score ok[] = {WIN(0, 10)};
    assert_int_equal(gin_score_game(NULL, ok, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_game(&r, ok, 1, NULL), GIN_EINVAL);
    assert_int_equal(gin_score_game(&r, NULL, 1, &g), GIN_EINVAL);
    const gin_hand_score seat2[] = {WIN(2, 10)}, seatm2[] = {WIN(-2, 10)}, neg[] = {WIN(0, -1)},
                         huge[] = {WIN(1, 100001)};
    assert_int_equal(gin_score_game(&r, seat2, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_game(&r, seatm2, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_game(&r, neg, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_game(&r, huge, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_hollywood(&r, seat2, 1, h3), GIN_EINVAL);
    assert_int_equal(gin_score_hollywood(&r, ok, 1, NULL), GIN_EINVAL);
    r.target = 0;
    assert_int_equal(gin_score_game(&r, ok, 1, &g), GIN_EINVAL);
    assert_int_equal(gin_score_hollywood(&r, ok, 1, h3), GIN_EINVAL);
    assert_memory_equal(&g, &before, sizeof g); /* untouched on error */
}

/* Hollywood, standard rules. Each row: the hand, whose win number it is,
 * and the games it enters (a game already over takes nothing).
 *  1 P0 30 (#1) g1            g1 P0 30
 *  2 P1 20 (#1) g1            g1 P1 20
 *  3 P0 40 (#2) g1 g2         g1 P0 70,  g2 P0 40
 *  4 P0 35 (#3) g1 g2 g3      g1 P0 105 (over), g2 P0 75, g3 P0 35
 *  5 void
 *  6 P1 50 (#2) g2            g2 P1 50
 *  7 P0 30 (#4) g2 g3         g2 P0 105 (over), g3 P0 65
 *  8 P1 40 (#3) g3            g3 P1 40
 *  9 P1 70 (#4) g3            g3 P1 110 (over)
 * g1: P0 105 + 100 + 3*25 = 280, P1 20 + 25 = 45.
 * g2: P0 105 + 100 + 3*25 = 280, P1 50 + 25 = 75.
 * g3: P1 110 + 100 + 2*25 = 260, P0 65 + 2*25 = 115. */
static void test_hollywood(void **state)
{
    (void)state;
    gin_rules r = preset("standard");
    r.hollywood = 1;
    const gin_hand_score h[] = {WIN(0, 30), WIN(1, 20), WIN(0, 40), WIN(0, 35), VOID_HAND,
                                WIN(1, 50), WIN(0, 30), WIN(1, 40), WIN(1, 70)};
    gin_game_score g[3];
    assert_int_equal(gin_score_hollywood(&r, h, N(h), g), GIN_OK);
    assert_int_equal(g[0].over, 1);
    assert_int_equal(g[0].winner, 0);
    expect_seat(&g[0], 0, 105, 3, 100, 75, 280);
    expect_seat(&g[0], 1, 20, 1, 0, 25, 45);
    assert_int_equal(g[1].over, 1);
    assert_int_equal(g[1].winner, 0);
    expect_seat(&g[1], 0, 105, 3, 100, 75, 280);
    expect_seat(&g[1], 1, 50, 1, 0, 25, 75);
    assert_int_equal(g[2].over, 1);
    assert_int_equal(g[2].winner, 1);
    expect_seat(&g[2], 0, 65, 2, 0, 50, 115);
    expect_seat(&g[2], 1, 110, 2, 100, 50, 260);

    /* Part way, after hand 6: g1 over; g2 P0 75 P1 50; g3 P0 35 running. */
    assert_int_equal(gin_score_hollywood(&r, h, 6, g), GIN_OK);
    assert_int_equal(g[0].over, 1);
    assert_int_equal(g[1].over, 0);
    expect_seat(&g[1], 0, 75, 2, 0, 0, 75);
    expect_seat(&g[1], 1, 50, 1, 0, 0, 50);
    assert_int_equal(g[2].over, 0);
    expect_seat(&g[2], 0, 35, 1, 0, 0, 35);
    expect_seat(&g[2], 1, 0, 0, 0, 0, 0);
}

/* Hollywood shutouts. P0 wins 40, 40, 40 (g1 120 over; g2 80; g3 40), then
 * P1 wins 50: its first win belongs to g1, which is over, so it counts
 * nowhere. P0 wins 30 (g2 110 over; g3 70) and 40 (g3 110 over).
 * Standard: g1 (120 + 100 + 75) * 2 = 590; g2 (110 + 100 + 75) * 2 = 570;
 *           g3 hands 3, 5, 6 = 40 + 30 + 40 = 110, (110 + 100 + 75) * 2 = 570.
 * Classic:  g1 (120 + 100) * 2 = 440; g2 and g3 (110 + 100) * 2 = 420. */
static void test_hollywood_shutout(void **state)
{
    (void)state;
    const gin_hand_score h[] = {WIN(0, 40), WIN(0, 40), WIN(0, 40), WIN(1, 50), WIN(0, 30), WIN(0, 40)};
    gin_game_score g[3];
    gin_rules r = preset("standard");
    assert_int_equal(gin_score_hollywood(&r, h, N(h), g), GIN_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(g[i].over, 1);
        assert_int_equal(g[i].shutout, 1);
        assert_int_equal(g[i].winner, 0);
        expect_seat(&g[i], 1, 0, 0, 0, 0, 0);
    }
    expect_seat(&g[0], 0, 120, 3, 100, 75, 590);
    expect_seat(&g[1], 0, 110, 3, 100, 75, 570);
    expect_seat(&g[2], 0, 110, 3, 100, 75, 570);
    r = preset("classic");
    assert_int_equal(gin_score_hollywood(&r, h, N(h), g), GIN_OK);
    expect_seat(&g[0], 0, 120, 3, 100, 0, 440);
    expect_seat(&g[1], 0, 110, 3, 100, 0, 420);
    expect_seat(&g[2], 0, 110, 3, 100, 0, 420);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_running_score),     cmocka_unit_test(test_standard_game),
        cmocka_unit_test(test_standard_shutout),  cmocka_unit_test(test_classic_shutout),
        cmocka_unit_test(test_classic_game),      cmocka_unit_test(test_classic_max_hands),
        cmocka_unit_test(test_max_hands_shutout), cmocka_unit_test(test_ties),
        cmocka_unit_test(test_boxes_decide),      cmocka_unit_test(test_oklahoma_game),
        cmocka_unit_test(test_straight_game),     cmocka_unit_test(test_void_only),
        cmocka_unit_test(test_three_seats),       cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_hollywood),         cmocka_unit_test(test_hollywood_shutout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
