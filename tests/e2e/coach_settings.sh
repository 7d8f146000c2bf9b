#!/usr/bin/env bash
# Issue 26, the coach's settings: on request by default; after every move
# (coach = 1) the coach's verdict on your move greets your next turn, the
# turn's prompt after it; in practice with nudge = 1 a mistake is named
# right away with u to undo it, and u takes it back; the menu cycles the
# coach's modes and the nudge and remembers them.
# Usage: coach_settings.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-coach-settings
S="$T/state/gin"
C="$T/config/gin"
mkdir -p "$S" "$C"
chmod 700 "$S"

# 1. After every move: the verdict on the move, at the next turn.
printf 'coach = 1\n' >"$C/settings"
start --seed 5 --fast --level easy
wait_for "Your turn" 30
answer
wait_for "Coach: (the best move|about equal to the best|close to the best|an? (inaccuracy|mistake|blunder))" 60
# ... with the turn's prompt after it (the note alone hid whose move it was).
screen | tr "\n" " " | tr -s " " | grep -Eq "Coach: .*\. Your turn: (take|draw)" ||
    fail "the coach's note hides the turn's prompt: $(screen | tail -4)"
quit_clean "quit after the coach spoke"

# 2. Practice with the nudge: throwing a card of a set where a knock was at
# hand is a mistake at least; the nudge says so, u undoes it.
sed 's/^practice 0$/practice 1/' "$SRC/tests/e2e/data/knock-spreads.save" >"$S/save"
printf 'nudge = 1\n' >"$C/settings"
start --level normal --fast
wait_for "Resume\\?" 10
keys y
wait_for "or k to knock \\(deadwood 1\\)" 20
keys 1 # the 4♠ of a set
wait_idle
keys Enter
wait_for "Coach: an? (mistake|blunder), [0-9.]+% of the chance to win given up; best was to (knock|go gin)" 60
screen | tr "\n" " " | tr -s " " | grep -q "u: undo it\\." || fail "the nudge does not offer undo"
keys u
wait_for "Undone" 10
screen | grep -q "or k to knock (deadwood 1)" || fail "u did not take the throw back"
quit_clean "quit after the undo"

rm -f "$S/save" "$C/settings"

# 3. The menu cycles the coach's modes, and remembers them.
start --seed 5 --fast --level easy
wait_for "Your turn" 30
keys m
wait_for "Coach +on request \\(H\\)" 10
screen | grep -q "Back to the table" || fail "the menu does not fit 80x24"
menu_item "Coach"
keys Right
wait_for "Coach +on request; in practice after a mistake too" 5
grep -qx "nudge = 1" "$C/settings" || fail "the nudge is not remembered: $(cat "$C/settings")"
keys Right
wait_for "Coach +after every move" 5
keys Right
wait_for "Coach +after a move giving up 2 or more" 5
grep -qx "coach = 2" "$C/settings" && grep -qx "coach-threshold = 2" "$C/settings" &&
    grep -qx "nudge = 0" "$C/settings" || fail "the coach's settings are not remembered: $(cat "$C/settings")"
screen | grep -q "the rest at once" || fail "the menu's note is cut at 80x24"
keys Escape
quit_clean "quit after the menu"
echo "PASS"
