#!/usr/bin/env bash
# The keys and the message line come from the rules' own list of legal
# moves: after both players pass the upcard, the table must not offer the
# pile, and pressing d then is a message, never the end of the game. (It
# once exited with "the human player failed: illegal action" and no save.)
# Usage: keys.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-keys

# Seed 11: you are offered the upcard first, and the bot passes it too.
start --level normal --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
keys p
wait_for "you both passed the .*, so draw from the stock \\(s\\)" 20
screen | tail -1 | grep -q "d pile" && fail "the key line offers the pile after both passed"
screen | tail -1 | grep -q "s stock" || fail "the key line does not offer the stock"
keys d
wait_for "You both passed the .*: the first draw is from the stock" 5
exited && fail "d after both passed ended the game"
# A click on the pile asks for the same move: the same answer (typed as
# the terminal sends it, SGR: ESC [ < 0 ; column ; row M, then m).
click() { keys -l $'\e[<0;'"$1;$2M"$'\e[<0;'"$1;$2m"; }
row=$(screen | grep -n "Discard [0-9]" | head -1 | cut -d: -f1)
col=$(screen | sed -n "${row}p" | grep -ob "Discard" | head -1 | cut -d: -f1)
[ -n "$row" ] && [ -n "$col" ] || fail "no discard pile on the screen"
keys g # another message first, so the click's answer is seen anew
wait_for "Draw first: s for the stock" 5
click $((col + 2)) $((row + 2))
wait_for "You both passed the .*: the first draw is from the stock" 5
exited && fail "a click on the pile after both passed ended the game"
keys s
wait_for "Pick a card" 10
# "new" under a card: the card just drawn, when it is not the one picked.
newmark() { screen | grep -Eq "new +[0-9]|[0-9] +new"; }
keys Left # keep the new card: pick its neighbour to throw
wait_for "new +[0-9]|[0-9] +new" 5 # the card just drawn, marked new
keys Enter
wait_for "draw from the stock \\(s\\) or take" 20
newmark && fail "a card is still marked new before the next draw"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit after the refused pile"
# Resumed at the draw: nothing is marked new (a resumed game once marked
# the last card drawn before the save).
start --level normal --seed 11 --fast
wait_for "Resume\\?" 10
keys y
wait_for "draw from the stock \\(s\\) or take" 20
newmark && fail "after resuming, a card drawn before the save is marked new"
quit_clean "quit after resuming"
[ -f "$T/state/gin/save" ] || fail "no save after quitting"
"$GIN" replay --quiet "$T/state/gin/save" >/dev/null 2>"$T/err" ||
    { sed '1,/^$/d' "$T/state/gin/save" >"$T/record" && "$GIN" replay --quiet "$T/record"; } ||
    fail "the save does not replay: $(cat "$T/err")"

# A window too small to show the table: keys do nothing but quit.
rm -f "$T/state/gin/save"
start --level normal --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
tm resize-window -t "$PANE" -x 60 -y 20
wait_for "at least 80x24" 10
keys p
wait_idle
tm resize-window -t "$PANE" -x 80 -y 24
wait_gone "at least 80x24" 10
wait_for "take the .* \\(d\\) or pass \\(p\\)" 10
screen | grep -q "passed on" && fail "a key acted while the window was too small"
quit_clean "quit after the small window"
echo "PASS"
