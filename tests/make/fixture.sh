#!/bin/sh
# ctest never runs a stale or missing program (issue 25): every test of the
# build needs the fixture whose setup is the `build` test (cmake --build),
# so `ctest -R NAME` after a source change rebuilds first, and a failed
# build leaves every test not run. Checked on the configured test list:
# asking ctest for any one test brings `build` along.
# Usage: fixture.sh BUILD_DIR
set -u
build=${1:?usage: fixture.sh BUILD_DIR}
fail=0
ctest --test-dir "$build" -N -V -R '^build$' 2>&1 | grep -q 'Test command: .*cmake"* "*--build' ||
    { echo "fixture: the build test does not build"; fail=1; }
names=$(ctest --test-dir "$build" -N | sed -n 's/^ *Test *#[0-9]*: //p' | grep -vx build)
n=0
for t in $names; do
    n=$((n + 1))
    ctest --test-dir "$build" -N -R "^$t\$" | grep -q 'Test *#[0-9]*: build$' ||
        { echo "fixture: $t runs without bringing the build up to date"; fail=1; }
done
[ $n -ge 50 ] || { echo "fixture: only $n tests found"; fail=1; }
[ $fail = 0 ] && echo "fixture: each of $n tests brings the build up to date first"
exit $fail
