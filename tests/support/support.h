/* Helpers shared by the test programs (linked into every one): cards from
 * text and a seat's view built by hand. Each asserts with cmocka, so a bad
 * literal fails the test that wrote it. */
#ifndef GIN_TEST_SUPPORT_H
#define GIN_TEST_SUPPORT_H

#include <stdint.h>
#include "gin/card.h"
#include "gin/hand.h"
#include "gin/rng.h"
#include "gin/view.h"

/* One card from text such as "7H"; asserts that it parses. */
gin_card test_card(const char *text);

/* A set of cards from text such as "AS 2S 3S" (may be empty); asserts that
 * it parses. */
gin_cardset test_cards(const char *text);

/* Seat 0's view of a standard two-seat hand dealt by seat 1, on its turn in
 * `phase`: the hand, the pile from bottom to top (every card thrown by
 * seat 1), knock limit 10, the stock what the deal and the pile leave (one
 * less in the discard phase), `turns` turns played, the hand and pile
 * seen, in the first hand of the game. */
gin_view test_view_at(const char *hand, const char *pile, int phase, int turns);

/* Every one of the 52 cards in exactly one place of h: a seat's hand, the
 * stock or the pile; every stock and pile entry a card; no cards held by
 * seats past h->seats. */
void test_assert_conserved(const gin_hand *h);

/* A playout policy for the seat to move in h: a uniformly random legal
 * action, except in the discard phase when gin_rng_below(rng, of) is at
 * least `random`: then a knock when it may (the last legal action), else
 * the discard leaving the least deadwood. Asserts there is a legal action. */
gin_action test_greedy_action(const gin_hand *h, gin_rng *rng, uint32_t of, uint32_t random);

#endif
