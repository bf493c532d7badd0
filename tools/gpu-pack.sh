#!/usr/bin/env bash
# Runs on a login node, which has the compilers: makes the offload build
# that tools/gpu-check.sh runs on a GPU compute node, which has none, copies
# what runs of it into <builddir>-carry (tools/gpu-slim.sh: no object
# files), and checks that the copy and the runtime folder .gpu-rt stay under
# limit_mib (below) in all, the checkout included.
#     tools/gpu-pack.sh [builddir]        (default: build-gpu)
# Then copy the checkout with .gpu-rt and <builddir>-carry to the GPU node
# and run there, from the repository root:
#     bash tools/gpu-check.sh <builddir>-carry
set -euo pipefail

builddir=${1:-build-gpu}
root=$(git rev-parse --show-toplevel)
cd "$root"
# the most the checkout, the build's copy and .gpu-rt may take together, so
# that copying them to the node stays quick
limit_mib=64

# the runtime the GPU node lacks (libomptarget 22, libomp, OpenBLAS, hwloc)
if [ ! -f .gpu-rt/env.sh ]; then
    bundle=$root/../shared/gpu/bundle
    [ -x "$bundle" ] || { echo "gpu-pack: no .gpu-rt and no $bundle to make it" >&2; exit 1; }
    "$bundle"
fi

if [ ! -f "$builddir/build.ninja" ]; then
    CC=${CC:-clang-19} meson setup "$builddir" --buildtype=release -Dgpu=enabled
fi
ninja -C "$builddir"

fail=0
lib=
for f in "$builddir"/libompwg.so.*.*.*; do [ -f "$f" ] && lib=$f; done
if ! grep -q '^#define OMPWG_HAVE_OFFLOAD 1' "$builddir/core/ompwg_config.h"; then
    echo "gpu-pack: $builddir is not an offload build (OMPWG_HAVE_OFFLOAD is 0)" >&2
    fail=1
fi
if [ -z "$lib" ]; then
    echo "gpu-pack: no libompwg.so in $builddir" >&2
    fail=1
else
    # CUDA >= 12.8 cubins load only with libomptarget >= 21 (../shared/TOOLCHAIN.md)
    needed=$(readelf -d "$lib" | sed -n 's/.*NEEDED.*\[\(libomptarget[^]]*\)\].*/\1/p')
    echo "gpu-pack: $lib needs ${needed:-no libomptarget}"
    [ -n "$needed" ] || fail=1
    # the device image: an offloading entry table and an embedded cubin
    if readelf -S -W "$lib" | grep -q -E 'omp_offloading_entries|llvm_offload_entries'; then
        echo "gpu-pack: device image present ($(grep '^#define OMPWG_OFFLOAD_ARCHS' \
            "$builddir/core/ompwg_config.h" | cut -d' ' -f3 | tr -d '"'))"
    else
        echo "gpu-pack: $lib carries no offload entries" >&2
        fail=1
    fi
fi
for exe in bench/bench_gpu cli/ompwg bench/libompwg_bench_cub.so; do
    [ -x "$builddir/$exe" ] || echo "gpu-pack: note: $builddir/$exe not built"
done
carry=$builddir-carry
bash "$root/tools/gpu-slim.sh" "$builddir" "$carry"

# What is copied to the node (in bytes): the working tree (tracked and
# untracked-not-ignored files) plus the build's copy and the runtime.
tree_kib=$( (git ls-files -z --cached --others --exclude-standard |
             du -ck --apparent-size --files0-from=- 2>/dev/null || true) | tail -1 | cut -f1)
build_kib=$(du -sk --apparent-size "$carry" | cut -f1)
rt_kib=$(du -sk --apparent-size .gpu-rt | cut -f1)
total_kib=$((tree_kib + build_kib + rt_kib))
awk -v t="$tree_kib" -v b="$build_kib" -v r="$rt_kib" -v d="$carry" -v l="$limit_mib" 'BEGIN {
    printf "gpu-pack: working tree %d KiB + %s %d KiB + .gpu-rt %d KiB = %.1f MiB (limit %d MiB)\n",
           t, d, b, r, (t + b + r) / 1024, l }'
if [ "$total_kib" -gt $((limit_mib * 1024 - 2048)) ]; then
    echo "gpu-pack: too close to the ${limit_mib} MiB limit on what is copied to the node" >&2
    fail=1
fi
[ "$fail" -eq 0 ] || exit 1
cat <<EOF
gpu-pack: ready. Copy the checkout with .gpu-rt and $carry to a GPU node and
run there, from the repository root:
    bash tools/gpu-check.sh $carry
    (the full log goes to \$OUT/gpu-check.log; OUT defaults to /tmp/gpu-check)
EOF
