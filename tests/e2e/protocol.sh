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
