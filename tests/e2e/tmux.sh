#!/usr/bin/env bash
# End-to-end test of the terminal table through tmux: play a whole hand
# with keys in an 80x24 pane, resize, quit (saved), resume, start with a
# damaged save file, wait_turn past a hand the bot ends first, and answer
# after a key sent at the wrong moment.
# Usage: tmux.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-test

# 1. A whole hand at 80x24.
start --seed 42 --fast --level easy
wait_for "Your turn|bot is playing" 20
screen | grep -q "Stock" || fail "no stock on the table"
screen | grep -q "Easy bot" || fail "no bot level shown"
# The side pages: whole sentences (wrapped, not cut), the pad, the menu;
# the key line keeps "q quit" at 80 columns.
wait_for "Your turn" 30
screen | tail -1 | grep -q "q quit" || fail "key line lost q quit"
keys v
wait_for "Cards taken back from the pile" 5
keys Enter
keys t
wait_for "Hand +Result" 5
keys Enter
keys m
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 5
play_hand
screen | grep -Eq "deadwood [0-9]+" || fail "showdown without deadwood counts"
screen | grep -Eq "Score: you [0-9]+, the bot [0-9]+" || fail "showdown without the score"
keys t
wait_for "Boxes \\(hands won\\)" 5
keys Enter
wait_gone "Boxes \\(hands won\\)" 5
wait_for "hand 2" 20

# 2. Resize: bigger (reflow with large cards), too small (message), back.
tm resize-window -t gin -x 120 -y 40
wait_for "Stock" 10
[ "$(screen | wc -l)" -ge 40 ] || fail "pane did not grow"
tm resize-window -t gin -x 60 -y 20
wait_for "at least 80x24" 10
tm resize-window -t gin -x 80 -y 24
wait_for "Stock" 10

# 3. Quit mid-game: asks, saves, exits 0 with the terminal restored.
wait_for "Your turn" 30
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit mid-game"
[ -f "$T/state/gin/save" ] || fail "no save file after quitting"
[ "$(stat -c %a "$T/state/gin/save")" = 600 ] || fail "save file mode is not 0600"
[ "$(stat -c %a "$T/state/gin")" = 700 ] || fail "state dir mode is not 0700"

# 4. Resume it.
start
wait_for "Resume\\?" 10
screen | grep -q "hand 2" || fail "resume prompt does not say which hand"
keys y
wait_gone "Resume\\?" 10
wait_for "hand 2" 10
wait_for "Your turn" 30
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit after resuming"

# 5. A damaged save: reported, moved aside, and the game still starts.
echo "this is not a saved game" > "$T/state/gin/save"
start --seed 5 --fast
wait_for "damaged" 10
[ -f "$T/state/gin/save.bad" ] || fail "damaged save not moved to save.bad"
keys Enter
wait_for "Stock" 10
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit after a damaged save"

# 5b. A deal where the bot takes the upcard and knocks before the player
# has moved (seed 320, easy: found by trying seeds): the harness's
# wait_turn steps past that hand to the player's turn in hand 2 (history.sh
# and daily.sh, which deal unseeded games, failed in CI so with wait_for).
rm -f "$T/state/gin/save"
start --seed 320 --fast --level easy
wait_for "Hand 1: the bot knocked|Your turn" 20
screen | grep -q "Hand 1: the bot knocked" || fail "seed 320 no longer has the bot knock first: pick another"
wait_turn
screen | grep -qi "hand 2" || fail "wait_turn did not step to hand 2"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit after the bot's first-move knock"

# 5c. A key sent at the wrong moment (a stray Enter at the start of a
# turn, before the draw): the table names the move it wants, and the
# harness's answer makes that move, so a play loop goes on.
rm -f "$T/state/gin/save"
start --seed 42 --fast --level easy
wait_for "Your turn" 30
keys Enter
wait_for "Take the upcard with d or pass with p|Draw first: s for the stock" 5
answer
screen | grep -Eq "Take the upcard with d or pass with p|Draw first: s for the stock" &&
    fail "answer did not reply to the table's hint"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit after the stray key"

# 6. gin stats prints the table (no game has ended yet: none counted).
HOME="$T/home" XDG_STATE_HOME="$T/state" "$GIN" stats | grep -q "^No games counted yet" || fail "gin stats"
echo "PASS"
