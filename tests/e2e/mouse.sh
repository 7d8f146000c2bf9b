#!/usr/bin/env bash
# The mouse: the wheel scrolls the help page (and any page) and the move
# log when over it; --no-mouse leaves the mouse to the terminal (the wheel
# does nothing at the table) and is remembered, --mouse brings it back; a
# throw by clicking the picked card twice plays on at every speed, the
# bot's moves shown and the turn back to you (it once stayed on "The bot
# is playing..." until a key). Mouse events are typed into the pane as the
# terminal would send them (SGR: ESC [ < button ; column ; row M to press,
# m to release; 64 is the wheel up, 65 down). Last, --no-mouse turns off
# the mouse reporting a killed table left on.
# Usage: mouse.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-mouse

wheel() { keys -l $'\e[<'"$1;$2;$3M"; } # wheel BUTTON COL ROW (1-based)
# click COL ROW: the left button pressed, and a moment later released, as
# a hand does it (the release comes on its own, while the table may be
# doing something else).
click() {
    keys -l $'\e[<0;'"$1;$2M"
    sleep 0.1
    keys -l $'\e[<0;'"$1;$2m"
}
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
wait_for "scroll: 4-" 5 # three rows a notch
wheel 64 10 10
wait_for "$TOP" 5
keys Escape
wait_for "take the .* \\(d\\) or pass \\(p\\)" 5
# Enough moves for the log to outgrow its panel (6 rows at 80x24).
for i in $(seq 1 40); do
    screen | grep -q "You cut" || break
    answer || fail "the hand ended before the log outgrew its panel"
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
keys Down # one row: from the top, unless the wheel scrolled it first
wait_for "scroll: (2|5)-" 5
screen | grep -q "scroll: 2-" || fail "with --no-mouse the wheel still scrolled the help"
keys Escape
quit_clean "quit without the mouse"
start --level normal --seed $SEED --fast --mouse
wait_for "Resume\\?" 10
keys y
wait_for "Your turn|Pick a card" 20
quit_clean "quit with the mouse back"
grep -qx "mouse = 1" "$T/config/gin/settings" || fail "--mouse is not remembered"

# The throw by mouse at each speed the bot's moves are shown: seed 11, pass,
# draw, then click the picked card (marked under it) twice.
rm -f "$T/state/gin/save"
for speed in slow normal fast; do
    start --level normal --seed 11 --speed $speed
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
    keys p
    wait_for "draw from the stock \\(s\\)" 20
    keys s
    wait_for "Pick a card" 10
    s=$(screen)
    row=$(grep -n "▲" <<<"$s" | head -1 | cut -d: -f1)
    col=$(sed -n "${row}p" <<<"$s" | sed 's/▲.*//' | wc -m)
    [ -n "$row" ] && [ "$col" -gt 0 ] || fail "no picked card at $speed speed"
    click "$col" $((row - 2)) # on the card's face, two rows over its number
    click "$col" $((row - 2))
    wait_for "You threw" 10
    wait_for "Your turn: draw from the stock \\(s\\)" 20 # the bot drew and threw, its moves shown
    screen | grep -q "Bot threw" || fail "the bot's throw is not in the log at $speed speed"
    quit_clean "quit after the mouse throw at $speed speed"
    rm -f "$T/state/gin/save"
done
# A table killed with the mouse on leaves the terminal reporting it; the
# next one started with --no-mouse turns it off, and leaves it off.
mouse_on() { tm display-message -p -t "$PANE" '#{mouse_any_flag}'; }
start_shell
keys -l "$(printf '%q' "$GIN") --level normal --seed 11 --fast --mouse"
keys Enter
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
[ "$(mouse_on)" = 1 ] || fail "the table with the mouse on: the terminal's mouse flag is $(mouse_on)"
pid=$(gin_pid)
kill -KILL "$pid"
wait_for "^shell>" 10
[ "$(mouse_on)" = 1 ] || fail "the killed table did not leave the mouse on: nothing to test"
# The killed table's picture stays on the screen: clear it first, or the
# wait below would find the old table and look before the new one starts.
keys -l "stty sane; clear"
keys Enter
wait_gone "take the .* \\(d\\) or pass \\(p\\)" 10
keys -l "rm -f '$T/state/gin/save'; $(printf '%q' "$GIN") --level normal --seed 11 --fast --no-mouse"
keys Enter
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
pid=$(gin_pid)
[ -n "$pid" ] || fail "no table running with --no-mouse"
[ "$(mouse_on)" = 0 ] || fail "--no-mouse left the mouse the killed table turned on: flag $(mouse_on)"
keys q
wait_for "Quit\\?" 5
keys y
# The table gone, not just the shell's old prompt back in sight.
for ((i = 0; i < 100; i++)); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
[ -d "/proc/$pid" ] && fail "the table with --no-mouse did not quit"
[ "$(mouse_on)" = 0 ] || fail "the mouse is on after a table with --no-mouse: flag $(mouse_on)"
echo "PASS"
