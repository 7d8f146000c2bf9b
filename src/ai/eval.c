/* Hand evaluation for the bots: deadwood after a discard, the expected
 * deadwood after the next draw, and the danger of a discard. */
#include "botlib.h"

/* Tie-break among equal deadwood: keep low cards, throw the high ones. */
static int better_throw(gin_card a, gin_card b)
{
    if (gin_card_value(a) != gin_card_value(b))
        return gin_card_value(a) > gin_card_value(b);
    if (gin_card_rank(a) != gin_card_rank(b))
        return gin_card_rank(a) > gin_card_rank(b);
    return gin_card_suit(a) < gin_card_suit(b);
}

int ai_best_after_discard(gin_cardset h11, gin_card forbid, gin_card *card)
{
    int after[64];
    if (gin_discard_deadwoods(h11, after) < 0) {
        if (card)
            *card = GIN_NO_CARD;
        return 999;
    }
    int best = 999;
    gin_card bc = GIN_NO_CARD;
    for (gin_cardset s = h11; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c == forbid)
            continue;
        if (after[c] < best || (after[c] == best && better_throw(c, bc))) {
            best = after[c];
            bc = c;
        }
    }
    if (card)
        *card = bc;
    return best;
}

/* 1 if x could join a meld with cards of h: h has its rank or a neighbour in its suit. */
static int connects(gin_cardset h, gin_card x)
{
    if (gin_cardset_rank(h, gin_card_rank(x)))
        return 1;
    gin_cardset n = 0;
    if (gin_card_rank(x) > 0)
        n |= gin_cardset_of(x - 1);
    if (gin_card_rank(x) < GIN_RANKS - 1)
        n |= gin_cardset_of(x + 1);
    return (h & n) != 0;
}

double ai_expected_after_draw(const ai_tracker *t, gin_cardset h10)
{
    int dw10 = gin_deadwood(h10);
    if (dw10 < 0)
        return 999;
    int after[64];
    int d9 = gin_discard_deadwoods(h10, after);
    if (d9 < 0)
        return dw10;
    double e = 0, mass = 0;
    for (gin_cardset s = t->unseen; s; s &= s - 1) {
        gin_card x = gin_cardset_first(s);
        double p = ai_tracker_p_next(t, x);
        if (p <= 0)
            continue;
        int b;
        if (connects(h10, x)) {
            b = ai_best_after_discard(h10 | gin_cardset_of(x), GIN_NO_CARD, NULL);
        } else {
            /* x melds with nothing, so it stays unmatched whatever we throw. */
            b = d9 + gin_card_value(x);
        }
        if (b > dw10)
            b = dw10;
        e += p * b;
        mass += p;
    }
    return mass > 0 ? e / mass : dw10;
}

static double p_holds(const ai_tracker *t, int rank, int suit)
{
    if (rank < 0 || rank >= GIN_RANKS)
        return 0;
    return t->p_opp[gin_card_make(rank, suit)];
}

double ai_danger(const ai_tracker *t, gin_card c)
{
    int r = gin_card_rank(c), s = gin_card_suit(c);
    double q[3] = {0, 0, 0}; /* the other three suits */
    int n = 0;
    for (int os = 0; os < GIN_SUITS; os++)
        if (os != s)
            q[n++] = p_holds(t, r, os);
    double p_set = q[0] * q[1] + q[0] * q[2] + q[1] * q[2] - 2 * q[0] * q[1] * q[2];
    double m2 = p_holds(t, r - 2, s), m1 = p_holds(t, r - 1, s);
    double p1 = p_holds(t, r + 1, s), p2 = p_holds(t, r + 2, s);
    double none = (1 - p_set) * (1 - m2 * m1) * (1 - m1 * p1) * (1 - p1 * p2);
    return 1 - none;
}

int ai_card_melds(gin_cardset h, gin_card x)
{
    gin_cardset hx = h | gin_cardset_of(x);
    int with = gin_deadwood(hx), without = gin_deadwood(h & ~gin_cardset_of(x));
    return with >= 0 && without >= 0 && with < without + gin_card_value(x);
}
