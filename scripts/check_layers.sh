#!/bin/sh
# The rules of the house, checked on the built libraries and the sources
# (the `layers` test). usage: scripts/check_layers.sh BUILD_DIR SOURCE_DIR
#
# 1. A layer calls only itself, the layers it names in CMakeLists.txt
#    (gin_layer ... USES, written to BUILD_DIR/layers.txt) and the system.
# 2. The core's system imports are an allow-list: memory and string
#    functions, and what compilers and sanitizers insert. No stdio, no
#    allocation, no curses, no clocks: the core does no I/O.
# 3. A file includes headers of its own folder, include/gin, and the folders
#    of the layers its layer names, by name: never by a path that climbs out
#    of a folder ("../ui/draw.h") or starts at the root; only src/ui
#    includes curses.
# 4. No dependency circle between files: the "calls a function defined in"
#    graph of all the objects is a partial order (tsort finds no loop).
# 5. No mutable globals in the core: no object of the core's library lives
#    in a writable section (.data, .bss, thread-local or common), static
#    locals included; constant tables (.rodata, .data.rel.ro) are fine, and
#    so is what compilers and sanitizers insert (names starting "__").
# Every violation is printed as a line naming the file and the symbol or
# header; the exit status is 1 if there was one.
set -u
build=${1:?usage: check_layers.sh BUILD_DIR SOURCE_DIR}
src=${2:?usage: check_layers.sh BUILD_DIR SOURCE_DIR}
NM=${NM:-nm}
OBJDUMP=${OBJDUMP:-objdump}
layers="$build/layers.txt"
[ -r "$layers" ] || { echo "check_layers: no $layers (configure first)"; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

# The core may import these from the C library (or the compiler's runtime).
core_allow='^(mem(cpy|move|set|cmp|chr)|bcmp|str(len|cmp|ncmp|chr|rchr|spn|cspn|cpy|ncpy)|__(stack_chk_fail|(mem|str)[a-z]*_chk|popcount[sd]i2|builtin_.*|cpu_model|cpu_indicator_init|cpu_features2)|__(asan|ubsan|sanitizer|msan|tsan|lsan)_.*|__sancov_.*|_GLOBAL_OFFSET_TABLE_)$'

# defs: "symbol layer object" for every global definition in every layer.
while read -r name uses; do
    lib="$build/libgin_$name.a"
    [ -r "$lib" ] || { echo "check_layers: missing $lib"; fail=1; continue; }
    "$NM" -A --defined-only "$lib" 2>/dev/null |
        awk -v l="$name" '$2 ~ /^[TDBRCVWi]$/ { n = split($1, p, ":"); print $3, l, p[n - 1] }'
done <"$layers" | sort -u >"$tmp/defs"

# 1 and 2: every import of every layer.
while read -r name uses; do
    lib="$build/libgin_$name.a"
    [ -r "$lib" ] || continue
    "$NM" -A -u "$lib" 2>/dev/null | awk '{ n = split($1, p, ":"); print $NF, p[n - 1] }' | sort -u |
        awk -v l="$name" -v uses=" $name $uses " -v allow="$core_allow" -v defs="$tmp/defs" '
            BEGIN { while ((getline line < defs) > 0) { split(line, f, " ");
                        if (!(f[1] in where)) where[f[1]] = f[2]; else where[f[1]] = where[f[1]] " " f[2] } }
            {
                sym = $1; obj = $2; sub(/\.o$/, "", obj)
                if (sym in where) {
                    n = split(where[sym], ls, " "); ok = 0
                    for (i = 1; i <= n; i++) if (index(uses, " " ls[i] " ")) ok = 1
                    if (!ok) { printf "layers: src/%s/%s calls %s, defined in %s, which %s may not use\n",
                               l, obj, sym, where[sym], l; bad = 1 }
                } else if (l == "core" && sym !~ allow) {
                    printf "layers: src/core/%s imports %s from the system: the core does no I/O, allocation or curses\n",
                           obj, sym; bad = 1
                }
            }
            END { exit bad }' || fail=1
done <"$layers"

# 3: includes, from the sources.
while read -r name uses; do
    dir="$src/src/$name"
    [ -d "$dir" ] || continue
    for f in "$dir"/*.c "$dir"/*.h; do
        [ -e "$f" ] || continue
        grep -n '^[[:space:]]*#[[:space:]]*include' "$f" | while IFS= read -r line; do
            hdr=$(printf '%s\n' "$line" | sed -n 's/.*#[[:space:]]*include[[:space:]]*["<]\([^">]*\)[">].*/\1/p')
            case /$hdr/ in
            //*/ | */../*)
                echo "layers: ${f#"$src"/} includes \"$hdr\": a path out of a folder (include a header by its name)"
                continue ;;
            esac
            case $line in
            *'<'*)
                case $hdr in
                curses.h | ncurses.h | ncursesw/* | term.h)
                    [ "$name" = ui ] || echo "layers: ${f#"$src"/} includes <$hdr>: only src/ui speaks curses" ;;
                stdio.h | stdlib.h | unistd.h | fcntl.h | time.h | pthread.h | signal.h)
                    [ "$name" = core ] && echo "layers: ${f#"$src"/} includes <$hdr>: the core does no I/O" ;;
                esac
                continue ;;
            esac
            [ -e "$dir/$hdr" ] && continue
            [ -e "$src/include/$hdr" ] && continue
            ok=0
            for u in $uses; do
                [ -e "$src/src/$u/$hdr" ] && ok=1
                [ "$u" = assets ] && [ "$hdr" = gin_assets.h ] && ok=1
            done
            [ $ok = 1 ] && continue
            owner=$(cd "$src/src" && ls -d */"$hdr" 2>/dev/null | head -n 1)
            echo "layers: ${f#"$src"/} includes \"$hdr\"${owner:+ (src/$owner)}, which layer $name may not use"
        done
    done
done <"$layers" >"$tmp/includes"
if [ -s "$tmp/includes" ]; then
    cat "$tmp/includes"
    fail=1
fi

# 4: file circles. Edges "user definer" between objects, across all layers.
while read -r name uses; do
    lib="$build/libgin_$name.a"
    [ -r "$lib" ] || continue
    "$NM" -A -u "$lib" 2>/dev/null | awk -v l="$name" '{ n = split($1, p, ":"); print $NF, l "/" p[n - 1] }'
done <"$layers" | sort -u >"$tmp/uses"
awk '{ print $1, $2 "/" $3 }' "$tmp/defs" | sort -u >"$tmp/defs2"
join "$tmp/uses" "$tmp/defs2" | awk '$2 != $3 { print $2, $3 }' | sed 's/\.c\.o//g; s/\.o//g' | sort -u >"$tmp/edges"
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
    # tsort names each loop's members after an "input contains a loop" line.
    awk '/input contains a loop/ { if (l != "") print "layers: a dependency circle between files: " l; l = ""; next }
         { sub(/^tsort: /, ""); l = l == "" ? $0 : l ", " $0 }
         END { if (l != "") print "layers: a dependency circle between files: " l }' "$tmp/loops"
    fail=1
fi

# 5: the core's writable objects, from the section of each symbol.
if [ -r "$build/libgin_core.a" ]; then
    "$OBJDUMP" -t "$build/libgin_core.a" 2>/dev/null | awk '
        /^In archive/ { next }
        /file format/ { obj = $1; sub(/:$/, "", obj); sub(/\.o$/, "", obj); next }
        NF >= 5 && ($(NF - 2) ~ /^\.(data|bss|tdata|tbss)(\.|$)/ || $(NF - 2) == "*COM*") &&
            $(NF - 2) !~ /^\.data\.rel\.ro/ && $0 ~ / O / && $NF !~ /^(__|\.)/ {
            name = $NF; sub(/\.[0-9]+$/, "", name); sub(/^.*\./, "", name) # a static local: seen.0, f.seen
            printf "layers: src/core/%s has a mutable global %s (in %s): the core keeps no state between calls\n",
                   obj, name, $(NF - 2); bad = 1 }
        END { exit bad }' || fail=1
fi

if [ $fail = 0 ]; then
    echo "layers: $(wc -l <"$layers") layers, $(wc -l <"$tmp/edges") file dependencies, no violations"
fi
exit $fail
