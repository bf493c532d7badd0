#!/bin/sh
# libompwg_lapack defines every name the reference LAPACK defines (Debian's
# liblapack.so.3, LAPACK 3.11), but for lsame_, xerbla_ and xerbla_array_,
# which libompwg_blas, its dependency, defines; and no other name.
#   exports.sh LIBOMPWG_LAPACK LIBOMPWG_BLAS REFERENCE_LIBLAPACK
set -u
lapack=$1
blas=$2
reference=$3
. "$(dirname "$0")/../../tests/tap.sh"

defined() { nm -D --defined-only "$1" | awk '{ print $NF }' | sed 's/@.*//' | sort -u; }
defined "$reference" >"$work/reference"
defined "$lapack" >"$work/lapack"
defined "$blas" >"$work/blas"
sort -u "$work/lapack" "$work/blas" >"$work/both"
missing=$(comm -23 "$work/reference" "$work/both")
total=$(wc -l <"$work/reference")
ok "$([ -s "$work/reference" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
    "libompwg_lapack and libompwg_blas define all $total names of $reference"
[ -n "$missing" ] && diag "missing:" "$missing"
extra=$(comm -13 "$work/reference" "$work/lapack")
ok "$([ -z "$extra" ] && echo 0 || echo 1)" \
    "libompwg_lapack defines no other name ($(wc -l <"$work/lapack") names)"
[ -n "$extra" ] && diag "not in the reference:" "$extra"
finish
