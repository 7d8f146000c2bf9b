#!/bin/sh
# The corpus replayer (fuzz/replay.c) fails on a failing input and names it:
# a target with a planted fault (planted.c) replays a directory of sound
# inputs (exit 0, each counted), then one with a finding among them.
# Usage: catches.sh PATH/TO/fuzz_replay_planted
set -u
replay=${1:?usage: catches.sh FUZZ_REPLAY_PLANTED}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
mkdir "$tmp/corpus"
printf 'fine' >"$tmp/corpus/a"
: >"$tmp/corpus/empty"
printf 'b\0om' >"$tmp/corpus/nul"
if ! "$replay" "$tmp/corpus" >"$tmp/out" 2>&1 || ! grep -q "^fuzz_replay: 3 inputs replayed" "$tmp/out"; then
    echo "catches: sound inputs did not replay cleanly:"; cat "$tmp/out"; fail=1
fi
printf 'boom' >"$tmp/corpus/m-finding"
"$replay" "$tmp/corpus" >"$tmp/out" 2>&1
rc=$?
[ $rc -ne 0 ] || { echo "catches: a failing input replayed with exit 0"; fail=1; }
grep -q "invariant failed" "$tmp/out" || { echo "catches: no 'invariant failed'"; fail=1; }
grep -q "this input failed: $tmp/corpus/m-finding\$" "$tmp/out" || { echo "catches: the input is not named:"; cat "$tmp/out"; fail=1; }
"$replay" "$tmp/nosuch" >/dev/null 2>&1
[ $? = 2 ] || { echo "catches: a missing corpus is not an error"; fail=1; }
[ $fail = 0 ] && echo "catches: the replayer fails on a finding and names it"
exit $fail
