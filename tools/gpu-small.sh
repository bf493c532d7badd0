#!/usr/bin/env bash
# Runs on a GPU node: the small-problem picture in one job. The GEMM,
# reduction and thread-safety tests on the GPU backend, the offload
# runtime's fixed costs (bench_launch), then bench_gpu's rows at the small
# sizes (GEMM n = 256 to 2048 against cuBLAS, under each team tile choice,
# reductions of 2^16 and 2^20 elements), with many repetitions so that the
# medians hold still.
#     bash tools/gpu-small.sh BUILDDIR [VARIANT_PARENT]
# Copy .gpu-rt and BUILDDIR to the node with the checkout (and
# VARIANT_PARENT: every variant library made by tools/gpu-variant-libs.sh is
# timed the same way). The log goes to $OUT/small.log (OUT: the folder
# results are written to, default /tmp/gpu-small).
set -u
builddir=$1 parent=${2:-}
out=${OUT:-/tmp/gpu-small}
mkdir -p "$out"
exec > >(tee "$out/small.log") 2>&1
# shellcheck disable=SC1091
source .gpu-rt/env.sh
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
# the kernels a small call takes, checked first on the GPU backend
# shellcheck disable=SC1091
source "$(dirname "$0")/gpu-tests.sh"
gpu_tests "$builddir" "$out" 300 test_sgemm test_dgemm test_sreduce test_dreduce test_threads
libs=("")
if [ -n "$parent" ]; then
    for v in "$parent"/*/; do [ -f "$v/libompwg.so.0" ] && libs+=("${v%/}"); done
fi
for lib in "${libs[@]}"; do
    echo "=== library: ${lib:-$builddir} ${lib:+($(cat "$lib/flags"))}"
    export LD_LIBRARY_PATH=${lib:+$lib:}${LD_LIBRARY_PATH:-}
    timeout 60 "$builddir/bench/bench_launch"
    timeout 60 "$builddir/tests/test_gpu_kernels" | tail -1
    # the tiled GEMM's team tiles: the default choice, then each forced
    for tile in auto large small; do
        echo "--- OMPWG_GPU_GEMM_TILE=$tile"
        for n in 256 512 1024 2048; do
            OMPWG_GPU_GEMM_TILE=$tile timeout 60 "$builddir/bench/bench_gpu" --only gemm \
                --size "$n" --reps 100 | grep -E '^(sgemm|dgemm)' | grep -v /sg
        done
    done
    for n in 65536 1048576; do
        timeout 60 "$builddir/bench/bench_gpu" --only reduce --size "$n" --reps 300 |
            grep -E '^(ssum|sdot|dsum|ddot)'
    done
    export LD_LIBRARY_PATH=${LD_LIBRARY_PATH#"$lib:"}
done
