#!/bin/sh
# valgrind memcheck over the CPU path, in TAP: valgrind_calls runs ROUNDS
# and then twice as many rounds of calls; each run must finish with every
# call right and no memory error (invalid read or write, use of
# uninitialised values, bad free), and the bytes definitely and indirectly
# lost must be the same after both: what leaks, if anything (the offload
# runtime's registration, here), does not grow with the calls.
#   valgrind.sh VALGRIND_CALLS [ROUNDS]
set -u
prog=$1
rounds=${2:-2}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "1..0 # SKIP valgrind is not installed"
    exit 0
fi
. "$(dirname "$0")/tap.sh"

# KMP_BLOCKTIME=0: under valgrind one thread runs at a time, and OpenMP
# workers spinning at a barrier would only use up the time slices.
memcheck() {
    KMP_BLOCKTIME=0 OMPWG_BACKEND=cpu valgrind --tool=memcheck --leak-check=full \
        --errors-for-leak-kinds=none --error-exitcode=99 --num-callers=30 \
        --log-file="$work/memcheck-$1.log" "$prog" "$1" >"$work/out-$1" 2>&1
}

# bytes definitely + indirectly lost, from a memcheck log
lost() {
    sed -n -e 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' \
        -e 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$1" | tr -d , |
        awk '{ s += $1 } END { print s + 0 }'
}

for n in "$rounds" $((2 * rounds)); do
    memcheck "$n"
    rc=$?
    ok "$rc" "$n rounds of calls under memcheck: every call right, no memory error (exit $rc)"
    if [ "$rc" -ne 0 ]; then
        sed 's/^/# /' "$work/out-$n"
        grep -A12 -E '^==[0-9]+== (Invalid|Conditional|Use of|Syscall|Mismatched|Source and)' \
            "$work/memcheck-$n.log" | head -60 | sed 's/^/# /'
    fi
done
small=$(lost "$work/memcheck-$rounds.log")
large=$(lost "$work/memcheck-$((2 * rounds)).log")
[ "$small" = "$large" ]
ok $? "definitely + indirectly lost: $small bytes after $rounds rounds, $large after $((2 * rounds)): no growth"
if [ "$small" != "$large" ]; then
    grep -B2 -A20 'definitely lost in' "$work/memcheck-$((2 * rounds)).log" | head -80 | sed 's/^/# /'
fi
finish
