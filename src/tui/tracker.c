/* The card tracker (table.h): every card of the deck in a 4x13 grid, as the
 * player's view knows it. Built from the view alone, so it shows nothing
 * the player has not seen; the marks are letters, so it reads the same in
 * ASCII and without colour. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "ui.h"

/* The mark of a seat in a ring: its bot number ("2" for Bot 2); two
 * players: none. */
static char seat_digit(const gin_seating *who, int seat)
{
    const char *name = gin_seat_name(who, seat);
    size_t n = strlen(name);
    return who->seats > 2 && n && name[n - 1] >= '0' && name[n - 1] <= '9' ? name[n - 1] : '\0';
}

/* Where card c is in the pile (0 = bottom), or -1. */
static int pile_index(const gin_view *v, gin_card c)
{
    for (int i = 0; i < v->pile_n && i < GIN_DECK_SIZE; i++)
        if (v->pile[i] == c)
            return i;
    return -1;
}

/* The seat other than the player that holds c known, or -1. */
static int known_by(const gin_view *v, gin_card c)
{
    for (int s = 0; s < v->seats && s < GIN_MAX_SEATS; s++)
        if (s != v->seat && gin_cardset_has(v->known[s], c))
            return s;
    return -1;
}

/* One cell, at most three characters: "H" in the hand, "B" (B2) held by
 * the bot (Bot 2) from the pile, "y" thrown by you, "b" (b2) by the bot,
 * "u" the first upcard, "x" thrown and shuffled back into the stock, "."
 * unseen; a '*' after the pile's top card. */
static void cell(const gin_view *v, const gin_seating *who, gin_card c, char out[4])
{
    int at = pile_index(v, c), held = known_by(v, c);
    char d = '\0';
    if (gin_cardset_has(v->hand, c)) {
        snprintf(out, 4, "H");
    } else if (held >= 0) {
        d = seat_digit(who, held);
        snprintf(out, 4, "B%c", d);
    } else if (at >= 0) {
        int by = (int)v->pile_by[at]; /* a seat, or -1 */
        if (by < 0)
            snprintf(out, 4, "u");
        else if (by == v->seat)
            snprintf(out, 4, "y");
        else
            d = seat_digit(who, by), snprintf(out, 4, "b%c", d);
        if (at == v->pile_n - 1)
            strncat(out, "*", 3 - strlen(out));
    } else if (gin_cardset_has(v->seen, c)) {
        snprintf(out, 4, "x");
    } else {
        snprintf(out, 4, ".");
    }
}

/* The counts under the grid: how many are unseen, and where they can be. */
static void add_counts(const gin_view *v, const gin_seating *who, char *buf, size_t cap)
{
    int unseen = gin_cardset_count(gin_view_unseen(v) & GIN_DECK), hidden = 0, known = 0;
    for (int s = 0; s < v->seats && s < GIN_MAX_SEATS; s++)
        if (s != v->seat) {
            int k = gin_cardset_count(v->known[s]);
            known += k;
            hidden += v->hand_size[s] > k ? v->hand_size[s] - k : 0;
        }
    gin_play_add(buf, cap, "\nIn your hand %d. On the pile %d. Known in %s: %d.\n", gin_cardset_count(v->hand),
                 v->pile_n, who->seats > 2 ? "the bots' hands" : "the bot's hand", known);
    /* The unseen cards are the hidden ones of the bots' hands and the rest
     * of the stock (after a reshuffle the stock also holds cards seen). */
    int in_stock = unseen - hidden;
    const char *hands = who->seats > 2 ? "the bots' hands" : "the bot's hand";
    if (in_stock == v->stock_n)
        gin_play_add(buf, cap, "Unseen %d: the %d in the stock and %d in %s.\n", unseen, in_stock, hidden, hands);
    else
        gin_play_add(buf, cap, "Unseen %d: %d of the %d in the stock (x: seen), %d in %s.\n", unseen, in_stock,
                     v->stock_n, hidden, hands);
}

void gin_table_tracker_text(const gin_view *v, const gin_seating *who, char *buf, size_t cap)
{
    buf[0] = '\0';
    int back = 0; /* cards marked x */
    gin_play_add(buf, cap, "     ");
    for (int r = 0; r < GIN_RANKS; r++)
        gin_play_add(buf, cap, "%4s", gin_rank_name(r));
    gin_play_add(buf, cap, "\n");
    for (int s = 0; s < GIN_SUITS; s++) {
        gin_play_add(buf, cap, "  %s  ", gin_suit_name(s, gin_ui_utf8()));
        for (int r = 0; r < GIN_RANKS; r++) {
            char c[4];
            cell(v, who, gin_card_make(r, s), c);
            back += c[0] == 'x';
            gin_play_add(buf, cap, "%4s", c);
        }
        gin_play_add(buf, cap, "\n");
    }
    add_counts(v, who, buf, cap);
    const char *bot = who->seats > 2 ? "a bot" : "the bot", *n = who->seats > 2 ? " (B2: Bot 2)" : "";
    gin_play_add(buf, cap, "\nH  in your hand\n");
    gin_play_add(buf, cap, "B  taken from the pile by %s: in its hand%s\n", bot, n);
    gin_play_add(buf, cap, "y  thrown by you      b  thrown by %s%s\n", bot, who->seats > 2 ? " (b2: Bot 2)" : "");
    gin_play_add(buf, cap, "u  the first upcard   *  the top of the pile\n");
    if (back)
        gin_play_add(buf, cap, "x  thrown, then shuffled into the stock\n");
    gin_play_add(buf, cap, ".  unseen: in the stock or in %s", who->seats > 2 ? "a bot's hand" : "the bot's hand");
}
