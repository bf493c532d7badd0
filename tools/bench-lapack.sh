#!/usr/bin/env bash
# Reference LAPACK (dgetrf, dpotrf, dgeqrf) over OpenBLAS alone, then with
# libompwg_blas preloaded on the default backend (auto), on OMPWG_BACKEND=cpu
# and, where the GPU backend is usable, on OMPWG_BACKEND=gpu; one table with
# each one's speed over OpenBLAS alone (above 1: faster).
#     bash tools/bench-lapack.sh BUILDDIR [--lapack PATH] [bench_lapack options]
# e.g. --n 1024 --reps 3 (the default is bench_lapack's: n = 4096, 8192, 3 runs).
#
# Which BLAS is under the LAPACK is the loader's doing: its libblas.so.3
# dependency is found in the OpenBLAS directory this script puts first on
# LD_LIBRARY_PATH (OPENBLAS_DIR, else an openblas-pthread directory already
# on LD_LIBRARY_PATH, else Debian's); LD_PRELOAD puts libompwg_blas's names
# (dgemm_, ddot_, ...) in front. bench_lapack prints where each BLAS name
# came from.
#
# The LAPACK: --lapack PATH, else LAPACK=PATH, else Debian's
# /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 (package liblapack3), else
# the liblapack3 package carried in .lapack-rt/ of the checkout, unpacked
# once into /tmp/lapack-rt. On the GPU machine (no apt), prepare the package
# on the build machine, from the project root:
#     mkdir -p .lapack-rt && grep -qx /.lapack-rt/ .git/info/exclude ||
#         echo /.lapack-rt/ >> .git/info/exclude
#     (cd .lapack-rt && apt-get download liblapack3)
# carry .lapack-rt/ with .gpu-rt/ and the build, and run there
#     source .gpu-rt/env.sh && bash tools/bench-lapack.sh BUILDDIR
# (env.sh puts the carried OpenBLAS and libgfortran on LD_LIBRARY_PATH and
# sets OPENBLAS_CORETYPE to what the CPU supports).
set -u
[ $# -ge 1 ] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
root=$(cd "$(dirname "$0")/.." && pwd)

lapack=${LAPACK:-}
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --lapack) lapack=${2:?--lapack needs a path}; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done

if [ -z "$lapack" ]; then
    lapack=/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3
    if [ ! -e "$lapack" ]; then
        deb=$(ls "$root"/.lapack-rt/liblapack3_*.deb 2>/dev/null | head -1)
        if [ -n "$deb" ]; then
            [ -e /tmp/lapack-rt/.done ] || { mkdir -p /tmp/lapack-rt && dpkg -x "$deb" /tmp/lapack-rt && touch /tmp/lapack-rt/.done; } || exit 1
            lapack=/tmp/lapack-rt/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3
        fi
    fi
fi
[ -e "$lapack" ] || { echo "bench-lapack: no LAPACK at $lapack: install liblapack3, pass --lapack PATH or carry .lapack-rt/ (see the header)" >&2; exit 1; }

openblas=${OPENBLAS_DIR:-}
if [ -z "$openblas" ]; then
    IFS=: read -r -a dirs <<<"${LD_LIBRARY_PATH:-}"
    for d in "${dirs[@]}" /usr/lib/x86_64-linux-gnu/openblas-pthread; do
        case "$d" in *openblas*) [ -e "$d/libblas.so.3" ] && { openblas=$d; break; } ;; esac
    done
fi
[ -n "$openblas" ] || { echo "bench-lapack: no OpenBLAS directory with libblas.so.3 (set OPENBLAS_DIR)" >&2; exit 1; }
export LD_LIBRARY_PATH="$openblas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

bench=$build/bench/bench_lapack
shim=$build/blas/libompwg_blas.so
for f in "$bench" "$shim" "$build/cli/ompwg"; do
    [ -e "$f" ] || { echo "bench-lapack: $f missing: build it (ninja -C $build bench/bench_lapack blas/libompwg_blas.so.0.1.0 cli/ompwg)" >&2; exit 1; }
done

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

echo "LAPACK $lapack; OpenBLAS from $openblas; OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-(unset)}"
# BENCH_LAPACK_CONFIGS="openblas auto" measures only those (openblas first)
read -r -a configs <<<"${BENCH_LAPACK_CONFIGS:-openblas auto cpu gpu}"
if env -u OMPWG_BACKEND "$build/cli/ompwg" info 2>/dev/null | grep -Eq '^ +gpu +usable'; then
    :
else
    for i in "${!configs[@]}"; do [ "${configs[$i]}" = gpu ] && unset 'configs[i]'; done
    configs=("${configs[@]}")
    echo "gpu: skipped: $("$build/cli/ompwg" info 2>/dev/null | sed -n 's/^ *gpu *not usable *//p')"
fi

# BENCH_LAPACK_ROUNDS=R runs the configurations R times in turn (each
# round all of them, one after the other), so that a machine whose speed
# drifts between runs weighs on every configuration alike; the table gives
# the median over the rounds.
rounds=${BENCH_LAPACK_ROUNDS:-1}
status=0
for ((r = 1; r <= rounds; r++)); do
    for c in "${configs[@]}"; do
        echo
        echo "== $c${rounds:+ (round $r of $rounds)}"
        case "$c" in
            openblas) env -u LD_PRELOAD -u OMPWG_BACKEND "$bench" --lapack "$lapack" "${args[@]}" ;;
            auto) env -u OMPWG_BACKEND LD_PRELOAD="$shim" "$bench" --lapack "$lapack" --require-dgemm libompwg_blas "${args[@]}" ;;
            *) LD_PRELOAD="$shim" OMPWG_BACKEND=$c "$bench" --lapack "$lapack" --require-dgemm libompwg_blas "${args[@]}" ;;
        esac >"$work/$c.$r" 2>&1 || status=1
        cat "$work/$c.$r"
    done
done

# one table: seconds per configuration and, after each but OpenBLAS's, its
# speed over OpenBLAS alone (OpenBLAS's time / its time)
echo
echo "== reference LAPACK: median seconds (of $rounds round(s)), and speed over OpenBLAS alone (>1: faster)"
awk -v configs="${configs[*]}" '
    function median(list,    v, m, i, j, x) {
        m = split(list, v, " ")
        for (i = 2; i <= m; i++) for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
        return m % 2 ? v[(m + 1) / 2] : sprintf("%.5f", (v[m / 2] + v[m / 2 + 1]) / 2)
    }
    FNR == 1 { cfg = FILENAME; sub(".*/", "", cfg); sub("[.][0-9]+$", "", cfg) }
    $1 ~ /^d(getrf|potrf|geqrf)$/ && NF == 7 {
        key = $1 " " $2
        if (!(key in seen)) { seen[key] = 1; order[++n] = key }
        all[key, cfg] = all[key, cfg] " " $4
        if ($7 != "ok") bad[key, cfg] = 1
    }
    END {
        for (kc in all) { t[kc] = median(all[kc]); ok[kc] = (kc in bad) ? "!" : "ok" }
        nc = split(configs, c, " ")
        printf "%-6s %6s", "name", "n"
        for (i = 1; i <= nc; i++) printf(" %10s%s", c[i] "_s", (i > 1) ? sprintf(" %7s", "x") : "")
        printf "\n"
        for (r = 1; r <= n; r++) {
            split(order[r], kn, " ")
            printf "%-6s %6s", kn[1], kn[2]
            base = t[order[r], "openblas"]
            for (i = 1; i <= nc; i++) {
                v = t[order[r], c[i]]
                flag = ok[order[r], c[i]] == "ok" || v == "" ? "" : "!"
                printf " %10s", v == "" ? "-" : v flag
                if (i > 1) printf(" %7s", (v + 0 > 0 && base + 0 > 0) ? sprintf("%.2fx", base / v) : "-")
            }
            printf "\n"
        }
        print "(! after a time: that run failed its residual check)"
    }' $(for ((r = 1; r <= rounds; r++)); do for c in "${configs[@]}"; do echo "$work/$c.$r"; done; done)
exit $status
