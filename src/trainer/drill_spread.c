/* The spread drill (drill.h): which melds to show at a knock. The
 * choices are the spreads the knock may show, rated in the hand's points
 * by gin_spread_rate; the words say which of the defender's cards each
 * lets it lay off, from the same sampled hands. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "drill.h"
#include "drill_internal.h"
#include "gin/error.h"

/* Lay-off chances under this are not worth a word. */
static const float LAY_NOTED = 0.05f;
enum { LAYS_NAMED = 3 };

/* The highest card of s (not empty). */
static gin_card highest(gin_cardset s)
{
    while (s & (s - 1))
        s &= s - 1;
    return gin_cardset_first(s);
}

/* Whether meld m of a spread, inside meld w of another that holds it, is
 * w cut only where nothing can be laid off anyway: a set's fourth card, a
 * run's end at the ace or the king. Cutting a run's end elsewhere closes
 * that end to lay-offs (the card cut is the knocker's), which is a choice. */
static int cut_closed(gin_cardset m, gin_cardset w)
{
    if (gin_meld_is_set(m))
        return 1;
    gin_card lo_m = gin_cardset_first(m), lo_w = gin_cardset_first(w);
    gin_card hi_m = highest(m), hi_w = highest(w);
    return (lo_m == lo_w || gin_card_rank(lo_w) == 0) && (hi_m == hi_w || gin_card_rank(hi_w) == GIN_RANKS - 1);
}

/* A spread that shows fewer cards of the same melds as another, cut only
 * where nothing could be laid off: it just leaves those cards as deadwood,
 * so it is worse in every hand and not offered. */
static int dominated(const gin_spread_rating *r, int i)
{
    const gin_arrangement *x = &r->spread[i].shown;
    gin_cardset shown = r->spread[i].spread.sets | r->spread[i].spread.runs;
    for (int j = 0; j < r->n; j++) {
        const gin_arrangement *y = &r->spread[j].shown;
        gin_cardset other = r->spread[j].spread.sets | r->spread[j].spread.runs;
        if (j == i || y->n_melds != x->n_melds || (shown & ~other) || shown == other)
            continue;
        int cut = 1;
        for (int m = 0; m < x->n_melds && cut; m++) {
            int inside = 0; /* each meld of x inside one of y, cut where it is closed */
            for (int k = 0; k < y->n_melds; k++)
                if ((x->melds[m] & y->melds[k]) == x->melds[m])
                    inside = cut_closed(x->melds[m], y->melds[k]);
            cut = inside;
        }
        if (cut)
            return 1;
    }
    return 0;
}

/* drill.c's kinds use it too (here, so the files' calls point one way). */
int gin_drill_in_band(double lead, int level)
{
    if (lead < GIN_DRILL_MARGIN)
        return 0;
    switch (level) {
    case GIN_DRILL_LEVEL_EASY:
        return lead >= GIN_DRILL_EASY;
    case GIN_DRILL_LEVEL_NORMAL:
        return lead >= GIN_DRILL_NORMAL && lead < GIN_DRILL_EASY;
    case GIN_DRILL_LEVEL_HARD:
        return lead < GIN_DRILL_NORMAL;
    default:
        return 1;
    }
}

/* The best's lead over the others, or -1 when one is within the noise. */
static double spread_lead(const gin_drill *d)
{
    double lead = -1;
    for (int c = 0; c < d->n_choices; c++) {
        if (c == d->best)
            continue;
        const gin_spread_value *x = &d->spreads.spread[d->choice[c].move];
        double lost = d->choice[c].lost;
        if (lost < GIN_COACH_NEGLIGIBLE || lost <= GIN_COACH_NOISE_SE * x->gap_se)
            return -1;
        if (lead < 0 || lost < lead)
            lead = lost;
    }
    return lead;
}

int gin_drill_make_spread(const gin_view *v, gin_card thrown, const gin_drill_opts *o, int level, uint64_t seed,
                          gin_drill *d)
{
    if (!v || !d)
        return GIN_EINVAL;
    long budget = o && o->playouts > 0 ? o->playouts : GIN_DRILL_PLAYOUTS;
    gin_spread_rate_opts so = {budget / 10 > 100 ? budget / 10 : 100, seed};
    int n = gin_spread_rate(v, thrown, &so, &d->spreads);
    if (n <= 0)
        return n;
    d->view = *v;
    d->kind = GIN_DRILL_SPREAD;
    d->source = GIN_DRILL_GENERATED;
    d->played = -1;
    d->hand_no = v->hand_no;
    d->turns = v->turns;
    d->thrown = thrown;
    memset(&d->advice, 0, sizeof d->advice);
    d->advice.measure = GIN_COACH_BY_POINTS;
    d->advice.phase = v->phase;
    d->advice.deadwood = d->advice.least = gin_deadwood(v->hand & ~gin_cardset_of(thrown));
    d->advice.least_card = thrown;
    d->advice.stock = v->stock_n;
    d->advice.top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    d->n_choices = 0;
    d->best = -1;
    for (int i = 0; i < n && d->n_choices < GIN_DRILL_SPREADS; i++) {
        if (dominated(&d->spreads, i))
            continue;
        if (i == d->spreads.best)
            d->best = d->n_choices;
        double gap = d->spreads.spread[i].gap;
        d->choice[d->n_choices++] = (gin_drill_choice){i, gap < 0 ? -gap : 0.0};
    }
    if (d->best < 0 || d->n_choices < 2)
        return 0; /* the best is not among those offered */
    d->margin = spread_lead(d);
    return gin_drill_in_band(d->margin, level);
}

int gin_drill_spread_choice(const gin_drill *d, gin_spread s)
{
    for (int c = 0; c < d->n_choices; c++) {
        gin_spread x = d->spreads.spread[d->choice[c].move].spread;
        if (x.sets == s.sets && x.runs == s.runs)
            return c;
    }
    return -1;
}

/* ---- Words. */

static void card_name(const gin_trainer_voice *voice, gin_card c, char *buf, size_t cap)
{
    if (voice && voice->card)
        voice->card(c, buf, cap);
    else {
        char t[3];
        gin_card_format(c, t);
        snprintf(buf, cap, "%s", t);
    }
}

/* Append to buf (its length *n) as snprintf does, never past cap. */
static void put(char *buf, size_t cap, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t cap, size_t *n, const char *fmt, ...)
{
    if (*n >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *n, cap - *n, fmt, ap);
    va_end(ap);
    if (w > 0)
        *n = (size_t)w < cap - *n ? *n + (size_t)w : cap - 1;
}

/* "[7♠ 7♥ 7♦]" for each meld of a that b does not show (b NULL: all). */
static void melds_text(const gin_arrangement *a, const gin_arrangement *b, const gin_trainer_voice *voice, char *buf,
                       size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int m = 0; m < a->n_melds; m++) {
        int shared = 0;
        for (int k = 0; b && k < b->n_melds; k++)
            shared |= a->melds[m] == b->melds[k];
        if (shared)
            continue;
        put(buf, cap, &n, "%s[", n ? " " : "");
        for (gin_cardset s = a->melds[m]; s; s &= s - 1) {
            char c[16];
            card_name(voice, gin_cardset_first(s), c, sizeof c);
            put(buf, cap, &n, "%s%s", s == a->melds[m] ? "" : " ", c);
        }
        put(buf, cap, &n, "]");
    }
}

void gin_drill_spread_text(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    const gin_arrangement *a = &d->spreads.spread[d->choice[c].move].shown;
    char melds[160];
    size_t n = 0;
    melds_text(a, NULL, voice, melds, sizeof melds);
    buf[0] = '\0';
    put(buf, cap, &n, "show %s, deadwood %d%s", melds, a->deadwood, a->unmatched ? ":" : "");
    for (gin_cardset s = a->unmatched; s; s &= s - 1) {
        char name[16];
        card_name(voice, gin_cardset_first(s), name, sizeof name);
        put(buf, cap, &n, " %s", name);
    }
}

/* The cards laid off on `more` more often than on `less`, most first: up
 * to LAYS_NAMED, by how much more; returns how many. */
static int lays_more(const gin_spread_value *more, const gin_spread_value *less, gin_card out[LAYS_NAMED])
{
    int n = 0;
    for (gin_card c = 0; c < GIN_SPREAD_RATE_CARDS; c++) {
        float x = more->lay[c] - less->lay[c];
        if (x < LAY_NOTED)
            continue;
        int at = n < LAYS_NAMED ? n++ : LAYS_NAMED;
        while (at > 0 && more->lay[out[at - 1]] - less->lay[out[at - 1]] < x) {
            if (at < LAYS_NAMED)
                out[at] = out[at - 1];
            at--;
        }
        if (at < LAYS_NAMED)
            out[at] = c;
    }
    return n;
}

/* "Showing [5♦ 6♦ 7♦], they lay off the 8♦ in 45% of their likely hands
 * and the 4♦ in 20%." (the melds of o that b does not show, and the cards
 * laid off on o more often), then the other way round; the deadwood laid
 * off, the deadwood left (`other` names o) and the undercut chance when
 * they differ. */
static void contrast(const gin_drill *d, int b, int o, const char *other, const gin_trainer_voice *voice, char *buf,
                     size_t cap)
{
    const gin_spread_value *vb = &d->spreads.spread[b], *vo = &d->spreads.spread[o];
    char mo[160], mb[160];
    size_t n = 0;
    melds_text(&vo->shown, &vb->shown, voice, mo, sizeof mo);
    melds_text(&vb->shown, &vo->shown, voice, mb, sizeof mb);
    buf[0] = '\0';
    for (int side = 0; side < 2; side++) {
        const gin_spread_value *x = side ? vb : vo, *y = side ? vo : vb;
        gin_card lay[LAYS_NAMED];
        int k = lays_more(x, y, lay);
        if (!k || !(side ? mb : mo)[0])
            continue;
        put(buf, cap, &n, "%sShowing %s, they lay off ", n ? " " : "", side ? mb : mo);
        for (int i = 0; i < k; i++) {
            char name[16];
            card_name(voice, lay[i], name, sizeof name);
            put(buf, cap, &n, "%sthe %s in %.0f%%%s", i ? (i + 1 < k ? ", " : " and ") : "", name,
                100.0 * x->lay[lay[i]], i ? "" : " of their likely hands");
        }
        put(buf, cap, &n, ".");
    }
    if (vo->laid - vb->laid >= 0.05 || vb->laid - vo->laid >= 0.05)
        put(buf, cap, &n, "%sTheir lay-offs: %.1f points on average on %s, %.1f on the best.", n ? " " : "", vo->laid,
            other, vb->laid);
    int dw = vo->shown.deadwood - vb->shown.deadwood;
    if (dw)
        put(buf, cap, &n, "%s%c%s leaves %d more deadwood.", n ? " " : "",
            dw > 0 ? toupper((unsigned char)other[0]) : 'T', dw > 0 ? other + 1 : "he best", dw > 0 ? dw : -dw);
    if (vo->undercut - vb->undercut >= 0.02 || vb->undercut - vo->undercut >= 0.02)
        put(buf, cap, &n, "%sAn undercut: %.0f%% likely against %.0f%%.", n ? " " : "", 100.0 * vo->undercut,
            100.0 * vb->undercut);
}

void gin_drill_spread_explain(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    char best[GIN_TRAINER_MOVE_MAX + 64], why[GIN_DRILL_EXPLAIN_MAX];
    size_t n = 0;
    int b = d->best;
    gin_drill_spread_text(d, b, voice, best, sizeof best);
    const gin_spread_value *vb = &d->spreads.spread[d->choice[b].move];
    buf[0] = '\0';
    if (c == b) {
        int next = -1; /* the runner-up: the least lost */
        for (int k = 0; k < d->n_choices; k++)
            if (k != b && (next < 0 || d->choice[k].lost < d->choice[next].lost))
                next = k;
        why[0] = '\0';
        if (next >= 0)
            contrast(d, d->choice[b].move, d->choice[next].move, "the next best", voice, why, sizeof why);
        put(buf, cap, &n, "Right: %s (%+.1f points on average); the next best spread gives up %.1f points.%s%s", best,
            vb->points, d->margin, why[0] ? " " : "", why);
        return;
    }
    char mine[GIN_TRAINER_MOVE_MAX + 64];
    gin_drill_spread_text(d, c, voice, mine, sizeof mine);
    contrast(d, d->choice[b].move, d->choice[c].move, "yours", voice, why, sizeof why);
    put(buf, cap, &n, "Not the best: to %s gives up %.1f points. Best: %s (%+.1f points on average).%s%s", mine,
        d->choice[c].lost, best, vb->points, why[0] ? " " : "", why);
}
