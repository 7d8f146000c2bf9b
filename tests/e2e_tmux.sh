#!/usr/bin/env bash
# End-to-end test of the terminal table through tmux: play a whole hand
# with keys in an 80x24 pane, resize, quit (saved), resume, and start with a
# damaged save file. Usage: e2e_tmux.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }
T=$(mktemp -d)
SOCK="gin-test-$$"
tm() { tmux -L "$SOCK" "$@"; }
cleanup() { tm kill-server 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- screen:"; tm capture-pane -p -t gin 2>/dev/null; exit 1; }

# Run gin in a fresh pane; the wrapper reports the exit status and whether
# the terminal settings came back unchanged.
start() {
    tm kill-session -t gin 2>/dev/null
    cat > "$T/run.sh" <<EOS
export HOME="$T" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
before=\$(stty -g)
"$GIN" "\$@"
rc=\$?
after=\$(stty -g)
[ "\$before" = "\$after" ] && echo "TTY=restored" || echo "TTY=changed"
echo "EXIT=\$rc"
sleep 600
EOS
    tm -f /dev/null new-session -d -s gin -x 80 -y 24 "bash $T/run.sh $*" || fail "tmux start"
}
screen() { tm capture-pane -p -t gin; }
# wait_for REGEX [SECONDS]: poll the screen until it matches.
wait_for() {
    local re=$1 limit=${2:-20} i=0
    while (( i < limit * 10 )); do
        screen | grep -Eq -- "$re" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    fail "timed out waiting for /$re/"
}
keys() { tm send-keys -t gin "$@"; }

# Play until the hand ends: answer whatever the message line asks.
play_hand() {
    local deadline=$((SECONDS + 180)) s
    while (( SECONDS < deadline )); do
        s=$(screen)
        if grep -q "Enter: next hand" <<<"$s"; then return 0; fi
        if grep -q "Press k again" <<<"$s"; then keys k
        elif grep -q "You can go gin: press g" <<<"$s"; then keys g
        elif grep -q "or k to knock" <<<"$s"; then keys k
        elif grep -q "Pick a card" <<<"$s"; then keys Enter
        elif grep -q "(d) or pass (p)" <<<"$s"; then keys p
        elif grep -q "draw from the stock (s)" <<<"$s"; then keys s
        elif grep -q "Practice review" <<<"$s"; then keys Enter
        fi
        sleep 0.3
    done
    fail "the hand did not end in time"
}

# 1. A whole hand at 80x24.
start --seed 42 --fast --level easy
wait_for "Your turn|bot is playing" 20
screen | grep -q "Stock" || fail "no stock on the table"
screen | grep -q "Easy bot" || fail "no bot level shown"
# The side pages: whole sentences (wrapped, not cut), the pad, the menu;
# the key line keeps "q quit" at 80 columns.
wait_for "Your turn" 30
screen | tail -1 | grep -q "q quit" || fail "key line lost q quit"
keys v
wait_for "face up above its hand" 5
keys Enter
keys t
wait_for "Hand +Result" 5
keys Enter
keys m
wait_for "apply from the next game" 5
keys Escape
wait_for "Your turn" 5
play_hand
screen | grep -Eq "deadwood [0-9]+" || fail "showdown without deadwood counts"
screen | grep -Eq "Score: you [0-9]+, the bot [0-9]+" || fail "showdown without the score"
keys t
wait_for "Boxes \\(hands won\\)" 5
keys Enter
wait_for "hand 2" 20

# 2. Resize: bigger (reflow with large cards), too small (message), back.
tm resize-window -t gin -x 120 -y 40
wait_for "Stock" 10
[ "$(screen | wc -l)" -ge 40 ] || fail "pane did not grow"
tm resize-window -t gin -x 60 -y 20
wait_for "at least 80x24" 10
tm resize-window -t gin -x 80 -y 24
wait_for "Stock" 10

# 3. Quit mid-game: asks, saves, exits 0 with the terminal restored.
wait_for "Your turn" 30
keys q
wait_for "Quit\\?" 5
keys y
wait_for "EXIT=" 10
screen | grep -q "EXIT=0" || fail "exit status not 0"
screen | grep -q "TTY=restored" || fail "terminal settings not restored"
[ -f "$T/state/gin/save" ] || fail "no save file after quitting"
[ "$(stat -c %a "$T/state/gin/save")" = 600 ] || fail "save file mode is not 0600"
[ "$(stat -c %a "$T/state/gin")" = 700 ] || fail "state dir mode is not 0700"

# 4. Resume it.
start
wait_for "Resume\\?" 10
screen | grep -q "hand 2" || fail "resume prompt does not say which hand"
keys y
wait_for "hand 2" 10
wait_for "Your turn" 30
keys q
wait_for "Quit\\?" 5
keys y
wait_for "EXIT=0" 10

# 5. A damaged save: reported, moved aside, and the game still starts.
echo "this is not a saved game" > "$T/state/gin/save"
start --seed 5 --fast
wait_for "damaged" 10
[ -f "$T/state/gin/save.bad" ] || fail "damaged save not moved to save.bad"
keys Enter
wait_for "Stock" 10
keys q
wait_for "Quit\\?" 5
keys y
wait_for "EXIT=0" 10

# 6. gin stats prints the table.
HOME="$T" XDG_STATE_HOME="$T/state" "$GIN" stats | grep -q "^normal" || fail "gin stats"
echo "PASS"
