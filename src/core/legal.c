/* The legal actions of the seat to move (legal.h). */
#include "legal.h"

#include "gin/error.h"
#include "gin/meld.h"

int gin_turn_is_legal(const gin_turn_facts *f, gin_action a)
{
    switch (f->phase) {
    case GIN_PHASE_OFFER:
        return a.kind == GIN_ACT_TAKE_UPCARD || a.kind == GIN_ACT_PASS;
    case GIN_PHASE_DRAW:
        if (a.kind == GIN_ACT_DRAW_STOCK)
            return f->stock_n > 0;
        if (a.kind == GIN_ACT_DRAW_DISCARD)
            return f->pile_n > 0 && !f->pile_barred;
        return 0;
    case GIN_PHASE_DISCARD:
        if (a.kind == GIN_ACT_KNOCK && (a.spread.sets | a.spread.runs)) {
            /* A spread chosen: it must be melds of the cards kept. */
            gin_arrangement shown;
            gin_cardset kept = f->held & ~gin_cardset_of(a.card);
            if (gin_spread_arrange(kept, a.spread, f->knock_limit, &shown) != GIN_OK)
                return 0;
        }
        if (a.kind == GIN_ACT_KNOCK && a.card == GIN_NO_CARD)
            return f->big_gin && gin_deadwood(f->held) == 0;
        if (a.kind != GIN_ACT_DISCARD && a.kind != GIN_ACT_KNOCK)
            return 0;
        if (!gin_card_valid(a.card) || !gin_cardset_has(f->held, a.card) || a.card == f->taken)
            return 0;
        if (a.kind == GIN_ACT_DISCARD)
            return 1;
        int dw = gin_deadwood(f->held & ~gin_cardset_of(a.card));
        return dw >= 0 && dw <= f->knock_limit;
    default:
        return 0;
    }
}

static int push(gin_action *out, size_t cap, int n, int kind, gin_card card)
{
    if ((size_t)n < cap)
        out[n] = gin_action_make(kind, card);
    return n + 1;
}

int gin_turn_legal(const gin_turn_facts *f, gin_action *out, size_t cap)
{
    int n = 0;
    switch (f->phase) {
    case GIN_PHASE_OFFER:
        n = push(out, cap, n, GIN_ACT_TAKE_UPCARD, GIN_NO_CARD);
        n = push(out, cap, n, GIN_ACT_PASS, GIN_NO_CARD);
        break;
    case GIN_PHASE_DRAW:
        if (f->stock_n > 0)
            n = push(out, cap, n, GIN_ACT_DRAW_STOCK, GIN_NO_CARD);
        if (f->pile_n > 0 && !f->pile_barred)
            n = push(out, cap, n, GIN_ACT_DRAW_DISCARD, GIN_NO_CARD);
        break;
    case GIN_PHASE_DISCARD: {
        gin_cardset may = f->held;
        if (f->taken != GIN_NO_CARD)
            may &= ~gin_cardset_of(f->taken);
        for (gin_cardset s = may; s; s &= s - 1)
            n = push(out, cap, n, GIN_ACT_DISCARD, gin_cardset_first(s));
        int after[64];
        int least = gin_discard_deadwoods(f->held, after);
        if (least >= 0 && least <= f->knock_limit)
            for (gin_cardset s = may; s; s &= s - 1) {
                gin_card c = gin_cardset_first(s);
                if (after[c] >= 0 && after[c] <= f->knock_limit)
                    n = push(out, cap, n, GIN_ACT_KNOCK, c);
            }
        if (f->big_gin && least == 0 && gin_deadwood(f->held) == 0)
            n = push(out, cap, n, GIN_ACT_KNOCK, GIN_NO_CARD);
        break;
    }
    default:
        break;
    }
    return (size_t)n <= cap ? n : GIN_ESPACE;
}
