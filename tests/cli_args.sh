#!/bin/sh
# usage: cli_args.sh OMPWG_PROGRAM
# The ompwg program refuses what it cannot use: a value of bench's --ops,
# --prec or --backends that names nothing, and an option info or calibrate
# does not take, are an error (exit status 2) that lists what is valid,
# before anything runs; `ompwg info --help` and `ompwg calibrate --help`
# print their usage; `help` is in the program's usage.
. "$(dirname "$0")/tap.sh"
program=$1

# refused ARGS... WORD: exit status 2, and WORD on stderr
refused() {
    word=$(eval echo "\${$#}")
    n=$(($# - 1))
    args=$(printf '%s\n' "$@" | head -n "$n" | tr '\n' ' ')
    # shellcheck disable=SC2086
    "$program" $args >"$work/out" 2>"$work/err"
    status=$?
    grep -q -- "$word" "$work/err"
    found=$?
    ok "$([ "$status" -eq 2 ] && [ "$found" -eq 0 ] && echo 0 || echo 1)" \
        "ompwg $args: exit status 2 (got $status), stderr says $word"
    [ "$status" -eq 2 ] && [ "$found" -eq 0 ] || diag "stdout:" "$(cat "$work/out")" "stderr:" "$(cat "$work/err")"
}

refused bench --ops frob "gemm,sum,dot,max,transpose,scan,trsm,syrk,zgemm"
refused bench --ops gemm,frob "'frob'"
refused bench --prec q "s,d"
refused bench --backends frob "cpu,openblas,gpu"
refused info --bogus "unknown option '--bogus'"
refused calibrate --bogus "valid: --if-missing, --help"

"$program" info --help >"$work/out" 2>"$work/err"
status=$?
ok "$([ "$status" -eq 0 ] && grep -q "^usage: ompwg info" "$work/out" && ! grep -q "^backends" "$work/out" && echo 0 || echo 1)" \
    "ompwg info --help: its usage, exit status 0, no info run (got $status)"
"$program" calibrate --help >"$work/out" 2>"$work/err"
status=$?
ok "$([ "$status" -eq 0 ] && grep -q "^usage: ompwg calibrate" "$work/out" && echo 0 || echo 1)" \
    "ompwg calibrate --help: its usage, exit status 0, nothing measured (got $status)"
"$program" help >"$work/out" 2>&1
ok "$(grep -q "^  help " "$work/out" && echo 0 || echo 1)" "ompwg help lists help"
# `ompwg info` under auto names no one backend as where calls go: each is
# placed on its own; a backend selected by name is named
env -u OMPWG_BACKEND "$program" info >"$work/out" 2>&1
ok "$(grep -q "^backends (auto: each call placed on its own" "$work/out" && ! grep -q "calls go to" "$work/out" && echo 0 || echo 1)" \
    "ompwg info under auto: each call placed on its own, no single backend named"
OMPWG_BACKEND=openblas "$program" info >"$work/out" 2>&1
ok "$(grep -q "^backends (calls go to: openblas)" "$work/out" && echo 0 || echo 1)" \
    "ompwg info with OMPWG_BACKEND=openblas: calls go to openblas"
finish
