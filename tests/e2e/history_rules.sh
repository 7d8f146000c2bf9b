#!/usr/bin/env bash
# gin history's Rules column: a label longer than the column ("standard,
# knock upcard") goes on under it, broken after a comma, so every line
# stays within 80 columns and the other columns stay in line (it once ran
# the line to 81 and pushed Result and Score out of their columns). A table
# of four's score ("104-101-32-21", longer than its column) goes whole on
# the row under, ending at column 80 (it once ran the line to 86).
# Usage: history_rules.sh PATH/TO/gin SOURCE_DIR
set -u
gin=${1:?usage: history_rules.sh GIN SOURCE_DIR}
src=${2:?usage: history_rules.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh"
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config" LC_ALL=C.UTF-8
mkdir -p "$HOME" "$XDG_STATE_HOME/gin/history"
# Game 2 of the test history with a longer label in its header (the record
# below it keeps its own rules), and three-digit scores.
sed -e '1,/^gin-record/s/^rules standard$/rules standard, knock upcard/' \
    -e '1,/^gin-record/s/^score 0 0$/score 112 98/' \
    "$src/tests/e2e/data/history/000002" >"$XDG_STATE_HOME/gin/history/000001"
"$gin" history >"$tmp/out" 2>&1 || fail "gin history failed: $(cat "$tmp/out")"
[ "$(wc -L <"$tmp/out")" -le 80 ] || fail "gin history writes lines over 80 columns:$(printf '\n'; cat "$tmp/out")"
col=$(grep "^ *No\\." "$tmp/out" | grep -bo "Rules" | cut -d: -f1)
grep -Eq "^ +1  2026-12-01 11:59  hard +standard, +resigned +yes +112-98$" "$tmp/out" ||
    fail "the game's line is not whole:$(printf '\n'; cat "$tmp/out")"
cont=$(grep -n "knock upcard" "$tmp/out" | cut -d: -f1)
at=$(grep "knock upcard" "$tmp/out" | grep -bo "knock upcard" | cut -d: -f1)
[ -n "$cont" ] && [ "$at" = "$col" ] || fail "the label's rest is not under the Rules column ($at, not $col)"

# A table of four as the table kept it (tests/e2e/data/history4): alone,
# then with the long label (the score shares the label's second row), then
# beside the two-player game.
rm -f "$XDG_STATE_HOME/gin/history/"*
four=$src/tests/e2e/data/history4/000001
for label in standard "standard, knock upcard"; do
    sed -e "1,/^gin-record/s/^rules standard\$/rules $label/" "$four" >"$XDG_STATE_HOME/gin/history/000001"
    "$gin" history >"$tmp/out" 2>&1 || fail "gin history (four players, $label) failed: $(cat "$tmp/out")"
    [ "$(wc -L <"$tmp/out")" -le 80 ] ||
        fail "gin history (four players, $label) writes lines over 80 columns:$(printf '\n'; cat "$tmp/out")"
    grep -Eq "^ +1  2026-12-03 21:06  3 easy +standard,? +lost +no$" "$tmp/out" ||
        fail "the four-player game's line ($label):$(printf '\n'; cat "$tmp/out")"
    # The scores, yours first, end at column 80 on the row under the game's.
    below=$(grep -A1 "^ *1  2026-12-03" "$tmp/out" | tail -n 1)
    [ "${#below}" = 80 ] && [ "${below% 104-101-32-21}" != "$below" ] ||
        fail "the four scores are not on the row under, ending at column 80 ($label): '$below'"
done
grep -q "^ *knock upcard  *104-101-32-21$" "$tmp/out" || fail "the label's rest and the scores share a row:$(printf '\n'; cat "$tmp/out")"
cp "$src/tests/e2e/data/history/000002" "$XDG_STATE_HOME/gin/history/000002"
"$gin" history >"$tmp/out" 2>&1 || fail "gin history (two games) failed: $(cat "$tmp/out")"
[ "$(wc -L <"$tmp/out")" -le 80 ] || fail "gin history (two games) writes lines over 80 columns:$(printf '\n'; cat "$tmp/out")"
grep -Eq "^ +2  2026-12-01 11:59  hard +standard +resigned +yes  0-0$" "$tmp/out" ||
    fail "the two-player game's line beside the table's:$(printf '\n'; cat "$tmp/out")"
[ $failures = 0 ] || exit 1
echo "history_rules: ok"
