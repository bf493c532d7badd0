#!/bin/sh
# libompwg_blas defines every name the reference BLAS and its CBLAS define
# (Debian's libblas.so.3, netlib 3.11), so that a program linked with -lblas
# links and runs with it instead; and the generated forwarders are those
# tools/gen-blas-forward.py writes from its list today.
#   exports.sh LIBOMPWG_BLAS REFERENCE_LIBBLAS SOURCE_ROOT
set -u
shim=$1
reference=$2
root=$3
. "$(dirname "$0")/../../tests/tap.sh"

defined() { nm -D --defined-only "$1" | awk '{ print $NF }' | sed 's/@.*//' | sort -u; }
defined "$reference" >"$work/reference"
defined "$shim" >"$work/shim"
missing=$(comm -23 "$work/reference" "$work/shim")
total=$(wc -l <"$work/reference")
ok "$([ -s "$work/reference" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
    "libompwg_blas defines all $total names of $reference"
[ -n "$missing" ] && diag "missing:" "$missing"

if command -v python3 >/dev/null 2>&1; then
    out=$(python3 "$root/tools/gen-blas-forward.py" --check 2>&1)
    ok $? "blas/forward/ is what tools/gen-blas-forward.py writes from its list"
    [ -n "$out" ] && diag "$out"
else
    echo "ok $((count + 1)) - # SKIP no python3 to run tools/gen-blas-forward.py --check"
    count=$((count + 1))
fi
finish
