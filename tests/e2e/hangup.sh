#!/usr/bin/env bash
# A terminal that hangs up with no SIGHUP reaching the table: the window
# closes while the session's leader (here the pane's shell) ignores SIGHUP
# and lives on, so the kernel signals nobody else and every read of the
# terminal fails at once. The table must take it as the SIGHUP it is: save,
# leave with status 0 within a read's slice (it spun at full speed, deaf,
# holding the table's lock, before), and the next start offers the game.
# Usage: hangup.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-hangup

WRAP="trap '' HUP;" start --seed 21 --fast --level easy
wait_for "Stock|Resume\\?" 20
play_for 2
[ -f "$T/state/gin/save" ] || fail "no save before the hang-up"
leader=$(tm display-message -p -t "$PANE" '#{pane_pid}') pid=$(gin_pid)
# Neither may outlive the test: the shell ignores SIGHUP, and a table that
# missed the hang-up would spin on.
CLEANUP+=("kill -KILL $leader $pid 2>/dev/null")
tm kill-session -t "$PANE"
# The shell goes on to write gin's status (its stty fails on the dead
# terminal: only the status counts here).
wait_exit 10
[ "$EXIT" = 0 ] || fail "gin after the hang-up: exit status $EXIT, not 0"
kill -KILL "$leader" 2>/dev/null
sed '1,/^$/d' "$T/state/gin/save" >"$T/record"
"$GIN" replay "$T/record" >/dev/null 2>"$T/replay.err" || fail "the save after the hang-up does not replay: $(cat "$T/replay.err")"
# The lock went with it: a new table starts and offers the game.
start --seed 21 --fast --level easy
wait_for "Resume\\?" 20
keys q
echo "hangup: a hang-up with no SIGHUP: saved (replays), exit 0, the lock free"
