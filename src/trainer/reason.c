/* Why a move ranks where it does (trainer.h, gin_trainer_reason). Two
 * sentences: what the move does (its own facts), then how it stands
 * against the move the caller names (a review's move played, a drill's
 * other answer), or else the plainest answer, or for the plainest the best
 * or the runner-up: "Better than throwing the K♣: ..." or "Behind ...", the
 * facts that agree with the ranking, then "though" and those that do not.
 * When no fact of the view explains the order, the numbers of the
 * playouts do. A move that gives up points to win the game more often
 * says so. Every clause states a fact of the advice. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/meld.h"
#include "words.h"

/* The move a reason weighs move i against, or -1. */
static int reference(const gin_coach_advice *a, int i)
{
    if (a->n < 2)
        return -1;
    if (i != a->plain)
        return a->plain;
    return i == 0 ? 1 : 0;
}

static gin_action act_of(const gin_coach_advice *a, int i) { return a->move[i].value.action; }

_Static_assert(GIN_ANALYSIS_MAX <= 32, "every move of an advice has a bit of words.offered");

/* Whether the question offers move j as an answer. */
static int offered(const words *w, int j) { return j >= 0 && j < 32 && (w->offered >> j & 1u); }

/* The best-ranked knock (or gin) the question offers, or -1. */
static int offered_knock(const words *w, const gin_coach_advice *a)
{
    int k = gin_trainer_knock(a, 0);
    while (k >= 0 && !offered(w, k))
        k = gin_trainer_knock(a, k + 1);
    return k;
}

/* Whether the question is a drill's "knock or play on": a few answers
 * offered, a knock among them. A throw there is playing on, and says so,
 * so that it reads as the answer the learner was offered. */
static int play_on_question(const words *w, const gin_coach_advice *a)
{
    return w->offered != UINT32_MAX && offered_knock(w, a) >= 0;
}

/* Whether moves i and r are about equal: both about equal to the best, or
 * their gaps to it closer than the noise of the two (GIN_COACH_NOISE_SE
 * standard errors of both gaps together) or than a negligible gap. */
static int about_equal(const gin_coach_advice *a, int i, int r)
{
    const gin_coach_move *x = &a->move[i], *y = &a->move[r];
    if (x->equal && y->equal)
        return 1;
    double unit = a->measure == GIN_COACH_BY_WIN ? 100.0 : 1.0, d = fabs(x->gap - y->gap);
    return d * unit < GIN_COACH_NEGLIGIBLE || d <= GIN_COACH_NOISE_SE * hypot(x->gap_se, y->gap_se);
}

static long tenth_points(const gin_coach_advice *a, int i) { return lround(10.0 * a->move[i].value.points); }

/* The lead of a comparison: "Better than", "Behind" or "Against". */
static const char *lead_of(const gin_coach_advice *a, int i, int r)
{
    return about_equal(a, i, r) ? "Against" : i < r ? "Better than" : "Behind";
}

static int is_take(gin_action act) { return act.kind == GIN_ACT_TAKE_UPCARD || act.kind == GIN_ACT_DRAW_DISCARD; }

/* -1: the card may help the opponent (it holds a card the card melds
 * with); 1: safe by the evidence; 0: nothing known. Only a card thrown
 * face up is given to the opponent. */
static int safety(const gin_coach_advice *a, int i)
{
    if (act_of(a, i).kind != GIN_ACT_DISCARD)
        return 0;
    const gin_coach_safety *s = &a->move[i].facts.safety;
    return s->took ? -1 : s->safe ? 1 : 0;
}

/* "1 unseen out", "3 unseen outs", "no unseen outs" (never "0"). */
static void say_plural(words *w, int n, const char *what)
{
    if (n == 0)
        say(w, "no %ss", what);
    else
        say(w, "%d %s%s", n, what, n == 1 ? "" : "s");
}

/* "the 7♣", "the 7♣ and 8♦", "the 5♠, 6♠ and 4♦". */
static void say_list(words *w, gin_cardset s)
{
    int n = gin_cardset_count(s), k = 0;
    say(w, "the ");
    for (gin_cardset q = s & GIN_DECK; q; q &= q - 1, k++) {
        say(w, "%s", k == 0 ? "" : k == n - 1 ? " and " : ", ");
        say_card(w, gin_cardset_first(q));
    }
}

/* "the 7♦ is safe: they threw the 7♣, so no meld they could hold uses
 * it", "the K♠ may help them: they took the K♦", "the 7♦ is safe: no meld
 * they could hold uses it"; in a list (paren) the evidence goes in
 * brackets. */
static void say_safety(words *w, gin_card c, const gin_coach_safety *s, int paren)
{
    say(w, "the ");
    say_card(w, c);
    if (s->took)
        say(w, " may help %s", w_them(w));
    else
        say(w, " is safe");
    say(w, "%s", paren ? " (" : ": ");
    if (s->took) {
        say(w, "%s took ", w_they(w));
        say_list(w, s->took);
    } else if (!s->threw && !s->passed) {
        say(w, "no meld %s could hold uses it", w_they(w));
    } else {
        say(w, "%s", w_they(w));
        if (s->threw) {
            say(w, " threw ");
            say_list(w, s->threw);
        }
        if (s->passed) {
            say(w, "%s passed ", s->threw ? " and" : "");
            say_list(w, s->passed);
        }
        /* The inference itself: a learner told only "they threw the 7♣"
         * did not see why that makes the 7♦ safe. */
        say(w, ", so no meld %s could hold uses it", w_they(w));
    }
    say(w, "%s", paren ? ")" : "");
}

/* Could two unseen cards meld c, a card no single card melds: two more of
 * its rank, or two of its suit that make a run of three through it? A
 * learner told "no unseen card would meld it" read a live king as dead. */
static int two_could_meld(gin_card c, gin_cardset unseen)
{
    int rank = gin_card_rank(c), suit = gin_card_suit(c), same = 0;
    for (int s = 0; s < GIN_SUITS; s++)
        same += s != suit && gin_cardset_has(unseen, gin_card_make(rank, s));
    if (same >= 2)
        return 1;
    for (int lo = rank - 2; lo <= rank; lo++) {
        int run = lo >= 0 && lo + 2 < GIN_RANKS;
        for (int k = lo; run && k <= lo + 2; k++)
            run = k == rank || gin_cardset_has(unseen, gin_card_make(k, suit));
        if (run)
            return 1;
    }
    return 0;
}

/* " goes with the 2♣ (both cards that would meld them are unseen)": the
 * card's best two-card start with an unmatched card of the hand. */
static void say_partner(words *w, const gin_coach_facts *f, gin_cardset unseen)
{
    int live = gin_cardset_count(f->partner_outs & unseen), all = gin_cardset_count(f->partner_outs);
    say(w, " goes with the ");
    say_card(w, f->partner);
    if (all == 1) {
        say(w, " (the ");
        say_card(w, gin_cardset_first(f->partner_outs));
        say(w, " would meld them: %s)", live ? "unseen" : "gone");
    } else if (live == all || live == 0) {
        say(w, " (%s cards that would meld them are %s)", all == 2 ? "both" : "all three", live ? "unseen" : "gone");
    } else {
        say(w, " (%d of the %d cards that would meld them %s unseen)", live, all, live == 1 ? "is" : "are");
    }
}

/* What the thrown card was to the hand. */
static void say_card_given(words *w, const gin_view *v, gin_card c, const gin_coach_facts *f)
{
    gin_cardset unseen = gin_view_unseen(v);
    if (f->meld_left) {
        say(w, ": ");
        say_cards(w, f->meld_left);
        say(w, " still meld without the ");
        say_card(w, c);
        return;
    }
    if (f->meld) {
        say(w, ": it breaks %s ", w_your(w));
        say_cards(w, f->meld);
        return;
    }
    say(w, "; the ");
    say_card(w, c);
    if (f->fits) {
        say(w, " could meld with ");
        say_cards(w, f->fits);
        return;
    }
    if (f->partner != GIN_NO_CARD) {
        say_partner(w, f, unseen);
        return;
    }
    int n = gin_cardset_count(f->joins & unseen);
    if (n)
        say(w, " melds with nothing yet: %d unseen card%s would meld it", n, n == 1 ? "" : "s");
    else if (two_could_meld(c, unseen))
        say(w, " melds with nothing: it needs two more cards");
    else
        say(w, " can meld no more: the cards that would meld it are gone");
}

/* ---- the comparison sentence ---- */

/* "52.1% against 51.0%" (and " to win the game" with named), "+4.0
 * against +1.9 points". */
static void say_measure(words *w, const gin_coach_advice *a, int i, int r, int named)
{
    long x = value_tenths(&a->move[i], a->measure), y = value_tenths(&a->move[r], a->measure);
    if (a->measure == GIN_COACH_BY_WIN)
        say(w, "%ld.%ld%% against %ld.%ld%%%s", x / 10, x % 10, y / 10, y % 10, named ? " to win the game" : "");
    else
        say(w, "%s%ld.%ld against %s%ld.%ld points", x < 0 ? "-" : "+", labs(x) / 10, labs(x) % 10, y < 0 ? "-" : "+",
            labs(y) / 10, labs(y) % 10);
}

/* Start the next fact of a list of `total`: "A", "A and B", "A, B and C".
 * Returns 1 when the fact is to be said. */
static int next_item(words *w, int *n, int total)
{
    if (total && *n)
        say(w, "%s", *n == total - 1 ? " and " : ", ");
    (*n)++;
    return total != 0;
}

/* One side of a comparison: the facts of move i against move r that
 * count for i (sign 1) or against it (sign -1), said as a list of `total`
 * (0: only counted). Returns how many. */
static int say_side(words *w, const gin_coach_advice *a, int i, int r, int sign, int total)
{
    const gin_coach_facts *fi = &a->move[i].facts, *fr = &a->move[r].facts;
    int n = 0;
    int ddw = fr->deadwood - fi->deadwood; /* > 0: i keeps less */
    if (ddw * sign > 0 && next_item(w, &n, total))
        say(w, "%d %s deadwood (%d against %d)", ddw > 0 ? ddw : -ddw, ddw > 0 ? "less" : "more", fi->deadwood,
            fr->deadwood);
    /* Outs count only while there is a draw of ours to come. */
    if (w->void_in > 1 && (fi->live_outs - fr->live_outs) * sign > 0 && next_item(w, &n, total)) {
        say_plural(w, fi->live_outs, "unseen out");
        say(w, " kept against %d", fr->live_outs);
    }
    int si = safety(a, i), sr = safety(a, r);
    if ((si - sr) * sign > 0) {
        if (si == sign && next_item(w, &n, total))
            say_safety(w, act_of(a, i).card, &fi->safety, 1);
        if (sr == -sign && next_item(w, &n, total))
            say_safety(w, act_of(a, r).card, &fr->safety, 1);
    }
    return n;
}

/* "Better than throwing the K♣: ..., though ..." (or "Behind"); for two
 * moves about equal "Against ...". With no fact for the order, the
 * playouts' numbers. */
static void say_versus(words *w, const gin_coach_advice *a, int i, int r)
{
    if (r < 0)
        return;
    int equal = about_equal(a, i, r);
    int dir = i < r ? 1 : -1;
    int pro = say_side(w, a, i, r, dir, 0), con = say_side(w, a, i, r, -dir, 0);
    if (equal && !pro && !con)
        return;
    say(w, ". %s ", lead_of(a, i, r));
    say_doing(w, a, r);
    say(w, ": ");
    if (pro) {
        say_side(w, a, i, r, dir, pro);
    } else if (!equal && a->measure == GIN_COACH_BY_WIN && tenth_points(a, i) * dir < tenth_points(a, r) * dir) {
        /* The points say otherwise: the game score decides. */
        say(w, "%s points (%+.1f against %+.1f), but it wins the game %s often (", dir > 0 ? "fewer" : "more",
            a->move[i].value.points, a->move[r].value.points, dir > 0 ? "more" : "less");
        say_measure(w, a, i, r, 0);
        say(w, ")");
        w->measured = r;
    } else if (!equal) {
        say(w, "the hand plays out %s from it (", dir > 0 ? "better" : "worse");
        say_measure(w, a, i, r, 1);
        say(w, ")");
    }
    if (con) {
        say(w, "%s", pro || !equal ? ", though " : "");
        say_side(w, a, i, r, -dir, con);
    }
}

/* What playing on with move `on` (a throw) leads to, after "playing on":
 * at the stock's end the void, not outs that can no longer be drawn. */
static void say_playing_on(words *w, const gin_coach_advice *a, int on)
{
    if (w->void_in == 0) {
        say(w, "ends the hand void, with ");
        say_plural(w, a->stock, "card");
        say(w, " left in the stock");
        return;
    }
    if (w->void_in == 1) {
        /* Taking the throw leaves the stock as it is, so the void waits. */
        say(w, "lets %s next throw end the hand void, unless %s take the ", w->voice->bot ? "your" : "their",
            w_they(w));
        say_card(w, act_of(a, on).card);
        say(w, " or knock");
        return;
    }
    say(w, "keeps ");
    say_plural(w, a->move[on].facts.live_outs, "unseen out");
    say(w, " with ");
    say_plural(w, a->stock, "card");
    say(w, " left in the stock");
}

/* Playing on (move i, a throw) against knocking (move r), or the
 * reverse: the knock's risk, and what playing on leads to. */
static void say_knock_versus(words *w, const gin_coach_advice *a, int i, int r)
{
    int knock_first = act_of(a, i).kind == GIN_ACT_KNOCK;
    const gin_coach_facts *k = &a->move[knock_first ? i : r].facts;
    if (knock_first)
        say(w, ", an undercut about %.0f%% likely", 100.0 * k->undercut);
    say(w, ". %s ", lead_of(a, i, r));
    if (act_of(a, r).kind == GIN_ACT_DISCARD) {
        say(w, "playing on (");
        say_doing(w, a, r);
        say(w, "), which ");
    } else {
        say_doing(w, a, r);
        if (k->deadwood > 0)
            say(w, " (an undercut is about %.0f%% likely)", 100.0 * k->undercut);
        say(w, ": playing on ");
    }
    say_playing_on(w, a, knock_first ? r : i);
}

/* ---- each kind of move ---- */

static void reason_throw(words *w, const gin_view *v, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts;
    if (w->void_in == 0) {
        /* Every throw ends it alike: deadwood, outs and safety no longer
         * count, only a knock against the void. */
        say(w, "ends the hand void, with ");
        say_plural(w, a->stock, "card");
        say(w, " left in the stock: nobody scores");
        if (r < 0 || act_of(a, r).kind != GIN_ACT_KNOCK)
            r = offered_knock(w, a); /* another throw is the same void */
        if (r >= 0) {
            say(w, ". %s ", lead_of(a, i, r));
            say_doing(w, a, r);
            say(w, ": an undercut is about %.0f%% likely (%s deadwood after lay-offs is about %.0f)",
                100.0 * a->move[r].facts.undercut, w->voice->bot ? "your" : "their", a->move[r].facts.opp_deadwood);
        }
        return;
    }
    say(w, "leaves deadwood %d", f->deadwood);
    if (f->deadwood == a->least)
        say(w, ", the least");
    say_card_given(w, v, act_of(a, i).card, f);
    if (r >= 0 && act_of(a, r).kind == GIN_ACT_KNOCK) {
        say_knock_versus(w, a, i, r);
        return;
    }
    if (r >= 0 && act_of(a, r).kind == GIN_ACT_DISCARD)
        say_versus(w, a, i, r);
    /* The card's own evidence, when the comparison did not give it. */
    if (safety(a, i) && (r < 0 || safety(a, i) == safety(a, r))) {
        say(w, "; ");
        say_safety(w, act_of(a, i).card, &f->safety, 0);
    }
}

/* A knock (move i) against another knock or gin (move r): the deadwood
 * and the undercut each risks. */
static void say_knocks(words *w, const gin_view *v, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts, *o = &a->move[r].facts;
    say(w, ", an undercut about %.0f%% likely. %s ", 100.0 * f->undercut, lead_of(a, i, r));
    say_doing(w, a, r);
    if (act_of(a, r).card == GIN_NO_CARD || o->deadwood == 0)
        say(w, ": no undercut, and the bonus of %d",
            act_of(a, r).card == GIN_NO_CARD ? v->rules.big_gin_bonus : v->rules.gin_bonus);
    else
        say(w, " (deadwood %d, an undercut about %.0f%% likely)", o->deadwood, 100.0 * o->undercut);
}

static void reason_knock(words *w, const gin_view *v, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts;
    if (act_of(a, i).card == GIN_NO_CARD) {
        say(w, "big gin: all eleven cards meld, for the bonus of %d and no lay-offs", v->rules.big_gin_bonus);
        return;
    }
    if (f->deadwood == 0) {
        say(w, "gin: nothing left unmatched, for the bonus of %d and no lay-offs", v->rules.gin_bonus);
        return;
    }
    say(w, "knock with deadwood %d: %s deadwood after lay-offs is about %.0f", f->deadwood,
        w->voice->bot ? "your" : "their", f->opp_deadwood);
    if (r >= 0 && act_of(a, r).kind == GIN_ACT_DISCARD) {
        say_knock_versus(w, a, i, r);
        return;
    }
    if (r >= 0 && act_of(a, r).kind == GIN_ACT_KNOCK) {
        say_knocks(w, v, a, i, r);
        return;
    }
    say(w, ", an undercut about %.0f%% likely, ", 100.0 * f->undercut);
    say_plural(w, a->stock, "card");
    say(w, " left in the stock");
}

static void say_outs(words *w, const gin_coach_facts *f, const gin_coach_facts *o)
{
    say_plural(w, f->live_outs, "unseen out");
    say(w, " kept against %d", o->live_outs);
}

/* The end of a take weighed against the stock or a pass: the outs each
 * keeps, on the side of the comparison they back, and that the take is
 * seen. A take that ranks above with fewer outs has them as a cost, after
 * "though": said after the colon, they read as the reason it was better
 * ("Better than drawing from the stock (about 51 after a draw): 6 unseen
 * outs kept against 8"). */
static void say_take_versus(words *w, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts, *o = &a->move[r].facts;
    int dir = i < r ? 1 : -1;
    /* > 0: the outs back the lead; outs count only while we have a draw to come */
    int outs = w->void_in > 1 ? (f->live_outs - o->live_outs) * dir : 0;
    const char *seen = w->voice->bot ? "you see what it takes" : "they see what you take";
    if (outs > 0) {
        say(w, ": ");
        say_outs(w, f, o);
    }
    if (dir > 0) {
        say(w, ", though ");
        if (outs < 0) {
            say_outs(w, f, o);
            say(w, " and ");
        }
        say(w, "%s", seen);
    } else {
        say(w, ", and %s", seen);
        if (outs < 0) {
            say(w, ", though ");
            say_outs(w, f, o);
        }
    }
}

static void reason_take(words *w, const gin_view *v, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts;
    say(w, "the ");
    say_card(w, a->top);
    if (f->deadwood == 0) {
        say(w, " gives gin");
    } else if (f->meld) {
        say(w, " makes ");
        say_cards(w, f->meld);
    } else if (f->fits) {
        say(w, " melds with ");
        say_cards(w, f->fits);
        say(w, ", which do more in %s other melds", w_your(w));
    } else if (f->partner != GIN_NO_CARD) {
        /* As of a thrown card: the pair it starts is named, not a count
         * of cards that would meld "it". */
        say_partner(w, f, gin_view_unseen(v));
    } else {
        /* As of a thrown card (say_card_given): a card no single card
         * melds is live while two unseen cards could meld it. */
        gin_cardset unseen = gin_view_unseen(v);
        int n = gin_cardset_count(f->joins & unseen);
        say(w, " melds with nothing yet (");
        if (n) {
            say_plural(w, n, "unseen card");
            say(w, " would meld it)");
        } else {
            say(w, "%s)",
                two_could_meld(a->top, unseen) ? "it needs two more cards" : "the cards that would meld it are gone");
        }
    }
    /* A gin was said ("gives gin"): its throw is no "knock". */
    say(w, ": deadwood %d to %d%s the ", a->deadwood, f->deadwood,
        f->then.kind == GIN_ACT_KNOCK && f->deadwood > 0 ? ", and a knock, throwing" : " after throwing");
    say_card(w, f->then.card);
    if (r < 0 || is_take(act_of(a, r)))
        return;
    say(w, ". %s ", lead_of(a, i, r));
    say_doing(w, a, r);
    if (act_of(a, r).kind == GIN_ACT_DRAW_STOCK)
        say(w, " (about %.0f after a draw)", a->move[r].facts.expected);
    say_take_versus(w, a, i, r);
}

/* The stock or a pass, weighed against taking the face-up card. */
static void reason_blind(words *w, const gin_coach_advice *a, int i, int r)
{
    const gin_coach_facts *f = &a->move[i].facts;
    if (act_of(a, i).kind == GIN_ACT_DRAW_STOCK) {
        say(w, "a card from the stock: deadwood %d now, about %.0f after it", f->deadwood, f->expected);
    } else {
        say(w, "leaves the ");
        say_card(w, a->top);
        say(w, ": deadwood %d", f->deadwood);
        if (w->void_in > 1) {
            say(w, ", ");
            say_plural(w, f->live_outs, "unseen out");
        }
    }
    if (r < 0 || !is_take(act_of(a, r)))
        return;
    const gin_coach_facts *t = &a->move[r].facts;
    say(w, ". %s ", lead_of(a, i, r));
    say_doing(w, a, r);
    say(w, ", which leaves %d", t->deadwood);
    if (!t->meld)
        say(w, " (it melds with nothing yet)");
    say(w, " and shows %s the card", w_them(w));
}

/* A whole-number percentage, or one decimal when the whole numbers of
 * the two would read the same. */
static void say_pct(words *w, double x, double other)
{
    if (lround(100.0 * x) != lround(100.0 * other))
        say(w, "%.0f%%", 100.0 * x);
    else
        say(w, "%.1f%%", 100.0 * x);
}

/* Whether move j has more points than move i, as shown and beyond the
 * noise. */
static int more_points(const gin_coach_advice *a, int j, int i)
{
    return tenth_points(a, j) > tenth_points(a, i) && !about_equal(a, i, j);
}

/* The game score over the points: a move that ranks below the best, or
 * below the move it is weighed against, while bringing more points says
 * so ("more points than ..., but it wins the game less often"); the best,
 * or a move ranked above the one it is weighed against, with fewer points
 * than a move below says so too ("fewer points than ..., but ... wins
 * the game more often"). Pairs about equal are left alone: the noise
 * decides nothing. */
static void reason_measure(words *w, const gin_coach_advice *a, int i, int r, int chosen)
{
    if (a->measure != GIN_COACH_BY_WIN || a->n < 2)
        return;
    int other = -1;
    if (i > 0 && offered(w, 0) && more_points(a, i, 0)) /* named only where offered */
        other = 0;
    else if (r >= 0 && r < i && more_points(a, i, r))
        other = r;
    if (other >= 0 && other == w->measured)
        return;
    if (other >= 0) {
        const gin_move_value *me = &a->move[i].value, *h = &a->move[other].value;
        say(w, ". More points than ");
        say_doing(w, a, other);
        say(w, " (%+.1f against %+.1f), but it wins the game less often: ", me->points, h->points);
        say_pct(w, me->win, h->win);
        say(w, " against ");
        say_pct(w, h->win, me->win);
        return;
    }
    if (i == 0) {
        for (int j = 1; j < a->n; j++)
            if ((!chosen || j == r) && more_points(a, j, 0) &&
                (other < 0 || a->move[j].value.points > a->move[other].value.points))
                other = j;
    } else if (r > i && more_points(a, r, i)) {
        other = r;
    }
    if (other < 0 || other == w->measured)
        return;
    const gin_move_value *me = &a->move[i].value, *l = &a->move[other].value;
    say(w, ". Fewer points than ");
    say_doing(w, a, other);
    say(w, " (%+.1f against %+.1f), but it wins the game more often: ", me->points, l->points);
    say_pct(w, me->win, l->win);
    say(w, " against ");
    say_pct(w, l->win, me->win);
}

/* Upper-case the letter at `at`, a sentence's first (ASCII). */
static void capital_at(words *w, size_t at)
{
    if (at < w->len && w->buf[at] >= 'a' && w->buf[at] <= 'z')
        w->buf[at] = (char)(w->buf[at] - 'a' + 'A');
}

/* Move j as the question offers it: "playing on (throwing the 9♣)" where
 * the question is knock or play on, else "throwing the 9♣". */
static void say_answer(words *w, const gin_coach_advice *a, int j)
{
    int on = act_of(a, j).kind == GIN_ACT_DISCARD && play_on_question(w, a);
    say(w, "%s", on ? "playing on (" : "");
    say_doing(w, a, j);
    say(w, "%s", on ? ")" : "");
}

/* n moves of i's own answer that the question does not offer (a drill's
 * knock, or its play on, with another card), about equal to it: counted,
 * not named, since the learner could not give them ("Another throw is
 * about equal"; no longer than the sentence that named one, so a reason
 * that fitted still fits); gins: they are all gins, as i is. */
static void say_same_answer(words *w, const gin_coach_advice *a, int i, int n, int gins)
{
    gin_action act = act_of(a, i);
    if (act.kind != GIN_ACT_DISCARD && act.kind != GIN_ACT_KNOCK)
        return; /* a take, the stock, a pass: one move each, so never left out */
    const char *what = act.kind == GIN_ACT_DISCARD ? "throw" : gins ? "gin" : "knock";
    size_t at = w->len;
    if (act.card == GIN_NO_CARD)
        say(w, "a %s, throwing a card,", what); /* big gin: the others throw one */
    else if (n == 1)
        say(w, "another %s", what);
    else
        say(w, "any of %d other %ss", n, what);
    say(w, " is about equal. ");
    capital_at(w, at);
}

/* "About equal to throwing the 9♣: " for a move within the noise of the
 * best, and for the best when the runner-up is. Where the question offers
 * a few answers (a drill), it names those alone: the others about equal
 * are i's own answer with another card (none of another answer is about
 * equal there, or that answer's best, which is offered, would be too). */
static void say_noise(words *w, const gin_coach_advice *a, int i)
{
    if (a->n < 2 || !a->move[i > 0 ? i : 1].equal)
        return;
    const gin_coach_move *m = &a->move[i];
    int named = -1, more = 0, same = 0;
    int gins = m->value.action.kind == GIN_ACT_KNOCK && m->facts.deadwood == 0;
    /* A move below the best is about equal to the best; the best to every
     * move marked equal (the marks are a prefix of the list). */
    for (int j = 0; j < (i > 0 ? 1 : a->n) && a->move[j].equal; j++) {
        if (j == i)
            continue;
        if (offered(w, j)) {
            more += named >= 0;
            named = named >= 0 ? named : j;
        } else if (act_of(a, j).kind == m->value.action.kind && act_of(a, j).card != GIN_NO_CARD) {
            /* (big gin throws no card: not this answer with another card) */
            same++;
            gins = gins && a->move[j].facts.deadwood == 0;
        }
    }
    if (named >= 0) {
        size_t at = w->len;
        say(w, "about equal to ");
        say_answer(w, a, named);
        if (more)
            say(w, " and %d more", more);
        say(w, ". ");
        capital_at(w, at);
    }
    if (same)
        say_same_answer(w, a, i, same, gins);
}

/* The reason of gin_trainer_reason_against, among the moves `offered`. */
static void reason_among(const gin_view *v, const gin_coach_advice *a, int i, int r, uint32_t offered,
                         const gin_trainer_voice *voice, char *buf, size_t cap)
{
    words w;
    words_init(&w, buf, cap, voice);
    if (!v || !a || i < 0 || i >= a->n)
        return;
    w.offered = offered;
    /* How soon a throw voids the hand: this one, the opponent's next
     * (after its draw), or later. */
    if (v->phase == GIN_PHASE_DISCARD && v->rules.stock_low == GIN_STOCK_VOID)
        w.void_in = a->stock <= v->rules.stock_void_at ? 0 : a->stock - 1 <= v->rules.stock_void_at ? 1 : 2;
    /* At a draw: after a card from the stock and the opponent's draw, is
     * there a stock left to draw an out from? Else outs are not said. */
    if (v->phase != GIN_PHASE_DISCARD && v->rules.stock_low == GIN_STOCK_VOID && a->stock - 2 <= v->rules.stock_void_at)
        w.void_in = 1;
    /* The caller's move to weigh against (the one played, the drill's
     * other answer), none (r == i), or else the plainest answer. */
    int chosen = r >= 0 && r < a->n;
    r = !chosen ? reference(a, i) : r == i ? -1 : r;
    say_noise(&w, a, i);
    size_t start = w.len;
    switch (act_of(a, i).kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD:
        reason_take(&w, v, a, i, r);
        break;
    case GIN_ACT_PASS:
    case GIN_ACT_DRAW_STOCK:
        reason_blind(&w, a, i, r);
        break;
    case GIN_ACT_KNOCK:
        reason_knock(&w, v, a, i, r);
        break;
    default:
        reason_throw(&w, v, a, i, r);
        break;
    }
    capital_at(&w, start);
    reason_measure(&w, a, i, r, chosen);
    words_capital(&w);
    say(&w, ".");
}

void gin_trainer_reason_against(const gin_view *v, const gin_coach_advice *a, int i, int r,
                                const gin_trainer_voice *voice, char *buf, size_t cap)
{
    reason_among(v, a, i, r, UINT32_MAX, voice, buf, cap);
}

void gin_trainer_reason_offered(const gin_view *v, const gin_coach_advice *a, int i, int r, uint32_t offered,
                                const gin_trainer_voice *voice, char *buf, size_t cap)
{
    /* Weighed against a move not offered, the reason would name it. */
    if (r < 0 || r >= 32 || !(offered >> r & 1u))
        r = i;
    reason_among(v, a, i, r, offered, voice, buf, cap);
}

void gin_trainer_reason(const gin_view *v, const gin_coach_advice *a, int i, const gin_trainer_voice *voice, char *buf,
                        size_t cap)
{
    gin_trainer_reason_against(v, a, i, -1, voice, buf, cap);
}

int gin_trainer_knock_note(const gin_view *v, gin_card thrown, uint64_t seed, const gin_trainer_voice *voice, char *buf,
                           size_t cap)
{
    words w;
    words_init(&w, buf, cap, voice);
    double u = 0, dw = 0;
    if (!v || gin_coach_undercut(v, thrown, seed, &u, &dw) != 0)
        return -1;
    if (gin_deadwood(v->hand & ~gin_cardset_of(thrown)) == 0)
        return 0;
    say(&w, "an undercut is about %.0f%% likely (%s deadwood after lay-offs is about %.0f)", 100.0 * u,
        w.voice->bot ? "your" : "their", dw);
    return 0;
}
