#!/bin/sh
# `make lint`: static analysis of the program's sources with the checks
# chosen in .clang-tidy, cppcheck's warnings, portability and performance
# checks, and the layout .clang-format gives them. Any finding fails.
# Needs BUILD_DIR/compile_commands.json (any configured build).
# Usage: scripts/lint.sh [BUILD_DIR]
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -r "$build/compile_commands.json" ] || { echo "lint: no $build/compile_commands.json (configure first)"; exit 2; }
status=0
cd "$here"
echo "== clang-tidy ($(clang-tidy --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -n 1))"
if ! ls src/*/*.c | xargs -P "$jobs" -n 4 clang-tidy -p "$build" --quiet >"$build/clang-tidy.log" 2>&1; then
    status=1
fi
grep -E "(warning|error):" "$build/clang-tidy.log" && status=1
echo "== cppcheck ($(cppcheck --version))"
cppcheck --project="$build/compile_commands.json" --enable=warning,performance,portability \
    --inline-suppr --quiet --error-exitcode=1 -i "$build" -i tests -i bench -i fuzz \
    --suppress=missingIncludeSystem --template='{file}:{line}: {severity}: {message} [{id}]' || status=1
echo "== clang-format ($(clang-format --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -n 1))"
# The sources as .clang-format lays them out: a file that drifts fails.
if ! git ls-files 'src/*.[ch]' 'include/*.h' 'tests/*.c' 'tests/*.h' 'bench/*.[ch]' 'fuzz/*.c' |
    xargs clang-format --dry-run --Werror 2>"$build/clang-format.log"; then
    head -n 20 "$build/clang-format.log"
    status=1
fi
[ $status = 0 ] && echo "lint: clean"
exit $status
