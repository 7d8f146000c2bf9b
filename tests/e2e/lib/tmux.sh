# The one harness of the end-to-end tests that drive the real table in
# tmux (tmux.sh, table.sh, crash.sh, monkey.sh, opponent.sh, keys.sh, ...):
# gin in a private tmux server's pane, its screen, keys, its exit status
# read from a file (never from the screen, which a killed program can leave
# in any state), and a player that answers the message line.
#
#   GIN=path/to/gin; . "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" NAME
#
# Sets T (a scratch dir with home/, state/, config/, cwd/; removed at exit)
# and skips the test (exit 77) without a working tmux. Add cleanup work by
# appending to the CLEANUP array (commands run at exit).
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }
GIN=$(cd "$(dirname "$GIN")" && pwd)/$(basename "$GIN")
T=$(mktemp -d)
SOCK="${1:?tmux server name}-$$"
PANE=gin
HAND_DONE=${HAND_DONE:-"Enter: next hand"}
CLEANUP=()
mkdir -p "$T/home" "$T/cwd"
tm() { tmux -L "$SOCK" "$@"; }
harness_cleanup() {
    local c
    for c in "${CLEANUP[@]}"; do eval "$c"; done
    tm kill-server 2>/dev/null
    rm -rf "$T"
}
trap harness_cleanup EXIT
screen() { tm capture-pane -p -J -t "$PANE" 2>/dev/null; }
fail() { echo "FAIL: $*"; echo "--- screen:"; screen; exit 1; }
# A session that outlives the table's keeps the server up between starts.
tm -f /dev/null new-session -d -s keep "sleep 3600" || { echo "SKIP: tmux cannot start"; exit 77; }

# start [VAR=VALUE... --] ARGS...: gin ARGS in a fresh pane of 80x24 (or
# PANE_COLS x PANE_LINES), HOME and the XDG directories in $T, the working
# directory $T/cwd, UTF-8 unless the VARs say otherwise. WRAP (a command
# prefix) runs gin under strace or the like. When gin ends, $T/status holds
# "EXIT=N TTY=restored|changed" (the terminal settings before and after).
start() {
    local envs=() arg
    if printf '%s\n' "$@" | grep -qx -- --; then
        while [ "$1" != -- ]; do envs+=("$1"); shift; done
        shift
    fi
    rm -f "$T/status"
    {
        echo "export HOME='$T/home' XDG_STATE_HOME='$T/state' XDG_CONFIG_HOME='$T/config'"
        echo "export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color"
        for arg in "${envs[@]}"; do printf 'export %q\n' "$arg"; done
        echo "cd '$T/cwd'"
        echo 'before=$(stty -g)'
        printf '%s' "${WRAP:-}"
        printf ' %q' "$GIN" "$@"
        echo
        echo 'rc=$?'
        echo 'after=$(stty -g)'
        echo '[ "$before" = "$after" ] && tty=restored || tty=changed'
        echo "echo \"EXIT=\$rc TTY=\$tty\" > '$T/status.tmp' && mv '$T/status.tmp' '$T/status'"
        echo 'exec sleep 600'
    } >"$T/run.sh"
    tm kill-session -t "$PANE" 2>/dev/null
    audit_taken # a new pane: the last keys went to the old one
    tm -f /dev/null new-session -d -s "$PANE" -x "${PANE_COLS:-80}" -y "${PANE_LINES:-24}" "bash $T/run.sh" ||
        fail "tmux start"
}
# start_shell: an interactive bash in a fresh pane (job control on, as a
# player's shell: Ctrl-Z, jobs, fg, bg, kill %1), with start's environment
# and working directory; the prompt is "shell> ". The test types gin's
# command line into it, and has the shell write what it wants to read
# (an exit status, stty -g) to files.
start_shell() {
    {
        echo "export HOME='$T/home' XDG_STATE_HOME='$T/state' XDG_CONFIG_HOME='$T/config'"
        echo "export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color"
        echo "PS1='shell> '"
        echo "cd '$T/cwd'"
    } >"$T/shellrc"
    tm kill-session -t "$PANE" 2>/dev/null
    audit_taken # a new pane: the last keys went to the old one
    tm -f /dev/null new-session -d -s "$PANE" -x "${PANE_COLS:-80}" -y "${PANE_LINES:-24}" \
        "bash --noprofile --rcfile '$T/shellrc' -i" || fail "tmux start"
    wait_for '^shell>' 10
}
# resume_knock [VAR=VALUE... --] ARGS...: as start, resuming the game of
# tests/e2e/data/knock-spreads.save (yes to Resume?), until the player's
# turn that may knock: deadwood 1 throwing the 3♣ (card 9, picked), with
# 4-4-4, 5-5-5 and the A-2-3 of clubs and the 2♥ 2♦ dead.
resume_knock() {
    mkdir -p "$T/state/gin"
    cp "$(dirname "${BASH_SOURCE[0]}")/../data/knock-spreads.save" "$T/state/gin/save"
    start "$@"
    wait_for "Resume\\?" 10
    keys y
    wait_for "or k to knock \\(deadwood 1\\)" 20
}
# With E2E_AUDIT=FILE, each wait_for that the screen before the last keys
# already met is listed in FILE: such a wait may pass before the keys are
# taken (a race on a slow machine). A review aid, off in the suite.
keys() {
    [ -n "${E2E_AUDIT:-}" ] && screen >"$T/audit-before"
    tm send-keys -t "$PANE" "$@"
}
# The keys are seen taken (the screen changed): nothing for the audit.
audit_taken() { rm -f "$T/audit-before"; }
# wait_for REGEX [SECONDS]: poll the screen until it matches.
wait_for() {
    local re=$1 limit=${2:-20} i
    if [ -n "${E2E_AUDIT:-}" ] && [ -f "$T/audit-before" ]; then
        grep -Eq -- "$re" "$T/audit-before" &&
            echo "$(basename "$0"):${BASH_LINENO[0]} /$re/" >>"$E2E_AUDIT"
        rm -f "$T/audit-before"
    fi
    for ((i = 0; i < limit * 10; i++)); do
        screen | grep -Eq -- "$re" && return 0
        sleep 0.1
    done
    fail "timed out waiting for /$re/"
}
# wait_gone REGEX [SECONDS]: poll the screen until it no longer matches.
wait_gone() {
    local re=$1 limit=${2:-20} i
    for ((i = 0; i < limit * 10; i++)); do
        screen | grep -Eq -- "$re" || { audit_taken; return 0; }
        sleep 0.1
    done
    fail "timed out waiting for /$re/ to go"
}
# press KEY...: send the keys and wait until the screen changes (a key
# that changes nothing is a fault here: use keys and wait_idle for those).
press() {
    local before i
    before=$(screen)
    keys "$@"
    for ((i = 0; i < 200; i++)); do
        [ "$(screen)" != "$before" ] && { audit_taken; return 0; }
        sleep 0.1
    done
    fail "the screen did not change after: $*"
}
# The pane's terminal.
pane_tty() { tm display-message -p -t "$PANE" '#{pane_tty}'; }
# Bytes waiting in a terminal's input queue (FIONREAD, Linux's number).
queued() { perl -e 'open(my $f, "<", $ARGV[0]) or exit 2; my $n = pack("L", 0);
    ioctl($f, 0x541B, $n) or exit 3; print unpack("L", $n)' "$1"; }
# wait_idle [SECONDS]: until gin has taken every key sent to it and waits
# for more: the terminal's input queue empty and gin asleep in its poll,
# twice in a row (gin acts on a key before it waits again). For checks
# that a key did nothing: they follow this, never a sleep.
wait_idle() {
    local limit=${1:-10} pid tty i n w ok=0
    pid=$(gin_pid)
    tty=$(pane_tty)
    [ -n "$pid" ] && [ -r "/proc/$pid/wchan" ] && queued "$tty" >/dev/null ||
        fail "cannot tell whether gin has taken its keys (no /proc or perl here)"
    for ((i = 0; i < limit * 20; i++)); do
        n=$(queued "$tty")
        w=$(cat "/proc/$pid/wchan" 2>/dev/null)
        if [ "$n" = 0 ] && [[ $w == *poll* || $w == *select* ]]; then
            ok=$((ok + 1))
            ((ok >= 2)) && return 0
        else
            ok=0
        fi
        sleep 0.05
    done
    fail "gin did not take the keys sent to it"
}
# wait_file PATH [SECONDS]: poll until the file exists.
wait_file() {
    local f=$1 limit=${2:-20} i
    for ((i = 0; i < limit * 10; i++)); do
        [ -e "$f" ] && return 0
        sleep 0.1
    done
    fail "timed out waiting for $f"
}
exited() { [ -e "$T/status" ]; }
# wait_exit [SECONDS]: wait until gin has ended; sets EXIT and TTY.
wait_exit() {
    wait_file "$T/status" "${1:-20}"
    EXIT=$(sed -n 's/^EXIT=\([0-9]*\) .*/\1/p' "$T/status")
    TTY=$(sed -n 's/.* TTY=\(.*\)$/\1/p' "$T/status")
}
# expect_exit CODE LABEL [SECONDS]: gin ended with CODE, terminal restored.
expect_exit() {
    wait_exit "${3:-20}"
    [ "$EXIT" = "$1" ] || fail "$2: exit status $EXIT, not $1"
    [ "$TTY" = restored ] || fail "$2: terminal settings not restored"
}
# The pid of gin in the pane (the pane shell's child, found in /proc so no
# procps is needed), or nothing once it has ended.
gin_pid() {
    local pp st f
    pp=$(tm display-message -p -t "$PANE" '#{pane_pid}')
    for st in /proc/[0-9]*/stat; do
        read -r -a f <"$st" 2>/dev/null || continue
        [ "${f[3]}" = "$pp" ] && [ "${f[1]}" = "($(basename "$GIN" | cut -c1-15))" ] && { echo "${f[0]}"; return; }
    done
}
# Is a process whose command line contains $1 running?
running() { grep -qsF -- "$1" /proc/[0-9]*/cmdline 2>/dev/null; }

# answer: one reply to whatever the table asks now, waiting until the table
# has taken it (the screen changes); returns 1 at HAND_DONE (with
# ANSWER_NEXT=1 it steps past it, to the next hand and game).
answer() {
    local s k= i
    s=$(screen)
    if grep -q "$HAND_DONE" <<<"$s"; then
        [ "${ANSWER_NEXT:-0}" = 1 ] || return 1
        k=Enter
    elif grep -q "Resume?" <<<"$s"; then k=y
    elif grep -q "Press k again" <<<"$s"; then k=k
    elif grep -q "You can go gin: press g" <<<"$s"; then k=g
    elif grep -q "or k to knock" <<<"$s"; then k=k
    elif grep -q "Pick a card" <<<"$s"; then k=Enter
    elif grep -q "(d) or pass (p)" <<<"$s"; then k=p
    elif grep -q "draw from the stock (s)" <<<"$s"; then k=s
    # The table's answer to a stray Enter before the draw (sent while a
    # screen changed under it) names the move it wants instead.
    elif grep -q "Take the upcard with d or pass with p" <<<"$s"; then k=p
    elif grep -q "Draw first: s for the stock" <<<"$s"; then k=s
    elif grep -q "Practice review" <<<"$s"; then k=Enter
    elif grep -q "n: new game" <<<"$s"; then k=n
    fi
    if [ -n "$k" ]; then
        keys "$k"
        for ((i = 0; i < 200; i++)); do
            [ "$(screen)" != "$s" ] && break
            exited && break
            sleep 0.05
        done
        audit_taken
    fi
    return 0
}
# Play until the hand ends (the screen shows HAND_DONE).
play_hand() {
    local deadline=$((SECONDS + 180))
    while ((SECONDS < deadline)); do
        answer || return 0
        sleep 0.05
    done
    fail "the hand did not end in time"
}
# wait_turn [REGEX] [SECONDS]: wait for the player's turn (REGEX, "Your
# turn" unless told), stepping past a hand the bot ended first: in a deal
# nobody chose (no --seed) the bot may take the upcard and knock before the
# player has moved, and the turn then comes in the next hand. Enter goes
# only to a hand's end that has held still for a second: the lay-offs
# animate under the same footer, a key sent then only skips them, and an
# Enter sent on a mere change of the screen could fall into the next
# hand's first move (CI, 2026-12-05: "Take the upcard with d or pass").
# In practice the hand's review page comes after its end, and is stepped
# past the same way (CI, 2026-12-05: a practice game's wait timed out on
# it when the bot ended the first hand before the player's turn).
wait_turn() {
    local re=${1:-Your turn} limit=${2:-30} i s last= still=0
    for ((i = 0; i < limit * 10; i++)); do
        s=$(screen)
        grep -Eq -- "$re" <<<"$s" && return 0
        if [ "$s" = "$last" ]; then still=$((still + 1)); else still=0 last=$s; fi
        ((still > 0 && still % 10 == 0)) && grep -q "$HAND_DONE\|^ Practice review" <<<"$s" && keys Enter
        sleep 0.1
    done
    fail "timed out waiting for /$re/"
}
# play_for SECONDS: answer whatever the table asks, hands and games too.
play_for() {
    local until=$((SECONDS + $1))
    while ((SECONDS < until)) && ! exited; do
        ANSWER_NEXT=1 answer
        sleep 0.05
    done
}
# menu_item TEXT: move the open menu's cursor (from the top) down to the
# item that says TEXT.
menu_item() {
    local i
    for ((i = 0; i < 20; i++)); do
        screen | grep -q "▶ $1\|> $1" && return 0
        keys Down
        sleep 0.1
    done
    fail "no menu item '$1'"
}
# quit_clean LABEL: quit from the table (q y), exit 0, terminal restored.
quit_clean() {
    local i
    for ((i = 0; i < 10; i++)); do
        exited && break
        keys Escape
        sleep 0.2
        keys q
        sleep 0.2
        keys y
        sleep 0.4
    done
    expect_exit 0 "$1"
}
