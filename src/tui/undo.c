/* Where a practice undo goes back to. The replay itself is in play.c (it
 * restarts the match through the session's own proxies); this answer is
 * apart so the human seat can ask it before any move is taken back. */
#include "gin/error.h"
#include "play.h"

int gin_play_undo_point(const gin_play *p, const char **why)
{
    if (p->opponent) { /* an external bot's game cannot be played again */
        *why = "Undo is not available against an external bot.";
        return -1;
    }
    for (int i = p->rec->n_actions - 1; i >= p->hand_start && i >= 0; i--) {
        if (p->acted_by[i] != p->human)
            continue;
        /* Taking back a stock draw would let the player choose again
         * knowing the card: that is not practice but peeking. */
        if (p->rec->actions[i].kind == GIN_ACT_DRAW_STOCK) {
            *why = "Undo never takes back a draw from the stock: you have seen the card.";
            return -1;
        }
        return i;
    }
    *why = "Nothing to undo in this hand yet.";
    return -1;
}
