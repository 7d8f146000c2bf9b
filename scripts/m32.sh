#!/bin/sh
# scripts/m32.sh [OUT_DIR]: the rules core and the kept files (src/core,
# src/store) and their cmocka tests built as 32-bit programs (gcc -m32,
# i386: long is 32 bits there) with the project's warnings as errors, and
# the tests run. Proof that the kept files are 32-bit clean: a count or a
# total kept in a `long` would wrap there (the statistics' points reach
# 10^15). The portable meld kernels are the ones built (the SIMD ones are
# x86-64's).
#
# Needs gcc-multilib and cmocka for i386 (Debian multiarch:
# dpkg --add-architecture i386; libcmocka-dev:i386). As root, installs them
# when missing; otherwise names them and fails. Built without CMake on
# purpose: the table's ncursesw is not needed for the core and the store.
set -eu
out=${1:-build-m32}
src=$(cd "$(dirname "$0")/.." && pwd)
pc=/usr/lib/i386-linux-gnu/pkgconfig

have() {
    printf 'int main(void) { return 0; }\n' | gcc -m32 -x c - -o /dev/null 2>/dev/null &&
        PKG_CONFIG_LIBDIR=$pc pkg-config --exists cmocka 2>/dev/null
}
if ! have; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "m32: installing gcc-multilib and libcmocka-dev:i386"
        export DEBIAN_FRONTEND=noninteractive
        dpkg --add-architecture i386
        # A list that fails to download (a mirror caught mid-sync: seen in
        # CI) is retried, and then left, as the packages are most likely in
        # the lists that came; a failed install is said as such, not as the
        # compiler's missing headers.
        apt-get -o Acquire::Retries=3 update ||
            echo "m32: apt-get update failed; installing from the package lists there are"
        apt-get install -y gcc-multilib libcmocka-dev:i386 </dev/null || {
            echo "m32: apt-get could not install gcc-multilib and libcmocka-dev:i386" >&2
            exit 1
        }
    else
        echo "m32: needs gcc-multilib and libcmocka-dev:i386; as root:" >&2
        echo "  dpkg --add-architecture i386 && apt-get update && apt-get install gcc-multilib libcmocka-dev:i386" >&2
        exit 1
    fi
fi

# A kernel without 32-bit support (no IA32 emulation) cannot run them:
# then they run under qemu-i386 (Debian's qemu-user), installed as root.
mkdir -p "$out"
printf '#include <stdio.h>\nint main(void){printf("%%zu", sizeof(long) * 8);return 0;}\n' |
    gcc -m32 -x c - -o "$out/bits"
run=
if ! "$out/bits" >/dev/null 2>&1; then
    if ! command -v qemu-i386 >/dev/null 2>&1; then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "m32: this kernel runs no i386 programs; installing qemu-user to run them"
            DEBIAN_FRONTEND=noninteractive apt-get install -y qemu-user </dev/null >/dev/null
        else
            echo "m32: this kernel runs no i386 programs and qemu-i386 is missing; as root:" >&2
            echo "  apt-get install qemu-user" >&2
            exit 1
        fi
    fi
    run=qemu-i386
    echo "m32: this kernel runs no i386 programs; the tests run under $(qemu-i386 --version | head -n 1)"
fi

# The project's warnings (CMakeLists.txt, gin_warnings), as errors.
cflags="-m32 -std=c11 -O2 -g -D_POSIX_C_SOURCE=200809L -D_FILE_OFFSET_BITS=64 -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes
 -Wstrict-prototypes -Wformat=2 -Wcast-qual -Wundef -Wvla -Werror"
inc="-I$src/include -I$src/src/core -I$src/src/store -I$src/tests"
cmocka_cflags=$(PKG_CONFIG_LIBDIR=$pc pkg-config --cflags cmocka)
cmocka_libs=$(PKG_CONFIG_LIBDIR=$pc pkg-config --libs cmocka)
mkdir -p "$out/obj"
rm -f "$out"/obj/*.o

# shellcheck disable=SC2086 # flags are words
for f in "$src"/src/core/*.c "$src"/src/store/*.c "$src"/tests/support/support.c; do
    gcc $cflags $inc $cmocka_cflags -c "$f" -o "$out/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
done
ar rcs "$out/libgin32.a" "$out"/obj/*.o

# Each test as its own program, run from the output directory.
status=0 n=0
for t in "$src"/tests/core/test_*.c "$src"/tests/store/test_*.c; do
    name=$(basename "$t" .c)
    # shellcheck disable=SC2086
    gcc $cflags $inc $cmocka_cflags -DGIN_SOURCE_DIR="\"$src\"" -DGIN_BINARY="\"$src/build/gin\"" \
        "$t" "$out/libgin32.a" $cmocka_libs -lm -o "$out/$name"
    n=$((n + 1))
    if (cd "$out" && $run "./$name" >"$name.log" 2>&1); then
        echo "m32: $name passed"
    else
        echo "m32: $name FAILED (its output in $out/$name.log):"
        tail -20 "$out/$name.log"
        status=1
    fi
done
# ELF class, byte 4 of the file: 01 for 32-bit programs.
[ "$(od -An -t x1 -j 4 -N 1 "$out/test_stats" | tr -d ' ')" = 01 ] || { echo "m32: the tests are not 32-bit programs" >&2; exit 1; }
echo "m32: $n test programs of the core and the store, built as i386 (long is $($run "$out/bits") bits)"
exit $status
