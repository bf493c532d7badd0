#!/bin/sh
# usage: gpu_device_moot.sh OMPWG_PROGRAM
# OMPWG_GPU_DEVICE where there is no GPU to choose (host fallback, or a
# build without the GPU backend) is ignored with one line on stderr, as a
# knob's bad value is.
. "$(dirname "$0")/tap.sh"
program=$1
OMP_TARGET_OFFLOAD=DISABLED OMPWG_GPU_DEVICE=3 "$program" info >/dev/null 2>"$work/err"
lines=$(grep -c '^ompwg: OMPWG_GPU_DEVICE=3: .*ignored$' "$work/err")
ok "$([ "$lines" -eq 1 ] && echo 0 || echo 1)" \
    "OMPWG_GPU_DEVICE=3 in host fallback: one line on stderr saying it is ignored"
[ "$lines" -eq 1 ] || diag "stderr:" "$(cat "$work/err")"
OMP_TARGET_OFFLOAD=DISABLED "$program" info >/dev/null 2>"$work/err"
ok "$(grep -q 'OMPWG_GPU_DEVICE' "$work/err" && echo 1 || echo 0)" \
    "OMPWG_GPU_DEVICE unset in host fallback: nothing said of it"
finish
