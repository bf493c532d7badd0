#!/usr/bin/env bash
# Runs on the GPU machine: bench_gpu's reductions (or GEMMs) once per variant
# library, all in one run so that the figures compare.
#     bash tools/gpu-variants.sh BUILDDIR reduce|gemm [VARIANT_DIR...]
# Each VARIANT_DIR holds a libompwg.so.0 built with other kernel parameters
# (e.g. -DRED_SUM_U=16, see backends/gpu/reduce.c); LD_LIBRARY_PATH puts it
# before the build directory's own. Without VARIANT_DIRs the build's library
# runs alone.
set -u
builddir=$1 what=$2
shift 2
# shellcheck disable=SC1091
source .gpu-rt/env.sh
base_path=$LD_LIBRARY_PATH
for v in "${@:-}"; do
    echo "=== variant ${v:-$builddir}"
    LD_LIBRARY_PATH=${v:+$v:}$base_path timeout 120 "$builddir/bench/bench_gpu" --only "$what" \
        --reps 20 | grep -E '^(ssum|sdot|dsum|ddot|sgemm|dgemm|dgemm-fma) '
done
