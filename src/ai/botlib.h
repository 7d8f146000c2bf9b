/* gin — the bot levels' shared machinery (private to src/ai): the card
 * tracker, hand evaluation, the heuristic policy and the expert's search.
 * Everything here decides from a gin_view and explicit parameters; nothing
 * keeps state between calls, so a decision is a function of (view, seed). */
#ifndef GIN_AI_BOTLIB_H
#define GIN_AI_BOTLIB_H

#include <stdint.h>
#include "gin/agent.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rng.h"
#include "gin/view.h"
#include "analysis.h"
#include "crew.h"

/* ---- tracker.c: what the seat knows about the unseen cards ---- */

typedef struct ai_tracker {
    int me, opp;
    gin_cardset hand;      /* ours */
    gin_cardset pile;      /* in the discard pile (only the top can be drawn) */
    gin_cardset opp_known; /* the opponent took these from the pile and still holds them */
    gin_cardset unseen;    /* in the opponent's hidden cards or in the stock */
    int opp_hidden;        /* how many of the opponent's cards we cannot name */
    int stock_n;
    float p_opp[64]; /* P(the opponent holds the card): 1 known, 0 ours or in the pile */
    /* In a ring, `opp` is the seat on our left (the only one that can take
     * our discard) and p_rest the chance one of the other opponents holds
     * the card; all 0 with two seats. */
    float p_rest[64];
} ai_tracker;

/* Build the tracker for the seat of `v`. infer = 0 forgets the discards and
 * declines (every unseen card equally likely); 1 weighs them. */
void ai_tracker_build(const gin_view *v, int infer, ai_tracker *t);
/* P(card x is the next stock card), from p_opp. 0 for cards not unseen. */
static inline float ai_tracker_p_next(const ai_tracker *t, gin_card x)
{
    if (t->stock_n <= 0 || !gin_cardset_has(t->unseen, x))
        return 0.0f;
    return (1.0f - t->p_opp[x] - t->p_rest[x]) / (float)t->stock_n;
}
/* A plausible hidden hand for the opponent: its known cards plus cards drawn
 * from the unseen ones by weight; `improve` extra cards are drawn and the
 * worst thrown away, modelling an opponent that has been keeping its melds.
 * Returns the opponent's cards; *stock_out (if non-NULL) receives the other
 * unseen cards. */
gin_cardset ai_tracker_sample(const ai_tracker *t, gin_rng *rng, int improve, gin_cardset *stock_out);
/* The `improve` the two-seat samplers use (the knock estimate, the
 * expert's worlds, the coach): half the discards made so far, at most 8,
 * which matches hard's real deadwood at every stage of a hand (gin-bench
 * reading --opponent hard). */
static inline int ai_tracker_improve(const gin_view *v) { return v->turns / 2 > 8 ? 8 : v->turns / 2; }

/* ---- tracker.c, a ring of three or four: every opponent at once ---- */

typedef struct ai_ring {
    int me, seats, n_opp;
    int opp[GIN_MAX_SEATS - 1];       /* the opponents in turn order from our left */
    gin_cardset hand, pile, unseen;   /* unseen: in some opponent's hidden cards or the stock */
    gin_cardset known[GIN_MAX_SEATS]; /* what each opponent took from the pile and still holds */
    int hidden[GIN_MAX_SEATS];        /* how many of each opponent's cards we cannot name */
    int stock_n;
    float p[GIN_MAX_SEATS][64]; /* P(seat holds the card); per card the opponents and the
                                         * stock share 1 */
} ai_ring;

/* Build the tracker for the seat of `v` (any seat count; infer as
 * ai_tracker_build): each opponent's discards, declines and pickups weigh
 * the unseen cards for that opponent, then the weights are balanced so each
 * opponent holds its hidden count and each unseen card is somewhere once. */
void ai_ring_build(const gin_view *v, int infer, ai_ring *tb);
/* A plausible deal of every opponent's hand (known cards plus weighted draws
 * from the unseen, each improved by `improve` draw-and-discard steps as in
 * ai_tracker_sample). out[seat] for each opponent; out[me] is left alone. */
void ai_ring_sample(const ai_ring *tb, gin_rng *rng, int improve, gin_cardset out[GIN_MAX_SEATS]);

/* ---- eval.c: deadwood, potential, danger ---- */

/* Least deadwood of an 11-card hand after one discard other than `forbid`
 * (GIN_NO_CARD: any); the discard in *card if non-NULL. */
int ai_best_after_discard(gin_cardset h11, gin_card forbid, gin_card *card);
/* Expected deadwood after the next stock draw (keeping the better of the
 * hand as is and the best discard after the draw), over the tracker's odds. */
double ai_expected_after_draw(const ai_tracker *t, gin_cardset h10);
/* Chance the opponent can meld card c (completes or extends a set or run). */
double ai_danger(const ai_tracker *t, gin_card c);
/* 1 if x forms part of a meld of h + x in some least-deadwood arrangement. */
int ai_card_melds(gin_cardset h, gin_card x);

/* ---- policy.c: the heuristic levels ---- */

enum { AI_KNOCK_FIRST = 0, AI_KNOCK_THRESHOLD = 1, AI_KNOCK_EV = 2 };
/* How a face-up card is judged: against a blind draw (the levels), taken
 * whenever it joins a meld or makes a two-card combination with an
 * unmatched card (hoarder), or whenever it makes a meld or a pair of its
 * rank with the hand (collector: sets built in plain sight). */
enum { AI_TAKE_DRAW = 0, AI_TAKE_COMBO = 1, AI_TAKE_PAIR = 2 };

typedef struct ai_params {
    double lookahead;     /* weight of the expected deadwood after the next draw (above 1:
                          * the current deadwood counts against the potential) */
    double danger_w;      /* points charged per unit chance of feeding the opponent */
    double take_margin;   /* a face-up card must beat a blind draw by this much */
    double knock_ev;      /* EV mode: knock if expected points >= this ... */
    double knock_ev_turn; /* ... plus this per completed turn */
    double wait_ev;       /* EV mode with knock_fit: the bar against a seat seen to wait ... */
    double wait_ev_turn;  /* ... plus this per completed turn */
    double max_undercut;  /* EV mode: never knock with a higher undercut chance */
    double finish_p;      /* EV mode: knock if this likely to reach the target (0: off) */
    int infer;            /* tracker weighs discards and declines */
    int knock_mode;       /* AI_KNOCK_* */
    int early_turns;      /* threshold mode: knock freely before this many turns */
    int late_dw;          /* threshold mode: later, knock only at or below this */
    int samples;          /* EV mode: opponent hands sampled */
    int late_stock;       /* threshold mode: also knock once the stock is down to this (0: off) */
    int take_mode;        /* AI_TAKE_* */
    int knock_fit;        /* EV mode: slide the bar from wait_ev to knock_ev by the opponent's
                           * eager share (ai_model_knocks, two seats) */
    int no_feed;          /* never throw a card that feeds a meld the opponent shows (two of
                           * a rank or two in a row taken from the pile), unless every card would */
    double gift_pts;      /* charged to the score of a throw that feeds such a meld (0: off;
                           * hard: 1000, never while another card may go) */
} ai_params;

const ai_params *ai_level_params(int level);

/* The gallery of opponent styles: each a documented policy on the shared
 * discard and tracker code (policy.c has their parameters). */
enum { AI_STYLE_EAGER = 0, AI_STYLE_WAITER, AI_STYLE_HOARDER, AI_STYLE_BLOCKER, AI_STYLE_COLLECTOR, AI_STYLES };
const ai_params *ai_style_params(int style);
/* A bot playing `p` (a level's or a style's parameters, static), named `name`. */
int ai_bot_create_params(const ai_params *p, const char *name, uint64_t seed, gin_agent *out);

/* One decision by the heuristic policy. */
int ai_policy_decide(const ai_params *p, const gin_view *v, uint64_t seed, gin_action *out);

/* Scores of each legal discard (higher is better) and the knock estimate;
 * used by the policy, the expert's pruning and the advice. */
typedef struct ai_discard_eval {
    int n;
    gin_card card[11];
    double score[11];  /* higher is better */
    int dw_after[11];  /* deadwood of the ten cards kept */
    double expect[11]; /* expected deadwood after the next draw */
    double danger[11];
} ai_discard_eval;
void ai_eval_discards(const ai_params *p, const ai_tracker *t, const gin_view *v, ai_discard_eval *e);
/* From an evaluation: the best-scored discard into *out and, in *ki, the
 * index of the discard leaving least deadwood (ties: the higher card), which
 * the knock decision weighs. Returns 1 when *out is already final (big gin:
 * all 11 meld and big gin pays), 0 to go on to the knock decision, or
 * GIN_EILLEGAL when there is nothing to discard. Shared by the two-seat and
 * the ring policies. */
int ai_discard_choice(const gin_view *v, const ai_discard_eval *e, gin_action *out, int *ki);
/* Both policies start their discard the same way: evaluate, choose, and
 * see whether a knock is open. Returns 1 with the knock card's deadwood in
 * *dw and its index in *ki when a knock may be made (the policy decides);
 * 0 when *out is final (a discard, or big gin); or a negative code. */
int ai_discard_start(const ai_params *p, const ai_tracker *t, const gin_view *v, ai_discard_eval *e, gin_action *out,
                     int *ki, int *dw);
/* 1 if throwing c hands the opponent a meld it shows: cards it took from
 * the pile (or showed) and still holds that make two of c's rank, or two
 * in a row of c's suit that c would extend or fill (so a shown set or run
 * c lays off on too). */
int ai_gift(const ai_tracker *t, gin_card c);
/* Would a discard now void the hand (the stock at its floor)? */
int ai_discard_voids(const gin_view *v);

typedef struct ai_knock_eval {
    double ev; /* expected points of knocking (negative: we lose) */
    double p_undercut;
    double opp_dw;   /* mean estimated opponent deadwood after layoffs */
    double p_finish; /* chance the knock wins enough points to reach the target */
} ai_knock_eval;
/* Estimate knocking with hand h10 (after the face-down discard). */
void ai_eval_knock(const ai_params *p, const ai_tracker *t, const gin_view *v, gin_cardset h10, uint64_t seed,
                   ai_knock_eval *k);

/* Per-decision seed: a hash of what the view shows, mixed with the bot's seed. */
uint64_t ai_view_seed(const gin_view *v, uint64_t seed);

/* ---- ring.c: the heuristic levels in a ring of three or four ---- */

typedef struct ai_ring_knock_eval {
    double ev;          /* expected penalty swing of knocking: the opponents' mean penalty
                          * minus ours (positive: good for us) */
    double p_undercut;  /* chance at least one defender is at or below us */
    double p_win_game;  /* chance the knock ends the game with us alone lowest */
    double p_lose_game; /* chance it ends the game with someone else lower or level */
} ai_ring_knock_eval;
/* Estimate knocking with the kept cards h (after the face-down discard). */
void ai_ring_eval_knock(const ai_ring *tb, const gin_view *v, gin_cardset h, int samples, uint64_t seed,
                        ai_ring_knock_eval *k);
/* The discard (or knock) of the heuristic policy in a ring (v->seats > 2),
 * from the tracker ai_tracker_build gave for v; seed as ai_eval_knock. */
int ai_ring_discard(const ai_params *p, const ai_tracker *t, const gin_view *v, uint64_t seed, gin_action *out);

/* ---- price.c: least deadwood for the inner loops ---- */

#define AI_RANK0 UINT64_C(0x0001000100010001) /* the four aces; shift by rank */
#define AI_LANE UINT64_C(0x1fff)
/* Deadwood value of every 13-bit suit mask. */
extern const uint8_t ai_suit_value[1 << GIN_RANKS];
/* The deadwood value of the cards of d (a subset of GIN_DECK). */
static inline int ai_value(gin_cardset d)
{
    return ai_suit_value[d & AI_LANE] + ai_suit_value[(d >> 16) & AI_LANE] + ai_suit_value[(d >> 32) & AI_LANE] +
           ai_suit_value[d >> 48];
}
/* Cards lying in a block of three or more consecutive ranks of their suit. */
static inline gin_cardset ai_runs_of(gin_cardset r)
{
    gin_cardset t = r & (r >> 1) & (r >> 2);
    return t | (t << 1) | (t << 2);
}
/* Ranks (a 13-bit mask) holding three or four cards of h. */
static inline unsigned ai_ranks_ge3(gin_cardset h)
{
    /* Lane 0 of `both` is spades & hearts and its lane 2 diamonds & clubs,
     * `either` the same with |: (a & b & (c | d)) | (c & d & (a | b)) in
     * a few whole-word steps, the lanes above 0 masked off. */
    gin_cardset both = h & (h >> 16), either = h | (h >> 16);
    return (unsigned)(((both & (either >> 32)) | ((both >> 32) & either)) & AI_LANE);
}
/* Ranks holding two or more cards of h. */
static inline unsigned ai_ranks_ge2(gin_cardset h)
{
    unsigned a = (unsigned)(h & AI_LANE), b = (unsigned)((h >> 16) & AI_LANE);
    unsigned c = (unsigned)((h >> 32) & AI_LANE), d = (unsigned)(h >> 48);
    return (a & (b | c | d)) | (b & (c | d)) | (c & d);
}
/* 1 if some meld of h + c contains c: two more of its rank, or a run of
 * three through it, whether or not a least-deadwood arrangement uses it
 * (that is ai_card_melds). What `simple` takes a face-up card for. */
static inline int ai_card_can_meld(gin_cardset h, gin_card c)
{
    gin_cardset hc = h | gin_cardset_of(c);
    return (ai_ranks_ge3(hc) >> gin_card_rank(c) & 1u) || gin_cardset_has(ai_runs_of(hc), c);
}
/* gin_discard_deadwoods, exactly, for the cards of h: after[c] is the
 * least deadwood of h less c for every c in h (other entries untouched).
 * Returns the least of them, or GIN_EINVAL (empty h, bits off the deck). */
int ai_price_discards(gin_cardset h, int after[64]);
/* The least deadwood of h less one card (the best discard's), without
 * pricing every card. Returns GIN_EINVAL for an empty h or bad bits. */
int ai_least_after(gin_cardset h);
/* ai_unmatched for h with `open` (in_sets & runs) not empty. */
int ai_unmatched_open(gin_cardset h, gin_cardset runs, gin_cardset in_sets, gin_cardset open, gin_cardset *dead);
/* The least deadwood of h (as gin_deadwood) and, in *dead, the unmatched
 * cards of one least-deadwood arrangement. Returns GIN_EINVAL for bits
 * off the deck (*dead then 0). Inline: a playout asks for a million, most of them this
 * fast path (a call's overhead was a tenth of it). */
static inline int ai_unmatched(gin_cardset h, gin_cardset *dead)
{
    if (h & ~GIN_DECK) {
        *dead = 0;
        return GIN_EINVAL;
    }
    /* Most hands of a playout have no set whose cards could run: such
     * sets are taken whole (price.c's forced ranks), the runs meld and
     * the rest is dead, with no choice to weigh. Worked out on the bits:
     * the cards of ranks holding three or more, and which of them lie in
     * a run. Most of the others have one or two such ranks. */
    gin_cardset runs = ai_runs_of(h), in_sets = h & ((gin_cardset)ai_ranks_ge3(h) * AI_RANK0), open = in_sets & runs;
    if (open)
        return ai_unmatched_open(h, runs, in_sets, open, dead);
    *dead = h & ~in_sets & ~runs; /* the sets hold no run card: the runs are whole without them */
    return ai_value(*dead);
}
/* The card of `from` (cards of h, with `first` among them) whose discard
 * leaves h the least deadwood; ties go to the higher card, then to
 * `first`, then to the lowest card: the choice over ai_price_discards'
 * answers, priced only where it could matter. GIN_NO_CARD on bad input. */
gin_card ai_least_throw(gin_cardset h, gin_cardset from, gin_card first);

/* ---- playout.c: the lean playout the search plays its worlds with ---- */

/* How a playout seat knocks: at or below `late` any time, anything within
 * the limit before `early` turns, and whatever it has when the stock is
 * about to run out. A `wary` seat never knocks short of gin unless its
 * deadwood is under the other's: it plays as if it could tell when a
 * knock would be undercut (a strong opponent, for the coach). */
typedef struct ai_ro_style {
    int early, late, wary;
} ai_ro_style;

/* A playout seat between turns: its ten cards, their least deadwood and
 * the unmatched cards of one least-deadwood arrangement (valid when
 * `fresh`), kept so that most turns solve nothing. */
typedef struct ai_ro_seat {
    gin_cardset hand;
    gin_cardset dead;
    int dw;
    int fresh;
} ai_ro_seat;

/* One sampled world: both hands, the stock order, the face-up card. Seat
 * 0 is the searching seat. A plain value: each candidate plays a copy. */
typedef struct ai_world {
    const gin_rules *rules;
    int limit;
    int void_at;   /* a discard with the stock at or below this voids the hand (ai_world_rules) */
    int big_gin;   /* the rules pay big gin */
    int reshuffle; /* an empty stock is made anew from the pile */
    ai_ro_seat seat[2];
    int stock_n;      /* top is stock[stock_n - 1] */
    gin_card top;     /* face-up card, or GIN_NO_CARD */
    gin_cardset gone; /* in the discard pile: public, never drawn again */
    int turns;
    const ai_ro_style *style[2];
    /* The stock's Fisher-Yates shuffle runs from the top down, the order
     * the stock is drawn in, and most playouts draw a quarter of it: the
     * sampler shuffles the top few places and a playout drawing below
     * them goes on with the same steps (ai_world_shuffle) on its copy.
     * stock[shuffled..] are in their places; rng draws the next step's. */
    int shuffled;
    gin_rng rng;
    int8_t stock[GIN_DECK_SIZE];
} ai_world;

/* A sampled opponent that keeps its melds: seat s draws x, then throws
 * whichever of x and the cards in `throwable` leaves the least deadwood
 * (ties: the higher card; x dead in the hand is priced without a solve,
 * and then only unmatched cards are weighed). Returns the card thrown. */
gin_card ai_ro_keep(ai_ro_seat *s, gin_cardset throwable, gin_card x);
/* The most deadwood a playout seat with style st knocks with (the rules'
 * knock limit, `turns` turns played, `last` when its discard would be the
 * hand's last, the other seat's deadwood other_dw): the play loop's knock
 * rule as one bar, for the tests. */
int ai_ro_knock_bar(const ai_ro_style *st, int limit, int turns, int last, int other_dw);
/* The card a playout seat holding s's ten and x throws when it does not
 * knock (GIN_NO_CARD when it has none to throw), with the cards of `gone`
 * in the discard pile: the play loop's discard, for the tests. */
gin_card ai_ro_discard(const ai_ro_seat *s, gin_card x, gin_cardset gone);
/* The hand points to the knocker (negative: to the defender) of a knock
 * with `knocker` (10 cards, or 11 for big gin; deadwood kd) against def
 * (deadwood dd): exactly gin_showdown_settle's, without building the
 * showdown (gin needs no layoffs; a knock enumerates the defender's
 * layoffs on each of the knocker's least-deadwood spreads). `dead`: cards
 * unmatched in one least-deadwood arrangement of def (any subset of them,
 * 0 included: what a playout seat keeps), which lay off for their value
 * with no solve. */
int ai_knock_points(const gin_rules *r, gin_cardset knocker, int kd, gin_cardset def, int dd, gin_cardset dead);
/* Set the rules and the knock limit world w is played under. */
void ai_world_rules(ai_world *w, const gin_rules *r, int limit);
/* Set seat k's cards (10, or 11 for our seat in the discard phase). */
void ai_world_seat(ai_world *w, int k, gin_cardset hand);
/* Go on with w's stock shuffle until stock[i..] are in their places (the
 * Fisher-Yates steps from place w->shuffled - 1 down to i). */
void ai_world_shuffle(ai_world *w, int i);
/* The Fisher-Yates steps at places from - 1 down to `to` of st (to >= 1:
 * the step at place 1 settles place 0 too), drawing from rng: the stock
 * shuffle's, inline for the world sampler, whose state is then in
 * registers. */
static inline void ai_stock_steps(gin_rng *rng, int8_t *st, int from, int to)
{
    for (uint32_t n = (uint32_t)from; n > (uint32_t)to; n--) { /* n >= 2: the cards left */
        uint32_t j = gin_rng_below_step(rng, n);
        int8_t tmp = st[n - 1];
        st[n - 1] = st[j];
        st[j] = tmp;
    }
}
/* Play our move `a` (legal for v, whose seat is seat 0) in a copy of the
 * world and the rest of the hand out; returns the hand's points for us
 * (negative: the opponent scored; 0: the hand was void). */
int ai_world_play(const ai_world *w, const gin_view *v, gin_action a);
/* Our seat after move a of w's eleven (not fresh when a is no discard):
 * the same in every world of a decision, so the search works it out once. */
void ai_world_ours(const ai_world *w, gin_action a, ai_ro_seat *ours);
/* ai_world_play, our seat after a discard taken from `ours` (ai_world_ours
 * of the same move) when it is fresh. */
int ai_world_play_ours(const ai_world *w, const gin_view *v, gin_action a, const ai_ro_seat *ours);

/* ---- model.c: how the opponent knocks, from the showdowns so far ---- */

/* The opponent's knocking, fitted to what this game's showdowns showed
 * (gin_view.showdowns, public at the table): a seat that knocks "at once"
 * knocks at `late` or less once its first `early` discards are past (a
 * knock in the first turns tells nothing: every style knocks then), and
 * `eager` is the chance that it is such a seat rather than one that plays
 * on for gin. The evidence: its late knocks (`late` is the highest
 * deadwood of them once there are two; until then the hand's limit), and
 * the hands it played on: it passed up a knock at `late` or less (after a
 * late discard of its own its hand was within both limits when we ended
 * the hand), or it went gin after its first turns. */
typedef struct ai_knock_model {
    double eager;
    int late;
    int knocks, passed;
} ai_knock_model;
void ai_model_knocks(const gin_view *v, int early, ai_knock_model *m);
/* The discards within which the waiting style still knocks: the
 * playouts' waiting opponent, and hard's fitted knock bar, read the
 * showdowns with it. */
enum { AI_MODEL_EARLY = 4 };

/* ---- analysis.c ---- */

/* The analysis of moves[0..n-1] (n <= GIN_ANALYSIS_MAX, each legal for
 * v): moves[ref] is the race's reference (never dropped), `budget`
 * playouts at most, worlds from `seed` (already mixed with the view), and
 * flags: AI_SEARCH_FULL for no race, AI_SEARCH_WARY for the wary
 * opponent of gin_analysis_opts, AI_SEARCH_SETTLE to drop a challenger as
 * soon as it cannot beat the reference by more than a small margin
 * (INDIFFERENT in analysis.c; the expert: a near tie is not worth its
 * playouts, and the race then ends on most decisions long before the
 * budget), AI_SEARCH_RANK for the ranking race of GIN_ANALYSIS_RANK
 * (analysis.h; no reference, a move leaves when clearly below the leader,
 * the budget goes to the moves left). crew (may be NULL: the caller's thread alone) plays the worlds
 * of each batch; the answer does not depend on it. out[j] is moves[j]'s
 * value, in the input order;
 * *spent (may be NULL) the playouts run. Returns the index of the best
 * move (the leader among those the race kept), or GIN_EINVAL. */
enum { AI_SEARCH_FULL = 1, AI_SEARCH_WARY = 2, AI_SEARCH_SETTLE = 4, AI_SEARCH_RANK = 8 };
int ai_search_moves(const gin_view *v, const ai_tracker *t, const gin_action *moves, int n, int ref, long budget,
                    uint64_t seed, int flags, ai_crew *crew, gin_move_value *out, long *spent);

/* ---- expert.c ---- */
/* The expert decides by the analysis (analysis.h): hard's move, every
 * other discard and the best knocks race on the same sampled worlds, and
 * hard's move stands unless another beats it by two standard errors.
 * think_ms sets the budget: think_ms * AI_PLAYOUTS_PER_MS playouts, never
 * the clock. */
enum { AI_PLAYOUTS_PER_MS = 500 };
int ai_expert_decide(const gin_view *v, uint64_t seed, int think_ms, gin_action *out);
/* ai_expert_decide, also telling how many playouts it ran (0 when the
 * move was forced or left to hard); playouts may be NULL. */
int ai_expert_search(const gin_view *v, uint64_t seed, int think_ms, gin_action *out, long *playouts);
/* Mean result in points (ours minus theirs, this hand) of each action in
 * acts[0..n-1] (n <= 80), legal for v, over `samples` sampled worlds shared
 * by all; se[j] is the standard error of mean[j] - mean[0]. */
void ai_rollout_values(const gin_view *v, const ai_tracker *t, uint64_t seed, const gin_action *acts, int n,
                       long samples, double *mean, double *se);

#endif
