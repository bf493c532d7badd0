#!/bin/sh
# libompwg_lapack defines every name the reference LAPACK defines (Debian's
# liblapack.so.3, LAPACK 3.11), but for lsame_, xerbla_ and xerbla_array_,
# which libompwg_blas, its dependency, defines; and no other name.
#   exports.sh LIBOMPWG_LAPACK LIBOMPWG_BLAS REFERENCE_LIBLAPACK
set -u
lapack=$1
blas=$2
reference=$3
. "$(dirname "$0")/../../tests/dropin.sh"

defines_all "libompwg_lapack and libompwg_blas define" "$reference" "$lapack" "$blas"
defined "$lapack" >"$work/lapack"
# names the toolchain adds under a sanitizer (__start_asan_globals, ...)
# begin with two underscores, as no LAPACK name does
extra=$(comm -13 "$work/reference" "$work/lapack" | grep -v '^__')
ok "$([ -z "$extra" ] && echo 0 || echo 1)" \
    "libompwg_lapack defines no other name ($(wc -l <"$work/lapack") names)"
[ -n "$extra" ] && diag "not in the reference:" "$extra"
finish
