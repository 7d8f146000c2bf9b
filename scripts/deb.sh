#!/bin/sh
# `make deb`: build the Debian package from the working tree, in a copy so
# the tree stays clean, and check it with lintian (errors fail the build).
# The test suite is `make test`'s job, so the package build skips it
# (DEB_BUILD_OPTIONS=nocheck; run dpkg-buildpackage yourself to include it).
# Usage: scripts/deb.sh [OUT_DIR]   (default build-deb; the .deb lands there)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build-deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/src" "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo
mkdir "$out/src"
cd "$here"
if command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1; then
    # the tracked files, as they are now in the working tree
    git ls-files -z | xargs -0 cp -P --parents -t "$out/src"
else
    tar --exclude='./build*' --exclude='./.git' -cf - . | tar -xf - -C "$out/src"
fi
cd "$out/src"
DEB_BUILD_OPTIONS="nocheck ${DEB_BUILD_OPTIONS:-}" dpkg-buildpackage -us -uc -b
cd "$out"
rm -rf src
lintian --fail-on error ./*.deb
ls -l ./*.deb
