#!/usr/bin/env bash
# The mouse: the wheel scrolls the help page (and any page) and the move
# log when over it; --no-mouse leaves the mouse to the terminal (the wheel
# does nothing at the table) and is remembered, --mouse brings it back.
# Mouse events are typed into the pane as the terminal would send them
# (SGR: ESC [ < button ; column ; row M; 64 is the wheel up, 65 down).
# Usage: mouse.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-mouse

wheel() { tm send-keys -t "$PANE" -l $'\e[<'"$1;$2;$3M"; } # wheel BUTTON COL ROW (1-based)
TOP="STANDARD RULES \\(the default\\)"
SEED=${SEED:-4}

start --level normal --seed $SEED --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
# The log begins with the cut for the first deal (it was never shown).
screen | grep -Eq "You cut .{2,3}, the bot .{2,3} \\(low card deals\\)\\." ||
    fail "the log does not show the cut"
keys '?'
wait_for "$TOP" 5
wheel 65 10 10
sleep 0.5
screen | grep -Eq "$TOP" && fail "the wheel did not scroll the help"
wheel 64 10 10
wait_for "$TOP" 5
keys Escape
wait_for "take the .* \\(d\\) or pass \\(p\\)" 5
# Enough moves for the log to outgrow its panel (6 rows at 80x24).
for i in $(seq 1 40); do
    screen | grep -q "You cut" || break
    answer || fail "the hand ended before the log outgrew its panel"
    sleep 0.4
done
screen | grep -q "You cut" && fail "the log shows its first line still: not enough moves to test"
wait_for "Your turn|Pick a card" 10
row=$(screen | grep -n "threw\\|drew\\|took\\|passed" | head -1 | cut -d: -f1)
col=$(screen | sed -n "${row}p" | grep -ob "threw\\|drew\\|took\\|passed" | head -1 | cut -d: -f1)
[ -n "$row" ] && [ -n "$col" ] || fail "no log line on the screen"
for i in 1 2 3 4 5 6 7 8 9 10; do wheel 64 $((col + 1)) "$row"; done
wait_for "You cut" 5
quit_clean "quit after the wheel"

# --no-mouse: remembered; the wheel does not scroll the help.
start --level normal --seed $SEED --fast --no-mouse
wait_for "Resume\\?" 10
keys y
# The first game was quit at a draw or at a throw, as the moves fell.
wait_for "Your turn|Pick a card" 20
grep -qx "mouse = 0" "$T/config/gin/settings" || fail "--no-mouse is not remembered: $(cat "$T/config/gin/settings")"
keys '?'
wait_for "$TOP" 5
wheel 65 10 10
sleep 0.5
screen | grep -Eq "$TOP" || fail "with --no-mouse the wheel still scrolled the help"
keys Escape
quit_clean "quit without the mouse"
start --level normal --seed $SEED --fast --mouse
wait_for "Resume\\?" 10
keys y
wait_for "Your turn|Pick a card" 20
quit_clean "quit with the mouse back"
grep -qx "mouse = 1" "$T/config/gin/settings" || fail "--mouse is not remembered"
echo "PASS"
