#!/usr/bin/env bash
# `make fuzz`: build the libFuzzer targets (fuzz/, clang with ASan+UBSan) and
# run each for FUZZ_SECONDS (default 60). The committed seeds in
# fuzz/corpus/<target>/ are copied to a working corpus in the build dir, so
# runs add up without touching the repository. A crash, leak, hang (over
# 10 s on one input) or failed invariant stops that target, leaves the input
# in $BUILD/artifacts/ and makes the script fail.
#   FUZZ_SECONDS=N     seconds per target
#   FUZZ_TARGETS="a b" only these (default: every fuzz/fuzz_TARGET.c)
#   FUZZ_BUILD=dir     build directory (default build-fuzz)
#   FUZZ_JOBS=N        build jobs (default 2)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
build=${FUZZ_BUILD:-build-fuzz}
targets=${FUZZ_TARGETS:-$(for f in fuzz/fuzz_*.c; do f=${f#fuzz/fuzz_}; printf '%s ' "${f%.c}"; done)}

if ! command -v clang >/dev/null; then
    sh scripts/deps.sh clang || { echo "fuzz: clang is needed" >&2; exit 2; }
fi
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DGIN_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null &&
    cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target $(printf 'fuzz_%s ' $targets) >/dev/null ||
    { echo "fuzz: build failed (cmake --build $build)" >&2; exit 2; }

mkdir -p "$build/artifacts"
status=0
for t in $targets; do
    work="$build/corpus/$t"
    mkdir -p "$work"
    cp -n fuzz/corpus/"$t"/* "$work"/ 2>/dev/null
    log="$build/fuzz_$t.log"
    nice "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" \
        "$work" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corp=$(ls "$work" | wc -l)
    if [ $rc -eq 0 ]; then
        printf 'fuzz %-9s %10s executions in %s s, corpus %s, no failures\n' "$t" "${execs:-?}" "$seconds" "$corp"
    else
        printf 'fuzz %-9s FAILED after %s executions (exit %s): see %s\n' "$t" "${execs:-?}" "$rc" "$log"
        grep -m3 -E 'ERROR|runtime error|invariant failed' "$log" | sed 's/^/    /'
        ls -t "$build"/artifacts/"$t"-* 2>/dev/null | head -1 | sed 's/^/    input: /'
        status=1
    fi
done
exit $status
