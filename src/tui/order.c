/* The player's hand in its display order (table.h): melds kept together
 * as blocks, sorted by melds, rank or suit, or in the player's own order. */
#include "table.h"

#include <string.h>
#include "gin/meld.h"

static int rank_key(gin_card c) { return gin_card_rank(c) * 4 + gin_card_suit(c); }
static int suit_key(gin_card c) { return gin_card_suit(c) * 16 + gin_card_rank(c); }

static void sort_by(gin_card *a, int n, int (*key)(gin_card))
{
    for (int i = 1; i < n; i++) {
        gin_card c = a[i];
        int j = i;
        while (j > 0 && key(a[j - 1]) > key(c)) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = c;
    }
}

/* The hand as blocks: each meld of the least-deadwood arrangement one block
 * (its cards together, a set by suit, a run by rank), each deadwood card a
 * block of its own. Every order the player can choose moves whole blocks,
 * so a meld is never split up on screen (or shown as lone brackets). */
typedef struct block {
    gin_card cards[GIN_UI_MAX_HAND];
    int n, key; /* key: where the block goes in the order being made */
} block;

static int blocks_of(gin_cardset held, block *b)
{
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0) {
        ar.n_melds = 0;
        ar.unmatched = held;
    }
    int n = 0;
    for (int m = 0; m < ar.n_melds && n < GIN_UI_MAX_HAND; m++, n++) {
        b[n].n = 0;
        for (gin_cardset s = ar.melds[m]; s && b[n].n < GIN_UI_MAX_HAND; s &= s - 1)
            b[n].cards[b[n].n++] = gin_cardset_first(s);
        sort_by(b[n].cards, b[n].n, gin_meld_is_set(ar.melds[m]) ? rank_key : suit_key);
    }
    for (gin_cardset s = ar.unmatched; s && n < GIN_UI_MAX_HAND; s &= s - 1, n++) {
        b[n].n = 1;
        b[n].cards[0] = gin_cardset_first(s);
    }
    return n;
}

static void sort_blocks(block *b, int n)
{
    for (int i = 1; i < n; i++) {
        block x = b[i];
        int j = i;
        while (j > 0 && b[j - 1].key > x.key) {
            b[j] = b[j - 1];
            j--;
        }
        b[j] = x;
    }
}

/* Where block b goes: by melds, the melds first in the arrangement's order
 * (index i) and the deadwood by rank; by rank or suit, its lowest card; by
 * hand, where the player put its first card (position in t->order). */
enum {
    KEY_LAST = 1 << 20,  /* after every other key: a card the player's order does not have yet */
    KEY_DEADWOOD = 1000, /* by melds, the deadwood after every meld (there are a few) */
};
static int block_key(const gin_table *t, const block *b, int i)
{
    int k = KEY_LAST;
    for (int j = 0; j < b->n; j++) {
        gin_card c = b->cards[j];
        int key;
        if (t->sort == GIN_SORT_RANK)
            key = rank_key(c);
        else if (t->sort == GIN_SORT_SUIT)
            key = suit_key(c);
        else if (t->sort == GIN_SORT_MANUAL) {
            key = KEY_LAST;
            for (int o = 0; o < t->n_order; o++)
                if (t->order[o] == c)
                    key = o;
        } else
            key = b->n > 1 ? i : KEY_DEADWOOD + rank_key(c);
        if (key < k)
            k = key;
    }
    return k;
}

static void order_blocks(gin_table *t, gin_cardset held)
{
    block b[GIN_UI_MAX_HAND];
    int nb = blocks_of(held, b);
    for (int i = 0; i < nb; i++)
        b[i].key = block_key(t, &b[i], i);
    sort_blocks(b, nb);
    int n = 0;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < b[i].n && n < GIN_UI_MAX_HAND; j++)
            t->order[n++] = b[i].cards[j];
    t->n_order = n;
}

/* The span [*lo, *hi] of t->order holding the block of the card at i. */
static void block_span(const gin_table *t, const gin_arrangement *ar, int i, int *lo, int *hi)
{
    gin_cardset meld = 0;
    for (int m = 0; m < ar->n_melds; m++)
        if (gin_cardset_has(ar->melds[m], t->order[i]))
            meld = ar->melds[m];
    *lo = *hi = i;
    while (meld && *lo > 0 && gin_cardset_has(meld, t->order[*lo - 1]))
        (*lo)--;
    while (meld && *hi + 1 < t->n_order && gin_cardset_has(meld, t->order[*hi + 1]))
        (*hi)++;
}

void gin_table_move_block(gin_table *t, gin_cardset held, int dir)
{
    int i = t->selected;
    if (i < 0 || i >= t->n_order)
        return;
    gin_arrangement ar;
    if (gin_arrange(held, &ar) != 0)
        ar.n_melds = 0;
    int lo, hi, nlo, nhi;
    block_span(t, &ar, i, &lo, &hi);
    int next = dir < 0 ? lo - 1 : hi + 1;
    if (next < 0 || next >= t->n_order)
        return;
    block_span(t, &ar, next, &nlo, &nhi);
    /* Swap the two neighbouring blocks: [a..b] and [c..d] in order. */
    int a = dir < 0 ? nlo : lo, d = dir < 0 ? hi : nhi, mid = dir < 0 ? lo : nlo;
    gin_card tmp[GIN_UI_MAX_HAND];
    int n = 0;
    for (int k = mid; k <= d; k++)
        tmp[n++] = t->order[k];
    for (int k = a; k < mid; k++)
        tmp[n++] = t->order[k];
    gin_card sel = t->order[i];
    for (int k = 0; k < n; k++)
        t->order[a + k] = tmp[k];
    for (int k = a; k <= d; k++)
        if (t->order[k] == sel)
            t->selected = k;
    t->sort = GIN_SORT_MANUAL;
}

void gin_table_sync_hand(gin_table *t, gin_cardset held)
{
    gin_card sel = t->selected >= 0 && t->selected < t->n_order ? t->order[t->selected] : GIN_NO_CARD;
    /* Keep the cards still held in their order, then add the new ones. */
    int n = 0;
    gin_cardset have = 0;
    for (int i = 0; i < t->n_order; i++)
        if (gin_cardset_has(held, t->order[i]) && n < GIN_UI_MAX_HAND) {
            t->order[n++] = t->order[i];
            have |= gin_cardset_of(t->order[i]);
        }
    for (gin_cardset s = held & ~have; s && n < GIN_UI_MAX_HAND; s &= s - 1)
        t->order[n++] = gin_cardset_first(s);
    t->n_order = n;
    order_blocks(t, held);
    t->selected = -1;
    for (int i = 0; i < t->n_order; i++)
        if (t->order[i] == sel)
            t->selected = i;
}

int gin_table_restore_order(gin_table *t, gin_cardset held, const gin_card *cards, int n)
{
    if (n <= 0 || n > GIN_UI_MAX_HAND)
        return -1;
    gin_cardset set = 0;
    for (int i = 0; i < n; i++) {
        if (!gin_card_valid(cards[i]) || gin_cardset_has(set, cards[i]))
            return -1;
        set |= gin_cardset_of(cards[i]);
    }
    if (set != held) /* another hand's: the save was written before this one was dealt */
        return -1;
    gin_card sel = gin_table_picked(t);
    memcpy(t->order, cards, sizeof *cards * (size_t)n);
    t->n_order = n;
    t->sort = GIN_SORT_MANUAL;
    t->selected = gin_table_index_of(t, sel);
    gin_table_sync_hand(t, held); /* its blocks: a meld kept together, as the moves keep it */
    return 0;
}

gin_card gin_table_picked(const gin_table *t)
{
    return t->selected >= 0 && t->selected < t->n_order ? t->order[t->selected] : GIN_NO_CARD;
}

int gin_table_index_of(const gin_table *t, gin_card c)
{
    for (int i = 0; i < t->n_order; i++)
        if (t->order[i] == c)
            return i;
    return -1;
}
