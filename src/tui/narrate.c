/* The one narration of the game's events (narrate.h). */
#include "narrate.h"

#include <stdio.h>

static int put(char *buf, size_t cap, int n)
{
    if (n < 0 || (size_t)n >= cap) { /* cut: what fits, still a string */
        if (cap)
            buf[cap - 1] = '\0';
        return cap ? (int)cap - 1 : 0;
    }
    return n;
}

/* The move of ev as its predicate ("threw 9♦"), or 0 for an event that is
 * no move. A knock's card is named in a sentence; a box has room only for
 * what happened. */
static int tell_move(const gin_event *ev, int form, const char *c, char *buf, size_t cap)
{
    int known = gin_card_valid(ev->card);
    switch (ev->kind) {
    case GIN_EV_TAKE_UPCARD:
        return put(buf, cap, snprintf(buf, cap, "took the upcard %s", c));
    case GIN_EV_PASS:
        return put(buf, cap, snprintf(buf, cap, "passed on %s", c));
    case GIN_EV_DRAW_STOCK:
        if (known)
            return put(buf, cap, snprintf(buf, cap, "drew %s from the stock", c));
        return put(buf, cap, snprintf(buf, cap, "drew from the stock"));
    case GIN_EV_DRAW_DISCARD:
        return put(buf, cap, snprintf(buf, cap, "took %s from the pile", c));
    case GIN_EV_DISCARD:
        return put(buf, cap, snprintf(buf, cap, "threw %s", c));
    case GIN_EV_KNOCK:
        if (form == GIN_TELL_MOVE)
            return put(buf, cap, snprintf(buf, cap, "knocked"));
        return put(buf, cap, snprintf(buf, cap, "knocked, throwing %s face down", c));
    case GIN_EV_GIN:
        if (!known) /* all eleven melded: nothing thrown */
            return put(buf, cap, snprintf(buf, cap, "went big gin"));
        if (form == GIN_TELL_MOVE)
            return put(buf, cap, snprintf(buf, cap, "went gin"));
        return put(buf, cap, snprintf(buf, cap, "went gin, throwing %s face down", c));
    default:
        return 0;
    }
}

int gin_narrate(const gin_narrator *n, int seats, const gin_event *ev, int form, char *buf, size_t cap)
{
    if (!cap)
        return 0;
    buf[0] = '\0';
    char c[GIN_NARRATE_CARD] = "?", move[GIN_NARRATE_MOVE];
    if (gin_card_valid(ev->card))
        n->card(ev->card, c, sizeof c);
    int seat_ok = ev->seat >= 0 && ev->seat < GIN_MAX_SEATS && ev->seat < seats;
    const char *who = seat_ok && n->name[ev->seat] ? n->name[ev->seat] : "?";
    if (tell_move(ev, form, c, move, sizeof move))
        return put(buf, cap,
                   form == GIN_TELL_MOVE ? snprintf(buf, cap, "%s", move) : snprintf(buf, cap, "%s %s.", who, move));
    if (form == GIN_TELL_MOVE)
        return 0;
    switch (ev->kind) {
    case GIN_EV_DEAL: /* once a hand: the first seat dealt to is the dealer's left */
        if (seats < 2 || ev->value < 0 || ev->value >= seats || ev->seat != (ev->value + 1) % seats)
            return 0;
        return put(buf, cap, snprintf(buf, cap, "%s dealt; the upcard is %s.", n->name[ev->value], c));
    case GIN_EV_LAYOFF:
        return put(buf, cap, snprintf(buf, cap, "%s laid off %s.", who, c));
    case GIN_EV_RESHUFFLE:
        return put(buf, cap, snprintf(buf, cap, "The pile was shuffled into a new stock of %d.", ev->value));
    case GIN_EV_VOID:
        /* The event does not say why (the stock, or the discards' limit):
         * the hand's end says that, from the hand. */
        return put(buf, cap, snprintf(buf, cap, "Nobody knocked: the hand is void."));
    default:
        return 0;
    }
}
