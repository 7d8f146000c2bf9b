#!/usr/bin/env bash
# The keyboard monkey: random keys, SGR mouse clicks and resizes (down to
# below the minimum size) sent through tmux to `gin --seed N --fast` (with
# two random table options each run: practice, rules, bot level, looks). It must
# never crash or hang: every few batches the pane is made too small and must
# answer with the "make it at least 80x24" message, then put back. Whenever
# the keys make it quit, and at the end, the exit status must be 0 and the
# terminal settings as before; then it starts again (resuming if it saved).
# Usage: monkey.sh GIN_BINARY SOURCE_DIR
#   MONKEY_KEYS=N   keys to send (default 300; `make soak` sends 5000)
#   MONKEY_SEED=S   seed of the monkey's own choices (default 12345; make soak picks one)
set -u
GIN=${1:?path to gin}
GIN=$(cd "$(dirname "$GIN")" && pwd)/$(basename "$GIN")
KEYS=${MONKEY_KEYS:-300}
SEED=${MONKEY_SEED:-12345}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-monkey
RANDOM=$SEED
sent=0 clicks=0 resizes=0 runs=0 quits=0 probes=0
log=()
note() { log+=("$*"); [ ${#log[@]} -gt 12 ] && log=("${log[@]:1}"); }
fail() {
    echo "FAIL: $*"
    echo "(monkey seed $SEED, $sent keys sent, run $runs; reproduce with MONKEY_SEED=$SEED)"
    echo "--- last actions:"; printf '  %s\n' "${log[@]}"
    echo "--- screen:"; screen
    exit 1
}
run() {
    runs=$((runs + 1))
    # each run its own table: practice or not, rules, bot, look
    local opts=("--open" "--hollywood" "--rules oklahoma" "--rules classic" "--rules straight"
                "--level easy" "--level hard" "--level expert" "--ascii" "--four-color" "--no-color"
                "--no-open" "--no-hollywood" "--target 50")
    local extra="${opts[RANDOM % ${#opts[@]}]} ${opts[RANDOM % ${#opts[@]}]}"
    note "start: --seed $((SEED + runs)) --fast $extra"
    # shellcheck disable=SC2086
    start --seed $((SEED + runs)) --fast $extra
    local i
    for ((i = 0; i < 100; i++)); do
        [ -n "$(screen | tr -d ' \n')" ] && return 0
        sleep 0.1
    done
    fail "gin drew nothing within 10 s of starting"
}
# The pane's process must not have died (a crash still writes the status
# file: the wrapper outlives gin).
alive_or_exited() {
    local dead
    dead=$(tm display-message -p -t "$PANE" '#{pane_dead} #{pane_dead_status}' 2>/dev/null)
    case "$dead" in
        1*) fail "the pane died (status: ${dead#1 }) — the wrapper itself ended" ;;
    esac
}
check_exit() {
    expect_exit 0 "run $runs" 5
    quits=$((quits + 1))
}
# Responds: the pane is shrunk to 40x10 and grown back, and the screen must
# be drawn again in full. tmux keeps only the top rows of a shrunk screen,
# so text below row 10 after growing is proof that gin redrew it (or the
# too-small message answered). A hung gin leaves rows 11-24 blank.
redrawn() { screen | sed -n '11,24p' | grep -q '[^[:space:]]'; }
probe() {
    probes=$((probes + 1))
    note "probe: resize 40x10 and back"
    tm resize-window -t "$PANE" -x 40 -y 10
    sleep 0.3
    tm resize-window -t "$PANE" -x 80 -y 24
    local i
    for ((i = 0; i < 100; i++)); do
        redrawn && return 0
        exited && return 0
        sleep 0.1
    done
    fail "not redrawn within 10 s of a resize to 40x10 and back (hung?)"
}

keyset=(a b c d e f g h i j k l m n o p q r s t u v w x y z
        A D G H K N O P Q S T U
        0 1 2 3 4 5 6 7 8 9 - '<' '>' , . ? ' ' '#'
        Enter Enter Enter Escape Escape BSpace Tab BTab
        Left Right Up Down S-Left S-Right PPage NPage Home End F1 F10 DC IC)
sizes=("80 24" "120 40" "100 30" "79 24" "80 23" "40 10" "20 5" "60 20" "200 60" "81 25")

run
batch=0
while ((sent < KEYS)); do
    batch=$((batch + 1))
    if exited; then
        note "gin quit by itself"
        check_exit
        run
        continue
    fi
    alive_or_exited
    r=$((RANDOM % 20))
    if ((r == 0)); then
        sz=${sizes[RANDOM % ${#sizes[@]}]}
        note "resize $sz"
        tm resize-window -t "$PANE" -x "${sz% *}" -y "${sz#* }"
        resizes=$((resizes + 1))
    elif ((r <= 3)); then
        # SGR mouse: press and release of the left button at a random cell
        x=$((RANDOM % 82 + 1)) y=$((RANDOM % 26 + 1))
        note "click $x,$y"
        tm send-keys -t "$PANE" -l $'\e'"[<0;$x;${y}M"$'\e'"[<0;$x;${y}m"
        clicks=$((clicks + 1))
        sent=$((sent + 1))
    else
        n=$((RANDOM % 8 + 1)) ks=()
        for ((j = 0; j < n; j++)); do ks+=("${keyset[RANDOM % ${#keyset[@]}]}"); done
        note "keys ${ks[*]}"
        tm send-keys -t "$PANE" "${ks[@]}"
        sent=$((sent + n))
    fi
    sleep 0.02
    if ((batch % 40 == 0)); then
        tm resize-window -t "$PANE" -x 80 -y 24
        exited || probe
    fi
done

# Leave: Escape out of whatever is open, then q and y, until it exits.
tm resize-window -t "$PANE" -x 80 -y 24
exited || probe
for ((i = 0; i < 20; i++)); do
    exited && break
    note "leaving: Escape q y"
    tm send-keys -t "$PANE" Escape
    sleep 0.2
    tm send-keys -t "$PANE" q
    sleep 0.2
    tm send-keys -t "$PANE" y
    sleep 0.3
done
exited || fail "gin did not quit with Escape, q, y (20 tries)"
check_exit
echo "monkey: $sent keys ($clicks clicks), $resizes resizes, $probes probes, $runs runs, $quits clean exits, seed $SEED"
