#!/bin/sh
# usage: cmake_consumer.sh BUILD_ROOT SOURCE_ROOT CC MESON SANITIZE
# The CMake package as a CMake project uses it: the build installed into a
# staging root, tests/cmake configured against it with find_package(ompwg),
# built with the library's compiler (and its sanitizers, SANITIZE being the
# build's b_sanitize: a sanitized library needs the program built with the
# same), and run.
. "$(dirname "$0")/tap.sh"
build=$1 src=$2 cc=$3 meson=$4 sanitize=${5:-none}
flags=
[ "$sanitize" = none ] || flags="-fsanitize=$sanitize"
if ! command -v cmake >/dev/null 2>&1; then
    echo "1..0 # SKIP cmake is not installed (Debian: cmake; ./ompwg.sh test installs it)"
    exit 0
fi
"$meson" install -C "$build" --destdir "$work/root" --no-rebuild --quiet >"$work/install" 2>&1
status=$?
config=$(find "$work/root" -name ompwgConfig.cmake | head -n 1)
ok "$([ "$status" -eq 0 ] && [ -n "$config" ] && [ -f "$(dirname "$config")/ompwgConfigVersion.cmake" ] && echo 0 || echo 1)" \
    "meson install puts ompwgConfig.cmake and its version file in the staging root"
[ -n "$config" ] || { diag "$(tail -5 "$work/install")"; finish; }
libdir=$(dirname "$(dirname "$(dirname "$config")")")
cmake -S "$src/tests/cmake" -B "$work/c" -Dompwg_DIR="$(dirname "$config")" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$work/configure" 2>&1 &&
    cmake --build "$work/c" >"$work/make" 2>&1
status=$?
ok "$status" "find_package(ompwg 0.1), ompwg::ompwg and ompwg::lapack: the project configures and builds"
[ "$status" -eq 0 ] || diag "$(tail -8 "$work/configure" "$work/make" 2>/dev/null)"
LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$work/c/consumer" >"$work/run" 2>&1
status=$?
ok "$([ "$status" -eq 0 ] && grep -q '^ok:' "$work/run" && echo 0 || echo 1)" \
    "the program solves through the C API and the drop-in's dgesv_: $(head -n 1 "$work/run")"
cat >"$work/CMakeLists.txt" <<'CML'
cmake_minimum_required(VERSION 3.16)
project(too_new C)
find_package(ompwg 0.2 QUIET)
if(ompwg_FOUND)
  message(FATAL_ERROR "0.2 was taken as met by ompwg ${ompwg_VERSION}")
endif()
CML
cmake -S "$work" -B "$work/n" -Dompwg_DIR="$(dirname "$config")" >"$work/newer" 2>&1
ok "$?" "find_package(ompwg 0.2) is not met by 0.1.x"
finish
