#!/usr/bin/env bash
# The menu's pages scroll as the table's do: Space pages down the help
# opened from the menu, as it does the help of ?, and Enter goes back to
# the menu. (Space left the menu's help at its first screen, the rest of
# the rules and keys unread, while on ?'s help it paged on.) Where Space
# also continues (the practice review), it pages on first while there is
# more to read.
# Usage: menu_pages.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-menu-pages

start --seed 5 --fast
wait_for "take the .* \\(d\\) or pass \\(p\\)" 20
keys m
wait_for "Back to the table" 10
menu_item "Help..."
keys Enter
wait_for "scroll: 1-21 of" 10
keys Space
wait_for "scroll: 22-" 5
keys Space
wait_for "scroll: 43-" 5
screen | grep -q "Back to the table" && fail "Space left the menu's help"
keys Enter
wait_for "Back to the table" 5
quit_clean "menu pages"

# Space on a page where it also continues pages on first while there is
# more to read (QA: the practice review's "Enter: continue", 34 rows at
# 80x24, went to the next hand at Space with 13 rows unread).
rm -f "$T/state/gin/save"
start --open --rules classic --level easy --seed 21 --fast
play_hand
for ((i = 0; i < 10; i++)); do
    screen | grep -q "^ *Practice review" && break
    press Enter
done
wait_for "scroll: 1-[0-9]+ of" 5
press Space
screen | grep -q "^ *Practice review" || fail "Space left the practice review unread"
wait_for "scroll: [2-9][0-9]*-[0-9]+ of" 5
keys End
wait_idle
keys Space
wait_gone "^ *Practice review" 5
quit_clean "after the practice review"
echo "PASS"
