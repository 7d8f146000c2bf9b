/* The trainer's sentence builder (private to src/trainer): text appended
 * to a caller's buffer, cut to fit, with the cards named and the persons
 * chosen by the voice. */
#ifndef GIN_TRAINER_WORDS_H
#define GIN_TRAINER_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include "trainer.h"

typedef struct words {
    char *buf;
    size_t cap, len;
    const gin_trainer_voice *voice;
    int measured; /* the move whose points against the win chance were said, or -1 */
    int void_in;  /* a throw now (no knock) voids the hand: 0 (this throw), 1 (their next), 2 (later or never) */
    /* The moves the question offers as answers, bit k for move k: every
     * move on a page that ranks them all, a drill's few answers in a
     * drill (the words name no other move there). */
    uint32_t offered;
} words;

/* Start an empty text in buf (cap > 0). voice may be NULL (the reader, letters). */
void words_init(words *w, char *buf, size_t cap, const gin_trainer_voice *voice);
void say(words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A clause after the first is joined with "; ". */
void say_clause(words *w);
/* A card's name ("K♣"), and the cards of s space-separated in display order. */
void say_card(words *w, gin_card c);
void say_cards(words *w, gin_cardset s);
/* A card's name into buf. */
void name_card(const gin_trainer_voice *voice, gin_card c, char *buf, size_t cap);
/* Upper-case the first letter of the text (ASCII). */
void words_capital(words *w);

/* A move's value as shown, in tenths: of a percentage point of win chance
 * (GIN_COACH_BY_WIN) or of a point. */
long value_tenths(const gin_coach_move *m, int measure);

/* The persons: the seat the advice is for, and its opponent. */
const char *w_your(const words *w); /* "your" / "its" */
const char *w_they(const words *w); /* "they" / "you" */
const char *w_them(const words *w); /* "them" / "you" */

/* The move as an -ing phrase for comparisons: "throwing the K♣", "knocking
 * with the K♣", "taking the 9♥", "drawing from the stock", "passing". */
void say_doing(words *w, const gin_coach_advice *a, int i);

#endif
