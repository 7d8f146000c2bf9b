#!/usr/bin/env bash
# Every line gin writes for people fits 80 columns: every command's --help
# (the commands from `gin help`), gin --help, gin help, make help, gin-bench
# --help, each example of tests/e2e/data/widths.txt (the test data in
# tests/data, the kept files in tests/e2e/data) and each command of the
# README's console blocks, on standard output and standard error. A new
# option, bot or reason cannot break it unnoticed; adding a command's
# example is one line of widths.txt. Measured in characters of a UTF-8
# terminal (wc -L).
# Not measured: lines with a tab or starting with '{', the one-record-a-line
# formats for programs (analyze and showdown's tab-separated fields, every
# --json), whose length follows the hand and which are not wrapped.
# Usage: widths.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: widths.sh GIN SOURCE_DIR}
src=${2:?usage: widths.sh GIN SOURCE_DIR}
gin=$(cd "$(dirname "$gin")" && pwd)/$(basename "$gin")
src=$(cd "$src" && pwd)
list=${WIDTHS_LIST:-$src/tests/e2e/data/widths.txt}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config" LC_ALL=C.UTF-8
mkdir -p "$HOME" "$XDG_STATE_HOME/gin"
cp -r "$src/tests/e2e/data/history" "$XDG_STATE_HOME/gin/"
cp "$src/fuzz/corpus/stats/v2-played" "$XDG_STATE_HOME/gin/stats-v2"
width=80
checks=0 off=0

# measure WHAT FILE: every line of FILE for people fits $width columns.
measure() {
    checks=$((checks + 1))
    grep -v $'\t' "$2" | grep -v '^{' >"$tmp/people"
    if [ "$(wc -L <"$tmp/people")" -gt $width ]; then
        fail "$1: lines over $width columns:"
        while IFS= read -r line; do
            [ "$(printf '%s\n' "$line" | wc -L)" -gt $width ] && printf '    %3d  %s\n' "$(printf '%s\n' "$line" | wc -L)" "$line"
        done <"$tmp/people"
    fi
}

# run WHAT COMMAND...: run it in $src (stdin from /dev/null unless
# redirected inside), both outputs into one file, and measure that.
run() {
    local what=$1
    shift
    (cd "$src" && "$@") >"$tmp/out" 2>&1 </dev/null
    measure "$what" "$tmp/out"
}

# Every help text.
"$gin" help >"$tmp/help" || fail "gin help failed"
cmds=$(awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }' "$tmp/help")
[ "$(printf '%s\n' "$cmds" | grep -c .)" -ge 9 ] || fail "gin help lists too few commands: $cmds"
run "gin --help" "$gin" --help
run "gin help" "$gin" help
for c in $cmds; do
    run "gin $c --help" "$gin" "$c" --help
    run "gin help $c" "$gin" help "$c"
done
if command -v make >/dev/null; then
    run "make help" make -s -f "$src/Makefile" help
fi
# The benchmarks' list too: the figures in notes are quoted from it.
bench="$(dirname "$gin")/gin-bench"
[ -x "$bench" ] || fail "no gin-bench beside $gin"
run "gin-bench --help" "$bench" --help

# The examples of the list.
while IFS= read -r line; do
    case $line in '' | '#'*) continue ;; esac
    if [ "${line#off: }" != "$line" ]; then
        off=$((off + 1))
        echo "widths: not run yet (${line#off: })"
        continue
    fi
    input=/dev/null
    args=$line
    if [ "${line#*< }" != "$line" ]; then
        input=$src/${line##*< }
        args=${line%% <*}
    fi
    [ -r "$input" ] || { fail "widths.txt: no file $input for: $line"; continue; }
    # shellcheck disable=SC2086 # the list's words are gin's arguments
    (cd "$src" && "$gin" $args) <"$input" >"$tmp/out" 2>&1
    rc=$?
    [ $rc -le 2 ] || fail "gin $args: exit status $rc (a crash?)"
    measure "gin $line" "$tmp/out"
done <"$list"

# The README's console examples (the "$ ..." lines of its console blocks,
# run as tests/e2e/docs.sh runs them, where the history is the one above).
awk -v dir="$tmp" '/^```console/ { on = 1; next } on && /^```/ { on = 0; next }
    on && /^\$ / { n++; sub(/^\$ /, ""); print > (dir "/readme" n ".cmd") }' "$src/README.md"
examples=0
for cmdf in "$tmp"/readme*.cmd; do
    [ -e "$cmdf" ] || break
    examples=$((examples + 1))
    (cd "$tmp" && GIN="$gin" bash -c 'gin() { "$GIN" "$@"; }; '"$(cat "$cmdf")") >"$tmp/out" 2>&1 </dev/null
    measure "README.md: $(cat "$cmdf")" "$tmp/out"
done
[ $examples -ge 3 ] || fail "README.md: only $examples console examples found"

if [ "$failures" -ne 0 ]; then
    echo "e2e_widths: $failures failure(s) in $checks checks"
    exit 1
fi
echo "e2e_widths: $checks checks passed, every line within $width columns${off:+ ($off example(s) not run yet)}"
