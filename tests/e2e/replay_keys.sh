#!/usr/bin/env bash
# Keys a terminal sends as sequences its TERM entry may not list (tmux sends
# End as ESC [ 4 ~, which xterm-256color's entry does not have): End and
# Home scroll a page, F5 does nothing, and none of them is read as Esc and
# letters. End once left the hand replay (the Esc) and, at the table,
# picked card 4 (the "4"). Esc itself still leaves.
# Usage: replay_keys.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-replay-keys

resume_knock --level normal --fast
screen | grep -q "▲9" || fail "card 9 (the 3♣) is not picked on resuming"
keys End Home F5
wait_idle
screen | grep -q "▲9" || fail "End, Home or F5 at the table picked another card"
keys k
wait_for "Press k again" 5
keys k
wait_for "which melds" 5
keys Enter
wait_for "r: replay the hand" 10
keys r # the hand is judged first (a page says how far), then replayed with the verdicts
wait_for "Replay of hand 1: the deal" 60
screen | tr "\n" " " | tr -s " " | grep -Eq "The coach judged your [0-9]+ decisions? in this hand" ||
    fail "the replay from the showdown has no verdicts"
keys End
wait_idle
keys Home
wait_idle
keys F5
wait_idle
screen | grep -q "Replay of hand 1: the deal" || fail "End, Home or F5 left the hand replay"
keys Space
wait_for "Replay of hand 1: move 1" 5
keys Escape
wait_for "r: replay the hand" 5
quit_clean "quit after the replay"
echo "replay_keys: ok"
