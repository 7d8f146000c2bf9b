/* The knocker's spreads, rated over sampled defender hands (spread_rate.h). */
#include "spread_rate.h"

#include <math.h>
#include <string.h>
#include "botlib.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/showdown.h"

/* Sums over the sampled hands: per spread, and per spread its difference
 * from every other (paired: the same hands). */
typedef struct sums {
    double pts[GIN_SPREAD_RATE_MAX], pts2[GIN_SPREAD_RATE_MAX];
    double d[GIN_SPREAD_RATE_MAX][GIN_SPREAD_RATE_MAX], d2[GIN_SPREAD_RATE_MAX][GIN_SPREAD_RATE_MAX];
    double under[GIN_SPREAD_RATE_MAX], laid[GIN_SPREAD_RATE_MAX];
    long lay[GIN_SPREAD_RATE_MAX][GIN_SPREAD_RATE_CARDS];
    double rules;
    long n;
} sums;

static double mean_se(double sum, double sum2, long n, double *se)
{
    double m = n > 0 ? sum / (double)n : 0, var = n > 0 ? sum2 / (double)n - m * m : 0;
    *se = n > 1 && var > 0 ? sqrt(var / (double)(n - 1)) : 0;
    return m;
}

/* The knocker's net points of a settled knock. */
static int net(const gin_showdown *sd) { return sd->winner == GIN_KNOCKER ? sd->points : -sd->points; }

/* One defender hand against every spread. 0, or a gin status. */
static int meet(const gin_view *v, gin_cardset kept, gin_cardset opp, const gin_spread_rating *r, sums *s)
{
    int pts[GIN_SPREAD_RATE_MAX];
    gin_showdown sd;
    for (int i = 0; i < r->n; i++) {
        int rc = gin_showdown_settle_spread(&v->rules, kept, opp, v->knock_limit, r->spread[i].spread, &sd);
        if (rc != GIN_OK)
            return rc;
        pts[i] = net(&sd);
        s->pts[i] += pts[i];
        s->pts2[i] += (double)pts[i] * pts[i];
        s->under[i] += sd.kind == GIN_RESULT_UNDERCUT;
        for (int k = 0; k < sd.n_layoffs; k++) {
            s->lay[i][sd.layoffs[k].card]++;
            s->laid[i] += gin_card_value(sd.layoffs[k].card);
        }
    }
    for (int i = 0; i < r->n; i++)
        for (int j = 0; j < r->n; j++) {
            double dif = pts[i] - pts[j];
            s->d[i][j] += dif;
            s->d2[i][j] += dif * dif;
        }
    if (gin_showdown_settle(&v->rules, kept, opp, v->knock_limit, &sd) != GIN_OK)
        return GIN_EINVAL;
    s->rules += net(&sd);
    s->n++;
    return 0;
}

/* Means, the best (ties: the first listed) and the paired gaps. */
static void finish(const sums *s, gin_spread_rating *r)
{
    double n = s->n > 0 ? (double)s->n : 1;
    r->best = 0;
    for (int i = 0; i < r->n; i++) {
        gin_spread_value *x = &r->spread[i];
        x->points = mean_se(s->pts[i], s->pts2[i], s->n, &x->points_se);
        x->undercut = s->under[i] / n;
        x->laid = s->laid[i] / n;
        for (int c = 0; c < GIN_SPREAD_RATE_CARDS; c++)
            x->lay[c] = (float)((double)s->lay[i][c] / n);
        if (x->points > r->spread[r->best].points)
            r->best = i;
    }
    for (int i = 0; i < r->n; i++)
        r->spread[i].gap = mean_se(s->d[i][r->best], s->d2[i][r->best], s->n, &r->spread[i].gap_se);
    r->spread[r->best].gap = r->spread[r->best].gap_se = 0;
    r->rules_points = s->rules / n;
    r->samples = s->n;
}

/* Whether knocking with `thrown` is the seat's legal move now. */
static int knock_legal(const gin_view *v, gin_card thrown)
{
    gin_action a = gin_action_make(GIN_ACT_KNOCK, thrown);
    return gin_view_is_legal(v, a);
}

int gin_spread_rate(const gin_view *v, gin_card thrown, const gin_spread_rate_opts *o, gin_spread_rating *out)
{
    if (!v || !out || !gin_card_valid(thrown) || !gin_cardset_has(v->hand, thrown))
        return GIN_EINVAL;
    if (v->seats != 2 || v->phase != GIN_PHASE_DISCARD || v->turn != v->seat)
        return GIN_ESTATE;
    memset(out, 0, sizeof *out);
    out->thrown = thrown;
    gin_cardset kept = v->hand & ~gin_cardset_of(thrown);
    if (!knock_legal(v, thrown) || gin_deadwood(kept) == 0)
        return 0; /* no knock, or gin: every spread is as good */
    gin_arrangement list[GIN_SPREAD_RATE_MAX];
    int total = gin_spreads(kept, v->knock_limit, list, GIN_SPREAD_RATE_MAX);
    if (total < 2)
        return total < 0 ? total : 0;
    out->total = total;
    out->n = total < GIN_SPREAD_RATE_MAX ? total : GIN_SPREAD_RATE_MAX;
    for (int i = 0; i < out->n; i++) {
        out->spread[i].shown = list[i];
        out->spread[i].spread = gin_spread_of(&list[i]);
    }
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    gin_rng rng;
    gin_rng_seed(&rng, ai_view_seed(v, o ? o->seed : 0) ^ (uint64_t)thrown);
    long want = o && o->samples > 0 ? o->samples : GIN_SPREAD_RATE_SAMPLES;
    int improve = ai_tracker_improve(v);
    sums s;
    memset(&s, 0, sizeof s);
    for (long i = 0; i < want; i++) {
        gin_cardset opp = ai_tracker_sample(&t, &rng, improve, NULL);
        if (gin_cardset_count(opp) != GIN_DEALT)
            continue; /* cannot happen with a consistent view; never counted */
        int rc = meet(v, kept, opp, out, &s);
        if (rc < 0)
            return rc;
    }
    finish(&s, out);
    return out->n;
}
