#!/usr/bin/env bash
# Runs on a login node, which has the compilers: builds libompwg once per
# set of kernel parameters, for tools/gpu-perf.sh to compare on a GPU node.
#     tools/gpu-variant-libs.sh OUTDIR NAME='-DFLAG=V ...' [NAME='...' ...]
# OUTDIR/NAME/ receives libompwg.so.0 (and a file `flags` saying what it
# was built with); the offload build folders stay in build-variants/NAME.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
out=$1
shift
mkdir -p "$out"
for spec in "$@"; do
    name=${spec%%=*} flags=${spec#*=}
    b=build-variants/$name
    if [ ! -f "$b/build.ninja" ]; then
        CC=${CC:-clang-19} meson setup "$b" --buildtype=release -Dgpu=enabled -Dtests=false \
            -Dc_args="$flags" >/dev/null
    else
        meson configure "$b" -Dc_args="$flags"
    fi
    ninja -C "$b" libompwg.so.0.1.0 > "$b/variant.log" 2>&1 || { tail -20 "$b/variant.log"; exit 1; }
    mkdir -p "$out/$name"
    cp -L "$b/libompwg.so.0" "$out/$name/libompwg.so.0"
    echo "$flags" > "$out/$name/flags"
    echo "gpu-variant-libs: $out/$name ($flags)"
done
