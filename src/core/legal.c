/* The legal actions of the seat to move (legal.h), and why an action is
 * not one of them (view.h, gin_view_check). */
#include "legal.h"

#include "gin/error.h"
#include "gin/meld.h"

/* The melds a knock names, if any: melds of the cards kept, within the
 * knock limit, and gin shown as gin. */
static int check_spread(const gin_turn_facts *f, gin_action a)
{
    if (!(a.spread.sets | a.spread.runs))
        return GIN_OK;
    gin_arrangement shown;
    gin_cardset kept = f->held & ~gin_cardset_of(a.card);
    int rc = gin_spread_arrange(kept, a.spread, f->knock_limit, &shown);
    if (rc == GIN_OK)
        return GIN_OK;
    if (rc == GIN_EINVAL)
        return GIN_ILLEGAL_NOT_MELDS;
    return gin_deadwood(kept) == 0 ? GIN_ILLEGAL_GIN_AS_KNOCK : GIN_ILLEGAL_MELDS_OVER_LIMIT;
}

static int check_discard(const gin_turn_facts *f, gin_action a, int claims_gin)
{
    if (a.kind != GIN_ACT_DISCARD && a.kind != GIN_ACT_KNOCK)
        return GIN_ILLEGAL_WRONG_KIND;
    if (a.kind == GIN_ACT_KNOCK && a.card == GIN_NO_CARD) { /* big gin: all eleven cards */
        if (!f->big_gin)
            return GIN_ILLEGAL_NO_BIG_GIN;
        if (gin_deadwood(f->held) != 0)
            return GIN_ILLEGAL_BIG_GIN_UNMELDED;
        return check_spread(f, a);
    }
    if (!gin_card_valid(a.card) || !gin_cardset_has(f->held, a.card))
        return GIN_ILLEGAL_NOT_HELD;
    if (a.card == f->taken)
        return GIN_ILLEGAL_JUST_TAKEN;
    if (a.kind == GIN_ACT_DISCARD)
        return GIN_OK;
    int dw = gin_deadwood(f->held & ~gin_cardset_of(a.card));
    if (claims_gin && dw != 0)
        return GIN_ILLEGAL_NOT_GIN;
    if (dw < 0 || dw > f->knock_limit)
        return GIN_ILLEGAL_OVER_LIMIT;
    return check_spread(f, a);
}

/* GIN_OK, or the first rule `a` breaks (enum gin_illegal, view.h). */
static int turn_check(const gin_turn_facts *f, gin_action a, int claims_gin)
{
    switch (f->phase) {
    case GIN_PHASE_OFFER:
        return a.kind == GIN_ACT_TAKE_UPCARD || a.kind == GIN_ACT_PASS ? GIN_OK : GIN_ILLEGAL_WRONG_KIND;
    case GIN_PHASE_DRAW:
        if (a.kind == GIN_ACT_DRAW_STOCK)
            return f->stock_n > 0 ? GIN_OK : GIN_ILLEGAL_STOCK_EMPTY;
        if (a.kind != GIN_ACT_DRAW_DISCARD)
            return GIN_ILLEGAL_WRONG_KIND;
        if (f->pile_n <= 0)
            return GIN_ILLEGAL_PILE_EMPTY;
        return f->pile_barred ? GIN_ILLEGAL_PILE_BARRED : GIN_OK;
    case GIN_PHASE_DISCARD:
        return check_discard(f, a, claims_gin);
    default:
        return GIN_ILLEGAL_NOT_DUE;
    }
}

int gin_turn_is_legal(const gin_turn_facts *f, gin_action a) { return turn_check(f, a, 0) == GIN_OK; }

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

/* ---- a seat's view ---- */

/* The facts of this seat's turn, or 0 when it is not its turn. */
static int turn_facts(const gin_view *v, gin_turn_facts *f)
{
    if (v->turn != v->seat || v->phase == GIN_PHASE_OVER || v->hand_no == 0)
        return 0;
    *f = (gin_turn_facts){v->phase,       v->hand,
                          v->taken,       v->stock_n,
                          v->pile_n,      v->turns == 0 && v->passes >= v->seats,
                          v->knock_limit, v->rules.big_gin_bonus > 0};
    return 1;
}

int gin_view_legal(const gin_view *v, gin_action *out, size_t cap)
{
    if (!v || (!out && cap))
        return GIN_EINVAL;
    gin_turn_facts f;
    return turn_facts(v, &f) ? gin_turn_legal(&f, out, cap) : 0;
}

int gin_view_is_legal(const gin_view *v, gin_action a)
{
    gin_turn_facts f;
    return v && turn_facts(v, &f) && gin_turn_is_legal(&f, a);
}

/* The throws of a seat's discard: the least deadwood any leaves, its card. */
static void throw_facts(const gin_turn_facts *f, gin_action a, gin_view_check_facts *out)
{
    int after[64];
    if (gin_discard_deadwoods(f->held, after) < 0)
        return;
    for (gin_cardset s = f->held; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c != f->taken && after[c] >= 0 && (out->least < 0 || after[c] < out->least)) {
            out->least = after[c];
            out->best = c;
        }
    }
    if (gin_card_valid(a.card) && gin_cardset_has(f->held, a.card))
        out->after = after[a.card];
}

int gin_view_check(const gin_view *v, gin_action a, int claims_gin, gin_view_check_facts *facts)
{
    if (facts)
        *facts = (gin_view_check_facts){v ? v->knock_limit : 0, -1, GIN_NO_CARD, -1};
    if (!v)
        return GIN_EINVAL;
    gin_turn_facts f;
    if (!turn_facts(v, &f))
        return GIN_ILLEGAL_NOT_DUE;
    if (facts && f.phase == GIN_PHASE_DISCARD)
        throw_facts(&f, a, facts);
    return turn_check(&f, a, claims_gin);
}

int gin_after_discard(const gin_rules *r, int stock_n, int pile_n, int turns)
{
    if ((r->stock_low == GIN_STOCK_VOID && stock_n <= r->stock_void_at) || turns >= GIN_HAND_MAX_TURNS)
        return GIN_AFTER_VOID;
    if (stock_n == 0)
        return pile_n < 2 ? GIN_AFTER_VOID : GIN_AFTER_RESHUFFLE; /* nothing to make a stock from */
    return GIN_AFTER_PLAY;
}
