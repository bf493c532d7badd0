#!/usr/bin/env bash
# Set up, build and run ompwg on a Debian 12 machine.
#   ./ompwg.sh bench [ompwg bench options]   the backend comparison (the main job;
#                                            CSV, JSON and plot in out/ by default)
#   ./ompwg.sh test  [meson test options]    the test suite
#   ./ompwg.sh info                          what the library can run on here
#   ./ompwg.sh build                         set up and build only
#   ./ompwg.sh sanitize                      the suite under ASan+UBSan (build-asan),
#                                            the concurrency tests under TSan+Archer (build-tsan)
#   ./ompwg.sh fuzz [SECONDS]                the libFuzzer target (build-fuzz), default 90 s
#   ./ompwg.sh variants [meson test options] the other supported builds: gcc without the
#                                            GPU backend and its suite (build-gcc), clang's
#                                            debug build and a smoke test (build-debug)
# Missing packages are installed with apt when run as root (the list is
# printed first); otherwise the script says what to install and stops.
# OMPWG_BUILD_DIR (default: build) and OMPWG_MESON_OPTIONS (extra
# `meson setup` options, e.g. "-Dgpu=disabled") change the build; CC
# (default clang-19) the compiler.
set -euo pipefail
cd "$(dirname "$0")"

build_dir=${OMPWG_BUILD_DIR:-build}
# clang-19 builds the OpenMP offload images; libomp-19-dev carries its NVPTX
# device runtime. Never libomp-22-dev: it conflicts with libomp-19-dev.
packages=(clang-19 libomp-19-dev meson ninja-build pkg-config libhwloc-dev libopenblas-dev)
# The drop-in BLAS's tests: a gfortran caller, a program linked with the
# system's -lblas (the reference BLAS) that libompwg_blas is preloaded into,
# and netlib's BLAS test programs (xblat1d, xdcblat3, ...).
packages+=(gfortran libblas-dev libblas-test)
# libompwg_blas64's tests: OpenBLAS's ILP64 build, which it forwards to,
# netlib's BLAS test programs built for 64-bit integers, and the reference
# libblas64.so.3 they are preloaded over (named: OpenBLAS's would satisfy
# the programs' dependency).
packages+=(libopenblas64-0 libblas64-3 libblas64-test)
# The drop-in LAPACK's tests: LAPACK's linear-equation testers (xlintstd,
# xlintsts) on the reference LAPACK it is preloaded over; the same built
# for 64-bit integers for libompwg_lapack64, and their reference LAPACK
# (named, as libblas64-3 is).
packages+=(liblapack-test liblapack64-3 liblapack64-test)
# libompwg_mpi and its tests (mpirun with 1, 2 and 4 ranks), and ScaLAPACK,
# which its tests and `ompwg bench --mpi` compare with.
packages+=(libopenmpi-dev openmpi-bin libscalapack-openmpi-dev)
# The leak test runs the CPU path under valgrind memcheck.
packages+=(valgrind)
# The CMake package's test builds a CMake project against it.
packages+=(cmake)
# Where a CUDA toolkit is present, the GPU backend is built too: clang's
# offload driver runs clang-offload-packager (clang-tools-19), and a CUDA >= 12.8
# ptxas writes cubins that only libomptarget >= 21 loads (liboffload-22-dev).
if [ -x /usr/local/cuda/bin/ptxas ] || [ -n "${CUDA_PATH:-}" ]; then
    packages+=(clang-tools-19 liboffload-22-dev)
fi

say() { printf 'ompwg.sh: %s\n' "$*" >&2; }

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        say "missing packages: ${missing[*]}"
        say "install them (sudo apt-get install ${missing[*]}) or see README.md for a build without apt"
        exit 1
    fi
    say "installing with apt-get: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
        # optional: without the offload tools and runtime the GPU backend builds
        # for host fallback only; without gnuplot the bench writes no plot
        local required=()
        for p in "${missing[@]}"; do
            case "$p" in clang-tools-19 | liboffload-22-dev | gnuplot-nox) ;; *) required+=("$p") ;; esac
        done
        say "retrying without the optional clang-tools-19, liboffload-22-dev and gnuplot-nox"
        apt-get install -y -qq --no-install-recommends "${required[@]}" >/dev/null
    fi
}

# set_up DIR [meson setup options]: sets DIR up once.
set_up() {
    local dir=$1
    shift
    if [ ! -f "$dir/build.ninja" ]; then
        CC=${CC:-clang-19} meson setup "$dir" "$@"
    fi
}

# configure DIR [meson setup options]: sets DIR up once, then builds it.
configure() {
    set_up "$@"
    ninja -C "$1"
}

build() {
    install_missing
    # shellcheck disable=SC2086
    configure "$build_dir" ${OMPWG_MESON_OPTIONS:-}
}

# The sanitizer and fuzzer builds: clang-19's runtimes (libclang-rt-19-dev),
# no offload images (the GPU kernels run in host fallback, which the suite
# `gpu-host-fallback` selects), each in its own directory. Shared libraries
# are not linked with the runtime, the executables are: -Db_lundef=false.
# The MPI library's tests start 1 to 4 ranks of Open MPI (not instrumented)
# under mpirun, which under the sanitizers would take more than the CI run
# has: ASan runs them with one rank and no launcher (suite mpi-singleton);
# the TSan and fuzzer builds leave the MPI library out.
sanitizer_options=(-Dgpu=disabled --buildtype=debugoptimized -Db_lundef=false)
# a UBSan report fails the test instead of scrolling past
no_recover=-fno-sanitize-recover=all

symbolizer_env() {
    local s
    for s in llvm-symbolizer-19 llvm-symbolizer; do
        if command -v "$s" >/dev/null; then
            export ASAN_SYMBOLIZER_PATH TSAN_SYMBOLIZER_PATH
            ASAN_SYMBOLIZER_PATH=$(command -v "$s")
            TSAN_SYMBOLIZER_PATH=$ASAN_SYMBOLIZER_PATH
            return
        fi
    done
}

sanitize() {
    packages+=(libclang-rt-19-dev)
    install_missing
    symbolizer_env
    local asan_dir=${OMPWG_ASAN_DIR:-build-asan} tsan_dir=${OMPWG_TSAN_DIR:-build-tsan}
    say "ASan + UBSan: the whole suite in $asan_dir"
    configure "$asan_dir" "${sanitizer_options[@]}" -Db_sanitize=address,undefined \
        -Dc_args="$no_recover"
    # allocator_may_return_null: an allocation that cannot be had returns
    # NULL, as malloc does, instead of ending the process with a report:
    # the tests make such allocations on purpose (test_device_nomem.c) to
    # see that the library answers with a status. The host-fallback tests
    # of 256-thread teams (suite full-teams) run alone and took 3 of this
    # run's minutes on two cores: they stay in `./ompwg.sh test`, and their
    # kernels' memory accesses are checked on a GPU by compute-sanitizer
    # (tools/gpu-check.sh)
    ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:allocator_may_return_null=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        meson test -C "$asan_dir" --no-suite valgrind --no-suite mpi \
        --no-suite mpi-gpu-host-fallback --no-suite mpi-singleton --no-suite full-teams \
        --print-errorlogs "$@"
    # Open MPI's components leak at exit and are unloaded before LeakSanitizer
    # looks (their frames have no module to suppress by): the MPI programs run
    # with the memory and undefined-behaviour checks, without the leak check
    say "ASan + UBSan: the MPI library with one rank in $asan_dir"
    ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=1:allocator_may_return_null=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        meson test -C "$asan_dir" --suite mpi-singleton --print-errorlogs

    # Archer (libomp-19-dev) tells TSan what OpenMP's barriers, tasks and
    # locks order. ignore_noninstrumented_modules is what Archer's
    # documentation asks for: libomp and OpenBLAS are not instrumented, and
    # their threads hand work over through spin flags TSan cannot see, so the
    # memset/memcpy they call on buffers handed to them would read as races.
    # Every access of ompwg's own code and of the tests is still checked;
    # there is no suppression file.
    local archer=/usr/lib/llvm-19/lib/libarcher.so
    [ -f "$archer" ] || { say "no $archer (libomp-19-dev)"; exit 1; }
    say "TSan + Archer: the concurrency tests in $tsan_dir"
    configure "$tsan_dir" "${sanitizer_options[@]}" -Dmpi=disabled -Db_sanitize=thread
    OMP_TOOL_LIBRARIES=$archer ARCHER_OPTIONS=verbose=1 \
        TSAN_OPTIONS=ignore_noninstrumented_modules=1:halt_on_error=1:second_deadlock_stack=1 \
        meson test -C "$tsan_dir" --suite concurrency --print-errorlogs
}

# libFuzzer (clang-19 -fsanitize=fuzzer) with ASan and UBSan: random calls on
# every backend against OpenBLAS (tests/fuzz/fuzz_calls.c), for a bounded
# time, from the committed seed corpus. New inputs go to the build directory,
# a crashing or mismatching one to $fuzz_dir/artifacts/. Only the fuzzer and
# what it links are built (the libraries, the checked cases it shares with
# the tests), not the suite, the benches or the program. At -O1, as
# libFuzzer's documentation builds its targets: at -O2 with UBSan's checks,
# LLVM's GVN pass spends minutes on the float GPU GEMM kernel unit before
# the first input.
fuzz_options=(-Dgpu=disabled -Doptimization=1 -Ddebug=true -Db_lundef=false)
fuzz() {
    local seconds=${1:-90}
    packages+=(libclang-rt-19-dev)
    install_missing
    symbolizer_env
    local fuzz_dir=${OMPWG_FUZZ_DIR:-build-fuzz}
    set_up "$fuzz_dir" "${fuzz_options[@]}" -Dmpi=disabled -Db_sanitize=address,undefined \
        -Dc_args="$no_recover -fsanitize=fuzzer-no-link" -Dfuzz=true
    ninja -C "$fuzz_dir" tests/fuzz/fuzz_calls
    mkdir -p "$fuzz_dir/corpus" "$fuzz_dir/artifacts"
    say "fuzzing for $seconds s from tests/fuzz/corpus"
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$fuzz_dir/tests/fuzz/fuzz_calls" -max_total_time="$seconds" -print_final_stats=1 \
        -timeout=60 -rss_limit_mb=4096 -max_len=256 -artifact_prefix="$fuzz_dir/artifacts/" \
        "$fuzz_dir/corpus" tests/fuzz/corpus
}

# The builds docs/building.md supports besides the default one, each in its
# own directory. gcc builds everything but the GPU backend (its kernels use
# clang's OpenMP extensions): its whole suite runs, without the GPU backend's
# host-fallback tests, which such a build does not define. clang's debug
# build (-O0, assertions on; the offload images too where a CUDA toolkit
# is) must build: its libraries, benches and program, without the tests,
# whose GPU kernels at -O0 in host fallback take many minutes; then a smoke
# test: `ompwg info`, the GPU GEMM's host-data pipeline in host fallback
# checked against OpenBLAS, and a small `ompwg bench` (every row checked).
variants() {
    # gcc comes with gfortran too; the gcc build needs it for itself
    packages+=(gcc)
    install_missing
    local gcc_dir=${OMPWG_GCC_DIR:-build-gcc} debug_dir=${OMPWG_DEBUG_DIR:-build-debug}
    say "gcc, without the GPU backend: the suite in $gcc_dir"
    CC=gcc configure "$gcc_dir" -Dgpu=disabled
    meson test -C "$gcc_dir" --print-errorlogs "$@"
    say "clang debug build in $debug_dir, and a smoke test"
    CC=clang-19 configure "$debug_dir" --buildtype=debug -Dtests=false
    "$debug_dir/cli/ompwg" info
    OMP_TARGET_OFFLOAD=DISABLED "$debug_dir/bench/bench_hostpath" --check
    "$debug_dir/cli/ompwg" bench --backends cpu,openblas --sizes 64,200 --vec-sizes 100000 \
        --reps 1
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
    build) build ;;
    test)
        build
        meson test -C "$build_dir" --print-errorlogs "$@"
        ;;
    info)
        build >&2
        "$build_dir/cli/ompwg" info
        ;;
    sanitize) sanitize "$@" ;;
    fuzz) fuzz "$@" ;;
    variants) variants "$@" ;;
    bench)
        # the plot of `--out DIR` (python3-matplotlib serves too, where present)
        packages+=(gnuplot-nox)
        build >&2
        "$build_dir/cli/ompwg" info
        echo
        # the CSV, JSON and plot go to out/ unless the options say where
        out=()
        case " $* " in *" --out "*) ;; *) out=(--out out) ;; esac
        "$build_dir/cli/ompwg" bench "${out[@]}" "$@"
        ;;
    *)
        sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
