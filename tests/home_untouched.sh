#!/bin/sh
# usage: home_untouched.sh OMPWG_PROGRAM BUILD_ROOT
# The suite keeps its files in the build tree (tests/meson.build's test
# setup points XDG_CACHE_HOME there): `ompwg info` in host fallback, which
# measures the placement model and saves it in the cache directory, run
# with a fresh HOME, leaves that HOME empty.
. "$(dirname "$0")/tap.sh"
program=$1
root=$2

case "${XDG_CACHE_HOME:-}" in
    "$root"/*) ok 0 "XDG_CACHE_HOME is in the build tree ($XDG_CACHE_HOME)" ;;
    *) ok 1 "XDG_CACHE_HOME is in the build tree (it is '${XDG_CACHE_HOME:-}')" ;;
esac

home=$(mktemp -d "$root/home-untouched-XXXXXX") || { echo "Bail out! no folder in $root"; exit 1; }
trap 'rm -rf "$work" "$home"' EXIT
HOME=$home OMP_TARGET_OFFLOAD=DISABLED "$program" info >"$home.out" 2>&1
status=$?
mv "$home.out" "$work/out"
ok "$status" "ompwg info runs with a fresh HOME"
left=$(find "$home" -mindepth 1)
ok "$([ -z "$left" ] && echo 0 || echo 1)" "nothing is written in HOME"
[ -z "$left" ] || diag "$left"
finish
