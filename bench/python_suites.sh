#!/usr/bin/env bash
# NumPy's and SciPy's linalg test suites, their wall time with and without
# the drop-in BLAS preloaded:
#     bench/python_suites.sh [BUILD_DIR] [ROUNDS]
# Each round runs `python3 -m pytest --pyargs numpy.linalg` and
# `... scipy.linalg`, each once on the system's BLAS (OpenBLAS on Debian)
# and once with LD_PRELOAD=BUILD_DIR/blas/libompwg_blas.so, in an order
# that flips every round; it prints every run, then per suite the median
# of each and their ratio against the target of 1.03, in wall time and in
# CPU time (user + system, the process and its children: on a shared
# machine the steadier of the two, since waiting for the cores counts in
# the first only). The load average is printed before and after. A run
# whose tests fail (pytest's status) is reported as such.
# BUILD_DIR defaults to build, ROUNDS to 5. PYTHON names the interpreter
# (default /usr/bin/python3, where Debian's packages are: python3-numpy,
# python3-scipy, python3-pytest and python3-hypothesis, which NumPy's test
# configuration imports). Not a test: nothing here asserts a time.
set -u
build=${1:-build}
rounds=${2:-5}
python=${PYTHON:-/usr/bin/python3}
lib=$(cd "$build" 2>/dev/null && pwd)/blas/libompwg_blas.so
target=1.03

if [ ! -f "$lib" ]; then
    echo "python_suites: no $lib (build the drop-in: ninja -C $build)" >&2
    exit 1
fi
if ! "$python" -c 'import numpy, scipy, pytest, hypothesis' 2>/dev/null; then
    echo "python_suites: $python lacks numpy, scipy, pytest or hypothesis" \
        "(Debian: apt-get install python3-numpy python3-scipy python3-pytest python3-hypothesis)" >&2
    exit 1
fi

# pytest and hypothesis write their caches into the working directory
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results

# run SUITE WITH: one run, its line printed and appended to $results
run() {
    local suite=$1 with=$2 preload="" status times
    [ "$with" = ompwg ] && preload=$lib
    # bash's `time` of a subshell: wall, user and system seconds, children included
    times=$( { TIMEFORMAT='%R %U %S'; time (cd "$work" && LD_PRELOAD=$preload "$python" -m pytest \
        --pyargs "$suite" -q -p no:cacheprovider >"$work/last.log" 2>&1; echo $? >"$work/status"); } 2>&1)
    status=$(cat "$work/status")
    local wall cpu summary
    wall=${times%% *}
    cpu=$(echo "$times" | awk '{ print $2 + $3 }')
    summary=$(tail -1 "$work/last.log" | sed 's/=//g; s/^ *//; s/ *$//')
    printf '%-13s %-8s %7.2f s wall %7.2f s cpu  status %d  %s\n' "$suite" "$with" "$wall" "$cpu" \
        "$status" "$summary"
    echo "$suite $with $wall $status $cpu" >>"$results"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "python_suites: $("$python" -c 'import numpy, scipy; print("numpy", numpy.__version__, "scipy", scipy.__version__)'),"\
    "$rounds rounds, drop-in $lib"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for r in $(seq 1 "$rounds"); do
    for suite in numpy.linalg scipy.linalg; do
        if [ $((r % 2)) -eq 1 ]; then
            run "$suite" openblas
            run "$suite" ompwg
        else
            run "$suite" ompwg
            run "$suite" openblas
        fi
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '%-13s %-5s %12s %12s %8s\n' suite time "openblas s" "ompwg s" ratio
for suite in numpy.linalg scipy.linalg; do
    failed=$(awk -v s="$suite" '$1 == s && $4 != 0' "$results" | wc -l)
    # field 3: wall seconds, field 5: CPU seconds
    for field in 3 5; do
        base=$(awk -v s="$suite" -v f="$field" '$1 == s && $2 == "openblas" { print $f }' "$results" | median)
        drop=$(awk -v s="$suite" -v f="$field" '$1 == s && $2 == "ompwg" { print $f }' "$results" | median)
        ratio=$(awk -v a="$drop" -v b="$base" 'BEGIN { print a / b }')
        verdict=$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r <= t) }')
        printf '%-13s %-5s %12.2f %12.2f %8.3f  %s%s\n' "$suite" "$([ "$field" = 3 ] && echo wall || echo cpu)" \
            "$base" "$drop" "$ratio" \
            "$([ "$verdict" -eq 1 ] && echo "within $target" || echo "over $target")" \
            "$([ "$failed" -gt 0 ] && echo ", $failed runs with failing tests")"
    done
done
