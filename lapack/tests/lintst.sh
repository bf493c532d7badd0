#!/bin/sh
# LAPACK 3.11's linear-equation tester (Debian's liblapack-test: xlintstd,
# xlintsts) on libompwg_lapack and libompwg_blas, restricted to the paths GE
# (LU), PO (Cholesky), QR and LS (least squares) at small sizes, in TAP:
# per path, ok only where the report says every test of its routines (and
# of its drivers, for GE and PO) passed the threshold, and the error exits
# passed; not ok where any line says a test failed to pass the threshold,
# an error exit went wrong (illegal value not detected, XERBLA called with
# the wrong name or INFO) or an error message was recorded.
#   lintst.sh TESTER_DIR PROGRAM preloaded LIBOMPWG_LAPACK LIBOMPWG_BLAS
#       the program runs on the reference LAPACK and BLAS of TESTER_DIR
#       with LD_PRELOAD=the two libraries
#   lintst.sh TESTER_DIR PROGRAM linked LINK_DIR LIB_PATH
#       LINK_DIR holds liblapack.so.3 -> libompwg_lapack.so and
#       libblas.so.3 -> libompwg_blas.so: the program, linked with -llapack
#       -lblas, loads them in place of the system's. LIB_PATH (folders, by
#       colons) finds libompwg: libompwg_lapack's RUNPATH, $ORIGIN-relative,
#       is taken from the link's folder, not the library's.
# The programs of liblapack64-test (TESTER_DIR .../lapack64, 64-bit
# integers, linked with -llapack64 -lblas64) run the same way on
# libompwg_lapack64 and libompwg_blas64 (liblapack64.so.3, libblas64.so.3).
# The backend is OMPWG_BACKEND's, from the environment meson gives.
set -u
dir=$1
program=$2
mode=$3

. "$(dirname "$0")/../../tests/dropin.sh"

case $program in
    xlintstd) p=D ;;
    xlintsts) p=S ;;
    *) echo "Bail out! $program: xlintstd or xlintsts"; exit 1 ;;
esac
paths="GE PO QR LS"

# dtest.in's form, the paths above only, sizes up to 50 (blocked and
# unblocked code: block sizes 1, 3 and 20, crossover 1 or 0): a second or so
cat >"$work/input" <<EOF
Data file for testing $p LAPACK linear equation routines (GE, PO, QR, LS)
6                      Number of values of M
0 1 3 10 20 50         Values of M (row dimension)
6                      Number of values of N
0 1 3 10 20 50         Values of N (column dimension)
2                      Number of values of NRHS
1 3                    Values of NRHS (number of right hand sides)
3                      Number of values of NB
1 3 20                 Values of NB (the blocksize)
1 0 1                  Values of NX (crossover point)
3                      Number of values of RANK
30 50 90               Values of rank (as a % of N)
30.0                   Threshold value of test ratio
T                      Put T to test the LAPACK routines
T                      Put T to test the driver routines
T                      Put T to test the error exits
${p}GE   11               List types on next line if 0 < NTYPES < 11
${p}PO    9               List types on next line if 0 < NTYPES <  9
${p}QR    8               List types on next line if 0 < NTYPES <  8
${p}LS    6               List types on next line if 0 < NTYPES <  6
EOF

# the 64-bit programs' libraries and folders end in 64
v=
case $dir in */lapack64) v=64 ;; esac

preload=
case $mode in
    preloaded)
        # Debian's reference liblapack.so.3 and libblas.so.3 are not the
        # default ones (the alternatives system); the folder of the programs
        # and the one of the reference BLAS come first
        LD_LIBRARY_PATH=$dir:$(dirname "$dir")/blas$v${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
        preload="$4 $5"
        want1="	$4 (0x"
        want2="	$5 (0x"
        ;;
    linked)
        LD_LIBRARY_PATH=$4:$5${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
        want1="liblapack$v.so.3 => $4/liblapack$v.so.3"
        want2="libblas$v.so.3 => $4/libblas$v.so.3"
        ;;
    *) echo "Bail out! mode $mode: preloaded or linked"; exit 1 ;;
esac

# What the loader maps: the two libraries must be there (linked: as
# liblapack.so.3 and libblas.so.3, or their 64 names).
loaded_objects
grep -q -F "$want1" "$work/objects" && grep -q -F "$want2" "$work/objects" &&
    ! grep -q 'not found' "$work/objects"
run_tester $? "libompwg_lapack and libompwg_blas"
out=$work/stdout

grep -q "End of tests" "$out"
ok $? "$program $mode: the report ends with End of tests"

bad=$(grep -n -E 'failed to pass the threshold|failed the tests of the error exits|[Ii]llegal|ILLEGAL|[Ww]rong|XERBLA was called|error messages recorded' "$out")
ok "$([ -z "$bad" ] && echo 0 || echo 1)" "$program $mode: no line says a test failed, an error exit went wrong or an error was recorded"
[ -n "$bad" ] && diag "$(printf '%s\n' "$bad" | head -20)"

total=0
for path in $paths; do
    missing=
    runs=$(sed -n "s/.*All tests for $p$path .*passed the *threshold ( *\([0-9]*\) tests run).*/\1/p" "$out")
    [ -n "$runs" ] || missing="$missing; All tests for $p$path ... passed the threshold"
    n=0
    for r in $runs; do n=$((n + r)); done
    # GE and PO have drivers (xGESV, xGESVX, xPOSV, ...), reported apart
    case $path in
        GE|PO) grep -q "All tests for $p$path drivers  *passed" "$out" ||
            missing="$missing; All tests for $p$path drivers passed the threshold" ;;
    esac
    grep -q "^ *$p$path routines passed the tests of the error exits" "$out" ||
        missing="$missing; $p$path routines passed the tests of the error exits"
    [ "$n" -gt 0 ] || missing="$missing; a number of tests run"
    total=$((total + n))
    ok "$([ -z "$missing" ] && echo 0 || echo 1)" "$program $mode: $p$path passed ($n tests run)"
    [ -n "$missing" ] && diag "not in the report:${missing#;}"
done
diag "$program $mode, OMPWG_BACKEND=${OMPWG_BACKEND:-unset}: $total tests run, all passed the threshold: $([ "$failed" -eq 0 ] && echo yes || echo no)"
finish
