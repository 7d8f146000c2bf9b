#!/bin/sh
# The layer check must fail on each kind of fault it exists for: a call up
# into a layer not named, a core that does I/O or allocates, a wrong-way
# include (by name, or by a path climbing out of the folder), a curses
# include outside src/ui, a circle between files, a mutable global in the
# core (a global, initialised or not, or a static local). Builds
# a tiny fake tree of libraries with the C compiler and runs
# scripts/check_layers.sh on it. usage: catches.sh SOURCE_DIR [CC]
set -u
src=${1:?usage: catches.sh SOURCE_DIR [CC]}
cc=${2:-cc}
check="$src/scripts/check_layers.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

# A tree: core, ui (uses core), and a clean baseline that must pass.
mk() { # LAYER FILE SOURCE
    mkdir -p "$tmp/src/src/$1" "$tmp/build/obj/$1"
    printf '%s\n' "$3" >"$tmp/src/src/$1/$2"
}
build() {
    for d in "$tmp"/src/src/*/; do
        l=$(basename "$d")
        rm -f "$tmp/build/libgin_$l.a"
        for f in "$d"*.c; do
            [ -e "$f" ] || continue
            "$cc" -c -I"$tmp/src/include" -I"$d" -I"$tmp/src/src/ui" -o "$tmp/build/obj/$l/$(basename "$f").o" "$f" || exit 2
        done
        ar rcs "$tmp/build/libgin_$l.a" "$tmp"/build/obj/"$l"/*.o
    done
}
expect() { # WHAT PATTERN
    if sh "$check" "$tmp/build" "$tmp/src" >"$tmp/out" 2>&1; then
        echo "catches: the check passed a tree with $1"
        fail=1
    elif ! grep -q "$2" "$tmp/out"; then
        echo "catches: the check failed on $1 without saying '$2':"
        cat "$tmp/out"
        fail=1
    fi
}
mkdir -p "$tmp/src/include/gin" "$tmp/build"
printf 'int gin_core_f(int);\n' >"$tmp/src/include/gin/core.h"
printf 'core\nui core\n' >"$tmp/build/layers.txt"
mk core a.c '#include "gin/core.h"
static const char *const names[] = {"low", "high"}; /* constant: fine */
const char *gin_core_name(int i);
const char *gin_core_name(int i) { return names[i & 1]; }
int gin_core_f(int x) { return x + 1; }'
mk ui draw.c '#include "gin/core.h"
int gin_ui_g(int x) { return gin_core_f(x); }'
mk ui draw.h 'int gin_ui_g(int);'
build
if ! sh "$check" "$tmp/build" "$tmp/src" >"$tmp/out" 2>&1; then
    echo "catches: the clean fake tree failed:"; cat "$tmp/out"; fail=1
fi

# 1. The core calls up into ui.
mk core up.c 'int gin_ui_g(int); int gin_core_up(int x) { return gin_ui_g(x); }'
build; expect "a call from core up into ui" "calls gin_ui_g, defined in ui, which core may not use"
rm "$tmp/src/src/core/up.c" "$tmp/build/obj/core/up.c.o"

# 2. The core does I/O, and allocates.
mk core io.c '#include <stdio.h>
#include <stdlib.h>
void gin_core_io(void) { void *p = malloc(4); fputs("x", stderr); free(p); }'
build; expect "stdio in the core" "imports stderr from the system"
expect "allocation in the core" "imports malloc from the system"
expect "a stdio include in the core" "includes <stdio.h>: the core does no I/O"
rm "$tmp/src/src/core/io.c" "$tmp/build/obj/core/io.c.o"

# 3. A wrong-way include, and curses outside ui.
mk core inc.c '#include "draw.h"
int gin_core_inc(void) { return 0; }'
build; expect "a core file including a ui header" 'includes "draw.h" (src/ui/draw.h), which layer core may not use'
rm "$tmp/src/src/core/inc.c" "$tmp/build/obj/core/inc.c.o"
mk core climb.c '#include "../ui/draw.h"
int gin_core_climb(void) { return 0; }'
build; expect "a core file including ../ui/draw.h" 'includes "../ui/draw.h": a path out of a folder'
rm "$tmp/src/src/core/climb.c" "$tmp/build/obj/core/climb.c.o"
mk core root.c "#include \"$tmp/src/src/ui/draw.h\"
int gin_core_root(void) { return 0; }"
build; expect "a core file including ui by its full path" "includes \"$tmp/src/src/ui/draw.h\": a path out of a folder"
rm "$tmp/src/src/core/root.c" "$tmp/build/obj/core/root.c.o"
mk core curses.c '#include <curses.h>
int gin_core_c(void) { return 0; }'
build
expect "curses in the core" "only src/ui speaks curses"
rm -f "$tmp/src/src/core/curses.c" "$tmp/build/obj/core/curses.c.o"

# 4. A circle between two files of one layer.
mk ui b.c 'int gin_ui_h(int); int gin_ui_i(int x) { return x ? gin_ui_h(x - 1) : 0; }'
mk ui c.c 'int gin_ui_i(int); int gin_ui_h(int x) { return x ? gin_ui_i(x - 1) : 1; }'
build; expect "a circle between two files" "a dependency circle between files"

rm "$tmp"/src/src/ui/b.c "$tmp"/src/src/ui/c.c "$tmp"/build/obj/ui/b.c.o "$tmp"/build/obj/ui/c.c.o

# 5. State in the core: a global, an initialised one, a static local.
mk core state.c 'int gin_core_calls;
int gin_core_start = 5;
int gin_core_count(void);
int gin_core_count(void) { static int seen; return ++seen + gin_core_calls + gin_core_start; }'
build; expect "a global in the core" "src/core/state.c has a mutable global gin_core_calls (in .bss)"
expect "an initialised global in the core" "has a mutable global gin_core_start (in .data)"
expect "a static local in the core" "has a mutable global seen (in .bss)"
rm "$tmp/src/src/core/state.c" "$tmp/build/obj/core/state.c.o"
build
if ! sh "$check" "$tmp/build" "$tmp/src" >"$tmp/out" 2>&1; then
    echo "catches: the fake tree without its faults failed:"; cat "$tmp/out"; fail=1
fi

[ $fail = 0 ] && echo "catches: the layer check caught every fault"
exit $fail
