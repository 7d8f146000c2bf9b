#!/usr/bin/env bash
# Sorting never breaks a meld: in every order (melds, rank, suit, as o
# cycles them) each meld's cards sit side by side under one labelled
# bracket (data/knock-spreads.save: 4-4-4 and 5-5-5 sets, the A-2-3 of
# clubs, the 2♥ 2♦ dead).
# Usage: sort.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-sort

resume_knock --level normal --fast
for sort in melds rank suit melds; do
    wait_for "sorted: $sort" 5
    brackets=$(screen | grep -A1 "sorted: $sort" | tail -1)
    [ "$(grep -o "─ set ─" <<<"$brackets" | wc -l)" = 2 ] || fail "sorted by $sort: not two labelled sets: $brackets"
    [ "$(grep -o "─ run ─" <<<"$brackets" | wc -l)" = 1 ] || fail "sorted by $sort: not one labelled run: $brackets"
    for meld in "4 ♠│ │4 ♥│ │4 ♦" "5 ♥│ │5 ♦│ │5 ♣" "A ♣│ │2 ♣│ │3 ♣"; do
        screen | grep -qF "$meld" || fail "sorted by $sort: the meld $meld is split"
    done
    keys o
done
quit_clean "quit after sorting"
echo "PASS"
