#!/usr/bin/env bash
# The menu's pages scroll as the table's do: Space pages down the help
# opened from the menu, as it does the help of ?, and Enter goes back to
# the menu. (Space left the menu's help at its first screen, the rest of
# the rules and keys unread, while on ?'s help it paged on.)
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
