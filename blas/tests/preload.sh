#!/bin/sh
# libompwg_blas preloaded into a program built against the system BLAS:
# runs preload_client as it is and with LD_PRELOAD=libompwg_blas.so (on the
# backend OMPWG_BACKEND selects, and on openblas, whose OpenBLAS the
# preloaded names must not capture), and checks, in TAP, that the preload
# took effect for the names ompwg runs and for those libompwg_blas forwards
# to OpenBLAS, that ompwg ran, and that the results are the same bits.
#   preload.sh CLIENT LIBOMPWG_BLAS
set -u
client=$1
shim=$2

. "$(dirname "$0")/../../tests/tap.sh"

# Debian's reference (netlib) libblas.so.3 lives in <libdir>/blas behind the
# alternatives system, where OpenBLAS's usually wins: point the loader at it
# when it is there, so that the plain run is the reference's.
ref_dir=
for d in /usr/lib/*/blas /usr/lib64/blas; do
    if [ -e "$d/libblas.so.3" ]; then ref_dir=$d; break; fi
done
if [ -n "$ref_dir" ]; then
    LD_LIBRARY_PATH=$ref_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export LD_LIBRARY_PATH
    diag "plain run on the reference BLAS in $ref_dir"
else
    diag "no reference BLAS directory found: the plain run uses the system's libblas.so.3"
fi

ours="sgemm_ dgemm_ cblas_sgemm cblas_dgemm sdot_ ddot_ cblas_sdot cblas_ddot sasum_ dasum_
      cblas_sasum cblas_dasum isamax_ idamax_ cblas_isamax cblas_idamax"
forwarded="saxpy_ dnrm2_ cblas_daxpy"
provider() { sed -n "s/^provider $1 //p" "$2"; }
# The names of the list $1 that the run written to $2 did not take from
# libompwg_blas, each after a space.
not_from_shim() {
    for name in $1; do
        case $(provider "$name" "$2") in *libompwg_blas*) ;; *) printf ' %s' "$name" ;; esac
    done
}

env -u LD_PRELOAD "$client" >"$work/plain" 2>"$work/plain.err"
ok $? "the program runs with the system BLAS"
bad=
for name in $ours $forwarded; do
    case $(provider "$name" "$work/plain") in *libompwg_blas*|"(none)") bad="$bad $name" ;; esac
done
ok "$([ -z "$bad" ] && echo 0 || echo 1)" "without the preload every name comes from the system BLAS ($(provider sgemm_ "$work/plain"))"
[ -n "$bad" ] && diag "not from the system BLAS:$bad"

for backend in "${OMPWG_BACKEND:-auto}" openblas; do
    out=$work/preload-$backend
    LD_PRELOAD=$shim OMPWG_BACKEND=$backend OMPWG_VERBOSE=1 "$client" >"$out" 2>"$out.err"
    ok $? "OMPWG_BACKEND=$backend: the program runs with LD_PRELOAD=libompwg_blas"
    [ -s "$out.err" ] && diag "stderr:" "$(cat "$out.err")"

    bad=$(not_from_shim "$ours" "$out")
    ok "$([ -z "$bad" ] && echo 0 || echo 1)" "OMPWG_BACKEND=$backend: the preload took effect: the 16 names come from libompwg_blas"
    [ -n "$bad" ] && diag "not from libompwg_blas:$bad"

    bad=$(not_from_shim "$forwarded" "$out")
    ok "$([ -z "$bad" ] && echo 0 || echo 1)" "OMPWG_BACKEND=$backend: saxpy_, dnrm2_, cblas_daxpy come from libompwg_blas too (forwarded to OpenBLAS)"
    [ -n "$bad" ] && diag "not from libompwg_blas:$bad"

    grep -q "^ompwg .*: backend .* (OMPWG_BACKEND=$backend)" "$out.err"
    ok $? "OMPWG_BACKEND=$backend: ompwg ran the calls (OMPWG_VERBOSE says which backend)"

    grep '^result' "$work/plain" >"$work/want"
    grep '^result' "$out" >"$work/got"
    if cmp -s "$work/want" "$work/got"; then
        ok 0 "OMPWG_BACKEND=$backend: the results are the system BLAS's, bit for bit"
    else
        ok 1 "OMPWG_BACKEND=$backend: the results are the system BLAS's, bit for bit"
        diag "$(diff "$work/want" "$work/got")"
    fi
done

finish
