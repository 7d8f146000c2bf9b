/* The referee's record of the table's game (referee.h). */
#include "referee.h"

#include <string.h>
#include "gin/error.h"
#include "gin/meld.h"

_Static_assert(sizeof(((gin_ring_showdown *)0)->layoffs[0]) == GIN_DEFENDER_LAYOFFS * sizeof(gin_layoff),
               "GIN_DEFENDER_LAYOFFS is the core's bound");

int gin_referee_record(gin_referee *r)
{
    int at = r->rec->n_actions;
    if (gin_record_add(r->rec, r->m.last) != GIN_OK)
        return -1;
    r->acted_by[at] = (int8_t)r->m.moved;
    return 0;
}

void gin_referee_hand_end(gin_referee *r)
{
    const gin_hand *h = &r->m.game.hand;
    gin_hand_end *e = &r->end;
    memset(e, 0, sizeof *e);
    e->hand_no = r->m.game.hand_no;
    e->knocker = h->knocker;
    e->is_void = h->void_hand || h->knocker < 0;
    if (!e->is_void) {
        e->sd = h->result;
        if (h->seats > 2)
            e->ring = h->ring;
    }
    memcpy(e->held, h->held, sizeof e->held);
    e->first_upcard = h->first_upcard;
    /* The knock is the move that ended the hand: did it name its melds? */
    const gin_action *knock = r->m.moved >= 0 ? &r->m.last : NULL;
    e->chosen = knock && knock->kind == GIN_ACT_KNOCK && (knock->spread.sets | knock->spread.runs);
    e->spreads = h->knocker >= 0 ? gin_spreads(h->held[h->knocker], h->knock_limit, NULL, 0) : 0;
}
