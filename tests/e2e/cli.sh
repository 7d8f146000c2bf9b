#!/usr/bin/env bash
# End to end: `gin analyze` and `gin showdown` on the small files in
# tests/data/, compared byte for byte with answers worked out by hand (never
# copied from the program), plus bad lines, exit statuses, --help, --version.
# Usage: cli.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: cli.sh GIN SOURCE_DIR}
data=${2:?usage: cli.sh GIN SOURCE_DIR}/tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# same NAME EXPECTED_FILE ACTUAL_FILE
same() {
    if ! diff -u "$2" "$3" >"$tmp/diff"; then
        fail "$1"
        cat "$tmp/diff"
    fi
}

# case NAME STATUS STDIN EXPECTED_STDOUT EXPECTED_STDERR -- ARGS...
# EXPECTED_STDERR "-" means standard error must be empty.
case_() {
    local name=$1 want=$2 in=$3 out=$4 err=$5
    shift 6
    checks=$((checks + 1))
    "$gin" "$@" <"$in" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    [ "$got" -eq "$want" ] || fail "$name: exit status $got, expected $want"
    same "$name: stdout" "$out" "$tmp/out"
    if [ "$err" = - ]; then
        [ -s "$tmp/err" ] && { fail "$name: unexpected stderr"; cat "$tmp/err"; }
    else
        same "$name: stderr" "$err" "$tmp/err"
    fi
}

# status NAME STATUS PATTERN(stdout+stderr, grep -E; "" for any) -- ARGS...
status_() {
    local name=$1 want=$2 pattern=$3
    shift 4
    checks=$((checks + 1))
    "$gin" "$@" </dev/null >"$tmp/all" 2>&1
    local got=$?
    [ "$got" -eq "$want" ] || { fail "$name: exit status $got, expected $want"; cat "$tmp/all"; }
    if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$tmp/all"; then
        fail "$name: output does not match /$pattern/"
        cat "$tmp/all"
    fi
}

# analyze
case_ "analyze text" 0 "$data/analyze.in" "$data/analyze.out" - -- analyze
case_ "analyze --json" 0 "$data/analyze.in" "$data/analyze.json" - -- analyze --json
case_ "analyze bad lines" 1 "$data/analyze_bad.in" "$data/analyze_bad.out" "$data/analyze_bad.err" -- analyze

# Windows line ends and a last line without a newline are still hands.
printf 'QS KS AS\r\nKC KD KH' >"$tmp/crlf.in"
printf 'AS QS KS\tdeadwood 21\tmelds -\tunmatched AS QS KS\nKH KD KC\tdeadwood 0\tmelds [KH KD KC]\tunmatched -\n' >"$tmp/crlf.out"
case_ "analyze CRLF, no final newline" 0 "$tmp/crlf.in" "$tmp/crlf.out" - -- analyze
: >"$tmp/empty"
case_ "analyze empty input" 0 "$tmp/empty" "$tmp/empty" - -- analyze

# showdown
sd=$data/showdown.in
case_ "showdown text (the classic rule text's examples)" 0 "$sd" "$data/showdown.out" - -- showdown
case_ "showdown --json" 0 "$sd" "$data/showdown.json" - -- showdown --json
case_ "showdown --rules classic" 0 "$sd" "$data/showdown.out" - -- showdown --rules classic
case_ "showdown --rules oklahoma (limit unchecked)" 0 "$sd" "$data/showdown_oklahoma.out" - -- showdown --rules oklahoma
case_ "showdown oklahoma --upcard 5H" 1 "$sd" "$data/showdown_limit5.out" "$data/showdown_limit5.err" -- showdown --rules oklahoma --upcard 5H
case_ "showdown --rules straight (gin only)" 1 "$sd" "$data/showdown_straight.out" "$data/showdown_straight.err" -- showdown --rules=straight
case_ "showdown --big-gin 31" 1 "$data/showdown_big.in" "$data/showdown_big.out" "$data/showdown_big.err" -- showdown --big-gin 31
case_ "showdown big gin off" 1 "$data/showdown_big.in" "$tmp/empty" "$data/showdown_nobig.err" -- showdown
case_ "showdown bad lines" 1 "$data/showdown_bad.in" "$data/showdown_bad.out" "$data/showdown_bad.err" -- showdown

# the front door
version=$(sed -n 's/^project(gin VERSION \([0-9.]*\).*/\1/p' "$data/../../CMakeLists.txt")
status_ "--version" 0 "^gin ${version//./\\.}\$" -- --version
status_ "--help" 0 "usage: gin" -- --help
status_ "-h" 0 "usage: gin" -- -h
status_ "help" 0 "analyze" -- help
status_ "help analyze" 0 "usage: gin analyze" -- help analyze
status_ "analyze --help" 0 "usage: gin analyze" -- analyze --help
status_ "showdown --help" 0 "oklahoma" -- showdown --help
status_ "help engine" 0 "usage: gin engine" -- help engine
status_ "unknown command" 2 "unknown command 'frobnicate'" -- frobnicate
status_ "help unknown command" 2 "unknown command 'frobnicate'" -- help frobnicate
status_ "analyze unknown option" 2 "unknown option '--bogus'" -- analyze --bogus
status_ "analyze stray argument" 2 "standard input" -- analyze hands.txt
status_ "showdown unknown rules" 2 "unknown rules 'nosuch'.*standard" -- showdown --rules nosuch
status_ "showdown option without value" 2 "needs a value" -- showdown --rules
status_ "showdown bad upcard" 2 "--upcard" -- showdown --rules oklahoma --upcard ZZ

# Untrusted input: a line of 70,000 bytes and one with a NUL byte are reported
# and skipped (the reader never grows without bound); the lines around them
# are still answered, and the exit status is 1.
{
    echo 'AS 2S 3S'
    head -c 70000 /dev/zero | tr '\0' 'x'
    echo
    printf 'KS\0QS JS\n'
    echo 'KH KD KC'
} >"$tmp/long.in"
printf 'AS 2S 3S\tdeadwood 0\tmelds [AS 2S 3S]\tunmatched -\nKH KD KC\tdeadwood 0\tmelds [KH KD KC]\tunmatched -\n' >"$tmp/long.out"
printf 'line 2: line too long (over 65536 bytes); skipped\nline 3: a NUL byte in the line; skipped\n' >"$tmp/long.err"
case_ "analyze: an overlong line and a NUL byte" 1 "$tmp/long.in" "$tmp/long.out" "$tmp/long.err" -- analyze
head -c 3000000 /dev/zero >"$tmp/zero.in"
printf 'line 1: line too long (over 65536 bytes); skipped\n' >"$tmp/zero.err"
: >"$tmp/empty.out"
case_ "showdown < /dev/zero (3 MB, no newline)" 1 "$tmp/zero.in" "$tmp/empty.out" "$tmp/zero.err" -- showdown

if [ "$failures" -ne 0 ]; then
    echo "e2e_cli: $failures failure(s) in $checks checks"
    exit 1
fi
echo "e2e_cli: $checks checks passed"
