/* gin — a game over hands: the cut, dealing, dealer rotation, void re-deals,
 * totals to the target (or max_hands), bonuses, Hollywood. */
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
    gin_rng rng;                 /* all shuffles come from here */
    uint64_t seed;
    int cut[GIN_MAX_SEATS];      /* the card each seat cut */
    int dealer;                  /* dealer of the current hand */
    int hand_no;                 /* 1-based, void hands included */
    gin_hand hand;
    gin_card deck[GIN_DECK_SIZE]; /* the current hand's deck as dealt (for records) */
    int n_results;
    gin_hand_score results[GIN_MAX_HANDS];
    gin_game_score score;        /* running score (score[0] alone unless Hollywood) */
    gin_game_score hollywood[3];
    int over;
} gin_game;

/* Start a game: cut for the first deal with rng seeded from `seed`. Emits
 * nothing. Returns GIN_OK or GIN_ERULES. */
int gin_game_init(gin_game *g, const gin_rules *r, uint64_t seed);
/* Deal the next hand (after init, or after the previous hand is over).
 * Returns GIN_OK, or GIN_ESTATE if the game is over or a hand is in play. */
int gin_game_deal(gin_game *g, gin_event_fn on_event, void *ctx);
/* Apply an action to the hand in play; when it ends, records the result,
 * rotates the dealer, and emits GIN_EV_GAME_OVER if the game is over. */
int gin_game_apply(gin_game *g, gin_action a, gin_event_fn on_event, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
