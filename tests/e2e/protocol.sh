#!/usr/bin/env bash
# End to end: `gin engine` on the bot protocol. The whole-hand transcript in
# docs/protocol.md is replayed into `gin engine --level simple` (the EAAI
# baseline, which is not retuned) and its answers
# must be the document's, line for line (so the document stays true); junk
# input is survived; and through `gin sim`, our engine over the protocol
# must give the very figures of the in-process bot.
# Usage: protocol.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: protocol.sh GIN SOURCE_DIR}
src=${2:?usage: protocol.sh GIN SOURCE_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

if ! "$gin" engine --help >/dev/null 2>&1; then
    fail "gin engine --help"
    exit 1
fi

# 1. The transcript of the document: '> ' lines in, '< ' lines expected out.
sed -n '/^## A whole hand/,/^## A table of three or four/p' "$src/docs/protocol.md" |
    sed -n '/^```$/,/^```$/p' | grep -E '^[<>] ' | grep -v '^> hand 2 ' >"$tmp/transcript"
grep '^> ' "$tmp/transcript" | cut -c3- >"$tmp/in"
grep '^< ' "$tmp/transcript" | cut -c3- >"$tmp/want"
if [ "$(wc -l <"$tmp/want")" -lt 10 ]; then
    fail "the transcript in docs/protocol.md was not found"
fi
echo quit >>"$tmp/in"
if ! "$gin" engine --level simple <"$tmp/in" >"$tmp/got" 2>"$tmp/err"; then
    fail "gin engine exited with an error on the transcript"
fi
if ! diff -u "$tmp/want" "$tmp/got"; then
    fail "gin engine's answers differ from docs/protocol.md"
fi
if [ -s "$tmp/err" ]; then
    fail "gin engine complained about the transcript:"
    cat "$tmp/err"
fi

# 2. Junk and out-of-order lines: reported on stderr, never fatal, never on stdout.
printf 'hello\nmove 0 discard 7H\ndeal 2C\n\ngin 1\noffer\nquit\n' >"$tmp/junk"
if ! "$gin" engine <"$tmp/junk" >"$tmp/got" 2>"$tmp/err"; then
    fail "gin engine died on junk input"
fi
if [ "$(head -n1 "$tmp/got")" != "ok gin hard" ]; then
    fail "gin engine did not greet after junk: $(head -n1 "$tmp/got")"
fi
if ! grep -q "cannot read" "$tmp/err"; then
    fail "gin engine did not report the junk on stderr"
fi

# 3. Unsupported version and bad options.
if echo 'gin 2' | "$gin" engine >"$tmp/got" 2>"$tmp/err"; then
    fail "gin engine accepted protocol version 2"
fi
if "$gin" engine --level grandmaster </dev/null >/dev/null 2>"$tmp/err"; then
    fail "gin engine accepted an unknown level"
fi
grep -q "unknown level" "$tmp/err" || fail "no message for an unknown level"

# 3b. A request before any deal has no view to decide from: every level
# answers it with an error line (it once decided from an empty view, and
# the expert shifted by -1 in card.h), says so on stderr, and plays on.
for level in random simple easy normal hard expert; do
    printf 'gin 1\noffer\nrules standard\ngame 0 3\ndraw\ndiscard\nquit\n' |
        "$gin" engine --level $level --think 2 >"$tmp/got" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "engine $level: a request before any deal ended it (status $rc): $(cat "$tmp/err")"
    printf '%s\n' "ok gin $level" "error cannot answer 'offer' before any game" \
        "error cannot answer 'draw' with no hand dealt" "error cannot answer 'discard' with no hand dealt" >"$tmp/want"
    diff -u "$tmp/want" "$tmp/got" >/dev/null || { fail "engine $level: answers before any deal:"; diff -u "$tmp/want" "$tmp/got"; }
    grep -q "line 2: asked 'offer' before any game; answered with an error" "$tmp/err" ||
        fail "engine $level: no message for a request before any game: $(cat "$tmp/err")"
done

# 3c. Out of turn: the message names whose turn it is in plain words
# ("my turn", "seat 1's turn"; never "my's"), and the engine answers anyway.
deal="deal 4S 4H 5H 7H TH 2D 4D 7D JC KC"
printf '%s\n' "gin 1" "rules standard" "game 0 1" "hand 1 1 TS" "$deal" "draw" "quit" |
    "$gin" engine --level simple >"$tmp/got" 2>"$tmp/err"
grep -qx "gin engine: line 6: asked 'draw', but by my count it is my turn to take or pass the upcard; answering anyway" \
    "$tmp/err" || fail "out of turn (mine): $(cat "$tmp/err")"
[ "$(sed -n 2p "$tmp/got")" = stock ] || fail "out of turn: no answer: $(cat "$tmp/got")"
printf '%s\n' "gin 1" "rules standard" "game 0 1" "hand 1 0 TS" "$deal" "discard" "quit" |
    "$gin" engine --level simple >"$tmp/got" 2>"$tmp/err"
grep -qx "gin engine: line 6: asked 'discard', but by my count it is seat 1's turn to take or pass the upcard; answering anyway" \
    "$tmp/err" || fail "out of turn (seat 1's): $(cat "$tmp/err")"
if grep -q "my's" "$tmp/err"; then fail "the engine still says my's"; fi

# 3d. Lines from the referee are quoted without their newline, and raw or
# control bytes from outside reach stderr escaped (\xNN), never as they are.
printf 'gin 1\nhello\n\377\033[2Jboom\r\nerror caf\303\251 \033]0;x\007\nerror caf\303\251\nquit\n' |
    "$gin" engine >/dev/null 2>"$tmp/err"
grep -qx "gin engine: line 2: cannot read 'hello': malformed input" "$tmp/err" ||
    fail "a bad line is not quoted on one line: $(cat "$tmp/err")"
grep -qxF "gin engine: line 3: cannot read '\xff\x1b[2Jboom': malformed input" "$tmp/err" ||
    fail "raw bytes are not escaped: $(cat -v "$tmp/err")"
grep -qxF "gin engine: the referee says: caf\xc3\xa9" "$tmp/err" ||
    fail "the referee's error text is not escaped: $(cat -v "$tmp/err")"
if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177-\377]')" "$tmp/err"; then
    fail "stderr holds raw bytes from the input: $(cat -v "$tmp/err")"
fi
[ "$(wc -l <"$tmp/err")" -eq 4 ] || fail "a quoted line spilled over lines: $(cat -v "$tmp/err")"

# 3e. A failed write of an answer ends the engine at once, saying why, with
# status 1: a full disk, a closed standard output, a pipe nobody reads (with
# SIGPIPE ignored, as a referee's child may inherit; else SIGPIPE ends it).
for out in /dev/full closed; do
    if [ $out = closed ]; then
        printf 'gin 1\nquit\n' | "$gin" engine >&- 2>"$tmp/err"
    else
        printf 'gin 1\nquit\n' | "$gin" engine >$out 2>"$tmp/err"
    fi
    rc=$?
    [ $rc -eq 1 ] || fail "engine with stdout $out: status $rc, not 1"
    grep -qx "gin: writing standard output: .*" "$tmp/err" || fail "engine with stdout $out: $(cat "$tmp/err")"
done
{
    echo "gin 1"
    echo "rules standard"
    echo "game 0 1"
    for i in $(seq 1 20000); do echo "hand 1 1 TS"; echo "$deal"; echo offer; done
} >"$tmp/many"
(
    trap '' PIPE
    "$gin" engine --level simple <"$tmp/many" 2>"$tmp/err" | head -n 2 >/dev/null
    echo "${PIPESTATUS[0]}" >"$tmp/rc"
)
[ "$(cat "$tmp/rc")" = 1 ] || fail "engine writing into a closed pipe: status $(cat "$tmp/rc"), not 1"
grep -qx "gin: writing standard output: Broken pipe" "$tmp/err" || fail "no message for a closed pipe: $(cat "$tmp/err")"
[ "$(grep -c . "$tmp/err")" -eq 1 ] || fail "the engine played on into a closed pipe: $(head -3 "$tmp/err")"

# 1b. The table's transcript (three seats, hand 2 whole) the same way.
sed -n '/^## A table of three or four/,/^## Writing a bot/p' "$src/docs/protocol.md" |
    sed -n '/^```$/,/^```$/p' | grep -E '^[<>] ' >"$tmp/transcript"
grep '^> ' "$tmp/transcript" | cut -c3- >"$tmp/in"
grep '^< ' "$tmp/transcript" | cut -c3- >"$tmp/want"
[ "$(wc -l <"$tmp/want")" -ge 10 ] || fail "the table's transcript in docs/protocol.md was not found"
echo quit >>"$tmp/in"
"$gin" engine --level simple <"$tmp/in" >"$tmp/got" 2>"$tmp/err" || fail "gin engine failed on the table's transcript"
diff -u "$tmp/want" "$tmp/got" || fail "gin engine's answers differ from the table's transcript"
if [ -s "$tmp/err" ]; then
    fail "gin engine complained about the table's transcript:"
    cat "$tmp/err"
fi

# 4. Through gin sim: the same figures as in-process (sim seeds each game's
# exec bot as the agent it stands for), whatever the number of jobs.
engine="exec:'$gin' engine --level hard"
"$gin" sim --p1 hard --p2 hard --games 4 --seed 3 --jobs 1 --json >"$tmp/self.json" 2>/dev/null
strip() { sed -e 's/, *"hands_per_s": *[0-9.e+-]*//' "$1"; }
for jobs in 1 2; do
    if "$gin" sim --p1 "$engine" --p2 hard --games 4 --seed 3 --jobs $jobs --json >"$tmp/exec.json" 2>"$tmp/err"; then
        if [ "$(strip "$tmp/exec.json")" != "$(strip "$tmp/self.json")" ]; then
            fail "exec: engine and in-process hard disagree (--jobs $jobs)"
            cat "$tmp/exec.json" "$tmp/self.json"
        fi
    else
        fail "gin sim with an exec: engine failed:"
        cat "$tmp/err"
    fi
done

# 5. A table of three and four: the engine through the protocol plays as
# in-process, and the examples (seven cards in hand) play legal gin.
for p4 in "" "--p4 simple"; do
    "$gin" sim --p1 normal --p2 hard --p3 random $p4 --games 4 --seed 8 --jobs 1 --json >"$tmp/self.json" 2>/dev/null
    if "$gin" sim --p1 normal --p2 "exec:'$gin' engine --level hard" --p3 random $p4 --games 4 --seed 8 --jobs 2 \
        --json >"$tmp/exec.json" 2>"$tmp/err"; then
        [ "$(strip "$tmp/exec.json")" = "$(strip "$tmp/self.json")" ] ||
            fail "at a table ($p4) the exec: engine and in-process hard disagree"
    else
        fail "gin sim at a table with an exec: engine failed:"
        cat "$tmp/err"
    fi
done
if command -v python3 >/dev/null; then
    "$gin" sim --p1 "exec:python3 '$src/examples/pybot.py'" --p2 simple --p3 simple --p4 simple --games 4 \
        --jobs 2 --json >"$tmp/py.json" 2>"$tmp/err" || fail "pybot at a table of four failed"
    grep -q '"forfeits": 0,' "$tmp/py.json" || { fail "pybot forfeited at a table:"; cat "$tmp/err"; }
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "e2e_protocol: all passed"
