#!/usr/bin/env bash
# Practice undo takes back the player's decisions one at a time, back to
# the start of the hand but never past a card drawn from the stock (it was
# seen), and the save follows: a table killed just after an undo resumes
# without the move, and a resumed game can still undo.
# Usage: undo.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-undo

OFFER="Your turn: take the J♣ \\(d\\) or pass \\(p\\)"
PICK="Pick a card to throw"
DRAW="Your turn: draw from the stock \\(s\\) or take the K♣ \\(d\\)"

start --level normal --seed 11 --fast
wait_for "$OFFER" 20
keys u
wait_for "Undo is for practice games" 5
quit_clean "quit the game that is not practice"
rm -f "$T/state/gin/save"

# Seed 11: the upcard J♣ is offered to you first; the bot then throws K♣.
start --level normal --seed 11 --fast --open
wait_for "$OFFER" 20
keys u
wait_for "Nothing to undo in this hand yet" 5
keys p
wait_for "you both passed the J♣, so draw from the stock" 20
keys u # the pass (and the bot's pass after it)
wait_for "$OFFER" 10
keys d
wait_for "$PICK" 10
keys Enter
wait_for "$DRAW" 20
keys u # the throw, and the bot's move after it
wait_for "$PICK" 10
screen | grep -q "took" || fail "after the undo the J♣ is not marked as taken"
screen | grep -q "Undone: your last move is taken back" || fail "the log does not say what was undone"
# Killed now, the table must resume at this throw, not after the undone one
# (the save after the undo is written before the table waits again).
wait_idle
kill -KILL "$(gin_pid)"
wait_exit 10
start --level normal --seed 11 --fast --open
wait_for "Resume\\?" 10
keys y
wait_for "$PICK" 20
keys u # a resumed game knows who made each move
wait_for "$OFFER" 10
keys d
wait_for "$PICK" 10
keys Enter
wait_for "$DRAW" 20
keys s
wait_for "$PICK" 10
keys u
wait_for "Undo never takes back a draw from the stock" 5
quit_clean "quit after the refused undo"
"$GIN" replay --quiet "$T/state/gin/save" >/dev/null 2>"$T/err" || fail "the save does not replay: $(cat "$T/err")"
echo "PASS"
