#!/bin/sh
# The tree as a Meson subproject of a small parent project: by default only
# the libraries are built (no tests, benches, programs or MPI library);
# -Dompwg:tests=true brings the tests back.
# Usage: subproject.sh SOURCE_DIR CC MESON
set -eu
src=$1 cc=$2 meson=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
parent=$tmp/parent
mkdir -p "$parent/subprojects"
ln -s "$src" "$parent/subprojects/ompwg"
cat >"$parent/meson.build" <<'MESON'
project('parent', 'c')
subproject('ompwg')
executable('parent', 'parent.c', dependencies: [dependency('ompwg'), dependency('ompwg-blas')])
MESON
cat >"$parent/parent.c" <<'PROG'
#include "ompwg.h"
int main(void) { return ompwg_version() == OMPWG_VERSION_NUMBER ? 0 : 1; }
PROG

# Prints the number of targets, then one line per folder of the subproject
# with targets in it (the folder, then its count).
folders() {
    "$meson" introspect --targets "$1" | python3 -c '
import collections, json, sys
targets = json.load(sys.stdin)
count = collections.Counter()
for t in targets:
    d = t["defined_in"].split("/subprojects/ompwg/", 1)
    if len(d) == 2:
        count[d[1].rsplit("/", 1)[0] if "/" in d[1] else "."] += 1
print(len(targets))
for f, n in sorted(count.items()):
    print(f, n)
'
}

echo "1..3"
if ! CC=$cc "$meson" setup "$tmp/default" "$parent" >"$tmp/default.log" 2>&1; then
    sed 's/^/# /' "$tmp/default.log"
    echo "Bail out! the parent project does not configure"
    exit 1
fi
folders "$tmp/default" >"$tmp/default.txt"
sed 's/^/# default: /' "$tmp/default.txt"
if grep -Eq '^(tests|blas/tests|mpi|mpi/tests|bench|cli|tests/fuzz)[ /]' "$tmp/default.txt"; then
    echo "not ok 1 - as a subproject, no tests, benches, programs or MPI library are defined"
else
    echo "ok 1 - as a subproject, no tests, benches, programs or MPI library are defined"
fi
if grep -q '^\. ' "$tmp/default.txt" && grep -q '^blas ' "$tmp/default.txt"; then
    echo "ok 2 - as a subproject, libompwg and libompwg_blas are built"
else
    echo "not ok 2 - as a subproject, libompwg and libompwg_blas are built"
fi

if CC=$cc "$meson" setup "$tmp/tests" "$parent" -Dompwg:tests=true >"$tmp/tests.log" 2>&1; then
    folders "$tmp/tests" >"$tmp/tests.txt"
    if grep -q '^tests ' "$tmp/tests.txt" && grep -q '^cli ' "$tmp/tests.txt" &&
       [ "$(head -n 1 "$tmp/tests.txt")" -gt "$(head -n 1 "$tmp/default.txt")" ]; then
        echo "ok 3 - -Dompwg:tests=true: $(head -n 1 "$tmp/tests.txt") targets against $(head -n 1 "$tmp/default.txt")"
    else
        sed 's/^/# tests=true: /' "$tmp/tests.txt"
        echo "not ok 3 - -Dompwg:tests=true defines the tests and the programs they run"
    fi
else
    sed 's/^/# /' "$tmp/tests.log"
    echo "not ok 3 - -Dompwg:tests=true configures"
fi
