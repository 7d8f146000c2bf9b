#!/usr/bin/env bash
# The card tracker (c) at the real table, 80x24: on the key line (the help
# is made from the same key table: test_keys), the page opens at the
# player's offer and draw with every card of the deck in a 4x13 grid (the player's ten cards marked H, the pile's cards by who
# threw them), its legend and counts whole on the screen, in UTF-8 with
# colours, in ASCII (LANG=C) and without colour; q goes back to the same
# moment; in a ring the bots are told apart (b2, B2); in practice the
# page says the open hands are left out.
# Usage: tracker.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-tracker

# The grid's rows: "  S     H   .  ..." (a suit, then 13 marks).
grid() { screen | grep -E "^ +(S|H|D|C|♠|♥|♦|♣) +([.HBbyux]2?\\*? +){12}[.HBbyux]2?\\*? *$"; }
# The marks alone (the row labels cut off: in ASCII the hearts' row is "H").
marks() { grid | sed -E 's/^ +[^ ]+//'; }

# One run: ENV... -- OPTIONS; SUITS: the four row labels expected.
check() {
    local suits=$1
    shift
    rm -f "$T/state/gin/save" # each run a new game
    start "$@" --level normal --seed 11 --fast
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
    screen | tail -1 | grep -q "c cards" || fail "the key line does not offer the tracker (c cards)"
    keys c
    wait_for "The cards, as far as you know" 5
    [ "$(grid | wc -l)" = 4 ] || fail "the tracker's grid is not four rows of 13 marks"
    [ "$(grid | awk '{print $1}' | tr -d '\n')" = "$suits" ] || fail "the rows are not $suits"
    screen | grep -Eq "^ +A +2 +3 +4 +5 +6 +7 +8 +9 +10 +J +Q +K *$" || fail "no rank header A..K"
    # Ten cards in the hand; the upcard on offer is the first upcard, on top.
    [ "$(marks | grep -o " H\\b" | wc -l)" = 10 ] || fail "the hand is not ten H marks"
    [ "$(marks | grep -o " u\\*" | wc -l)" = 1 ] || fail "the first upcard is not marked u* (the pile's top)"
    wait_for "Unseen 41: the 31 in the stock and 10 in the bot's hand\\." 2
    wait_for "unseen: in the stock or in the bot's hand" 2 # the legend's last line, on screen
    screen | grep -q "scroll:" && fail "the tracker does not fit 80x24"
    keys q
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 5
    exited && fail "q on the tracker ended the game"
    # After a pass and a draw, the bot's answer shows on the pile.
    keys p
    wait_for "draw from the stock \\(s\\)" 20
    keys s
    wait_for "Pick a card" 10
    keys Enter
    wait_for "draw from the stock \\(s\\) or take" 20
    keys c
    wait_for "The cards, as far as you know" 5
    [ "$(marks | grep -o " H\\b" | wc -l)" = 10 ] || fail "after a throw the hand is not ten H marks"
    # Seed 11: the bot took the card the player threw, and threw its own.
    [ "$(marks | grep -o " B\\b" | wc -l)" = 1 ] || fail "the card the bot took from the pile is not marked B"
    [ "$(marks | grep -o " b\\*" | wc -l)" = 1 ] || fail "the bot's throw is not marked b* (the pile's top)"
    wait_for "Known in the bot's hand: 1\\." 2
    keys q
    wait_for "draw from the stock \\(s\\) or take" 5
    quit_clean "quit after the tracker"
}

check "♠♥♦♣" --
check "SHDC" LANG=C LC_ALL=C --
check "♠♥♦♣" NO_COLOR=1 --

# A ring of three: the page tells the bots apart.
rm -f "$T/state/gin/save"
start --players 3 --level normal --seed 5 --fast
wait_for "c cards" 20
keys c
wait_for "The cards, as far as you know" 5
[ "$(grid | wc -l)" = 4 ] || fail "the ring's tracker is not four rows"
wait_for "\\(B2: Bot 2\\)" 2
wait_for "in the bots' hands" 2
[ "$(marks | grep -o " H\\b" | wc -l)" = 7 ] || fail "the ring's hand is not seven H marks"
quit_clean "quit the ring after the tracker"

# A practice game shows the bot's hand face up; the tracker leaves it out
# and says so (QA: "Known in the bot's hand: 0" beside ten open cards).
rm -f "$T/state/gin/save"
start --open --players 2 --level normal --seed 11 --fast
wait_turn
keys c
wait_for "The cards, as far as you know" 5
for ((i = 0; i < 10; i++)); do keys NPage; done
wait_for "Practice: the hands face up on the table are left out" 5
quit_clean "quit the practice game after the tracker"
echo "tracker: ok"
