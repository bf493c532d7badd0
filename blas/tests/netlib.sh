#!/bin/sh
# One of netlib's BLAS test programs (Debian's libblas-test: xblat1d,
# xblat2d, xdcblat3, ...) run on libompwg_blas, in TAP: one line per routine
# the program tests, ok only where its report says PASS (level 1) or PASSED
# for the error exits and every computational test (levels 2 and 3, both
# layouts for CBLAS), and none where any line says FAIL, SUSPECT or *****.
# The programs of libblas64-test (TESTER_DIR .../blas64, 64-bit integers,
# linked with -lblas64) run the same way on libompwg_blas64.
#   netlib.sh TESTER_DIR PROGRAM linked LINK_DIR
#       LINK_DIR holds libblas.so.3 -> libompwg_blas.so (libblas64.so.3 ->
#       libompwg_blas64.so): the program, linked with -lblas (-lblas64),
#       loads the shim in place of the system BLAS
#   netlib.sh TESTER_DIR PROGRAM preloaded LIBOMPWG_BLAS
#       the program runs on the reference BLAS with LD_PRELOAD=the shim
#   netlib.sh ... OMPWG_CLI (a fifth argument, the `ompwg` program)
#       runs only where `ompwg info` lists the gpu backend as usable, and
#       skips elsewhere: the GPU backend's kernels on a GPU
# The backend is OMPWG_BACKEND's, from the environment meson gives.
set -u
dir=$1
program=$2
mode=$3
shim=$4
cli=${5:-}

if [ -n "$cli" ] && ! "$cli" info 2>/dev/null | grep -q '^  gpu  *usable'; then
    echo "1..0 # SKIP no usable GPU (the GPU backend's kernels run here on a GPU only)"
    exit 0
fi

. "$(dirname "$0")/../../tests/dropin.sh"

# The input each program reads on stdin (level 1 reads none); the summary
# is the file the input names (Fortran levels 2 and 3) or stdout.
case $program in
    xblat1?|x?cblat1) input= ;;
    xblat[23]?) level=${program#xblat}; input=$dir/${level#?}blat${level%?}.in ;;
    x?cblat[23]) p=${program#x}; input=$dir/${p%cblat?}in${program#x?cblat} ;;
    *) echo "Bail out! $program: not one of netlib's BLAS test programs"; exit 1 ;;
esac
if [ -n "$input" ]; then
    [ -r "$input" ] || { echo "Bail out! no input file $input"; exit 1; }
    # the summary and snapshot files in the temporary folder, named here
    sed -e "1s/^'[^']*'/'summary.out'/" -e "s/^'[A-Z]BLAT[23].SNAP'/'snapshot.out'/" \
        "$input" >"$work/input"
else
    : >"$work/input"
fi

# the preload only for the program (every tool run here would load the
# shim and ompwg too)
preload=
case $mode in
    linked)
        LD_LIBRARY_PATH=$shim${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
        ;;
    preloaded)
        # Debian's reference libblas.so.3 (libblas64.so.3) lives in the
        # folder the programs come from, behind the alternatives system
        LD_LIBRARY_PATH=$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
        preload=$shim
        ;;
    *) echo "Bail out! mode $mode: linked or preloaded"; exit 1 ;;
esac

# What the loader maps: the shim must be there (linked: as libblas.so.3,
# or libblas64.so.3 for the 64-bit programs).
loaded_objects
blas=libblas.so.3
case $dir in */blas64) blas=libblas64.so.3 ;; esac
if [ "$mode" = linked ]; then
    grep -q "$blas => $shim/$blas" "$work/objects"
else
    grep -q -F "	$shim (0x" "$work/objects"
fi
run_tester $? "libompwg_blas ($mode)"
summary=$work/stdout
[ -f "$work/summary.out" ] && summary=$work/summary.out

bad=$(grep -E 'FAIL|SUSPECT|\*\*\*\*\*' "$work/stdout" "$summary" | sort -u)
ok "$([ -z "$bad" ] && echo 0 || echo 1)" "$program $mode: no line of its report says FAIL, SUSPECT or *****"
[ -n "$bad" ] && diag "$(printf '%s\n' "$bad" | head -20)"

norm() { tr -s ' ' <"$1" | sed 's/^ //'; }
norm "$summary" >"$work/report"

if [ -z "$input" ]; then
    # "Test of subprogram number  1  DDOT" and, next, "----- PASS -----"
    awk '/Test of subprogram number/ { name = $NF; getline; while ($0 ~ /^ *$/) getline;
             print name, ($0 ~ /----- PASS -----/ ? "pass" : "fail") }' "$work/report" >"$work/verdicts"
    [ -s "$work/verdicts" ] || { ok 1 "$program $mode: the report names the routines it tested"; finish; }
    while read -r name verdict; do
        ok "$([ "$verdict" = pass ] && echo 0 || echo 1)" "$program $mode: $name PASS"
    done <"$work/verdicts"
    finish
fi

grep -q "END OF TESTS" "$work/report"
ok $? "$program $mode: the report ends with END OF TESTS"
errors=$(sed -n 's/^\([TF]\) *LOGICAL FLAG, T TO TEST ERROR EXITS.*/\1/p' "$work/input")
# the CBLAS programs test one layout or both ("2  0 TO TEST COLUMN-MAJOR,
# 1 TO TEST ROW-MAJOR, 2 TO TEST BOTH") and report each: level 3 names the
# layout, level 2 does not
layouts=$(sed -n 's/^\([012]\) *0 TO TEST COLUMN-MAJOR.*/\1/p' "$work/input")
runs=1
[ "$layouts" = 2 ] && runs=2
# the routines the input turns on: "DGEMV  T PUT F FOR NO TEST."
for name in $(sed -n 's/^\([A-Za-z_0-9]*\) *T PUT F FOR NO TEST.*/\1/p' "$work/input"); do
    missing=
    passed=$(grep -c -E "^$name PASSED THE (COLUMN-MAJOR |ROW-MAJOR )?COMPUTATIONAL TESTS" "$work/report")
    case $name in cblas_*) want=$runs ;; *) want=1 ;; esac
    [ "$passed" -ge "$want" ] || missing="$missing; $name PASSED THE COMPUTATIONAL TESTS ($passed of $want)"
    # the complex CBLAS programs label the error exits of cblas_?gerc with
    # cblas_?geru's name (the reference BLAS gives the same report): their
    # line is the second of cblas_?geru's
    label=$name
    lines=1
    case $name in cblas_[cz]gerc) label=${name%c}u; lines=2 ;; esac
    if [ "$errors" = T ] &&
        [ "$(grep -c "^$label PASSED THE TESTS OF ERROR-EXITS" "$work/report")" -lt "$lines" ]; then
        missing="$missing; $name PASSED THE TESTS OF ERROR-EXITS"
    fi
    ok "$([ -z "$missing" ] && echo 0 || echo 1)" "$program $mode: $name passed (error exits tested: $errors)"
    [ -n "$missing" ] && diag "not in the report:${missing#;}"
done
finish
