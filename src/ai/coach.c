/* The coach (coach.h): the analysis's ranking, and for each move a reason
 * made of facts the view supports. */
#include "coach.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "botlib.h"
#include "gin/error.h"
#include "gin/showdown.h"

enum { UNDERCUT_SAMPLES = 400 };

/* What every reason of one decision shares. */
typedef struct facts {
    const gin_view *v;
    ai_tracker t;
    int opp;
    int glyphs;
    uint64_t seed;
    int least;       /* discard phase: the least deadwood after a legal throw */
    gin_card best;   /* ... and the throw that leaves it */
    gin_cardset ten; /* the ten cards kept by that throw (discard phase), or the hand */
} facts;

typedef struct words {
    char *buf;
    size_t cap, len;
} words;

static void say(words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(words *w, const char *fmt, ...)
{
    if (w->len + 1 >= w->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(w->buf + w->len, w->cap - w->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        w->len = w->len + (size_t)n < w->cap ? w->len + (size_t)n : w->cap - 1;
}

/* A clause after the first is joined with "; ". */
static void clause(words *w) { say(w, "%s", w->len ? "; " : ""); }

static const char *name(const facts *f, gin_card c, char buf[GIN_CARD_NAME_MAX])
{
    return gin_card_name(c, f->glyphs, buf);
}

static void put_cards(words *w, const facts *f, gin_cardset s)
{
    int first = 1;
    for (gin_cardset q = s & GIN_DECK; q; q &= q - 1, first = 0) {
        char b[GIN_CARD_NAME_MAX];
        say(w, "%s%s", first ? "" : " ", name(f, gin_cardset_first(q), b));
    }
}

/* ---- the facts of a hand ---- */

/* The meld holding c in the least-deadwood arrangement of `cards`, or 0. */
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

/* The cards that would make a meld of the two-card combination {a, b}:
 * the other suits of a pair, the ends or the gap of a suit's near pair. */
static gin_cardset outs_of(gin_card a, gin_card b)
{
    int ra = gin_card_rank(a), rb = gin_card_rank(b), s = gin_card_suit(a);
    gin_cardset outs = 0;
    if (ra == rb) {
        for (int su = 0; su < GIN_SUITS; su++)
            outs |= gin_cardset_of(gin_card_make(ra, su));
        return outs & ~gin_cardset_of(a) & ~gin_cardset_of(b);
    }
    if (s != gin_card_suit(b))
        return 0;
    int lo = ra < rb ? ra : rb, hi = ra < rb ? rb : ra;
    if (hi - lo == 2)
        return gin_cardset_of(gin_card_make(lo + 1, s));
    if (hi - lo != 1)
        return 0;
    if (lo > 0)
        outs |= gin_cardset_of(gin_card_make(lo - 1, s));
    if (hi < GIN_RANKS - 1)
        outs |= gin_cardset_of(gin_card_make(hi + 1, s));
    return outs;
}

/* Of the combinations c makes with the unmatched cards of `kept`, the one
 * with the most outs still unseen (-1 when c makes none); its outs in *outs. */
static int best_combo(const facts *f, gin_cardset kept, gin_card c, gin_card *with, gin_cardset *outs_of_best)
{
    gin_arrangement a;
    if (gin_arrange(kept, &a) != GIN_OK)
        return 0;
    int best = -1;
    for (gin_cardset q = a.unmatched & ~gin_cardset_of(c); q; q &= q - 1) {
        gin_card u = gin_cardset_first(q);
        gin_cardset outs = outs_of(c, u);
        if (!outs)
            continue;
        int live = gin_cardset_count(outs & f->t.unseen);
        if (live > best) {
            best = live;
            *with = u;
            *outs_of_best = outs;
        }
    }
    return best;
}

/* The unseen cards that would put c in a meld with the cards of `with`
 * (c's ways to grow: a card with none is dead weight). */
static gin_cardset live_outs(const facts *f, gin_cardset with, gin_card c)
{
    gin_cardset outs = 0;
    for (gin_cardset q = f->t.unseen; q; q &= q - 1) {
        gin_card x = gin_cardset_first(q);
        gin_cardset m = meld_of(with | gin_cardset_of(c) | gin_cardset_of(x), c);
        if (m && gin_cardset_has(m, x))
            outs |= gin_cardset_of(x);
    }
    return outs;
}

/* "(the 3♣ would meld them, unseen)", "(3 of the 4 cards that would meld
 * them are unseen)", "(the card that would meld them is gone)". */
static void say_outs(words *w, const facts *f, gin_cardset outs, int live)
{
    char b[GIN_CARD_NAME_MAX];
    int total = gin_cardset_count(outs);
    if (total == 1)
        say(w, " (the %s would meld them: %s)", name(f, gin_cardset_first(outs), b), live ? "unseen" : "gone");
    else
        say(w, " (%d of the %d cards that would meld them %s unseen)", live, total, live == 1 ? "is" : "are");
}

/* ---- what a thrown card may give the opponent ---- */

/* Cards that make c useful to whoever holds them: its rank, its suit's
 * neighbours within two. */
static gin_cardset near(gin_card c)
{
    int r = gin_card_rank(c), s = gin_card_suit(c);
    gin_cardset n = 0;
    for (int su = 0; su < GIN_SUITS; su++)
        n |= gin_cardset_of(gin_card_make(r, su));
    for (int d = -2; d <= 2; d++)
        if (r + d >= 0 && r + d < GIN_RANKS)
            n |= gin_cardset_of(gin_card_make(r + d, s));
    return n & ~gin_cardset_of(c);
}

/* Evidence that c may help the opponent: the cards it took from the pile
 * that c fits. (Cards near c that it threw or passed are weaker evidence
 * the other way, and a claim of safety the numbers could belie is not
 * made.) */
static void danger(words *w, const facts *f, gin_card c)
{
    const gin_view *v = f->v;
    gin_cardset took = v->known[f->opp] & near(c);
    char b[GIN_CARD_NAME_MAX];
    if (took) {
        clause(w);
        say(w, "the %s may help them: they took ", name(f, c, b));
        put_cards(w, f, took);
        say(w, " from the pile");
    }
}

/* ---- a knock ---- */

/* The undercut chance of knocking with `kept`, against opponent hands
 * sampled as the analysis samples them (the tracker's odds, an opponent
 * that has kept its melds), and its mean deadwood before lay-offs. */
static double undercut_chance(const facts *f, gin_cardset kept, double *opp_dw)
{
    gin_rng rng;
    gin_rng_seed(&rng, ai_view_seed(f->v, f->seed) ^ UINT64_C(0xc0ac4));
    int improve = ai_tracker_improve(f->v), under = 0, n = 0;
    double dw = 0;
    for (int i = 0; i < UNDERCUT_SAMPLES; i++) {
        gin_cardset opp = ai_tracker_sample(&f->t, &rng, improve, NULL);
        gin_showdown sd;
        if (gin_cardset_count(opp) != 10 || gin_showdown_settle(&f->v->rules, kept, opp, -1, &sd) != GIN_OK)
            continue;
        n++;
        under += sd.kind == GIN_RESULT_UNDERCUT;
        dw += sd.defender_deadwood_before_layoffs;
    }
    *opp_dw = n ? dw / n : 0;
    return n ? (double)under / n : 0;
}

static void reason_knock(words *w, const facts *f, gin_action a)
{
    const gin_view *v = f->v;
    if (a.card == GIN_NO_CARD) {
        say(w, "big gin: all eleven cards meld, for the bonus of %d and no lay-offs", v->rules.big_gin_bonus);
        return;
    }
    gin_cardset kept = v->hand & ~gin_cardset_of(a.card);
    int dw = gin_deadwood(kept);
    if (dw == 0) {
        say(w, "gin: nothing left unmatched, the bonus of %d and no lay-offs", v->rules.gin_bonus);
        return;
    }
    double opp_dw = 0, u = undercut_chance(f, kept, &opp_dw);
    say(w, "knock with deadwood %d; their deadwood is about %.0f, an undercut about %.0f%% likely", dw, opp_dw,
        100.0 * u);
    say(w, " (%d cards left in the stock)", v->stock_n);
}

/* ---- a throw ---- */

static void reason_throw(words *w, const facts *f, gin_card c)
{
    const gin_view *v = f->v;
    gin_cardset kept = v->hand & ~gin_cardset_of(c);
    int dw = gin_deadwood(kept);
    char b[GIN_CARD_NAME_MAX], bb[GIN_CARD_NAME_MAX];
    gin_cardset m = dw > f->least ? meld_of(f->ten, c) : 0;
    if (dw == f->least) {
        say(w, "deadwood %d, the least you can keep", dw);
    } else {
        say(w, "deadwood %d, against %d throwing the %s", dw, f->least, name(f, f->best, bb));
        if (m) {
            say(w, ": it breaks your ");
            put_cards(w, f, m);
        }
    }
    if (dw <= v->knock_limit && dw > 0)
        say(w, " (you could knock with it instead)");
    gin_card with = GIN_NO_CARD;
    gin_cardset outs = 0;
    int live = best_combo(f, kept | gin_cardset_of(c), c, &with, &outs);
    if (live >= 0 && with != GIN_NO_CARD && !m && !meld_of(f->ten, c)) {
        clause(w);
        say(w, "gives up %s %s", name(f, c, b), name(f, with, bb));
        say_outs(w, f, outs, live);
    } else if (!m && !meld_of(f->ten, c)) {
        int n = gin_cardset_count(live_outs(f, kept, c));
        clause(w);
        if (n)
            say(w, "the %s: %d unseen card%s would meld it with yours", name(f, c, b), n, n == 1 ? "" : "s");
        else
            say(w, "the %s: no unseen card would meld it with yours", name(f, c, b));
    }
    danger(w, f, c);
}

/* ---- a draw, or the upcard offer ---- */

static void reason_take(words *w, const facts *f, gin_card top)
{
    const gin_view *v = f->v;
    gin_card out = GIN_NO_CARD;
    int now = gin_deadwood(v->hand), after = ai_best_after_discard(v->hand | gin_cardset_of(top), top, &out);
    char b[GIN_CARD_NAME_MAX], bo[GIN_CARD_NAME_MAX];
    if (after == 0) {
        say(w, "the %s gives you gin (throwing the %s)", name(f, top, b), name(f, out, bo));
        return;
    }
    gin_cardset m = meld_of((v->hand | gin_cardset_of(top)) & ~gin_cardset_of(out), top);
    if (m) {
        say(w, "the %s makes ", name(f, top, b));
        put_cards(w, f, m);
        say(w, ": deadwood %d to %d, throwing the %s", now, after, name(f, out, bo));
    } else {
        say(w, "the %s melds with nothing yet: deadwood %d to %d, throwing the %s", name(f, top, b), now, after,
            name(f, out, bo));
        gin_card with = GIN_NO_CARD;
        gin_cardset outs = 0;
        gin_cardset kept = (v->hand | gin_cardset_of(top)) & ~gin_cardset_of(out);
        int live = best_combo(f, kept, top, &with, &outs);
        if (live >= 0 && with != GIN_NO_CARD) {
            say(w, "; it goes with your %s", name(f, with, bo));
            say_outs(w, f, outs, live);
        }
    }
    say(w, "; they see what you take");
}

static void reason_blind(words *w, const facts *f, int offer)
{
    const gin_view *v = f->v;
    gin_card top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    char b[GIN_CARD_NAME_MAX];
    if (offer) {
        say(w, "leave the %s", name(f, top, b));
        return;
    }
    say(w, "a card from the stock: your deadwood of %d is about %.1f after it", gin_deadwood(v->hand),
        ai_expected_after_draw(&f->t, v->hand));
    say(w, " (%d cards left in the stock)", v->stock_n);
}

/* ---- the public calls ---- */

static void facts_build(facts *f, const gin_view *v, int glyphs, uint64_t seed)
{
    memset(f, 0, sizeof *f);
    f->v = v;
    f->glyphs = glyphs;
    f->seed = seed;
    f->opp = (v->seat + 1) % (v->seats > 0 ? v->seats : 2);
    ai_tracker_build(v, 1, &f->t);
    f->ten = v->hand;
    f->best = GIN_NO_CARD;
    if (v->phase == GIN_PHASE_DISCARD) {
        f->least = ai_best_after_discard(v->hand, v->taken, &f->best);
        f->ten = v->hand & ~gin_cardset_of(f->best);
    }
}

static void reason_of(const facts *f, gin_action a, char *buf, size_t cap)
{
    words w = {buf, cap, 0};
    buf[0] = '\0';
    const gin_view *v = f->v;
    gin_card top = v->pile_n > 0 ? v->pile[v->pile_n - 1] : GIN_NO_CARD;
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD:
        reason_take(&w, f, top);
        break;
    case GIN_ACT_PASS:
        reason_blind(&w, f, 1);
        break;
    case GIN_ACT_DRAW_STOCK:
        reason_blind(&w, f, 0);
        break;
    case GIN_ACT_KNOCK:
        reason_knock(&w, f, a);
        break;
    default:
        reason_throw(&w, f, a.card);
        break;
    }
}

void gin_coach_reason(const gin_view *v, gin_action a, int glyphs, uint64_t seed, char *buf, size_t cap)
{
    if (!buf || !cap)
        return;
    buf[0] = '\0';
    if (!v)
        return;
    facts f;
    facts_build(&f, v, glyphs, seed);
    reason_of(&f, a, buf, cap);
}

int gin_coach(const gin_view *v, const gin_coach_opts *o, gin_coach_move *out, int cap)
{
    if (!v || (!out && cap > 0))
        return GIN_EINVAL;
    gin_coach_opts def = {0, 0, 0, 0};
    if (!o)
        o = &def;
    long budget = o->playouts > 0   ? o->playouts
                  : o->think_ms > 0 ? (long)o->think_ms * AI_PLAYOUTS_PER_MS
                                    : GIN_COACH_PLAYOUTS;
    /* Every move in every world: a ranking the player can read top to
     * bottom (the race's dropped moves would rank by fewer worlds). */
    gin_analysis_opts ao = {budget, o->seed, 1, 1};
    gin_move_value vals[GIN_ANALYSIS_MAX];
    int n = gin_analyze(v, &ao, vals, GIN_ANALYSIS_MAX);
    if (n <= 0)
        return n;
    facts f;
    facts_build(&f, v, o->glyphs, o->seed);
    for (int i = 0; i < n && i < cap; i++) {
        memset(&out[i], 0, sizeof out[i]); /* every byte defined: answers compare whole */
        out[i].value = vals[i];
        reason_of(&f, vals[i].action, out[i].reason, sizeof out[i].reason);
    }
    return n;
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
