#!/usr/bin/env bash
# Every public name greps to its definition. Each function the public
# headers declare (OMPWG_API in include/ompwg*.h: ompwg.h, ompwg_blas.h,
# ompwg_mpi.h, ...) and each routine the drop-in BLAS defines by hand (OWN
# in tools/gen-blas-forward.py; the forwarders it writes at build time have
# their names spelled in tools/blas-prototypes.txt) must be defined under
# its literal name in a .c file of src, core, blas, mpi or lapack (their
# tests/ left out): a line that starts at column 0 and names it, then its
# body, not a declaration ending in ';'. A name pasted together (prec.h's
# TN) does not count: the *_tmpl.c files spell each precision's public
# names in a table of one-line functions under #if.
#
#     tools/check-names.sh [SOURCE_ROOT]
#
# TAP: a line a name, with the file and line of its definition; exits 1
# when a name has none (meson's test 'public-names').
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"

headers=(include/ompwg*.h)
dirs=()
for d in src core blas mpi lapack; do
    [ -d "$d" ] && dirs+=("$d")
done

# The names: the identifier before the first '(' of each OMPWG_API line
# (every prototype in the headers starts on such a line), and OWN's keys
# as the generator has them.
names=$(
    {
        grep -h '^OMPWG_API' "${headers[@]}" | grep '(' |
            sed -E 's/^([^(]*[^A-Za-z0-9_(])?([A-Za-z_][A-Za-z0-9_]*) *\(.*/\2/'
        python3 -B -c 'import importlib.util as u, sys
spec = u.spec_from_file_location("gen", sys.argv[1])
gen = u.module_from_spec(spec)
spec.loader.exec_module(gen)
print("\n".join(gen.OWN))' tools/gen-blas-forward.py
        [ -f tools/gen-lapack-forward.py ] && python3 -B -c 'import importlib.util as u, sys
spec = u.spec_from_file_location("gen", sys.argv[1])
gen = u.module_from_spec(spec)
spec.loader.exec_module(gen)
print("\n".join(gen.OWN))' tools/gen-lapack-forward.py
    } | sort -u
)
if [ "$(printf '%s\n' "$names" | grep -c .)" -lt 100 ]; then
    echo "Bail out! fewer than 100 public names read from ${headers[*]}: the pattern is stale"
    exit 1
fi

# The definitions: a line at column 0 (not a preprocessor line, a comment,
# a typedef, static or extern) naming a function, whose parameter list is
# followed by '{' before any ';'. Printed as NAME FILE:LINE.
defs=$(
    find "${dirs[@]}" -name '*.c' -type f -not -path '*/tests/*' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { pending = "" }
    pending != "" {
        text = text " " $0
        if (text ~ /\{/) { print pending, at; pending = "" }
        else if (text ~ /;/) pending = ""
        next
    }
    /^[A-Za-z_]/ && !/^(typedef|static|extern)[ \t]/ && /[A-Za-z0-9_] *\(/ {
        line = $0
        sub(/\(.*/, "", line)
        if (match(line, /[A-Za-z_][A-Za-z0-9_]* *$/)) {
            name = substr(line, RSTART, RLENGTH)
            sub(/ +$/, "", name)
            at = FILENAME ":" FNR
            text = $0
            if (text ~ /\{/) print name, at
            else if (text !~ /;/) pending = name
        }
    }'
)

n=0
missing=0
echo "1..$(printf '%s\n' "$names" | grep -c .)"
for name in $names; do
    n=$((n + 1))
    # a here-string, not a pipe: awk stops at the first match, and a writer
    # into a pipe it left would die of SIGPIPE (pipefail)
    where=$(awk -v n="$name" '$1 == n { print $2; exit }' <<<"$defs")
    if [ -n "$where" ]; then
        echo "ok $n - $name ($where)"
    else
        echo "not ok $n - $name: no definition under this name in ${dirs[*]}"
        missing=$((missing + 1))
    fi
done
if [ "$missing" -gt 0 ]; then
    echo "# $missing public names have no definition under their own name (pasted with TN?)"
    exit 1
fi
