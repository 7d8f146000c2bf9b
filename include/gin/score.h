/* gin — scoring a game from the results of its hands. */
#ifndef GIN_SCORE_H
#define GIN_SCORE_H

#include <stddef.h>
#include "gin/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gin_hand_score {
    int winner; /* seat, or -1 for a void hand */
    int points; /* to the winner */
    int kind;   /* enum gin_result_kind; ignored when void */
} gin_hand_score;

typedef struct gin_game_score {
    int seats;
    int points[GIN_MAX_SEATS];     /* sum of hand points */
    int hands_won[GIN_MAX_SEATS];
    int game_bonus[GIN_MAX_SEATS];
    int box_bonus[GIN_MAX_SEATS];
    int shutout;                   /* 1 if the loser(s) scored no points */
    int total[GIN_MAX_SEATS];      /* final, after doubling */
    int over;                      /* 1 if the hands so far end the game */
    int winner;                    /* seat with the highest total when over, else -1 */
} gin_game_score;

/* Running and final score of a game (one of the three in Hollywood). `over`
 * says whether a player reached the target (or max_hands were played);
 * bonuses and doubling are applied only when over. Returns GIN_OK, GIN_EINVAL. */
int gin_score_game(const gin_rules *r, const gin_hand_score *hands, size_t n, gin_game_score *out);

/* Hollywood: three games at once. A player's first hand won counts in game 1,
 * the second in games 1-2, every later one in all three; a game that is over
 * takes no more points. out[0..2]. Returns GIN_OK or GIN_EINVAL. */
int gin_score_hollywood(const gin_rules *r, const gin_hand_score *hands, size_t n,
                        gin_game_score out[3]);

#ifdef __cplusplus
}
#endif
#endif
