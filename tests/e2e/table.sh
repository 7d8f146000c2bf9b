#!/usr/bin/env bash
# End-to-end test of a table of three or four through tmux: `gin --players 3`
# in an 80x24 pane shows every player, plays a hand with keys to its
# showdown, quits (saved) with exit 0 and the terminal restored, resumes as
# three seats; --players 4 seats four and is remembered.
# Usage: table.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
HAND_DONE="Enter: next hand\|Enter: the final score"
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-table

# 1. Three players at 80x24: everyone on the table.
"$GIN" --players 5 </dev/null >/dev/null 2>"$T/err"; rc=$?
[ $rc = 2 ] || fail "--players 5 exited $rc, not 2"
grep -q "from 2 to 4" "$T/err" || fail "--players 5 message: $(cat "$T/err")"

start --players 3 --seed 11 --fast --level easy
wait_for "Your turn" 30
s=$(screen)
grep -q "3 players" <<<"$s" || fail "no seat count in the header"
grep -q "Bot 1 (easy)" <<<"$s" || fail "Bot 1 not shown"
grep -q "Bot 2 (easy)" <<<"$s" || fail "Bot 2 not shown"
grep -q "Bot 3" <<<"$s" && fail "a fourth player at a table of three"
grep -Eq "[0-9] cards · [0-9]+ pts" <<<"$s" || fail "no card count and penalty in a box"
grep -q "Stock" <<<"$s" || fail "no stock"
grep -Eq "You · deadwood [0-9]+" <<<"$s" || fail "no hand line"
screen | tail -1 | grep -q "q quit" || fail "key line lost q quit"
keys '?'
wait_for "A TABLE OF 3" 5
keys Enter
wait_for "Your turn" 5

# 2. A hand played with keys to its showdown: every seat and the penalties.
play_hand
s=$(screen)
if grep -q "is void" <<<"$s"; then
    grep -q "nobody takes penalty points" <<<"$s" || fail "void hand not explained"
else
    grep -Eq "(knocked|went gin|went big gin)" <<<"$s" || fail "showdown does not say who knocked"
    grep -Eq "Penalty totals: you [0-9]+, Bot 1 [0-9]+, Bot 2 [0-9]+" <<<"$s" || fail "showdown without the totals"
    grep -Eq "(takes [0-9]+|wins the hand)" <<<"$s" || fail "showdown without each seat's penalty"
fi
keys t
wait_for "Won by" 5
screen | grep -Eq "Bot 1 +Bot 2" || fail "score sheet without a column per seat"
keys Enter
wait_for "hand 2" 20

# 3. Quit mid-game: saved, exit 0, terminal restored.
wait_for "Your turn" 30
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit a table of three"
[ -f "$T/state/gin/save" ] || fail "no save file after quitting"
grep -q "^seats 3" "$T/state/gin/save" || fail "the save does not say three seats"
grep -q "^players = 3" "$T/config/gin/settings" || fail "--players not remembered"

# 4. Resume: three seats again.
start
wait_for "Resume\\?" 10
screen | grep -q "3 players" || fail "resume prompt does not say 3 players"
keys y
wait_gone "Resume\\?" 10
wait_for "3 players" 10
wait_for "Your turn" 30
screen | grep -q "Bot 2 (easy)" || fail "resumed game lost a seat"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit (1)"

# 5. Four players (a new game): left, top and right, still 80x24.
start --players 4 --seed 3 --fast --level normal
wait_for "Resume\\?" 10
keys n
wait_for "Your turn" 30
s=$(screen)
grep -q "4 players" <<<"$s" || fail "no 4 players in the header"
for b in 1 2 3; do grep -q "Bot $b (normal)" <<<"$s" || fail "Bot $b not shown"; done
top=$(grep -n "Bot 2 (normal)" <<<"$s" | cut -d: -f1)
side=$(grep -n "Bot 1 (normal)" <<<"$s" | cut -d: -f1)
(( top < side )) || fail "Bot 2 is not across the table (above the others)"
grep -n "Bot 3 (normal)" <<<"$s" | grep -q "^$side:" || fail "Bot 1 and Bot 3 not on either side"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit (2)"
grep -q "^players = 4" "$T/config/gin/settings" || fail "--players 4 not remembered"

# 6. Two players are still the default table when asked for.
start --players 2 --seed 3 --fast
wait_for "Resume\\?" 10
keys n
wait_for "Your turn" 30
screen | grep -q "players" && fail "a two-player table mentions players"
screen | grep -q "Normal bot" || fail "two-player opponent line missing"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit (3)"
echo "PASS"
