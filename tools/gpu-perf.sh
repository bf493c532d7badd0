#!/usr/bin/env bash
# Runs on a GPU node: a kernel-tuning round in one job. The build's
# own GEMM and reduction tests and tests/test_gpu_kernels first (a variant is
# only worth timing if the code it comes from is right), then bench_gpu once
# per variant library made by tools/gpu-variant-libs.sh, all in one run so
# that the figures compare.
#     bash tools/gpu-perf.sh BUILDDIR VARIANT_PARENT [gemm|reduce|all]
# Copy .gpu-rt, BUILDDIR and VARIANT_PARENT to the node with the checkout.
# The log goes to $OUT/perf.log (OUT: the folder results are written to,
# default /tmp/gpu-perf).
# PERF_ARGS adds bench_gpu options to the timings (e.g. "--prec d").
# PERF_ENV="VAR=value ..." times each variant once more with those variables
# set (e.g. OMPWG_GPU_DGEMM=fma); PERF_NCU="KERNEL
# ARGS[; KERNEL ARGS...]" profiles the first launch of kernels matching
# KERNEL in a run of `bench_gpu ARGS` with Nsight Compute, where ncu is
# installed (e.g. PERF_NCU="sgemm_tiled_large --only gemm --size 4096 --prec s").
set -u
builddir=$1 parent=$2 what=${3:-all}
out=${OUT:-/tmp/gpu-perf}
mkdir -p "$out"
exec > >(tee "$out/perf.log") 2>&1
# shellcheck disable=SC1091
source .gpu-rt/env.sh
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,power.limit --format=csv,noheader
echo "CUDA tools: $(ls /usr/local/cuda/bin 2>/dev/null | tr "\n" " ")"
# shellcheck disable=SC1091
source "$(dirname "$0")/gpu-tests.sh"
gpu_tests "$builddir" "$out" 120 test_sgemm test_dgemm test_sreduce test_dreduce
timeout 120 "$builddir/tests/test_gpu_kernels" | tail -1
kinds=()
case "$what" in all) kinds=(gemm reduce) ;; *) kinds=("$what") ;; esac
variants=()
for v in "$parent"/*/; do [ -f "$v/libompwg.so.0" ] && variants+=("${v%/}"); done
for v in "${variants[@]}"; do
    echo "=== $(basename "$v") ($(cat "$v/flags")): $(LD_LIBRARY_PATH=$v:$LD_LIBRARY_PATH \
        timeout 120 "$builddir/tests/test_gpu_kernels" | tail -1)"
done
for k in "${kinds[@]}"; do
    for v in "${variants[@]}"; do
        for e in "" ${PERF_ENV:+"$PERF_ENV"}; do
            echo "=== $k: $(basename "$v") ($(cat "$v/flags"))${e:+ with $e}"
            # shellcheck disable=SC2086
            env $e LD_LIBRARY_PATH=$v:$LD_LIBRARY_PATH timeout 150 "$builddir/bench/bench_gpu" \
                --only "$k" --reps 10 ${PERF_ARGS:-} | grep -E '^(ssum|sdot|dsum|ddot|sgemm|dgemm)(/cub|/fma|/tf32x3)? '
        done
    done
done
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || true)
if [ -n "${PERF_NCU:-}" ] && [ -n "$ncu" ]; then
    IFS=';' read -ra profiles <<< "$PERF_NCU"
    for p in "${profiles[@]}"; do
        read -r kernel args <<< "$p"
        echo "=== ncu: $kernel in bench_gpu $args"
        # shellcheck disable=SC2086
        timeout 200 "$ncu" -k "regex:$kernel" -c 1 --section SpeedOfLight --section Occupancy \
            --section LaunchStats --section WarpStateStats --section SchedulerStats \
            --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis \
            "$builddir/bench/bench_gpu" $args > "$out/ncu-$kernel.txt" 2>&1
        echo "--- ncu rc=$?"
        grep -E 'Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Compute \(SM\) Throughput|Memory Throughput|Issue Slots Busy|No Eligible|Stall|Warp Cycles Per Issued|Block Limit|Bank' \
            "$out/ncu-$kernel.txt" | head -40
    done
fi
exec >&- 2>&-
