#!/usr/bin/env bash
# The table's wording at 80x24 (issue 28, "The table"), in UTF-8 and in
# ASCII (LANG=C): the quit prompt's phrases each whole on a row; the menu's
# note whole above its key line; in a ring of three, everyone's pass said
# as such and no H on the key line (the coach answers two players only);
# --hollywood with three players said on screen.
# Usage: manners.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-manners

row() { screen | sed -n "$1p" | sed 's/ *$//'; }

for lang in C.UTF-8 C; do
    rm -f "$T/state/gin/save"
    start LANG=$lang LC_ALL=$lang -- --level normal --seed 11 --fast
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
    keys q
    wait_for "Quit\\?" 5
    [ "$(row 22)" = " Quit? The game is saved for next time." ] || fail "$lang: the quit prompt's first row: '$(row 22)'"
    [ "$(row 23)" = " y: save and quit, any other key: play on." ] || fail "$lang: the quit prompt's second row: '$(row 23)'"
    keys n
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 5
    # The menu: its note ends whole on the row above the keys, even for the
    # bot with the longest description.
    keys m
    wait_for "Esc or m: back" 5
    [ "$(row 23)" = "   practice apply from the next game (n at game over), the rest at once." ] ||
        fail "$lang: the menu's note is cut: '$(row 23)'"
    screen | tail -1 | grep -q "up/down: choose" || fail "$lang: the menu's key line is gone"
    quit_clean "$lang: quit after the menu"
done

# The bot with the longest description: its two rows and the note's two.
rm -f "$T/state/gin/save"
start --level hoarder --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
keys m
wait_for "Esc or m: back" 5
wait_for "knocks low and late\\." 2
[ "$(row 23)" = "   practice apply from the next game (n at game over), the rest at once." ] ||
    fail "hoarder: the menu's note is cut: '$(row 23)'"
quit_clean "quit after the hoarder's menu"

# A ring of three (seed 1: all three pass the upcard), Hollywood asked for.
for lang in C.UTF-8 C; do
    rm -f "$T/state/gin/save"
    start LANG=$lang LC_ALL=$lang -- --players 3 --hollywood --level normal --seed 1 --fast
    wait_for "Hollywood is for two players: this game of 3 is one game, scored in penalty" 10
    keys Enter
    wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
    screen | tail -1 | grep -q "H hint" && fail "$lang: the ring's key line offers H, which the coach does not answer"
    keys p
    wait_for "Your turn: all three of you passed the .*, so draw from the stock \\(s\\)\\." 20
    screen | grep -q "both passed" && fail "$lang: 'both passed' with three players"
    keys d
    wait_for "All three of you passed the .*: the first draw is from the stock \\(s\\)\\." 5
    keys H
    wait_for "No hint here: the coach analyses the decisions of two players\\." 5
    quit_clean "$lang: quit the ring"
done

# The window's own size, whatever LINES and COLUMNS an environment exports
# (a 120-column table was drawn into this 80-column window, garbled).
rm -rf "$T/state" "$T/config" # the ring's settings above are kept
start -- --level normal --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
plain=$(screen)
quit_clean "the size check's first table"
rm -f "$T/state/gin/save"
start LINES=40 COLUMNS=120 -- --level normal --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
[ "$(screen)" = "$plain" ] || fail "LINES=40 COLUMNS=120 changed the table drawn in an 80x24 window"
quit_clean "the size check's second table"
echo "manners: ok"
