#!/usr/bin/env bash
# Issue 17, at the table in tmux (80x24, UTF-8 and LANG=C): a game cannot be
# dodged — 'n' at the resume prompt and Resign in the menu each count one
# lost game — every game is kept in the history (gin history, gin replay N,
# gin replay --save), the statistics screen shows the table and the bars of
# the margins, the hand replay (r) steps through the hand, and gin stats
# --reset is refused while a table is open.
# Usage: history.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-history
S="$T/state/gin"
run() { HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" "$@"; }
# quit_saved LABEL: q y at the table, the game saved.
quit_saved() {
    wait_turn "Your turn|Pick a card" 30
    keys q
    wait_for "Quit\\?" 5
    keys y
    expect_exit 0 "$1"
}

# 0. Yesterday's statistics file (format 1, in `stats`): read and
# converted, knocks apart from gins (format 1 counted the 2 gins as knocks).
mkdir -p "$S" && chmod 700 "$S"
printf '# gin statistics v1: level games wins hands hands_won gins undercuts knocks points streak best\n' >"$S/stats"
printf 'normal 5 3 20 11 2 1 6 4000 1 2\n' >>"$S/stats"
cp "$S/stats" "$T/stats.v1"
run stats >"$T/out" || fail "gin stats on a format-1 file failed: $(cat "$T/out")"
grep -q "older gin (format 1), converted" "$T/out" || fail "gin stats does not say it converted: $(cat "$T/out")"
grep -Eq "^normal +all +5 +3 +60% +0 +18% +4 +1/0\*" "$T/out" || fail "the format-1 row: $(cat "$T/out")"
[ -e "$S/stats-v3" ] && fail "gin stats wrote the statistics"

# 1. A game in progress, then 'n' at the resume prompt: one lost game.
start --seed 3 --fast --level easy
wait_for "Your turn" 30
for i in 1 2 3 4 5 6; do answer; done # a few moves
quit_saved "quit the first game"
[ -f "$S/save" ] || fail "no save after quitting"
start
wait_for "Resume\\?" 10
screen | grep -q "counts as a lost game" || fail "the resume prompt does not say n counts as a loss"
keys n
wait_turn "Your turn|bot is playing" 20
quit_saved "quit after n"
run stats >"$T/out" || fail "gin stats failed: $(cat "$T/out")"
grep -Eq "^easy +standard +1 +0 +0% +1 " "$T/out" || fail "n at the resume prompt did not count one lost game: $(cat "$T/out")"
grep -Eq "^normal +all +5 +3 " "$T/out" || fail "the converted rows were lost: $(cat "$T/out")"
cmp -s "$S/stats" "$T/stats.v1" || fail "the format-1 file was written"
grep -q "^gin-stats 3" "$S/stats-v3" || fail "no stats-v3 after the first count"
run stats --json | grep -q '"level":"easy","rules":"standard","games":1,"wins":0,"resigned":1,' ||
    fail "gin stats --json: $(run stats --json)"
run history >"$T/out" || fail "gin history failed"
grep -Eq "^ +1  [0-9-]{10} [0-9:]{5}  easy +standard +abandoned +yes" "$T/out" ||
    fail "the abandoned game is not in the history: $(cat "$T/out")"
run replay 1 >"$T/out" || fail "gin replay 1 failed: $(cat "$T/out")"
grep -q "abandoned" "$T/out" && grep -q "^hand 1: .* dealt; the upcard is" "$T/out" || fail "gin replay 1: $(cat "$T/out")"
run replay --save --quiet >"$T/out" || fail "gin replay --save failed: $(cat "$T/out")"
grep -q "/save: ok" "$T/out" || fail "gin replay --save: $(cat "$T/out")"

# 2. Resign from the menu (confirmed): a second lost game; a new game starts.
start
wait_for "Resume\\?" 10
keys y
wait_turn
keys m
wait_for "apply from the next game" 5
menu_item "Resign"
screen | grep -q "a lost game in your statistics" || fail "the Resign item does not say it counts"
keys Enter
wait_for "Resign\\?" 5
screen | grep -q "counts as a lost game" || fail "the confirmation does not say it counts"
keys n # not yet: back to the menu, nothing counted
wait_for "apply from the next game" 5
keys Enter
wait_for "Resign\\?" 5
keys y
wait_turn "Your turn|bot is playing" 20
quit_saved "quit after resigning"
run stats >"$T/out"
grep -Eq "^easy +standard +2 +0 +0% +2 " "$T/out" || fail "the resign did not count a second lost game: $(cat "$T/out")"
run history | grep -Eq "^ +2  .* resigned +yes" || fail "the resigned game is not in the history"

# 3. A practice game does not count: the menu says New game, and why.
start --open
wait_for "Resume\\?" 10
keys n # the saved game counts (it was not practice): a third loss
wait_turn
keys m
wait_for "apply from the next game" 5
menu_item "New game"
screen | grep -q "practice games are not counted" || fail "the menu does not say practice is not counted"
keys Enter
wait_for "New game\\?" 5
keys y
wait_turn
# The statistics screen: the table, the bars, and this game's word.
keys m
wait_for "apply from the next game" 5
menu_item "Statistics"
keys Enter
wait_for "This game does not count: practice" 5
screen | grep -q "easy    standard     3    0" || fail "the statistics screen has no row"
screen | grep -q "lost ▁\|lost ▂\|lost ▃\|lost ▄\|lost ▅\|lost ▆\|lost ▇\|lost █" ||
    fail "no bars of the margins in UTF-8"
keys Enter
wait_for "apply from the next game" 5
keys Escape
quit_saved "quit the practice game"
run stats | grep -Eq "^easy +standard +3 +0 +0% +3 " || fail "a practice game was counted, or the third loss was not"
run history --json | grep -q '"result":"resigned","hands":[0-9]*,"scores":' || fail "gin history --json"
run history --json | grep -q '"practice":true,"counted":false' || fail "the practice game is not in the history"

# 4. The bars in ASCII under LANG=C, and the hand replay step by step.
rm -f "$S/save"
start LANG=C LC_ALL=C -- --seed 8 --fast --level easy --no-open
wait_for "Your turn" 30
keys m
wait_for "apply from the next game" 5
menu_item "Statistics"
keys Enter
wait_for "This game counts" 5
screen | grep -Eq "lost [.:=+*#@-]" || fail "no ASCII bars under LANG=C"
screen | grep -q "▁\|█" && fail "block characters under LANG=C"
keys Enter
keys Escape
play_hand
keys r # the hand is judged first, then replayed
wait_for "Replay of hand 1: the deal" 60
screen | grep -Eq "dealt; the upcard is" || fail "the replay does not show the deal"
screen | grep -Eq "You +.*deadwood [0-9]+" || fail "the replay does not show your hand"
keys Space
wait_for "Replay of hand 1: move 1 of" 5
keys b
wait_for "Replay of hand 1: the deal" 5
keys Space
keys Space
wait_for "move 2 of" 5
keys q
wait_for "Enter: next hand" 5
keys Enter
quit_saved "quit after the replay"

# 5. --reset: refused while a table is open; then done with --yes, the
# old file kept and said where.
start
wait_for "Resume\\?" 10
run stats --reset --yes >"$T/out" 2>&1 && fail "gin stats --reset went ahead while a table was open"
grep -q "cannot reset while a table is open" "$T/out" || fail "--reset refusal: $(cat "$T/out")"
[ -f "$S/stats-v3" ] || fail "the refused reset moved the statistics"
keys q
expect_exit 0 "quit at the resume prompt"
cp "$S/stats-v3" "$T/before"
echo n | run stats --reset >"$T/out" 2>&1 && fail "--reset without a yes went ahead"
[ -f "$S/stats-v3" ] || fail "a declined reset moved the statistics"
run stats --reset --yes >"$T/out" || fail "gin stats --reset --yes failed: $(cat "$T/out")"
kept=$(sed -n 's/.*stats-v3 -> //p' "$T/out")
[ -n "$kept" ] && cmp -s "$kept" "$T/before" || fail "the reset did not keep the old file whole where it said: $(cat "$T/out")"
old=$(sed -n 's/.*\/stats -> //p' "$T/out")
[ -n "$old" ] && cmp -s "$old" "$T/stats.v1" || fail "the reset did not keep the format-1 file too: $(cat "$T/out")"
run stats | grep -q "^No games counted yet" || fail "the statistics are not empty after the reset"
run history | grep -Eq "^ +1  " || fail "the reset touched the history"

# 6. The history rotates at its bound: filled to 200 games, the next game
# kept drops the oldest.
H="$S/history"
n=$(ls "$H" | grep -c '^[0-9]*$')
for ((i = n + 1; i <= 200; i++)); do cp "$H/000001" "$H/$(printf %06d $i)"; done
[ "$(ls "$H" | grep -c '^[0-9]*$')" = 200 ] || fail "could not fill the history"
start
wait_for "Resume\\?" 10
keys n
wait_turn "Your turn|bot is playing" 20
quit_saved "quit after the 201st game"
[ "$(ls "$H" | grep -c '^[0-9]*$')" = 200 ] || fail "the history is not 200 games: $(ls "$H" | grep -c '^[0-9]*$')"
[ -e "$H/000001" ] && fail "the oldest game was not dropped"
[ -e "$H/000002" ] || fail "more than the oldest game was dropped"
run history | sed -n 2p | grep -Eq "^ +201  .* abandoned " || fail "the newest game is not listed first: $(run history | head -3)"

# Entries that cannot be read are listed under their numbers, why wrapped
# to 80 columns (a FIFO's row was 137), and gin history says so by its
# status; the other games are still listed.
printf 'garbage\0\n' >"$H/000250"
mkdir "$H/000251"
mkfifo "$H/000252"
run history >"$T/out" 2>&1 && fail "gin history exited 0 with unreadable entries"
flat=$(tr -s '\n ' '  ' <"$T/out") # the rows' words, wherever they wrapped
for want in "252 the history entry [^ ]*000252 is a named pipe" "251 the history entry [^ ]*000251 is a directory" \
    "250 the history entry [^ ]*000250 is damaged"; do
    grep -Eq "$want" <<<"$flat" || fail "no row /$want/: $(cat "$T/out")"
done
grep -Eq "^ +201  .* abandoned " "$T/out" || fail "the readable games are not listed: $(head "$T/out")"
[ "$(wc -L <"$T/out")" -le 80 ] || fail "gin history is wider than 80 columns: $(awk 'length > 80' "$T/out")"
echo "PASS"
