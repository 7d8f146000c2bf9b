/* gin — the knocker's spread: which melds it shows (meld.h).
 *
 * A spread is kept as two card sets, the cards shown in sets and the cards
 * shown in runs. That is all there is to choose: a rank's set cards can
 * only form one set, and a suit's run cards one run per block of
 * consecutive ranks (two runs that touch lay off like one long run). So a
 * spread needs no list of melds, and any two spreads that differ show
 * different melds. */
#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "text.h"

enum {
    MAX_FOUND = 512,      /* distinct spreads of 11 cards: a few dozen at most */
    MAX_MELDS_IN = 128,   /* melds inside 11 cards: at most 45 runs + 20 sets */
    MAX_SPREAD_MELDS = 4, /* 11 cards hold at most three melds */
};

static const gin_cardset RANK_MASK = 1 | (1ULL << 16) | (1ULL << 32) | (1ULL << 48);

gin_spread gin_spread_of(const gin_arrangement *a)
{
    gin_spread s = {0, 0};
    for (int i = 0; a && i < a->n_melds && i < GIN_MAX_MELDS; i++) {
        if (gin_meld_is_set(a->melds[i]))
            s.sets |= a->melds[i];
        else
            s.runs |= a->melds[i];
    }
    return s;
}

/* The melds of s into a (n_melds, melds in display order), or GIN_EINVAL
 * when its cards do not form them. */
static int split(gin_spread s, gin_arrangement *a)
{
    for (int r = 0; r < GIN_RANKS; r++) {
        gin_cardset g = s.sets & (RANK_MASK << r);
        if (!g)
            continue;
        if (gin_cardset_count(g) < 3 || a->n_melds == GIN_MAX_MELDS)
            return GIN_EINVAL;
        a->melds[a->n_melds++] = g;
    }
    for (int su = 0; su < GIN_SUITS; su++) {
        for (int r = 0; r < GIN_RANKS;) {
            gin_cardset run = 0;
            while (r < GIN_RANKS && gin_cardset_has(s.runs, gin_card_make(r, su)))
                run |= gin_cardset_of(gin_card_make(r++, su));
            if (!run) {
                r++;
                continue;
            }
            if (gin_cardset_count(run) < 3 || a->n_melds == GIN_MAX_MELDS)
                return GIN_EINVAL;
            a->melds[a->n_melds++] = run;
        }
    }
    /* In display order, by lowest card (a handful: insertion sort). */
    for (int i = 1; i < a->n_melds; i++)
        for (int j = i; j > 0 && (a->melds[j] & -a->melds[j]) < (a->melds[j - 1] & -a->melds[j - 1]); j--) {
            gin_cardset t = a->melds[j];
            a->melds[j] = a->melds[j - 1];
            a->melds[j - 1] = t;
        }
    return GIN_OK;
}

int gin_spread_arrange(gin_cardset hand, gin_spread s, int limit, gin_arrangement *out)
{
    gin_cardset shown = s.sets | s.runs;
    if (!out || (hand & ~GIN_DECK) || !shown || (s.sets & s.runs) || (shown & ~hand))
        return GIN_EINVAL;
    gin_arrangement a;
    memset(&a, 0, sizeof a);
    if (split(s, &a) != GIN_OK)
        return GIN_EINVAL;
    a.unmatched = hand & ~shown;
    a.deadwood = gin_cardset_value(a.unmatched);
    /* A hand that is gin goes gin: it may not hide it behind a knock. */
    if ((limit >= 0 && a.deadwood > limit) || (a.deadwood > 0 && gin_deadwood(hand) == 0))
        return GIN_EKNOCK;
    *out = a;
    return GIN_OK;
}

/* ---- every spread ---- */

typedef struct found {
    gin_spread s;
    int deadwood;
} found;

typedef struct finder {
    gin_cardset hand;
    int limit, gin;
    const gin_cardset *melds;
    int n_melds;
    found found[MAX_FOUND];
    int n_found, overflow;
} finder;

static void keep(finder *f, gin_spread s)
{
    int dead = gin_cardset_value(f->hand & ~(s.sets | s.runs));
    if ((f->gin && dead) || (f->limit >= 0 && dead > f->limit))
        return;
    for (int i = 0; i < f->n_found; i++)
        if (f->found[i].s.sets == s.sets && f->found[i].s.runs == s.runs)
            return;
    if (f->n_found == MAX_FOUND) {
        f->overflow = 1;
        return;
    }
    f->found[f->n_found++] = (found){s, dead};
}

/* Every choice of disjoint melds from f->melds[from..], on top of s. */
static void search(finder *f, int from, gin_spread s, int depth)
{
    if (s.sets | s.runs)
        keep(f, s);
    if (depth == MAX_SPREAD_MELDS)
        return;
    for (int i = from; i < f->n_melds; i++) {
        gin_cardset m = f->melds[i];
        if (m & (s.sets | s.runs))
            continue;
        gin_spread t = s;
        if (gin_meld_is_set(m))
            t.sets |= m;
        else
            t.runs |= m;
        search(f, i + 1, t, depth + 1);
    }
}

/* Least deadwood first, then by the cards shown in sets, then in runs. */
static int before(const found *x, const found *y)
{
    if (x->deadwood != y->deadwood)
        return x->deadwood < y->deadwood;
    if (x->s.sets != y->s.sets)
        return x->s.sets < y->s.sets;
    return x->s.runs < y->s.runs;
}

static void sort_found(found *f, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && before(&f[j], &f[j - 1]); j--) {
            found t = f[j];
            f[j] = f[j - 1];
            f[j - 1] = t;
        }
}

int gin_spreads(gin_cardset hand, int limit, gin_arrangement *out, size_t cap)
{
    if ((hand & ~GIN_DECK) || (!out && cap))
        return GIN_EINVAL;
    if (gin_cardset_count(hand) > GIN_HELD_MAX)
        return GIN_ECOUNT;
    gin_cardset melds[MAX_MELDS_IN];
    int n = gin_melds_in(hand, melds, MAX_MELDS_IN);
    if (n < 0 || n > MAX_MELDS_IN)
        return n < 0 ? n : GIN_ESPACE;
    finder fs, *f = &fs;
    f->hand = hand;
    f->limit = limit;
    f->gin = gin_deadwood(hand) == 0;
    f->melds = melds;
    f->n_melds = n;
    f->n_found = f->overflow = 0;
    search(f, 0, (gin_spread){0, 0}, 0);
    int total = f->overflow ? GIN_ESPACE : f->n_found;
    if (total > 0) {
        sort_found(f->found, f->n_found);
        for (int i = 0; i < f->n_found && (size_t)i < cap; i++)
            (void)gin_spread_arrange(hand, f->found[i].s, -1, &out[i]);
    }
    return total;
}

/* ---- as text ---- */

int gin_spread_add(gin_spread *s, gin_cardset meld)
{
    if (!s || (meld & ~GIN_DECK) || !gin_meld_valid(meld) || (meld & (s->sets | s->runs)))
        return GIN_EINVAL;
    if (gin_meld_is_set(meld))
        s->sets |= meld;
    else
        s->runs |= meld;
    return GIN_OK;
}

int gin_spread_format(gin_spread s, char *buf, size_t cap)
{
    if (!buf)
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    gin_arrangement a;
    memset(&a, 0, sizeof a);
    if ((s.sets | s.runs) && ((s.sets & s.runs) || ((s.sets | s.runs) & ~GIN_DECK) || split(s, &a) != GIN_OK))
        return GIN_EINVAL;
    for (int m = 0; m < a.n_melds; m++) {
        int first = 1;
        for (int su = 0; su < GIN_SUITS; su++)
            for (int r = 0; r < GIN_RANKS; r++) {
                gin_card c = gin_card_make(r, su);
                if (!gin_cardset_has(a.melds[m], c))
                    continue;
                char cb[3];
                gin_card_format(c, cb);
                gin_text_put(&o, first ? (m ? " " : "") : ",");
                gin_text_put(&o, cb);
                first = 0;
            }
    }
    return o.full ? GIN_ESPACE : (int)o.len;
}
