#!/usr/bin/env bash
# Ctrl-Z at the table, under a player's shell with job control (an
# interactive bash in the pane), as a player suspends it:
#  1. fg brings the table back as it was: the same screen, flow control
#     off again; a size change made while it was stopped is picked up.
#  2. bg: gin stops again at once, as a job that wants its terminal does
#     (vim, htop), and fg then brings the table back as it was.
#  3. kill %1 on the suspended gin (bash sends SIGTERM, then SIGCONT):
#     gin saves and exits 0 without touching the terminal (the shell's
#     settings, stty -g, are as before), the table's lock is free (the next
#     gin offers Resume?), and the save replays. It once stayed stopped
#     ("Stopped (tty output)": continued in the background, it took the
#     terminal back and SIGTTOU stopped it), holding the lock until fg.
# Usage: suspend.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-suspend
# wait -f (bash 5.1): a stopped job's status only once it has ended.
bash -c '((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 501))' || {
    echo "SKIP: bash older than 5.1 (no wait -f)"
    exit 77
}

# The state of process PID (R, S, T for stopped...), from /proc.
proc_state() {
    local f
    read -r -a f <"/proc/$1/stat" 2>/dev/null || return 1
    echo "${f[2]}"
}
# wait_stopped PID LABEL: until the process is stopped.
wait_stopped() {
    local i
    for ((i = 0; i < 200; i++)); do
        [ "$(proc_state "$1")" = T ] && return 0
        sleep 0.05
    done
    fail "$2: gin was not stopped"
}
# The screen as it looks: without the blanks at the ends of its rows, which
# the harness's capture keeps (-J) where a program wrote blanks, and not
# where a whole repaint cleared them.
looks() { sed 's/ *$//' <<<"$1"; }
# wait_screen SCREEN LABEL: until the pane looks exactly as SCREEN.
wait_screen() {
    local i want
    want=$(looks "$1")
    for ((i = 0; i < 100; i++)); do
        [ "$(looks "$(screen)")" = "$want" ] && return 0
        sleep 0.1
    done
    echo "--- the screen before, against the screen now:"
    diff <(echo "$want") <(looks "$(screen)")
    fail "$2: the table was not drawn back as it was"
}
# Flow control on the pane's terminal as stty names it: ixon or -ixon.
flow() { stty -F "$(pane_tty)" -a | tr ' ' '\n' | grep -x -- '-\?ixon'; }
# Type a command line into the shell.
run() {
    keys -l "$1"
    keys Enter
}

start_shell
run "set -b" # job changes are told at once, not at the next prompt
run "stty -g >'$T/shell-tty-before'; $(printf '%q' "$GIN") --seed 3 --fast --level easy"
wait_turn
pid=$(gin_pid)
[ -n "$pid" ] || fail "gin is not running"
CLEANUP+=('kill -KILL "$pid" 2>/dev/null') # a gin left stopped by a failure
[ "$(flow)" = -ixon ] || fail "flow control is on at the table"

# 1. Ctrl-Z, then fg: the same screen, flow control off again.
table=$(screen)
keys C-z
wait_stopped "$pid" "Ctrl-Z"
wait_for '^shell>' 10
[ "$(flow)" = ixon ] || fail "Ctrl-Z did not give the shell its flow control back"
run fg
wait_screen "$table" "Ctrl-Z then fg"
[ "$(flow)" = -ixon ] || fail "flow control is on again after fg"
wait_idle
screen | grep -q "Unknown key" && fail "Ctrl-Z then fg: a key was taken"

# ... and a size change while stopped is picked up: the table is drawn
# again at 100x30 (its key line on the 30th row).
keys C-z
wait_stopped "$pid" "Ctrl-Z before a resize"
wait_for '^shell>' 10
tm resize-window -t "$PANE" -x 100 -y 30 || fail "tmux cannot resize"
run fg
for ((i = 0; i < 100; i++)); do
    screen | sed -n '30p' | grep -q "q quit" && break
    sleep 0.1
done
screen | sed -n '30p' | grep -q "q quit" || fail "the size changed while stopped was not picked up"
echo "suspend: Ctrl-Z then fg: the table as it was, flow control off again; a resize while stopped picked up"

# 2. Ctrl-Z, bg: gin stops again (its next look at the terminal), fg
# brings it back as it was.
wait_idle
table=$(screen)
keys C-z
wait_stopped "$pid" "Ctrl-Z before bg"
wait_for '^shell>' 10
run bg
# bash tells the stop after its "[1]+ gin ... &" (set -b: at once).
for ((i = 0; i < 100; i++)); do
    screen | sed -n '/ &$/,$p' | grep -q Stopped && break
    sleep 0.1
done
screen | sed -n '/ &$/,$p' | grep -q Stopped || fail "gin did not stop again after bg"
wait_stopped "$pid" "bg"
run "jobs -l"
wait_for 'Stopped \(tty (input|output)\)' 10
run fg
wait_screen "$table" "Ctrl-Z, bg, then fg"
[ "$(flow)" = -ixon ] || fail "flow control is on after bg and fg"
echo "suspend: Ctrl-Z then bg: stopped again at the terminal; fg: the table as it was"

# 3. Ctrl-Z, then kill %1: saved, exit 0, the shell's terminal untouched.
rm -f "$T/state/gin/save"
keys C-z
wait_stopped "$pid" "Ctrl-Z before kill %1"
wait_for '^shell>' 10
run "kill %1; wait -f %1; echo \$? >'$T/status.tmp'; stty -g >'$T/shell-tty-after'; mv '$T/status.tmp' '$T/status'"
for ((i = 0; i < 200; i++)); do
    [ -e "$T/status" ] && break
    sleep 0.1
done
[ -e "$T/status" ] || fail "kill %1 on a suspended gin: it did not end (its state: $(proc_state "$pid"))"
[ "$(cat "$T/status")" = 0 ] || fail "kill %1 on a suspended gin: exit status $(cat "$T/status"), not 0"
[ -z "$(gin_pid)" ] || fail "gin is still running after kill %1"
cmp -s "$T/shell-tty-before" "$T/shell-tty-after" || fail "kill %1 on a suspended gin changed the shell's terminal settings"
[ -f "$T/state/gin/save" ] || fail "kill %1 on a suspended gin: the game was not saved"
sed '1,/^$/d' "$T/state/gin/save" >"$T/record"
"$GIN" replay "$T/record" >/dev/null 2>"$T/replay.err" || {
    cat "$T/replay.err"
    fail "the save after kill %1 does not replay"
}
# The lock is free: the next gin starts, and offers the game saved.
run "clear; $(printf '%q' "$GIN") --fast; echo \$? >'$T/status2.tmp'; mv '$T/status2.tmp' '$T/status2'"
wait_for "Resume\\?" 20
keys y
wait_for "Stock" 20
keys q
wait_for "Quit\\?" 10
keys y
wait_file "$T/status2" 20
[ "$(cat "$T/status2")" = 0 ] || fail "the gin after kill %1: exit status $(cat "$T/status2"), not 0"
echo "suspend: Ctrl-Z then kill %1: saved (replays), exit 0, the shell's terminal as it was, the next gin resumes"
