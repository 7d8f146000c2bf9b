#!/usr/bin/env bash
# End to end: `gin-bench reading`, the yardstick of how well the bots read
# the opponent's hidden cards (docs/strength.md quotes it). The danger
# estimate must read better than a coin and worse than knowing the hand;
# moving each unseen card's chance toward the real hand must raise the AUC
# step by step, close to 1 at 0.4 (a wrong label, a wrong AUC or a
# sharpening that missed the estimate would break that); the deadwood line
# has a real and a sampled figure for each stage; bad arguments and an
# unknown opponent are refused with a message and a non-zero status.
# Usage: reading.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: reading.sh GIN SOURCE_DIR}
bench=$(dirname "$gin")/gin-bench
[ -x "$bench" ] || { echo "SKIP: no gin-bench beside $gin"; exit 77; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail

"$bench" reading --games 40 --seed 3 >"$tmp/out" 2>"$tmp/err" || fail "reading failed: $(cat "$tmp/err")"
[ "$(grep -c '^reading: ' "$tmp/out")" -eq 3 ] || fail "expected three lines: $(cat "$tmp/out")"
# reading: hard vs simple, 40 games, N cards (P% meldable): danger AUC A (... : a / b / c / d)
auc=$(sed -n 's/^reading: hard vs simple, 40 games, [0-9]* cards ([0-9.]*% meldable): danger AUC \([0-9.]*\) .*/\1/p' "$tmp/out")
[ -n "$auc" ] || fail "no danger AUC: $(cat "$tmp/out")"
awk -v a="${auc:-0}" 'BEGIN { exit !(a > 0.6 && a < 0.95) }' || fail "danger AUC $auc is not between a coin and the truth"
sharp=$(sed -n 's/^reading: marginals sharpened toward the real hand by 0.1 \/ 0.2 \/ 0.4: AUC \(.*\)$/\1/p' "$tmp/out")
echo "$sharp" | awk -v a="${auc:-0}" -F ' / ' 'NF == 3 && $1 > a && $2 > $1 && $3 > $2 && $3 > 0.95 { ok = 1 } END { exit !ok }' ||
    fail "sharpening does not raise the AUC step by step from $auc: '$sharp'"
grep -Eq '^reading: the opponent.s deadwood by discards so far <4 / 4-7 / 8-13 / 14\+: real [0-9.]+ / [0-9.]+ / [0-9.]+ / [0-9.]+, sampled [0-9.]+ / [0-9.]+ / [0-9.]+ / [0-9.]+$' "$tmp/out" ||
    fail "no deadwood line: $(cat "$tmp/out")"

# Another opponent is named in the first line; the same seed reads the same.
"$bench" reading --opponent hard --games 10 --seed 3 >"$tmp/hard" 2>&1 || fail "reading --opponent hard failed"
grep -q '^reading: hard vs hard, 10 games' "$tmp/hard" || fail "the opponent is not named: $(cat "$tmp/hard")"
"$bench" reading --opponent hard --games 10 --seed 3 >"$tmp/hard2" 2>&1
cmp -s "$tmp/hard" "$tmp/hard2" || fail "the same seed read differently"

"$bench" reading --opponent nosuchbot --games 2 >"$tmp/out" 2>"$tmp/err"
[ $? -ne 0 ] || fail "an unknown opponent was accepted"
grep -q 'nosuchbot' "$tmp/err" || fail "the unknown opponent is not named: $(cat "$tmp/err")"
"$bench" reading --games 0 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || fail "--games 0 did not exit 2"
"$bench" reading --games 12x >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || fail "--games 12x did not exit 2"

[ "$failures" -eq 0 ] || exit 1
echo "reading: ok"
