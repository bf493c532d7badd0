#!/bin/sh
# usage: setup_compiler.sh MESON SOURCE_ROOT
# `meson setup` with a compiler that cannot build ompwg (gcc) stops at once
# with a message that names the compiler to use, instead of failing in the
# middle of the build.
. "$(dirname "$0")/tap.sh"
meson=$1
root=$2
if ! command -v gcc >/dev/null 2>&1; then
    echo "1..0 # SKIP gcc is not installed"
    exit 0
fi
CC=gcc "$meson" setup "$work/b" "$root" -Dgpu=disabled -Dtests=false >"$work/out" 2>&1
status=$?
ok "$([ "$status" -ne 0 ] && grep -q "built with clang >= 19 (this is gcc" "$work/out" &&
      grep -q "CC=clang-19" "$work/out" && echo 0 || echo 1)" \
    "CC=gcc meson setup: stops (status $status) saying clang >= 19 is needed and how"
[ "$status" -ne 0 ] || diag "$(tail -5 "$work/out")"
finish
