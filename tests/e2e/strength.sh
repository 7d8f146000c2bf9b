#!/usr/bin/env bash
# End to end: the strength table. `make strength` must hand the script the
# built binary (it once called it with no arguments, which only printed the
# usage), and the script must write a row for every pairing (each level
# against simple and the level below, hard and the expert against every
# style of the gallery), the expert's at the think time asked for or at its
# default, between its markers, keeping the rest of the file.
# Usage: strength.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: strength.sh GIN SOURCE_DIR}
src=${2:?usage: strength.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
rows() { grep -c '^| [a-z]* | [a-z]* | [0-9]' "$1"; }

# 1. The make target names the binary of its build directory.
cmd=$(make -s -n -C "$src" strength BUILD=somewhere 2>/dev/null | grep "strength.sh")
case "$cmd" in
*"scripts/strength.sh somewhere/gin"*) ;;
*) fail "make strength runs '$cmd', not the script on somewhere/gin" ;;
esac

# 2. A small table: eighteen rows, the expert's with --think when asked, and
#    how the points came in each.
OUT="$tmp/s.md" EXPERT_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 4 7 2>"$tmp/err" ||
    fail "strength.sh failed: $(cat "$tmp/err")"
n=$(rows "$tmp/s.md")
[ "$n" -eq 18 ] || fail "expected 18 rows, got $n: $(cat "$tmp/s.md")"
grep -q '^| hard | simple | 4 | ' "$tmp/s.md" || fail "no 4-game hard vs simple row"
for s in eager waiter hoarder blocker collector; do
    grep -q "^| hard | $s | 4 | " "$tmp/s.md" || fail "no hard vs $s row"
    grep -q "^| expert | $s | 2 | .*--think 2\`" "$tmp/s.md" || fail "no expert vs $s row at --think 2"
done
grep -q '^| expert | hard | 2 | .*--think 2`' "$tmp/s.md" || fail "the expert row does not use --think 2"
grep -q 'seed 7' "$tmp/s.md" || fail "the seed is not stated"
# gins, knocks and undercuts as "N (points) / N (points)", and a signed net
grep -Eq '^\| hard \| simple \| 4 \| [^|]*\|[^|]*\|[^|]*\| [+-][0-9.]+ \| [0-9]+ \([0-9]+\) / [0-9]+ \([0-9]+\) \|' \
    "$tmp/s.md" || fail "the hard vs simple row lacks how the points came: $(grep '^| hard | simple' "$tmp/s.md")"

# 3. No think time given: the expert's default, said in words, no --think.
OUT="$tmp/d.md" EXPERT_GAMES=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 2 7 2>/dev/null ||
    fail "strength.sh with the default think time failed"
grep -q "default budget" "$tmp/d.md" || fail "the default think time is not stated"
grep -q -- '--think' "$tmp/d.md" && fail "a --think appears without EXPERT_THINK"

# 3b. A document without the markers is refused and left as it was (it once
#     overwrote docs/strength.md whole).
printf '# Strength\nnotes of our own\n' >"$tmp/plain.md"
cp "$tmp/plain.md" "$tmp/plain.orig"
if OUT="$tmp/plain.md" EXPERT_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 2 7 2>"$tmp/err"; then
    fail "strength.sh wrote into a document without its markers"
fi
grep -q "not overwriting" "$tmp/err" || fail "no message for a document without markers: $(cat "$tmp/err")"
cmp -s "$tmp/plain.md" "$tmp/plain.orig" || fail "a document without the markers was changed"

# 3c. ... and refused before any game is played: a --full run once played
#     its hour of games and then found no "full" markers to write them into.
printf '# Strength\n<!-- strength.sh table: begin -->\n<!-- strength.sh table: end -->\n' >"$tmp/nofull.md"
cp "$tmp/nofull.md" "$tmp/nofull.orig"
if OUT="$tmp/nofull.md" FULL_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" --full "$gin" 2>"$tmp/err"; then
    fail "strength.sh --full wrote into a document without the full markers"
fi
grep -q "nothing was run" "$tmp/err" || fail "no 'nothing was run' for a document without full markers: $(cat "$tmp/err")"
grep -q "^running:" "$tmp/err" && fail "strength.sh --full played games before refusing the document"
cmp -s "$tmp/nofull.md" "$tmp/nofull.orig" || fail "a document without the full markers was changed"

# 4. An existing document keeps what is outside the markers; --full fills its own.
{
    echo "# Strength"
    echo "before the table"
    echo "<!-- strength.sh table: begin -->"
    echo "old table"
    echo "<!-- strength.sh table: end -->"
    echo "between"
    echo "<!-- strength.sh full: begin -->"
    echo "old full"
    echo "<!-- strength.sh full: end -->"
    echo "after the full table"
} >"$tmp/doc.md"
OUT="$tmp/doc.md" EXPERT_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 2 7 2>/dev/null ||
    fail "strength.sh into an existing document failed"
OUT="$tmp/doc.md" FULL_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" --full "$gin" 2>/dev/null ||
    fail "strength.sh --full failed"
for line in "before the table" "between" "after the full table"; do
    grep -qx "$line" "$tmp/doc.md" || fail "'$line' was not kept"
done
grep -q "old table\|old full" "$tmp/doc.md" && fail "an old table was left in place"
n=$(rows "$tmp/doc.md")
[ "$n" -eq $((18 + 26)) ] || fail "expected 18 + 26 rows (the full table: two seeds of 13), got $n"
grep -q '^| expert | blocker | 2 | .*--seed 2 ' "$tmp/doc.md" || fail "no seed-2 row in the full table"
grep -q "the expert at 2 ms a decision\." "$tmp/doc.md" || fail "the full table does not state the think time"

# 5. --full with no think time says the default budget in words (it once
#    wrote "the expert at its default ms").
printf '<!-- strength.sh full: begin -->\n<!-- strength.sh full: end -->\n' >"$tmp/full.md"
OUT="$tmp/full.md" FULL_GAMES=2 JOBS=1 sh "$src/scripts/strength.sh" --full "$gin" 2>/dev/null ||
    fail "strength.sh --full at the default think time failed"
grep -q "the expert at its default budget (50 ms)\." "$tmp/full.md" ||
    fail "the full table does not state the default budget: $(grep 'the expert at' "$tmp/full.md")"

echo "e2e_strength: $failures failure(s)"
[ "$failures" -eq 0 ]
