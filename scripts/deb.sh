#!/bin/sh
# `make deb`: build the Debian package from the working tree, in a copy so
# the tree stays clean: the source package and the binary one, with the
# package's build-time tests (debian/rules says which), then lintian on
# both (an error fails) and the installed-package test (debian/tests/
# installed, what autopkgtest runs) against the program unpacked from the
# .deb. DEB_BUILD_OPTIONS=nocheck skips the build-time tests; `make
# autopkgtest` runs the real autopkgtest (it installs the package).
# Usage: scripts/deb.sh [OUT_DIR]   (default build-deb; the .deb lands there)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build-deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/gin" "$out/unpacked" "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo "$out"/*.dsc "$out"/*.tar.*
mkdir "$out/gin"
cd "$here"
if command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1; then
    # the tracked files, as they are now in the working tree
    git ls-files -z | xargs -0 cp -P --parents -t "$out/gin"
else
    tar --exclude='./build*' --exclude='./.git' -cf - . | tar -xf - -C "$out/gin"
fi
cd "$out/gin"
log="$out/build.log"
echo "deb: dpkg-buildpackage (source and binary, tests ${DEB_BUILD_OPTIONS:-on}); log in $log"
if ! dpkg-buildpackage -us -uc >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "deb: dpkg-buildpackage failed; its whole output: $log"
    exit 1
fi
grep -E '^(100% tests passed|[0-9]+% tests passed)' "$log" || true
cd "$out"
rm -rf gin
echo "deb: lintian"
lintian --fail-on error ./*.changes
deb=$(ls ./gin_*.deb)
dpkg-deb -x "$deb" unpacked
echo "deb: debian/tests/installed against $deb, unpacked"
GIN="$out/unpacked/usr/games/gin" sh "$here/debian/tests/installed"
rm -rf unpacked
ls -l ./*.deb ./*.dsc
