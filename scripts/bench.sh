#!/usr/bin/env bash
# `make bench`: the speed figures quoted in notes and docs. Never run by the
# tests (timing is not asserted anywhere). Usage: scripts/bench.sh [BUILD_DIR]
set -uo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
work=$build/bench
mkdir -p "$work"
status=0

# Inputs, generated once (fixed seeds, so every run measures the same hands).
gen() { # FILE COUNT CARDS SEED
    [ -s "$1" ] || sh "$here/gen_hands.sh" "$2" "$3" "$4" >"$1"
}
gen "$work/hands10.txt" 100000 10 1
gen "$work/hands11.txt" 100000 11 2
gen "$work/showdown.txt" 100000 showdown 3

run() { # LABEL COMMAND...
    echo "== $1"
    shift
    if ! nice "$@"; then
        echo "   (failed: $*)"
        status=1
    fi
}

run "deadwood, 10-card hands" "$build/gin-bench" deadwood <"$work/hands10.txt"
run "best discard, 11-card hands" "$build/gin-bench" discard <"$work/hands11.txt"
run "showdowns, random deals" "$build/gin-bench" showdown --random 100000 1
run "simulation" "$build/gin-bench" sim

# The command-line readers end to end (parse, solve, format, write).
lines_per_s() { # LABEL FILE COMMAND...
    local label=$1 file=$2
    shift 2
    local n t0 t1
    n=$(wc -l <"$file")
    t0=$(date +%s.%N)
    if ! nice "$@" <"$file" >/dev/null 2>&1; then
        echo "$label: failed"
        status=1
        return
    fi
    t1=$(date +%s.%N)
    awk -v n="$n" -v a="$t0" -v b="$t1" -v l="$label" \
        'BEGIN { t = b - a; printf "%s: %d lines, %.0f lines/s\n", l, n, n / (t > 0 ? t : 1e-9) }'
}
echo "== command line"
lines_per_s "gin analyze (10 cards)" "$work/hands10.txt" "$build/gin" analyze
lines_per_s "gin analyze (11 cards)" "$work/hands11.txt" "$build/gin" analyze
lines_per_s "gin analyze --json (11 cards)" "$work/hands11.txt" "$build/gin" analyze --json
# Oklahoma without an upcard skips the knock-limit check, so every random deal settles.
lines_per_s "gin showdown" "$work/showdown.txt" "$build/gin" showdown --rules oklahoma
exit $status
