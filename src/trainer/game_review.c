/* The review of a game (game_review.h): the record replayed through a match
 * with no agents, the coach asked at each of the player's decisions. */
#include "game_review.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/match.h"

int gin_review_verdict(int measure, double lost, int equal)
{
    /* Judged as shown, to a tenth: the words never say "2.0 given up" of a
     * move called best. */
    double x = round(10.0 * (measure == GIN_COACH_BY_WIN ? 100.0 * lost : lost)) / 10.0;
    const double *t;
    static const double by_win[3] = {GIN_REVIEW_INACCURACY_WIN, GIN_REVIEW_MISTAKE_WIN, GIN_REVIEW_BLUNDER_WIN};
    static const double by_points[3] = {GIN_REVIEW_INACCURACY_POINTS, GIN_REVIEW_MISTAKE_POINTS,
                                        GIN_REVIEW_BLUNDER_POINTS};
    t = measure == GIN_COACH_BY_WIN ? by_win : by_points;
    if (equal || !(x >= t[0]))
        return GIN_VERDICT_BEST;
    return x >= t[2] ? GIN_VERDICT_BLUNDER : x >= t[1] ? GIN_VERDICT_MISTAKE : GIN_VERDICT_INACCURACY;
}

const char *gin_review_verdict_word(int verdict)
{
    static const char *const words[4] = {"best", "inaccuracy", "mistake", "blunder"};
    return verdict >= 0 && verdict < 4 ? words[verdict] : "?";
}

/* The move played in words: a take's words end at the take (the throw
 * after it is the next decision). */
static void played_text(const gin_coach_advice *a, int k, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    gin_trainer_move(a, k, voice, buf, cap);
    char *then = strstr(buf, ", then ");
    if (then && a->move[k].value.action.kind == GIN_ACT_TAKE_UPCARD)
        *then = '\0';
    if (then && a->move[k].value.action.kind == GIN_ACT_DRAW_DISCARD)
        *then = '\0';
}

/* Fill d from the advice a on view v, the move played being a's k-th and
 * the record's action `at`. */
static void judge(const gin_view *v, const gin_coach_advice *a, int k, int at, const gin_review_opts *o,
                  gin_review_decision *d)
{
    const gin_coach_move *best = &a->move[0], *mine = &a->move[k];
    memset(d, 0, sizeof *d);
    d->at = at;
    d->hand = v->hand_no;
    d->turn = gin_cardset_count(v->discarded[v->seat]) + 1;
    d->phase = v->phase;
    d->measure = a->measure;
    d->held = v->hand;
    d->move = mine->value.action;
    d->best = best->value.action;
    d->then = best->facts.then;
    d->rank = k + 1;
    d->of = a->n;
    d->equal = mine->equal;
    d->lost = mine->gap > 0 ? mine->gap : 0;
    d->win = best->value.win;
    d->win_played = mine->value.win;
    d->verdict = gin_review_verdict(a->measure, d->lost, d->equal);
    gin_coach_move_text(v, d->move, d->move_code, sizeof d->move_code);
    gin_coach_move_text(v, d->best, d->best_code, sizeof d->best_code);
    played_text(a, k, o->voice, d->move_text, sizeof d->move_text);
    gin_trainer_move(a, 0, o->voice, d->best_text, sizeof d->best_text);
    /* Why the best beats the move played, not some third move. */
    gin_trainer_reason_against(v, a, 0, k, o->voice, d->reason, sizeof d->reason);
}

/* Review the decision of view v, answered by `played` (the record's
 * action `at`), into the next entry of g. Returns 1 (reviewed), 0 (not a decision: one legal answer,
 * or the move not among the coach's), or a negative gin status. */
static int review_one(const gin_view *v, gin_action played, int at, const gin_review_opts *o, long playouts,
                      gin_review_game *g, gin_coach_advice *a)
{
    gin_action legal[GIN_ANALYSIS_MAX];
    if (gin_view_legal(v, legal, GIN_ANALYSIS_MAX) <= 1)
        return 0;
    if (g->n >= GIN_REVIEW_DECISIONS) {
        g->dropped++;
        return 0;
    }
    gin_coach_opts co = {playouts, 0, o->seed, o->threads};
    int n = gin_coach(v, &co, a);
    if (n <= 0)
        return n;
    int k = gin_coach_find(a, played);
    if (k < 0)
        return 0;
    g->measure = a->measure;
    gin_review_decision *d = &g->d[g->n++];
    judge(v, a, k, at, o, d);
    g->counts[d->verdict]++;
    g->lost += d->lost;
    return 1;
}

/* The player's turns in the record (in hand `hand` alone when > 0): the
 * progress's total, a bound on the decisions (a turn with one answer is
 * none). Replays rec in m. */
static int turns_of(const gin_record *rec, int human, int hand, gin_match *m)
{
    const gin_agent *agents[GIN_MAX_SEATS] = {NULL, NULL, NULL, NULL};
    int n = 0, rc = gin_match_init(m, &rec->rules, rec->seed, agents, NULL, NULL);
    for (int i = 0; rc >= 0 && i < rec->n_actions; i++) {
        while (rc >= 0 && gin_match_deal_due(m))
            rc = gin_match_next(m);
        if (rc < 0)
            break;
        n += m->game.hand.turn == human && (hand <= 0 || m->game.hand_no == hand);
        rc = gin_match_submit(m, rec->actions[i]);
    }
    return n;
}

static void finish(gin_review_game *g, const gin_match *m)
{
    int best = g->counts[GIN_VERDICT_BEST];
    g->accuracy = g->n ? 100.0 * best / g->n : 100.0;
    g->hands = m->game.hand_no;
}

int gin_review_run(const gin_record *rec, int human, const gin_review_opts *o, gin_review_game *out)
{
    static const gin_review_opts none = {0, 0, NULL, NULL, NULL, 0, 0};
    if (!rec || !out)
        return GIN_EINVAL;
    if (rec->rules.seats != 2)
        return GIN_ESTATE;
    if (human < 0 || human >= rec->rules.seats)
        return GIN_EINVAL;
    o = o ? o : &none;
    memset(out, 0, offsetof(gin_review_game, d));
    out->measure = rec->rules.hollywood || rec->rules.target <= 0 ? GIN_COACH_BY_POINTS : GIN_COACH_BY_WIN;
    out->playouts = o->playouts > 0 ? o->playouts : GIN_REVIEW_PLAYOUTS;
    const gin_agent *agents[GIN_MAX_SEATS] = {NULL, NULL, NULL, NULL};
    gin_match *m = malloc(sizeof *m);
    gin_coach_advice *a = malloc(sizeof *a);
    int turns = m ? turns_of(rec, human, o->hand, m) : 0;
    int rc = m && a ? gin_match_init(m, &rec->rules, rec->seed, agents, NULL, NULL) : GIN_ESPACE; /* out of memory */
    for (int i = 0; rc >= 0 && i < rec->n_actions; i++) {
        while (rc >= 0 && gin_match_deal_due(m))
            rc = gin_match_next(m);
        if (rc < 0)
            break;
        if (m->game.hand.turn == human && (o->hand <= 0 || m->game.hand_no == o->hand)) {
            if (o->progress && o->progress(o->ctx, out->n, turns) != 0)
                break;
            rc = review_one(&m->views[human], rec->actions[i], i, o, out->playouts, out, a);
        }
        if (rc >= 0)
            rc = gin_match_submit(m, rec->actions[i]);
    }
    if (rc >= 0)
        finish(out, m);
    free(m);
    free(a);
    return rc < 0 ? rc : out->n;
}
