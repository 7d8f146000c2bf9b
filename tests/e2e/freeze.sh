#!/usr/bin/env bash
# Ctrl-S never freezes the table, and a frozen terminal never makes it deaf:
# flow control is off while the table runs (Ctrl-S is a key like any, the
# screen goes on), and when flow control is put back on from outside and
# Ctrl-S stops the output under a write, SIGTERM still saves the game and
# ends gin, the terminal given back as it was.
# Usage: freeze.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-freeze

saved_has() { # the save holds N moves or more
    local n
    n=$(sed '1,/^$/d' "$T/state/gin/save" | grep -cE '^(pass|take|stock|pile|discard|knock)')
    [ "$n" -ge "$1" ]
}
pane_tty() { tm display-message -p -t "$PANE" '#{pane_tty}'; }
# wait_blocked SECONDS: until gin sleeps in a write the terminal does not
# take (Linux: its wchan); 1 if that cannot be told here.
wait_blocked() {
    local pid i
    pid=$(gin_pid)
    [ -r "/proc/$pid/wchan" ] || return 1
    for ((i = 0; i < $1 * 10; i++)); do
        grep -qE "wait_woken|tty_write" "/proc/$pid/wchan" 2>/dev/null && return 0
        sleep 0.1
    done
    fail "gin never blocked writing to the stopped terminal"
}

# 1. Ctrl-S is a key: the table answers it and goes on; SIGTERM after it
# saves and ends gin in order.
start --seed 11 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
keys p
wait_for "draw from the stock \\(s\\)" 20
keys g # another message first, so the answer to Ctrl-S is seen anew
wait_for "Draw first" 5
keys C-s
wait_for "Unknown key" 5
keys '?'
wait_for "STANDARD RULES" 5
keys Escape
wait_for "s stock .* q quit" 5
keys g
wait_for "Draw first" 5
keys C-s
wait_for "Unknown key" 5
kill -TERM "$(gin_pid)"
expect_exit 0 "SIGTERM after Ctrl-S"
saved_has 1 || fail "the pass is not in the save: $(cat "$T/state/gin/save")"

# 2. Flow control put back on behind the table's back, and Ctrl-S: the
# next update blocks in write. SIGTERM: the output starts again, the game
# is saved and gin ends.
start --seed 11 --fast
wait_for "Resume\\?" 10
keys y
wait_for "draw from the stock \\(s\\)" 20
keys s
wait_for "Pick a card" 10
stty -F "$(pane_tty)" ixon || fail "cannot put flow control back on"
keys C-s
keys '?'
if wait_blocked 10; then
    kill -TERM "$(gin_pid)"
    expect_exit 0 "SIGTERM with the output stopped" 15
    saved_has 2 || fail "the draw is not in the save: $(cat "$T/state/gin/save")"
else
    echo "note: /proc/PID/wchan unreadable: the stopped write is not checked"
    quit_clean "the table"
fi
echo "PASS"
