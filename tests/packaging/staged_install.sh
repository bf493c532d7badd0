#!/bin/sh
# A program linked against a staged copy of the libraries (meson install
# --destdir), through their pkg-config files and with no -rpath-link: the
# linker finds libompwg, which libompwg_blas needs, through libompwg_blas's
# RUNPATH ($ORIGIN). The program then runs on the staged copy and a static
# link line lists -fopenmp once.
# Usage: staged_install.sh BUILD_DIR CC MESON [SANITIZE]
# SANITIZE: the build's b_sanitize (a sanitized library needs the program
# linked with the same sanitizers).
set -eu
build=$1 cc=$2 meson=$3 sanitize=${4:-none}
sanitize_flags=
[ "$sanitize" = none ] || sanitize_flags="-fsanitize=$sanitize"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/stage

echo "1..5"
if ! "$meson" install -C "$build" --destdir "$stage" --no-rebuild >"$tmp/install.log" 2>&1; then
    sed 's/^/# /' "$tmp/install.log"
    echo "Bail out! meson install --destdir failed"
    exit 1
fi
blas=$(find "$stage" -name libompwg_blas.so | head -n 1)
if [ -z "$blas" ]; then
    echo "Bail out! no libompwg_blas.so under the staged copy"
    exit 1
fi
libdir=$(dirname "$blas")
export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PKG_CONFIG_SYSROOT_DIR="$stage"

if readelf -d "$blas" | grep -q 'RUNPATH.*\$ORIGIN'; then
    echo "ok 1 - the staged libompwg_blas.so has a RUNPATH of \$ORIGIN"
else
    readelf -d "$blas" | grep -i 'path' | sed 's/^/# /'
    echo "not ok 1 - the staged libompwg_blas.so has a RUNPATH of \$ORIGIN"
fi

cat >"$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include "ompwg_blas.h"
/* libompwg_blas's names only: libompwg is not on the link line */
int main(void)
{
    double x[3] = { 1, 2, 3 }, y[3] = { 4, 5, 6 };
    double dot = cblas_ddot(3, x, 1, y, 1);
    printf("%g\n", dot);
    return dot == 32 ? 0 : 1;
}
PROG
# shellcheck disable=SC2046
if $cc $sanitize_flags -o "$tmp/prog" "$tmp/prog.c" $(pkg-config --cflags --libs ompwg-blas) -Wl,--fatal-warnings \
        >"$tmp/link.log" 2>&1; then
    echo "ok 2 - a program links against the staged libompwg_blas without -rpath-link"
else
    sed 's/^/# /' "$tmp/link.log"
    echo "not ok 2 - a program links against the staged libompwg_blas without -rpath-link"
fi

if [ -x "$tmp/prog" ] && out=$(LD_LIBRARY_PATH="$libdir" "$tmp/prog" 2>&1) && \
        [ "$out" = 32 ]; then
    echo "ok 3 - the program runs on the staged libraries (ddot: $out)"
else
    echo "# ${out:-no program}"
    echo "not ok 3 - the program runs on the staged libraries"
fi

n=$(pkg-config --static --libs ompwg | tr ' ' '\n' | grep -c '^-fopenmp$' || true)
if [ "$n" = 1 ]; then
    echo "ok 4 - pkg-config --static --libs ompwg lists -fopenmp once"
else
    echo "# $(pkg-config --static --libs ompwg)"
    echo "not ok 4 - pkg-config --static --libs ompwg lists -fopenmp once ($n times)"
fi

libs=$(pkg-config --libs ompwg)
case "$libs" in
*"$libdir"*-lompwg*) echo "ok 5 - pkg-config --libs ompwg: $libs" ;;
*) echo "not ok 5 - pkg-config --libs ompwg points at the staged libdir: $libs" ;;
esac
