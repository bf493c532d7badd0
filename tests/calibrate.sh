#!/bin/sh
# usage: calibrate.sh OMPWG_PROGRAM [absent]
# absent: a build without the GPU backend, where calibrate exits 0 saying
# there is no model to measure, and writes nothing.
# `ompwg calibrate` in host fallback (the GPU backend usable by name, so
# there is a model to measure), every file in the test's own folder:
#   - with a fresh HOME and XDG_CACHE_HOME: measures the model, keeps it in
#     the cache directory and prints that file; HOME stays empty;
#   - --if-missing then loads it instead of measuring it again;
#   - a home whose cache cannot be written (its .cache a plain file),
#     XDG_CACHE_HOME unset: the model goes to ompwg-UID under TMPDIR
#     (mode 0700), OMPWG_VERBOSE=1 says why and where, and the next
#     process loads it from there; under XDG_RUNTIME_DIR it is found there.
# Two measurements of the GPU kernels on host threads: seconds each.
. "$(dirname "$0")/tap.sh"
program=$1
export OMP_TARGET_OFFLOAD=DISABLED
unset OMPWG_MODEL_FILE OMPWG_VERBOSE XDG_RUNTIME_DIR

# says DESCRIPTION: the status and what the program printed, on failure
check() {
    ok "$1" "$2"
    [ "$1" -eq 0 ] || diag "exit status $status" "stdout:" "$(cat "$work/out")" "stderr:" "$(cat "$work/err")"
}

# the file a `kept in FILE` line names
kept() { sed -n 's/^kept in //p' "$work/out"; }

mkdir "$work/home" "$work/cache"
if [ "${2:-}" = absent ]; then
    HOME=$work/home XDG_CACHE_HOME=$work/cache "$program" calibrate >"$work/out" 2>"$work/err"
    status=$?
    check "$([ "$status" -eq 0 ] && grep -q "^no placement model to measure: no GPU backend" "$work/out" &&
        echo 0 || echo 1)" "without the GPU backend: calibrate exits 0 saying there is no model to measure"
    ok "$([ -z "$(find "$work/home" "$work/cache" -mindepth 1)" ] && echo 0 || echo 1)" \
        "nothing is written in HOME or the cache directory"
    finish
    exit
fi
HOME=$work/home XDG_CACHE_HOME=$work/cache "$program" calibrate >"$work/out" 2>"$work/err"
status=$?
file=$(kept)
case "$file" in "$work/cache/ompwg/model-"*.txt) in_cache=0 ;; *) in_cache=1 ;; esac
check "$([ "$status" -eq 0 ] && [ "$in_cache" -eq 0 ] && grep -q "^ompwg-model " "$file" &&
    grep -q "^placement model measured in" "$work/out" && echo 0 || echo 1)" \
    "ompwg calibrate measures the model and keeps it in the cache directory ($file)"
ok "$([ -z "$(find "$work/home" -mindepth 1)" ] && echo 0 || echo 1)" "nothing is written in HOME"

HOME=$work/home XDG_CACHE_HOME=$work/cache "$program" calibrate --if-missing >"$work/out" 2>"$work/err"
status=$?
check "$([ "$status" -eq 0 ] && [ "$(kept)" = "$file" ] &&
    grep -q "^placement model already kept" "$work/out" && echo 0 || echo 1)" \
    "ompwg calibrate --if-missing loads the kept model instead of measuring it"

# a home whose cache directory cannot be made, whoever runs the test (root too)
mkdir "$work/rohome" "$work/tmp"
: >"$work/rohome/.cache"
uid=$(id -u)
HOME=$work/rohome XDG_CACHE_HOME= TMPDIR=$work/tmp OMPWG_VERBOSE=1 "$program" calibrate \
    >"$work/out" 2>"$work/err"
status=$?
own=$(kept)
mode=$(stat -c %a "$work/tmp/ompwg-$uid" 2>/dev/null)
check "$([ "$status" -eq 0 ] && [ "$own" = "$work/tmp/ompwg-$uid/$(basename "$file")" ] &&
    [ "$mode" = 700 ] && grep -q "^ompwg-model " "$own" && echo 0 || echo 1)" \
    "a home that cannot be written: the model is kept in TMPDIR/ompwg-$uid, mode 0700 ($own, mode $mode)"
check "$(grep -q "cannot create $work/rohome/.cache.*; placement model saved to $own instead" "$work/err" &&
    echo 0 || echo 1)" "OMPWG_VERBOSE=1 says why and where"

HOME=$work/rohome XDG_CACHE_HOME= TMPDIR=$work/tmp OMPWG_VERBOSE=1 "$program" calibrate --if-missing \
    >"$work/out" 2>"$work/err"
status=$?
check "$([ "$status" -eq 0 ] && [ "$(kept)" = "$own" ] &&
    grep -q "placement model loaded from $own" "$work/err" && echo 0 || echo 1)" \
    "the next process loads it from there"

mkdir -m 700 "$work/run" "$work/run/ompwg"
cp "$own" "$work/run/ompwg/"
HOME=$work/rohome XDG_CACHE_HOME= TMPDIR=$work/tmp XDG_RUNTIME_DIR=$work/run "$program" calibrate \
    --if-missing >"$work/out" 2>"$work/err"
status=$?
check "$([ "$status" -eq 0 ] && [ "$(kept)" = "$work/run/ompwg/$(basename "$file")" ] && echo 0 || echo 1)" \
    "XDG_RUNTIME_DIR/ompwg comes first"
finish
