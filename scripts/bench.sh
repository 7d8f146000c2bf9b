#!/usr/bin/env bash
# `make bench`: the speed figures quoted in notes and docs, in one run. Never
# run by the tests (timing is not asserted anywhere).
# Usage: scripts/bench.sh [BUILD_DIR]
#
# Every figure is thread CPU time over at least a second on at least 200,000
# distinct hands (gin-bench refuses fewer). The meld kernels run on three
# mixes: uniform random hands, hands met in play (hard vs hard through the
# match loop) and dense hands (three or four full ranks: the worst shapes).
# Beside each kernel figure is its ratio to the classic solver timed in the
# same command on the same hands, which does not depend on the machine; the
# checksums must agree with the classic solver's, or the line says so.
set -uo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
bench=$build/gin-bench
work=$build/bench
mkdir -p "$work"
status=0

# Inputs, generated once (fixed seeds, so every run measures the same hands).
gen() { # FILE COMMAND...
    local file=$1
    shift
    if [ ! -s "$file" ]; then
        "$@" >"$file.tmp" && mv "$file.tmp" "$file"
    fi
}
gen "$work/uniform10.txt" sh "$here/gen_hands.sh" 1000000 10 1
gen "$work/uniform11.txt" sh "$here/gen_hands.sh" 1000000 11 2
gen "$work/dense10.txt" "$bench" hands --dense 1000000 10 3
gen "$work/dense11.txt" "$bench" hands --dense 1000000 11 4
gen "$work/play.txt" nice "$bench" hands --from-play 1000000 7
# The play dump tags each hand after a tab: "held" (10 cards), "drawn" (11).
[ -s "$work/play10.txt" ] || awk -F'\t' '$2 == "held"' "$work/play.txt" >"$work/play10.txt"
[ -s "$work/play11.txt" ] || awk -F'\t' '$2 == "drawn"' "$work/play.txt" >"$work/play11.txt"
gen "$work/showdown.txt" sh "$here/gen_hands.sh" 200000 showdown 3

run() { # LABEL COMMAND...
    echo "== $1"
    shift
    if ! nice "$@"; then
        echo "   (failed: $*)"
        status=1
    fi
}

# Prints the figure lines of one gin-bench meld command, each kernel's with
# its ratio to the classic line of the same name.
with_ratio() {
    awk '
    { line[NR] = $0 }
    # "<name>: <hands> hands, <N> hands/s, checksum <sum> (...)"; the batch
    # kernel computes what the one-at-a-time one does.
    / \(classic/ { split($0, f, " "); rate[f[1]] = f[4]; sum[f[1]] = f[7] }
    END {
        for (i = 1; i <= NR; i++) {
            split(line[i], f, " ")
            key = f[1]
            sub(/-batch:$/, ":", key)
            if (line[i] ~ / \(classic/ || !(key in rate)) { print line[i]; continue }
            note = sprintf("%.1fx classic", f[4] / rate[key])
            if (f[7] != sum[key]) note = note ", CHECKSUM DIFFERS FROM CLASSIC"
            printf "%s   [%s]\n", line[i], note
        }
    }'
}

meld() { # LABEL SUBCOMMAND MIX FILE
    echo "== $1"
    local out
    if ! out=$(nice "$bench" "$2" --classic --mix "$3" <"$4"); then
        echo "   (failed: gin-bench $2 --mix $3)"
        status=1
    fi
    printf '%s\n' "$out" | with_ratio
}

echo "(thread CPU time; each kernel >= 1 s on >= 200,000 distinct hands; [ratio to the classic solver])"
for mix in uniform play dense; do
    meld "least deadwood, 10-card hands, $mix" deadwood "$mix" "$work/${mix}10.txt"
    meld "discards, 11-card hands, $mix" discard "$mix" "$work/${mix}11.txt"
done
run "showdowns, random deals" "$bench" showdown --random 200000 1
run "simulation" "$bench" sim
run "bot decisions" "$bench" ai

# The command-line readers end to end (parse, solve, format, write): wall
# clock, as a user sees them.
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
echo "== command line (wall clock)"
lines_per_s "gin analyze (10 cards)" "$work/uniform10.txt" "$build/gin" analyze
lines_per_s "gin analyze (11 cards)" "$work/uniform11.txt" "$build/gin" analyze
lines_per_s "gin analyze --json (11 cards)" "$work/uniform11.txt" "$build/gin" analyze --json
# Oklahoma without an upcard skips the knock-limit check, so every random deal settles.
lines_per_s "gin showdown" "$work/showdown.txt" "$build/gin" showdown --rules oklahoma
exit $status
