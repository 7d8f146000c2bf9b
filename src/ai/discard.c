/* The discard choice every heuristic level makes, at two seats and in a
 * ring alike: each legal discard scored by the deadwood it leaves, the
 * deadwood expected after the next draw and the danger of feeding the
 * player who can take it; the knock card is the one leaving least deadwood.
 * policy.c (two seats) and ring.c (three or four) decide when to knock. */
#include "botlib.h"
#include "gin/error.h"

/* How much the danger of a discard counts as the hand goes on. */
static double stage_weight(const gin_view *v)
{
    double f = v->turns / 16.0;
    return 0.4 + 0.6 * (f > 1 ? 1 : f);
}

void ai_eval_discards(const ai_params *p, const ai_tracker *t, const gin_view *v, ai_discard_eval *e)
{
    int after[64];
    e->n = 0;
    int best = gin_discard_deadwoods(v->hand, after);
    if (best < 0)
        return;
    best = 999;
    for (gin_cardset s = v->hand; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c != v->taken && after[c] < best)
            best = after[c];
    }
    double st = stage_weight(v);
    double la = p->lookahead;
    for (gin_cardset s = v->hand; s && e->n < 11; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        if (c == v->taken)
            continue;
        int i = e->n++;
        gin_cardset h10 = v->hand & ~gin_cardset_of(c);
        e->card[i] = c;
        e->dw_after[i] = after[c];
        /* Hands far behind the best never win; skip their lookahead. */
        e->expect[i] = (p->lookahead > 0 && after[c] <= best + 10) ? ai_expected_after_draw(t, h10) : after[c];
        e->danger[i] = p->danger_w > 0 ? ai_danger(t, c) : 0;
        e->score[i] = -((1 - la) * after[c] + la * e->expect[i]) - p->danger_w * st * e->danger[i] +
                      0.01 * gin_card_value(c) + 0.001 * gin_card_rank(c);
    }
}

int ai_gift(const ai_tracker *t, gin_card c)
{
    gin_cardset k = t->opp_known, b = gin_cardset_of(c);
    unsigned r = gin_cardset_rank(k, gin_card_rank(c));
    if (r & (r - 1))
        return 1;
    gin_cardset two = k & (k >> 1); /* the lower of each shown pair of neighbours */
    return ((two >> 1 | two << 2) & b) != 0 || ((k >> 1) & (k << 1) & b) != 0;
}

/* The no-feed rule: a card that feeds the opponent scores below every card
 * that does not (when some card does not). */
static void guard_feeding(const ai_tracker *t, ai_discard_eval *e)
{
    int fed[11], safe = 0;
    for (int i = 0; i < e->n; i++) {
        fed[i] = ai_gift(t, e->card[i]);
        safe += !fed[i];
    }
    if (safe == 0 || safe == e->n)
        return;
    for (int i = 0; i < e->n; i++)
        if (fed[i])
            e->score[i] -= 1000.0;
}

/* The gift rule (hard, and so the expert's reference): a throw that hands
 * the opponent a meld it shows is charged p->gift_pts (hard: 1000, so
 * never while another card may go; a knock's card goes face down and is no
 * gift). A player who collects in plain sight, two kings from the pile,
 * must not be handed the third because it is the highest card: the coach
 * ranks that throw well below two throws that cost almost no deadwood.
 * Hard has no search to weigh a gift that is right (a meld broken to keep
 * the card can cost more); the expert's race does: its candidates include
 * the gift, which must beat hard's throw by two standard errors. A finite
 * charge, or hard asking the analysis, let through gifts the coach calls
 * mistakes (docs/strength.md, "Gifts"). */
static void guard_gifts(const ai_params *p, const ai_tracker *t, ai_discard_eval *e)
{
    for (int i = 0; i < e->n; i++)
        if (ai_gift(t, e->card[i]))
            e->score[i] -= p->gift_pts;
}

int ai_discard_start(const ai_params *p, const ai_tracker *t, const gin_view *v, ai_discard_eval *e, gin_action *out,
                     int *ki, int *dw)
{
    ai_eval_discards(p, t, v, e);
    if (p->no_feed)
        guard_feeding(t, e);
    if (p->gift_pts > 0)
        guard_gifts(p, t, e);
    int rc = ai_discard_choice(v, e, out, ki);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    *dw = e->dw_after[*ki];
    return *dw <= v->knock_limit;
}

int ai_discard_voids(const gin_view *v)
{
    return v->rules.stock_low == GIN_STOCK_VOID && v->stock_n <= v->rules.stock_void_at;
}

int ai_discard_choice(const gin_view *v, const ai_discard_eval *e, gin_action *out, int *ki_out)
{
    if (e->n == 0)
        return GIN_EILLEGAL;
    int bi = 0, ki = 0;
    for (int i = 1; i < e->n; i++) {
        if (e->score[i] > e->score[bi])
            bi = i;
        if (e->dw_after[i] < e->dw_after[ki] ||
            (e->dw_after[i] == e->dw_after[ki] && gin_card_value(e->card[i]) > gin_card_value(e->card[ki])))
            ki = i;
    }
    *ki_out = ki;
    *out = gin_action_make(GIN_ACT_DISCARD, e->card[bi]);
    if (v->rules.big_gin_bonus > 0 && v->taken == GIN_NO_CARD && gin_deadwood(v->hand) == 0) {
        *out = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
        return 1;
    }
    return 0;
}
