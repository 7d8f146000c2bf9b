#!/usr/bin/env bash
# Issue 29 at the table: every game counted once and kept once, whatever
# dies when and whatever write fails.
#  1. The next start after a kill in the end of a game: each state a kill
#     can leave (an ended save with nothing, the statistics, or both
#     recorded; the save as it was with the game counted already) ends
#     with the game counted once and kept once, and no Resume? for a game
#     that is over.
#  2. A brief full disk (root: a small tmpfs): one failed save does not
#     stop saving; the quit prompt says what failed (not "the state
#     directory cannot be used"); quitting does not count the game as
#     abandoned; the older save stays.
#  3. `n` at Resume? and Resign with a full disk: the save is not deleted
#     while nothing could record the loss; with room again, one loss.
# The kills at each write of the end itself are tests/store/test_ending.c.
# Usage: ending.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
SRC=${2:?source dir}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-ending
MOUNTS=()
CLEANUP+=('tm kill-server 2>/dev/null; sleep 0.3; for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done')
S="$T/state/gin"
run() { HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$GIN" "$@"; }
# games LEVEL: the games counted against LEVEL (all rules), 0 if none.
games() { run stats --json | grep -o "\"level\":\"$1\",\"rules\":\"all\",\"games\":[0-9]*" | grep -o '[0-9]*$' || echo 0; }
# entries GAME: the history entries of game GAME.
entries() { grep -l "^game $1\$" "$S"/history/[0-9]* 2>/dev/null | wc -l; }
quit_saved() {
    wait_for "Your turn|Pick a card|bot is playing" 30
    keys q
    wait_for "Quit\\?" 5
    keys y
    expect_exit 0 "$1"
}

# ---- 1. What a kill in the end of a game leaves, and the next start.
ID=00000000000000e1
WHOLE="$SRC/fuzz/corpus/record/standard-whole" # a whole game: seat 0 won it
ended_save() {
    printf 'gin-save 2\ngame %s\nlevel hard\npractice 0\nhuman 0\n' $ID
    printf 'end won\ndate 2024-05-01T12:34:56Z\nrules standard\nscore 500 0\ncounts 1\n'
    printf 'tally standard 2 2 0 0 2 100 0 0 500\n\n'
    cat "$WHOLE"
}
stats_counted() { # the statistics once the game was counted
    printf 'gin-stats 3\nrow hard all 1 1 0 2 2 0 2 0 0 100 0 1 1 0 0 W500\n'
    printf 'row hard standard 1 1 0 2 2 0 2 0 0 100 0 1 1 0 0 W500\ngames %s\nend 2\n' $ID
}
entry() { # its history entry
    printf 'gin-history 2\ngame %s\ndate 2024-05-01T12:34:56Z\nlevel hard\nrules standard\nplayers 2\n' $ID
    printf 'human 0\npractice 0\ncounted 1\nresult won\nscore 500 0\nhands 2\n\n'
    cat "$WHOLE"
}
for left in "nothing" "the count" "the count and the entry"; do
    rm -rf "$S" && mkdir -p "$S" && chmod 700 "$S"
    ended_save >"$S/save"
    case $left in
    "the count") stats_counted >"$S/stats-v3" ;;
    "the count and the entry") stats_counted >"$S/stats-v3" && mkdir -p "$S/history" && entry >"$S/history/000001" ;;
    esac
    start --seed 3 --fast --level easy
    wait_for "Play goes on" 15
    screen | grep -q "had not been recorded in full" || fail "after a kill ($left recorded): no note"
    screen | grep -q "Resume" && fail "after a kill ($left recorded): a game that is over offered again"
    keys Enter
    quit_saved "after a kill with $left recorded"
    [ "$(games hard)" = 1 ] || fail "after a kill with $left recorded: $(games hard) games counted, not 1"
    [ "$(entries $ID)" = 1 ] || fail "after a kill with $left recorded: kept $(entries $ID) times"
    grep -q "^game $ID" "$S/save" && fail "after a kill with $left recorded: the ended save is still there"
    run history | grep -Eq "^ +1  2024-05-01 12:34  hard +standard +won +yes  500-0$" ||
        fail "after a kill with $left recorded: the history says otherwise: $(run history)"
done
echo "ending: an ended save (nothing, the count, both recorded): counted once, kept once, not offered"
# The save as it was (the journal's write failed before the kill), the
# game counted and kept already: n does not count it again.
rm -rf "$S" && mkdir -p "$S" && chmod 700 "$S"
stats_counted >"$S/stats-v3" && mkdir -p "$S/history" && entry >"$S/history/000001"
printf 'gin-save 2\ngame %s\nlevel hard\npractice 0\nhuman 0\n\n' $ID >"$S/save"
cat "$SRC/fuzz/corpus/record/standard-hollywood-part" >>"$S/save"
start --seed 3 --fast --level easy
wait_for "Resume\\?" 15
keys n
quit_saved "n for a game counted already"
[ "$(games hard)" = 1 ] || fail "n counted a game counted already: $(games hard) games"
[ "$(entries $ID)" = 1 ] || fail "n kept a game kept already: $(entries $ID) entries"
echo "ending: n at Resume? for a game counted already: not counted again"

# one_hand_game UNTIL LABEL: play a one-hand game (--max-hands 1; a void
# hand is not counted, so another follows) until the screen shows UNTIL,
# Enter on every other page: a note at the start, a hand's end. One look
# at the screen decides each step, so UNTIL is never passed by.
one_hand_game() {
    local deadline=$((SECONDS + 120)) pages='Play goes on\|Enter: the final score\|Enter: next hand' s
    start --seed 8 --fast --level easy --max-hands 1
    for (( ; ; )); do
        ((SECONDS < deadline)) || fail "$2: the one-hand game did not end in time"
        s=$(screen)
        grep -q "$1" <<<"$s" && return 0
        if grep -q "$pages" <<<"$s"; then
            keys Enter
            sleep 0.3
            continue
        fi
        HAND_DONE="$1\\|$pages" answer
        sleep 0.1
    done
}

# A kill on the last hand's pages: the move that ended the game is kept
# with the game's end before they show (it was saved only when they were
# left, so a resume offered the move again, to be played otherwise).
rm -rf "$S" && mkdir -p "$S" && chmod 700 "$S"
one_hand_game "Enter: the final score" "a kill on the last hand's pages"
pid=$(gin_pid)
[ -n "$pid" ] || fail "gin is not running on the last hand's pages"
kill -KILL "$pid"
wait_exit 10
[ "$(games easy)" = 1 ] || fail "a kill on the last hand's pages: $(games easy) games counted, not 1"
[ -e "$S/save" ] && fail "a kill on the last hand's pages left a save: $(tail -3 "$S/save")"
[ "$(ls "$S/history" | grep -c '^[0-9]*$')" = 1 ] || fail "a kill on the last hand's pages: not one history entry"
start --seed 9 --fast --level easy
wait_for "Stock|Resume\\?" 20
screen | grep -q "Resume" && fail "a kill on the last hand's pages: the game that is over offered again"
quit_saved "the start after a kill on the last hand's pages"
[ "$(games easy)" = 1 ] || fail "after a kill on the last hand's pages: $(games easy) games counted, not 1"
echo "ending: a kill on the last hand's pages: the game counted and kept once, not offered again"

# A directory in the save's place stops saving, not keeping: the game is
# counted and kept in the history (the history hung on the save).
rm -rf "$S" && mkdir -p "$S/save" && chmod 700 "$S"
one_hand_game "n: new game" "a game without a save"
keys q
expect_exit 0 "the one-hand game without a save"
[ -d "$S/save" ] || fail "the directory in the save's place was not left alone"
[ "$(games easy)" = 1 ] || fail "a game without a save: $(games easy) games counted, not 1"
[ "$(ls "$S/history" 2>/dev/null | grep -c '^[0-9]*$')" = 1 ] || fail "a game without a save is not in the history"
echo "ending: a directory in the save's place: the game counted and kept in the history"

# ---- 2. and 3. A full disk: root only (a tmpfs of its own).
if [ "$(id -u)" != 0 ] || ! { mkdir -p "$T/full" && mount -t tmpfs -o size=512k,mode=0700 tmpfs "$T/full" 2>/dev/null; }; then
    echo "ending: (no tmpfs here: the full disk is not tried)"
    echo "PASS"
    exit 0
fi
MOUNTS+=("$T/full")
export_full="XDG_STATE_HOME=$T/full"
F="$T/full/gin"
fill() { dd if=/dev/zero of="$T/full/filler" bs=4k count=1000 2>/dev/null; sync; }
unfill() { rm -f "$T/full/filler"; }
runf() { HOME="$T/home" XDG_STATE_HOME="$T/full" "$GIN" "$@"; }
sum() { md5sum "$F/save" 2>/dev/null | cut -c1-32; }
# play_until_saved: answer until the save changes (or 30 s).
play_until_saved() {
    local before i
    before=$(sum)
    for ((i = 0; i < 150; i++)); do
        [ "$(sum)" != "$before" ] && return 0
        answer
        sleep 0.2
    done
    fail "$1: the save did not change"
}

# 2. A brief full disk in a game.
start "$export_full" -- --seed 5 --fast --level easy
wait_for "Your turn|bot is playing" 20
play_until_saved "the first save"
fill
before=$(sum)
for i in 1 2 3 4 5 6; do ANSWER_NEXT=1 answer; sleep 0.3; done
[ "$(sum)" = "$before" ] || fail "the older save changed on a full disk"
for ((i = 0; i < 150; i++)); do screen | grep -Eq "Your turn|Pick a card" && break; ANSWER_NEXT=1 answer; sleep 0.2; done
keys q
wait_for "Quit\\?" 5
screen | grep -q "Saving failed: No space left on device" || fail "the quit prompt does not say what failed"
screen | grep -q "state directory cannot be used" && fail "the quit prompt blames the state directory"
keys Escape # play on
unfill
play_until_saved "a save once there is room again" # saving did not stop for good
fill
before=$(sum)
quit_saved "quit on a full disk"
[ "$(sum)" = "$before" ] || fail "quitting on a full disk lost the older save"
unfill
runf stats | grep -q "^No games counted yet" || fail "quitting on a full disk counted the game: $(runf stats)"
[ -z "$(ls "$F/history" 2>/dev/null)" ] || fail "quitting on a full disk kept the game in the history"
echo "ending: a brief full disk: saving went on, the prompt said why, the quit counted nothing"

# 3. n at Resume? on a full disk: the save stays; with room, one loss.
cp "$F/save" "$T/save.before"
fill
start "$export_full" -- --seed 5 --fast --level easy
wait_for "Resume\\?" 15
keys n
wait_for "Play goes on|Your turn|bot is playing" 20
screen | grep -q "Play goes on" && keys Enter
quit_saved "quit after n on a full disk"
cmp -s "$F/save" "$T/save.before" || fail "n on a full disk deleted or changed the save"
unfill
runf stats | grep -q "^No games counted yet" || fail "n on a full disk counted: $(runf stats)"
start "$export_full" -- --seed 5 --fast --level easy
wait_for "Resume\\?" 15
keys n
quit_saved "quit after n with room"
[ "$(HOME="$T/home" XDG_STATE_HOME="$T/full" "$GIN" stats --json | grep -o '"level":"easy","rules":"all","games":[0-9]*')" = '"level":"easy","rules":"all","games":1' ] ||
    fail "n with room: not one game counted: $(runf stats)"
[ "$(ls "$F/history" | grep -c '^[0-9]*$')" = 1 ] || fail "n with room: not one entry in the history"
echo "ending: n at Resume? on a full disk kept the save; with room, one loss"

# Resign on a full disk: the save stays, nothing counted.
start "$export_full" -- --seed 6 --fast --level easy
wait_for "Resume\\?" 15
keys y # the game quit above
wait_for "Your turn|bot is playing" 20
play_until_saved "a save before resigning"
fill
cp "$F/save" "$T/save.resign"
wait_for "Your turn|Pick a card" 30
keys m
wait_for "apply from the next game" 5
menu_item "Resign"
keys Enter
wait_for "Resign\\?" 5
keys y
wait_for "Your turn|bot is playing" 20
quit_saved "quit after resigning on a full disk"
cmp -s "$F/save" "$T/save.resign" || fail "resigning on a full disk deleted or changed the save"
unfill
[ "$(runf stats --json | grep -o '"level":"easy","rules":"all","games":[0-9]*')" = '"level":"easy","rules":"all","games":1' ] ||
    fail "resigning on a full disk counted: $(runf stats)"
echo "ending: resigning on a full disk kept the save, counted nothing"
echo "PASS"
