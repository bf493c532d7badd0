#!/bin/sh
# usage: setup_compiler.sh MESON SOURCE_ROOT
# gcc builds ompwg without the GPU backend, whose kernels use clang's
# OpenMP extensions: `meson setup` with gcc succeeds under -Dgpu=disabled
# and -Dgpu=auto (auto with a warning that names the compiler to use), and
# stops at once under -Dgpu=enabled with that message, instead of failing
# in the middle of the build. The build itself: ./ompwg.sh variants.
. "$(dirname "$0")/tap.sh"
meson=$1
root=$2
if ! command -v gcc >/dev/null 2>&1; then
    echo "1..0 # SKIP gcc is not installed"
    exit 0
fi
note="the GPU backend needs clang >= 19 (this is gcc"

# setup NAME OPTION: `meson setup` with gcc into $work/NAME; its output in
# $work/NAME.out, its status in $status
setup() {
    CC=gcc "$meson" setup "$work/$1" "$root" "$2" -Dtests=false -Dmpi=disabled \
        >"$work/$1.out" 2>&1
    status=$?
}

setup disabled -Dgpu=disabled
ok "$([ "$status" -eq 0 ] && grep -q "gpu *: not built: $note" "$work/disabled.out" &&
      ! grep -q "WARNING: $note" "$work/disabled.out" && echo 0 || echo 1)" \
    "CC=gcc -Dgpu=disabled: set up (status $status), no warning, the summary says why no GPU backend"
[ "$status" -eq 0 ] || diag "$(tail -5 "$work/disabled.out")"

setup auto -Dgpu=auto
ok "$([ "$status" -eq 0 ] && grep -q "WARNING: $note.*CC=clang-19" "$work/auto.out" &&
      echo 0 || echo 1)" \
    "CC=gcc -Dgpu=auto: set up (status $status) with a warning that the GPU backend needs clang >= 19"
[ "$status" -eq 0 ] || diag "$(tail -5 "$work/auto.out")"

setup enabled -Dgpu=enabled
ok "$([ "$status" -ne 0 ] && grep -q "ERROR: .*-Dgpu=enabled: $note.*CC=clang-19" "$work/enabled.out" &&
      echo 0 || echo 1)" \
    "CC=gcc -Dgpu=enabled: stops (status $status) saying the GPU backend needs clang >= 19 and how"
[ "$status" -ne 0 ] || diag "$(tail -5 "$work/enabled.out")"
finish
