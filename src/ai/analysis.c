/* The analysis (analysis.h): sampled worlds, every move played out in the
 * same ones, a race that drops the clearly worse, values as hand points and
 * as the chance of winning the game. The expert (expert.c) and the coach
 * both stand on ai_search_moves. */
#include <math.h>
#include <pthread.h>
#include <string.h>
#include "ai.h"
#include "analysis.h"
#include "botlib.h"
#include "crew.h"
#include "gin/error.h"

/* How many standard errors separate a dropped move from the one it lost to. */
static const double CONFIDENCE = 2.0;
/* With AI_SEARCH_SETTLE, a challenger that cannot beat the reference by
 * more than this (at CONFIDENCE standard errors; in the value's units:
 * points of game-win share, or hand points) drops out: such a move is not
 * worth the playouts it would take to tell it from the reference. */
static const double INDIFFERENT = 0.75;

enum { MIN_EVIDENCE = 32, RACE_BATCH = 16, MAX_WORLDS = 6000 };

/* The ranking race (AI_SEARCH_RANK, the coach's): a move leaves when it is
 * RANK_CONFIDENCE standard errors below the leader by more than
 * RANK_MARGIN (in the value's units), looked at every RANK_BATCH worlds
 * from RANK_EVIDENCE on. Three standard errors where "about equal" is two
 * (coach.h): a move that leaves is never one the page would call equal.
 * The margin is the coach's negligible gap. */
static const double RANK_CONFIDENCE = 3.0;
static const double RANK_MARGIN = 0.1;
enum { RANK_EVIDENCE = 256, RANK_BATCH = 256 };

/* ---- the game score ---- */

/* A hand's points are worth what they do to our chance of winning the
 * game. k_util[i][j] is that chance when we need 5i more points and the
 * opponent 5j, under a plain model: either side wins a hand with equal
 * odds, for 10, 20, 30 or 45 points alike. The same for every decision:
 * built once (it cost a decision 46,000 instructions). */
enum { UG = 22 };
static float k_util[UG][UG];
static pthread_once_t k_util_once = PTHREAD_ONCE_INIT;

static void util_table(void)
{
    static const int k_x[4] = {2, 4, 6, 9};
    for (int i = 0; i < UG; i++)
        for (int j = 0; j < UG; j++) {
            if (i == 0 || j == 0) {
                k_util[i][j] = i == 0 ? 1.0f : 0.0f;
                continue;
            }
            float s = 0;
            for (int x = 0; x < 4; x++)
                s += k_util[i - k_x[x] > 0 ? i - k_x[x] : 0][j] + k_util[i][j - k_x[x] > 0 ? j - k_x[x] : 0];
            k_util[i][j] = s / 8.0f;
        }
}

/* util_win of the hand points -UTIL_PTS..UTIL_PTS, kept as worked out: a
 * decision meets a few dozen distinct points in thousands of playouts. */
enum { UTIL_PTS = 255 };
typedef struct util {
    int on;
    int need_me, need_opp;
    unsigned char have[2 * UTIL_PTS + 1];
    double win[2 * UTIL_PTS + 1];
} util;

static void util_build(const gin_view *v, util *u)
{
    u->on = 0;
    memset(u->have, 0, sizeof u->have);
    if (v->seats != 2 || v->rules.target <= 0 || v->rules.hollywood)
        return;
    int opp = (v->seat + 1) % 2;
    u->need_me = v->rules.target - v->scores[v->seat];
    u->need_opp = v->rules.target - v->scores[opp];
    if (u->need_me <= 0 || u->need_opp <= 0)
        return;
    pthread_once(&k_util_once, util_table);
    u->on = 1;
}

/* Our chance of winning the game when we need a and they need b points
 * (k_util built). */
static double util_at(int a, int b)
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
    return (1 - da) * (1 - db) * k_util[i][j] + da * (1 - db) * k_util[i + 1][j] + (1 - da) * db * k_util[i][j + 1] +
           da * db * k_util[i + 1][j + 1];
}

/* The chance of winning the game after a hand worth `pts` to us; with no
 * game to win, whether the hand was won. */
static double util_win(const util *u, int pts)
{
    if (!u->on)
        return pts > 0;
    return pts >= 0 ? util_at(u->need_me - pts, u->need_opp) : util_at(u->need_me, u->need_opp + pts);
}

/* util_win, remembered per points. */
static double util_win_kept(util *u, int pts)
{
    if (!u->on || pts < -UTIL_PTS || pts > UTIL_PTS)
        return util_win(u, pts);
    int k = pts + UTIL_PTS;
    if (!u->have[k]) {
        u->win[k] = util_win(u, pts);
        u->have[k] = 1;
    }
    return u->win[k];
}

/* The value a move maximises: 100 times the game-win chance, or the points. */
static double util_value(const util *u, int pts, double win) { return u->on ? 100.0 * win : (double)pts; }

/* ---- the sampled worlds ---- */

/* The worlds, each from its own seeded stream (world i from the seed and
 * i alone, so threads can sample them in any order): every move is
 * played in the same worlds, so differences are paired. The opponent's
 * hidden cards are drawn as ai_tracker_sample draws them (by the odds
 * ratio of the tracker's chance, then `improve` draws from the stock each
 * followed by the discard that keeps its melds), but by rejection from a
 * flat list of the pool, with the weights worked out once per decision: a
 * few random numbers a card instead of a walk over the pool. A card the
 * tracker is sure of (the odds ratio would be huge) is simply dealt. */
typedef struct worlds {
    ai_world world; /* the template: what every world shares */
    uint64_t seed;
    gin_cardset sure, known;
    int want, improve, stock_n, n_pool;
    int8_t pool[GIN_DECK_SIZE];
    uint64_t t_opp[64], t_stock[64]; /* acceptance: a draw's low 32 bits below (accept_below) */
    double eager;                    /* share of worlds where the opponent knocks at once */
    ai_ro_style eager_style;         /* how it knocks in those: fitted (ai_model_knocks) */
    int wary;                        /* the opponent is k_opp_wary in every world */
} worlds;

/* Our seat plays for gin after the early turns, as hard does (it knocks
 * late only on its own estimate): a playout that knocks at 1 or 2 rates
 * keeping a king over an ace, which can only be worse. The opponent is a
 * mix of two styles, weighted by what this game's showdowns showed of it
 * (ai_model_knocks): one that knocks in its first turns and then waits for
 * gin (as hard mostly does), one that knocks as soon as its deadwood is at
 * the level it has been seen to knock at (as simple does, at the limit).
 * Either alone costs about five points of win share against the other
 * kind; the waiting one knocking late at 3 or less instead of only at gin
 * cost four against hard and nothing against simple (docs/strength.md). */
static const ai_ro_style k_me = {6, 0, 0};
static const ai_ro_style k_opp = {AI_MODEL_EARLY, 0, 0};
/* The wary opponent (gin_analysis_opts.wary) knocks as soon as its knock
 * would not be undercut. */
static const ai_ro_style k_opp_wary = {1000, 1000, 1};

/* A card is kept with its weight over the largest, `wt`, when the low 32
 * bits u of a draw have (float)u / 2^32 below wt. The conversion rounds,
 * but never puts a larger u below a smaller one, so the kept u are those
 * below a bound: found once here, the draw compares integers. */
static uint64_t accept_below(float wt)
{
    uint64_t lo = 0, hi = UINT64_C(1) << 32;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if ((float)(uint32_t)mid * (1.0f / 4294967296.0f) < wt)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The draw weights of the unseen cards (acceptance bounds, each weight
 * over the largest), and the cards the tracker is sure of. */
static void worlds_weigh(worlds *w, const ai_tracker *t)
{
    float top = 0, top_s = 0, w_opp[64], w_stock[64];
    w->n_pool = 0;
    for (gin_cardset q = t->unseen; q; q &= q - 1) {
        gin_card c = gin_cardset_first(q);
        float p = t->p_opp[c];
        if (p >= 0.999f && gin_cardset_count(w->sure) < w->want) {
            w->sure |= gin_cardset_of(c);
            continue;
        }
        w->pool[w->n_pool++] = (int8_t)c;
        w_opp[c] = p / (1.0f - p) + 1e-6f;
        w_stock[c] = 1.0f - p + 1e-6f;
        top = w_opp[c] > top ? w_opp[c] : top;
        top_s = w_stock[c] > top_s ? w_stock[c] : top_s;
    }
    for (int i = 0; i < w->n_pool; i++) {
        gin_card c = (unsigned char)w->pool[i];
        w->t_opp[c] = accept_below(w_opp[c] / top);
        w->t_stock[c] = accept_below(w_stock[c] / top_s);
    }
    w->want -= gin_cardset_count(w->sure);
}

static void worlds_start(worlds *w, const gin_view *v, const ai_tracker *t, uint64_t seed, int wary)
{
    memset(w, 0, sizeof *w);
    w->seed = gin_rng_mix(seed ^ UINT64_C(0x5eed));
    w->known = t->opp_known;
    w->want = t->opp_hidden;
    int n_pool = gin_cardset_count(t->unseen), improve = ai_tracker_improve(v);
    if (improve > n_pool - w->want - 2)
        improve = n_pool - w->want - 2; /* leave the stock a card or two */
    w->improve = improve < 0 ? 0 : improve;
    worlds_weigh(w, t);
    /* What the pool can give (always all: the tracker's hidden cards are
     * unseen, and improve leaves the stock some), so the draws need not
     * look. */
    w->want = w->want < w->n_pool ? w->want : w->n_pool;
    w->improve = w->improve < w->n_pool - w->want ? w->improve : w->n_pool - w->want;
    /* The template holds the pool in the stock after `improve` places
     * (sample_opponent); it fits: with ten cards in our hand at most 42
     * are unseen and improve is 8 at most, so this never binds. */
    if (w->improve > GIN_DECK_SIZE - w->n_pool)
        w->improve = GIN_DECK_SIZE - w->n_pool;
    memcpy(w->world.stock + w->improve, w->pool, (size_t)w->n_pool);
    w->stock_n = v->stock_n;
    ai_world_rules(&w->world, &v->rules, v->knock_limit);
    w->world.turns = v->turns;
    w->world.top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    ai_world_seat(&w->world, 0, v->hand);
    w->world.gone = t->pile;
    w->world.style[0] = &k_me;
    w->world.style[1] = &k_opp;
    /* How the opponent knocks, from this game's showdowns: an even mix
     * of the two styles before any evidence. */
    ai_knock_model m;
    ai_model_knocks(v, k_opp.early, &m);
    w->eager = m.eager;
    w->eager_style = (ai_ro_style){k_opp.early, m.late, 0};
    w->wary = wary;
}

/* Take one card out of pool[0..*n-1] by weight (acceptance bounds in
 * below): a uniform pick, kept with its chance; the last card fills its
 * place. */
static inline gin_card draw(gin_rng *rng, int8_t *pool, int *n, const uint64_t *below)
{
    uint64_t r;
    int i;
    gin_card c;
    /* After many refusals take the pick (the 65th): bounds the loop,
     * barely bends the odds. Two picks a round, so the count is looked
     * at once in two: the 65th is the 33rd round's first. */
    for (int round = 0;; round++) {
        r = gin_rng_step(rng);
        i = (int)(((r >> 32) * (uint64_t)*n) >> 32);
        c = (unsigned char)pool[i];
        if ((uint32_t)r < below[c] || round == 32)
            break;
        r = gin_rng_step(rng);
        i = (int)(((r >> 32) * (uint64_t)*n) >> 32);
        c = (unsigned char)pool[i];
        if ((uint32_t)r < below[c])
            break;
    }
    pool[i] = pool[--*n];
    return c;
}

/* The opponent's cards of world `world` (the template's copy), drawn
 * from rng; the rest of the pool is the stock. The cards thrown while
 * improving take the stock's first places and the rest of the pool the
 * next: the template holds the pool there (worlds_start), so the draws
 * take it out in place, with no copy in or out. */
static int sample_opponent(const worlds *w, gin_rng *rng, ai_world *world)
{
    /* In locals: a store through the pool's bytes may alias *w, which
     * would be read again at every draw. */
    int want = w->want, improve = w->improve, n = w->n_pool;
    const uint64_t *t_opp = w->t_opp, *t_stock = w->t_stock;
    int8_t *pool = world->stock + improve;
    gin_cardset got = w->sure;
    for (int i = 0; i < want; i++) /* the pool holds them (worlds_start) */
        got |= (gin_cardset)1 << draw(rng, pool, &n, t_opp);
    ai_world_seat(world, 1, got | w->known);
    for (int i = 0; i < improve; i++) {
        gin_card x = draw(rng, pool, &n, t_stock);
        gin_card out = ai_ro_keep(&world->seat[1], got, x);
        got = (got | gin_cardset_of(x)) & ~gin_cardset_of(out);
        world->stock[i] = (int8_t)out;
    }
    return improve + n;
}

/* Stock places shuffled per world: 13 or fewer cards are drawn in 84% of
 * the playouts of gin-bench playouts (a world is played 2.3 times); 7,
 * 10, 16 and 20 cost more instructions (callgrind). */
enum { STOCK_EAGER = 13 };

/* World number i into *world: a function of the seed and i only. */
static void worlds_make(const worlds *w, long i, ai_world *world)
{
    gin_rng rng;
    gin_rng_seed_step(&rng, gin_rng_mix_step(w->seed + (uint64_t)i));
    *world = w->world;
    int m = sample_opponent(w, &rng, world);
    world->stock_n = m < w->stock_n ? m : w->stock_n;
    /* Fisher-Yates from the top down: the top STOCK_EAGER places now, the
     * rest by the playouts that draw that deep (ai_world_shuffle, which
     * goes on from place `shuffled` with rng). */
    int to = world->stock_n > STOCK_EAGER ? world->stock_n - STOCK_EAGER : 0;
    ai_stock_steps(&rng, world->stock, m, to > 1 ? to : 1);
    world->rng = rng;
    world->shuffled = to > 1 ? to : 0;
    /* Spread the eager worlds evenly (the golden ratio's fractional parts). */
    double f = (double)i * 0.6180339887498949;
    world->style[1] = w->wary ? &k_opp_wary : f - (double)(long)f < w->eager ? &w->eager_style : &k_opp;
}

/* ---- the race ---- */

/* Sums per move (over the worlds it was played in) and per pair of moves
 * (the value difference, over the worlds both were played in: while both
 * were live, which is a prefix of the worlds). */
typedef struct race {
    int n, ref;
    double floor; /* a challenger whose upper bound over the reference is below this drops */
    int live[GIN_ANALYSIS_MAX];
    long runs[GIN_ANALYSIS_MAX];
    double pts[GIN_ANALYSIS_MAX], pts2[GIN_ANALYSIS_MAX];
    double win[GIN_ANALYSIS_MAX], win2[GIN_ANALYSIS_MAX];
    double val[GIN_ANALYSIS_MAX];
    long pn[GIN_ANALYSIS_MAX][GIN_ANALYSIS_MAX];
    double ps[GIN_ANALYSIS_MAX][GIN_ANALYSIS_MAX], pq[GIN_ANALYSIS_MAX][GIN_ANALYSIS_MAX];
} race;

static double mean_se(double sum, double sum2, long n, double *se)
{
    if (n <= 0) {
        *se = 0;
        return 0;
    }
    double m = sum / (double)n, var = sum2 / (double)n - m * m;
    *se = n > 1 && var > 0 ? sqrt(var / (double)(n - 1)) : 0;
    return m;
}

/* Mean and standard error of value(i) - value(j), paired. */
static double pair_gap(const race *r, int i, int j, double *se)
{
    if (i == j) {
        *se = 0;
        return 0;
    }
    int a = i < j ? i : j, b = i < j ? j : i;
    long n = r->pn[a][b];
    if (n < 2) {
        *se = 1e9;
        return 0;
    }
    double m = mean_se(r->ps[a][b], r->pq[a][b], n, se);
    return i < j ? m : -m;
}

static double move_value(const race *r, int j) { return r->runs[j] > 0 ? r->val[j] / (double)r->runs[j] : -1e9; }

/* The live move with the best mean value (ties: the reference, then the
 * earlier move). All live moves have run in the same worlds. */
static int race_leader(const race *r)
{
    int best = r->ref;
    for (int j = 0; j < r->n; j++)
        if (r->live[j] && move_value(r, j) > move_value(r, best))
            best = j;
    return best;
}

/* Drop the moves clearly worse than the reference or the leader; returns
 * how many besides the reference are left. */
static int race_prune(race *r)
{
    int lead = race_leader(r), left = 0;
    for (int j = 0; j < r->n; j++) {
        if (!r->live[j] || j == r->ref)
            continue;
        double se, m = pair_gap(r, j, r->ref, &se);
        if (m + CONFIDENCE * se < r->floor)
            r->live[j] = 0;
        else if (j != lead) {
            m = pair_gap(r, j, lead, &se);
            if (m + CONFIDENCE * se < 0)
                r->live[j] = 0;
        }
        left += r->live[j];
    }
    return left;
}

/* The ranking race's look: drop the moves clearly below the leader;
 * returns how many are left, the leader included. */
static int rank_prune(race *r)
{
    int lead = race_leader(r), left = 0;
    for (int j = 0; j < r->n; j++) {
        if (!r->live[j])
            continue;
        double se, m = pair_gap(r, j, lead, &se);
        if (j != lead && m + RANK_CONFIDENCE * se < -RANK_MARGIN)
            r->live[j] = 0;
        left += r->live[j];
    }
    return left;
}

/* The live moves, in order, into on[]; returns how many. The race looks
 * at them for every world and drops one only between batches: a list
 * saves testing every move there. */
static int race_on(const race *r, int *on)
{
    int k = 0;
    for (int j = 0; j < r->n; j++)
        if (r->live[j])
            on[k++] = j;
    return k;
}

/* Add up one world: pts[j] is live move j's points in it, on[0..k-1] the
 * live moves (race_on). */
static void race_add(race *r, const int *pts, util *u, const int *on, int k)
{
    double val[GIN_ANALYSIS_MAX];
    for (int x = 0; x < k; x++) {
        int j = on[x], p = pts[j];
        double w = util_win_kept(u, p);
        val[x] = util_value(u, p, w);
        r->runs[j]++;
        r->pts[j] += p;
        r->pts2[j] += (double)p * p;
        r->win[j] += w;
        r->win2[j] += w * w;
        r->val[j] += val[x];
    }
    for (int x = 0; x < k; x++)
        for (int y = x + 1; y < k; y++) {
            int a = on[x], b = on[y];
            double d = val[x] - val[y];
            r->pn[a][b]++;
            r->ps[a][b] += d;
            r->pq[a][b] += d * d;
        }
}

/* A batch: worlds first .. first + k - 1, every live move played in each.
 * The crew's threads share the worlds; the points land by world, and are
 * added up in the worlds' order afterwards, so the sums (floating point
 * included) are the same whoever played them. */
enum { BATCH_MAX = 256 }; /* worlds a batch (the race's batches are RACE_BATCH) */
typedef struct batch {
    const worlds *w;
    const gin_view *v;
    const gin_action *moves;
    ai_ro_seat ours[GIN_ANALYSIS_MAX]; /* our seat after each move (ai_world_ours) */
    int on[GIN_ANALYSIS_MAX];          /* the live moves (race_on) */
    int n_on, k;
    long first;
    int pts[BATCH_MAX][GIN_ANALYSIS_MAX];
} batch;

static void batch_play(void *ctx, int part, int parts)
{
    batch *b = ctx;
    ai_world world;
    for (int i = part; i < b->k; i += parts) {
        worlds_make(b->w, b->first + i, &world);
        for (int x = 0; x < b->n_on; x++) {
            int j = b->on[x];
            b->pts[i][j] = ai_world_play_ours(&world, b->v, b->moves[j], &b->ours[j]);
        }
    }
}

/* The values of every move. With `rank` (the ranking race) a move that
 * left early is valued as the best's value plus its paired gap (over the
 * worlds both were played in): the better estimate of its value in the
 * best's worlds, and the one that keeps the page's gaps the differences of
 * its values. The measure not ranked by keeps its own mean. */
static void race_report(const race *r, const gin_action *moves, const util *u, int rank, gin_move_value *out)
{
    int best = race_leader(r);
    for (int j = 0; j < r->n; j++) {
        gin_move_value *o = &out[j];
        o->action = moves[j];
        o->points = mean_se(r->pts[j], r->pts2[j], r->runs[j], &o->points_se);
        o->win = mean_se(r->win[j], r->win2[j], r->runs[j], &o->win_se);
        o->gap = pair_gap(r, j, best, &o->gap_se);
        o->worlds = r->runs[j];
        o->live = r->live[j];
        o->heuristic = j == r->ref;
    }
    if (!rank)
        return;
    for (int j = 0; j < r->n; j++) {
        if (j == best || r->runs[j] == r->runs[best])
            continue;
        if (u->on)
            out[j].win = out[best].win + out[j].gap / 100.0;
        else
            out[j].points = out[best].points + out[j].gap;
    }
}

int ai_search_moves(const gin_view *v, const ai_tracker *t, const gin_action *moves, int n, int ref, long budget,
                    uint64_t seed, int flags, ai_crew *crew, gin_move_value *out, long *spent_out)
{
    int full = flags & AI_SEARCH_FULL, rank = !full && (flags & AI_SEARCH_RANK);
    if (n < 1 || n > GIN_ANALYSIS_MAX || ref < 0 || ref >= n)
        return GIN_EINVAL;
    static const race zero;
    race r = zero;
    r.n = n;
    r.ref = ref;
    r.floor = flags & AI_SEARCH_SETTLE ? INDIFFERENT : 0;
    for (int j = 0; j < n; j++)
        r.live[j] = 1;
    util u;
    util_build(v, &u);
    worlds w;
    worlds_start(&w, v, t, seed, flags & AI_SEARCH_WARY);
    batch bat, *b = &bat; /* pts is written before it is read: no need to clear it */
    b->w = &w;
    b->v = v;
    b->moves = moves;
    for (int j = 0; j < n; j++) /* our ten after a discard: the same in every world */
        ai_world_ours(&w.world, moves[j], &b->ours[j]);
    /* The race looks at its moves every RACE_BATCH worlds (RANK_BATCH);
     * with no race the batches only need to be large enough to share out.
     * The ranking race plays until one move is left or the budget is spent. */
    long spent = 0, max_worlds = full ? budget / n : rank ? budget : MAX_WORLDS;
    long step = full ? BATCH_MAX : rank ? RANK_BATCH : RACE_BATCH;
    for (long i = 0; i < max_worlds;) {
        int left = race_on(&r, b->on);
        b->n_on = left;
        if (left == 0) /* never: the race keeps its reference, the ranking race its leader */
            break;
        long k = step - i % step, fit = (budget - spent) / left;
        k = k < fit ? k : fit;
        k = k < max_worlds - i ? k : max_worlds - i;
        if (k <= 0)
            break;
        b->first = i;
        b->k = (int)k;
        ai_crew_run(crew, batch_play, b);
        for (int x = 0; x < b->k; x++)
            race_add(&r, b->pts[x], &u, b->on, left);
        spent += k * left;
        i += k;
        if (rank && i % RANK_BATCH == 0 && i >= RANK_EVIDENCE && rank_prune(&r) <= 1)
            break;
        if (!full && !rank && i % RACE_BATCH == 0 && i >= MIN_EVIDENCE && race_prune(&r) == 0)
            break;
    }
    race_report(&r, moves, &u, rank, out);
    if (spent_out)
        *spent_out = spent;
    return race_leader(&r);
}

/* ---- the public call ---- */

static int ranks_before(const gin_move_value *a, int alive_a, const gin_move_value *b, int alive_b)
{
    if (alive_a != alive_b)
        return alive_a > alive_b;
    return a->gap > b->gap;
}

int gin_analyze(const gin_view *v, const gin_analysis_opts *o, gin_move_value *out, int cap)
{
    if (!v || (!out && cap > 0))
        return GIN_EINVAL;
    if (v->seats != 2)
        return GIN_ESTATE;
    gin_action legal[64];
    int n = gin_view_legal(v, legal, 64);
    if (n <= 0)
        return n;
    if (n > GIN_ANALYSIS_MAX)
        return GIN_ESPACE;
    gin_analysis_opts def = {0, 0, 0, 0, 0};
    if (!o)
        o = &def;
    gin_action hard;
    int ref = 0;
    if (ai_policy_decide(ai_level_params(GIN_LEVEL_HARD), v, o->seed, &hard) == GIN_OK)
        for (int j = 0; j < n; j++)
            if (legal[j].kind == hard.kind && legal[j].card == hard.card)
                ref = j;
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    gin_move_value vals[GIN_ANALYSIS_MAX];
    memset(vals, 0, sizeof vals); /* the search fills n of them; the analyser cannot see it */
    long budget = o->playouts > 0 ? o->playouts : GIN_ANALYSIS_PLAYOUTS;
    ai_crew *crew =
        o->threads > 1 || o->threads < 0 ? ai_crew_start(o->threads < 0 ? ai_crew_cores() : o->threads) : NULL;
    int mode = o->mode == GIN_ANALYSIS_FULL ? AI_SEARCH_FULL : o->mode == GIN_ANALYSIS_RANK ? AI_SEARCH_RANK : 0;
    int rc = ai_search_moves(v, &t, legal, n, ref, budget, ai_view_seed(v, o->seed),
                             mode | (o->wary ? AI_SEARCH_WARY : 0), crew, vals, NULL);
    ai_crew_stop(crew);
    if (rc < 0)
        return rc;
    /* Rank: the moves still racing at the end by value, then the dropped
     * (the ranking race values every move in the best's worlds: by value). */
    int order[GIN_ANALYSIS_MAX], alive[GIN_ANALYSIS_MAX];
    long most = 0;
    for (int j = 0; j < n; j++)
        most = vals[j].worlds > most ? vals[j].worlds : most;
    for (int j = 0; j < n; j++) {
        order[j] = j;
        alive[j] = o->mode == GIN_ANALYSIS_RANK || vals[j].worlds == most; /* RANK: by value alone */
    }
    for (int i = 1; i < n; i++)
        for (int j = i;
             j > 0 && ranks_before(&vals[order[j]], alive[order[j]], &vals[order[j - 1]], alive[order[j - 1]]); j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    for (int i = 0; i < n && i < cap; i++)
        out[i] = vals[order[i]];
    return n;
}

/* ---- equal samples for every move (the advice) ---- */

void ai_rollout_values(const gin_view *v, const ai_tracker *t, uint64_t seed, const gin_action *acts, int n,
                       long samples, double *mean, double *se)
{
    double sq[80], val[80];
    worlds w;
    worlds_start(&w, v, t, seed, 0);
    if (n > 80)
        n = 80;
    for (int j = 0; j < n; j++)
        mean[j] = sq[j] = se[j] = 0;
    ai_world world;
    for (long i = 0; i < samples; i++) {
        worlds_make(&w, i, &world);
        for (int j = 0; j < n; j++) {
            val[j] = ai_world_play(&world, v, acts[j]);
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
