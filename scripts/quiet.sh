#!/bin/sh
# The Makefile's steps, each said in a line: `make play` shows what is
# happening (installing, configuring, building, opening) and little else.
# Usage: scripts/quiet.sh WHAT COMMAND [ARG...]
# Runs COMMAND with its output kept in a log and prints "gin: WHAT", with
# the build's percentage on a terminal, then "done" and the seconds taken.
# Any line of the output that is not the build's routine chatter (compiler
# warnings and errors, a failed configure) is shown as it comes. On failure
# the log is kept and named. V=1 in the environment (make V=1) runs the
# command as it is, printing the command and all of its output.
set -u
what=${1:?usage: quiet.sh WHAT COMMAND [ARG...]}
shift
if [ "${V:-0}" = 1 ]; then
    echo "$*"
    exec "$@"
fi
log=$(mktemp "${TMPDIR:-/tmp}/gin-make.XXXXXX") || exit 2
start=$(date +%s)
tty=0
[ -t 1 ] && tty=1
printf 'gin: %s' "$what"
[ $tty = 1 ] || echo
{
    "$@" 2>&1
    printf '\nquiet.sh-status %s\n' $? # on a line of its own, whatever came last
} | {
    status=1
    while IFS= read -r line; do
        printf '%s\n' "$line" >>"$log"
        case $line in
        "quiet.sh-status "*) status=${line#quiet.sh-status } ;;
        "") ;;
        "["*"%]"*)
            # "[ 45%] Building C object ...": the percentage, on a terminal
            [ $tty = 1 ] && printf '\rgin: %s [%s]' "$what" "$(printf '%s' "$line" | sed 's/^\[ *\([0-9]*%\)\].*/\1/')" ;;
        *"make["*"]: "*"ing directory"* | "-- "* | "Scanning dependencies"* | "Consolidate compiler"* | \
            "Built target"* | "Install the project"*) ;;
        *)
            [ $tty = 1 ] && printf '\r\033[K'
            printf '%s\n' "$line"
            [ $tty = 1 ] && printf 'gin: %s' "$what" ;;
        esac
    done
    exit "$status"
}
status=$?
[ $tty = 1 ] && printf '\r\033[K'
if [ "$status" -ne 0 ]; then
    echo "gin: $what failed (exit status $status); the whole output is in $log (make V=1 shows it as it comes)"
    exit "$status"
fi
printf 'gin: %s: done (%s s)\n' "$what" "$(($(date +%s) - start))"
rm -f "$log"
exit 0
