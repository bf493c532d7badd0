#!/bin/sh
# A program linked against a staged copy of the libraries (meson install
# --destdir), through their pkg-config files and with no -rpath-link: the
# linker finds libompwg, which libompwg_blas needs, through libompwg_blas's
# RUNPATH ($ORIGIN). The program then runs on the staged copy and a static
# link line lists -fopenmp once. The staged copy's CPU backend obeys
# OMP_NUM_THREADS: the installed `ompwg info` shows the count and where it
# came from, and a program's CPU call under OMP_NUM_THREADS=1 runs on one
# thread and starts none.
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

echo "1..8"
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

# The thread count the staged CPU backend takes from OMP_NUM_THREADS, as
# the installed program shows it (its `cpu` line: "N thread(s) (SOURCE)").
ompwg=$(find "$stage" -path '*/bin/ompwg' -type f | head -n 1)
cpu_line() {
    OMP_NUM_THREADS=$1 OMPWG_MODEL_FILE=none LD_LIBRARY_PATH="$libdir" "$ompwg" info 2>&1 |
        sed -n 's/^  cpu  *usable  *//p'
}
if [ -z "$ompwg" ]; then
    echo "ok 6 # SKIP no bin/ompwg under the staged copy"
    echo "ok 7 # SKIP no bin/ompwg under the staged copy"
else
    line=$(cpu_line 1)
    case "$line" in
    "1 thread (OMP_NUM_THREADS)"*) echo "ok 6 - OMP_NUM_THREADS=1 ompwg info: cpu $line" ;;
    *) echo "not ok 6 - OMP_NUM_THREADS=1 ompwg info shows 1 thread from OMP_NUM_THREADS: cpu ${line:-(no usable cpu line)}" ;;
    esac
    if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
        echo "ok 7 # SKIP one processor: OMP_NUM_THREADS=2 is capped at it"
    else
        line=$(cpu_line 2)
        case "$line" in
        "2 threads (OMP_NUM_THREADS)"*) echo "ok 7 - OMP_NUM_THREADS=2 ompwg info: cpu $line" ;;
        *) echo "not ok 7 - OMP_NUM_THREADS=2 ompwg info shows 2 threads from OMP_NUM_THREADS: cpu ${line:-(no usable cpu line)}" ;;
        esac
    fi
fi

# A program on the staged libompwg, its calls on the CPU backend: under
# OMP_NUM_THREADS=1 a DGEMM large enough for a team runs on one thread and
# leaves the process with the threads it had (its own /proc/self/task).
cat >"$tmp/threads.c" <<'PROG'
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include "ompwg.h"
static int tasks(void)
{
    DIR *d = opendir("/proc/self/task");
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n;
}
int main(void)
{
    enum { N = 384 };
    double *a = calloc(N * N, sizeof *a), *c = calloc(N * N, sizeof *c);
    if (!a || !c) return 2;
    /* a first call starts what the library starts once */
    if (ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 8, 8, 8, 1, a, N, a, N, 0,
                    c, N) != OMPWG_OK) return 2;
    int before = tasks(), threads = ompwg_get_num_threads();
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1, a, N, a, N,
                         0, c, N);
    printf("%s: %d thread(s); tasks %d before the call, %d after; status %d\n",
           ompwg_get_backend(), threads, before, tasks(), st);
    return st == OMPWG_OK && threads == 1 && tasks() == before ? 0 : 1;
}
PROG
# shellcheck disable=SC2046
if $cc $sanitize_flags -o "$tmp/threads" "$tmp/threads.c" $(pkg-config --cflags --libs ompwg) \
        >"$tmp/link_threads.log" 2>&1 &&
        out=$(OMP_NUM_THREADS=1 OMPWG_BACKEND=cpu OMPWG_MODEL_FILE=none LD_LIBRARY_PATH="$libdir" \
            "$tmp/threads" 2>&1); then
    echo "ok 8 - OMP_NUM_THREADS=1, a CPU DGEMM on the staged libompwg: $out"
else
    [ -f "$tmp/threads" ] || sed 's/^/# /' "$tmp/link_threads.log"
    echo "${out:-}" | sed 's/^/# /'
    echo "not ok 8 - OMP_NUM_THREADS=1, a CPU DGEMM on the staged libompwg runs on one thread"
fi
