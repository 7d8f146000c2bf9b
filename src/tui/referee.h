/* gin — the referee of the table's game: the match (which alone holds the
 * true state: every hand, the stock), the record of every move and who
 * made it, and what each hand's end showed. The screen never reads it; the
 * session takes from it only what is public (each hand's end, the scores)
 * and, in a practice game, the practice reveal. */
#ifndef GIN_TUI_REFEREE_H
#define GIN_TUI_REFEREE_H

#include <stdint.h>
#include "gin/match.h"
#include "gin/record.h"

/* A ring defender's lay-offs at most: the core's bound (gin_ring_showdown's
 * layoffs[][]; referee.c checks they agree). */
enum { GIN_DEFENDER_LAYOFFS = 11 };

/* A hand's end, as every seat saw it: the showdown (every hand shown
 * down), or a void hand's hands as they stood. Kept for the pages that
 * follow it (the showdown, its lay-offs one at a time). */
typedef struct gin_hand_end {
    int hand_no;
    int is_void;                     /* nobody scored */
    int knocker;                     /* -1 for a void hand */
    gin_showdown sd;                 /* two seats */
    gin_ring_showdown ring;          /* a ring of 3-4 */
    int chosen;                      /* the knocker named the melds it showed (else the rules chose) */
    int spreads;                     /* how many spreads the knocker could have shown */
    gin_cardset held[GIN_MAX_SEATS]; /* every hand as the hand ended */
    gin_card first_upcard;           /* (a spade doubles the hand, under that option) */
} gin_hand_end;

typedef struct gin_referee {
    gin_match m;
    gin_record *rec;                         /* every move so far (heap: it is large) */
    int8_t acted_by[GIN_RECORD_MAX_ACTIONS]; /* who made each */
    int hand_start;                          /* where the hand in play began in rec */
    gin_hand_end end;                        /* the last hand's end */
} gin_referee;

/* Keep the move the match has just applied (m.moved, m.last). Returns 0,
 * or -1 when the record is full (GIN_RECORD_MAX_ACTIONS: the move is
 * played but no longer recorded). */
int gin_referee_record(gin_referee *r);
/* The hand in play has just ended: keep what its end showed. */
void gin_referee_hand_end(gin_referee *r);
/* Practice undo: the record index the next undo goes back to (the
 * player's last decision in this hand, never before a card the player drew
 * from the stock: it was seen), or -1 with the reason in *why (undo.c). */
int gin_referee_undo_point(const gin_referee *r, int human, const char **why);

#endif
