#!/bin/sh
# Make sure the tools and libraries gin builds with are installed (Debian).
# Usage: scripts/deps.sh [clang] [lint] [deb] [autopkgtest]
# Checks cheaply (command -v, pkg-config --exists) so a ready machine never
# calls apt. As root, installs what is missing with apt-get; otherwise names
# the packages and the command to run, and fails.
set -u

missing=""
need() { # PACKAGE: add it to the list once
    case " $missing " in *" $1 "*) ;; *) missing="$missing $1" ;; esac
}

command -v cmake >/dev/null 2>&1 || need cmake
command -v ctest >/dev/null 2>&1 || need cmake
command -v gcc >/dev/null 2>&1 || need gcc
command -v make >/dev/null 2>&1 || need make
command -v tmux >/dev/null 2>&1 || need tmux
if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists ncursesw || need libncurses-dev
    pkg-config --exists cmocka || need libcmocka-dev
else
    need pkg-config
    need libncurses-dev
    need libcmocka-dev
fi
for extra in "$@"; do
    case $extra in
    clang) command -v clang >/dev/null 2>&1 || need clang ;;
    lint)
        command -v clang-tidy >/dev/null 2>&1 || need clang-tidy
        command -v cppcheck >/dev/null 2>&1 || need cppcheck
        command -v clang-format >/dev/null 2>&1 || need clang-format ;;
    deb)
        command -v dpkg-buildpackage >/dev/null 2>&1 || need dpkg-dev
        command -v dh >/dev/null 2>&1 || need debhelper
        command -v lintian >/dev/null 2>&1 || need lintian
        command -v tmux >/dev/null 2>&1 || need tmux ;;
    autopkgtest) command -v autopkgtest >/dev/null 2>&1 || need autopkgtest ;;
    *) echo "deps.sh: unknown extra '$extra'" >&2; exit 2 ;;
    esac
done
# The C library headers come with gcc on most systems, but not always.
if command -v gcc >/dev/null 2>&1 &&
    ! printf '#include <stdio.h>\n' | gcc -E -x c - >/dev/null 2>&1; then
    need libc6-dev
fi

[ -z "$missing" ] && exit 0
missing=${missing# }

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "gin: installing missing packages: $missing"
    export DEBIAN_FRONTEND=noninteractive
    # apt-get's output goes to a log (V=1: to the terminal), shown if it fails.
    if [ "${V:-0}" = 1 ]; then log=/dev/stdout; else log=$(mktemp "${TMPDIR:-/tmp}/gin-apt.XXXXXX") || exit 1; fi
    # A list that fails to download (a mirror caught mid-sync) is retried,
    # and then left: the packages are most likely in the lists that came.
    # shellcheck disable=SC2086 # one word per package
    if { apt-get -o Acquire::Retries=3 update || true; apt-get install -y $missing </dev/null; } >>"$log" 2>&1; then
        [ "$log" = /dev/stdout ] || rm -f "$log"
        echo "gin: installed $missing"
        exit 0
    fi
    if [ "$log" = /dev/stdout ]; then
        echo "gin: apt-get could not install: $missing" >&2
    else
        tail -n 20 "$log" >&2
        echo "gin: apt-get could not install: $missing (its whole output: $log)" >&2
    fi
    exit 1
fi

cat >&2 <<EOF
gin: these packages are needed to build and test, and are missing:
    $missing
Install them (Debian or Ubuntu) with:
    sudo apt-get update && sudo apt-get install -y $missing
then run make again.
EOF
exit 1
