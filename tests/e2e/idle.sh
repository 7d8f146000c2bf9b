#!/usr/bin/env bash
# An idle table sleeps: at the player's turn, with nothing to do, gin waits
# in one wait for a key, a signal or a resize and wakes for nothing else
# (its reads woke it five times a second before, in 200 ms slices). It
# still answers each at once: a resize redraws, a key is taken, a SIGTERM
# saves and leaves.
# Usage: idle.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-idle

# The times the table's thread has gone to sleep of its own accord.
wakeups() { sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$1/status"; }
# idle_for SECONDS LABEL: gin, waiting for the player, sleeps throughout.
# The sleep here is the measurement (a stretch of time with nothing in it),
# not a wait for a screen.
idle_for() {
    local pid before after
    wait_idle
    pid=$(gin_pid)
    before=$(wakeups "$pid")
    sleep "$1"
    after=$(wakeups "$pid")
    [ -n "$before" ] && [ -n "$after" ] || fail "$2: no /proc/$pid/status to read"
    ((after - before <= 1)) || fail "$2: idle for $1 s, gin woke $((after - before)) times"
}

start --level normal --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
idle_for 2 "at the first offer"
tm resize-window -t "$PANE" -x 60 -y 20
wait_for "at least 80x24" 5
idle_for 1 "in a window too small"
tm resize-window -t "$PANE" -x 80 -y 24
wait_for "take the .* \\(d\\) or pass \\(p\\)" 5
press p
wait_turn "Your turn|Pick a card"
idle_for 1 "at the player's turn after a key"
pid=$(gin_pid)
kill -TERM "$pid"
expect_exit 0 "SIGTERM while idle" 5
sed '1,/^$/d' "$T/state/gin/save" >"$T/record"
"$GIN" replay --quiet "$T/record" || fail "the save after SIGTERM does not replay"
echo "idle: asleep while the player thinks, awake at once for a resize, a key, a signal"
