# Sourced by the GPU node's scripts (tools/gpu-perf.sh, tools/gpu-small.sh):
#     gpu_tests BUILDDIR OUTDIR SECONDS TEST...
# runs each test program of BUILDDIR/tests that is built on the GPU backend
# (OMPWG_TEST_BACKENDS=gpu), its TAP into OUTDIR, and prints a line of
# counts per program, with the first failures.
gpu_tests() {
    local builddir=$1 out=$2 limit=$3 t
    shift 3
    for t in "$@"; do
        [ -x "$builddir/tests/$t" ] || continue
        OMPWG_TEST_BACKENDS=gpu timeout "$limit" "$builddir/tests/$t" > "$out/$t.tap" 2>&1
        printf '%-14s rc=%d ok %d not ok %d\n' "$t" $? "$(grep -c '^ok' "$out/$t.tap")" \
            "$(grep -c '^not ok' "$out/$t.tap")"
        grep -A5 '^not ok' "$out/$t.tap" | head -20
    done
}
