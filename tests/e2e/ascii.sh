#!/usr/bin/env bash
# The table in a terminal without UTF-8 (LANG=C) at 80x24: every screen a
# player meets in a hand (the table, the pile and log pages, the help, the
# showdown, the score sheet) is drawn in ASCII only, suits as letters.
# Usage: ascii.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-ascii

# A byte outside printable ASCII on the screen (tmux shows what gin drew).
ascii_only() { ! screen | LC_ALL=C grep -q '[^ -~]' || fail "$1: a non-ASCII character on the screen"; }

start LANG=C LC_ALL=C -- --level normal --seed 11 --fast
wait_for "take the JC \\(d\\) or pass \\(p\\)" 20
ascii_only "the table"
screen | grep -q "JC" || fail "the upcard is not written JC"
keys v
wait_for "The discard pile, bottom to top" 5
ascii_only "the pile page"
keys Escape
keys L
wait_for "This hand's moves" 5
ascii_only "the log page"
keys Escape
keys '?'
wait_for "STANDARD RULES" 5
ascii_only "the help"
keys Escape
play_hand
ascii_only "the showdown"
keys t
wait_for "Score sheet" 5
ascii_only "the score sheet"
keys Enter
quit_clean "quit in ASCII"
echo "PASS"
