#!/usr/bin/env python3
"""pybot: a small bot for the gin bot protocol (docs/protocol.md), standard
library only. It keeps its hand and the discard pile from the messages,
takes a face-up card only when that lowers its deadwood, throws the card
that leaves the least deadwood, and knocks (or goes gin) as soon as it may.
Try: gin sim --p1 exec:'python3 examples/pybot.py' --p2 normal --games 10
"""
import sys
from functools import lru_cache

RANKS = "A23456789TJQK"

def rank(c): return RANKS.index(c[0])
def value(c): return min(rank(c) + 1, 10)

def melds_in(hand):
    """Every set (3-4 of a rank) and run (3+ in a row, one suit) in hand."""
    out, cards = [], sorted(hand, key=rank)
    for r in RANKS:
        same = [c for c in cards if c[0] == r]
        if len(same) >= 3:
            out.append(frozenset(same))
            out += [frozenset(same) - {c} for c in same] if len(same) == 4 else []
    for s in "SHDC":
        suit = [c for c in cards if c[1] == s]
        for i in range(len(suit)):
            run = [suit[i]]
            for c in suit[i + 1:]:
                if rank(c) != rank(run[-1]) + 1:
                    break
                run.append(c)
                if len(run) >= 3:
                    out.append(frozenset(run))
    return out

@lru_cache(maxsize=None)
def deadwood(hand):
    """Least deadwood of a frozenset of cards."""
    if not hand:
        return 0
    first = min(hand, key=lambda c: (rank(c), c[1]))
    best = value(first) + deadwood(hand - {first})
    for m in melds_in(hand):
        if first in m:
            best = min(best, deadwood(hand - m))
    return best

def main():
    me, hand, pile, taken, limit, knobs, discards = 0, set(), [], None, 10, {}, 0
    say = lambda text: print(text, flush=True)  # one line per answer, sent at once
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "gin":
            say("ok pybot")
        elif w[0] == "rules":
            knobs = dict(zip(w[2::2], w[3::2]))
        elif w[0] == "game":
            me = int(w[1])
        elif w[0] == "hand":
            pile, taken, discards, rule = [w[3]], None, 0, knobs.get("knock", "10")
            limit = (0 if w[3][0] == "A" else value(w[3])) if rule == "upcard" else int(rule)
        elif w[0] == "deal":
            hand = set(w[1:])
        elif w[0] == "move":
            seat, what, card = int(w[1]), w[2], (w[3] if len(w) > 3 else None)
            if what in ("take", "pile"):
                pile.pop()
            if what in ("discard", "knock", "gin"):
                pile.append(card)
                discards += 1
            if seat == me and what in ("take", "pile", "stock"):
                hand.add(card)
                taken = card if what != "stock" else None
            if seat == me and what in ("discard", "knock", "gin"):
                hand.discard(card)
        elif w[0] == "reshuffle":
            pile = pile[-1:]
        elif w[0] in ("offer", "draw"):
            top = pile[-1] if pile else None
            now = min(deadwood(frozenset(hand - {c})) for c in hand)
            better = top and min(deadwood(frozenset(hand | {top}) - {c}) for c in hand) < now
            if w[0] == "offer":
                say("take" if better else "pass")
            else:
                # after both players pass the upcard, the first draw is from the stock
                free = discards > 0 or knobs.get("first-turn") == "free"
                say("pile" if better and free else "stock")
        elif w[0] == "discard":
            options = [c for c in hand if c != taken]
            card = min(options, key=lambda c: (deadwood(frozenset(hand - {c})), -value(c)))
            left = deadwood(frozenset(hand - {card}))
            say(("gin " if left == 0 else "knock " if left <= limit else "discard ") + card)
        elif w[0] == "quit":
            break

main()
