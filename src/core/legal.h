/* gin — the legal actions of the seat to move, and what must follow a
 * discard, from the facts both a hand and a seat's view hold (private to
 * src/core). gin_hand_legal,
 * gin_view_legal and gin_view_check are all this, so what the referee
 * accepts, what a player is offered and why a move is refused can never
 * differ. */
#ifndef GIN_CORE_LEGAL_H
#define GIN_CORE_LEGAL_H

#include <stddef.h>
#include "gin/hand.h"
#include "gin/view.h"

typedef struct gin_turn_facts {
    int phase;        /* enum gin_phase */
    gin_cardset held; /* the mover's cards */
    gin_card taken;   /* taken from the pile this turn (may not go back), or GIN_NO_CARD */
    int stock_n, pile_n;
    int pile_barred; /* every seat passed the upcard: the first draw is from the stock */
    int knock_limit;
    int big_gin; /* the rules pay big gin */
} gin_turn_facts;

/* As gin_hand_legal: the count, GIN_ESPACE if cap is too small. */
int gin_turn_legal(const gin_turn_facts *f, gin_action *out, size_t cap);
/* As gin_hand_is_legal: gin_view_check's rules (legal.c, turn_check), the
 * one statement of what is legal, found broken or not. */
int gin_turn_is_legal(const gin_turn_facts *f, gin_action a);

/* What must follow a discard that leaves stock_n cards in the stock and
 * pile_n on the pile, the hand's turns (discards) counted with it, before
 * anything else: the hand ends void (the stock at the rules' void point,
 * the turn limit, or no stock and nothing to make one from), the pile is
 * shuffled into a new stock, or nothing (play goes on). The hand (hand.c)
 * and a seat's client (proto_client.c) both follow this. */
enum { GIN_AFTER_PLAY = 0, GIN_AFTER_VOID, GIN_AFTER_RESHUFFLE };
int gin_after_discard(const gin_rules *r, int stock_n, int pile_n, int turns);

#endif
