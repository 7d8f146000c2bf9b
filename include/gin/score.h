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
    int points; /* to the winner (3-4 seats: the penalty points paid in all) */
    int kind;   /* enum gin_result_kind; ignored when void */
    /* Added for the ring of 3-4 (unused, zero, with 2 seats): the penalty
     * points each seat took this hand. */
    int penalty[GIN_MAX_SEATS];
} gin_hand_score;

/* With 3-4 seats a game is scored in penalty points (docs/rules.md, "A
 * table for three or four"): points[] and total[] are each seat's penalty
 * total, hands_won counts the hands a seat won, there are no bonuses, no
 * shutout, and the winner is the seat with the LOWEST total. */
typedef struct gin_game_score {
    int seats;
    int points[GIN_MAX_SEATS]; /* sum of hand points (3-4 seats: penalty points) */
    int hands_won[GIN_MAX_SEATS];
    int game_bonus[GIN_MAX_SEATS];
    int box_bonus[GIN_MAX_SEATS];
    int shutout;              /* 1 if the loser(s) scored no points */
    int total[GIN_MAX_SEATS]; /* final, after doubling */
    int over;                 /* 1 if the hands so far end the game */
    int winner;               /* seat with the highest total when over, else -1 */
} gin_game_score;

/* Running and final score of a game (one of the three in Hollywood). `over`
 * says whether a player reached the target (or max_hands were played);
 * bonuses and doubling are applied only when over. 3-4 seats: penalty
 * scoring from hands[].penalty (see above); a game is over once a seat's
 * penalty total reaches the target (or after max_hands). Returns GIN_OK,
 * GIN_EINVAL. */
int gin_score_game(const gin_rules *r, const gin_hand_score *hands, size_t n, gin_game_score *out);

/* Hollywood: three games at once. A player's first hand won counts in game 1,
 * the second in games 1-2, every later one in all three; a game that is over
 * takes no more points. out[0..2]. Returns GIN_OK or GIN_EINVAL. */
int gin_score_hollywood(const gin_rules *r, const gin_hand_score *hands, size_t n, gin_game_score out[3]);

#ifdef __cplusplus
}
#endif
#endif
