#!/usr/bin/env bash
# Every option refuses what it does not document (issue 28): each option of
# each command, given a value outside what its --help and docs/rules.md
# say, exits with status 2 and a message naming the option; the documented
# values are taken. Numbers: below and above the range, blanks, a sign,
# hex, a fraction, an exponent, digits too many for any integer, the empty
# string. Names: a wrong word, a number, the empty string. On/off and word
# knobs: the numbers behind the words (--knock -1 was silently "upcard",
# --cut 1 "high"). Flags: a value. Long options: abbreviations.
# Usage: options.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: options.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$HOME"
checks=0

# The arguments that make each command run without an option under test
# (the table stops at "needs a terminal", exit 1, after reading them all).
declare -A base=(
    [table]=""
    [sim]="sim --p1 simple --p2 simple --games 2 --jobs 1"
    [showdown]="showdown"
    [engine]="engine"
    [advise]="advise"
    [analyze]="analyze"
    [stats]="stats"
    [history]="history"
    [replay]="replay"
)

# refuse CMD OPTION [VALUE...]: each "gin BASE OPTION VALUE" (or "gin BASE
# OPTION=VALUE" with no VALUE) exits 2 and says OPTION (up to any '=') on
# standard error.
refuse() {
    local cmd=$1 opt=$2
    shift 2
    [ $# = 0 ] && set -- --inline
    for v in "$@"; do
        checks=$((checks + 1))
        local args=("$opt" "$v")
        [ "$v" = --inline ] && args=("$opt") && opt=${opt%%=*}
        # shellcheck disable=SC2086 # base is words
        "$gin" ${base[$cmd]} "${args[@]}" </dev/null >"$tmp/out" 2>"$tmp/err"
        local rc=$?
        if [ $rc -ne 2 ] || ! grep -qF -- "$opt" "$tmp/err"; then
            fail "gin ${base[$cmd]} $opt '$v': exit $rc, expected 2 naming $opt: $(head -c 200 "$tmp/err")"
        fi
    done
}

# accept CMD ARG...: "gin BASE ARG..." is no usage mistake (not exit 2).
accept() {
    local cmd=$1
    shift
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$gin" ${base[$cmd]} "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ $rc -ne 2 ] || fail "gin ${base[$cmd]} $*: refused: $(head -c 200 "$tmp/err")"
}

# number CMD OPTION LO HI: refuses everything but whole numbers in [LO, HI].
number() {
    local cmd=$1 opt=$2 lo=$3 hi=$4
    refuse "$cmd" "$opt" "" x 1x " 1" "1 " +1 0x10 1.5 1e3 99999999999999999999999 "$((lo - 1))"
    [ "$hi" = max ] || refuse "$cmd" "$opt" "$((hi + 1))"
}

# Numbers.
number table --players 2 4
number table --target 1 10000
number table --seed 0 max
refuse table --seed -1 18446744073709551616
number sim --games 1 1000000000
number sim --seed 0 max
number sim --think 0 3600000
number sim --jobs 1 1024
number sim --move-time 1 3600000
number sim --players 2 4
number engine --think 0 3600000
number advise --think 1 600000
number advise --playouts 1 100000000
number advise --seed 0 max
accept table --players 4
# --players and --seats that disagree are refused at the table as in sim
# (--seats won quietly, whichever came first).
for pair in "4 3" "2 4" "3 2"; do
    set -- $pair
    checks=$((checks + 1))
    "$gin" --players "$1" --seats "$2" </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -qF -- "--players $1 and --seats $2 disagree" "$tmp/err" ||
        fail "gin --players $1 --seats $2: exit $rc: $(head -c 200 "$tmp/err")"
done
accept table --players 3 --seats 3
accept table --target 10000
accept table --seed 18446744073709551615
accept sim --seed 18446744073709551615 --think 0
accept engine --think 3600000

# Names.
refuse table --level "" nosuch 2 random exec:x
refuse table --opponent "" nosuch 2 random exec:
refuse table --speed "" 3 fastest
refuse table --deal "" weekly Daily 20261203 1
# The deal is chosen once: --seed and --deal daily together are refused,
# naming the second.
for pair in "--deal daily --seed 3:--seed" "--seed 3 --deal daily:--deal"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086 # the pair is words
    "$gin" ${pair%%:*} </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    { [ $rc -eq 2 ] && grep -qF -- "${pair##*:}" "$tmp/err"; } ||
        fail "gin ${pair%%:*}: exit $rc, expected 2 naming ${pair##*:}: $(head -c 200 "$tmp/err")"
done
accept table --deal daily
# So is advise's budget, time or playouts: both together are refused,
# naming the second (--think was silently ignored).
for pair in "--think 5 --playouts 100:--playouts" "--playouts 100 --think 5:--think"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086 # the pair is words
    "$gin" advise ${pair%%:*} </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    want="gin advise: ${pair##*:}: --think and --playouts do not go together: the budget is one or the other"
    { [ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "$want" ]; } ||
        fail "gin advise ${pair%%:*}: exit $rc, expected 2 and '$want': $(head -c 200 "$tmp/err")"
done
refuse sim --p1 "" nosuch 2 exec:
refuse sim --p2 "" nosuch 2
refuse engine --level "" nosuch 2 exec:x
refuse showdown --upcard "" ZZ 5 5H6H 1S 11H
for cmd in table sim showdown; do refuse $cmd --rules "" nosuch 1 custom; done
for lv in easy normal hard expert eager waiter hoarder blocker collector; do accept table --level $lv; accept table --opponent $lv; done
for sp in slow normal fast instant; do accept table --speed $sp; done
for r in standard classic oklahoma straight; do accept table --rules $r; accept showdown --rules $r; done
accept showdown --upcard 10h
accept engine --level random

# Rule knobs, at the table, in gin sim and gin showdown (docs/rules.md's
# table: words for the word knobs, numbers in their ranges for the rest).
declare -A words=([cut]="low high" [next-dealer]="winner loser alternate" [first-turn]="offer free"
    [stock]="void reshuffle" [shutout]="total no-box" [spade-double]="on off" [hollywood]="on off")
declare -A range=([knock]="0 10" [gin-bonus]="0 1000" [big-gin]="0 1000" [undercut-bonus]="0 1000"
    [stock-void-at]="0 30" [target]="1 10000" [max-hands]="0 10000" [game-bonus]="0 1000"
    [box-bonus]="0 1000" [undercut-penalty]="0 1000" [seats]="2 4")
for cmd in table sim showdown; do
    for k in "${!words[@]}"; do
        [ $cmd = table ] && [ $k = hollywood ] && continue # the table's own flag, below
        if [ $k = hollywood ]; then # --hollywood alone is on: a value goes after '='
            for v in "" nosuch -1 0 1 2; do refuse $cmd "--hollywood=$v"; done
        else
            refuse $cmd "--$k" "" nosuch -1 0 1 2
        fi
        for w in ${words[$k]}; do accept $cmd "--$k" "$w"; done
    done
    for k in "${!range[@]}"; do
        # shellcheck disable=SC2086
        set -- ${range[$k]}
        refuse $cmd "--$k" "" x 1x " 1" +1 0x10 1.5 "$(($1 - 1))" "$(($2 + 1))" 9999999
        [ $k = seats ] && continue # 3 and 4 need more players: refused for that
        accept $cmd "--$k" "$1"
        [ $k = stock-void-at ] || accept $cmd "--$k" "$2"
    done
    refuse $cmd --knock -1 -7 upcardx
    accept $cmd --knock upcard
done
# --hollywood: a flag (on), or the knob's on|off, everywhere.
for cmd in table sim showdown; do
    refuse $cmd --hollywood=1
    refuse $cmd --hollywood=yes
    accept $cmd --hollywood
    accept $cmd --hollywood on
    accept $cmd --hollywood=off
done
accept table --no-hollywood

# Flags take no value; abbreviations are not options.
for f in "table --open=1" "table --ascii=yes" "sim --json=1" "analyze --json=0" "showdown --json=1" \
    "stats --json=1" "history --json=1" "replay --moves=1" "advise --json=1" "engine --help=x"; do
    set -- $f
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$gin" ${base[$1]} "$2" </dev/null >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q "takes no value" "$tmp/err" || fail "gin ${base[$1]} $2: exit $rc: $(cat "$tmp/err")"
done
for f in "table --ope" "table --lev hard" "sim --gam 2" "sim --js" "analyze --js" "showdown --upc 5H" \
    "stats --res" "history --j" "replay --mov x" "advise --play 5" "engine --lev hard" "help --he"; do
    set -- $f
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    if [[ -v base[$1] ]]; then pre=${base[$1]}; else pre=$1; fi
    # shellcheck disable=SC2086
    "$gin" $pre "${@:2}" </dev/null >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q "unknown option '$2'" "$tmp/err" || fail "gin $pre ${*:2}: exit $rc: $(cat "$tmp/err")"
done

# A short letter that is no option is named as typed, even when it is the
# letter behind a long option: 'gin sim -j 2' said "unknown option
# '--jobs'", as if --jobs were not an option.
for f in "sim -j 2" "sim -g 2" "sim -J" "replay -q x" "replay -m x" "replay -s"; do
    set -- $f
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$gin" ${base[$1]} "${@:2}" </dev/null >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q "unknown option '$2'" "$tmp/err" || fail "gin ${base[$1]} ${*:2}: exit $rc: $(cat "$tmp/err")"
done
# A letter inside a group is named too, not the word before the group
# (this said "unknown option '--moves'").
checks=$((checks + 1))
"$gin" replay --moves -xq x </dev/null >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "unknown option '-x'" "$tmp/err" || fail "gin replay --moves -xq x: exit $rc: $(cat "$tmp/err")"

# An external bot plays two-handed: refused at three players, and the
# message says where the three came from when the command line did not
# (the settings remember the last table's players).
mkdir -p "$tmp/config/gin"
printf 'players = 3\n' >"$tmp/config/gin/settings"
checks=$((checks + 1))
"$gin" --opponent "exec:true" </dev/null >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "not with 3 players (remembered from your last table: add --players 2)" "$tmp/err" ||
    fail "gin --opponent with 3 players remembered: exit $rc: $(cat "$tmp/err")"
checks=$((checks + 1))
"$gin" --opponent "exec:true" --players 3 </dev/null >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "not with 3 players$" "$tmp/err" || fail "gin --opponent --players 3: exit $rc: $(cat "$tmp/err")"
rm -f "$tmp/config/gin/settings"

if [ "$failures" -ne 0 ]; then
    echo "e2e_options: $failures failure(s) in $checks checks"
    exit 1
fi
echo "e2e_options: $checks checks passed"
