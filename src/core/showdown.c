/* The showdown after a knock: the knocker's spread, the defender's layoffs,
 * result kind, winner and points.
 *
 * Layoffs are found by enumeration rather than greedily, because the best
 * set of cards to lay off can include cards from the defender's own melds
 * and chains whose outer cards only fit once the inner ones are down. The
 * candidates are few: at most one card per 3-card set, and per run the
 * defender's cards that continue it downward and upward (a "chain", ordered
 * from the meld outward). A legal layoff set is a union of one prefix of
 * every chain, so enumerating prefix lengths covers every legal set. */
#include "gin/showdown.h"

#include <string.h>
#include "gin/error.h"

enum {
    /* Least-deadwood arrangements of one 10/11-card hand considered for the
     * tie-break: gin_arrange_all merges adjacent runs, so hands have a
     * handful (at most 4 seen in 2.2 million dense random hands). */
    MAX_TIES = 64,
    /* A run has two chains, a set one, so 2 per meld suffices. */
    MAX_CHAINS = 2 * GIN_MAX_MELDS,
    MAX_CHAIN_LEN = GIN_RANKS
};

typedef struct chain {
    int meld; /* index into the knocker's melds */
    int n;
    gin_card cards[MAX_CHAIN_LEN]; /* from the meld outward */
} chain;

/* The defender's best response to one spread. */
typedef struct response {
    int deadwood;     /* least deadwood after laying off `laid` */
    gin_cardset laid; /* the cards laid off */
} response;

/* The chains the defender could lay onto each of the knocker's melds. Run
 * chains come first: a card that fits both a set and a run end is claimed by
 * the run, where it may carry further cards (see assign_layoffs). */
static int find_chains(const gin_arrangement *k, gin_cardset defender, chain out[MAX_CHAINS])
{
    int n = 0, n_sets = 0;
    chain sets[GIN_MAX_MELDS];
    for (int i = 0; i < k->n_melds; i++) {
        gin_cardset m = k->melds[i];
        gin_card lo = gin_cardset_first(m);
        int suit = gin_card_suit(lo), lo_rank = gin_card_rank(lo);
        unsigned in_suit = gin_cardset_suit(m, suit);
        if ((gin_cardset)in_suit << (16 * suit) != m) {
            /* A set (a valid meld not within one suit). Only a 3-card set
             * grows; its 4th card is the one missing suit. */
            gin_cardset fourth = ((gin_cardset)0x0001000100010001u << lo_rank) & ~m & defender;
            if (fourth && gin_cardset_count(m) == 3)
                sets[n_sets++] = (chain){i, 1, {gin_cardset_first(fourth)}};
            continue;
        }
        unsigned have = gin_cardset_suit(defender, suit);
        int hi_rank = 31 - __builtin_clz(in_suit);
        chain *c = &out[n];
        c->meld = i;
        c->n = 0;
        for (int r = lo_rank - 1; r >= 0 && (have >> r & 1u); r--)
            c->cards[c->n++] = gin_card_make(r, suit);
        if (c->n)
            c = &out[++n];
        c->meld = i;
        c->n = 0;
        for (int r = hi_rank + 1; r < GIN_RANKS && (have >> r & 1u); r++)
            c->cards[c->n++] = gin_card_make(r, suit);
        if (c->n)
            n++;
    }
    for (int j = 0; j < n_sets; j++)
        out[n++] = sets[j];
    return n;
}

static gin_cardset prefix_set(const chain *c, int len)
{
    gin_cardset s = 0;
    for (int j = 0; j < len; j++)
        s |= gin_cardset_of(c->cards[j]);
    return s;
}

/* Whether `a` is a better response than `b`: less deadwood, then fewer
 * layoffs, then the numerically smaller card set (an arbitrary but fixed
 * order). */
static int better(response a, response b)
{
    if (a.deadwood != b.deadwood)
        return a.deadwood < b.deadwood;
    int na = gin_cardset_count(a.laid), nb = gin_cardset_count(b.laid);
    if (na != nb)
        return na < nb;
    return a.laid < b.laid;
}

/* The defender's least deadwood against a spread, over every legal layoff
 * set (each a union of chain prefixes); `unlaid` is its deadwood with none. */
static response best_response(const chain *ch, int n_chains, gin_cardset defender, int unlaid)
{
    response best = {unlaid, 0};
    int len[MAX_CHAINS] = {0};
    for (;;) {
        /* Mixed-radix increment over the prefix lengths 0..n of each chain. */
        int i = 0;
        while (i < n_chains && len[i] == ch[i].n)
            len[i++] = 0;
        if (i == n_chains)
            break;
        len[i]++;
        gin_cardset laid = 0;
        for (int j = 0; j < n_chains; j++)
            laid |= prefix_set(&ch[j], len[j]);
        response r = {gin_deadwood(defender & ~laid), laid};
        if (better(r, best))
            best = r;
    }
    return best;
}

/* Split the chosen layoff set into layoffs, in laying order. Each chain
 * takes its longest prefix still unclaimed within `laid`; run chains claim
 * before sets, and where two runs' chains meet in a gap the first takes as
 * far as `laid` reaches, so every card of a union of prefixes is placed on
 * a meld it legally extends. Layoffs are then listed by meld, each chain
 * from the meld outward. */
static int assign_layoffs(const chain *ch, int n_chains, gin_cardset laid, gin_layoff out[GIN_HELD_MAX])
{
    int take[MAX_CHAINS];
    gin_cardset left = laid;
    for (int i = 0; i < n_chains; i++) {
        int t = 0;
        while (t < ch[i].n && gin_cardset_has(left, ch[i].cards[t]))
            t++;
        take[i] = t;
        left &= ~prefix_set(&ch[i], t);
    }
    int n = 0;
    for (int m = 0; m < GIN_MAX_MELDS; m++)
        for (int i = 0; i < n_chains; i++)
            if (ch[i].meld == m)
                for (int j = 0; j < take[i] && n < GIN_HELD_MAX; j++) {
                    out[n].card = ch[i].cards[j];
                    out[n].meld = m;
                    n++;
                }
    return n;
}

static void score(const gin_rules *r, gin_showdown *out)
{
    int kd = out->knocker.deadwood, dd = out->defender.deadwood;
    if (out->kind == GIN_RESULT_GIN || out->kind == GIN_RESULT_BIG_GIN) {
        out->winner = GIN_KNOCKER;
        out->points = (out->kind == GIN_RESULT_GIN ? r->gin_bonus : r->big_gin_bonus) + dd;
    } else if (kd < dd) {
        out->kind = GIN_RESULT_KNOCK;
        out->winner = GIN_KNOCKER;
        out->points = dd - kd;
    } else {
        /* A tie is an undercut (docs/rules.md). */
        out->kind = GIN_RESULT_UNDERCUT;
        out->winner = GIN_DEFENDER;
        out->points = kd - dd + r->undercut_bonus;
    }
}

/* The spreads the knocker may show: the one it chose, or when it chose
 * none its least-deadwood arrangements (at most MAX_TIES of them; each is
 * tried for the layoffs it allows). Returns how many, or a GIN_E code. */
static int knocker_ties(gin_cardset knocker, gin_spread chosen, int knock_limit, gin_arrangement ties[MAX_TIES])
{
    if (chosen.sets | chosen.runs) {
        int rc = gin_spread_arrange(knocker, chosen, knock_limit, &ties[0]);
        return rc == GIN_OK ? 1 : rc;
    }
    int n = gin_arrange_all(knocker, ties, MAX_TIES);
    if (n == 0)
        return GIN_EINVAL; /* cannot happen: every hand has an arrangement */
    return n > MAX_TIES ? MAX_TIES : n;
}

int gin_showdown_settle(const gin_rules *r, gin_cardset knocker, gin_cardset defender, int knock_limit,
                        gin_showdown *out)
{
    return gin_showdown_settle_spread(r, knocker, defender, knock_limit, (gin_spread){0, 0}, out);
}

int gin_showdown_settle_spread(const gin_rules *r, gin_cardset knocker, gin_cardset defender, int knock_limit,
                               gin_spread spread, gin_showdown *out)
{
    if (!r || !out || (knocker & ~GIN_DECK) || (defender & ~GIN_DECK))
        return GIN_EINVAL;
    /* Two seats: ten cards each, the knocker's after its discard; eleven
     * for a big gin. */
    int nk = gin_cardset_count(knocker);
    if ((nk != GIN_DEALT && nk != GIN_HELD_MAX) || gin_cardset_count(defender) != GIN_DEALT)
        return GIN_ECOUNT;
    if (knocker & defender)
        return GIN_EOVERLAP;
    int kd = gin_deadwood(knocker);
    if (kd < 0)
        return kd;
    if (nk == GIN_HELD_MAX && (r->big_gin_bonus <= 0 || kd != 0))
        return GIN_EKNOCK;
    if (knock_limit >= 0 && kd > knock_limit)
        return GIN_EKNOCK;

    /* Every byte of the result is defined (unused layoffs, padding), so a
     * settled hand compares and replays byte for byte. */
    memset(out, 0, sizeof *out);

    /* The defender's own spread, kept for the common case of no layoffs. */
    gin_arrangement unlaid;
    int rc = gin_arrange(defender, &unlaid);
    if (rc < 0)
        return rc;
    int dd = unlaid.deadwood;

    gin_arrangement ties[MAX_TIES];
    int n_ties = knocker_ties(knocker, spread, knock_limit, ties);
    if (n_ties < 0)
        return n_ties;
    kd = ties[0].deadwood; /* a chosen spread may leave more than the least */

    out->defender_deadwood_before_layoffs = dd;
    out->n_layoffs = 0;

    if (kd == 0) {
        /* Gin and big gin: no layoffs, so every spread is as good. */
        out->kind = nk == GIN_HELD_MAX ? GIN_RESULT_BIG_GIN : GIN_RESULT_GIN;
        out->knocker = ties[0];
        out->defender = unlaid;
        score(r, out);
        return GIN_OK;
    }

    /* Spread the arrangement that leaves the defender the most deadwood;
     * among equals the first in gin_arrange_all's order. */
    int pick = 0;
    response pick_resp = {-1, 0};
    chain buf[2][MAX_CHAINS];
    chain *ch = buf[0], *spare = buf[1];
    int n_ch = 0;
    for (int t = 0; t < n_ties; t++) {
        int n = find_chains(&ties[t], defender, spare);
        response resp = n ? best_response(spare, n, defender, dd) : (response){dd, 0};
        if (resp.deadwood > pick_resp.deadwood) {
            pick = t;
            pick_resp = resp;
            chain *tmp = ch;
            ch = spare;
            spare = tmp;
            n_ch = n;
        }
    }

    out->kind = GIN_RESULT_KNOCK; /* or undercut: decided by score() */
    out->knocker = ties[pick];
    out->n_layoffs = assign_layoffs(ch, n_ch, pick_resp.laid, out->layoffs);
    if (!pick_resp.laid)
        out->defender = unlaid;
    else if ((rc = gin_arrange(defender & ~pick_resp.laid, &out->defender)) < 0)
        return rc;
    score(r, out);
    return GIN_OK;
}

/* ---- a ring of three or four ---- */

/* One defender's answer to one spread: its best layoffs (chaining only
 * through its own cards, which is what find_chains builds: every chain
 * starts at the original meld's end). */
typedef struct ring_answer {
    int n_chains;
    chain ch[MAX_CHAINS];
    response resp;
} ring_answer;

/* Penalties of a settled ring in *out from kind, knocker and deadwood[]. */
static void ring_score(const gin_rules *r, gin_ring_showdown *out)
{
    int k = out->knocker, kd = out->deadwood[k];
    for (int s = 0; s < out->seats; s++) {
        out->penalty[s] = 0;
        out->undercut[s] = 0;
    }
    out->winner = k;
    if (out->kind == GIN_RESULT_GIN || out->kind == GIN_RESULT_BIG_GIN) {
        int bonus = out->kind == GIN_RESULT_GIN ? r->gin_bonus : r->big_gin_bonus;
        for (int s = 0; s < out->seats; s++)
            if (s != k)
                out->penalty[s] = out->deadwood[s] + bonus;
    } else {
        /* The least deadwood among the defenders, first from the knocker's left. */
        int best = -1;
        for (int i = 1; i < out->seats; i++) {
            int s = (k + i) % out->seats;
            if (out->deadwood[s] <= kd)
                out->undercut[s] = 1;
            if (best < 0 || out->deadwood[s] < out->deadwood[best])
                best = s;
        }
        if (best < 0 || out->deadwood[best] > kd) { /* no defender at or under the knocker */
            out->kind = GIN_RESULT_KNOCK;
            for (int s = 0; s < out->seats; s++)
                if (s != k)
                    out->penalty[s] = out->deadwood[s] - kd;
        } else {
            out->kind = GIN_RESULT_UNDERCUT;
            out->winner = best;
            int u = out->deadwood[best];
            for (int s = 0; s < out->seats; s++)
                out->penalty[s] = s == best ? 0 : out->deadwood[s] - u;
            out->penalty[k] += r->undercut_penalty;
        }
    }
    out->total = 0;
    for (int s = 0; s < out->seats; s++)
        out->total += out->penalty[s];
}

int gin_showdown_settle_ring(const gin_rules *r, const gin_cardset held[], int seats, int knocker, int knock_limit,
                             gin_ring_showdown *out)
{
    return gin_showdown_settle_ring_spread(r, held, seats, knocker, knock_limit, (gin_spread){0, 0}, out);
}

/* The hands of a ring's knock, checked: returns the knocker's card count,
 * or an error code. */
static int ring_check(const gin_rules *r, const gin_cardset held[], int seats, int knocker, int knock_limit)
{
    gin_cardset all = 0;
    int overlap = 0;
    for (int s = 0; s < seats; s++) {
        if (held[s] & ~GIN_DECK)
            return GIN_EINVAL;
        overlap |= (all & held[s]) != 0;
        all |= held[s];
    }
    int dealt = gin_cards_dealt(seats);
    int nk = gin_cardset_count(held[knocker]);
    if (nk != dealt && nk != dealt + 1)
        return GIN_ECOUNT;
    for (int s = 0; s < seats; s++)
        if (s != knocker && gin_cardset_count(held[s]) != dealt)
            return GIN_ECOUNT;
    if (overlap)
        return GIN_EOVERLAP;
    int kd = gin_deadwood(held[knocker]);
    if (kd < 0)
        return kd;
    if (nk == dealt + 1 && (r->big_gin_bonus <= 0 || kd != 0))
        return GIN_EKNOCK;
    if (knock_limit >= 0 && kd > knock_limit)
        return GIN_EKNOCK;
    return nk;
}

int gin_showdown_settle_ring_spread(const gin_rules *r, const gin_cardset held[], int seats, int knocker,
                                    int knock_limit, gin_spread spread, gin_ring_showdown *out)
{
    if (!r || !held || !out || seats < 2 || seats > GIN_MAX_SEATS || knocker < 0 || knocker >= seats)
        return GIN_EINVAL;
    int nk = ring_check(r, held, seats, knocker, knock_limit);
    if (nk < 0)
        return nk;
    int dealt = gin_cards_dealt(seats);

    gin_ring_showdown t;
    memset(&t, 0, sizeof t); /* every byte defined, as in gin_showdown_settle */
    t.seats = seats;
    t.knocker = knocker;
    for (int s = 0; s < seats; s++) {
        if (s == knocker)
            continue;
        int rc = gin_arrange(held[s], &t.spread[s]);
        if (rc < 0)
            return rc;
        t.deadwood_before[s] = t.deadwood[s] = t.spread[s].deadwood;
    }
    gin_arrangement ties[MAX_TIES];
    int n_ties = knocker_ties(held[knocker], spread, knock_limit, ties);
    if (n_ties <= 0) /* a hand always has a least-deadwood arrangement */
        return n_ties < 0 ? n_ties : GIN_EINVAL;
    int kd = ties[0].deadwood; /* a chosen spread may leave more than the least */
    t.deadwood_before[knocker] = t.deadwood[knocker] = kd;

    if (kd == 0) {
        /* Gin and big gin: no layoffs, so every spread is as good. */
        t.kind = nk == dealt + 1 ? GIN_RESULT_BIG_GIN : GIN_RESULT_GIN;
        t.spread[knocker] = ties[0];
        ring_score(r, &t);
        *out = t;
        return GIN_OK;
    }

    /* Try every least-deadwood spread; keep the one best for the knocker. */
    ring_answer ans[2][GIN_MAX_SEATS];
    int cur = 0, pick = 0, pick_own = 0, pick_others = 0;
    gin_ring_showdown trial = t;
    for (int i = 0; i < n_ties; i++) {
        ring_answer *a = ans[cur];
        for (int s = 0; s < seats; s++) {
            if (s == knocker)
                continue;
            int before = t.deadwood_before[s];
            a[s].n_chains = find_chains(&ties[i], held[s], a[s].ch);
            a[s].resp = a[s].n_chains ? best_response(a[s].ch, a[s].n_chains, held[s], before) : (response){before, 0};
            trial.deadwood[s] = a[s].resp.deadwood;
        }
        trial.kind = GIN_RESULT_KNOCK;
        ring_score(r, &trial);
        int own = trial.penalty[knocker], others = trial.total - own;
        if (i == 0 || own < pick_own || (own == pick_own && others > pick_others)) {
            pick = i;
            pick_own = own;
            pick_others = others;
            cur ^= 1;
        }
    }
    const ring_answer *best = ans[cur ^ 1];
    t.kind = GIN_RESULT_KNOCK; /* or undercut: decided by ring_score() */
    t.spread[knocker] = ties[pick];
    for (int s = 0; s < seats; s++) {
        if (s == knocker)
            continue;
        const ring_answer *a = &best[s];
        t.deadwood[s] = a->resp.deadwood;
        if (!a->resp.laid)
            continue;
        t.n_layoffs[s] = assign_layoffs(a->ch, a->n_chains, a->resp.laid, t.layoffs[s]);
        int rc = gin_arrange(held[s] & ~a->resp.laid, &t.spread[s]);
        if (rc < 0)
            return rc;
    }
    ring_score(r, &t);
    *out = t;
    return GIN_OK;
}
