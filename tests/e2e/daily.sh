#!/usr/bin/env bash
# The day's deal (gin --deal daily): two tables started on the same UTC
# date deal the same game, whose seed is the date as YYYYMMDD (docs/gin.6);
# the game-over screen shows the seed, and gin history --json keeps it.
# Usage: daily.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-daily

# seed_of: the seed line of the save (docs/record.md).
seed_of() { sed -n 's/^seed \([0-9]*\)$/\1/p' "$T/state/gin/save" | head -n 1; }

seeds=()
for run in 1 2; do
    rm -rf "$T/state"
    start --level easy --fast --deal daily
    wait_turn "Your turn" 20
    quit_clean "quit the day's deal (run $run)"
    [ -f "$T/state/gin/save" ] || fail "run $run: no save to read the seed from"
    seeds+=("$(seed_of)")
done
today=$(date -u +%Y%m%d)
[ "${seeds[0]}" = "${seeds[1]}" ] || fail "two runs on one date dealt seeds ${seeds[0]} and ${seeds[1]}"
# A run across midnight (UTC) may see the next date: either is the date's seed.
[ "${seeds[0]}" = "$today" ] || [ "${seeds[0]}" = "$(date -u -d yesterday +%Y%m%d)" ] ||
    fail "the day's seed is ${seeds[0]}, not the date $today"

# The game-over screen names the seed (a one-hand game: --target 1).
rm -rf "$T/state"
start --level easy --fast --seed 42 --target 1
for ((i = 0; i < 400; i++)); do
    screen | grep -q "Game over" && break
    if screen | grep -q "Enter: the final score"; then keys Enter; else answer || keys Enter; fi
    sleep 0.05
done
wait_for "The deal: seed 42 \\(gin --seed 42 deals it again\\)" 20
quit_clean "quit after the game"
HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" history --json >"$T/h.json" 2>"$T/err" || fail "gin history --json: $(cat "$T/err")"
grep -q '"seed":"42"' "$T/h.json" || fail "the history does not keep the seed: $(head -c 400 "$T/h.json")"
echo "PASS"
