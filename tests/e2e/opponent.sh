#!/usr/bin/env bash
# End to end: `gin --opponent exec:COMMAND` at the table. A bot that fails
# the handshake is a plain error (exit 2) before the screen opens; a bot that
# fails mid-game forfeits (the message on screen, the game the human's), the
# terminal comes back, its standard error is in bot.log, and no bot is left;
# while a bot thinks the table says so and q asks to quit at once.
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
# 3. While the bot thinks (up to its move time) the table stays awake: it
# says so, q asks to quit at once, playing on waits for the same answer
# (asked once: a second request would be answered twice), and y quits
# with the bot ended. The table read no keys while it waited: q came after
# the whole move time, when the bot had forfeited.
cat >"$T/slow.sh" <<EOF2
read l; echo ok slowbot
while read l; do case \$l in offer) echo offer >>"$T/asked"; sleep 4; echo pass;; draw) sleep 30; echo stock;; esac; done
EOF2
start --opponent exec:"sh $T/slow.sh" --fast --seed 5
wait_for "or pass \\(p\\)" 15
keys p
wait_for "The bot is thinking" 5
keys q
wait_for "Quit\\?" 2 # the bot answers after 4 s
keys n
wait_for "you both passed" 10
[ "$(cat "$T/asked")" = offer ] || fail "the bot was asked again: $(cat "$T/asked")"
press s
wait_for "Pick a card" 5
keys 1 Enter
wait_for "The bot is thinking" 5
keys q
wait_for "Quit\\?" 2
keys y
expect_exit 0 "quit while the bot thought" 3
running "$T/slow.sh" && fail "the bot that was thinking is still running"
echo "e2e_opponent: all passed"
