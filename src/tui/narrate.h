/* gin — a move told in words, once: the table's move log, each seat's last
 * move in its box, the replay of a hand and `gin replay` all tell the
 * game's events through gin_narrate, so they say the same thing the same
 * way. Pure: the caller names the seats and writes the cards. */
#ifndef GIN_TUI_NARRATE_H
#define GIN_TUI_NARRATE_H

#include <stddef.h>
#include "gin/hand.h"

/* A card's text: "K♠" at the terminal, "KS" in plain text (in at most
 * GIN_NARRATE_CARD bytes); a move without its subject: GIN_NARRATE_MOVE. */
enum { GIN_NARRATE_CARD = 16, GIN_NARRATE_MOVE = 96 };
typedef void (*gin_card_text_fn)(gin_card c, char *buf, size_t cap);

typedef struct gin_narrator {
    const char *name[GIN_MAX_SEATS]; /* each seat as a sentence starts it: "You", "Bot 2", "Seat 1" */
    gin_card_text_fn card;
} gin_narrator;

enum gin_narration {
    GIN_TELL_SENTENCE = 0, /* "Bot threw 9♦." */
    GIN_TELL_MOVE = 1      /* a seat's move without its name: "threw 9♦" (the
                              others: nothing) */
};

/* Tell event ev in buf[cap]: a move (a stock draw names its card when ev
 * carries it: the seat's own, or any in a replay of the record), a deal (its
 * first DEAL: who dealt, the upcard), a lay-off, a reshuffle, a void hand.
 * Returns the length written, or 0 for an event not told this way (the
 * other DEALs, penalties, a hand's and the game's results, which the
 * showdown, the sheet and gin replay spell out). `seats` is the game's. */
int gin_narrate(const gin_narrator *n, int seats, const gin_event *ev, int form, char *buf, size_t cap);

#endif
