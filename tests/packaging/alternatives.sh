#!/bin/sh
# The drop-ins registered as libblas.so.3 and liblapack.so.3 the way
# Debian's alternatives register OpenBLAS, in a scratch root: the folder the
# loader searches holds libblas.so.3 -> etc/alternatives/libblas.so.3-TRIPLET
# -> the library, and a program linked with -lblas -llapack runs with
# LD_LIBRARY_PATH at that folder. The loader takes $ORIGIN from the first
# link's folder, where libompwg is not: the drop-ins find it by the
# absolute path their RUNPATH also names. Checked on the staged install
# (meson install --destdir; its RUNPATH names the prefix's libdir, so the
# program runs in a private mount namespace, unshare -rm, where the staged
# libdir is bound over the real one: nothing outside the scratch root is
# written) and on the build tree's libraries.
# Usage: alternatives.sh BUILD_DIR CC MESON PREFIX LIBDIR [SANITIZE]
# SANITIZE: the build's b_sanitize (a sanitized library needs the program
# linked with the same sanitizers).
set -u
build=$1 cc=$2 meson=$3 prefix=$4 libdir=$5 sanitize=${6:-none}
sanitize_flags=
[ "$sanitize" = none ] || sanitize_flags="-fsanitize=$sanitize"
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"

case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
triplet=$(basename "$libdir")
case $triplet in *-linux-gnu*) ;; *) triplet=$(uname -m)-linux-gnu ;; esac
root=$work/root

if ! "$meson" install -C "$build" --destdir "$root" --no-rebuild --quiet \
        >"$work/install.log" 2>&1; then
    diag "$(cat "$work/install.log")"
    echo "Bail out! meson install --destdir failed"
    exit 1
fi
staged=$root$libdir
for lib in blas lapack; do
    if [ ! -f "$staged/libompwg_$lib.so.0" ]; then
        echo "Bail out! no $staged/libompwg_$lib.so.0"
        exit 1
    fi
    runpath=$(readelf -d "$staged/libompwg_$lib.so.0" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
    want="\$ORIGIN"
    [ "$prefix" = /usr ] || want="\$ORIGIN:$libdir"
    [ "$runpath" = "$want" ]
    ok $? "the installed libompwg_$lib's RUNPATH is $want ($runpath)"
done

# the program: ddot_ from -lblas, dgesv_ and ilaver_ from -llapack (dgesv_,
# which ompwg runs, is libompwg_blas's as well, and comes first), with the
# file each name is found in, and libompwg's
cat >"$work/prog.c" <<'PROG'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
double ddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy);
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void ilaver_(int *major, int *minor, int *patch);
static void from(const char *name)
{
    Dl_info info;
    char real[PATH_MAX];
    void *p = dlsym(RTLD_DEFAULT, name);
    if (p && dladdr(p, &info) && realpath(info.dli_fname, real)) printf("%s %s\n", name, real);
}
int main(void)
{
    double x[3] = { 1, 2, 3 }, y[3] = { 4, 5, 6 }, a[4] = { 2, 0, 0, 4 }, b[2] = { 2, 8 };
    int n = 3, one = 1, two = 2, ipiv[2], info = -1, major = 0, minor, patch;
    dgesv_(&two, &one, a, &two, ipiv, b, &two, &info);
    ilaver_(&major, &minor, &patch);
    printf("ddot %g dgesv %d %g %g lapack %d\n", ddot_(&n, x, &one, y, &one), info, b[0], b[1],
           major);
    from("ddot_");
    from("ilaver_");
    from("ompwg_get_backend");
    return 0;
}
PROG
# shellcheck disable=SC2086
if ! "$cc" $sanitize_flags -o "$work/prog" "$work/prog.c" -lblas -llapack -ldl \
        >"$work/link.log" 2>&1; then
    echo "1..0 # SKIP no -lblas and -llapack to link with (Debian: libblas-dev, liblapack-dev)"
    exit 0
fi

# chain ROOT BLAS LAPACK: ROOT's usr/lib/TRIPLET/lib{blas,lapack}.so.3 ->
# ROOT/etc/alternatives/lib{blas,lapack}.so.3-TRIPLET -> the libraries given
alternative() {
    ln -sf "$3" "$1/etc/alternatives/lib$2.so.3-$triplet"
    ln -sf "$1/etc/alternatives/lib$2.so.3-$triplet" "$1/usr/lib/$triplet/lib$2.so.3"
}
chain() {
    mkdir -p "$1/usr/lib/$triplet" "$1/etc/alternatives"
    alternative "$1" blas "$2"
    alternative "$1" lapack "$3"
}

# check WHAT BLAS LAPACK OUTPUT_FILE: the program's output has the right
# results and names the drop-ins' files (BLAS and LAPACK: their real paths),
# libompwg one from the same tree
check() {
    grep -q '^ddot 32 dgesv 0 1 2 lapack 3$' "$4" && grep -q "^ddot_ $2\$" "$4" &&
        grep -q "^ilaver_ $3\$" "$4" &&
        grep -q "^ompwg_get_backend $(dirname "$(dirname "$2")")/.*libompwg\.so" "$4"
    status=$?
    what="$1: a program linked with -lblas -llapack runs on the drop-ins"
    ok $status "$what registered as alternatives"
    [ $status -eq 0 ] || diag "$(cat "$4")"
}

# as Debian's alternatives name them: by their installed paths, which the
# mount below makes the staged files
chain "$root" "$libdir/libompwg_blas.so.0" "$libdir/libompwg_lapack.so.0"
# the deepest folder of the libdir that exists here, for the staged one to be
# bound over
over=$libdir
while [ ! -d "$over" ]; do over=$(dirname "$over"); done
case $over in /|/usr|/usr/lib) over= ;; esac
case $work/ in "$over"/*) over= ;; esac
if [ "$prefix" = /usr ]; then
    echo "ok $((count += 1)) # SKIP the installed copy under /usr: its libdir is the loader's own"
elif [ -z "$over" ]; then
    echo "ok $((count += 1)) # SKIP the installed copy: no folder of $libdir to bind over"
elif ! unshare -rm true 2>/dev/null; then
    echo "ok $((count += 1)) # SKIP the installed copy: no private mount namespace (unshare -rm)"
else
    # shellcheck disable=SC2016 # expanded by the inner shell
    unshare -rm sh -c 'mount --bind "$1" "$2" && LD_LIBRARY_PATH="$3" "$4"' sh "$root$over" \
        "$over" "$root/usr/lib/$triplet" "$work/prog" >"$work/out-installed" 2>&1
    # the files as the program saw them: under the libdir
    check "installed (--destdir, bound over $over)" \
        "$libdir/$(basename "$(realpath "$staged/libompwg_blas.so.0")")" \
        "$libdir/$(basename "$(realpath "$staged/libompwg_lapack.so.0")")" "$work/out-installed"
fi

tree=$work/tree
chain "$tree" "$build/blas/libompwg_blas.so.0" "$build/lapack/libompwg_lapack.so.0"
LD_LIBRARY_PATH="$tree/usr/lib/$triplet" "$work/prog" >"$work/out-tree" 2>&1
check "build tree" "$(realpath "$build/blas/libompwg_blas.so.0")" \
    "$(realpath "$build/lapack/libompwg_lapack.so.0")" "$work/out-tree"
finish
