/* gin — a game over hands: the cut, dealing, dealer rotation, void re-deals,
 * totals to the target (or max_hands), bonuses, Hollywood. Two seats, or a
 * ring of 3-4 scored in penalty points (docs/rules.md). */
#ifndef GIN_GAME_H
#define GIN_GAME_H

#include <stdint.h>
#include "gin/hand.h"
#include "gin/score.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GIN_MAX_HANDS = 512 };

typedef struct gin_game {
    gin_rules rules;
    gin_rng rng; /* all shuffles come from here */
    uint64_t seed;
    int cut[GIN_MAX_SEATS]; /* the card each seat cut */
    int dealer;             /* dealer of the current hand */
    int hand_no;            /* 1-based, void hands included */
    gin_hand hand;
    gin_card deck[GIN_DECK_SIZE]; /* the current hand's deck as dealt (for records) */
    int n_results;
    gin_hand_score results[GIN_MAX_HANDS];
    gin_game_score score; /* running score (score[0] alone unless Hollywood) */
    gin_game_score hollywood[3];
    int over;
} gin_game;

/* Start a game: cut for the first deal with rng seeded from `seed` (each
 * seat takes one card of a shuffled deck; rules.cut says whether the low or
 * high rank deals; a tie for it is cut again; cut[] keeps the last cut).
 * Emits nothing; no hand is in play until gin_game_deal. Returns GIN_OK,
 * GIN_EINVAL (NULL), GIN_ERULES (gin_rules_check fails). */
int gin_game_init(gin_game *g, const gin_rules *r, uint64_t seed);
/* Deal the next hand (after init, or after the previous hand is over):
 * shuffles `deck` from the game rng, then draws the hand's reshuffle seed
 * from it, and increments hand_no. Emits the DEAL events.
 * Returns GIN_OK, or GIN_ESTATE if the game is over or a hand is in play. */
int gin_game_deal(gin_game *g, gin_event_fn on_event, void *ctx);
/* Apply an action to the hand in play (as gin_hand_apply; GIN_ESTATE when
 * no hand is in play). When the hand ends: appends its gin_hand_score to
 * results (void: winner -1, points 0), moves the dealer per
 * rules.next_dealer (a void hand keeps it; winner: the hand's winner deals;
 * loser: in a ring the seat with the most penalty this hand, first from
 * the winner's left on a tie; alternate: seat + 1), rescores (score, and
 * hollywood[0..2] under Hollywood; over when all three are over), and emits
 * GIN_EV_GAME_OVER (seat = winner or -1 on a tie, value = winner's total;
 * Hollywood: the sum of the three games' totals; a ring: the lowest
 * penalty total) if the game is over. A game
 * also ends when GIN_MAX_HANDS results are recorded (endless void hands). */
int gin_game_apply(gin_game *g, gin_action a, gin_event_fn on_event, void *ctx);
/* The winner of a finished game and its total (as GIN_EV_GAME_OVER), or -1
 * while the game goes on, on a tie, or for NULL g. total may be NULL. */
int gin_game_winner(const gin_game *g, int *total);

#ifdef __cplusplus
}
#endif
#endif
