/* The heuristic policy behind easy, normal and hard (and the expert's
 * pruning): take or draw, discard, knock or play on. */
#include "botlib.h"
#include "ai.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/showdown.h"

static const ai_params k_levels[3] = {
    /* easy: forgets the discards, no lookahead, knocks at the first chance */
    {.infer = 0, .lookahead = 0.0, .danger_w = 0.0, .take_margin = 0.0, .knock_mode = AI_KNOCK_FIRST},
    /* normal: tracker and discard safety, fixed knock thresholds */
    {.infer = 1,
     .lookahead = 0.5,
     .danger_w = 3.0,
     .take_margin = 0.5,
     .knock_mode = AI_KNOCK_THRESHOLD,
     .early_turns = 8,
     .late_dw = 4},
    /* hard: tuned by simulation (docs/strength.md) */
    {.infer = 1,
     .lookahead = 1.3,
     .danger_w = 3.0,
     .take_margin = 1.0,
     .knock_mode = AI_KNOCK_EV,
     .knock_ev = 20.0,
     .knock_ev_turn = 1.5,
     .wait_ev = 0.0,
     .wait_ev_turn = 1.0,
     .knock_fit = 1,
     .max_undercut = 0.3,
     .samples = 24,
     .finish_p = 0.5,
     .gift_pts = 1000.0},
};

/* The gallery (issue 15): opponents that punish different mistakes. All
 * read the discards as hard does; they differ in what they take, what
 * they throw and when they knock. */
static const ai_params k_styles[AI_STYLES] = {
    /* eager: hard's draws and danger-aware discards, knocks as soon as it may */
    {.infer = 1, .lookahead = 1.3, .danger_w = 2.0, .take_margin = 0.5, .knock_mode = AI_KNOCK_FIRST},
    /* waiter: knocks in its first three turns, at gin, or once the stock is
     * down to ten cards (the opponent will soon end the hand); otherwise it
     * plays for gin with low deadwood, hunting undercuts */
    {.infer = 1,
     .lookahead = 0.8,
     .danger_w = 2.0,
     .take_margin = 0.5,
     .knock_mode = AI_KNOCK_THRESHOLD,
     .early_turns = 6,
     .late_dw = 0,
     .late_stock = 10},
    /* hoarder: takes every face-up card that joins a meld or makes a
     * two-card combination with an unmatched card, builds, and knocks late:
     * at 2 or less, or before the hand would void */
    {.infer = 1,
     .lookahead = 1.5,
     .danger_w = 1.0,
     .take_margin = 0.5,
     .knock_mode = AI_KNOCK_THRESHOLD,
     .early_turns = 0,
     .late_dw = 2,
     .take_mode = AI_TAKE_COMBO},
    /* blocker: defence first: never feeds a meld the opponent shows (two of
     * a rank, or two in a row, taken from the pile), throws safe cards,
     * knocks whenever its deadwood is 5 or less */
    {.infer = 1,
     .lookahead = 1.0,
     .danger_w = 6.0,
     .take_margin = 0.5,
     .knock_mode = AI_KNOCK_THRESHOLD,
     .early_turns = 0,
     .late_dw = 5,
     .no_feed = 1},
    /* collector: takes every face-up card that melds or pairs with a card
     * of its rank in the hand, in plain sight, keeps what it took and waits
     * for the rest (for the third king to be thrown to it), and knocks as
     * soon as it may */
    {.infer = 1,
     .lookahead = 1.3,
     .danger_w = 2.0,
     .take_margin = 0.5,
     .knock_mode = AI_KNOCK_FIRST,
     .take_mode = AI_TAKE_PAIR},
};

const ai_params *ai_style_params(int style)
{
    return style >= 0 && style < AI_STYLES ? &k_styles[style] : &k_styles[AI_STYLE_EAGER];
}

#ifdef AI_TUNE
/* Tuning builds only (the harness outside the tree): hard's parameters set at run time. */
ai_params ai_tune_hard;
int ai_tune_on;
#endif

const ai_params *ai_level_params(int level)
{
    if (level < GIN_LEVEL_EASY || level > GIN_LEVEL_HARD)
        level = GIN_LEVEL_HARD;
#ifdef AI_TUNE
    if (ai_tune_on && level == GIN_LEVEL_HARD)
        return &ai_tune_hard;
#endif
    return &k_levels[level];
}

uint64_t ai_view_seed(const gin_view *v, uint64_t seed)
{
    uint64_t h = gin_rng_mix(seed);
    h = gin_rng_mix(h ^ v->hand);
    h = gin_rng_mix(h ^ ((uint64_t)(unsigned)v->pile_n << 32 | (unsigned)v->stock_n));
    h = gin_rng_mix(h ^ ((uint64_t)(unsigned)v->turns << 32 | (unsigned)v->phase << 8 | (unsigned)v->seat));
    h = gin_rng_mix(h ^ ((uint64_t)(unsigned)v->hand_no << 32 | (unsigned)(v->scores[0] * 1000 + v->scores[1])));
    if (v->pile_n > 0)
        h = gin_rng_mix(h ^ (uint64_t)(unsigned)v->pile[v->pile_n - 1]);
    return h;
}

void ai_eval_knock(const ai_params *p, const ai_tracker *t, const gin_view *v, gin_cardset h10, uint64_t seed,
                   ai_knock_eval *k)
{
    gin_rng rng;
    gin_rng_seed(&rng, seed);
    int n = p->samples > 0 ? p->samples : 16;
    int improve = ai_tracker_improve(v);
    double sum = 0, dsum = 0;
    int under = 0, done = 0, finish = 0;
    int need = v->rules.target - v->scores[t->me];
    for (int i = 0; i < n; i++) {
        gin_cardset opp = ai_tracker_sample(t, &rng, improve, NULL);
        gin_showdown sd;
        if (gin_showdown_settle(&v->rules, h10, opp, -1, &sd) != GIN_OK)
            continue;
        done++;
        int dw_def = sd.defender.deadwood;
        dsum += dw_def;
        if (sd.winner == GIN_KNOCKER) {
            sum += sd.points;
            finish += sd.points >= need;
        } else {
            sum -= sd.points;
            under++;
        }
    }
    k->ev = done ? sum / done : 0;
    k->p_undercut = done ? (double)under / done : 1;
    k->opp_dw = done ? dsum / done : 0;
    k->p_finish = done ? (double)finish / done : 0;
}

/* The face-up card on top of the pile, or GIN_NO_CARD. */
static gin_card pile_top(const gin_view *v) { return v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD; }

/* 1 if u joins a meld of hand + u, or makes a two-card combination with
 * one of the hand's unmatched cards: a pair, or two in a row of a suit. */
static int joins_combo(gin_cardset hand, gin_card u)
{
    if (ai_card_melds(hand, u))
        return 1;
    gin_cardset dead, b = gin_cardset_of(u);
    if (ai_unmatched(hand, &dead) < 0)
        return 0;
    return gin_cardset_rank(dead, gin_card_rank(u)) || ((b << 1 | b >> 1) & GIN_DECK & dead);
}

/* Take the face-up card u? */
static int want_upcard(const ai_params *p, const ai_tracker *t, const gin_view *v, gin_card u)
{
    if (!gin_card_valid(u) || gin_cardset_has(v->hand, u))
        return 0;
    if (p->take_mode == AI_TAKE_COMBO)
        return joins_combo(v->hand, u);
    if (p->take_mode == AI_TAKE_PAIR)
        return ai_card_can_meld(v->hand, u) || gin_cardset_rank(v->hand, gin_card_rank(u)) != 0;
    int dw_now = gin_deadwood(v->hand);
    int dw_take = ai_best_after_discard(v->hand | gin_cardset_of(u), u, NULL);
    if (dw_now < 0)
        return 0;
    if (p->lookahead <= 0)
        return dw_take < dw_now;
    /* A card that melds is worth revealing when it beats a blind draw. */
    double blind = ai_expected_after_draw(t, v->hand);
    if (dw_take + p->take_margin < blind)
        return 1;
    return ai_card_melds(v->hand, u) && dw_take < dw_now;
}

/* The eager shares between which the knock bar slides (knock_fit). The
 * showdowns put simple, eager and collector at about 0.9, blocker 0.85,
 * hoarder 0.6, waiter 0.45 and hard 0.25 (300 games each, from the fifth
 * hand on). Against seats that knock as soon as they may, knocking sooner
 * only hands them undercuts; against seats that wait for gin, playing on
 * gives them the time to get there (docs/strength.md). */
static const double FIT_WAIT = 0.5, FIT_EAGER = 0.9;

/* The expected points a knock must bring after v->turns turns. */
static double knock_bar(const ai_params *p, const gin_view *v)
{
    double ev = p->knock_ev, turn = p->knock_ev_turn;
    if (p->knock_fit && v->seats == 2) {
        ai_knock_model m;
        ai_model_knocks(v, AI_MODEL_EARLY, &m);
        double f = (m.eager - FIT_WAIT) / (FIT_EAGER - FIT_WAIT);
        f = f < 0 ? 0 : f > 1 ? 1 : f;
        ev = p->wait_ev + (ev - p->wait_ev) * f;
        turn = p->wait_ev_turn + (turn - p->wait_ev_turn) * f;
    }
    return ev + turn * v->turns;
}

static int decide_discard(const ai_params *p, const ai_tracker *t, const gin_view *v, uint64_t seed, gin_action *out)
{
    ai_discard_eval e;
    int ki = 0, dw = 0, rc = ai_discard_start(p, t, v, &e, out, &ki, &dw);
    if (rc <= 0)
        return rc < 0 ? rc : GIN_OK;
    int knock = 0;
    if (dw == 0) {
        knock = 1;
    } else {
        switch (p->knock_mode) {
        case AI_KNOCK_FIRST:
            knock = 1;
            break;
        case AI_KNOCK_THRESHOLD:
            knock = v->turns < p->early_turns || dw <= p->late_dw || ai_discard_voids(v) ||
                    (p->late_stock > 0 && v->stock_n <= p->late_stock);
            break;
        default: {
            ai_knock_eval k;
            ai_eval_knock(p, t, v, v->hand & ~gin_cardset_of(e.card[ki]), seed, &k);
            if (ai_discard_voids(v))
                knock = k.ev > 0;
            else
                knock = k.ev >= knock_bar(p, v) && k.p_undercut <= p->max_undercut;
            /* The score: a knock that likely ends the game is worth more
             * than its points. */
            if (!knock && p->finish_p > 0 && v->rules.target > 0 && !v->rules.hollywood && k.p_finish >= p->finish_p)
                knock = 1;
            break;
        }
        }
    }
    if (knock) {
        out->kind = GIN_ACT_KNOCK;
        out->card = e.card[ki];
    }
    return GIN_OK;
}

int ai_policy_decide(const ai_params *p, const gin_view *v, uint64_t seed, gin_action *out)
{
    if (!p || !v || !out)
        return GIN_EINVAL;
    ai_tracker t;
    ai_tracker_build(v, p->infer, &t);
    uint64_t s = ai_view_seed(v, seed);
    out->card = GIN_NO_CARD;
    switch (v->phase) {
    case GIN_PHASE_OFFER:
        out->kind = want_upcard(p, &t, v, pile_top(v)) ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS;
        return GIN_OK;
    case GIN_PHASE_DRAW: {
        int forced_stock = v->rules.first_turn == GIN_FIRST_TURN_OFFER && v->turns == 0;
        if (v->stock_n <= 0 && v->pile_n > 0)
            out->kind = GIN_ACT_DRAW_DISCARD;
        else if (forced_stock || v->pile_n <= 0)
            out->kind = GIN_ACT_DRAW_STOCK;
        else
            out->kind = want_upcard(p, &t, v, pile_top(v)) ? GIN_ACT_DRAW_DISCARD : GIN_ACT_DRAW_STOCK;
        return GIN_OK;
    }
    case GIN_PHASE_DISCARD:
        if (v->seats > 2)
            return ai_ring_discard(p, &t, v, s, out);
        return decide_discard(p, &t, v, s, out);
    default:
        return GIN_ESTATE;
    }
}
