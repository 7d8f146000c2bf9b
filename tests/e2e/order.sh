#!/usr/bin/env bash
# The player's own order of the hand survives quitting (QA: a resumed
# game showed the hand in the settings' sort): blocks moved with < and >,
# q y, and the resumed table shows the hand as it was left, "sorted: by
# hand", the same card picked as on any resume. The save says the order
# (gin-save 3) only while the hand is in the player's order; an order that
# is not the resumed hand's is ignored without a word. A rearranged hand
# is saved once the keys pause, before any move (never once the game is
# over).
# Usage: order.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-order
S="$T/state/gin"
hand() { screen | grep -F "│4 ♠│" | sed "s/ *$//"; }
# The number under the picked card.
picked() { screen | grep -A2 -F "│4 ♠│" | tail -1 | grep -o "▲[0-9-]"; }

# data/knock-spreads.save: the 3♣ picked (card 9) in the run A-2-3♣ .
resume_knock --level normal --fast
wait_for "sorted: melds" 5
sorted=$(hand)
[ "$(picked)" = ▲9 ] || fail "the 3♣ (card 9) is not picked"
keys '<'
wait_for "sorted: by hand" 5
keys 0 '<' # the 2♥ (card 10) before the fives
wait_for "│4 ♦│   │A ♣│ │2 ♣│ │3 ♣│   │2 ♥│   │5 ♥│" 5
moved=$(hand)
[ "$moved" != "$sorted" ] || fail "moving blocks did not change the hand: $moved"
# Saved once the keys pause, with no move or quit after it: a kill now
# keeps the order (it reached the file only at the next move or quit).
ORDER="order 4S 4H 4D AC 2C 3C 2H 5H 5D 5C 2D"
for ((i = 0; i < 50; i++)); do grep -qx "$ORDER" "$S/save" && break; sleep 0.1; done
grep -qx "$ORDER" "$S/save" || fail "the order was not saved when the keys paused: $(sed -n 6p "$S/save")"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit with the hand in the player's order"
head -1 "$S/save" | grep -qx "gin-save 3" || fail "the save is not format 3: $(head -1 "$S/save")"
grep -qx "$ORDER" "$S/save" ||
    fail "the save does not hold the order: $(sed -n 6p "$S/save")"

start --level normal --fast
wait_for "Resume\\?" 10
keys y
wait_for "or k to knock \\(deadwood 1\\)" 20
screen | grep -q "sorted: by hand" || fail "the resumed hand is not in the player's order"
[ "$(hand)" = "$moved" ] || fail "the resumed hand is not as it was left: $(hand), not $moved"
[ "$(picked)" = ▲6 ] || fail "the resumed table did not pick the 3♣ (card 6): $(picked)"

# Sorted again by a setting: the save is format 2 again, with no order.
keys o
wait_for "sorted: melds" 5
[ "$(hand)" = "$sorted" ] && [ "$(picked)" = ▲9 ] || fail "o did not sort by melds again: $(hand) $(picked)"
keys q
wait_for "Quit\\?" 5
keys y
expect_exit 0 "quit with the hand sorted"
head -1 "$S/save" | grep -qx "gin-save 2" || fail "a sorted hand's save is not format 2: $(head -1 "$S/save")"
grep -q "^order" "$S/save" && fail "a sorted hand's save holds an order"

# An order that is not the resumed hand's: the settings' sort, no word.
{ echo "gin-save 3"; sed -n 2,5p "$S/save"; echo "order 4S 4H 4D AS"; sed -n '6,$p' "$S/save"; } >"$T/other"
mv "$T/other" "$S/save"
start --level normal --fast
wait_for "Resume\\?" 10
keys y
wait_for "or k to knock \\(deadwood 1\\)" 20
screen | grep -q "sorted: melds" || fail "an order of other cards was applied"
[ "$(hand)" = "$sorted" ] || fail "an order of other cards changed the hand: $(hand)"
quit_clean "after an order of other cards"

# A sort while the bot's last move is on show (the game over, its save
# gone) saves nothing: the finished game is not offered again. Seed 1:
# the hard bot knocks in the first hand, the one hand of the game.
rm -f "$S/save"
start --level hard --seed 1 --max-hands 1 --speed slow
for ((i = 0; i < 600; i++)); do
    s=$(screen)
    grep -q "Bot knocked" <<<"$s" && grep -q "The bot is playing" <<<"$s" && break
    grep -q "The bot is playing" <<<"$s" || answer
    sleep 0.05
done
grep -q "Bot knocked" <<<"$s" || fail "the bot's knock was not seen on show"
keys o
wait_for "sorted: rank" 5
wait_for "Enter: the final score" 20
[ -e "$S/save" ] && fail "a sort after the game's end saved the finished game: $(head -3 "$S/save")"
echo "PASS"
