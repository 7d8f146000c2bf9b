#!/usr/bin/env bash
# The kept files at the table: one table per state directory; a
# save, statistics or settings file that is damaged, odd (a FIFO, a
# directory) or out of range is reported and handled at the table, never
# lost, and nothing is touched before the table has started.
# Usage: files.sh GIN_BINARY SOURCE_DIR
set -u
GIN=${1:?path to gin}
. "$(dirname "${BASH_SOURCE[0]}")/lib/tmux.sh" gin-files
S="$T/state/gin"
C="$T/config/gin"
mkdir -p "$S" "$C"
chmod 700 "$S" "$C"
run_env() { HOME="$T/home" XDG_STATE_HOME="$T/state" XDG_CONFIG_HOME="$T/config" "$@"; }

# 1. One table per state directory: a second one says who has it, exits 1.
start --seed 3 --fast
wait_for "Your turn|bot is playing" 20
first=$(gin_pid)
tm -f /dev/null new-session -d -s second -x 80 -y 24 \
    "HOME='$T/home' XDG_STATE_HOME='$T/state' XDG_CONFIG_HOME='$T/config' TERM=xterm-256color '$GIN' --seed 4; echo EXIT2=\$? > '$T/second'; sleep 60"
wait_file "$T/second" 10
grep -q "EXIT2=1" "$T/second" || fail "a second table did not exit 1: $(cat "$T/second")"
tm capture-pane -p -J -t second | grep -q "another gin (process $first) has the table open on $S" ||
    fail "the second table does not name the first: $(tm capture-pane -p -J -t second)"
tm kill-session -t second
quit_clean "the first table"

# 2. A save that cannot be resumed (an unknown level) is moved aside and
# said; a second one later does not replace the first quarantined file.
rm -f "$S"/save*
good=$(ls "$T/state/gin/save" 2>/dev/null)
for level in zzz Easy; do
    printf 'gin-save 1\nlevel %s\npractice 0\nhuman 0\n\n' "$level" >"$S/save"
    cat "$2/fuzz/corpus/record/standard-part" >>"$S/save"
    cp "$S/save" "$T/save.$level"
    start --seed 5 --fast
    wait_for "cannot be resumed" 15
    screen | grep -q "unknown level '$level'" || fail "the note does not say the level $level is unknown"
    keys Enter
    wait_for "Stock" 10
    quit_clean "after the $level save"
done
cmp -s "$S/save.bad" "$T/save.zzz" || fail "the first unresumable save is not kept whole as save.bad"
cmp -s "$S/save.bad.2" "$T/save.Easy" || fail "the second one did not go to save.bad.2 (or replaced the first)"

# 3. Nothing is moved before the table has started: without a terminal
# the damaged save stays where it was.
rm -f "$S"/save*
cp "$T/save.zzz" "$S/save"
run_env "$GIN" --seed 5 </dev/null >/dev/null 2>"$T/err"
[ $? -ne 0 ] || fail "the table without a terminal exited 0"
cmp -s "$S/save" "$T/save.zzz" || fail "the save was touched by a table that never started"
[ -e "$S/save.bad" ] && fail "a save was quarantined by a table that never started"
TERM=dumb run_env script -qec "TERM=dumb $GIN --seed 5" /dev/null </dev/null >"$T/dumb" 2>&1
grep -q "cannot use terminal type 'dumb'" "$T/dumb" || fail "TERM=dumb is not refused: $(cat "$T/dumb")"
cmp -s "$S/save" "$T/save.zzz" || fail "the save was touched by a table refused TERM=dumb"
for term in nosuchterm ""; do
    TERM=$term run_env script -qec "TERM=$term $GIN --seed 5" /dev/null </dev/null >"$T/badterm" 2>&1
    grep -q "cannot use terminal type '$term'\|TERM is not set" "$T/badterm" ||
        fail "TERM='$term' is not refused: $(cat "$T/badterm")"
    cmp -s "$S/save" "$T/save.zzz" || fail "the save was touched by a table refused TERM='$term'"
done
# An external opponent is not started for a terminal the table cannot use.
TERM=nosuchterm run_env script -qec "TERM=nosuchterm $GIN --opponent 'exec:sleep 301 # gin-files-marker'" /dev/null \
    </dev/null >"$T/badterm" 2>&1
grep -q "cannot use terminal type 'nosuchterm'" "$T/badterm" || fail "TERM with an opponent: $(cat "$T/badterm")"
running gin-files-marker && fail "the opponent was left running after the terminal was refused"

# 4. A FIFO or a directory in place of a kept file: left alone, said, and
# the table plays on (a FIFO once hung gin forever in open()).
rm -f "$S"/save*
mkfifo "$S/save"
mkdir "$S/stats"
start --seed 6 --fast
wait_for "Play goes on" 15
screen | grep -q "FIFO" || fail "the note does not say the save is a FIFO"
screen | grep -qi "directory" || fail "the note does not say the statistics are a directory"
keys Enter
wait_for "Stock" 10
quit_clean "with a FIFO and a directory"
[ -p "$S/save" ] || fail "the FIFO was moved or replaced"
[ -d "$S/stats" ] || fail "the statistics directory was moved"
rm -f "$S/save"
rmdir "$S/stats"

# 5. A NUL byte in the statistics: damaged, moved aside whole, never half read.
printf '# gin statistics v1\nnormal 5 3 20 10 2 1 4 300 1 2\n\0hard 9 9 9 9 9 9 9 9 9 9\n' >"$S/stats"
cp "$S/stats" "$T/stats.nul"
start --seed 7 --fast
wait_for "Play goes on" 15
screen | grep -qi "NUL" || fail "the note does not say the statistics hold a NUL byte"
keys Enter
wait_for "Stock" 10
quit_clean "with a NUL in the statistics"
cmp -s "$S/stats.bad" "$T/stats.nul" || fail "the damaged statistics are not kept whole as stats.bad"

# 6. Settings that parse but are out of range: said with the file and the
# line, the default stands, and the table starts.
rm -f "$S/save"
printf 'level = hard\nrules = nope\ntarget = 50000\n' >"$C/settings"
start --seed 8 --fast
wait_for "Play goes on" 15
screen | grep -q "$C/settings:2: unknown rules 'nope'" || fail "the bad rules line is not named"
screen | grep -q "$C/settings:3:" || fail "the bad target line is not named"
keys Enter
wait_for "Hard bot" 10
screen | grep -q "standard" || fail "the default rules do not stand"
quit_clean "with bad settings"

# 7. A settings file that cannot be kept (its directory is a file): said
# once, though both reading it and keeping an option's change find it.
rm -f "$S/save" "$C/settings"
rmdir "$C" && echo x >"$C"
start --seed 8 --fast
wait_for "Play goes on" 15
[ "$(screen | grep -c "cannot be kept")" = 1 ] || fail "the settings' note is not said once: $(screen | grep "kept")"
keys Enter
wait_for "Stock" 10
quit_clean "with settings that cannot be kept"
rm -f "$C"
echo "PASS"
