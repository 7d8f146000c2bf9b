#!/usr/bin/env bash
# The spread drill (which melds to show at a knock): `gin drill --kind
# spread --json` the same for the same seed and holding its claims; a knock
# of yours in the history that showed a worse spread comes first, on the
# command line and at the table; at the table (menu: Drills...) at 80x24 in
# UTF-8 and with LANG=C, the spreads on the pick keys, the verdict in the
# coach's words (the cards they would lay off, the points), counted in the
# progress file as kind spread.
# Usage: drill_spread.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-drill-spread
quick=(--playouts 10000)

# ---- The command line.
cli() { HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" "$@"; }
cli drill --kind spread --json --no-history --seed 21 --count 2 "${quick[@]}" >"$T/a.json" 2>"$T/err" ||
    fail "gin drill --kind spread --json: $(cat "$T/err")"
cli drill --kind spread --json --no-history --seed 21 --count 2 "${quick[@]}" >"$T/b.json" ||
    fail "gin drill --kind spread --json, again"
cmp -s "$T/a.json" "$T/b.json" || fail "the same seed gives other spread drills"
cli drill --kind spread --json --no-history --seed 22 --count 2 "${quick[@]}" >"$T/c.json" ||
    fail "gin drill --kind spread --json --seed 22"
! cmp -s "$T/a.json" "$T/c.json" || fail "another seed gives the same spread drills"
python3 - "$T/a.json" <<'PY' || fail "the spread drills do not hold their claims: $(cat "$T/a.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["drills"]) == 2, d
for x in d["drills"]:
    assert x["kind"] == "spread" and x["source"] == "generated" and x["ranked_by"] == "points", x
    assert len(x["hand"]) == 11 and x["thrown"] in x["hand"], x
    assert x["question"] == "You knock, throwing the %s face down: which melds do you show?" % x["thrown"], x
    assert 2 <= len(x["choices"]) <= 8, x
    b = x["best"]
    for i, c in enumerate(x["choices"], 1):
        assert c["move"].startswith("knock %s " % x["thrown"]) and c["answer"].startswith("show ["), c
        assert c["deadwood"] <= 10, c
        if i == b:
            assert c["lost"] == 0 and c["points"] == max(y["points"] for y in x["choices"]), x
        else:
            assert c["lost"] >= d["margin"] and c["lost"] >= x["margin"] - 0.005, x
    assert x["explain"].startswith("Right: show ["), x
PY

# Your own knock first: the history holds a game where you showed a worse
# spread (tests/e2e/data/history_spread).
mkdir -p "$T/state/gin"
cp -r "$SRC/tests/e2e/data/history_spread" "$T/state/gin/history"
cli drill --kind spread --json --seed 1 --count 1 "${quick[@]}" >"$T/yours.json" || fail "gin drill with the history"
python3 - "$T/yours.json" <<'PY' || fail "no spread drill of yours: $(cat "$T/yours.json")"
import json, sys
x = json.load(open(sys.argv[1]))["drills"][0]
assert x["kind"] == "spread" and x["source"] == "yours" and x["game"] == 1, x
assert x["played"] != x["best"], x
assert x["choices"][x["played"] - 1]["move"] == "knock 8D 9H,TH,JH,QH TD,JD,QD,KD", x
PY
# Answered on standard input: the spread you played again, then quit.
played=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["drills"][0]["played"])' "$T/yours.json")
printf '%s\nq\n' "$played" | cli drill --kind spread --seed 1 --count 2 "${quick[@]}" >"$T/text" 2>&1 ||
    fail "the text session: $(cat "$T/text")"
grep -q "^Drill 1 of 2: spread, from your game 1 (hand 4)" "$T/text" || fail "the text session shows no spread drill of yours"
grep -q "^Not the best: to show \[9H TH JH QH\] \[TD JD QD KD\]" "$T/text" || fail "the verdict: $(cat "$T/text")"
grep -q "^$(date -u +%Y-%m-%d) spread 1 0$" "$T/state/gin/drills" ||
    fail "the answer is not counted as a spread drill: $(cat "$T/state/gin/drills" 2>&1)"
rm -f "$T/state/gin/drills"

# ---- The table: the same drill first, from the menu.
session() {
    start "$@" --level normal --seed 11 --fast
    wait_for "Your turn" 30
    keys m
    wait_for "apply from the next game" 5
    menu_item "Drills"
    keys Enter
    wait_for "Drill 1: spread" 90
    screen | grep -q "From a game of yours" || fail "the spread drill is not yours"
    screen | grep -q "which melds do you show?" || fail "the spread drill asks no question"
    screen | grep -Eq "^ +1  show \[" || fail "the spreads are not on the pick keys"
    screen | grep -Eq "^ +2  show \[" || fail "no second spread on the pick keys"
    keys 2
    wait_for "Right|Not the best" 10
    screen | tr "\n" " " | tr -s " " | grep -q "gives up [0-9.]* points" || fail "the verdict gives no points"
    screen | grep -q "1 of 1 right this time\\|0 of 1 right this time" || fail "the verdict does not count"
    grep -Eq "^$(date -u +%Y-%m-%d) spread 1 [01]$" "$T/state/gin/drills" ||
        fail "the answer is not in the progress file: $(cat "$T/state/gin/drills" 2>&1)"
}

session
screen | grep -q "\[[0-9TJQKA]*[♠♥♦♣]" || fail "UTF-8: the spreads name no card by its suit glyph"
keys Escape
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 10
quit_clean "quit after the spread drill (UTF-8)"

rm -rf "$T/state" # the saved game too
mkdir -p "$T/state/gin"
cp -r "$SRC/tests/e2e/data/history_spread" "$T/state/gin/history"
session LANG=C LC_ALL=C --
! screen | LC_ALL=C grep -q '[^ -~]' || fail "LANG=C: a non-ASCII character on the verdict"
keys Escape
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 10
quit_clean "quit after the spread drill (LANG=C)"
echo "PASS"
