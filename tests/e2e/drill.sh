#!/usr/bin/env bash
# gin drill on the command line: --json is the same for the same seed and
# history, every drill's best answer loses nothing and every other answer
# at least the margin; a text session reads answers from standard input,
# scores them against --json's best, and counts them in the progress file
# per kind and day; drills of your own mistakes come first from the
# history; a damaged progress file is moved aside and said, a newer one
# left alone; bad options are refused (options.sh has the rest).
# Usage: drill.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: drill.sh GIN SOURCE_DIR}
src=${2:?usage: drill.sh GIN SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$HOME"
checks=0
quick=(--playouts 10000)

# check NAME COMMAND...: count it, fail with NAME unless it succeeds.
check() {
    local name=$1
    shift
    checks=$((checks + 1))
    "$@" || fail "$name"
}

# Repeatable: two runs, one seed, the same bytes; another seed, others.
"$gin" drill --json --no-history --seed 11 --count 3 "${quick[@]}" >"$tmp/a.json" 2>"$tmp/err"
check "drill --json exits 0: $(cat "$tmp/err")" [ $? -eq 0 ]
"$gin" drill --json --no-history --seed 11 --count 3 "${quick[@]}" >"$tmp/b.json"
check "the same seed gives the same drills" cmp -s "$tmp/a.json" "$tmp/b.json"
"$gin" drill --json --no-history --seed 12 --count 3 "${quick[@]}" >"$tmp/c.json"
checks=$((checks + 1))
cmp -s "$tmp/a.json" "$tmp/c.json" && fail "another seed gives the same drills"

# Each drill's claims: three drills, the best loses 0, the others at least
# the margin (the top-level "margin"), "best" a choice's number.
check "the drills hold their claims" python3 - "$tmp/a.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["drills"]) == 3, d
for x in d["drills"]:
    assert x["kind"] in ("throw", "take", "knock", "spread"), x
    assert x["source"] == "generated"
    b = x["best"]
    assert 1 <= b <= len(x["choices"]) >= 2
    for i, c in enumerate(x["choices"], 1):
        if i == b:
            assert c["lost"] == 0, x
        else:
            assert c["lost"] >= d["margin"] and c["lost"] >= x["margin"] - 0.005, x
    assert x["explain"].startswith("Right: "), x
PY

# --kind and --level are kept to.
"$gin" drill --json --no-history --seed 5 --count 2 --kind take "${quick[@]}" >"$tmp/take.json"
check "--kind take gives take drills" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["drills"] and all(x["kind"] == "take" for x in d["drills"])' "$tmp/take.json"
"$gin" drill --json --no-history --seed 5 --count 2 --level easy "${quick[@]}" >"$tmp/easy.json"
check "--level easy gives drills 5 or more ahead" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["level"] == "easy" and d["drills"] and all(x["margin"] >= 5 for x in d["drills"])' "$tmp/easy.json"

# A text session on the same seed: answer the best to the first, a wrong
# answer to the second, then quit. The progress counts both.
best1=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["drills"][0]["best"])' "$tmp/a.json")
n2=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["drills"][1]; print(2 if d["best"] == 1 else 1)' "$tmp/a.json")
kinds=$(python3 -c 'import json,sys; print(" ".join(x["kind"] for x in json.load(open(sys.argv[1]))["drills"][:2]))' "$tmp/a.json")
printf '%s\nnonsense\n%s\nq\n' "$best1" "$n2" | "$gin" drill --no-history --seed 11 --count 3 "${quick[@]}" \
    >"$tmp/text" 2>&1
check "the text session exits 0" [ $? -eq 0 ]
check "the first answer is right" grep -q "^Right: " "$tmp/text"
check "the second answer is not" grep -q "^Not the best: " "$tmp/text"
check "a bad answer is said and asked again" grep -q "'nonsense' is not one of the answers" "$tmp/text"
check "the summary counts both" grep -q "^1 of 2 right" "$tmp/text"
today=$(date -u +%Y-%m-%d)
python3 - "$XDG_STATE_HOME/gin/drills" "$today" $kinds >"$tmp/want" <<'PY'
import sys
path, day, k1, k2 = sys.argv[1:5]
rows = {}
for k, right in ((k1, 1), (k2, 0)):
    t, r = rows.get(k, (0, 0))
    rows[k] = (t + 1, r + right)
print("gin-drills 1")
for k in sorted(rows, key=lambda k: [k1, k2].index(k)):
    print(day, k, *rows[k])
PY
check "the progress file counts per kind and day: $(cat "$XDG_STATE_HOME/gin/drills" 2>&1)" \
    cmp -s "$tmp/want" "$XDG_STATE_HOME/gin/drills"

# A refused answer lists the words the drill takes, all of them and no
# other: each listed word is an answer, every other answer word is refused
# (a knock drill listed "take" and refused it, and never listed "pass").
for kind in knock take; do
    printf 'bogus\nq\n' | "$gin" drill --no-history --seed 1 --count 1 --kind "$kind" "${quick[@]}" >"$tmp/w_$kind" 2>&1
    words=$(sed -n "s/^'bogus' is not one of the answers: 1 to [0-9]*, or \(.*\)\.\$/\1/p" "$tmp/w_$kind" |
        sed 's/ or /, /g')
    check "a $kind drill lists its words: $(cat "$tmp/w_$kind")" [ -n "$words" ]
    for w in take pile pass draw stock knock gin play on "play on"; do
        printf '%s\nq\n' "$w" | "$gin" drill --no-history --seed 1 --count 1 --kind "$kind" "${quick[@]}" \
            >"$tmp/w1" 2>&1
        refused=0
        grep -q "is not one of the answers" "$tmp/w1" && refused=1
        case ", $words," in
        *", $w,"*) check "$kind drill: '$w' is listed and taken" [ "$refused" -eq 0 ] ;;
        *) check "$kind drill: '$w' is not listed ($words) and refused" [ "$refused" -eq 1 ] ;;
        esac
    done
done

# Your own mistakes first: the history's games (two, tests/e2e/data).
cp -r "$src/tests/e2e/data/history" "$XDG_STATE_HOME/gin/"
"$gin" drill --json --seed 1 --count 2 "${quick[@]}" >"$tmp/yours.json"
check "drills from the history come first" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["drills"]
assert d and d[0]["source"] == "yours" and d[0]["game"] in (1, 2), d[0]
assert d[0]["played"] != d[0]["best"], d[0]' "$tmp/yours.json"

# A damaged progress file: moved aside and said; counting starts afresh.
printf 'gin-drills 1\nnot a line\n' >"$XDG_STATE_HOME/gin/drills"
printf '1\n' | "$gin" drill --no-history --seed 11 --count 1 "${quick[@]}" >"$tmp/text" 2>&1
check "a damaged progress file is said" grep -q "drills.bad" "$tmp/text"
check "and moved aside whole" grep -q "not a line" "$XDG_STATE_HOME/gin/drills.bad"
check "and counting starts afresh" grep -q "^$today [a-z]* 1 [01]$" "$XDG_STATE_HOME/gin/drills"
# A newer gin's file is left alone, and said.
printf 'gin-drills 9\nwhatever\n' >"$XDG_STATE_HOME/gin/drills"
printf '1\n' | "$gin" drill --no-history --seed 11 --count 1 "${quick[@]}" >"$tmp/text" 2>&1
check "a newer progress file is left alone" grep -q "whatever" "$XDG_STATE_HOME/gin/drills"

# Usage mistakes: exit 2, naming the option.
for bad in "--count 0" "--count 101" "--level expert" "--kind meld" "--playouts 0" "--seed -1" "--frob" "extra"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086 # words
    "$gin" drill $bad </dev/null >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -qF -- "${bad%% *}" "$tmp/err" || fail "gin drill $bad: exit $rc: $(cat "$tmp/err")"
done

if [ "$failures" -ne 0 ]; then
    echo "e2e_drill: $failures failure(s) in $checks checks"
    exit 1
fi
echo "e2e_drill: $checks checks passed"
