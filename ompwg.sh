#!/usr/bin/env bash
# Set up, build and run ompwg on a Debian 12 machine.
#   ./ompwg.sh bench [ompwg bench options]   the backend comparison (the main job;
#                                            CSV, JSON and plot in out/ by default)
#   ./ompwg.sh test  [meson test options]    the test suite
#   ./ompwg.sh info                          what the library can run on here
#   ./ompwg.sh build                         set up and build only
# Missing packages are installed with apt when run as root (the list is
# printed first); otherwise the script says what to install and stops.
# OMPWG_BUILD_DIR (default: build) and OMPWG_MESON_OPTIONS (extra
# `meson setup` options, e.g. "-Dgpu=disabled") change the build.
set -euo pipefail
cd "$(dirname "$0")"

build_dir=${OMPWG_BUILD_DIR:-build}
# clang-19 builds the OpenMP offload images; libomp-19-dev carries its NVPTX
# device runtime. Never libomp-22-dev: it conflicts with libomp-19-dev.
packages=(clang-19 libomp-19-dev meson ninja-build pkg-config libhwloc-dev libopenblas-dev)
# The drop-in BLAS's tests: a gfortran caller, and a program linked with the
# system's -lblas (the reference BLAS) that libompwg_blas is preloaded into.
packages+=(gfortran libblas-dev)
# libompwg_mpi and its tests (mpirun with 1, 2 and 4 ranks), and ScaLAPACK,
# which its tests and `ompwg bench --mpi` compare with.
packages+=(libopenmpi-dev openmpi-bin libscalapack-openmpi-dev)
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

build() {
    install_missing
    if [ ! -f "$build_dir/build.ninja" ]; then
        # shellcheck disable=SC2086
        CC=${CC:-clang-19} meson setup "$build_dir" ${OMPWG_MESON_OPTIONS:-}
    fi
    ninja -C "$build_dir"
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
        "$build_dir/src/cli/ompwg" info
        ;;
    bench)
        # the plot of `--out DIR` (python3-matplotlib serves too, where present)
        packages+=(gnuplot-nox)
        build >&2
        "$build_dir/src/cli/ompwg" info
        echo
        # the CSV, JSON and plot go to out/ unless the options say where
        out=()
        case " $* " in *" --out "*) ;; *) out=(--out out) ;; esac
        "$build_dir/src/cli/ompwg" bench "${out[@]}" "$@"
        ;;
    *)
        sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
