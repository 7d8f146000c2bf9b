/* Where a practice undo goes back to (referee.h). The replay itself is the
 * session's (play.c: the match played again from the record); this answer
 * is apart so the player's seat can ask it before any move is taken back. */
#include "referee.h"

int gin_referee_undo_point(const gin_referee *r, int human, const char **why)
{
    for (int i = r->rec->n_actions - 1; i >= r->hand_start && i >= 0; i--) {
        if (r->acted_by[i] != human)
            continue;
        /* Taking back a stock draw would let the player choose again
         * knowing the card: that is not practice but peeking. */
        if (r->rec->actions[i].kind == GIN_ACT_DRAW_STOCK) {
            *why = "Undo never takes back a draw from the stock: you have seen the card.";
            return -1;
        }
        return i;
    }
    *why = "Nothing to undo in this hand yet.";
    return -1;
}
