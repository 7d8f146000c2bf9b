#!/usr/bin/env bash
# Crash safety and hostile surroundings, with the real binary:
#  1. SIGKILL of `gin` at random moments of a game (it saves after every
#     hand); each time the next start must find the save and the statistics
#     sound (no "damaged"), and the save must replay with `gin replay`.
#     SIGTERM, SIGHUP and SIGINT must save and exit 0.
#  2. Unusable state: no $HOME, $XDG_STATE_HOME a file / very long / on a
#     read-only or full file system: a clear message, play goes on, the quit
#     is clean (status 0, terminal restored).
#  3. Nothing is read from the working directory (strace, when available).
#  4. External bots are untrusted: an endless line, silence, a mute start
#     are all cut off in bounded time.
# The SIGKILLs of the writers themselves, many times, are in test_crash.c;
# with CRASH_KILLS=N (make soak) this script runs that test with N kills and
# kills the real binary more often.
# Usage: crash.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
GIN=$(cd "$(dirname "$GIN")" && pwd)/$(basename "$GIN")
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }
T=$(mktemp -d)
SOCK="gin-crash-$$"
MOUNTS=()
tm() { tmux -L "$SOCK" "$@"; }
cleanup() {
    tm kill-server 2>/dev/null
    for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- screen:"; tm capture-pane -p -t crash 2>/dev/null; exit 1; }
REAL_KILLS=3
[ -n "${CRASH_KILLS:-}" ] && REAL_KILLS=$(( CRASH_KILLS / 50 > 3 ? CRASH_KILLS / 50 : 3 ))
RANDOM=$$

# run.sh ENV... -- ARGS: gin in the pane with the environment given (HOME
# and the XDG dirs default to the temp dir), then its status and whether the
# terminal came back.
mkdir -p "$T/cwd"
# A session that outlives the others keeps the server up between starts.
tm -f /dev/null new-session -d -s keep "sleep 3600" || { echo "SKIP: tmux cannot start"; exit 77; }
start() {
    local envs=() arg
    while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
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
        echo '[ "$before" = "$after" ] && echo "TTY=restored" || echo "TTY=changed"'
        echo 'echo "EXIT=$rc"'
        echo 'exec sleep 600'
    } > "$T/run.sh"
    tm kill-session -t crash 2>/dev/null
    tm -f /dev/null new-session -d -s crash -x 80 -y 24 "bash $T/run.sh" || fail "tmux start"
}
screen() { tm capture-pane -p -t crash; }
wait_for() {
    local re=$1 limit=${2:-20} i
    for ((i = 0; i < limit * 10; i++)); do
        screen | grep -Eq -- "$re" && return 0
        sleep 0.1
    done
    fail "timed out waiting for /$re/"
}
keys() { tm send-keys -t crash "$@"; }
# The pid of gin in the pane: the child of the pane's shell (from /proc, so
# no procps is needed).
gin_pid() {
    local pp st
    pp=$(tm display-message -p -t crash '#{pane_pid}')
    for st in /proc/[0-9]*/stat; do
        read -r -a f <"$st" 2>/dev/null || continue
        [ "${f[3]}" = "$pp" ] && [ "${f[1]}" = "($(basename "$GIN" | cut -c1-15))" ] && { echo "${f[0]}"; return; }
    done
}
# Is a process whose command line contains $1 running?
running() { grep -qsF -- "$1" /proc/[0-9]*/cmdline 2>/dev/null; }
# Answer whatever the table asks, for about $1 seconds.
play_for() {
    local until=$((SECONDS + $1)) s
    while ((SECONDS < until)); do
        s=$(screen)
        if grep -q "Enter: next hand" <<<"$s"; then keys Enter
        elif grep -q "Resume?" <<<"$s"; then keys y
        elif grep -q "Press k again" <<<"$s"; then keys k
        elif grep -q "You can go gin: press g" <<<"$s"; then keys g
        elif grep -q "or k to knock" <<<"$s"; then keys k
        elif grep -q "Pick a card" <<<"$s"; then keys Enter
        elif grep -q "(d) or pass (p)" <<<"$s"; then keys p
        elif grep -q "draw from the stock (s)" <<<"$s"; then keys s
        elif grep -q "n: new game" <<<"$s"; then keys n
        fi
        sleep 0.2
    done
}
quit_clean() { # quit from the table: q y, then status 0 and terminal restored
    local i
    for ((i = 0; i < 10; i++)); do
        screen | grep -q "EXIT=[0-9]" && break
        keys Escape; sleep 0.2; keys q; sleep 0.2; keys y; sleep 0.4
    done
    wait_for "EXIT=[0-9]" 10
    screen | grep -q "EXIT=0$" || fail "$1: exit status not 0"
    screen | grep -q "TTY=restored" || fail "$1: terminal not restored"
}
# The saved game is a header, a blank line and a game record.
save_replays() {
    sed '1,/^$/d' "$T/state/gin/save" > "$T/record"
    "$GIN" replay "$T/record" >/dev/null 2>"$T/replay.err" || {
        cat "$T/replay.err"; fail "the save after a kill does not replay"; }
}

# ---- 1. SIGKILL mid-game
kills=0 saves=0
for ((k = 0; k < REAL_KILLS; k++)); do
    start -- --seed $((k + 1)) --fast --level easy
    wait_for "Stock|Resume\\?" 20
    screen | grep -qi "damaged" && fail "after kill $kills the start reports damage"
    play_for $((1 + RANDOM % 5))
    pid=$(gin_pid)
    [ -n "$pid" ] || fail "gin is not running before kill $((kills + 1))"
    kill -KILL "$pid"
    wait_for "EXIT=137" 10
    kills=$((kills + 1))
    if [ -f "$T/state/gin/save" ]; then save_replays; saves=$((saves + 1)); fi
    if [ -f "$T/state/gin/stats" ]; then
        HOME="$T/home" XDG_STATE_HOME="$T/state" "$GIN" stats >/dev/null 2>"$T/stats.err" ||
            fail "gin stats fails after a kill: $(cat "$T/stats.err")"
        grep -qi damaged "$T/stats.err" && fail "statistics damaged after a kill"
    fi
    ls "$T/state/gin/"*.bad >/dev/null 2>&1 && fail "a file was quarantined after a kill"
done
# the last state starts cleanly
start -- --seed 9 --fast --level easy
wait_for "Stock|Resume\\?" 20
screen | grep -qi "damaged" && fail "the start after the last kill reports damage"
play_for 1
quit_clean "after the kills"
echo "crash: $kills SIGKILLs of gin mid-game survived ($saves left a save that replays)"

# SIGTERM and SIGHUP (a closed terminal) mid-game: saved, clean exit.
for sig in TERM HUP INT; do
    rm -f "$T/state/gin/save"
    start -- --seed 21 --fast --level easy
    wait_for "Stock|Resume\\?" 20
    play_for 2
    pid=$(gin_pid)
    [ -n "$pid" ] || fail "gin is not running before SIG$sig"
    kill -"$sig" "$pid"
    wait_for "EXIT=[0-9]" 10
    screen | grep -q "EXIT=0$" || fail "SIG$sig: exit status not 0"
    screen | grep -q "TTY=restored" || fail "SIG$sig: terminal not restored"
    [ -f "$T/state/gin/save" ] || fail "SIG$sig: the game was not saved"
    save_replays
done
echo "crash: SIGTERM, SIGHUP, SIGINT mid-game: saved (replays), exit 0, terminal restored"

# Files 0600, directories 0700.
for f in "$T/state/gin/save" "$T/config/gin/settings"; do
    [ -f "$f" ] && { [ "$(stat -c %a "$f")" = 600 ] || fail "$f is not 0600"; }
done
for d in "$T/state/gin" "$T/config/gin"; do
    [ "$(stat -c %a "$d")" = 700 ] || fail "$d is not 0700"
done

# ---- 2. Unusable state directories: a message, play goes on, clean quit.
unusable() { # LABEL MESSAGE-REGEX ENV...
    local label=$1 re=$2
    shift 2
    start "$@" -- --seed 3 --fast
    wait_for "$re" 15
    local said
    said=$(screen | grep -Eo -- "$re.*" | head -1 | sed 's/ *$//')
    screen | grep -q "Play goes on" || fail "$label: no 'Play goes on'"
    keys Enter
    wait_for "Stock" 15
    quit_clean "$label"
    echo "crash: $label: '$said', play went on, clean quit"
}
touch "$T/a-file"
long=/$(printf 'd%.0s' $(seq 1 5000))
unusable "no HOME" "nor \\\$HOME is set" HOME= XDG_STATE_HOME= XDG_CONFIG_HOME=
unusable "XDG_STATE_HOME is a file" "cannot use .*a-file" "XDG_STATE_HOME=$T/a-file"
unusable "XDG_STATE_HOME under a file" "cannot use" "XDG_STATE_HOME=$T/a-file/x"
unusable "XDG_STATE_HOME very long" "too long" "XDG_STATE_HOME=$long"
# Relative or empty XDG values are ignored (XDG spec): $HOME is used, the
# working directory is not touched.
start XDG_STATE_HOME=relative XDG_CONFIG_HOME= -- --seed 3 --fast
wait_for "Stock" 15
quit_clean "relative XDG_STATE_HOME"
[ -e "$T/cwd/relative" ] && fail "a relative XDG_STATE_HOME was created in the working directory"
[ -f "$T/home/.local/state/gin/save" ] || fail "no save under \$HOME with a relative XDG_STATE_HOME"

if [ "$(id -u)" = 0 ] && mkdir -p "$T/ro" "$T/full" &&
    mount -t tmpfs -o size=1m,mode=0700 tmpfs "$T/ro" 2>/dev/null; then
    MOUNTS+=("$T/ro")
    mkdir -p "$T/ro/gin" && chmod 700 "$T/ro/gin"
    mount -o remount,ro "$T/ro" || fail "remount read-only"
    unusable "read-only state dir" "cannot use .*(Read-only|Permission)" "XDG_STATE_HOME=$T/ro"
    # A full disk: the directory works, but writing the save fails.
    mount -t tmpfs -o size=64k,mode=0700 tmpfs "$T/full" || fail "mount tmpfs"
    MOUNTS+=("$T/full")
    mkdir -p "$T/full/gin" && chmod 700 "$T/full/gin"
    dd if=/dev/zero of="$T/full/filler" bs=4k count=100 2>/dev/null # fills it: dd stops at ENOSPC
    start "XDG_STATE_HOME=$T/full" -- --seed 3 --fast
    wait_for "Stock" 15
    play_for 1
    quit_clean "full disk"
    screen | grep -q "No space left" || fail "full disk: no message about the failed save"
    [ -f "$T/full/gin/save" ] && fail "full disk: a save file was left"
    [ -z "$(ls "$T/full/gin")" ] || fail "full disk: temporaries left: $(ls "$T/full/gin")"
    echo "crash: read-only state dir and full disk: messages, play went on, clean quit"
elif [ "$(id -u)" != 0 ]; then
    mkdir -p "$T/ro/gin" && chmod 500 "$T/ro/gin" "$T/ro"
    unusable "read-only state dir" "cannot use" "XDG_STATE_HOME=$T/ro"
    echo "crash: (not root: no tmpfs, the full disk is not tried)"
else
    echo "crash: (no tmpfs mounts here: read-only and full disk not tried)"
fi

# ---- 3. Nothing read from the working directory (decoys named like our files).
if command -v strace >/dev/null && strace -qq -o /dev/null true 2>/dev/null; then
    for f in save stats settings gin; do echo "decoy" > "$T/cwd/$f"; done
    # (LeakSanitizer cannot run under ptrace: off for this run of a sanitized build)
    WRAP="strace -f -qq -o $T/trace -e trace=%file" start "XDG_STATE_HOME=$T/state2" ASAN_OPTIONS=detect_leaks=0 -- --seed 4 --fast
    wait_for "Stock" 20
    quit_clean "under strace"
    # paths not starting with / (AT_FDCWD-relative), other than the exec itself
    rel=$(grep -E '(AT_FDCWD, |^[0-9]+ +[a-z0-9_]+\()"[^/"]' "$T/trace" | grep -v execve || true)
    [ -z "$rel" ] || { echo "$rel" | head; fail "gin touched paths relative to the working directory"; }
    for f in save stats settings gin; do
        [ "$(cat "$T/cwd/$f")" = decoy ] || fail "the decoy $f in the working directory changed"
    done
    echo "crash: no path relative to the working directory was opened ($(wc -l <"$T/trace") file calls traced)"
fi

# ---- 4. External bots: bounded line length and bounded time.
cat > "$T/bot_long.sh" <<'EOF'
read hello; echo "ok longbot"
while read line; do case "$line" in offer|draw|discard) head -c 1000000 /dev/zero | tr '\0' x;; esac; done
EOF
cat > "$T/bot_silent.sh" <<'EOF'
read hello; echo "ok silent"
while read line; do case "$line" in offer|draw|discard) sleep 60;; esac; done
EOF
echo 'sleep 60' > "$T/bot_mute.sh"
bot() { # NAME EXPECT-REGEX MAX-SECONDS
    local t0=$SECONDS out
    out=$(timeout 60 "$GIN" sim --p1 "exec:sh $T/bot_$1.sh" --p2 simple --games 2 --jobs 1 --move-time 1000 2>&1)
    ((SECONDS - t0 <= $3)) || fail "bot $1: took $((SECONDS - t0)) s (limit $3)"
    grep -Eq -- "$2" <<<"$out" || { echo "$out"; fail "bot $1: no /$2/"; }
    running "$T/bot_$1.sh" && fail "bot $1: its process was left running"
    echo "crash: bot $1: cut off in $((SECONDS - t0)) s: $(grep -Eo -- "$2" <<<"$out" | head -1)"
}
bot long "longer than [0-9]+ bytes" 15
bot silent "no answer within 1000 ms" 15
bot mute "did not answer the handshake" 15

# ---- 5. Many SIGKILLs of the writers themselves (make soak).
if [ -n "${CRASH_KILLS:-}" ]; then
    drv="$(dirname "$GIN")/tests/test_crash"
    [ -x "$drv" ] || fail "no $drv to run the writer kills"
    CRASH_KILLS=$CRASH_KILLS "$drv" 2>&1 | grep -E "crash:|FAILED|PASSED" || fail "test_crash failed"
fi
echo "crash: all passed"
