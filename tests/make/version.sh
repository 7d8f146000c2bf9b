#!/bin/sh
# One version, in one place (issue 28): the newest entry of debian/changelog.
# `gin --version` and the manual page the build installs say it (the page
# with that entry's date too), dpkg-parsechangelog reads the same, and no
# other file of the source writes the number.
# Usage: version.sh PATH/TO/gin BUILD_DIR SOURCE_DIR
set -u
gin=${1:?usage: version.sh GIN BUILD_DIR SOURCE_DIR}
build=${2:?usage: version.sh GIN BUILD_DIR SOURCE_DIR}
src=${3:?usage: version.sh GIN BUILD_DIR SOURCE_DIR}
fail=0
v=$(sed -n '1s/^gin (\([^)]*\)).*/\1/p' "$src/debian/changelog")
[ -n "$v" ] || { echo "version: debian/changelog's first line names no version"; exit 1; }
date=$(sed -n 's/^ -- .*  [A-Z][a-z][a-z], \([0-9]*\) \([A-Z][a-z][a-z]\) \([0-9]*\) .*/\1 \2 \3/p' "$src/debian/changelog" | head -n 1)
iso=$(LC_ALL=C date -u -d "$date" +%Y-%m-%d 2>/dev/null)

got=$("$gin" --version)
[ "$got" = "gin $v" ] || { echo "version: gin --version says '$got', debian/changelog $v"; fail=1; }
th=$(head -n 1 "$build/gin.6")
[ "$th" = ".TH GIN 6 \"$iso\" \"gin $v\" \"Games\"" ] ||
    { echo "version: the installed page's first line is '$th', not version $v of $iso"; fail=1; }
if command -v dpkg-parsechangelog >/dev/null; then
    d=$(cd "$src" && dpkg-parsechangelog -S Version)
    [ "$d" = "$v" ] || { echo "version: dpkg-parsechangelog reads $d, the build $v"; fail=1; }
fi
# The number itself, written anywhere else in the source, would be a second
# place (docs/gin.6 and CMakeLists.txt used to write it).
others=$(cd "$src" && grep -rlwF -- "$v" CMakeLists.txt Makefile README.md docs include src scripts debian cmake 2>/dev/null |
    grep -vx debian/changelog)
[ -z "$others" ] || { echo "version: $v is also written in: $others"; fail=1; }
[ $fail = 0 ] && echo "version: $v, from debian/changelog, in gin --version and the manual page ($iso)"
exit $fail
