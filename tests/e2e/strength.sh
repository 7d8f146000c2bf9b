#!/usr/bin/env bash
# End to end: the strength table. `make strength` must hand the script the
# built binary (it once called it with no arguments, which only printed the
# usage), and the script must write a row for every pairing, the expert's at
# the think time asked for or at its default.
# Usage: strength.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: strength.sh GIN SOURCE_DIR}
src=${2:?usage: strength.sh GIN SOURCE_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# 1. The make target names the binary of its build directory.
cmd=$(make -s -n -C "$src" strength BUILD=somewhere 2>/dev/null | grep "strength.sh")
case "$cmd" in
*"scripts/strength.sh somewhere/gin"*) ;;
*) fail "make strength runs '$cmd', not the script on somewhere/gin" ;;
esac

# 2. A small table: eight rows, the expert's with --think when asked.
OUT="$tmp/s.md" EXPERT_GAMES=2 EXPERT_THINK=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 4 7 2>"$tmp/err" ||
    fail "strength.sh failed: $(cat "$tmp/err")"
rows=$(grep -c '^| [a-z]* | [a-z]* | [0-9]' "$tmp/s.md")
[ "$rows" -eq 8 ] || fail "expected 8 rows, got $rows: $(cat "$tmp/s.md")"
grep -q '^| hard | simple | 4 | ' "$tmp/s.md" || fail "no 4-game hard vs simple row"
grep -q '^| expert | hard | 2 | .*--think 2`' "$tmp/s.md" || fail "the expert row does not use --think 2"
grep -q 'seed 7' "$tmp/s.md" || fail "the seed is not stated"

# 3. No think time given: the expert's default, said in words, no --think.
OUT="$tmp/d.md" GAMES=2 EXPERT_GAMES=2 JOBS=1 sh "$src/scripts/strength.sh" "$gin" 2 7 2>/dev/null ||
    fail "strength.sh with the default think time failed"
grep -q "default budget" "$tmp/d.md" || fail "the default think time is not stated"
grep -q -- '--think' "$tmp/d.md" && fail "a --think appears without EXPERT_THINK"

echo "e2e_strength: $failures failure(s)"
[ "$failures" -eq 0 ]
