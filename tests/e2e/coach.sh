#!/usr/bin/env bash
# The coach everywhere it speaks, from one analysis: at the table (H, and
# w writing the position), in gin advise (text and --json) and in gin
# engine's analysis request; the same position gives the same ranking in
# all three, and bad input gets 'line N: ...' and exit 1.
# Usage: coach.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-coach

# The position of data/knock-spreads.save: you may knock, throwing 3♣.
mkdir -p "$T/state/gin"
cp "$SRC/tests/e2e/data/knock-spreads.save" "$T/state/gin/save"
start --level normal --fast
wait_for "Resume\\?" 10
keys y
wait_for "or k to knock \\(deadwood 1\\)" 20
keys H
wait_for "The best moves by the engine's analysis" 10
screen | grep -Eq "^  1\\. (knock|go gin)" || fail "the hint's best move is not a knock here"
screen | grep -q "Your pick" || fail "the hint does not weigh the card you picked"
keys Enter
wait_for "Hint: " 5
keys w
wait_for "Position written to" 5
POS="$T/state/gin/position"
[ -s "$POS" ] || fail "no position file"
head -1 "$POS" | grep -qx "gin 1" || fail "the position does not start as a referee does"
tail -1 "$POS" | grep -qx "discard" || fail "the position does not end with the request"
quit_clean "quit after the hint"

"$GIN" advise <"$POS" >"$T/advise" 2>"$T/err" || fail "gin advise failed: $(cat "$T/err")"
head -1 "$T/advise" | grep -q "^discard: 15 answers, best first" || fail "advise: $(head -1 "$T/advise")"
sed -n 3p "$T/advise" | grep -Eq "^ 1\\. knock" || fail "advise's best is not a knock: $(sed -n 3p "$T/advise")"
grep -q "discard 3C" "$T/advise" || fail "advise does not list every answer"
"$GIN" advise --json <"$POS" >"$T/json" || fail "gin advise --json failed"
grep -q '^{"request": "discard", "moves": \[{"move": "knock ' "$T/json" || fail "advise --json: $(head -c 200 "$T/json")"
[ "$(grep -o '"move": ' "$T/json" | wc -l)" = 15 ] || fail "advise --json does not list 15 moves"

# The engine's analysis request ranks the same moves in the same order.
{ cat "$POS"; echo "analyze discard"; echo quit; } | "$GIN" engine 2>/dev/null >"$T/engine"
grep -qx "analysis 15" "$T/engine" || fail "engine: no 'analysis 15' line: $(tail -3 "$T/engine")"
grep '^rank ' "$T/engine" | sed 's/^rank \(.*\) points .*/\1/' >"$T/engine.moves"
grep -o '"move": "[^"]*"' "$T/json" | sed 's/"move": "\(.*\)"/\1/' >"$T/advise.moves"
diff "$T/advise.moves" "$T/engine.moves" >/dev/null || fail "engine and advise rank differently: $(diff "$T/advise.moves" "$T/engine.moves")"
# Asked out of turn, the engine declines.
{ cat "$POS"; echo "analyze draw"; echo quit; } | "$GIN" engine 2>"$T/err" | grep -qx "analysis 0" ||
    fail "engine did not decline an analysis out of turn"

# Bad input.
echo "hello there" | "$GIN" advise >/dev/null 2>"$T/err" && fail "advise accepted garbage"
grep -q "^line 1: 'hello there' is not a referee message" "$T/err" || fail "advise garbage message: $(cat "$T/err")"
head -n -1 "$POS" | "$GIN" advise >/dev/null 2>"$T/err" && fail "advise accepted a transcript without a request"
grep -q "must end with a request" "$T/err" || fail "advise no-request message: $(cat "$T/err")"
{ head -n -1 "$POS"; echo draw; } | "$GIN" advise >/dev/null 2>"$T/err" && fail "advise accepted a request out of turn"
grep -q "'draw' is asked, but by the transcript it is your turn to discard" "$T/err" ||
    fail "advise out-of-turn message: $(cat "$T/err")"
"$GIN" advise </dev/null >/dev/null 2>"$T/err" && fail "advise accepted no input"
grep -q "no input" "$T/err" || fail "advise no-input message: $(cat "$T/err")"
echo "PASS"
