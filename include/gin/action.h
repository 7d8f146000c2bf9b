/* gin — an action in words: the one codec of every text that holds one, a
 * record's action lines (docs/record.md) and a bot's answers
 * (docs/protocol.md), and the words of a hand's result.
 *
 * The words: take, pass (the upcard offer); stock, pile (the draw);
 * discard C, knock C, gin C, biggin (the discard; "gin C" is a knock that
 * claims gin, "biggin" a knock of all the cards). A knock may name the
 * melds it shows after its card, each meld one word of comma-joined cards:
 * "knock 2C 3H,4H,5H 9S,9H,9D". */
#ifndef GIN_ACTION_H
#define GIN_ACTION_H

#include <stddef.h>
#include "gin/hand.h"
#include "gin/meld.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for any action written: "discard TH", "knock TH" and its melds. */
enum { GIN_ACTION_TEXT_MAX = 16 + GIN_SPREAD_TEXT_MAX };

enum gin_action_flags {
    GIN_ACTION_CASE_FREE = 1 /* read the words whatever their case (the protocol); records are lower case */
};

/* Write `a` into buf (NUL-terminated, no line end): a knock as "knock C",
 * or "gin C" when claims_gin; a knock without a card as "biggin"; a
 * knock's chosen melds after it (gin_spread_format). The card of take,
 * pass, stock and pile is not read. Returns the length, GIN_ESPACE (cap
 * too small; GIN_ACTION_TEXT_MAX always suffices) or GIN_EINVAL (buf
 * NULL, an unknown kind, an invalid card, melds that are not melds). */
int gin_action_format(gin_action a, int claims_gin, char *buf, size_t cap);

/* Read one action from text[0..len): its words, separated by blanks
 * (spaces, tabs), and nothing else. The card is one card word (no commas);
 * each meld after a knock's card at least three cards, valid and sharing
 * none with the others. Returns GIN_OK with the action in *out, 1 in
 * *claims_gin (may be NULL) for gin and biggin, else 0, and the decision
 * the word answers in *phase (may be NULL: GIN_PHASE_OFFER, DRAW or
 * DISCARD); GIN_EFORMAT when the text is not an action (an unknown word, a
 * card missing, not one card or extra, a bad meld); GIN_EINVAL for NULL
 * text or out. *out is written only on success. */
int gin_action_parse(const char *text, size_t len, unsigned flags, gin_action *out, int *claims_gin, int *phase);

/* The word of a hand's result (enum gin_result_kind: "knock", "undercut",
 * "gin", "biggin"), or NULL for another value. Static. */
const char *gin_result_word(int kind);
/* The result kind `word` names (flags as gin_action_parse), or -1. */
int gin_result_of_word(const char *word, unsigned flags);

#ifdef __cplusplus
}
#endif
#endif
