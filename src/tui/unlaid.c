/* Why the defender's deadwood stayed in its hand at a two-player knock: the
 * showdown teaches which cards found no meld of the knocker's to go on.
 * (A card of a set's rank always goes on: a set of three takes the fourth,
 * and a set of four leaves none to hold. So only runs need words.) */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "gin/meld.h"
#include "ui.h"

/* The knocker's meld as the table ended it (its own cards and those laid
 * off on it) that card c's rank or suit belongs to: the set of its rank,
 * else the run of its suit nearest to it; 0 when there is none. */
static gin_cardset meld_of(const gin_arrangement *k, const gin_cardset *laid, gin_card c, int *is_set)
{
    gin_cardset best = 0;
    int gap = GIN_RANKS;
    for (int m = 0; m < k->n_melds && m < GIN_MAX_MELDS; m++) {
        gin_cardset whole = k->melds[m] | laid[m];
        if (gin_meld_is_set(k->melds[m])) {
            if (gin_card_rank(gin_cardset_first(whole)) == gin_card_rank(c)) {
                *is_set = 1;
                return whole;
            }
            continue;
        }
        unsigned ranks = gin_cardset_suit(whole, gin_card_suit(c));
        if (!ranks)
            continue;
        int lo = __builtin_ctz(ranks), hi = 31 - __builtin_clz(ranks), r = gin_card_rank(c);
        int d = r < lo ? lo - r : r - hi;
        if (d < gap)
            gap = d, best = whole;
    }
    *is_set = 0;
    return best;
}

void gin_play_unlaid_note(const gin_showdown *sd, const gin_cardset *laid, const char *defender, char *t, size_t cap)
{
    gin_cardset left = sd->defender.unmatched, none = 0;
    if (!left || sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN)
        return;
    char why[GIN_PLAY_PAGE / 8] = "";
    size_t n = 0;
    for (gin_cardset s = left; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        int is_set;
        gin_cardset m = meld_of(&sd->knocker, laid, c, &is_set);
        char ct[GIN_UI_CARD_TEXT], mt[96];
        gin_ui_card_text(c, ct, sizeof ct);
        gin_ui_cards_text(m, mt, sizeof mt);
        if (!m)
            none |= gin_cardset_of(c);
        else if (!is_set) /* a run of its suit, but not at either end */
            n += (size_t)snprintf(why + n, sizeof why - n, "; %s: not next to %s", ct, mt);
        if (n >= sizeof why)
            break;
    }
    if (!none && !n)
        return;
    char nt[96];
    gin_ui_cards_text(none, nt, sizeof nt);
    int one = gin_cardset_count(none) == 1;
    gin_play_add(t, cap, "%s could not lay off ", defender);
    if (none)
        gin_play_add(t, cap, "%s: no set of %s rank or run of %s suit is down", nt, one ? "its" : "their",
                     one ? "its" : "their");
    gin_play_add(t, cap, "%s.\n", none ? why : why + 2);
}
