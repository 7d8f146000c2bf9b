/* gin — the action words, for the core's readers and writers of moves
 * (private to src/core; action.c holds the one table). The bot protocol's
 * "move SEAT WORD [CARD]" tells a seat's move in the same words as an
 * action, so it finds them here rather than spelling them again. */
#ifndef GIN_CORE_ACTION_WORDS_H
#define GIN_CORE_ACTION_WORDS_H

#include "gin/hand.h"

typedef struct gin_action_word {
    const char *word;
    int kind;  /* enum gin_action_kind */
    int event; /* enum gin_event_kind of the move it makes */
    int phase; /* enum gin_phase: the decision it answers */
    int card;  /* 1: the action names a card (discard, knock, gin) */
    int gin;   /* 1: a claim of gin (gin, biggin) */
} gin_action_word;

/* The entry of `word` (case-free when case_free), or NULL. */
const gin_action_word *gin_action_word_find(const char *word, int case_free);
/* The entry that writes a move of event kind `event`: GIN_EV_GIN is
 * "biggin" when card is GIN_NO_CARD, else "gin". NULL for an event that
 * is not a move. */
const gin_action_word *gin_action_word_of_event(int event, gin_card card);

#endif
