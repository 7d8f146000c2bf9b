#!/bin/sh
# The package's tests are what issue 28 asks (the package itself is built
# by `make deb`, which runs them): debian/rules' build-time selection, read
# from the rule dh_auto_test runs and applied to this build's tests, leaves
# out the developers' tools and every timing-sensitive test and keeps the
# program's own; libcmocka-dev is marked <!nocheck>; debian/tests/control
# names the installed-package test, and that test passes on this build's gin.
# Usage: package.sh PATH/TO/gin BUILD_DIR SOURCE_DIR   (77: no dpkg-dev)
set -u
gin=${1:?usage: package.sh GIN BUILD_DIR SOURCE_DIR}
build=${2:?usage: package.sh GIN BUILD_DIR SOURCE_DIR}
src=${3:?usage: package.sh GIN BUILD_DIR SOURCE_DIR}
[ -r /usr/share/dpkg/architecture.mk ] || { echo "SKIP: no dpkg-dev"; exit 77; }
fail=0
cmd=$(cd "$src" && make -s -n -f debian/rules override_dh_auto_test DEB_BUILD_OPTIONS= DEB_BUILD_PROFILES= 2>/dev/null)
expr=$(printf '%s\n' "$cmd" | sed -n "s/.*--label-exclude '\([^']*\)'.*/\1/p")
[ -n "$expr" ] || { echo "package: debian/rules runs no ctest --label-exclude: $cmd"; exit 1; }
printf '%s\n' "$cmd" | grep -q -- "--timeout [0-9]" || { echo "package: the build-time tests run without --timeout"; fail=1; }
ctest --test-dir "$build" -N --label-exclude "$expr" | sed -n 's/^ *Test *#[0-9]*: //p' | sort >"$build/package.tests"
for t in e2e_strength e2e_reading make_quiet e2e_keys e2e_mouse e2e_table e2e_monkey e2e_crash test_exec_agent; do
    grep -qx "$t" "$build/package.tests" && { echo "package: $t runs at package build"; fail=1; }
done
for t in test_card test_meld test_match e2e_cli e2e_options e2e_widths layers version fuzz_stats; do
    grep -qx "$t" "$build/package.tests" || { echo "package: $t does not run at package build"; fail=1; }
done
grep -q '^Build-Depends:.*libcmocka-dev <!nocheck>' "$src/debian/control" || { echo "package: libcmocka-dev is not <!nocheck>"; fail=1; }
grep -q '^Tests: installed' "$src/debian/tests/control" || { echo "package: no installed test in debian/tests/control"; fail=1; }
if command -v tmux >/dev/null; then
    GIN="$gin" sh "$src/debian/tests/installed" >"$build/package.installed" 2>&1 ||
        { echo "package: debian/tests/installed fails on $gin:"; cat "$build/package.installed"; fail=1; }
fi
[ $fail = 0 ] && echo "package: $(wc -l <"$build/package.tests") tests at package build, none a developer's tool or timing-sensitive; the installed test passes"
exit $fail
