/* The expert: for each candidate move, sample hidden hands and stock orders
 * consistent with the view (the tracker's odds, opponents that kept their
 * melds), play the rest of the hand out with a fast policy for both seats,
 * and value each result by what it does to our chance of winning the game.
 * Every candidate sees the same sampled worlds, so their comparison is not
 * drowned in deal noise; hard's move stands unless the move with the best
 * mean beats it by two standard errors of the paired difference.
 *
 * Deterministic: the work is bounded by a number of samples derived from
 * think_ms and a calibrated cost per playout, never by the clock, and the
 * random stream comes from the seed and the view. */
#include <math.h>
#include <string.h>
#include "botlib.h"
#include "ai.h"
#include "gin/error.h"
#include "gin/showdown.h"

/* PLAYOUTS_PER_MS: playouts per millisecond of think time, calibrated with
 * `gin-bench ai` (thread CPU time) so the 99th percentile of a 50 ms
 * decision stays under 50 ms on one core (p99 44 ms, median 2.5 ms: most
 * decisions end their race early). */
/* How many standard errors a move must beat hard's choice by. */
static const double CONFIDENCE = 2.0;

/* The playout discard minimises 10 * deadwood + OUT_K * the card's live
 * outs (tenths of a point per out: hard's potential term, lean). */
enum { OUT_W = 10, OUT_K = 15 };

enum {
    MAX_ACTS = 80,
    PLAYOUTS_PER_MS = 100,
    MIN_EVIDENCE = 32,
    RACE_BATCH = 16,
    MAX_SAMPLES = 4000,
    MAX_CANDIDATES = 8,
    KEEP_DISCARDS = 4
};

/* How a playout seat knocks: at or below `late` any time, anything within
 * the limit before `early` turns, and whatever it has when the stock runs out.
 * Our seat plays for gin after the early turns, as hard does (it knocks late
 * only on its own estimate): a playout that knocks at 1 or 2 rates keeping a
 * king over an ace, which can only be worse. The opponent is a mix of two
 * styles, weighted by how often it has knocked this game: one that waits
 * for gin or a low knock (as hard does), one that knocks as soon as the
 * limit allows (as simple does). Either alone costs about five points of
 * win share against the other kind (docs/strength.md). */
typedef struct ro_style {
    int early, late;
} ro_style;

static const ro_style k_me = {6, 0};
static const ro_style k_opp = {4, 3};
static const ro_style k_opp_eager = {1000, 1000};

typedef struct sim {
    const gin_rules *rules;
    int limit;
    gin_cardset hand[2]; /* 0 = us, 1 = the opponent */
    gin_card stock[GIN_DECK_SIZE];
    int stock_n;      /* top is stock[stock_n - 1] */
    gin_card top;     /* face-up card, or GIN_NO_CARD */
    gin_cardset dead; /* in the discard pile: public, never drawn again */
    int turns;
    const ro_style *opp; /* how the opponent knocks in this world */
} sim;

/* Score a knock by `k` with hand (10 or 11 cards after the face-down discard). */
static double settle(const sim *s, int k, gin_cardset knocker)
{
    gin_showdown sd;
    if (gin_showdown_settle(s->rules, knocker, s->hand[1 - k], -1, &sd) != GIN_OK)
        return 0;
    int to_knocker = sd.winner == GIN_KNOCKER ? sd.points : -sd.points;
    return k == 0 ? to_knocker : -to_knocker;
}

static int voids_after_discard(const sim *s)
{
    if (s->rules->stock_low == GIN_STOCK_VOID)
        return s->stock_n <= s->rules->stock_void_at;
    return s->stock_n <= 0;
}

/* Cards that would turn c into part of a meld with the rest of h (a pair
 * or a two-card run with c), still live: hard's potential term, lean. */
static int outs(gin_cardset h, gin_card c, gin_cardset avail)
{
    gin_cardset b = gin_cardset_of(c), hc = h & ~b;
    gin_cardset rank = UINT64_C(0x0001000100010001) << gin_card_rank(c);
    int n = 0;
    if (gin_cardset_count(hc & rank) == 1)
        n += gin_cardset_count(avail & rank);
    gin_cardset up1 = b << 1, up2 = b << 2, dn1 = b >> 1, dn2 = b >> 2;
    if (hc & up1)
        n += ((avail & dn1) != 0) + ((avail & up2) != 0);
    if (hc & dn1)
        n += ((avail & up1) != 0) + ((avail & dn2) != 0);
    if ((hc & up2) && !(hc & up1))
        n += (avail & up1) != 0;
    if ((hc & dn2) && !(hc & dn1))
        n += (avail & dn1) != 0;
    return n;
}

/* The playout discard from 11 cards (never `forbid`): least deadwood plus
 * OUT_W points per live card that would meld it. *kdw / *kc: the least
 * deadwood and its discard, for a knock. Returns the discard. */
static gin_card ro_discard(gin_cardset h, gin_card forbid, gin_cardset dead, int *kdw, gin_card *kc)
{
    int after[64];
    *kc = GIN_NO_CARD;
    *kdw = 999;
    if (gin_discard_deadwoods(h, after) < 0)
        return GIN_NO_CARD;
    gin_cardset avail = GIN_DECK & ~h & ~dead;
    int best = 1 << 30;
    gin_card bc = GIN_NO_CARD;
    for (gin_cardset q = h; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        if (c == forbid)
            continue;
        if (after[c] < *kdw || (after[c] == *kdw && gin_card_value(c) > gin_card_value(*kc))) {
            *kdw = after[c];
            *kc = c;
        }
        int sc = OUT_W * after[c];
        if (sc > best)
            continue; /* outs only add */
        if (after[c] > 0)
            sc += OUT_K * outs(h, c, avail);
        if (sc < best || (sc == best && gin_card_value(c) > gin_card_value(bc))) {
            best = sc;
            bc = c;
        }
    }
    return bc;
}

/* Seat k holds 11 cards (`taken` may not be thrown): discard or knock.
 * Returns 1 and the result in *val if the hand ended. */
static int play_discard(sim *s, int k, gin_card taken, double *val)
{
    gin_cardset h = s->hand[k];
    if (s->rules->big_gin_bonus > 0 && taken == GIN_NO_CARD && gin_deadwood(h) == 0) {
        *val = settle(s, k, h);
        return 1;
    }
    gin_card kc;
    int dw;
    gin_card c = ro_discard(h, taken, s->dead, &dw, &kc);
    if (c == GIN_NO_CARD) {
        *val = 0;
        return 1;
    }
    const ro_style *st = k == 0 ? &k_me : s->opp;
    int last = voids_after_discard(s);
    if (dw <= s->limit && (dw == 0 || dw <= st->late || s->turns < st->early || last)) {
        s->hand[k] = h & ~gin_cardset_of(kc);
        *val = settle(s, k, s->hand[k]);
        return 1;
    }
    s->hand[k] = h & ~gin_cardset_of(c);
    s->top = c;
    s->dead |= gin_cardset_of(c);
    s->turns++;
    if (last) {
        *val = 0;
        return 1;
    }
    return 0;
}

/* Seat k draws (taking the face-up card when it lowers its deadwood), then discards. */
static int play_turn(sim *s, int k, double *val)
{
    gin_cardset h = s->hand[k];
    if (gin_card_valid(s->top)) {
        int now = gin_deadwood(h);
        int take = ai_best_after_discard(h | gin_cardset_of(s->top), s->top, NULL);
        if (take < now) {
            gin_card u = s->top;
            s->hand[k] = h | gin_cardset_of(u);
            s->top = GIN_NO_CARD;
            return play_discard(s, k, u, val);
        }
    }
    if (s->stock_n <= 0) {
        *val = 0;
        return 1;
    }
    s->hand[k] = h | gin_cardset_of(s->stock[--s->stock_n]);
    return play_discard(s, k, GIN_NO_CARD, val);
}

/* Play on from seat k to move (at its draw) until the hand ends. */
static double playout(sim *s, int k)
{
    double val = 0;
    for (int guard = 0; guard < 200; guard++) {
        if (play_turn(s, k, &val))
            return val;
        k = 1 - k;
    }
    return 0;
}

typedef struct cand {
    gin_action a;
} cand;

/* Apply our candidate to a sampled world and play the hand out. */
static double run_candidate(const sim *world, const gin_view *v, gin_action a)
{
    sim s = *world;
    double val = 0;
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD: {
        gin_card u = s.top;
        s.hand[0] |= gin_cardset_of(u);
        s.top = GIN_NO_CARD;
        if (play_discard(&s, 0, u, &val))
            return val;
        return playout(&s, 1);
    }
    case GIN_ACT_PASS:
        if (v->dealer != v->seat) {
            /* We were offered first: the dealer may take it; else we draw from stock. */
            gin_cardset h = s.hand[1];
            gin_card u = s.top;
            if (ai_best_after_discard(h | gin_cardset_of(u), u, NULL) < gin_deadwood(h)) {
                s.hand[1] = h | gin_cardset_of(u);
                s.top = GIN_NO_CARD;
                if (play_discard(&s, 1, u, &val))
                    return val;
                return playout(&s, 0);
            }
            if (s.stock_n <= 0)
                return 0;
            s.hand[0] |= gin_cardset_of(s.stock[--s.stock_n]);
            if (play_discard(&s, 0, GIN_NO_CARD, &val))
                return val;
            return playout(&s, 1);
        }
        /* We are the dealer: the non-dealer now draws from the stock. */
        if (s.stock_n <= 0)
            return 0;
        s.hand[1] |= gin_cardset_of(s.stock[--s.stock_n]);
        if (play_discard(&s, 1, GIN_NO_CARD, &val))
            return val;
        return playout(&s, 0);
    case GIN_ACT_DRAW_STOCK:
        if (s.stock_n <= 0)
            return 0;
        s.hand[0] |= gin_cardset_of(s.stock[--s.stock_n]);
        if (play_discard(&s, 0, GIN_NO_CARD, &val))
            return val;
        return playout(&s, 1);
    case GIN_ACT_DISCARD: {
        s.hand[0] &= ~gin_cardset_of(a.card);
        s.top = a.card;
        s.dead |= gin_cardset_of(a.card);
        s.turns++;
        if (voids_after_discard(&s))
            return 0;
        return playout(&s, 1);
    }
    case GIN_ACT_KNOCK:
        if (a.card == GIN_NO_CARD)
            return settle(&s, 0, s.hand[0]);
        return settle(&s, 0, s.hand[0] & ~gin_cardset_of(a.card));
    default:
        return 0;
    }
}

/* The candidate moves, best-guess first (hard's order). Returns the count. */
static int add_cand(cand *c, int n, gin_action a)
{
    for (int i = 0; i < n; i++)
        if (c[i].a.kind == a.kind && c[i].a.card == a.card)
            return n;
    c[n].a = a;
    return n + 1;
}

static int candidates(const gin_view *v, const ai_tracker *t, uint64_t seed, cand *c, gin_action *fallback)
{
    const ai_params *hp = ai_level_params(GIN_LEVEL_HARD);
    int n = 0;
    ai_policy_decide(hp, v, seed, fallback);
    c[n++].a = *fallback; /* hard's choice first: the others must beat it */
    switch (v->phase) {
    case GIN_PHASE_OFFER:
        n = add_cand(c, n, gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD));
        n = add_cand(c, n, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD));
        break;
    case GIN_PHASE_DRAW:
        if ((v->turns == 0 && v->rules.first_turn == GIN_FIRST_TURN_OFFER) || v->stock_n <= 0 || v->pile_n <= 0)
            return 0; /* forced */
        n = add_cand(c, n, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD));
        n = add_cand(c, n, gin_action_make(GIN_ACT_DRAW_DISCARD, GIN_NO_CARD));
        break;
    case GIN_PHASE_DISCARD: {
        if (fallback->kind == GIN_ACT_KNOCK) {
            /* Gin (or big gin) is never worse than playing on. */
            int dw = fallback->card == GIN_NO_CARD ? 0 : gin_deadwood(v->hand & ~gin_cardset_of(fallback->card));
            if (dw == 0)
                return 0;
        }
        ai_discard_eval e;
        ai_eval_discards(hp, t, v, &e);
        int order[11];
        for (int i = 0; i < e.n; i++)
            order[i] = i;
        for (int i = 1; i < e.n; i++) /* insertion sort by score, best first */
            for (int j = i; j > 0 && e.score[order[j]] > e.score[order[j - 1]]; j--) {
                int tmp = order[j];
                order[j] = order[j - 1];
                order[j - 1] = tmp;
            }
        /* Rollouts favour knocking (their play after a continue is weaker
         * than ours will be), so a knock must come from hard's own estimate. */
        int knocks = fallback->kind == GIN_ACT_KNOCK ? 0 : 2;
        for (int i = 0; i < e.n && knocks < 2; i++) {
            int j = order[i];
            if (e.dw_after[j] <= v->knock_limit) {
                n = add_cand(c, n, gin_action_make(GIN_ACT_KNOCK, e.card[j]));
                knocks++;
            }
        }
        /* The best knock by deadwood, if not yet among them. */
        gin_card kc;
        int kdw = ai_best_after_discard(v->hand, v->taken, &kc);
        if (fallback->kind == GIN_ACT_KNOCK && kdw <= v->knock_limit && kc != GIN_NO_CARD)
            n = add_cand(c, n, gin_action_make(GIN_ACT_KNOCK, kc));
        for (int i = 0; i < e.n && i < KEEP_DISCARDS && n < MAX_CANDIDATES; i++)
            n = add_cand(c, n, gin_action_make(GIN_ACT_DISCARD, e.card[order[i]]));
        break;
    }
    default:
        return 0;
    }
    return n;
}

/* The game score: a hand's points are worth what they do to our chance of
 * winning the game. W[i][j] is that chance when we need 5i more points and
 * the opponent 5j, under a plain model: either side wins a hand with equal
 * odds, for 10, 20, 30 or 45 points alike. */
enum { UG = 22 };
typedef struct util {
    int on;
    int need_me, need_opp;
    float w[UG][UG];
} util;

static void util_build(const gin_view *v, util *u)
{
    static const int k_x[4] = {2, 4, 6, 9};
    u->on = 0;
    if (v->seats != 2 || v->rules.target <= 0 || v->rules.hollywood)
        return;
    int opp = (v->seat + 1) % 2;
    u->need_me = v->rules.target - v->scores[v->seat];
    u->need_opp = v->rules.target - v->scores[opp];
    if (u->need_me <= 0 || u->need_opp <= 0)
        return;
    for (int i = 0; i < UG; i++)
        for (int j = 0; j < UG; j++) {
            if (i == 0) {
                u->w[i][j] = 1.0f;
                continue;
            }
            if (j == 0) {
                u->w[i][j] = 0.0f;
                continue;
            }
            float s = 0;
            for (int x = 0; x < 4; x++)
                s += u->w[i - k_x[x] > 0 ? i - k_x[x] : 0][j] + u->w[i][j - k_x[x] > 0 ? j - k_x[x] : 0];
            u->w[i][j] = s / 8.0f;
        }
    u->on = 1;
}

/* Our chance of winning the game when we need a and they need b points. */
static double util_at(const util *u, int a, int b)
{
    if (a <= 0)
        return 1;
    if (b <= 0)
        return 0;
    double fa = a / 5.0, fb = b / 5.0;
    if (fa > UG - 1)
        fa = UG - 1;
    if (fb > UG - 1)
        fb = UG - 1;
    int i = (int)fa, j = (int)fb;
    if (i > UG - 2)
        i = UG - 2;
    if (j > UG - 2)
        j = UG - 2;
    double da = fa - i, db = fb - j;
    return (1 - da) * (1 - db) * u->w[i][j] + da * (1 - db) * u->w[i + 1][j] + (1 - da) * db * u->w[i][j + 1] +
           da * db * u->w[i + 1][j + 1];
}

/* A hand result in points (ours positive) as the value we maximise:
 * the points themselves, or 100 times the game-win chance. */
static double util_value(const util *u, double pts)
{
    if (!u || !u->on)
        return pts;
    int p = (int)pts;
    return 100.0 * (p >= 0 ? util_at(u, u->need_me - p, u->need_opp) : util_at(u, u->need_me, u->need_opp + p));
}

/* The sampled worlds, one after another from a seeded stream: every
 * candidate is played in the same worlds, so differences are paired. */
typedef struct worlds {
    sim world;
    gin_rng rng;
    const ai_tracker *t;
    int improve, stock_n;
    long count;
    double eager; /* share of worlds where the opponent knocks at once */
} worlds;

static void worlds_start(worlds *w, const gin_view *v, const ai_tracker *t, uint64_t seed)
{
    gin_rng_seed(&w->rng, seed ^ UINT64_C(0x5eed));
    w->t = t;
    w->improve = v->turns / 2 > 8 ? 8 : v->turns / 2;
    w->stock_n = v->stock_n;
    w->world.rules = &v->rules;
    w->world.limit = v->knock_limit;
    w->world.turns = v->turns;
    w->world.top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    w->world.hand[0] = v->hand;
    w->world.dead = t->pile;
    w->world.opp = &k_opp;
    w->count = 0;
    /* How the opponent knocks, from how often it has ended a hand by
     * knocking this game: an even mix before any evidence. */
    int hands = v->hand_no > 1 ? v->hand_no - 1 : 0;
    w->eager = (0.5 + v->knocks[(v->seat + 1) % 2]) / (1.0 + hands);
    if (w->eager > 1)
        w->eager = 1;
}

static const sim *worlds_next(worlds *w)
{
    gin_cardset stock;
    w->world.hand[1] = ai_tracker_sample(w->t, &w->rng, w->improve, &stock);
    int m = 0;
    for (gin_cardset q = stock; q; q &= q - 1)
        w->world.stock[m++] = gin_cardset_first(q);
    gin_rng_shuffle(&w->rng, w->world.stock, m);
    w->world.stock_n = m < w->stock_n ? m : w->stock_n;
    /* Spread the eager worlds evenly (the golden ratio's fractional parts). */
    double f = (double)w->count * 0.6180339887498949;
    w->world.opp = f - (double)(long)f < w->eager ? &k_opp_eager : &k_opp;
    w->count++;
    return &w->world;
}

static void rollout(const gin_view *v, const ai_tracker *t, uint64_t seed, const gin_action *acts, int n, long samples,
                    double *mean, double *se)
{
    double sq[MAX_ACTS], val[MAX_ACTS];
    worlds w;
    worlds_start(&w, v, t, seed);
    for (int j = 0; j < n; j++)
        mean[j] = sq[j] = 0;
    for (long i = 0; i < samples; i++) {
        const sim *world = worlds_next(&w);
        for (int j = 0; j < n; j++) {
            val[j] = run_candidate(world, v, acts[j]);
            mean[j] += val[j];
            double d = val[j] - val[0];
            sq[j] += d * d;
        }
    }
    if (samples <= 0)
        return;
    for (int j = 0; j < n; j++)
        mean[j] /= (double)samples;
    /* Standard error of each action's advantage over the first, paired by world. */
    for (int j = 0; j < n; j++) {
        double md = mean[j] - mean[0];
        double var = sq[j] / (double)samples - md * md;
        se[j] = var > 0 ? sqrt(var / (double)samples) : 0;
    }
}

void ai_rollout_values(const gin_view *v, const ai_tracker *t, uint64_t seed, const gin_action *acts, int n,
                       long samples, double *mean, double *se)
{
    rollout(v, t, seed, acts, n, samples, mean, se);
}

/* A race between hard's choice (candidate 0, the reference, always run)
 * and the challengers, in batches of worlds. A challenger drops out once
 * it is clearly worse than the reference or than the leader, so the
 * playouts go to the close calls; the race ends when the budget is spent
 * or nobody is left to challenge. Each challenger keeps the sums of its
 * paired advantage over the reference, over the worlds it ran in. */
typedef struct race {
    int n, live[MAX_CANDIDATES + 4];
    long runs[MAX_CANDIDATES + 4];
    double sum[MAX_CANDIDATES + 4], sum2[MAX_CANDIDATES + 4];
} race;

static double race_mean(const race *r, int j) { return r->runs[j] > 0 ? r->sum[j] / (double)r->runs[j] : 0; }

static double race_se(const race *r, int j)
{
    if (r->runs[j] < 2)
        return 1e9;
    double m = race_mean(r, j), var = r->sum2[j] / (double)r->runs[j] - m * m;
    return var > 0 ? sqrt(var / (double)r->runs[j]) : 0;
}

/* The live challenger with the best mean advantage, or 0 (the reference). */
static int race_leader(const race *r)
{
    int best = 0;
    double bm = 0;
    for (int j = 1; j < r->n; j++)
        if (r->live[j] && race_mean(r, j) > bm) {
            bm = race_mean(r, j);
            best = j;
        }
    return best;
}

/* Drop the challengers that are clearly out; returns how many are left. */
static int race_prune(race *r)
{
    int lead = race_leader(r), left = 0;
    for (int j = 1; j < r->n; j++) {
        if (!r->live[j])
            continue;
        double m = race_mean(r, j), s = race_se(r, j);
        if (m + CONFIDENCE * s < 0)
            r->live[j] = 0; /* worse than the reference */
        else if (j != lead && lead != 0) {
            double sl = race_se(r, lead);
            if (m + CONFIDENCE * sqrt(s * s + sl * sl) < race_mean(r, lead))
                r->live[j] = 0; /* worse than the leader */
        }
        left += r->live[j];
    }
    return left;
}

/* Runs the race within `budget` playouts; returns the index of the winner
 * and the playouts spent in *spent. */
static int race_run(const gin_view *v, const ai_tracker *t, uint64_t seed, const gin_action *acts, int n, long budget,
                    const util *u, long *spent_out)
{
    race r;
    memset(&r, 0, sizeof r);
    r.n = n;
    for (int j = 0; j < n; j++)
        r.live[j] = 1;
    worlds w;
    worlds_start(&w, v, t, seed);
    long spent = 0;
    for (long i = 0; i < MAX_SAMPLES; i++) {
        int left = 0;
        for (int j = 1; j < n; j++)
            left += r.live[j];
        if (left == 0 || spent + 1 + left > budget)
            break;
        const sim *world = worlds_next(&w);
        double ref = util_value(u, run_candidate(world, v, acts[0]));
        spent++;
        for (int j = 1; j < n; j++) {
            if (!r.live[j])
                continue;
            double d = util_value(u, run_candidate(world, v, acts[j])) - ref;
            r.sum[j] += d;
            r.sum2[j] += d * d;
            r.runs[j]++;
            spent++;
        }
        if ((i + 1) % RACE_BATCH == 0 && i + 1 >= MIN_EVIDENCE && race_prune(&r) == 0)
            break;
    }
    *spent_out = spent;
    /* The leader, if it beats hard's choice clearly: taking the best lower
     * bound instead favours whichever move was luckiest. */
    int best = race_leader(&r);
    if (best != 0 && (r.runs[best] < MIN_EVIDENCE || race_mean(&r, best) <= CONFIDENCE * race_se(&r, best)))
        best = 0;
    return best;
}

int ai_expert_search(const gin_view *v, uint64_t seed, int think_ms, gin_action *out, long *playouts)
{
    long spent = 0;
    if (playouts)
        *playouts = 0;
    if (!v || !out)
        return GIN_EINVAL;
    if (think_ms <= 0)
        think_ms = 50;
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    cand c[MAX_CANDIDATES + 4];
    memset(c, 0, sizeof c);
    int n = candidates(v, &t, seed, c, out);
    if (n <= 1)
        return GIN_OK; /* forced or obvious: hard's choice stands */
    long budget = (long)think_ms * PLAYOUTS_PER_MS;
    if (budget < (long)MIN_EVIDENCE * n)
        return GIN_OK; /* too little time to overrule hard */
    gin_action acts[MAX_CANDIDATES + 4];
    for (int j = 0; j < n; j++)
        acts[j] = c[j].a;
    util u;
    util_build(v, &u);
    int best = race_run(v, &t, ai_view_seed(v, seed), acts, n, budget, &u, &spent);
    if (playouts)
        *playouts = spent;
    *out = acts[best];
    return GIN_OK;
}

int ai_expert_decide(const gin_view *v, uint64_t seed, int think_ms, gin_action *out)
{
    return ai_expert_search(v, seed, think_ms, out, NULL);
}
