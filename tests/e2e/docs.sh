#!/usr/bin/env bash
# The documents say what the program does, and this keeps them so:
#  1. docs/gin.6: every option of every command's --help is under that
#     command (the table's under OPTIONS, the others' under COMMANDS, "gin
#     CMD"), and every option the page names is the program's: under a
#     command, one that command takes (in its --help, or a spelling its
#     option table has and the command accepts); elsewhere, one some command
#     takes. Every command has its section; the knob list is the program's,
#     and docs/rules.md explains each knob.
#  2. README.md: every option it names is the program's (those of the table
#     in "Playing", which names every option of the table), and each command
#     shown in a console block prints exactly what is shown under it.
#  3. docs/protocol.md: every referee line of its examples ("> ...") is read
#     by the protocol's parser (gin engine), every rules line is what the
#     referee writes for those rules, and what the referee writes in games
#     of many kinds (two seats, three and four, reshuffles, voids, spades
#     doubled) is in the grammar of its message tables: each keyword, move
#     word, result and knob it writes is documented there.
# Prints each thing that is missing or false; exits 1 if there was one.
# Usage: docs.sh PATH/TO/gin SOURCE_DIR   (ctest passes both)
set -u
gin=${1:?usage: docs.sh GIN SOURCE_DIR}
src=${2:?usage: docs.sh GIN SOURCE_DIR}
gin=$(cd "$(dirname "$gin")" && pwd)/$(basename "$gin")
src=$(cd "$src" && pwd)
man=${DOCS_MAN:-$src/docs/gin.6}
readme=${DOCS_README:-$src/README.md}
proto=${DOCS_PROTOCOL:-$src/docs/protocol.md}
rules=${DOCS_RULES:-$src/docs/rules.md}
. "$(dirname "${BASH_SOURCE[0]}")/lib/checks.sh" # tmp (removed at exit), failures, fail
# count FILE: its lines (the failures a pipeline wrote there), 0 if none.
count() { if [ -e "$1" ]; then grep -c . "$1"; else echo 0; fi; }
for f in "$man" "$readme" "$proto" "$rules"; do [ -r "$f" ] || { echo "docs: cannot read $f"; exit 1; }; done
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config" LC_ALL=C.UTF-8
mkdir -p "$HOME"

longs() { grep -oE -- '--[a-z][a-z0-9-]*[a-z0-9]' | sort -u; }
# own CMD: the text on standard input without what it says of other commands
# ("e.g. gin sim --p2 exec:'gin engine'" in gin engine's help).
own() {
    local o
    o=$(for c in $cmds; do [ "$c" != "$1" ] && printf '%s|' "$c"; done)
    sed -E "s/(^|[^a-z])gin (${o%|})\b[^;.)]*/\1/g"
}
# The commands, from `gin help`.
"$gin" help >"$tmp/help" || fail "gin help failed"
cmds=$(awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }' "$tmp/help" | tr '\n' ' ')
[ -n "$cmds" ] || fail "gin help lists no commands"
# The knobs, from gin sim --help ("the knobs:" and the lines under it).
"$gin" sim --help >"$tmp/sim.help"
sed -n '/the knobs:/,$p' "$tmp/sim.help" | sed 1d | tr ',' '\n' | tr -d ' ' | grep . >"$tmp/knobs"
[ "$(wc -l <"$tmp/knobs")" -ge 10 ] || fail "cannot read the knobs from gin sim --help"
sed 's/^/--/' "$tmp/knobs" | sort -u >"$tmp/knob.opts"
"$gin" --help | grep -E '^ +-' | longs >"$tmp/opts.main"
cat "$tmp/opts.main" >"$tmp/opts.any"
for c in $cmds; do
    [ "$c" = help ] && continue
    "$gin" "$c" --help >"$tmp/$c.help" 2>&1 || fail "gin $c --help failed"
    own "$c" <"$tmp/$c.help" | longs >"$tmp/opts.$c"
    grep -q -- '--KNOB' "$tmp/$c.help" && touch "$tmp/knobs.$c"
    # The spellings of its option table (getopt's, or the engine's own).
    grep -ohE '\{"[a-z][a-z0-9-]*", *(no|required|optional)_argument|"--[a-z][a-z0-9-]*' \
        "$src/src/cli/cmd_$c.c" 2>/dev/null | sed -E 's/^\{"/--/; s/^"//; s/",.*//' | sort -u >"$tmp/table.$c"
    cat "$tmp/opts.$c" "$tmp/table.$c" >>"$tmp/opts.any"
done
cat "$tmp/knob.opts" >>"$tmp/opts.any"
sort -u -o "$tmp/opts.any" "$tmp/opts.any"

# takes CMD OPTION: does gin CMD take the option? (Its --help names it, or it
# is a knob of a command that takes the rules, or its option table spells it
# and the command does not call it unknown.) "main" is gin's own options.
takes() {
    local c=$1 o=$2
    grep -qxF -- "$o" "$tmp/opts.$c" && return 0
    [ "$c" = main ] && return 1
    [ -e "$tmp/knobs.$c" ] && grep -qxF -- "$o" "$tmp/knob.opts" && return 0
    grep -qxF -- "$o" "$tmp/table.$c" || return 1
    "$gin" "$c" "$o" --help </dev/null >/dev/null 2>"$tmp/err"
    ! grep -q "unknown option" "$tmp/err"
}

# ---- 1. The manual page.
# Plain text of each part of the page, one file a part: plain.synopsis.CMD
# (a line of the synopsis), plain.CMD (OPTIONS is the table's; "SS gin CMD"
# under COMMANDS is CMD's), plain.general (every other section).
sed -e 's/\\-/-/g; s/\\f[BIRP]//g; s/\\(..//g; s/\\\[[^]]*\]//g; s/-- *KNOB/--KNOB/g' "$man" >"$tmp/man.txt"
awk -v dir="$tmp" -v cmds=" $cmds " '
    function out(name) { file = dir "/plain." name }
    BEGIN { out("general") }
    /^\.\\"/ { next }
    /^\.SH / { sh = $0; sub(/^\.SH +/, "", sh); gsub(/"/, "", sh); ss = ""; n_syn = 0
               if (sh == "SYNOPSIS") { syn = 1; out("synopsis.play") } else { syn = 0; out(sh == "OPTIONS" ? "play" : "general") }
               next }
    syn && /^\.br/ { n_syn++; next }
    syn && /^\.B gin/ { w = $3; if (n_syn == 0) w = "play"; else if (w == "" || index(cmds, " " w " ") == 0) w = "main"
                        out("synopsis." w) }
    /^\.SS / { ss = $0; sub(/^\.SS +/, "", ss); gsub(/"/, "", ss); split(ss, p, " ")
               if (sh != "COMMANDS" || p[1] != "gin" || index(cmds, " " p[2] " ") == 0) { print "bad section: " ss > (dir "/bad.ss"); out("general") }
               else { out(p[2]); print p[2] >> (dir "/man.sections") }
               next }
    { line = $0; sub(/^\.[A-Z]+ /, "", line); gsub(/"/, "", line); print line > file }
' "$tmp/man.txt"
[ -s "$tmp/bad.ss" ] && fail "gin.6: a section under COMMANDS that is no command: $(cat "$tmp/bad.ss")"
for c in $cmds; do
    [ "$c" = help ] && { grep -q . "$tmp/plain.synopsis.help" 2>/dev/null || fail "gin.6: the synopsis has no 'gin help'"; continue; }
    grep -qx "$c" "$tmp/man.sections" 2>/dev/null || fail "gin.6: no section 'gin $c' under COMMANDS"
    touch "$tmp/plain.$c"
    if [ "$c" = play ]; then where=OPTIONS; else where="gin $c"; fi
    # every option of its --help, under it (-h and --help: "Each takes")
    while read -r o; do
        [ "$o" = --help ] && [ "$c" != play ] && continue
        [ -e "$tmp/knobs.$c" ] && grep -qxF -- "$o" "$tmp/knob.opts" && continue
        grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" "$tmp/plain.$c" ||
            fail "gin.6: $o is missing under $where (gin $c --help names it)"
    done <"$tmp/opts.$c"
    grep -oE '^ +-[a-zA-Z],' "$tmp/$c.help" | tr -d ' ,' | grep -vx -- "-h" | while read -r s; do
        grep -qE -- "(^|[ ,(])$s([ ,)]|$)" "$tmp/plain.$c" ||
            echo "FAIL: gin.6: $s is missing under $where (gin $c --help names it)"
    done | tee -a "$tmp/short.fails"
    if [ -e "$tmp/knobs.$c" ] && ! grep -q -- '--KNOB' "$tmp/plain.$c"; then
        fail "gin.6: gin $c takes --KNOB VALUE (its --help says so), but its section does not"
    fi
    # and every option named under it is one it takes
    for o in $(own "$c" <"$tmp/plain.$c" | longs); do
        takes "$c" "$o" || fail "gin.6: $o is named under $where but is not an option of gin $c"
    done
    for o in $( [ -e "$tmp/plain.synopsis.$c" ] && longs <"$tmp/plain.synopsis.$c"); do
        takes "$c" "$o" || fail "gin.6: $o is in the synopsis of gin $c but is not an option of gin $c"
    done
done
failures=$((failures + $(count "$tmp/short.fails")))
grep -qE -- '-h +and +--help' "$tmp/plain.general" || fail "gin.6: COMMANDS does not say each takes -h and --help"
for o in $(cat "$tmp/plain.general" "$tmp/plain.synopsis.main" 2>/dev/null | longs); do
    grep -qxF -- "$o" "$tmp/opts.any" || fail "gin.6: $o is not an option of any command"
done
while read -r o; do
    cat "$tmp"/plain.* | grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" || fail "gin.6: gin's own $o is missing"
done <"$tmp/opts.main"
# The knob list, as the program has it.
sed -n '/^\.\\" The knobs, as gin sim --help lists them/,/^\.\\" end of the knobs/p' "$man" | sed '1d;$d' |
    sed 's/\.$//' | tr ',' '\n' | tr -d ' ' | grep . >"$tmp/man.knobs"
diff -u "$tmp/knobs" "$tmp/man.knobs" >"$tmp/diff" ||
    { fail "gin.6: the knob list differs from gin sim --help's (- the program, + the page):"; sed 1,2d "$tmp/diff"; }

# Every knob is explained in docs/rules.md (the page sends the reader there).
while read -r k; do
    grep -qE -- "\`(--)?$k( [^\`]*)?\`" "$rules" || fail "docs/rules.md does not explain the knob $k"
done <"$tmp/knobs"

# ---- 2. The README.
awk -v dir="$tmp" '
    /^## / { part = ($0 ~ /^## Playing/) ? "play" : ($0 ~ /^## The other commands/) ? "other" : "general" }
    /^```/ { code = !code; next }
    { print > (dir "/readme." part) }
' "$readme"
for o in $(longs <"$tmp/readme.play"); do
    takes play "$o" || fail "README.md: $o (under Playing) is not an option of the table"
done
while read -r o; do
    [ "$o" = --help ] && continue
    grep -qxF -- "$o" "$tmp/knob.opts" && continue
    grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" "$tmp/readme.play" ||
        fail "README.md: the table's $o is not under Playing"
done <"$tmp/opts.play"
# Under "The other commands", an option belongs to a command its paragraph
# (or its code line) names, or is a rule option.
awk 'BEGIN { RS = "" } { gsub(/\n/, " "); print }' "$tmp/readme.other" >"$tmp/paras"
while IFS= read -r para; do
    named=$(grep -oE '(^|[^a-z])gin (analyze|showdown|sim|replay|stats|history|engine|play)\b' <<<"$para" |
        awk '{ print $NF }' | sort -u)
    grep -qE '(^|[^a-z])gin --|`gin`' <<<"$para" && named="$named play"
    for o in $(longs <<<"$para"); do
        ok=0
        [ "$o" = --rules ] || [ "$o" = --help ] && ok=1
        grep -qxF -- "$o" "$tmp/knob.opts" && ok=1
        for c in ${named:-$cmds}; do
            [ "$c" = help ] && continue
            [ $ok = 0 ] && takes "$c" "$o" && ok=1
        done
        [ $ok = 1 ] || fail "README.md: $o is not an option of ${named:+gin }$(echo ${named:-any command} | sed 's/ /, gin /g') (in: ${para:0:70}...)"
    done
done <"$tmp/paras"
for o in $(grep -oE '`gin [^`]*`|^gin .*' "$tmp/readme.general" | longs); do
    grep -qxF -- "$o" "$tmp/opts.any" || fail "README.md: $o is not an option of any command"
done
# The console examples, run. The history shown is that of the two games in
# tests/e2e/data/history (written by the table).
mkdir -p "$XDG_STATE_HOME/gin" && cp -r "$src/tests/e2e/data/history" "$XDG_STATE_HOME/gin/" &&
    chmod 700 "$XDG_STATE_HOME/gin" "$XDG_STATE_HOME/gin/history"
awk -v dir="$tmp" '
    /^```console/ { on = 1; next }
    on && /^```/ { on = 0; next }
    on && /^\$ / { n++; sub(/^\$ /, ""); print > (dir "/ex" n ".cmd"); printf "" > (dir "/ex" n ".want"); next }
    on { print > (dir "/ex" n ".want") }
' "$readme"
examples=0
for cmdf in "$tmp"/ex*.cmd; do
    [ -e "$cmdf" ] || break
    examples=$((examples + 1))
    want=${cmdf%.cmd}.want
    (cd "$tmp" && GIN="$gin" bash -c 'gin() { "$GIN" "$@"; }; '"$(cat "$cmdf")") >"$tmp/got" 2>"$tmp/err" ||
        fail "README.md: '$(cat "$cmdf")' failed: $(cat "$tmp/err")"
    diff -u "$want" "$tmp/got" >"$tmp/diff" ||
        { fail "README.md: '$(cat "$cmdf")' prints otherwise (- the README, + the program):"; sed 1,2d "$tmp/diff"; }
done
[ $examples -ge 3 ] || fail "README.md: only $examples console examples found"

# ---- 3. The protocol's examples and grammar.
# Every referee line of an example ("> ...", but a line cut short with
# "...") is read by the parser: gin engine says "cannot read" otherwise.
grep -n '^> ' "$proto" | grep -v '\.\.\.$' >"$tmp/referee"
[ "$(wc -l <"$tmp/referee")" -ge 50 ] || fail "protocol.md: too few referee lines (> ...)"
{ echo "gin 1"; cut -d' ' -f2- "$tmp/referee"; echo quit; } | "$gin" engine --level random >/dev/null 2>"$tmp/err"
grep 'cannot read' "$tmp/err" | while IFS= read -r e; do
    n=$(sed -n 's/^gin engine: line \([0-9]*\):.*/\1/p' <<<"$e")
    echo "FAIL: protocol.md:$(sed -n "$((n - 1))p" "$tmp/referee" | cut -d: -f1): the parser refuses it: ${e#*: line * }"
done | tee "$tmp/parse.fails"
failures=$((failures + $(count "$tmp/parse.fails")))

# run_sim FILE ARGS...: gin sim ARGS with p1 our engine through the
# protocol; the referee's lines to it into FILE.
run_sim() {
    local f=$1
    shift
    "$gin" sim --p1 "exec:tee '$f' | '$gin' engine --level simple" "$@" --jobs 1 >/dev/null 2>"$tmp/err" ||
        fail "gin sim $*: $(cat "$tmp/err")"
}
# Every rules line (in an example, or the Rules section's) is what the
# referee writes for those rules.
{ grep '^> rules ' "$proto" | cut -c3-; sed -n '/^## Rules/,/^| Knob/p' "$proto" | grep '^rules '; } >"$tmp/rules.doc"
[ "$(wc -l <"$tmp/rules.doc")" -ge 2 ] || fail "protocol.md: no rules lines found"
i=0
while read -r -a w; do
    i=$((i + 1))
    args=(--rules "$([ "${w[1]}" = custom ] && echo standard || echo "${w[1]}")")
    seats=2
    for ((k = 2; k + 1 < ${#w[@]}; k += 2)); do
        args+=("--${w[k]}" "${w[k + 1]}")
        [ "${w[k]}" = seats ] && seats=${w[k + 1]}
    done
    [ "$seats" -ge 3 ] && args+=(--p3 simple)
    [ "$seats" -ge 4 ] && args+=(--p4 simple)
    run_sim "$tmp/rules.$i" --p2 simple --games 1 "${args[@]}"
    got=$(grep -m1 '^rules ' "$tmp/rules.$i")
    [ "$got" = "${w[*]}" ] || fail "protocol.md: the rules line
  ${w[*]}
is not what the referee writes for those rules:
  $got"
done <"$tmp/rules.doc"

# What the referee writes, in games of many kinds.
run_sim "$tmp/said.1" --p2 simple --games 40 --seed 3
run_sim "$tmp/said.2" --p2 random --games 2 --seed 4 --stock reshuffle --first-turn free --max-hands 4
run_sim "$tmp/said.3" --p2 random --games 2 --seed 5 --max-hands 6
run_sim "$tmp/said.4" --p2 simple --games 6 --seed 6 --rules oklahoma --spade-double on --big-gin 31 --hollywood
run_sim "$tmp/said.5" --p2 simple --p3 simple --games 6 --seed 7
run_sim "$tmp/said.6" --p2 random --p3 simple --p4 simple --games 4 --seed 8 --stock reshuffle
cat "$tmp"/said.* | tr -d '\r' >"$tmp/said"
# The message tables' signatures, and the form of a line of each. A change
# to a signature in protocol.md needs its form here, and the program's lines
# must have the forms.
C='[A2-9TJQK][SHDC]'
cat >"$tmp/grammar" <<EOF
gin VERSION	^gin [0-9]+\$
quit	^quit\$
error TEXT	^error .+\$
rules PRESET KNOB VALUE ...	^rules (standard|classic|oklahoma|straight|custom)( [a-z-]+ [a-z0-9-]+)+\$
game SEAT SEED	^game [0-3] [0-9]+\$
hand N DEALER UPCARD	^hand [0-9]+ [0-3] $C\$
deal C1 ... C10	^deal( $C){7}\$|^deal( $C){10}\$
move SEAT WORD [CARD]	^move [0-3] (take|pass|stock|pile|discard|knock|gin) $C\$|^move [0-3] (stock|biggin)\$
reshuffle STOCK	^reshuffle [0-9]+\$
void STOCK	^void [0-9]+\$
endhand P0 P1 [P2 [P3]]	^endhand -?[0-9]+( -?[0-9]+){1,3}\$
endgame WINNER TOTAL	^endgame (-1|[0-3]) -?[0-9]+\$
melds K M1 M2 ...	^melds [0-3]( $C(,$C){2,})*\$
unmatched K C ...	^unmatched [0-3]( $C)*\$
layoff D C M	^layoff [0-3] $C [0-9]+\$
result WINNER KIND POINTS	^result [0-3] (knock|undercut|gin|biggin) [0-9]+\$
penalty S POINTS	^penalty [0-3] [0-9]+\$
offer	^offer\$
draw	^draw\$
discard	^discard\$
EOF
while IFS=$'\t' read -r sig _; do
    grep -qF "| \`$sig\` |" "$proto" || fail "protocol.md: its message tables have no row for \`$sig\`"
done <"$tmp/grammar"
while IFS=$'\t' read -r sig form; do
    kw=${sig%% *}
    grep -E "^$kw( |\$)" "$tmp/said" | grep -Ev "$form" | head -1 | while IFS= read -r bad; do
        echo "FAIL: the referee writes \"$bad\", not in the form of \`$sig\` in protocol.md"
    done
done <"$tmp/grammar" | tee "$tmp/grammar.fails"
cut -f1 "$tmp/grammar" | awk '{ print $1 }' | sort -u >"$tmp/keywords"
awk '{ print $1 }' "$tmp/said" | sort -u | grep -vxFf "$tmp/keywords" | while read -r kw; do
    echo "FAIL: the referee writes '$kw' lines, no message of protocol.md: $(grep -m1 "^$kw" "$tmp/said")"
done | tee -a "$tmp/grammar.fails"
failures=$((failures + $(count "$tmp/grammar.fails")))
# Each move word and result written is in the tables, each knob in the knob table.
for word in $(awk '$1 == "move" { print $3 }' "$tmp/said" | sort -u); do
    grep -qE "^\| \`move S $word( C)?\` \|" "$proto" || fail "protocol.md: the Moves table has no move '$word'"
done
for kind in $(awk '$1 == "result" { print $3 }' "$tmp/said" | sort -u); do
    grep -E '^\| `result WINNER KIND POINTS`' "$proto" | grep -q "\`$kind\`" || fail "protocol.md: no result kind '$kind'"
done
sed -n '/^| Knob |/,/^$/p' "$proto" >"$tmp/knob.table"
for knob in $({ awk '$1 == "rules" { for (i = 3; i <= NF; i += 2) print $i }' "$tmp/said"; cat "$tmp/knobs"; } | sort -u); do
    grep -q "^| .*\`$knob\`.* |" "$tmp/knob.table" || fail "protocol.md: the knob table has no \`$knob\`"
done
seen=$(awk '{ print $1 }' "$tmp/said" | sort -u | tr '\n' ' ')
for kw in reshuffle void layoff penalty endgame melds; do
    grep -qw "$kw" <<<"$seen" || fail "the games played wrote no '$kw' line: the grammar check did not see one"
done

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "e2e_docs: gin.6, README.md and protocol.md agree with the program ($examples README examples, $(wc -l <"$tmp/said") referee lines checked)"
