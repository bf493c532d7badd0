#!/usr/bin/env bash
# The MPI library on a compute node with 2 GPUs and no MPI, no apt, no
# network: the MPI tests with 2 ranks on 2 GPUs, then `ompwg bench --mpi`.
#
#   tools/gpu-mpi.sh pack [builddir]   on a login node (Debian 12, apt):
#       makes the offload build with MPI (default builddir: build-gpu), the
#       offload runtime .gpu-rt/ (../shared/gpu/bundle) and the MPI runtime
#       .mpi-rt/ (Open MPI and ScaLAPACK as Debian packages, unpacked with
#       dpkg -x on the GPU node), and checks that what is copied to the
#       node stays under 64 mebibytes in all, the checkout included.
#   tools/gpu-mpi.sh run [builddir]    on the GPU node, from the repository
#       root, with .gpu-rt, .mpi-rt and the build copied along. The log goes
#       to $OUT/gpu-mpi.log, the benchmark's CSV to $OUT/bench-mpi/ (OUT:
#       the folder results are written to, default /tmp/gpu-mpi).
#       GPU_MPI_BENCH replaces the benchmark's options (default: --full).
# Open MPI is relocated with OPAL_PREFIX (and PMIx with its PMIX_* paths);
# see .mpi-rt/env.sh, which this script writes.
set -u

cmd=${1:-}
builddir=${2:-build-gpu}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# the most the checkout, the build and both runtimes may take together, so
# that copying them to the node stays quick
limit_mib=64
# Open MPI 4.1 (mpirun is orterun), its PMIx and libevent, the munge
# library PMIx links, the help texts and default settings, and ScaLAPACK
# for the comparison. hwloc, OpenBLAS and libgfortran come with .gpu-rt.
mpi_packages="libopenmpi3 openmpi-bin openmpi-common libpmix2 libevent-core-2.1-7
              libevent-pthreads-2.1-7 libmunge2 libscalapack-openmpi2.2"

write_env() {
    cat > .mpi-rt/env.sh <<'ENV'
# Sourced on the GPU node: unpack the Open MPI copied along once into a private
# prefix (never into /), then point Open MPI, PMIx and the loader at it.
_rt=/tmp/mpi-rt
_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ ! -e "$_rt/.done" ]; then
  mkdir -p "$_rt" && for _d in "$_here"/*.deb; do dpkg -x "$_d" "$_rt"; done &&
    ln -sf orterun "$_rt/usr/bin/mpirun" && touch "$_rt/.done"
fi
_lib=$_rt/usr/lib/x86_64-linux-gnu
_pmix=$_lib/pmix2
# Open MPI finds its plugins, help texts and settings under OPAL_PREFIX; its
# configuration directory (/etc/openmpi) lies outside the prefix.
export OPAL_PREFIX=$_rt/usr
export OPAL_SYSCONFDIR=$_rt/etc/openmpi
# PMIx has no single prefix variable that moves its plugin and help paths
# (Debian builds it under /usr/lib/x86_64-linux-gnu/pmix2): name them.
export PMIX_PKGLIBDIR=$_pmix/lib/pmix
export PMIX_PKGDATADIR=$_pmix/share/pmix
export PMIX_MCA_mca_base_component_path=$_pmix/lib/pmix
# plugins for networks this machine lacks (InfiniBand, UCX, libfabric) fail
# to load: not worth a line each
export OMPI_MCA_mca_base_component_show_load_errors=0
# one node: mpirun starts the ranks itself, and needs no ssh (which it
# refuses to start without otherwise, and which the machine may lack)
export OMPI_MCA_plm=isolated
export PATH=$_rt/usr/bin${PATH:+:$PATH}
export LD_LIBRARY_PATH=$_lib:$_lib/openmpi/lib:$_pmix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# as root, Open MPI refuses to start without these
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset _rt _here _d _lib _pmix
ENV
}

pack() {
    set -euo pipefail
    if [ ! -f .gpu-rt/env.sh ]; then
        bundle=$root/../shared/gpu/bundle
        [ -x "$bundle" ] || { echo "gpu-mpi: no .gpu-rt and no $bundle to make it" >&2; exit 1; }
        "$bundle"
    fi
    mkdir -p .mpi-rt
    missing=
    for p in $mpi_packages; do ls .mpi-rt/"${p}"_*.deb >/dev/null 2>&1 || missing="$missing $p"; done
    if [ -n "$missing" ]; then
        # shellcheck disable=SC2086
        (cd .mpi-rt && apt-get download $missing 2>&1 | grep -v '^W:' || true)
    fi
    for p in $mpi_packages; do
        ls .mpi-rt/"${p}"_*.deb >/dev/null 2>&1 || { echo "gpu-mpi: missing $p.deb in .mpi-rt" >&2; exit 1; }
    done
    write_env

    if [ ! -f "$builddir/build.ninja" ]; then
        CC=${CC:-clang-19} meson setup "$builddir" --buildtype=release -Dgpu=enabled -Dmpi=enabled
    fi
    ninja -C "$builddir"
    grep -q '^#define OMPWG_HAVE_OFFLOAD 1' "$builddir/core/ompwg_config.h" ||
        { echo "gpu-mpi: $builddir is not an offload build" >&2; exit 1; }
    ls "$builddir"/mpi/libompwg_mpi.so >/dev/null 2>&1 ||
        { echo "gpu-mpi: $builddir has no libompwg_mpi (configured with -Dmpi=disabled?)" >&2; exit 1; }

    # what travels: the working tree plus the carried folders
    tree_kib=$( (git ls-files -z --cached --others --exclude-standard |
                 du -ck --files0-from=- 2>/dev/null || true) | tail -1 | cut -f1)
    build_kib=$(du -sk "$builddir" | cut -f1)
    gpu_kib=$(du -sk .gpu-rt | cut -f1)
    mpi_kib=$(du -sk .mpi-rt | cut -f1)
    total_kib=$((tree_kib + build_kib + gpu_kib + mpi_kib))
    awk -v t="$tree_kib" -v b="$build_kib" -v g="$gpu_kib" -v m="$mpi_kib" -v d="$builddir" -v l="$limit_mib" 'BEGIN {
        printf "gpu-mpi: working tree %d KiB + %s %d KiB + .gpu-rt %d KiB + .mpi-rt %d KiB = %.1f MiB (limit %d MiB)\n",
               t, d, b, g, m, (t + b + g + m) / 1024, l }'
    if [ "$total_kib" -gt $((limit_mib * 1024 - 2048)) ]; then
        echo "gpu-mpi: too close to the ${limit_mib} MiB limit on what is copied to the node" >&2
        exit 1
    fi
    cat <<EOF
gpu-mpi: ready. Copy the checkout with .gpu-rt, .mpi-rt and $builddir to a node
with two GPUs and run there, from the repository root:
    bash tools/gpu-mpi.sh run $builddir
    (the log goes to \$OUT/gpu-mpi.log, the benchmark's CSV to \$OUT/bench-mpi/;
    OUT defaults to /tmp/gpu-mpi)
EOF
}

run() {
    out=${OUT:-/tmp/gpu-mpi}
    mkdir -p "$out"
    exec > >(tee "$out/gpu-mpi.log") 2>&1
    # the whole run fits a short batch job: no test starts after this many
    # seconds, and the benchmark gets what is left
    deadline=${GPU_MPI_DEADLINE:-560}
    t0=$(date +%s)
    for need in .gpu-rt/env.sh .mpi-rt/env.sh "$builddir/mpi/libompwg_mpi.so"; do
        [ -e "$need" ] || { echo "gpu-mpi: $need missing: run tools/gpu-mpi.sh pack on the login node and copy it along"; exit 1; }
    done
    # shellcheck disable=SC1091
    source .gpu-rt/env.sh
    # shellcheck disable=SC1091
    source .mpi-rt/env.sh
    echo "gpu-mpi: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname), build $builddir, $(nproc) cores"
    echo "OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-}; $(command -v mpirun): $(mpirun --version | head -1)"
    nvidia-smi -L
    "$builddir/cli/ompwg" info

    # Every rank gets half the cores (the library splits them: --bind-to
    # none) and its own GPU (device = node-local rank); OpenBLAS, which
    # sizes its thread pool alone, gets half as well.
    mpirun=(mpirun -np 2 --bind-to none)
    export OPENBLAS_NUM_THREADS=$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))
    # A first run with panels of 512 KiB: shared-memory transfers that large
    # go through one kernel copy between the ranks (CMA), which a container
    # may forbid; then Open MPI copies through its shared buffers instead.
    smoke=("$builddir/cli/ompwg" bench --mpi --sizes 1024 --weak 256 --ops gemm --prec d --reps 1)
    if ! timeout --kill-after=10 120 "${mpirun[@]}" "${smoke[@]}" > "$out/smoke.txt" 2>&1; then
        tail -20 "$out/smoke.txt"
        echo "gpu-mpi: the first run failed; again without single-copy shared-memory transfers"
        export OMPI_MCA_btl_vader_single_copy_mechanism=none
        timeout --kill-after=10 120 "${mpirun[@]}" "${smoke[@]}" > "$out/smoke.txt" 2>&1 ||
            { tail -20 "$out/smoke.txt"; echo "gpu-mpi: MPI does not run here"; }
    fi

    ok=0 not_ok=0 skip=0 failed=()
    tests=("$builddir"/tests/test_placement)
    for t in "$builddir"/mpi/tests/test_mpi_*; do
        case "$t" in *skip*) ;; *) [ -x "$t" ] && [ -f "$t" ] && tests+=("$t") ;; esac
    done
    for t in "${tests[@]}"; do
        name=$(basename "$t")
        if [ $(( $(date +%s) - t0 )) -ge "$deadline" ]; then echo "=== $name: skipped (time)"; continue; fi
        echo
        echo "=== $name, 2 ranks ($(( $(date +%s) - t0 )) s in)"
        case "$name" in
            test_mpi_*) timeout --kill-after=10 300 "${mpirun[@]}" "$t" > "$out/$name.tap" 2>&1 ;;
            *) timeout --kill-after=10 120 "$t" > "$out/$name.tap" 2>&1 ;;
        esac
        rc=$?
        grep -v '^ok ' "$out/$name.tap"
        o=$(grep -c '^ok ' "$out/$name.tap"); n=$(grep -c '^not ok ' "$out/$name.tap")
        s=$(grep -c '^ok .*# SKIP' "$out/$name.tap")
        ok=$((ok + o - s)); not_ok=$((not_ok + n)); skip=$((skip + s))
        echo "--- $name: rc=$rc, $((o - s)) ok, $n not ok, $s skipped"
        [ "$rc" -ne 0 ] || [ "$n" -ne 0 ] && failed+=("$name")
    done

    left=$(( deadline - ($(date +%s) - t0) ))
    echo
    read -r -a bench_options <<< "${GPU_MPI_BENCH:---full}"
    echo "=== ompwg bench --mpi ${bench_options[*]}, 2 ranks ($(( $(date +%s) - t0 )) s in, ${left} s left)"
    if [ "$left" -gt 60 ]; then
        timeout --kill-after=10 "$left" "${mpirun[@]}" "$builddir/cli/ompwg" bench --mpi \
            "${bench_options[@]}" --out "$out/bench-mpi"
        echo "--- bench: rc=$?"
    else
        echo "--- bench: skipped (time)"
    fi
    echo
    echo "gpu-mpi: tests $ok ok, $not_ok not ok, $skip skipped${failed[*]:+; failed: ${failed[*]}}"
    [ "${#failed[@]}" -eq 0 ]
}

case "$cmd" in
    pack) pack ;;
    run) run ;;
    *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
