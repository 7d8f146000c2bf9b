/* The coach (coach.h): the analysis's ranking in one measure, the noise
 * marked, close calls looked at again, and for every move the facts of
 * the view its evaluation used. No words here: src/trainer phrases them. */
#include "coach.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "botlib.h"
#include "gin/error.h"
#include "gin/showdown.h"

enum { UNDERCUT_SAMPLES = 400 };

/* The measure the analysis ranks by: the chance to win the game when
 * there is a game to win, else the hand's points (analysis.c, util_build:
 * tests/ai/test_coach.c checks that the two agree on every page). */
static int measure_of(const gin_view *v)
{
    int opp = (v->seat + 1) % 2;
    int game = v->rules.target > 0 && !v->rules.hollywood && v->scores[v->seat] < v->rules.target &&
               v->scores[opp] < v->rules.target;
    return game ? GIN_COACH_BY_WIN : GIN_COACH_BY_POINTS;
}

/* ---- the ranking ---- */

/* The gaps in the measure's own unit, and the marks: a move is about
 * equal while it and every move above it is within the noise. */
static void mark(gin_coach_advice *a)
{
    double unit = a->measure == GIN_COACH_BY_WIN ? 100.0 : 1.0;
    int equal = 1;
    double last = 0;
    for (int i = 0; i < a->n; i++) {
        gin_coach_move *m = &a->move[i];
        double gap = i == 0 ? 0 : -m->value.gap, se = i == 0 ? 0 : m->value.gap_se;
        /* The analysis orders by gap: only rounding could undo it. A tie
         * negates to -0, which prints "-0.0000": it is the gap above it. */
        if (gap <= last)
            gap = last;
        last = gap;
        equal = equal && (gap <= GIN_COACH_NOISE_SE * se || gap < GIN_COACH_NEGLIGIBLE);
        m->gap = gap / unit;
        m->gap_se = se / unit;
        m->equal = equal;
    }
}

/* The ranked values of every answer into a->move[].value, marked. */
static int rank_moves(const gin_view *v, long budget, uint64_t seed, int threads, gin_coach_advice *a)
{
    /* The ranking race: every move valued in the best's worlds, so the
     * page reads top to bottom, and the budget goes to the close calls. */
    gin_analysis_opts ao = {budget, seed, GIN_ANALYSIS_RANK, 1, threads};
    gin_move_value vals[GIN_ANALYSIS_MAX];
    int n = gin_analyze(v, &ao, vals, GIN_ANALYSIS_MAX);
    a->n = n > 0 ? n : 0;
    a->measure = measure_of(v);
    a->playouts = 0;
    int left = 0;
    for (int i = 0; i < a->n; i++) {
        memset(&a->move[i], 0, sizeof a->move[i]); /* every byte defined: answers compare whole */
        a->move[i].value = vals[i];
        a->playouts += vals[i].worlds;
        left += vals[i].live;
    }
    a->close = left > 1; /* the race ended on the budget, not on a clear best */
    mark(a);
    return n;
}

/* ---- the facts of a hand ---- */

static gin_cardset rank_cards(int r)
{
    gin_cardset s = 0;
    for (int su = 0; su < GIN_SUITS; su++)
        s |= gin_cardset_of(gin_card_make(r, su));
    return s;
}

/* The meld of the least-deadwood arrangement of `cards` holding c, or 0. */
static gin_cardset meld_of(gin_cardset cards, gin_card c)
{
    gin_arrangement a;
    if (gin_arrange(cards, &a) != GIN_OK)
        return 0;
    for (int i = 0; i < a.n_melds; i++)
        if (gin_cardset_has(a.melds[i], c))
            return a.melds[i];
    return 0;
}

/* The block of consecutive cards of c's suit in s that holds c. */
static gin_cardset block_of(gin_cardset s, gin_card c)
{
    if (!gin_cardset_has(s, c))
        return 0;
    int r = gin_card_rank(c), su = gin_card_suit(c), lo = r, hi = r;
    while (lo > 0 && gin_cardset_has(s, gin_card_make(lo - 1, su)))
        lo--;
    while (hi < GIN_RANKS - 1 && gin_cardset_has(s, gin_card_make(hi + 1, su)))
        hi++;
    gin_cardset b = 0;
    for (int k = lo; k <= hi; k++)
        b |= gin_cardset_of(gin_card_make(k, su));
    return b;
}

/* The cards of `with` that c makes some meld with (a set of its rank, a
 * run through it), whether or not the best arrangement would use it. */
static gin_cardset fits_of(gin_cardset with, gin_card c)
{
    gin_cardset one = gin_cardset_of(c), fits = 0;
    gin_cardset same = with & rank_cards(gin_card_rank(c)) & ~one;
    if (gin_cardset_count(same) >= 2)
        fits |= same;
    gin_cardset run = block_of(with | one, c);
    if (gin_cardset_count(run) >= 3)
        fits |= run & ~one;
    return fits;
}

/* 1 if x would put c in a meld with cards of `with` (c and x in one set,
 * or in one run of three or more: through a run's end or its gap). */
static int joins(gin_cardset with, gin_card c, gin_card x)
{
    gin_cardset both = gin_cardset_of(c) | gin_cardset_of(x);
    if (gin_card_rank(x) == gin_card_rank(c))
        return gin_cardset_count((with | both) & rank_cards(gin_card_rank(c))) >= 3;
    if (gin_card_suit(x) != gin_card_suit(c))
        return 0;
    gin_cardset run = block_of(with | both, c);
    return gin_cardset_has(run, x) && gin_cardset_count(run) >= 3;
}

/* The cards that would make a meld of the two-card start {a, b}: the other
 * suits of a pair, the ends or the gap of a suit's near pair. */
static gin_cardset outs_of(gin_card a, gin_card b)
{
    int ra = gin_card_rank(a), rb = gin_card_rank(b), s = gin_card_suit(a);
    if (ra == rb)
        return rank_cards(ra) & ~gin_cardset_of(a) & ~gin_cardset_of(b);
    if (s != gin_card_suit(b))
        return 0;
    int lo = ra < rb ? ra : rb, hi = ra < rb ? rb : ra;
    if (hi - lo == 2)
        return gin_cardset_of(gin_card_make(lo + 1, s));
    if (hi - lo != 1)
        return 0;
    gin_cardset outs = 0;
    if (lo > 0)
        outs |= gin_cardset_of(gin_card_make(lo - 1, s));
    if (hi < GIN_RANKS - 1)
        outs |= gin_cardset_of(gin_card_make(hi + 1, s));
    return outs;
}

/* What every move's facts share. */
typedef struct context {
    const gin_view *v;
    ai_tracker t;
    int opp;
    uint64_t seed;
    int threads;
    gin_cardset avail; /* cards the opponent may hold: unseen, or known in its hand */
} context;

/* The outs of kept: cards not held that would meld with it. */
static void count_outs(const context *x, gin_cardset kept, gin_cardset held, gin_coach_facts *f)
{
    f->outs = f->live_outs = 0;
    for (gin_cardset q = GIN_DECK & ~held; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        if (ai_card_can_meld(kept, c)) {
            f->outs++;
            f->live_outs += gin_cardset_has(x->t.unseen, c);
        }
    }
}

/* The cards not held that would meld c with kept. */
static gin_cardset joins_of(gin_cardset kept, gin_cardset held, gin_card c)
{
    gin_cardset j = 0;
    for (gin_cardset q = GIN_DECK & ~held & ~gin_cardset_of(c); q; q &= q - 1)
        if (joins(kept, c, gin_cardset_first(q)))
            j |= gin_cardset_of(gin_cardset_first(q));
    return j;
}

/* Of the two-card starts c makes with the other unmatched cards of hand
 * (c among them), the one with the most completions unseen. */
static void best_partner(const context *x, gin_cardset hand, gin_card c, gin_coach_facts *f)
{
    gin_arrangement a;
    f->partner = GIN_NO_CARD;
    if (gin_arrange(hand, &a) != GIN_OK || !gin_cardset_has(a.unmatched, c))
        return;
    int best = -1;
    for (gin_cardset q = a.unmatched & ~gin_cardset_of(c); q; q &= q - 1) {
        gin_card u = gin_cardset_first(q);
        gin_cardset outs = outs_of(c, u);
        int live = gin_cardset_count(outs & x->t.unseen);
        if (outs && live > best) {
            best = live;
            f->partner = u;
            f->partner_outs = outs;
        }
    }
}

/* ---- what a thrown card may do for the opponent ---- */

/* The three-card melds through c are c with a pair {y, z}: two more of its
 * rank, or a window of its suit. The cards x that would make a meld of
 * {y, z} without c: the rest of the rank, or a run's other end. An
 * opponent that threw or passed such an x does not hold {y, z}, or it
 * would have kept it. */
static gin_cardset completes(gin_card c, gin_card y, gin_card z)
{
    int r = gin_card_rank(y), su = gin_card_suit(y);
    gin_cardset pair = gin_cardset_of(y) | gin_cardset_of(z);
    if (gin_card_rank(z) == r)
        return rank_cards(r) & ~pair & ~gin_cardset_of(c);
    int lo = r < gin_card_rank(z) ? r : gin_card_rank(z), hi = r ^ gin_card_rank(z) ^ lo;
    gin_cardset x = 0;
    if (hi - lo == 1 && lo > 0)
        x |= gin_cardset_of(gin_card_make(lo - 1, su));
    if (hi - lo == 1 && hi < GIN_RANKS - 1)
        x |= gin_cardset_of(gin_card_make(hi + 1, su));
    return x & ~gin_cardset_of(c);
}

/* One pair {y, z} that would meld c: counted when the opponent may hold
 * both. Returns 1 when the pair is no danger (it cannot hold both, or a
 * throw or pass rules it out), else 0. */
static int weigh_pair(const context *x, gin_card c, gin_card y, gin_card z, int set, gin_coach_safety *s)
{
    const gin_view *v = x->v;
    gin_cardset pair = gin_cardset_of(y) | gin_cardset_of(z);
    if ((pair & x->avail) != pair || gin_cardset_has(pair, c))
        return 1;
    if (set)
        s->set_ways++;
    else
        s->run_ways++;
    s->took |= pair & v->known[x->opp];
    gin_cardset told = completes(c, y, z) & (v->discarded[x->opp] | v->declined[x->opp]);
    s->threw |= told & v->discarded[x->opp];
    s->passed |= told & ~v->discarded[x->opp];
    return told != 0;
}

static void safety_of(const context *x, gin_card c, gin_coach_safety *s)
{
    int r = gin_card_rank(c), su = gin_card_suit(c), open = 0;
    memset(s, 0, sizeof *s);
    for (int a = 0; a < GIN_SUITS; a++)
        for (int b = a + 1; b < GIN_SUITS; b++)
            if (a != su && b != su)
                open += !weigh_pair(x, c, gin_card_make(r, a), gin_card_make(r, b), 1, s);
    for (int lo = r - 2; lo <= r; lo++) {
        if (lo < 0 || lo + 2 >= GIN_RANKS)
            continue;
        gin_card pair[2];
        int m = 0;
        for (int k = lo; k <= lo + 2; k++)
            if (k != r)
                pair[m++] = gin_card_make(k, su);
        open += !weigh_pair(x, c, pair[0], pair[1], 0, s);
    }
    s->safe = !s->took && !open;
}

/* ---- a knock ---- */

/* The undercut chance of knocking with `kept`, against opponent hands
 * sampled as the analysis samples them (the tracker's odds, an opponent
 * that has kept its melds), and its mean deadwood after its lay-offs: the
 * number an undercut is decided on, so the two read together. */
static double undercut_chance(const context *x, gin_cardset kept, double *opp_dw)
{
    gin_rng rng;
    gin_rng_seed(&rng, ai_view_seed(x->v, x->seed) ^ UINT64_C(0xc0ac4));
    int improve = ai_tracker_improve(x->v), under = 0, n = 0;
    double dw = 0;
    for (int i = 0; i < UNDERCUT_SAMPLES; i++) {
        gin_cardset opp = ai_tracker_sample(&x->t, &rng, improve, NULL);
        gin_showdown sd;
        if (gin_cardset_count(opp) != 10 || gin_showdown_settle(&x->v->rules, kept, opp, -1, &sd) != GIN_OK)
            continue;
        n++;
        under += sd.kind == GIN_RESULT_UNDERCUT;
        dw += sd.defender.deadwood;
    }
    *opp_dw = n ? dw / n : 0;
    return n ? (double)under / n : 0;
}

/* ---- each move ---- */

/* A throw or a knock of c (GIN_NO_CARD: big gin). */
static void facts_throw(const context *x, gin_action a, gin_coach_facts *f)
{
    const gin_view *v = x->v;
    gin_card c = a.card;
    f->kept = v->hand & ~gin_cardset_of(c);
    f->deadwood = gin_deadwood(f->kept);
    count_outs(x, f->kept, v->hand, f);
    if (c == GIN_NO_CARD)
        return;
    f->meld = meld_of(v->hand, c);
    gin_cardset left = f->meld & ~gin_cardset_of(c), loose = 0;
    ai_unmatched(f->kept, &loose);
    f->meld_left = f->meld && !(left & loose) ? left : 0;
    f->fits = fits_of(f->kept, c);
    f->joins = joins_of(f->kept, v->hand, c);
    best_partner(x, v->hand, c, f);
    safety_of(x, c, &f->safety);
    if (a.kind == GIN_ACT_KNOCK && f->deadwood > 0)
        f->undercut = undercut_chance(x, f->kept, &f->opp_deadwood);
}

/* The take of the face-up card, and the coach's answer to the discard
 * after it: the very analysis the next hint makes (same view, same seed). */
static void facts_take(const context *x, gin_action a, long budget, gin_coach_facts *f)
{
    const gin_view *v = x->v;
    gin_card top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    gin_cardset held = v->hand | gin_cardset_of(top);
    gin_view after = *v;
    gin_event ev = {a.kind == GIN_ACT_TAKE_UPCARD ? GIN_EV_TAKE_UPCARD : GIN_EV_DRAW_DISCARD, v->seat, top, 0, 0, NULL};
    gin_view_apply(&after, &ev);
    gin_coach_advice next; /* about 7 KB */
    gin_card out = GIN_NO_CARD;
    ai_best_after_discard(held, top, &out);
    f->then = gin_action_make(GIN_ACT_DISCARD, out);
    if (after.phase == GIN_PHASE_DISCARD && rank_moves(&after, budget, x->seed, x->threads, &next) > 0)
        f->then = next.move[0].value.action;
    f->kept = held & ~gin_cardset_of(f->then.card);
    f->deadwood = gin_deadwood(f->kept);
    f->meld = meld_of(f->kept, top);
    f->fits = fits_of(f->kept & ~gin_cardset_of(top), top);
    f->joins = joins_of(f->kept & ~gin_cardset_of(top), held, top);
    best_partner(x, f->kept, top, f);
    count_outs(x, f->kept, held, f);
}

/* The stock, or a pass: the hand as it is. */
static void facts_blind(const context *x, gin_action a, gin_coach_facts *f)
{
    f->kept = x->v->hand;
    f->deadwood = gin_deadwood(f->kept);
    count_outs(x, f->kept, x->v->hand, f);
    if (a.kind == GIN_ACT_DRAW_STOCK)
        f->expected = ai_expected_after_draw(&x->t, x->v->hand);
}

static void context_build(context *x, const gin_view *v, uint64_t seed, int threads)
{
    memset(x, 0, sizeof *x);
    x->v = v;
    x->seed = seed;
    x->threads = threads;
    x->opp = (v->seat + 1) % 2;
    ai_tracker_build(v, 1, &x->t);
    x->avail = x->t.unseen | v->known[x->opp];
}

/* The plainest answer: the least-deadwood throw ranked highest, the
 * stock, the pass. */
static void plain_of(const gin_view *v, gin_coach_advice *a)
{
    a->plain = 0;
    a->deadwood = gin_deadwood(v->hand);
    a->least = a->deadwood;
    a->least_card = GIN_NO_CARD;
    for (int i = a->n - 1; i >= 0; i--) {
        const gin_coach_move *m = &a->move[i];
        int k = m->value.action.kind;
        if (k == GIN_ACT_DRAW_STOCK || k == GIN_ACT_PASS)
            a->plain = i;
    }
    if (v->phase != GIN_PHASE_DISCARD)
        return;
    a->least = ai_best_after_discard(v->hand, v->taken, NULL);
    a->deadwood = a->least;
    for (int i = a->n - 1; i >= 0; i--) {
        const gin_coach_move *m = &a->move[i];
        if (m->value.action.kind == GIN_ACT_DISCARD && m->facts.deadwood == a->least) {
            a->plain = i;
            a->least_card = m->value.action.card;
        }
    }
}

int gin_coach(const gin_view *v, const gin_coach_opts *o, gin_coach_advice *out)
{
    if (!v || !out)
        return GIN_EINVAL;
    static const gin_coach_opts def = {0, 0, 0, 0};
    if (!o)
        o = &def;
    long budget = o->playouts > 0   ? o->playouts
                  : o->think_ms > 0 ? (long)o->think_ms * AI_PLAYOUTS_PER_MS
                                    : GIN_COACH_PLAYOUTS;
    memset(out, 0, sizeof *out);
    int n = rank_moves(v, budget, o->seed, o->threads, out);
    if (n <= 0)
        return n;
    context x;
    context_build(&x, v, o->seed, o->threads);
    out->phase = v->phase;
    out->stock = v->stock_n;
    out->top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    for (int i = 0; i < n; i++) {
        gin_coach_move *m = &out->move[i];
        gin_action a = m->value.action;
        m->facts.then = gin_action_make(-1, GIN_NO_CARD);
        m->facts.partner = GIN_NO_CARD;
        switch (a.kind) {
        case GIN_ACT_TAKE_UPCARD:
        case GIN_ACT_DRAW_DISCARD:
            facts_take(&x, a, budget, &m->facts);
            break;
        case GIN_ACT_PASS:
        case GIN_ACT_DRAW_STOCK:
            facts_blind(&x, a, &m->facts);
            break;
        default:
            facts_throw(&x, a, &m->facts);
            break;
        }
    }
    plain_of(v, out);
    return n;
}

int gin_coach_undercut(const gin_view *v, gin_card thrown, uint64_t seed, double *undercut, double *opp_deadwood)
{
    if (!v || !gin_card_valid(thrown) || !gin_cardset_has(v->hand, thrown))
        return GIN_EINVAL;
    if (v->seats != 2 || v->phase != GIN_PHASE_DISCARD)
        return GIN_ESTATE;
    context x;
    context_build(&x, v, seed, 1);
    double dw = 0, u = undercut_chance(&x, v->hand & ~gin_cardset_of(thrown), &dw);
    if (undercut)
        *undercut = u;
    if (opp_deadwood)
        *opp_deadwood = dw;
    return GIN_OK;
}

void gin_coach_move_text(const gin_view *v, gin_action a, char *buf, size_t cap)
{
    char c[3] = "??";
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
        snprintf(buf, cap, "take");
        return;
    case GIN_ACT_PASS:
        snprintf(buf, cap, "pass");
        return;
    case GIN_ACT_DRAW_STOCK:
        snprintf(buf, cap, "stock");
        return;
    case GIN_ACT_DRAW_DISCARD:
        snprintf(buf, cap, "pile");
        return;
    case GIN_ACT_KNOCK:
        if (a.card == GIN_NO_CARD) {
            snprintf(buf, cap, "biggin");
            return;
        }
        gin_card_format(a.card, c);
        snprintf(buf, cap, "%s %s", v && gin_deadwood(v->hand & ~gin_cardset_of(a.card)) == 0 ? "gin" : "knock", c);
        return;
    default:
        gin_card_format(a.card, c);
        snprintf(buf, cap, "discard %s", c);
        return;
    }
}

int gin_coach_find(const gin_coach_advice *a, gin_action act)
{
    for (int i = 0; i < a->n; i++)
        if (a->move[i].value.action.kind == act.kind && a->move[i].value.action.card == act.card)
            return i;
    return -1;
}
