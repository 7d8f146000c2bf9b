/* gin — melds, deadwood and the least-deadwood arrangement.
 *
 * A meld is a card set: a set (3 or 4 cards of one rank) or a run (3 or more
 * consecutive ranks of one suit, ace low, no wrap). An arrangement splits a
 * hand into disjoint melds and unmatched cards; its deadwood is the value of
 * the unmatched cards. All functions accept any subset of GIN_DECK; they are
 * tuned for hands of up to 11 cards and do no allocation. */
#ifndef GIN_MELD_H
#define GIN_MELD_H

#include <stddef.h>
#include "gin/card.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Enough for 52 cards (17 melds of three). */
enum { GIN_MAX_MELDS = 17 };

typedef struct gin_arrangement {
    int deadwood; /* value of `unmatched` */
    int n_melds;
    gin_cardset melds[GIN_MAX_MELDS]; /* in display order: by lowest card */
    gin_cardset unmatched;
} gin_arrangement;

/* 1 if `m` is a valid set or run, else 0. */
int gin_meld_valid(gin_cardset m);
/* 1 if `m` is a valid set (all one rank), else 0. */
int gin_meld_is_set(gin_cardset m);

/* Least deadwood of `hand`: the fast path. Returns >= 0, or GIN_EINVAL if
 * `hand` has bits outside GIN_DECK. */
int gin_deadwood(gin_cardset hand);

/* Least deadwood of each of hands[0..n-1] into out[0..n-1]: out[i] is
 * exactly gin_deadwood(hands[i]), GIN_EINVAL for a hand with bits outside
 * GIN_DECK. The caller owns both arrays (they may not overlap); nothing is
 * kept. Several hands are solved at once with AVX2 or AVX-512 when the CPU
 * has them (picked per call; the answers never depend on it), so this is
 * the fast way to price many hands. Returns GIN_OK, or GIN_EINVAL if n > 0
 * and either pointer is NULL. */
int gin_deadwood_batch(const gin_cardset *hands, size_t n, int *out);

/* One least-deadwood arrangement of `hand` into *out. Deterministic: the same
 * hand always gives the same arrangement. Returns GIN_OK or GIN_EINVAL. */
int gin_arrange(gin_cardset hand, gin_arrangement *out);

/* Every distinct least-deadwood arrangement of `hand` (distinct as sets of
 * melds; the showdown needs them to break ties). Writes up to `cap` into
 * out[] and returns how many exist in total (which may exceed cap), or
 * GIN_EINVAL. Runs that touch in one suit count as one run (A-2-3 with
 * 4-5-6 is the run A-6), so arrangements differ only in their sets. The
 * order is fixed (gin_arrange returns the first); unused melds[] are 0. */
int gin_arrange_all(gin_cardset hand, gin_arrangement *out, size_t cap);

/* ---- the spread: the melds a knocker shows ----
 *
 * A knocker may show any melds of its hand that leave no more deadwood
 * than the knock limit, not only a least-deadwood arrangement: the choice
 * decides what the defender can lay off. A spread names the cards shown in
 * sets and the cards shown in runs; that fixes the melds (a rank's set
 * cards are one set, each block of consecutive run cards of a suit one
 * run: two runs that touch are one). Both 0 means no choice made: the
 * rules choose (gin_showdown_settle). A hand whose least deadwood is 0 is
 * gin and must be shown as gin. */
typedef struct gin_spread {
    gin_cardset sets; /* cards shown in sets */
    gin_cardset runs; /* cards shown in runs */
} gin_spread;

/* The spread that shows the melds of `a` (zero for NULL or no melds). */
gin_spread gin_spread_of(const gin_arrangement *a);

/* The arrangement `hand` (the knocker's cards after its discard) shows
 * with spread `s` into *out: its melds in display order, the rest of
 * `hand` unmatched. Returns GIN_OK; GIN_EINVAL for NULL out, a zero
 * spread, bits outside GIN_DECK, or cards that are not melds of `hand`
 * (outside it, in both sets and runs, a set of fewer than three, a run of
 * fewer than three); GIN_EKNOCK when it leaves more deadwood than `limit`
 * (limit >= 0; < 0 skips that check) or leaves deadwood in a hand that is
 * gin. *out is written only on success. */
int gin_spread_arrange(gin_cardset hand, gin_spread s, int limit, gin_arrangement *out);

/* Every spread `hand` (at most 11 cards) may show within `limit` (< 0: any
 * deadwood), as arrangements: least deadwood first, then in a fixed order.
 * A gin hand lists only its gin spreads; no spread is empty of melds.
 * Writes up to `cap` into out[] and returns how many there are in total
 * (which may exceed cap), or GIN_EINVAL (bad bits, out NULL with cap > 0),
 * GIN_ECOUNT (more than 11 cards). */
int gin_spreads(gin_cardset hand, int limit, gin_arrangement *out, size_t cap);

/* Add `meld` to the spread *s (as a set or a run, as it is). Returns GIN_OK,
 * or GIN_EINVAL (s NULL, not a valid meld, or a card already in *s). */
int gin_spread_add(gin_spread *s, gin_cardset meld);

/* The melds of `s` as text into buf (NUL-terminated): a meld's cards joined
 * by commas, melds by spaces, in display order ("AC,2C,3C 8S,8H,8D"); ""
 * for the zero spread. Every meld reads back with gin_cardset_parse and
 * gin_spread_add. Returns the length, or GIN_EINVAL (buf NULL, s not
 * melds), GIN_ESPACE (cap too small). */
int gin_spread_format(gin_spread s, char *buf, size_t cap);
/* Room enough for any spread of 11 cards in that form. */
enum { GIN_SPREAD_TEXT_MAX = 48 };

/* Every meld contained in `hand` (all sets of 3 and 4, all runs of every
 * length). Writes up to `cap` into out[] and returns the total count, or
 * GIN_EINVAL. Order: sets by rank (a four-set before its three-sets), then
 * runs by lowest card, shorter first. */
int gin_melds_in(gin_cardset hand, gin_cardset *out, size_t cap);

/* For a hand, the deadwood left after discarding each card, solved together
 * rather than once per card (with AVX2 or AVX-512 when the CPU has them;
 * the answers never depend on it). after[c] receives the least deadwood of
 * hand minus c for every card c in hand, and -1 for every c not in hand
 * (after has 64 entries, indexed by card, owned by the caller; all 64 are
 * written). Returns the least of those, or GIN_EINVAL (bad bits, an empty
 * hand, or after NULL; after is then untouched). */
int gin_discard_deadwoods(gin_cardset hand, int after[64]);

/* The best discard of `hand` (normally 11 cards): the card whose removal
 * leaves the least deadwood; among ties, the card of highest value, then the
 * highest rank, then the lowest suit index. Stores the card and the deadwood
 * after it. Returns GIN_OK or GIN_EINVAL. */
int gin_best_discard(gin_cardset hand, gin_card *discard, int *deadwood_after);

#ifdef __cplusplus
}
#endif
#endif
