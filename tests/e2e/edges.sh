#!/usr/bin/env bash
# Issue 29, the protocol's and the files' edges at the command line:
#  - gin analyze and gin showdown quote what they cannot read: a byte that
#    is not printable ASCII (a C1 control, raw or in UTF-8) is written as
#    \xNN, never raw to the terminal;
#  - gin engine bounds an analysis (`analyze discard 100000000` worked a
#    minute and more without reading `quit`);
#  - a FIFO in place of history/ is called a FIFO, not "a file"; a
#    dangling symbolic link in place of the state directory is called one,
#    not "Not a directory".
# Usage: edges.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh"
# raw: no byte of standard error outside printable ASCII, tab and newline
raw() { LC_ALL=C grep -q $'[^\t -~]' "$1"; }

# Quoted, never raw: C1 controls (CSI as 0x9b raw, and U+009B in UTF-8), ESC.
printf '7S 8S 9\xc2\x9bS\nAS \x9b[2J 2S\n\x1b[31mKS\n' | "$GIN" analyze >/dev/null 2>"$tmp/err"
raw "$tmp/err" && fail "gin analyze wrote raw bytes to standard error: $(od -c "$tmp/err" | head -5)"
grep -q "'9\\\\xc2\\\\x9bS'" "$tmp/err" || fail "gin analyze: the UTF-8 C1 byte not quoted: $(cat "$tmp/err")"
grep -q "'\\\\x9b\[2J'" "$tmp/err" || fail "gin analyze: the raw C1 byte not quoted: $(cat "$tmp/err")"
grep -q "'\\\\x1b\[31mKS'" "$tmp/err" || fail "gin analyze: ESC not quoted: $(cat "$tmp/err")"

printf 'AS 2S 3S 4S 5S 6S 7S 8S 9S TS | 2H 3H 4H 5H 6H 7H 8H 9H TH J\xc2\x9b\n' | "$GIN" showdown >/dev/null 2>"$tmp/err"
raw "$tmp/err" && fail "gin showdown wrote raw bytes to standard error: $(od -c "$tmp/err" | head -5)"
grep -q "'J\\\\xc2\\\\x9b'" "$tmp/err" || fail "gin showdown: the C1 byte not quoted: $(cat "$tmp/err")"
"$GIN" showdown --upcard $'7\xc2\x9b' </dev/null >/dev/null 2>"$tmp/err"
raw "$tmp/err" && fail "gin showdown --upcard wrote raw bytes: $(od -c "$tmp/err" | head -5)"
"$GIN" analyze $'\x9bx' </dev/null >/dev/null 2>"$tmp/err"
raw "$tmp/err" && fail "gin analyze's operand written raw: $(od -c "$tmp/err" | head -5)"

# An analysis with an absurd budget ends in seconds, and reads `quit`.
head -n -1 "$SRC/tests/data/position.txt" >"$tmp/pos"
printf 'analyze discard 100000000\nquit\n' >>"$tmp/pos"
start=$(date +%s)
timeout 60 "$GIN" engine <"$tmp/pos" >"$tmp/out" 2>"$tmp/err"
rc=$? took=$(($(date +%s) - start))
[ $rc = 0 ] || fail "gin engine on a huge analysis: exit status $rc after $took s"
[ $took -lt 30 ] || fail "gin engine spent $took s on one analysis"
grep -q "^analysis [1-9]" "$tmp/out" || fail "gin engine: no analysis: $(tail -3 "$tmp/out")"
grep -q "at most 2000000 are spent" "$tmp/err" || fail "gin engine does not say the budget was bounded: $(cat "$tmp/err")"

# A FIFO in place of history/, a dangling link in place of the state directory.
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state"
mkdir -p "$HOME" "$tmp/state/gin" && chmod 700 "$tmp/state/gin"
mkfifo "$tmp/state/gin/history"
timeout 10 "$GIN" history >/dev/null 2>"$tmp/err"
grep -q "is a named pipe (FIFO), not a directory" "$tmp/err" || fail "history as a FIFO: $(cat "$tmp/err")"
timeout 10 "$GIN" replay 1 >/dev/null 2>"$tmp/err"
grep -q "named pipe (FIFO), not a directory" "$tmp/err" || fail "replay 1, history a FIFO: $(cat "$tmp/err")"
rm -rf "$tmp/state/gin" && ln -s "$tmp/nowhere" "$tmp/state/gin"
"$GIN" stats --reset --yes >/dev/null 2>"$tmp/err"
grep -q "is a symbolic link to $tmp/nowhere, which does not exist" "$tmp/err" ||
    fail "a dangling link for the state directory: $(cat "$tmp/err")"
grep -q "Not a directory" "$tmp/err" && fail "a dangling link called 'Not a directory'"

if [ "$failures" -ne 0 ]; then
    echo "e2e_edges: $failures failure(s)"
    exit 1
fi
echo "PASS"
