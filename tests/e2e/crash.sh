#!/usr/bin/env bash
# Crash safety and hostile surroundings, with the real binary:
#  1. SIGKILL of `gin` at random moments of a game, once it has saved (it
#     saves after every move); each kill must leave a save that replays with
#     `gin replay`, and the next start must find it and the statistics sound
#     (no "damaged"). Every signal whose default ends the process (TERM,
#     HUP, INT, QUIT, USR1, USR2, ALRM) must save, restore the terminal and
#     exit 0.
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
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-crash
MOUNTS=()
CLEANUP+=('for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done')
REAL_KILLS=3
[ -n "${CRASH_KILLS:-}" ] && REAL_KILLS=$(( CRASH_KILLS / 50 > 3 ? CRASH_KILLS / 50 : 3 ))
RANDOM=$$

# The saved game is a header, a blank line and a game record.
save_replays() {
    sed '1,/^$/d' "$T/state/gin/save" > "$T/record"
    "$GIN" replay "$T/record" >/dev/null 2>"$T/replay.err" || {
        cat "$T/replay.err"; fail "the save after a kill does not replay"; }
}

# ---- 1. SIGKILL mid-game, once a save exists (the table saves after every
# move): every kill must leave a save that replays.
kills=0 saves=0
for ((k = 0; k < REAL_KILLS; k++)); do
    start --seed $((k + 1)) --fast --level easy
    wait_for "Stock|Resume\\?" 20
    screen | grep -qi "damaged" && fail "after kill $kills the start reports damage"
    # A new game each round (n at Resume?): the killed one, resumed, may be
    # a move from its end, and a game over leaves no save to wait for (seen
    # once: the bot at 117 two moves after the resume).
    if screen | grep -q "Resume?"; then
        keys n
        wait_for "Stock" 20
    fi
    rm -f "$T/state/gin/save"
    # Play until the first save, for 20 s at most (counted in time, not in
    # answers: a screen that asks nothing, as while the bot moves, returns
    # at once, and a hundred of those once ran out before the first move).
    deadline=$((SECONDS + 20))
    while ((SECONDS < deadline)) && [ ! -f "$T/state/gin/save" ]; do
        ANSWER_NEXT=1 answer
        sleep 0.05
    done
    [ -f "$T/state/gin/save" ] || fail "no save after 20 s of play before kill $((kills + 1))"
    play_for $((RANDOM % 4))
    pid=$(gin_pid)
    [ -n "$pid" ] || fail "gin is not running before kill $((kills + 1))"
    kill -KILL "$pid"
    wait_exit 10
    [ "$EXIT" = 137 ] || fail "SIGKILL: exit status $EXIT, not 137"
    kills=$((kills + 1))
    [ -f "$T/state/gin/save" ] || fail "kill $kills left no save"
    save_replays
    saves=$((saves + 1))
    if [ -f "$T/state/gin/stats-v3" ]; then
        HOME="$T/home" XDG_STATE_HOME="$T/state" "$GIN" stats >/dev/null 2>"$T/stats.err" ||
            fail "gin stats fails after a kill: $(cat "$T/stats.err")"
        grep -qi damaged "$T/stats.err" && fail "statistics damaged after a kill"
    fi
    ls "$T/state/gin/"*.bad* >/dev/null 2>&1 && fail "a file was quarantined after a kill"
done
# the last state starts cleanly
start --seed 9 --fast --level easy
wait_for "Stock|Resume\\?" 20
screen | grep -qi "damaged" && fail "the start after the last kill reports damage"
play_for 1
quit_clean "after the kills"
echo "crash: $kills SIGKILLs of gin mid-game, each left a save that replays ($saves)"

# Signals whose default ends the process (a closed terminal, Ctrl-C, Ctrl-\,
# kill, the user signals): saved, a clean exit, the terminal restored.
for sig in TERM HUP INT QUIT USR1 USR2 ALRM; do
    rm -f "$T/state/gin/save"
    start --seed 21 --fast --level easy
    wait_for "Stock|Resume\\?" 20
    play_for 2
    pid=$(gin_pid)
    [ -n "$pid" ] || fail "gin is not running before SIG$sig"
    kill -"$sig" "$pid"
    expect_exit 0 "SIG$sig" 10
    [ -f "$T/state/gin/save" ] || fail "SIG$sig: the game was not saved"
    save_replays
done
echo "crash: SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM mid-game: saved (replays), exit 0, terminal restored"

# Crash signals: the handler restores the terminal, puts the previous
# handler back and re-raises, so the process dies of the signal (a
# sanitizer's or the system's report is not lost); the save of the last
# move is kept.
# Under AddressSanitizer SIGSEGV is the sanitizer's (it reports and exits
# 1): only SIGABRT is ours there.
crash_sigs="SEGV ABRT"
grep -qa "__asan_init" "$GIN" && crash_sigs="ABRT"
for sig in $crash_sigs; do
    rm -f "$T/state/gin/save"
    start --seed 22 --fast --level easy
    wait_for "Stock|Resume\\?" 20
    play_for 2
    for ((i = 0; i < 100; i++)); do [ -f "$T/state/gin/save" ] && break; play_for 1; done
    [ -f "$T/state/gin/save" ] || fail "SIG$sig: no save before the signal"
    pid=$(gin_pid)
    [ -n "$pid" ] || fail "gin is not running before SIG$sig"
    kill -"$sig" "$pid"
    want=$((128 + $(kill -l "$sig")))
    expect_exit "$want" "SIG$sig" 10
    [ -f "$T/state/gin/save" ] || fail "SIG$sig: the save is gone"
    save_replays
done
echo "crash: $crash_sigs mid-game: the terminal restored, re-raised (exit 128 + the signal), the save kept"

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
    # A saved game there is not offered (it could not be saved again), but
    # the note says it is kept (it said nothing of it).
    cp "${2:?source dir}/fuzz/corpus/save/classic-part" "$T/ro/gin/save"
    mount -o remount,ro "$T/ro" || fail "remount read-only"
    unusable "read-only state dir" "cannot use .*(Read-only|Permission)" "XDG_STATE_HOME=$T/ro"
    start "XDG_STATE_HOME=$T/ro" -- --seed 3 --fast
    wait_for "Play goes on" 15
    screen | tr -s ' \n' '  ' | grep -q "Your saved game is left as it is" ||
        fail "read-only state dir: the note does not say the saved game is kept"
    keys Enter
    wait_for "Stock" 15
    quit_clean "read-only state dir with a save"
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
