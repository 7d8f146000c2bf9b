#!/usr/bin/env bash
# Personalities at the table: --level names a style as well as a level;
# the bot plays a hand as any other, the opponent's box names it, and the
# menu says how it plays; an unknown name lists every one.
# Usage: personality.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-personality

"$GIN" --level sneaky </dev/null >/dev/null 2>"$T/err"
[ $? = 2 ] || fail "--level sneaky did not exit 2"
grep -q "unknown level 'sneaky' (easy, normal, hard, expert, eager, waiter, hoarder, blocker, collector" "$T/err" ||
    fail "--level sneaky: $(cat "$T/err")"

start --level blocker --seed 4 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
screen | grep -q "Blocker bot" || fail "the opponent's box does not name the blocker"
keys m
wait_for "The bot blocker: defence first" 5
menu_item "Bot level"
keys Left
wait_for "The bot hoarder: takes every card that fits its hand" 5
keys Escape
play_hand
quit_clean "quit after a hand against the blocker"
grep -qx "level = hoarder" "$T/config/gin/settings" || fail "the personality chosen in the menu is not remembered"

# --opponent names the bot of this game only: the remembered one stays.
rm -f "$T/state/gin/save"
start --opponent waiter --seed 4 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
screen | grep -q "Waiter bot" || fail "--opponent waiter does not seat the waiter"
quit_clean "quit against the waiter"

grep -qx "level = hoarder" "$T/config/gin/settings" || fail "--opponent changed the remembered level: $(cat "$T/config/gin/settings")"

# The collector, the newest style: named by --level, seated, described.
rm -f "$T/state/gin/save"
start --level collector --seed 4 --fast
wait_for "Your turn|take the .* \\(d\\) or pass \\(p\\)" 20
screen | grep -q "Collector bot" || fail "--level collector does not seat the collector"
keys m
wait_for "The bot collector: takes cards that pair or meld" 5
keys Escape
play_hand
quit_clean "quit after a hand against the collector"
grep -qx "level = collector" "$T/config/gin/settings" || fail "--level collector is not remembered"
echo "PASS"
