#!/usr/bin/env bash
# Issue 29: `gin sim` stops when told, and leaves nothing.
#  1. The first Ctrl-C stops at once: the games in progress are abandoned,
#     not counted, and standard error says so (it used to wait for the
#     pair in progress; a second Ctrl-C then reported forfeits that did not
#     happen).
#  2. Every signal whose default ends the process (SIGUSR1, SIGUSR2,
#     SIGALRM, SIGVTALRM among them) ends the bots' process trees first —
#     a child in the bot's group, one gone with setsid, one that tried to
#     join gin's own process group — then gin sim dies of the signal.
# Processes are found by their exact command lines (sleep MARK, unique to
# this run), polling with a bound, never a delay.
# Usage: sim_stop.sh PATH/TO/gin SOURCE_DIR
set -u
GIN=${1:?usage: sim_stop.sh GIN SOURCE_DIR}
T=$(mktemp -d)
trap 'pkill -xf "sleep $mark" 2>/dev/null; pkill -xf "sleep $((mark + 1))" 2>/dev/null; pkill -xf "sleep $((mark + 2))" 2>/dev/null; rm -rf "$T"' EXIT
failures=0
check() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
count() { pgrep -xfc "$1" 2>/dev/null || true; }
none_left() {
    local i
    for i in $(seq 100); do
        [ "$(count "sleep $mark")$(count "sleep $((mark + 1))")$(count "sleep $((mark + 2))")" = 000 ] && return 0
        sleep 0.1
    done
    pgrep -af "sleep $mark|sleep $((mark + 1))|sleep $((mark + 2))"
    return 1
}
# wait_for_line FILE REGEX: poll (at most 20 s) until FILE has a line matching REGEX.
wait_for_line() {
    local i
    for i in $(seq 200); do
        grep -Eq "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

mark=$((70000000 + ($$ % 1000000) * 10))
# The tree: a child in the bot's group holding its pipes, one gone with
# setsid, one that tries to join gin's process group (the bot's parent's
# group: gin's), then the bot proper: our engine, each answer a second late
# (a game takes half a minute).
join=""
command -v perl >/dev/null &&
    join="perl -e '\$g = shift; setpgrp(0, \$g); exec \"sleep\", shift' \"\$(cut -d' ' -f5 /proc/\$PPID/stat)\" $((mark + 2)) </dev/null >/dev/null 2>&1 &"
cat >"$T/tree.sh" <<EOF
echo \$\$ >>"$T/started"
sleep $mark <&0 &
setsid sleep $((mark + 1)) </dev/null >/dev/null 2>&1 &
$join
'$GIN' engine --level simple | while read -r a; do case \$a in ok*) ;; *) sleep 1 ;; esac; echo "\$a"; done
EOF

# 1. Ctrl-C: at once, the games in progress abandoned and said.
"$GIN" sim --p1 hard --p2 "exec:sh $T/tree.sh" --games 100 --jobs 2 >"$T/out" 2>"$T/err" &
sim=$!
wait_for_line "$T/started" . && for _ in $(seq 100); do [ "$(count "sleep $mark")" -ge 2 ] && break; sleep 0.1; done
sleep 2 # into the games (the bot answers a second late)
t0=$(now_ms)
kill -INT $sim
wait $sim 2>/dev/null
rc=$? took=$(($(now_ms) - t0))
[ $rc = 130 ] || check "Ctrl-C: exit status $rc, not 130 (died of SIGINT)"
[ $took -lt 5000 ] || check "Ctrl-C: took $took ms to stop (the games in progress were waited for)"
grep -Eq "^gin sim: stopped by signal 2 \(Interrupt\): [0-9]+ of 100 games played; [0-9]+ in progress abandoned, not counted$" "$T/err" ||
    check "Ctrl-C: standard error does not say what was abandoned: $(cat "$T/err")"
grep -q "forfeit" "$T/err" && check "Ctrl-C: forfeits reported that did not happen: $(cat "$T/err")"
none_left || check "Ctrl-C: a bot's tree is still running"
echo "sim_stop: Ctrl-C stopped gin sim in $took ms: $(tail -1 "$T/err")"

# Twice, at once: still no forfeit reported.
rm -f "$T/started"
"$GIN" sim --p1 hard --p2 "exec:sh $T/tree.sh" --games 100 --jobs 2 >"$T/out" 2>"$T/err" &
sim=$!
wait_for_line "$T/started" . && sleep 1
kill -INT $sim && kill -INT $sim
wait $sim 2>/dev/null
grep -q "forfeit" "$T/err" && check "two Ctrl-Cs: forfeits reported that did not happen: $(cat "$T/err")"
none_left || check "two Ctrl-Cs: a bot's tree is still running"

# 2. The other signals whose default ends the process.
for sig in USR1 USR2 ALRM VTALRM TERM HUP; do
    rm -f "$T/started"
    "$GIN" sim --p1 hard --p2 "exec:sh $T/tree.sh" --games 100 --jobs 2 >"$T/out" 2>"$T/err" &
    sim=$!
    wait_for_line "$T/started" . || check "SIG$sig: the bot did not start"
    for _ in $(seq 100); do [ "$(count "sleep $mark")" -ge 1 ] && break; sleep 0.1; done
    [ -z "$join" ] || for _ in $(seq 100); do [ "$(count "sleep $((mark + 2))")" -ge 1 ] && break; sleep 0.1; done
    kill -$sig $sim
    wait $sim 2>/dev/null
    rc=$?
    [ $rc = $((128 + $(kill -l $sig))) ] || check "SIG$sig: exit status $rc, not $((128 + $(kill -l $sig)))"
    none_left || check "SIG$sig: a bot's tree is still running"
done
echo "sim_stop: USR1, USR2, ALRM, VTALRM, TERM, HUP: the bots' trees ended, gin sim died of the signal"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "PASS"
