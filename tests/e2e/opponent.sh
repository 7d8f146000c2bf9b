#!/usr/bin/env bash
# End to end: `gin --opponent exec:COMMAND` at the table. A bot that fails
# the handshake is a plain error (exit 2) before the screen opens; a bot that
# fails mid-game forfeits (the message on screen, the game the human's), the
# terminal comes back, its standard error is in bot.log, and no bot is left.
# Usage: opponent.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: opponent.sh GIN SOURCE_DIR}
tmp=$(mktemp -d)
session="gin-opp-$$" # also a private tmux server
cleanup() {
    tmux -L "$session" kill-server 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# 1. Bad opponents: errors before any screen, status 2.
"$gin" --opponent exec:'echo nonsense' </dev/null >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || fail "a bot failing the handshake did not exit 2"
grep -q "handshake" "$tmp/err" || fail "no handshake message: $(cat "$tmp/err")"
"$gin" --opponent grandmaster </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || fail "an unknown opponent did not exit 2"
grep -q "exec:COMMAND" "$tmp/err" || fail "the unknown-opponent message does not mention exec:"
"$gin" play --help | grep -q -- "--opponent" || fail "gin play --help does not mention --opponent"

# 2. A bot that answers a discard request with garbage, in tmux.
if ! command -v tmux >/dev/null 2>&1; then
    echo "note: no tmux; the table part skipped"
else
    cat >"$tmp/bot.sh" <<EOF
read l; echo ok halfbot; echo "halfbot says hello" >&2
while read l; do case \$l in offer) echo pass;; draw) echo stock;; discard) echo frobnicate;; esac; done
EOF
    # Wait until the pane shows $1 (up to about 5 s).
    wait_for() {
        for _ in $(seq 50); do
            tmux -L "$session" capture-pane -p -t "$session" 2>/dev/null | grep -q -- "$1" && return 0
            sleep 0.1
        done
        return 1
    }
    tmux -L "$session" new-session -d -s "$session" -x 80 -y 24 \
        "TERM=xterm-256color XDG_STATE_HOME='$XDG_STATE_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' \
         '$gin' --opponent exec:'sh $tmp/bot.sh' --fast --seed 3; echo EXIT=\$?; sleep 30"
    wait_for "halfbot" || fail "the table does not name the bot"
    # Pass or draw until it is time to throw a card, then throw the first.
    for _ in 1 2 3; do
        screen=$(tmux -L "$session" capture-pane -p -t "$session")
        case $screen in
        *"or pass (p)"*) tmux -L "$session" send-keys -t "$session" p ;;
        *"from the stock (s)"*) tmux -L "$session" send-keys -t "$session" s ;;
        *"Pick a card"*) break ;;
        esac
        sleep 0.4
    done
    tmux -L "$session" send-keys -t "$session" 1 Enter
    if wait_for "the bot forfeits"; then
        tmux -L "$session" capture-pane -p -t "$session" | grep -q "frobnicate" || fail "the forfeit screen does not say what the bot did"
        tmux -L "$session" send-keys -t "$session" q
        wait_for "EXIT=0" || fail "gin did not exit 0 after the forfeit"
    else
        fail "no forfeit screen"
        tmux -L "$session" capture-pane -p -t "$session"
    fi
    grep -q "halfbot says hello" "$XDG_STATE_HOME/gin/bot.log" 2>/dev/null || fail "the bot's stderr is not in bot.log"
    tmux -L "$session" kill-server 2>/dev/null # its command line names the bot too
    # The bracket keeps the pattern from matching a shell that holds it.
    if pgrep -f "[${tmp:0:1}]${tmp:1}/bot.sh" >/dev/null; then
        fail "the bot is still running"
    fi
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "e2e_opponent: all passed"
