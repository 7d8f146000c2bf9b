/* Advice: the legal moves of a view ranked by their value in sampled
 * playouts, each with a short reason a person understands. */
#include <stdio.h>
#include <string.h>
#include "ai.h"
#include "botlib.h"
#include "gin/error.h"

enum { ADVICE_SAMPLES = 120, ADVICE_MAX = 64 };
static const uint64_t k_advice_seed = UINT64_C(0xad71ce);

/* "K♠", "10♥": with glyphs always (the table shows letters where it must). */
static const char *card_name(gin_card c, char *buf) { return gin_card_name(c, 1, buf); }

static void set_name(gin_cardset s, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    /* Display order: by suit, ascending rank. */
    for (gin_cardset q = s & GIN_DECK; q; q &= q - 1) {
        char cb[8];
        int w = snprintf(buf + len, cap - len, "%s%s", len ? " " : "", card_name(gin_cardset_first(q), cb));
        if (w < 0 || (size_t)w >= cap - len)
            break;
        len += (size_t)w;
    }
}

static const char *const k_rank_plural[GIN_RANKS] = {"aces",   "twos",  "threes", "fours", "fives",  "sixes", "sevens",
                                                     "eights", "nines", "tens",   "jacks", "queens", "kings"};
static const char *const k_suit_name[GIN_SUITS] = {"spades", "hearts", "diamonds", "clubs"};

/* The meld of hand's least-deadwood arrangement that holds c, or 0. */
static gin_cardset meld_with(gin_cardset hand, gin_card c)
{
    gin_arrangement a;
    if (gin_arrange(hand, &a) != GIN_OK)
        return 0;
    for (int i = 0; i < a.n_melds; i++)
        if (gin_cardset_has(a.melds[i], c))
            return a.melds[i];
    return 0;
}

static void reason_discard(const gin_view *v, const ai_tracker *t, gin_card c, char *out, size_t cap)
{
    char cn[8], ms[64];
    gin_cardset m = meld_with(v->hand, c);
    if (m) {
        set_name(m, ms, sizeof ms);
        snprintf(out, cap, "the %s breaks your %s", card_name(c, cn), ms);
        return;
    }
    double danger = ai_danger(t, c);
    if (danger >= 0.3) {
        int r = gin_card_rank(c), s = gin_card_suit(c);
        double p_set = 0;
        int held = 0;
        for (int os = 0; os < GIN_SUITS; os++)
            if (os != s) {
                float p = t->p_opp[gin_card_make(r, os)];
                p_set += p;
                held += p >= 0.999f;
            }
        int run_known = (r > 0 && t->p_opp[c - 1] >= 0.999f) || (r < GIN_RANKS - 1 && t->p_opp[c + 1] >= 0.999f);
        if (run_known || (!held && p_set < 1.0))
            snprintf(out, cap, "the %s feeds their %s run", card_name(c, cn), k_suit_name[s]);
        else
            snprintf(out, cap, "the %s may give them a set of %s", card_name(c, cn), k_rank_plural[r]);
        return;
    }
    gin_arrangement a;
    int highest = 0;
    if (gin_arrange(v->hand, &a) == GIN_OK && gin_cardset_has(a.unmatched, c)) {
        highest = 1;
        for (gin_cardset q = a.unmatched; q; q &= q - 1) {
            gin_card o = gin_cardset_first(q);
            if (o != v->taken && gin_card_value(o) > gin_card_value(c))
                highest = 0;
        }
    }
    gin_cardset kept = v->hand & ~gin_cardset_of(c);
    if (highest && gin_card_value(c) >= 6)
        snprintf(out, cap, "%s is your highest unmatched card", card_name(c, cn));
    else if (danger < 0.05)
        snprintf(out, cap, "the %s is safe: they can hardly use it; leaves %d deadwood", card_name(c, cn),
                 gin_deadwood(kept));
    else
        snprintf(out, cap, "throwing the %s leaves %d deadwood (about %.0f after your next draw)", card_name(c, cn),
                 gin_deadwood(kept), ai_expected_after_draw(t, kept));
}

static void reason_take(const gin_view *v, const ai_tracker *t, char *out, size_t cap)
{
    char cn[8], ms[64];
    gin_card u = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    gin_card d;
    int now = gin_deadwood(v->hand);
    int after = ai_best_after_discard(v->hand | gin_cardset_of(u), u, &d);
    gin_cardset kept = (v->hand | gin_cardset_of(u)) & ~gin_cardset_of(d);
    gin_cardset m = gin_card_valid(u) ? meld_with(kept, u) : 0;
    (void)t;
    if (m) {
        set_name(m, ms, sizeof ms);
        snprintf(out, cap, "taking the %s completes %s", card_name(u, cn), ms);
    } else if (after < now) {
        snprintf(out, cap, "the %s lowers your deadwood from %d to %d", card_name(u, cn), now, after);
    } else {
        snprintf(out, cap, "the %s does not help and shows them your plan", card_name(u, cn));
    }
}

/* The legal actions of the view, in a fixed order. */
static int legal_moves(const gin_view *v, gin_action *a)
{
    int n = 0;
    switch (v->phase) {
    case GIN_PHASE_OFFER:
        a[n++] = gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD);
        a[n++] = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
        break;
    case GIN_PHASE_DRAW:
        if (v->stock_n > 0)
            a[n++] = gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD);
        if (v->pile_n > 0 && !(v->turns == 0 && v->rules.first_turn == GIN_FIRST_TURN_OFFER))
            a[n++] = gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD);
        break;
    case GIN_PHASE_DISCARD: {
        int after[64];
        if (gin_discard_deadwoods(v->hand, after) < 0)
            return 0;
        if (v->rules.big_gin_bonus > 0 && v->taken == GIN_NO_CARD && gin_deadwood(v->hand) == 0)
            a[n++] = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
        for (gin_cardset s = v->hand; s; s &= s - 1) {
            gin_card c = gin_cardset_first(s);
            if (c != v->taken && after[c] <= v->knock_limit)
                a[n++] = gin_action_make(GIN_ACT_KNOCK, c);
        }
        for (gin_cardset s = v->hand; s; s &= s - 1) {
            gin_card c = gin_cardset_first(s);
            if (c != v->taken)
                a[n++] = gin_action_make(GIN_ACT_DISCARD, c);
        }
        break;
    }
    default:
        break;
    }
    return n;
}

/* Ranks the legal moves of `v` best first. Writes up to cap entries into
 * out (owned by the caller); returns how many were written, 0 when the view
 * has no move to make, or GIN_EINVAL for NULL arguments. Deterministic. */
int gin_advise(const gin_view *v, gin_advice *out, size_t cap)
{
    if (!v || (!out && cap > 0))
        return GIN_EINVAL;
    gin_action acts[ADVICE_MAX];
    int n = legal_moves(v, acts);
    if (n == 0 || cap == 0)
        return 0;
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    double mean[ADVICE_MAX], se[ADVICE_MAX];
    ai_rollout_values(v, &t, ai_view_seed(v, k_advice_seed), acts, n, ADVICE_SAMPLES, mean, se);
    int order[ADVICE_MAX];
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && mean[order[j]] > mean[order[j - 1]]; j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    size_t w = 0;
    for (int i = 0; i < n && w < cap; i++, w++) {
        gin_advice *o = &out[w];
        gin_action a = acts[order[i]];
        o->action = a;
        o->value = mean[order[i]];
        char cn[8];
        switch (a.kind) {
        case GIN_ACT_TAKE_UPCARD:
        case GIN_ACT_DRAW_DISCARD:
            reason_take(v, &t, o->reason, sizeof o->reason);
            break;
        case GIN_ACT_PASS:
        case GIN_ACT_DRAW_STOCK:
            snprintf(o->reason, sizeof o->reason, "a blind draw leaves about %.0f deadwood",
                     ai_expected_after_draw(&t, v->hand));
            break;
        case GIN_ACT_DISCARD:
            reason_discard(v, &t, a.card, o->reason, sizeof o->reason);
            break;
        case GIN_ACT_KNOCK: {
            if (a.card == GIN_NO_CARD) {
                snprintf(o->reason, sizeof o->reason, "big gin: all eleven cards meld");
                break;
            }
            gin_cardset kept = v->hand & ~gin_cardset_of(a.card);
            int dw = gin_deadwood(kept);
            if (dw == 0) {
                snprintf(o->reason, sizeof o->reason, "gin! throw the %s face down", card_name(a.card, cn));
            } else {
                ai_knock_eval k;
                ai_eval_knock(ai_level_params(GIN_LEVEL_HARD), &t, v, kept, ai_view_seed(v, k_advice_seed), &k);
                snprintf(o->reason, sizeof o->reason, "knock with %d deadwood, throwing the %s (undercut risk %.0f%%)",
                         dw, card_name(a.card, cn), 100 * k.p_undercut);
            }
            break;
        }
        default:
            snprintf(o->reason, sizeof o->reason, "a move");
        }
    }
    return (int)w;
}
