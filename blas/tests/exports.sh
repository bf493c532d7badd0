#!/bin/sh
# libompwg_blas defines every name the reference BLAS and its CBLAS define
# (Debian's libblas.so.3, netlib 3.11), so that a program linked with -lblas
# links and runs with it instead.
#   exports.sh LIBOMPWG_BLAS REFERENCE_LIBBLAS
set -u
shim=$1
reference=$2
. "$(dirname "$0")/../../tests/dropin.sh"

defines_all "libompwg_blas defines" "$reference" "$shim"
finish
