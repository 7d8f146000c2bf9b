#!/usr/bin/env bash
# A knock waiting for its second k, and a page opened meanwhile: the pages
# that only show something (?, v, c, L, t) keep the knock waiting and ask
# again; H keeps it when the coach picks the same card, and when it picks
# another says the knock with the old card is off (it once cancelled the
# knock without a word). At 80x24, in UTF-8 and LANG=C.
# Usage: knock_wait.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-knock-wait

for lang in C.UTF-8 C; do
    club=$([ $lang = C ] && echo C || echo ♣)
    heart=$([ $lang = C ] && echo H || echo ♥)
    resume_knock LANG=$lang LC_ALL=$lang -- --level normal --fast
    keys k
    wait_for "Knock with deadwood 1, throwing 3$club face down\\?" 5
    for page in '?' v c L t; do
        keys "$page"
        wait_for "Enter or q: back" 5
        keys q
        wait_for "Knock with deadwood 1, throwing 3$club face down\\?" 5
    done
    # The coach would throw the 2♥ and play on: the knock with the 3♣ is off.
    keys H
    wait_for "Enter: back to the table" 20
    keys Enter
    wait_for "No knock with 3$club: the hint picked 2$heart \\(k knocks with it, Enter throws it\\)\\." 5
    keys k
    wait_for "Press k again" 5
    screen | grep -q "throwing 2$heart face down" || fail "$lang: k after the hint does not knock with the hint's card"
    keys Escape
    wait_for "Pick a card" 5
    # Armed again, then a page, then k: the knock goes ahead.
    keys 9 k
    wait_for "Knock with deadwood 1, throwing 3$club face down\\?" 5
    keys v
    wait_for "Enter or q: back" 5
    keys q
    wait_for "Press k again" 5
    keys k
    wait_for "which melds do you show\\?" 5
    quit_clean "$lang: quit at the spread picker"
    rm -f "$T/state/gin/save"
done
echo "knock_wait: ok"
