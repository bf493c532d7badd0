#!/usr/bin/env bash
# Runs on a GPU compute node, which has no compilers, from the repository
# root: on a build that tools/gpu-pack.sh made on a login node and that was
# copied to the node with .gpu-rt (the runtime libraries the node lacks):
#     bash tools/gpu-check.sh [builddir]        (default: build-gpu)
# Steps, in this order (GPU_CHECK_STEPS, a list of the names in brackets,
# runs only those; default: all):
#   the GPU, `ompwg calibrate` and `ompwg info` (always);
#   [tests]     every test program (TAP, every usable backend);
#   [faults]    the fault tests under each offload environment (below);
#   [netlib]    netlib's level-3 BLAS test programs on the drop-in BLAS with
#               the GPU backend (tools/gpu-netlib.sh; .lapack-rt copied along);
#   [sanitizer] compute-sanitizer memcheck, racecheck, synccheck and
#               initcheck on tests/test_gpu_kernels (every kernel on odd shapes);
#   [bench]     bench_launch, bench_gpu, bench_complex_gemm and bench_level3;
#   [compare]   `ompwg bench` (CSV, JSON and plot into $OUT/bench);
#   [launches]  one run with the offload runtime's kernel launch report.
# A failing step is reported and the next one runs; the whole log goes to
# $OUT/gpu-check.log (OUT: the folder results are written to, default
# /tmp/gpu-check).
set -u

builddir=${1:-build-gpu}
out=${OUT:-/tmp/gpu-check}
mkdir -p "$out"
log=$out/gpu-check.log
exec > >(tee "$log") 2>&1
tee_pid=$!

# The whole run fits a short batch job: steps that would start after this
# many seconds are skipped, and each step has its own limit.
deadline=${GPU_CHECK_DEADLINE:-560}
t0=$(date +%s)
summary=()

elapsed() { echo $(( $(date +%s) - t0 )); }

steps=${GPU_CHECK_STEPS:-tests faults netlib sanitizer bench compare launches}
wanted() { case " ${steps//,/ } " in *" $1 "*) return 0 ;; esac; return 1; }

# step NAME LIMIT_SECONDS COMMAND...: runs COMMAND under `timeout`, prints
# its status and time, and records a line for the summary.
step() {
    local name=$1 limit=$2
    shift 2
    if [ "$(elapsed)" -ge "$deadline" ]; then
        echo "=== $name: skipped (${deadline} s budget spent)"
        summary+=("$(printf '%-28s skipped' "$name")")
        return 0
    fi
    echo
    echo "=== $name ($(elapsed) s in)"
    local start rc
    start=$(date +%s)
    timeout --kill-after=10 "$limit" "$@"
    rc=$?
    local took=$(( $(date +%s) - start ))
    local what="rc=$rc"
    [ "$rc" -eq 124 ] && what="timed out after ${limit} s"
    echo "--- $name: $what (${took} s)"
    summary+=("$(printf '%-28s %s, %d s' "$name" "$what" "$took")")
    return 0
}

echo "gpu-check: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname), build $builddir"
if [ ! -f .gpu-rt/env.sh ]; then
    echo "gpu-check: .gpu-rt/env.sh missing: copy .gpu-rt here with the build (tools/gpu-pack.sh makes it)"
    exit 1
fi
if [ ! -d "$builddir" ]; then
    echo "gpu-check: no build directory $builddir: copy it here (tools/gpu-pack.sh makes it)"
    exit 1
fi
# shellcheck disable=SC1091
source .gpu-rt/env.sh
echo "OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-}"

step "nvidia-smi -L" 30 nvidia-smi -L

if [ -x "$builddir/cli/ompwg" ]; then
    # measured here, once, so that no step after it measures it beside its
    # own work (it prints the time it took and the file it is kept in)
    step "ompwg calibrate" 60 "$builddir/cli/ompwg" calibrate
    step "ompwg info" 60 "$builddir/cli/ompwg" info
else
    echo "=== ompwg info: $builddir/cli/ompwg not built"
fi

# ---- tests: TAP on stdout; every usable backend, the GPU's included -------
unset OMPWG_TEST_BACKENDS
tests_ok=0 tests_not_ok=0 tests_skip=0 failed=()
wanted tests && echo && echo "=== tests ($(elapsed) s in)"
for t in "$builddir"/tests/test_* "$builddir"/blas/tests/test_blas_*; do
    wanted tests || break
    if [ ! -f "$t" ] || [ ! -x "$t" ]; then continue; fi
    name=$(basename "$t")
    if [ "$(elapsed)" -ge "$deadline" ]; then
        echo "$name: skipped (${deadline} s budget spent)"
        failed+=("$name(skipped)")
        continue
    fi
    start=$(date +%s)
    timeout --kill-after=10 120 "$t" > "$out/$name.tap" 2>&1
    rc=$?
    ok=$(grep -c '^ok' "$out/$name.tap")
    not_ok=$(grep -c '^not ok' "$out/$name.tap")
    skip=$(grep -c '^ok.*# SKIP' "$out/$name.tap")
    tests_ok=$((tests_ok + ok))
    tests_not_ok=$((tests_not_ok + not_ok))
    tests_skip=$((tests_skip + skip))
    printf '%-20s rc=%-3d ok %4d  not ok %3d  skipped %3d  %3d s\n' "$name" "$rc" "$ok" "$not_ok" \
        "$skip" $(( $(date +%s) - start ))
    if [ "$rc" -ne 0 ] || [ "$not_ok" -ne 0 ]; then
        failed+=("$name")
        grep -A6 '^not ok' "$out/$name.tap" | head -40
        [ "$not_ok" -eq 0 ] && tail -5 "$out/$name.tap"
    fi
done
# the variants the suite leaves out: the FMA DGEMM and ZGEMM kernels (the
# default takes the tensor cores where the build has them), and the tiled
# SGEMM and the float level-3 routines on the TF32 tensor cores (the default
# takes the FMA units); each as NAME:VARIABLE=VALUE:TAG
for run in test_dgemm:OMPWG_GPU_DGEMM=fma:fma test_zgemm:OMPWG_GPU_DGEMM=fma:fma \
           test_sgemm:OMPWG_GPU_SGEMM=tf32x3:tf32x3 test_slevel3:OMPWG_GPU_SGEMM=tf32x3:tf32x3; do
    name=${run%%:*} setting=${run#*:}
    tag=${setting#*:} setting=${setting%%:*}
    if ! wanted tests || [ ! -x "$builddir/tests/$name" ]; then continue; fi
    env "$setting" OMPWG_TEST_BACKENDS=gpu timeout --kill-after=10 120 \
        "$builddir/tests/$name" > "$out/${name}_$tag.tap" 2>&1
    rc=$?
    ok=$(grep -c '^ok' "$out/${name}_$tag.tap")
    not_ok=$(grep -c '^not ok' "$out/${name}_$tag.tap")
    tests_ok=$((tests_ok + ok))
    tests_not_ok=$((tests_not_ok + not_ok))
    printf '%-20s rc=%-3d ok %4d  not ok %3d  (gpu backend, %s)\n' \
        "${name}_$tag" "$rc" "$ok" "$not_ok" "$setting"
    if [ "$rc" -ne 0 ] || [ "$not_ok" -ne 0 ]; then
        failed+=("${name}_$tag")
        grep -A6 '^not ok' "$out/${name}_$tag.tap" | head -40
    fi
done
tests_line="ok $tests_ok (skipped $tests_skip), not ok $tests_not_ok; failing: ${failed[*]:-none}"
if wanted tests; then
    echo "--- tests: $tests_line"
    summary+=("$(printf '%-28s %s' "tests" "$tests_line")")
fi
# the TAP files go into one archive: one file to copy back from the node
taps=()
for f in "$out"/*.tap; do [ -f "$f" ] && taps+=("$(basename "$f")"); done
[ ${#taps[@]} -gt 0 ] && tar -C "$out" -czf "$out/tests-tap.tar.gz" --remove-files "${taps[@]}"

# ---- faults: what a job may bring along must not end it ---------------------
# test_offload_env and `ompwg info` under OMP_TARGET_OFFLOAD=MANDATORY,
# DEFAULT and DISABLED and an empty CUDA_VISIBLE_DEVICES (alone and with
# MANDATORY): the backends' reasons, exact results on cpu and openblas, the
# gpu backend working on the device or refusing with OMPWG_ERR_UNAVAILABLE;
# test_device_nomem (allocations and host data beyond the device's memory:
# OMPWG_ERR_DEVICE_NOMEM, the CPU fallback when allowed) on the device under
# DEFAULT and MANDATORY, and in host fallback; test_fork (children forked
# after the CPU backend's threads ran). Each is one step, its exit status
# in the summary (a TAP "not ok" exits 1).
fault_envs=("OMP_TARGET_OFFLOAD=MANDATORY" "OMP_TARGET_OFFLOAD=DEFAULT"
            "OMP_TARGET_OFFLOAD=DISABLED" "CUDA_VISIBLE_DEVICES="
            "OMP_TARGET_OFFLOAD=MANDATORY CUDA_VISIBLE_DEVICES=")
if wanted faults; then
    for e in "${fault_envs[@]}"; do
        # shellcheck disable=SC2086
        step "offload_env $e" 60 env $e "$builddir/tests/test_offload_env"
        # shellcheck disable=SC2086
        step "ompwg info $e" 60 env $e "$builddir/cli/ompwg" info
    done
    for e in "OMP_TARGET_OFFLOAD=DEFAULT" "OMP_TARGET_OFFLOAD=MANDATORY" "OMP_TARGET_OFFLOAD=DISABLED"; do
        step "device_nomem $e" 120 env "$e" "$builddir/tests/test_device_nomem"
    done
    step "fork" 120 "$builddir/tests/test_fork"
fi
wanted netlib && step "netlib level 3 on the gpu backend" 300 bash tools/gpu-netlib.sh "$builddir"

# ---- compute-sanitizer on odd shapes, before the timings ---------------------
bench=$builddir/bench/bench_gpu
# (test_gpu_kernels itself ran with the tests above)
kernels=$builddir/tests/test_gpu_kernels
sanitizer=$(command -v compute-sanitizer || true)
if [ -z "$sanitizer" ]; then
    for c in /usr/local/cuda*/bin/compute-sanitizer \
             /usr/local/cuda*/compute-sanitizer/compute-sanitizer \
             /opt/nvidia/*/compute-sanitizer /opt/nvidia/compute-sanitizer*/compute-sanitizer; do
        [ -x "$c" ] && sanitizer=$c && break
    done
fi
if ! wanted sanitizer; then
    :
elif [ -n "$sanitizer" ] && [ -x "$builddir/bench/late_load" ]; then
    echo
    echo "compute-sanitizer: $sanitizer"
    # test_gpu_kernels's body loaded from main() (bench/late_load.c says why);
    # every allocation straight from the driver, so that out-of-bounds
    # accesses are not hidden inside the runtime's pooled blocks
    export LIBOMPTARGET_MEMORY_MANAGER_THRESHOLD=0
    # --report-api-errors no: libomptarget 22 counts a kernel's parameters
    # by calling cuFuncGetParamInfo until it fails, once per kernel at its
    # first launch; memcheck would report each of those expected
    # CUDA_ERROR_INVALID_VALUEs (seen on an H100: 11 kernels, 11 reports).
    for tool in memcheck racecheck synccheck initcheck; do
        api=()
        [ "$tool" = memcheck ] && api=(--report-api-errors no)
        step "sanitizer $tool" 100 "$sanitizer" --tool "$tool" "${api[@]}" --error-exitcode 3 \
            --print-limit 20 \
            "$builddir/bench/late_load" "$builddir/tests/gpu_kernels_module.so"
        # the level-3 and complex GEMM kernels on odd sizes, checked against
        # OpenBLAS by the benchmarks themselves (exit 1 on a failed check)
        [ -f "$builddir/bench/bench_level3_module.so" ] &&
            step "sanitizer $tool level 3" 100 "$sanitizer" --tool "$tool" "${api[@]}" \
                --error-exitcode 3 --print-limit 20 "$builddir/bench/late_load" \
                "$builddir/bench/bench_level3_module.so" --sizes 67,200 --reps 1
        # the LU and Cholesky kernels on the walk's shapes, on the GPU alone
        [ -f "$builddir/tests/lapack_module.so" ] &&
            OMPWG_TEST_BACKENDS=gpu step "sanitizer $tool lapack" 150 "$sanitizer" --tool "$tool" \
                "${api[@]}" --error-exitcode 3 --print-limit 20 "$builddir/bench/late_load" \
                "$builddir/tests/lapack_module.so"
        [ -f "$builddir/bench/bench_complex_gemm_module.so" ] &&
            step "sanitizer $tool complex" 100 "$sanitizer" --tool "$tool" "${api[@]}" \
                --error-exitcode 3 --print-limit 20 "$builddir/bench/late_load" \
                "$builddir/bench/bench_complex_gemm_module.so" --sizes 100,257 --reps 1
    done
    unset LIBOMPTARGET_MEMORY_MANAGER_THRESHOLD
else
    echo "=== compute-sanitizer: not found (or bench/late_load missing)"
fi

# ---- benchmark ------------------------------------------------------------
if ! wanted bench; then
    :
elif [ -x "$bench" ]; then
    [ -x "$builddir/bench/bench_launch" ] && step "bench_launch" 60 "$builddir/bench/bench_launch"
    step "bench_gpu" 300 "$bench"
    [ -x "$builddir/bench/bench_complex_gemm" ] &&
        step "bench_complex_gemm" 120 "$builddir/bench/bench_complex_gemm" --sizes 256,1024,4096 --reps 5
    [ -x "$builddir/bench/bench_level3" ] && step "bench_level3" 120 "$builddir/bench/bench_level3"
    [ -x "$builddir/bench/bench_factor" ] && step "bench_factor" 240 "$builddir/bench/bench_factor" --sizes 1024,4096,8192 --reps 2
else
    echo "=== bench_gpu: $bench not built"
fi

# ---- the comparison users run: GPU, CPU, OpenBLAS, cuBLAS and CUB side by side
cli=$builddir/cli/ompwg
if wanted compare && [ -x "$cli" ]; then
    # 2^26 at most: the CPU rows and the sequential reference scan of longer
    # vectors take minutes (bench_gpu above measures the GPU at 2^28)
    step "ompwg bench" 240 "$cli" bench --sizes "${GPU_CHECK_GEMM_SIZES:-256,1024,2048,4096}" \
        --vec-sizes "${GPU_CHECK_VEC_SIZES:-65536,1048576,16777216,67108864}" --reps 5 \
        --out "$out/bench"
fi

# ---- launch configuration of each kernel ------------------------------------
if wanted launches && [ -x "$kernels" ]; then
    echo
    echo "=== kernel launches, LIBOMPTARGET_INFO=16 ($(elapsed) s in)"
    LIBOMPTARGET_INFO=16 timeout --kill-after=10 120 "$kernels" > "$out/launches.txt" 2>&1
    echo "--- rc=$?; distinct launch configurations (count, kernel, grid):"
    grep -i 'launching kernel' "$out/launches.txt" |
        sed -e 's/^.*Launching kernel //' -e 's/__omp_offloading_[0-9a-f]*_[0-9a-f]*_//' |
        sort | uniq -c | sort -rn | head -40
    gzip -f "$out/launches.txt"
fi

echo
echo "=== summary ($(elapsed) s)"
printf '%s\n' "${summary[@]}"
echo "log: $log"
# let tee write the last lines before the job ends and $OUT is collected
exec >&- 2>&-
wait "$tee_pid" 2>/dev/null
exit 0
