# Shared harness of the tmux end-to-end tests (tmux.sh, table.sh):
# gin in a private tmux server's 80x24 pane, its screen, keys and a player
# that answers the message line. Source it with the server's name after
# setting GIN (the binary):  . "$(dirname "$0")/lib/tmux.sh" gin-test
# Sets T (a scratch dir, removed at exit); skips the test (exit 77) without
# tmux. HAND_DONE (grep pattern) is what play_hand waits for.
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }
T=$(mktemp -d)
SOCK="${1:?tmux server name}-$$"
HAND_DONE=${HAND_DONE:-"Enter: next hand"}
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

# Play until the hand ends (the screen shows HAND_DONE), answering the
# message line: take nothing, draw from the stock, throw the card the table
# picks, knock or go gin when it can, and step through a practice review.
play_hand() {
    local deadline=$((SECONDS + 180)) s
    while (( SECONDS < deadline )); do
        s=$(screen)
        if grep -q "$HAND_DONE" <<<"$s"; then return 0; fi
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
