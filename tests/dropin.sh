# What the drop-in libraries' test scripts share (blas/tests/netlib.sh and
# exports.sh, lapack/tests/lintst.sh and exports.sh), sourced: tests/tap.sh
# (ok, diag, finish and $work), which it sources from where those scripts
# stand, two folders under the root, and the functions below.
. "$(dirname "$0")/../../tests/tap.sh"

# loaded_objects: what the loader maps for the program "$dir/$program" run
# with LD_PRELOAD=$preload, in $work/objects.
loaded_objects() {
    LD_PRELOAD=$preload LD_TRACE_LOADED_OBJECTS=1 "$dir/$program" >"$work/objects" 2>&1
}

# run_tester STATUS WHAT: ok STATUS "$program $mode: the loader maps WHAT",
# STATUS the check of $work/objects (loaded_objects); where that fails, the
# objects as diag and the end of the script. Then the program runs in $work
# with LD_PRELOAD=$preload on $work/input, its output in $work/stdout and
# $work/stderr: ok where it exits 0, the start of its stderr as diag.
run_tester() {
    ok "$1" "$program $mode: the loader maps $2"
    [ "$failed" -eq 0 ] || { diag "$(cat "$work/objects")"; finish; }

    (cd "$work" && LD_PRELOAD=$preload "$dir/$program" <input >stdout 2>stderr)
    status=$?
    ok $status "$program $mode: the program runs to its end (exit status $status)"
    [ -s "$work/stderr" ] && diag "stderr:" "$(head -20 "$work/stderr")"
    return 0
}

# defined LIBRARY: the names LIBRARY's dynamic symbol table defines, without
# their versions, sorted, one a line.
defined() { nm -D --defined-only "$1" | awk '{ print $NF }' | sed 's/@.*//' | sort -u; }

# defines_all WHO REFERENCE LIBRARY...: ok where the libraries together
# define every name REFERENCE defines ("WHO all N names of REFERENCE"),
# the missing names as diag; REFERENCE's names stay in $work/reference.
defines_all() {
    who=$1
    reference=$2
    shift 2
    defined "$reference" >"$work/reference"
    for library in "$@"; do defined "$library"; done | sort -u >"$work/defined"
    missing=$(comm -23 "$work/reference" "$work/defined")
    total=$(wc -l <"$work/reference")
    ok "$([ -s "$work/reference" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
        "$who all $total names of $reference"
    [ -n "$missing" ] && diag "missing:" "$missing"
    return 0
}
