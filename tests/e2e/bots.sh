#!/usr/bin/env bash
# End to end: an exec: bot leaves nothing running. Its bot script starts a
# child in its process group that holds its pipes, one that leaves the group
# with setsid, and one that keeps writing to its standard error (the bot
# log); once `gin sim` (several jobs at once) or the table returns, no
# process of any bot's tree is left. A bot that dies mid-game while its
# child still holds the pipes forfeits at once ("exited"), not after the
# move time. The processes are found by their exact command lines (sleep
# MARK, unique to this run) with pgrep, polling with a bound, never a delay.
# Usage: bots.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
GIN=${1:?usage: bots.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-bots # T, start, wait_for, keys; exits 77 without tmux
failures=0
check() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

mark=$((60000000 + ($$ % 1000000) * 10))
if command -v setsid >/dev/null; then
    stray="setsid sleep $((mark + 1))"
else
    stray="python3 -c \"import os; os.setsid(); os.execvp('sleep', ['sleep', '$((mark + 1))'])\""
fi
cat >"$T/writer.sh" <<EOF
while :; do echo "spam from \$\$" >&2; sleep 0.05; done
EOF
# tree.sh [dying]: the tree, then the bot proper: our engine, or (dying) the
# engine behind a shell loop that passes it 30 lines and then ends, so the
# bot's main process exits in the middle of the first game.
cat >"$T/tree.sh" <<EOF
echo \$\$ >>"$T/started"
sleep $mark <&0 &
$stray &
sh "$T/writer.sh" &
if [ "\${1:-}" = dying ]; then
    i=0
    while [ \$i -lt 30 ] && read -r l; do echo "\$l"; i=\$((i + 1)); done | '$GIN' engine --level simple
else
    exec '$GIN' engine --level simple
fi
EOF

# How many processes run exactly this command line.
count() { pgrep -xfc "$1" 2>/dev/null || true; }
# Poll until none runs (at most 10 s); print what is left.
none_left() {
    local i
    for i in $(seq 100); do
        [ "$(count "sleep $mark")$(count "sleep $((mark + 1))")$(count "sh $T/writer.sh")" = 000 ] && return 0
        sleep 0.1
    done
    pgrep -af "$mark|$T/writer.sh"
    return 1
}

# 1. gin sim, two jobs at once (and the check of the names before them).
"$GIN" sim --p1 "exec:sh $T/tree.sh" --p2 simple --games 4 --jobs 2 --seed 5 --bot-log "$T/bot.log" \
    >"$T/out" 2>"$T/err" || check "gin sim with a tree bot failed: $(cat "$T/err")"
grep -q "forfeits 0" "$T/out" || check "the tree bot forfeited: $(cat "$T/err")"
[ "$(wc -l <"$T/started")" -ge 2 ] || check "the bot did not start (twice at least)"
grep -q "spam from" "$T/bot.log" || check "the writer never wrote to the bot log"
none_left || check "gin sim returned, a bot's tree is still running"

# 2. A bot that dies in the middle of a game while its child keeps its
# pipes open: a forfeit saying it exited, well within the minute of move
# time, and nothing left.
rm -f "$T/started"
"$GIN" sim --p1 "exec:sh $T/tree.sh dying" --p2 simple --games 2 --jobs 1 --move-time 60000 >"$T/out" 2>"$T/err"
grep -q "p1 bot 'gin simple' .* exited with status 0 " "$T/err" || check "no forfeit for a bot that exited: $(cat "$T/err")"
grep -q "gave no answer" "$T/err" && check "a bot that exited was taken for a slow one"
grep -q "forfeits 2: p1 2" "$T/out" || check "the dying bot did not forfeit both games: $(cat "$T/out")"
none_left || check "after a bot died mid-game, its tree is still running"

# 3. The table: quit with the bot's tree running; nothing is left.
rm -f "$T/started"
start --opponent "exec:sh $T/tree.sh" --seed 3 --fast
wait_for "Your turn" 30
[ "$(count "sleep $mark")" = 1 ] && [ "$(count "sleep $((mark + 1))")" = 1 ] ||
    check "the table's bot did not start its tree"
keys q
wait_for "Quit\\?" 5
# Against an external bot the game is not saved, and the prompt says so.
screen | grep -q "cannot be saved (games against an external bot are not saved)" ||
    check "the quit prompt against an external bot does not say the game is not saved"
screen | grep -q "The game is saved" && check "the quit prompt claims a save against an external bot"
keys y
wait_exit 10
[ "$EXIT" = 0 ] || check "the table did not exit 0 (exit $EXIT)"
[ -e "$T/state/gin/save" ] && check "a game against an external bot left a save"
none_left || check "the table returned, its bot's tree is still running"
grep -q "spam from" "$T/state/gin/bot.log" || check "the table's bot log got nothing"

# 4. The table told to quit (SIGTERM): it leaves in order, and so does the bot.
rm -f "$T/started"
start --opponent "exec:sh $T/tree.sh" --seed 4 --fast
wait_for "Your turn" 30
table=$(gin_pid)
[ -n "$table" ] && [ "$(count "sleep $mark")" = 1 ] || check "the table or its bot's tree did not start"
[ -n "$table" ] && kill -TERM "$table"
wait_exit 10
none_left || check "the table quit on SIGTERM, its bot's tree is still running"

# 5. gin sim told to stop (Ctrl-C): the bots' trees end with it.
rm -f "$T/started"
"$GIN" sim --p1 "exec:sh $T/tree.sh" --p2 simple --games 10000000 --jobs 2 >/dev/null 2>"$T/sim.err" & # runs until stopped
sim=$!
# The name check starts (and ends) the bot once; then each of the two jobs
# starts its own: wait for both trees of the run proper.
for _ in $(seq 100); do
    [ "$(wc -l <"$T/started" 2>/dev/null || echo 0)" -ge 3 ] && [ "$(count "sleep $mark")" -ge 2 ] 2>/dev/null && break
    sleep 0.1
done
[ "$(count "sleep $mark")" -ge 2 ] 2>/dev/null || check "gin sim's bots did not start their trees: $(cat "$T/sim.err")"
kill -INT $sim
wait $sim 2>/dev/null
none_left || check "gin sim stopped by SIGINT, its bots' trees are still running"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "e2e_bots: all passed"
