#!/usr/bin/env bash
# Keys typed while the bot plays each skip one of its pauses, and no more:
# those left over when the player's turn comes are dropped, not taken as
# the answer to a position not yet seen (a queued `d` took a card from the
# pile nobody chose). Keys typed within the player's own turn are kept.
# Usage: typeahead.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-typeahead

# Seed 3: the bot takes the upcard J♦ and throws the 8♣, then it is ours.
start --seed 3 --speed slow --level normal
wait_for "take the J♦ \\(d\\) or pass \\(p\\)" 20
keys p
# In the bot's last pause (its throw): three keys at once, one write.
wait_for "Bot threw 8♣" 20
screen | grep -q "skip the pause" || fail "the bot's throw is not paused (the test needs --speed slow)"
keys -l ddd
wait_for "Your turn|You took" 20
wait_idle
screen | grep -q "You took" && fail "keys typed during the bot's pause made the player's move"
screen | grep -Eq "draw|stock" || fail "the player is not asked to draw"
# Within the player's own turn keys typed ahead are kept: draw from the
# stock and pick the first card in one write, and the throw is picked.
keys -l s1
wait_for "throw .* → deadwood" 20
wait_idle
screen | grep -q "▲1" || fail "the keys typed ahead within the turn were lost"
quit_clean "after the turn"
rm -f "$T/state/gin/save"

# A hand's result is read, not passed: the spread chosen and two more
# Enters in one write end the hand, and its page stays for a key pressed
# after it (they passed it unseen).
resume_knock --level normal --fast
keys 9 k
wait_for "Knock with deadwood 1" 5
keys k
wait_for "which melds do you show\\?" 5
keys -l $'\r\r\r'
wait_for "$HAND_DONE" 10
wait_idle
screen | grep -q "$HAND_DONE" || fail "keys typed before the hand's result passed its page"
echo "typeahead: keys left from the bot's pauses dropped at the player's turn and at a hand's result, the player's own kept"
