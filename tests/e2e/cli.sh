#!/usr/bin/env bash
# End to end: `gin analyze` and `gin showdown` on the small files in
# tests/data/, compared byte for byte with answers worked out by hand (never
# copied from the program), plus bad lines, exit statuses, --help, --version.
# Usage: cli.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: cli.sh GIN SOURCE_DIR}
data=${2:?usage: cli.sh GIN SOURCE_DIR}/tests/data
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
checks=0

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
# --spade-double on: a spade first upcard doubles every point (bonuses too),
# as in the game; another suit, or the option off, does not.
printf 'TH TS TC AD AH AC 5H 5C 5D 6H | KS KD KH JC JS QD QH 2H 6D 6C\n8S 9S TS JS AD 2D 3D 5H 5C 5D | 4H 4C 4S 4D TH JH QH 7S 7D 6C\n' >"$tmp/spade.in"
for up in KS KH; do
    "$gin" showdown --rules oklahoma --upcard $up <"$tmp/spade.in" | cut -f2 | tr '\n' ' ' >"$tmp/spade.$up"
    "$gin" showdown --rules oklahoma --spade-double on --upcard $up <"$tmp/spade.in" | cut -f2 | tr '\n' ' ' >"$tmp/spade.$up.on"
done
checks=$((checks + 1))
[ "$(cat "$tmp/spade.KS.on")" = "knocker +96 knocker +90 " ] || fail "showdown --spade-double on --upcard KS: $(cat "$tmp/spade.KS.on")"
for f in KS KH KH.on; do
    [ "$(cat "$tmp/spade.$f")" = "knocker +48 knocker +45 " ] || fail "showdown (upcard $f) doubled or wrong: $(cat "$tmp/spade.$f")"
done

# the front door
version=$(sed -n '1s/^gin (\([^)]*\)).*/\1/p' "$data/../../debian/changelog")
status_ "--version" 0 "^gin ${version//./\\.}\$" -- --version
status_ "--help" 0 "usage: gin" -- --help
status_ "-h" 0 "usage: gin" -- -h
status_ "help" 0 "analyze" -- help
status_ "help -h" 0 "usage: gin \[OPTIONS\]" -- help -h
status_ "help --help" 0 "usage: gin \[OPTIONS\]" -- help --help
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
status_ "showdown at a table: refused, not settled as two" 2 "two-player knocks only" -- showdown --seats 3

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

# Option mistakes name the option (not its value) and say what is wanted.
status_ "sim negative games" 2 "^gin sim: --games: must be a whole number from 1 to [0-9]+, not '-1'\$" -- sim --p1 simple --p2 simple --games -1
status_ "sim games without value" 2 "^gin sim: option '--games' needs a value\$" -- sim --p1 simple --p2 simple --games
status_ "table level without value" 2 "^gin: option '--level' needs a value\$" -- --level
status_ "table unknown short option" 2 "^gin: unknown option '-x'" -- -x
status_ "a flag given a value" 2 "^gin engine: option '--help' takes no value\$" -- engine --help=x
status_ "engine think out of range" 2 "^gin engine: --think: must be a whole number from 0 to 3600000, not '99999999'\$" -- engine --think 99999999
status_ "engine think not a number" 2 "^gin engine: --think: must be a whole number from 0 to 3600000, not 'abc'\$" -- engine --think=abc
status_ "engine unknown level" 2 "^gin engine: --level: unknown level 'zzz' \(.*expert.*\)\$" -- engine --level zzz
status_ "engine stray operand" 2 "gin engine" -- engine extra
status_ "table bad players" 2 "^gin: --players: must be a whole number from 2 to 4, not '5'\$" -- --players 5
# One rule for seeds: a whole number from 0 to 2^64-1, the table as gin sim.
status_ "table seed -1" 2 "^gin: --seed: must be a whole number from 0 to 18446744073709551615, not '-1'\$" -- --seed -1
status_ "sim seed -1" 2 "^gin sim: --seed: must be a whole number from 0 to 18446744073709551615, not '-1'\$" -- sim --p1 simple --p2 simple --seed -1
status_ "table seed hex" 2 "not '0x10'" -- --seed 0x10
for cmd in play analyze showdown sim replay stats history engine advise; do
    status_ "$cmd -h" 0 "^usage: gin" -- $cmd -h
done
status_ "replay a missing file" 1 "^gin replay: /nonexistent/record: No such file or directory\$" -- replay /nonexistent/record
status_ "replay a directory" 1 "^gin replay: $tmp: not a regular file \\(a directory\\)\$" -- replay "$tmp"
mkfifo "$tmp/fifo"
checks=$((checks + 1))
timeout 10 "$gin" replay "$tmp/fifo" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "a FIFO" "$tmp/err" || fail "replay of a FIFO: $(cat "$tmp/err")"
status_ "replay without a file" 2 "which file" -- replay
# A saved game replays as it is (the table's save file, header and all),
# judged as the table judges it (issue 29): a game the table would not
# resume is not "ok"; a CRLF save the table resumes is.
printf 'gin-save 1\nlevel hard\npractice 0\nhuman 0\n\n' >"$tmp/save"
cat "$data/../../fuzz/corpus/record/standard-hollywood-part" >>"$tmp/save"
status_ "replay a saved game" 0 "^rules custom, seed 101" -- replay "$tmp/save"
status_ "replay a saved game --quiet" 0 "ok, [0-9]+ hands" -- replay --quiet "$tmp/save"
# One hand is one hand, not "1 hands".
status_ "replay a one-hand record --quiet" 0 "ok, 1 hand\$" -- replay --quiet "$data/../../fuzz/corpus/record/straight-part"
status_ "replay a one-hand record" 0 "^game in progress after 1 hand\$" -- replay "$data/../../fuzz/corpus/record/straight-part"
# Every record the fuzz corpus seeds with is a game the program wrote: each
# replays as it is (a stale seed, written before a showdown fix, did not).
for f in "$data"/../../fuzz/corpus/record/* "$data"/../../fuzz/corpus/replay/*; do
    status_ "replay the corpus seed ${f#*/fuzz/corpus/}" 0 "ok, [0-9]+ hands?(, game over)?\$" -- replay --quiet "$f"
done
sed 's/$/\r/' "$tmp/save" >"$tmp/crlf-save"
status_ "replay a CRLF saved game" 0 "ok, [0-9]+ hands" -- replay --quiet "$tmp/crlf-save"
printf 'gin-save 1\nlevel hard\npractice 0\nhuman 0\n\n' >"$tmp/over-save"
cat "$data/../../fuzz/corpus/record/standard-whole" >>"$tmp/over-save"
status_ "replay a save of a game over" 1 "over-save: the game in it is already over" -- replay "$tmp/over-save"
sed 's/^level hard$/level zzz/' "$tmp/save" >"$tmp/zzz-save"
status_ "replay a save of an unknown bot" 1 "zzz-save:2: unknown level 'zzz'" -- replay "$tmp/zzz-save"
sed 's/^human 0$/human 3/' "$tmp/save" >"$tmp/seat-save"
status_ "replay a save of a seat the game lacks" 1 "seat-save:4: human 3: the game has 2 seats" -- replay "$tmp/seat-save"
# A fault in a saved game's record is reported at its line of the file.
sed '0,/^discard TC$/s//discard ZZ/' "$tmp/save" >"$tmp/bad-save"
status_ "replay a damaged saved game" 1 "^gin replay: $tmp/bad-save:28: malformed input: \"discard ZZ\"" -- replay "$tmp/bad-save"

# Issue 17: the statistics, the history, and replaying them, in a state
# directory of this test's own.
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state"
mkdir -p "$HOME"
status_ "stats, none yet" 0 "^No games counted yet" -- stats
status_ "stats --json, none yet" 0 '^\{"format":3,"file":".*/stats-v3","converted":false,"error":null,"rows":\[\]\}$' -- stats --json
status_ "stats --yes alone" 2 "^gin stats: --yes goes with --reset" -- stats --yes
status_ "stats --json --reset" 2 "do not go together" -- stats --json --reset
status_ "stats --reset, nothing there" 0 "^There were no statistics to reset" -- stats --reset --yes
status_ "stats --reset unconfirmed" 1 "not reset" -- stats --reset
status_ "history, none yet" 0 "^No games in the history yet" -- history
status_ "history --json, none yet" 0 '^\{"games":\[\]\}$' -- history --json
status_ "history operand" 2 "unexpected argument" -- history 3
status_ "replay N, none" 1 "there is no game 4 in the history" -- replay 4
status_ "replay 0" 1 "no such game in the history" -- replay 0
status_ "replay --save, none" 1 "there is no saved game" -- replay --save
status_ "replay --save FILE" 2 "no file with it" -- replay --save "$tmp/save"
mkdir -p "$tmp/state/gin/history"
{
    printf 'gin-history 1\ndate 2024-05-01T12:34:56Z\nlevel hard\nrules standard\nplayers 2\nhuman 1\n'
    printf 'practice 0\ncounted 1\nresult won\nscore 120 85\nhands 9\n\n'
    cat "$data/../../fuzz/corpus/record/standard-whole"
} >"$tmp/state/gin/history/000001"
printf 'gin-history 1\ndate never\n' >"$tmp/state/gin/history/000007"
status_ "history with a damaged entry" 1 "^ +7  the history entry .*000007 is damaged" -- history
status_ "history with a damaged entry: why (wrapped, where the path leaves room)" 1 "date 'never' is not like" -- history
status_ "history lists the sound one" 1 "^ +1  2024-05-01 12:34  hard +standard +won +yes  120-85$" -- history
status_ "history --json" 1 '"number":1,"file":"[^"]*/history/000001","date":"2024-05-01T12:34:56Z","level":"hard","rules":"standard","players":2,"human":1,"practice":false,"counted":true,"result":"won","hands":9,"scores":\[120,85\],"seed":"100"\}' -- history --json
status_ "replay N" 0 "^2024-05-01T12:34:56Z, hard, won 120-85, counted; you are seat 1$" -- replay 1
status_ "replay N: the rules" 0 "^  under standard rules$" -- replay 1
status_ "replay N --quiet" 0 "history/000001: ok, [0-9]+ hands, game over" -- replay --quiet 1
status_ "replay a damaged entry" 1 "000007:2: " -- replay 7
cp "$tmp/save" "$tmp/state/gin/save"
status_ "replay --save" 0 "^rules custom, seed 101" -- replay --save
cp "$tmp/over-save" "$tmp/state/gin/save"
status_ "replay --save, a game over" 1 "/save: the game in it is already over" -- replay --save
cp "$tmp/crlf-save" "$tmp/state/gin/save"
status_ "replay --save, CRLF" 0 "ok, [0-9]+ hands" -- replay --save --quiet
cp "$tmp/save" "$tmp/state/gin/save"
# gin replay N reads through the history directory gin history reads, never a link in its place.
mv "$tmp/state/gin/history" "$tmp/elsewhere" && ln -s "$tmp/elsewhere" "$tmp/state/gin/history"
status_ "replay N through a linked history" 1 "a symbolic link, not a directory" -- replay 1
status_ "history through a linked history" 1 "a symbolic link, not a directory" -- history
rm "$tmp/state/gin/history" && mv "$tmp/elsewhere" "$tmp/state/gin/history"
cp "$tmp/state/gin/history/000001" "$tmp/7"
abs=$(cd "$(dirname "$gin")" && pwd)/$(basename "$gin")
(cd "$tmp" && "$abs" replay --quiet ./7) | grep -q "^./7: ok" || fail "replay ./7 does not read the file 7"
checks=$((checks + 1))

# Write errors on standard output: a message and a non-zero status, for
# every command that writes (a full disk, a closed output).
for args in "--help" "--version" "help sim" "stats" "stats --json" "history" "history --json" \
    "sim --p1 simple --p2 simple --games 2" "sim --p1 simple --p2 simple --games 2 --json" "replay $tmp/save"; do
    for to in full closed; do
        checks=$((checks + 1))
        # shellcheck disable=SC2086
        if [ $to = full ]; then "$gin" $args </dev/null >/dev/full 2>"$tmp/err"; else "$gin" $args </dev/null >&- 2>"$tmp/err"; fi
        rc=$?
        [ $rc -ne 0 ] || fail "gin $args with standard output $to: exit status 0"
        grep -q "^gin: writing standard output: " "$tmp/err" || fail "gin $args >$to: no message ($(cat "$tmp/err"))"
        [ "$(grep -c "writing standard output" "$tmp/err")" = 1 ] || fail "gin $args >$to: said more than once"
    done
done
# The commands that read standard input: analyze, showdown, advise (the
# position a table's w wrote: tests/data/position.txt).
for args in "analyze:$data/analyze.in" "showdown:$data/showdown.in" "advise --playouts 2000:$data/position.txt"; do
    cmd=${args%%:*} in=${args#*:}
    for to in full closed; do
        checks=$((checks + 1))
        # shellcheck disable=SC2086
        if [ $to = full ]; then "$gin" $cmd <"$in" >/dev/full 2>"$tmp/err"; else "$gin" $cmd <"$in" >&- 2>"$tmp/err"; fi
        rc=$?
        [ $rc -ne 0 ] || fail "gin $cmd with standard output $to: exit status 0"
        grep -q "^gin: writing standard output: " "$tmp/err" || fail "gin $cmd >$to: no message ($(cat "$tmp/err"))"
        [ "$(grep -c "writing standard output" "$tmp/err")" = 1 ] || fail "gin $cmd >$to: said more than once"
    done
done

# Standard input that cannot be read (a directory, a closed descriptor) is
# said, with exit status 1, by every command that reads it (advise said
# nothing, the engine ended silently with 0).
for cmd in analyze showdown advise engine; do
    for from in directory closed; do
        checks=$((checks + 1))
        if [ $from = directory ]; then "$gin" "$cmd" <"$tmp" >/dev/null 2>"$tmp/err"; else "$gin" "$cmd" <&- >/dev/null 2>"$tmp/err"; fi
        rc=$?
        [ $rc -eq 1 ] || fail "gin $cmd with standard input $from: exit status $rc, expected 1"
        reason=$([ $from = directory ] && echo "Is a directory" || echo "Bad file descriptor")
        [ "$(cat "$tmp/err")" = "gin $cmd: reading standard input: $reason" ] ||
            fail "gin $cmd <$from: $(cat "$tmp/err")"
    done
done

if [ "$failures" -ne 0 ]; then
    echo "e2e_cli: $failures failure(s) in $checks checks"
    exit 1
fi
echo "e2e_cli: $checks checks passed"
