#!/usr/bin/env bash
# Issue 26, the game review: after a counted game the game-over screen
# offers the coach's review (v), a scrolling page at 80x24 in UTF-8 and
# LANG=C, the statistics untouched by it, and the hand's replay (r) with
# its verdicts; gin review N (text within 80
# columns, block graph in UTF-8 and ASCII under LANG=C, --json with the
# decisions), gin review of the save, and bad operands.
# Usage: review.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
HAND_DONE="Enter: the final score" # one-hand games
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-review
S="$T/state/gin"
run() { HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" "$@"; }

# review_at_game_over LABEL [VAR=VALUE --]: a one-hand counted game, then v
# at its game-over screen.
review_at_game_over() {
    local label=$1
    shift
    start "$@" --seed 5 --fast --level easy --max-hands 1
    play_hand
    keys Enter
    wait_for "v: review" 20
    cp "$S/stats-v3" "$T/stats.before" || fail "$label: the game was not counted"
    keys v
    wait_for "Review of your game by the coach" 60
    screen | grep -q "accuracy [0-9]*%" || fail "$label: the review has no accuracy"
    screen | grep -q "The chance to win the game before each of your decisions" ||
        fail "$label: the review has no graph"
    screen | grep -q "Enter: back.*scroll" || fail "$label: the review page does not scroll at 80x24"
    press NPage # the page scrolls
    for i in 1 2 3 4 5; do keys NPage; done
    wait_idle
    screen | grep -q "turn [0-9]" || fail "$label: the review's decisions are not on its scrolled page"
    keys Enter
    wait_for "v: review" 10
    cmp -s "$S/stats-v3" "$T/stats.before" || fail "$label: the review changed the statistics"
    replay_with_verdicts "$label"
    keys q
    expect_exit 0 "$label"
}

# replay_with_verdicts LABEL: at the game-over screen, r replays the hand
# with the review's verdicts (judged already: no second review), counted
# on the deal's page and said at the player's decisions.
replay_with_verdicts() {
    local label=$1 i
    keys r
    wait_for "Replay of hand 1: the deal" 10
    screen | grep -q "Reviewing" && fail "$label: the replay judged the hand again"
    screen | tr '\n' ' ' | tr -s ' ' | grep -Eq "The coach judged your [0-9]+ decisions? in this hand: [0-9]+ best" ||
        fail "$label: the replay does not count the verdicts"
    if screen | grep -q "m: next move not best"; then
        keys m
        wait_for "Coach: an? (inaccuracy|mistake|blunder), " 5
    else
        for ((i = 0; i < 4; i++)); do
            screen | grep -q "Coach: " && break
            press Space
        done
        screen | grep -q "Coach: " || fail "$label: no verdict in the first moves of the replay"
    fi
    keys Escape
    wait_for "v: review" 10
}

review_at_game_over "UTF-8"
grep -q "█" <(run review 1) || fail "gin review 1: no block graph in UTF-8"
review_at_game_over "LANG=C" LANG=C LC_ALL=C --
[ "$(run history | grep -c "easy")" = 2 ] || fail "two games are not in the history: $(run history)"

# gin review N: 80 columns, the same decisions in text and JSON.
LANG=C.UTF-8 LC_ALL=C.UTF-8 run review 2 >"$T/text" 2>"$T/err" || fail "gin review 2 failed: $(cat "$T/err")"
long=$(perl -CSD -ne 'chomp; print "$.: ", length, "\n" if length > 80' "$T/text")
[ -z "$long" ] || fail "gin review is wider than 80 columns: $long"
grep -q "^Your game: [0-9]* decisions, accuracy [0-9]*%" "$T/text" || fail "gin review 2: $(head -3 "$T/text")"
LANG=C LC_ALL=C run review 2 >"$T/ascii" || fail "gin review 2 under LANG=C failed"
LC_ALL=C grep -q '[^ -~]' "$T/ascii" && fail "gin review under LANG=C is not ASCII: $(LC_ALL=C grep '[^ -~]' "$T/ascii")"
grep -q "^ 50% |.*#" "$T/ascii" || fail "no ASCII graph under LANG=C: $(cat "$T/ascii")"
run review --json 2 >"$T/json" || fail "gin review --json 2 failed"
grep -q '^{"ranked_by": "win", .*"accuracy": [0-9.]*, .*"decisions": \[{"hand": 1, "turn": 1, ' "$T/json" ||
    fail "gin review --json: $(head -c 300 "$T/json")"
n=$(grep -o '"verdict": "[a-z]*"' "$T/json" | wc -l)
[ "$n" -gt 0 ] && [ "$n" = "$(grep -c '^  turn [0-9]' "$T/text")" ] ||
    fail "the JSON has $n decisions, the text $(grep -c '^  turn [0-9]' "$T/text")"
for k in hand turn move best lost verdict; do
    [ "$(grep -o "\"$k\": " "$T/json" | wc -l)" -ge "$n" ] || fail "a decision without \"$k\""
done

# The save: none now, then a game left in play.
run review >"$T/out" 2>&1 && fail "gin review with no save succeeded"
grep -q "there is no saved game" "$T/out" || fail "gin review with no save: $(cat "$T/out")"
start --seed 8 --fast --level easy
wait_for "Your turn" 30
for i in 1 2 3 4; do answer; done
quit_clean "quit a game in play"
run review --playouts 2000 >"$T/out" 2>&1 || fail "gin review of the save failed: $(cat "$T/out")"
grep -q "^Hand 1" "$T/out" || fail "gin review of the save: $(cat "$T/out")"

# The knock confirmation gives the coach's undercut estimate (the position
# of data/knock-spreads.save: you may knock with deadwood 1).
cp "${2:?source dir}/tests/e2e/data/knock-spreads.save" "$S/save"
start --level normal --fast
wait_for "Resume\\?" 10
keys y
wait_for "or k to knock \\(deadwood 1\\)" 20
keys k # the best throw is picked: k asks to confirm
wait_for "Press k again to confirm" 10
screen | tr "\n" " " | tr -s " " | grep -Eq "face down\\? An undercut is about [0-9]+% likely \\(their deadwood after lay-offs is about [0-9]+\\)\\." ||
    fail "the knock confirmation has no undercut estimate"
keys Escape
quit_clean "quit at the knock"
rm -f "$S/save"

# Bad operands.
run review 99 >"$T/out" 2>&1
[ $? = 1 ] && grep -q "no game 99 in the history" "$T/out" || fail "gin review 99: $(cat "$T/out")"
run review x >"$T/out" 2>&1
[ $? = 1 ] || fail "gin review x: $(cat "$T/out")"
run review 1 2 >/dev/null 2>&1
[ $? = 2 ] || fail "gin review 1 2 is not a usage mistake"
run review --bogus >/dev/null 2>&1
[ $? = 2 ] || fail "gin review --bogus is not a usage mistake"
echo "PASS"
