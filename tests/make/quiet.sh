#!/bin/sh
# `make play` is quiet (issue 28): a line a step, and only the output that
# matters. Runs the real Makefile with a stand-in cmake on PATH that prints
# what a first build prints (configure chatter, make's directory lines,
# percentages), one compiler warning, and makes a stand-in build/gin; the
# output must be the steps, the warning and the program's own output, and
# nothing else. With V=1 everything shows; a failed step names its log.
# Usage: quiet.sh SOURCE_DIR
set -u
src=${1:?usage: quiet.sh SOURCE_DIR}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
mkdir -p "$tmp/bin"
cat >"$tmp/bin/cmake" <<'FAKE'
#!/bin/sh
case $1 in
-S)
    echo "-- The C compiler identification is GNU 12.2.0"
    echo "-- Detecting C compiler ABI info - done"
    echo "-- Build files have been written to: $4" ;;
--build)
    echo "gmake[1]: Entering directory '$2'"
    echo "gmake[4]: Entering directory '$2'"
    echo "[  2%] Generating assets/gin_assets.c, assets/gin_assets.h"
    echo "Scanning dependencies of target gin_core"
    echo "[ 50%] Building C object CMakeFiles/gin_core.dir/src/core/card.c.o"
    echo "src/core/card.c:7:5: warning: a planted warning [-Wplanted]"
    [ -n "${FAKE_FAIL:-}" ] && { echo "src/core/card.c:9:1: error: a planted error"; exit 2; }
    echo "[100%] Built target gin"
    echo "gmake[1]: Leaving directory '$2'"
    mkdir -p "$2"
    printf '#!/bin/sh\necho "the table, with: $*"\n' >"$2/gin"
    chmod +x "$2/gin" ;;
esac
FAKE
chmod +x "$tmp/bin/cmake"
b="$tmp/b"
run() { # the output of `make play`, the seconds taken written as N
    (cd "$src" && PATH="$tmp/bin:$PATH" make -s play BUILD="$b" ARGS=--seed\ 7 "$@" 2>&1)
    echo "exit $?"
}
run | sed 's/([0-9]* s)/(N s)/' >"$tmp/got"
cat >"$tmp/want" <<WANT
gin: configuring $b/
gin: configuring $b/: done (N s)
gin: building gin in $b/
src/core/card.c:7:5: warning: a planted warning [-Wplanted]
gin: building gin in $b/: done (N s)
gin: opening the table: $b/gin --seed 7
the table, with: --seed 7
exit 0
WANT
if ! diff -u "$tmp/want" "$tmp/got"; then
    echo "quiet: make play printed otherwise (- wanted, + printed)"
    fail=1
fi

run V=1 >"$tmp/loud"
for line in "-- The C compiler identification" "Entering directory" "[ 50%] Building C object" "a planted warning" \
    "the table, with: --seed 7" "exit 0"; do
    grep -qF -- "$line" "$tmp/loud" || { echo "quiet: make play V=1 does not show '$line'"; fail=1; }
done

FAKE_FAIL=1 run >"$tmp/failed"
grep -q "^src/core/card.c:9:1: error: a planted error$" "$tmp/failed" || { echo "quiet: a failed build hides its error"; fail=1; }
log=$(sed -n 's/^gin: building gin in .* failed (exit status 2); the whole output is in \([^ ]*\) .*/\1/p' "$tmp/failed")
if [ -z "$log" ] || ! grep -q "Building C object" "$log"; then
    echo "quiet: a failed build does not name a log holding the whole output:"
    cat "$tmp/failed"
    fail=1
fi
[ -n "$log" ] && rm -f "$log"
grep -q "the table, with" "$tmp/failed" && { echo "quiet: the table opened after a failed build"; fail=1; }
grep -q "^exit 0" "$tmp/failed" && { echo "quiet: make play exit 0 after a failed build"; fail=1; }

[ $fail = 0 ] && echo "quiet: make play says its steps, the warning and nothing else; V=1 says all"
exit $fail
