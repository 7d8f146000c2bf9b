/* gin — game scoring: totals over hands, and at game end the game bonus, box
 * bonuses and shutout doubling of the rule set; Hollywood's three games.
 *
 * Decisions (docs/rules.md, "Game scoring"):
 * - A game is over after the first hand that takes a seat to the target, or
 *   after max_hands hands that were not void (a void hand is re-dealt and
 *   does not count). Hands after that are ignored.
 * - The game bonus goes to the seat that reached the target; when max_hands
 *   end the game with nobody there, nobody gets it.
 * - Shutout: one seat has points and every other seat has none. Double-total
 *   doubles that seat's points + game bonus + boxes; double-no-box doubles
 *   points + game bonus and pays no boxes to anyone.
 * - The winner is the seat with the highest final total; a tie is -1.
 * - 3-4 seats (docs/rules.md, "A ring of three or four"): penalty points
 *   from each hand's penalty[]; the game ends when a seat's penalty total
 *   reaches the target (or after max_hands); no bonuses; the lowest total
 *   wins, a tie for it is -1. */
#include "gin/score.h"

#include <limits.h>

#include "gin/error.h"

/* Per-hand points beyond this are not a real hand (bonuses are capped at
 * 1000 by gin_rules_check, deadwood at 100). */
enum { HAND_POINTS_MAX = 100000 };

typedef struct tally {
    long long points[GIN_MAX_SEATS];
    long long won[GIN_MAX_SEATS];
    long long played; /* hands that were not void */
    int over;
} tally;

static int valid_hands(const gin_rules *r, const gin_hand_score *hands, size_t n)
{
    if (!r || (n && !hands) || gin_rules_check(r, NULL) != GIN_OK)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (hands[i].winner < -1 || hands[i].winner >= r->seats)
            return 0;
        if (hands[i].winner >= 0 && (hands[i].points < 0 || hands[i].points > HAND_POINTS_MAX))
            return 0;
        for (int s = 0; r->seats > 2 && hands[i].winner >= 0 && s < r->seats; s++)
            if (hands[i].penalty[s] < 0 || hands[i].penalty[s] > HAND_POINTS_MAX)
                return 0;
    }
    return 1;
}

/* Adds one hand to a game that is not over yet. */
static void tally_add(tally *t, const gin_rules *r, const gin_hand_score *h)
{
    if (t->over || h->winner < 0)
        return;
    t->won[h->winner]++;
    t->played++;
    if (r->seats > 2) {
        for (int s = 0; s < r->seats; s++) {
            t->points[s] += h->penalty[s];
            if (t->points[s] >= r->target)
                t->over = 1;
        }
    } else {
        t->points[h->winner] += h->points;
        if (t->points[h->winner] >= r->target)
            t->over = 1;
    }
    if (r->max_hands > 0 && t->played >= r->max_hands)
        t->over = 1;
}

/* A ring's final score: penalty totals as they stand, the lowest wins. */
static int tally_finish_table(const tally *t, const gin_rules *r, gin_game_score *out)
{
    gin_game_score g = {0};
    g.seats = r->seats;
    g.over = t->over;
    g.winner = -1;
    for (int s = 0; s < r->seats; s++) {
        if (t->points[s] > INT_MAX || t->won[s] > INT_MAX)
            return GIN_EINVAL;
        g.points[s] = g.total[s] = (int)t->points[s];
        g.hands_won[s] = (int)t->won[s];
    }
    if (t->over) {
        int best = 0, tie = 0;
        for (int s = 1; s < r->seats; s++) {
            if (g.total[s] < g.total[best])
                best = s, tie = 0;
            else if (g.total[s] == g.total[best])
                tie = 1;
        }
        g.winner = tie ? -1 : best;
    }
    *out = g;
    return GIN_OK;
}

/* The seat that takes the shutout/game-bonus role: whoever reached the
 * target, else the single seat with the most points; -1 if none. */
static int leader(const tally *t, const gin_rules *r, int *at_target)
{
    int best = -1, unique = 0;
    for (int s = 0; s < r->seats; s++) {
        if (best < 0 || t->points[s] > t->points[best])
            best = s, unique = 1;
        else if (t->points[s] == t->points[best])
            unique = 0;
    }
    *at_target = best >= 0 && t->points[best] >= r->target;
    return unique ? best : -1;
}

static int tally_finish(const tally *t, const gin_rules *r, gin_game_score *out)
{
    if (r->seats > 2)
        return tally_finish_table(t, r, out);
    gin_game_score g = {0};
    long long total[GIN_MAX_SEATS] = {0};
    g.seats = r->seats;
    g.over = t->over;
    g.winner = -1;
    for (int s = 0; s < r->seats; s++)
        total[s] = t->points[s];
    if (t->over) {
        int at_target = 0, lead = leader(t, r, &at_target);
        long long game[GIN_MAX_SEATS] = {0}, box[GIN_MAX_SEATS] = {0};
        if (lead >= 0 && at_target)
            game[lead] = r->game_bonus;
        if (lead >= 0 && t->points[lead] > 0) {
            g.shutout = 1;
            for (int s = 0; s < r->seats; s++)
                if (s != lead && t->points[s] != 0)
                    g.shutout = 0;
        }
        int boxes = !(g.shutout && r->shutout == GIN_SHUTOUT_DOUBLE_NO_BOX);
        for (int s = 0; s < r->seats; s++) {
            box[s] = boxes ? (long long)r->box_bonus * t->won[s] : 0;
            total[s] = t->points[s] + game[s] + box[s];
        }
        if (g.shutout)
            total[lead] *= 2;
        for (int s = 0; s < r->seats; s++) {
            if (game[s] > INT_MAX || box[s] > INT_MAX)
                return GIN_EINVAL;
            g.game_bonus[s] = (int)game[s];
            g.box_bonus[s] = (int)box[s];
        }
        int best = 0, tie = 0;
        for (int s = 1; s < r->seats; s++) {
            if (total[s] > total[best])
                best = s, tie = 0;
            else if (total[s] == total[best])
                tie = 1;
        }
        g.winner = tie ? -1 : best;
    }
    for (int s = 0; s < r->seats; s++) {
        if (total[s] > INT_MAX || t->won[s] > INT_MAX)
            return GIN_EINVAL;
        g.points[s] = (int)t->points[s];
        g.hands_won[s] = (int)t->won[s];
        g.total[s] = (int)total[s];
    }
    *out = g;
    return GIN_OK;
}

/* Scores hands[0..n) under r into *out (written only on success). Returns
 * GIN_OK, or GIN_EINVAL for NULL arguments, rules failing gin_rules_check,
 * a winner outside -1..seats-1, hand points outside 0..100000, or totals
 * that would not fit an int. */
int gin_score_game(const gin_rules *r, const gin_hand_score *hands, size_t n, gin_game_score *out)
{
    if (!out || !valid_hands(r, hands, n))
        return GIN_EINVAL;
    tally t = {0};
    for (size_t i = 0; i < n && !t.over; i++)
        tally_add(&t, r, &hands[i]);
    return tally_finish(&t, r, out);
}

/* Hollywood: as gin_score_game for each of out[0..2], a seat's k-th win
 * entering games 1..min(k, 3); max_hands counts the hands each game took.
 * out is written only on success. */
int gin_score_hollywood(const gin_rules *r, const gin_hand_score *hands, size_t n, gin_game_score out[3])
{
    if (!out || !valid_hands(r, hands, n))
        return GIN_EINVAL;
    tally t[3] = {{{0}, {0}, 0, 0}, {{0}, {0}, 0, 0}, {{0}, {0}, 0, 0}};
    long long wins[GIN_MAX_SEATS] = {0};
    for (size_t i = 0; i < n; i++) {
        int w = hands[i].winner;
        if (w < 0)
            continue;
        long long k = ++wins[w];
        for (int g = 0; g < 3 && g < k; g++)
            tally_add(&t[g], r, &hands[i]);
    }
    gin_game_score res[3];
    for (int g = 0; g < 3; g++) {
        int status = tally_finish(&t[g], r, &res[g]);
        if (status != GIN_OK)
            return status;
    }
    for (int g = 0; g < 3; g++)
        out[g] = res[g];
    return GIN_OK;
}
