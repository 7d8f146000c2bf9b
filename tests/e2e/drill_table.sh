#!/usr/bin/env bash
# The drills at the table (menu: Drills...) at 80x24, in UTF-8 and with
# LANG=C: a position with its question and answers on the pick keys, an
# answer's verdict in the coach's words, the answer counted in the drills'
# progress file, Esc back to the menu and the game as it was.
# Usage: drill_table.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-drill

# session [VAR=VALUE... --]: open the drills from the menu, answer one,
# check the verdict and the progress, go back.
session() {
    start "$@" --level normal --seed 11 --fast
    wait_for "Your turn" 30
    keys m
    wait_for "apply from the next game" 5
    menu_item "Drills"
    keys Enter
    wait_for "Drill 1: (throw|take|knock|spread)" 90
    screen | grep -Eq "Which card do you throw\\?|or draw from the stock\\?|or pass\\?|Knock or play on\\?|which melds do you show\\?" ||
        fail "the drill asks no question"
    screen | grep -q "Your hand: " || fail "the drill shows no hand"
    screen | grep -Eq "^ +1  " || fail "the answers are not on the pick keys"
    keys 1
    wait_for "Right|Not the best" 10
    screen | tr "\n" " " | tr -s " " | grep -Eq "percentage points of the chance to win|[0-9] points" ||
        fail "the verdict gives no measure"
    screen | grep -q "1 of 1 right this time\\|0 of 1 right this time" || fail "the verdict does not count"
    grep -Eq "^$(date -u +%Y-%m-%d) (throw|take|knock|spread) 1 [01]$" "$T/state/gin/drills" ||
        fail "the answer is not in the progress file: $(cat "$T/state/gin/drills" 2>&1)"
}

session
screen | grep -q "[♠♥♦♣]" || fail "UTF-8: the verdict names no card by its suit glyph"
keys Escape
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 10
quit_clean "quit after the drills (UTF-8)"

rm -rf "$T/state"
session LANG=C LC_ALL=C --
! screen | LC_ALL=C grep -q '[^ -~]' || fail "LANG=C: a non-ASCII character on the verdict"
keys Enter # the next drill
wait_for "Drill 2: " 90
! screen | LC_ALL=C grep -q '[^ -~]' || fail "LANG=C: a non-ASCII character on the drill"
keys Escape
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 10
quit_clean "quit after the drills (LANG=C)"
echo "PASS"
