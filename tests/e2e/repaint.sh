#!/usr/bin/env bash
# Ctrl-L repaints the whole screen, as htop, tmux, less and vi do, on every
# screen of the table: a message another program writes over it (wall)
# goes, the screen is again exactly as it was, and nothing else happens (no
# message, no move, a prompt still waits). At the table it once said
# "Unknown key. ? shows the keys." and left the message there; pages and
# menus ignored it.
# Usage: repaint.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-repaint

WALL="wall: SYSTEM GOING DOWN"
# The screen as it looks: without the blanks at the ends of its rows, which
# the harness's capture keeps (-J) where a program wrote blanks, and not
# where a whole repaint cleared them.
looks() { screen | sed 's/ *$//'; }
# repainted LABEL: garbage written to the pane's terminal, then Ctrl-L
# brings back the screen as it was before.
repainted() {
    local before i
    wait_idle
    before=$(looks)
    printf '\033[5;5H%s' "$WALL" >"$(pane_tty)"
    wait_for "$WALL" 5
    keys C-l
    for ((i = 0; i < 100; i++)); do
        [ "$(looks)" = "$before" ] && break
        sleep 0.1
    done
    if [ "$(looks)" != "$before" ]; then
        echo "--- the screen before, against the screen now:"
        diff <(echo "$before") <(looks)
        fail "$1: Ctrl-L did not repaint the screen as it was"
    fi
    wait_idle
    [ "$(looks)" = "$before" ] || fail "$1: the screen changed after Ctrl-L's repaint"
    screen | grep -q "Unknown key" && fail "$1: Ctrl-L was taken for a key"
    echo "repaint: $1: repainted as it was"
}

start --seed 3 --fast --level easy
wait_turn
repainted "the table"
keys "?"
wait_for "back to the table" 5
repainted "the help page"
keys Escape
wait_turn
keys m
wait_for "apply from the next game" 5
repainted "the menu"
keys Escape
wait_turn
keys q
wait_for "Quit\\?" 5
repainted "the quit prompt"
keys y # the prompt still waits for its answer
expect_exit 0 "quit after Ctrl-L at the prompt"
