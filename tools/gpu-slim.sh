#!/usr/bin/env bash
# Runs on the login node: copies a build folder without what only the
# build needs (object files, meson's private state, logs), so that it is
# quick to copy to a GPU node; the programs find libompwg through
# $ORIGIN-relative run paths, so the copy runs as the original does.
# Left out too: test_minimal_backend, a second copy of the library's objects
# linked into one program (3 MiB) whose backends are host code.
#     tools/gpu-slim.sh BUILDDIR DEST
set -euo pipefail
src=$1 dest=$2
rm -rf "$dest"
mkdir -p "$dest"
tar -C "$src" --exclude='*.p' --exclude=meson-private --exclude=meson-logs \
    --exclude=meson-info --exclude='*.a' --exclude=build.ninja --exclude='.ninja_*' \
    --exclude=compile_commands.json --exclude=./tests/test_minimal_backend -cf - . | tar -C "$dest" -xf -
echo "gpu-slim: $dest $(du -sh "$dest" | cut -f1) (from $(du -sh "$src" | cut -f1))"
