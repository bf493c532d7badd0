#!/bin/sh
# libompwg_blas defines every name the reference BLAS and its CBLAS define
# (Debian's libblas.so.3, netlib 3.11), so that a program linked with -lblas
# links and runs with it instead.
#   exports.sh LIBOMPWG_BLAS REFERENCE_LIBBLAS
set -u
shim=$1
reference=$2
. "$(dirname "$0")/../../tests/tap.sh"

defined() { nm -D --defined-only "$1" | awk '{ print $NF }' | sed 's/@.*//' | sort -u; }
defined "$reference" >"$work/reference"
defined "$shim" >"$work/shim"
missing=$(comm -23 "$work/reference" "$work/shim")
total=$(wc -l <"$work/reference")
ok "$([ -s "$work/reference" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
    "libompwg_blas defines all $total names of $reference"
[ -n "$missing" ] && diag "missing:" "$missing"

finish
