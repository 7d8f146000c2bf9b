#!/usr/bin/env bash
# The knocker chooses its spread: a hand that can show its melds two ways
# (data/knock-spreads.save: knock throwing 3♣ with 4-4-4, 5-5-5, 2-2-2 and
# A♣, or without the twos) offers the choice after the knock is confirmed;
# Esc backs out with no move made; the chosen spread is shown, said, saved
# in the record and replays. Lay-offs come one at a time (not at --fast),
# and the picker reads in an ASCII terminal.
# Usage: spread.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-spread

resume() {
    mkdir -p "$T/state/gin"
    cp "$SRC/tests/e2e/data/knock-spreads.save" "$T/state/gin/save"
    start "$@"
    wait_for "Resume\\?" 10
    keys y
    wait_for "or k to knock \\(deadwood 1\\)" 20
}
PICKER="which melds do you show\\?"

resume --level normal --fast
keys k
wait_for "Press k again" 5
keys k
wait_for "$PICKER" 5
screen | grep -q "\\[4♠ 4♥ 4♦\\] \\[2♥ 2♦ 2♣\\] \\[5♥ 5♦ 5♣\\]  deadwood 1: A♣" || fail "the spread of deadwood 1 is not offered"
screen | grep -q "\\[4♠ 4♥ 4♦\\] \\[5♥ 5♦ 5♣\\]  deadwood 7: 2♥ 2♦ A♣ 2♣" || fail "the spread of deadwood 7 is not offered"
keys Escape
wait_for "No knock: your turn goes on" 5
keys k
wait_for "Press k again" 5
keys k
wait_for "$PICKER" 5
keys Down Down Enter
wait_for "You chose how to show your melds \\(2 ways were open to you\\)" 10
screen | grep -q "You (knocker) · deadwood 7" || fail "the showdown does not show the spread chosen"
# A window too small to show the showdown: Enter does not leave it unseen.
tm resize-window -t "$PANE" -x 60 -y 20
wait_for "at least 80x24" 10
keys Enter
wait_idle
tm resize-window -t "$PANE" -x 80 -y 24
wait_for "You \\(knocker\\) · deadwood 7" 10
keys Enter
wait_for "Your turn|bot is playing|draw from the stock|\\(d\\) or pass" 20
quit_clean "quit after the chosen spread"
grep -qx "knock 3C 4S,4H,4D 5H,5D,5C" "$T/state/gin/save" || fail "the save does not keep the spread: $(grep knock "$T/state/gin/save")"
"$GIN" replay --quiet "$T/state/gin/save" >/dev/null 2>"$T/err" || fail "the save does not replay: $(cat "$T/err")"

# At the normal speed the lay-off waits its turn: first the hands without
# it (the bot's 4♣ still counts in its deadwood), then the whole showdown.
resume --level normal --no-fast
keys k
wait_for "Press k again" 5
keys k
wait_for "$PICKER" 5
keys Enter # the rules' choice
wait_for "one by one" 10
screen | grep -q "+lay" && fail "a lay-off is shown before its turn"
screen | grep -q "Bot · deadwood 8" || fail "the bot's deadwood before the lay-offs is not shown"
wait_for "The bot lays off 4♣ on 4♠ 4♥ 4♦" 5
[ "$(screen | grep -o "+lay" | wc -l)" = 1 ] || fail "not one lay-off shown after the first"
screen | grep -q "Bot · deadwood 4" || fail "the bot's deadwood after one lay-off is not shown"
wait_for "The bot laid off 2 cards" 10
screen | grep -q "You let the rules pick how to show your melds (of 2 ways): least deadwood," || fail "the showdown does not say the rules chose in the picker's words"
screen | grep -q "pick one when you knock" && fail "the showdown tells the player to pick, just after the picker"
quit_clean "quit after the lay-offs"

# ASCII: the same choice in letters.
resume LANG=C LC_ALL=C -- --level normal --fast
keys k
wait_for "Press k again" 5
keys k
wait_for "$PICKER" 5
screen | grep -q "> Let the rules pick: least deadwood, leaving the bot the most deadwood" || fail "no ASCII cursor in the picker"
screen | grep -q "\\[4S 4H 4D\\] \\[5H 5D 5C\\]  deadwood 7: 2H 2D AC 2C" || fail "the ASCII picker does not list the spread"
keys Escape
quit_clean "quit from the ASCII table"
echo "PASS"
