#!/usr/bin/env bash
# Runs on a GPU node (no apt there): netlib's level-3 BLAS test programs
# (Debian's libblas-test, over the reference libblas3, both copied along as
# packages in .lapack-rt/) on the drop-in BLAS with the GPU backend, linked in
# place of libblas.so.3 and preloaded over it. blas/tests/netlib.sh reads
# each report; here the GPU kernels do the work that host fallback makes
# too slow for the CI suite.
#     tools/gpu-netlib.sh BUILDDIR
# Prepare the packages once on a login node, which has apt:
#     (cd .lapack-rt && apt-get download libblas-test libblas3)
set -u
builddir=${1:-build-gpu}
root=$(cd "$(dirname "$0")/.." && pwd)
rt=/tmp/netlib-rt
if [ ! -e "$rt/.done" ]; then
    mkdir -p "$rt"
    for p in libblas3 libblas-test; do
        deb=$(ls "$root"/.lapack-rt/${p}_*.deb 2>/dev/null | head -1)
        [ -n "$deb" ] || { echo "gpu-netlib: no $p package in .lapack-rt (see the header)"; exit 1; }
        dpkg -x "$deb" "$rt" || exit 1
    done
    touch "$rt/.done"
fi
dir=$rt/usr/lib/x86_64-linux-gnu/blas
shim=$(ls "$builddir"/blas/libompwg_blas.so.0 2>/dev/null | head -1)
[ -n "$shim" ] || { echo "gpu-netlib: no libompwg_blas in $builddir"; exit 1; }
shim=$(cd "$(dirname "$shim")" && pwd)/$(basename "$shim")
linked=$(mktemp -d)
ln -s "$shim" "$linked/libblas.so.3"
cli=$builddir/cli/ompwg
# the shim finds libompwg through its run path from its own folder, which a
# link named libblas.so.3 elsewhere does not give
build_abs=$(cd "$builddir" && pwd)
export LD_LIBRARY_PATH=$build_abs:$build_abs/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
for program in xblat3s xblat3d xblat3c xblat3z xscblat3 xdcblat3 xccblat3 xzcblat3; do
    for mode in linked preloaded; do
        what=$linked
        [ "$mode" = preloaded ] && what=$shim
        out=$(OMPWG_BACKEND=gpu bash "$root/blas/tests/netlib.sh" "$dir" "$program" "$mode" \
              "$what" "$cli" 2>&1)
        ok=$(grep -c '^ok' <<<"$out")
        bad=$(grep -c '^not ok' <<<"$out")
        skip=$(grep -c 'SKIP' <<<"$out")
        echo "gpu-netlib: $program $mode: ok $ok, not ok $bad${skip:+, skip lines $skip}"
        [ "$bad" -eq 0 ] || { status=1; grep -A3 '^not ok' <<<"$out" | head -20; }
    done
done
rm -rf "$linked"
exit $status
