#!/usr/bin/env bash
# End to end: `gin --opponent exec:COMMAND` at the table. A bot that fails
# the handshake is a plain error (exit 2) before the screen opens; a bot that
# fails mid-game forfeits (the message on screen, the game the human's), the
# terminal comes back, its standard error is in bot.log, and no bot is left.
# Usage: opponent.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
GIN=${1:?usage: opponent.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-opp

# 1. Bad opponents: errors before any screen, status 2.
"$GIN" --opponent grandmaster </dev/null >/dev/null 2>"$T/err"
[ $? -eq 2 ] || fail "an unknown opponent did not exit 2"
grep -q "exec:COMMAND" "$T/err" || fail "the unknown-opponent message does not mention exec:"
"$GIN" play --help | grep -q -- "--opponent" || fail "gin play --help does not mention --opponent"
start --opponent exec:'echo nonsense'
expect_exit 2 "a bot failing the handshake" 15
screen | grep -q "handshake" || fail "no handshake message"
running "echo nonsense" && fail "the bot that failed the handshake is still running"

# 2. A bot that answers a discard request with garbage.
cat >"$T/bot.sh" <<EOF2
read l; echo ok halfbot; echo "halfbot says hello" >&2
while read l; do case \$l in offer) echo pass;; draw) echo stock;; discard) echo frobnicate;; esac; done
EOF2
start --opponent exec:"sh $T/bot.sh" --fast --seed 3
wait_for "halfbot" 10
# Pass or draw until it is time to throw a card, then throw the first.
for _ in 1 2 3; do
    case $(screen) in
    *"or pass (p)"*) press p ;;
    *"from the stock (s)"*) press s ;;
    *"Pick a card"*) break ;;
    esac
done
keys 1 Enter
wait_for "the bot forfeits" 10
screen | grep -q "frobnicate" || fail "the forfeit screen does not say what the bot did"
keys q
expect_exit 0 "quit after the forfeit"
grep -q "halfbot says hello" "$T/state/gin/bot.log" 2>/dev/null || fail "the bot's stderr is not in bot.log"
# The history keeps the game as the bot's forfeit, not counted (it said
# "abandoned": the game was not over when the bot failed).
HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" history >"$T/history" 2>&1
grep -Eq "^ +1 .* external +standard +forfeit +no " "$T/history" || fail "the history: $(cat "$T/history")"
running "$T/bot.sh" && fail "the bot is still running"
# 3. A q typed while the bot thinks (the table waits for it, reading no
# keys) asks to quit once the bot has answered; it was dropped with the
# other keys typed meanwhile, and the prompt never came.
cat >"$T/slow.sh" <<EOF2
read l; echo ok slowbot
while read l; do case \$l in offer) sleep 3; echo pass;; draw) sleep 3; echo stock;; esac; done
EOF2
start --opponent exec:"sh $T/slow.sh" --fast --seed 5
wait_for "or pass \\(p\\)" 15
keys p
sleep 1 # the bot is thinking about the upcard
keys q
wait_for "Quit\\?" 15
keys y
expect_exit 0 "quit while the bot thought"
echo "e2e_opponent: all passed"
