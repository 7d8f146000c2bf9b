# The small harness of the end-to-end tests that check output rather than
# drive the table (cli.sh, docs.sh, protocol.sh, reading.sh, strength.sh):
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh"
#
# Sets tmp (a scratch dir, removed at exit) and failures (0), and defines
# fail MESSAGE: print it and count it. The test ends with its own summary
# and exits non-zero when failures is not 0.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
