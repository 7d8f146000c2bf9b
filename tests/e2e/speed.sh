#!/usr/bin/env bash
# The bot's four speeds: --speed names one and is remembered, the menu
# shows it and cycles it (the change kept too), --fast and --no-fast are
# instant and normal, and a speed the table does not know is refused
# with the list.
# Usage: speed.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-speed

settings() { cat "$T/config/gin/settings" 2>/dev/null; }

"$GIN" --speed warp </dev/null >/dev/null 2>"$T/err"
[ $? = 2 ] || fail "--speed warp did not exit 2"
grep -q "unknown speed 'warp' (slow, normal, fast, instant)" "$T/err" || fail "--speed warp: $(cat "$T/err")"

start --level normal --seed 11 --speed slow
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
settings | grep -qx "speed = slow" || fail "--speed slow is not remembered: $(settings)"
keys m
wait_for "Bot's moves +slow" 5
menu_item "Bot's moves"
keys Right
wait_for "Bot's moves +normal" 5
keys Escape
quit_clean "quit after the menu"
settings | grep -qx "speed = normal" || fail "the menu's speed is not remembered: $(settings)"

start --level normal --seed 11 --fast
wait_for "Resume\\?" 10
keys y
wait_for "Your turn" 20
settings | grep -qx "speed = instant" || fail "--fast is not instant: $(settings)"
quit_clean "quit at instant"
start --level normal --seed 11 --no-fast
wait_for "Resume\\?" 10
keys y
wait_for "Your turn" 20
settings | grep -qx "speed = normal" || fail "--no-fast is not normal: $(settings)"
quit_clean "quit at normal"

# Every remembered switch has its way back on the command line.
rm -f "$T/state/gin/save"
start --level normal --seed 11 --no-color --four-color --open --hollywood
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
quit_clean "quit with the switches on"
for kv in "no-color = 1" "four-color = 1" "open = 1" "hollywood = 1"; do
    settings | grep -qx "$kv" || fail "not remembered: $kv ($(settings | tr '\n' ' '))"
done
rm -f "$T/state/gin/save"
start --level normal --seed 11 --color --two-color --no-open --no-hollywood
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
quit_clean "quit with the switches off"
for kv in "no-color = 0" "four-color = 0" "open = 0" "hollywood = 0"; do
    settings | grep -qx "$kv" || fail "not undone: $kv ($(settings | tr '\n' ' '))"
done
echo "PASS"
