#!/usr/bin/env python3
"""Writes the forwarders of libompwg_blas: the BLAS routines it does not run
in ompwg, each a C function with its real prototype that calls OpenBLAS's
own definition (blas/forward.c resolves them). Its integers are
ompwg_blas_int, so that the files compile as libompwg_blas (LP64) and as
libompwg_blas64 (ILP64, OMPWG_BLAS_ILP64). The build runs it
(blas/forward/meson.build):

    python3 tools/gen-blas-forward.py LIST OUTDIR

LIST is tools/blas-prototypes.txt. A routine whose name is in OWN below is
defined by hand in blas/, under its literal name (tools/check-names.sh checks
that it greps to its definition), and gets no forwarder: when ompwg starts
running a routine, add its Fortran and CBLAS names here. A forwarded CBLAS
routine of levels 2 and 3 first makes netlib's argument checks (CHECKS
below, blas/cblas_args.h) and returns when they report. The files it writes
are the outputs blas/forward/meson.build names; it fails when they differ.
"""

# The routines ompwg runs itself, and the file that defines each.
OWN = {
    # blas/gemm_tmpl.c
    "sgemm_": "blas/gemm_tmpl.c",
    "dgemm_": "blas/gemm_tmpl.c",
    "cblas_sgemm": "blas/gemm_tmpl.c",
    "cblas_dgemm": "blas/gemm_tmpl.c",
    # blas/level1_tmpl.c
    "sdot_": "blas/level1_tmpl.c",
    "ddot_": "blas/level1_tmpl.c",
    "cblas_sdot": "blas/level1_tmpl.c",
    "cblas_ddot": "blas/level1_tmpl.c",
    "sasum_": "blas/level1_tmpl.c",
    "dasum_": "blas/level1_tmpl.c",
    "cblas_sasum": "blas/level1_tmpl.c",
    "cblas_dasum": "blas/level1_tmpl.c",
    "isamax_": "blas/level1_tmpl.c",
    "idamax_": "blas/level1_tmpl.c",
    "cblas_isamax": "blas/level1_tmpl.c",
    "cblas_idamax": "blas/level1_tmpl.c",
    # blas/level3_tmpl.c
    "ssymm_": "blas/level3_tmpl.c",
    "dsymm_": "blas/level3_tmpl.c",
    "cblas_ssymm": "blas/level3_tmpl.c",
    "cblas_dsymm": "blas/level3_tmpl.c",
    "ssyrk_": "blas/level3_tmpl.c",
    "dsyrk_": "blas/level3_tmpl.c",
    "cblas_ssyrk": "blas/level3_tmpl.c",
    "cblas_dsyrk": "blas/level3_tmpl.c",
    "ssyr2k_": "blas/level3_tmpl.c",
    "dsyr2k_": "blas/level3_tmpl.c",
    "cblas_ssyr2k": "blas/level3_tmpl.c",
    "cblas_dsyr2k": "blas/level3_tmpl.c",
    "strmm_": "blas/level3_tmpl.c",
    "dtrmm_": "blas/level3_tmpl.c",
    "cblas_strmm": "blas/level3_tmpl.c",
    "cblas_dtrmm": "blas/level3_tmpl.c",
    "strsm_": "blas/level3_tmpl.c",
    "dtrsm_": "blas/level3_tmpl.c",
    "cblas_strsm": "blas/level3_tmpl.c",
    "cblas_dtrsm": "blas/level3_tmpl.c",
    # blas/gemm_tmpl.c (complex)
    "cgemm_": "blas/gemm_tmpl.c",
    "zgemm_": "blas/gemm_tmpl.c",
    "cblas_cgemm": "blas/gemm_tmpl.c",
    "cblas_zgemm": "blas/gemm_tmpl.c",
    # the error handlers: blas/xerbla.c
    "xerbla_": "blas/xerbla.c",
    "cblas_xerbla": "blas/xerbla.c",
}

# netlib CBLAS's argument checks (blas/cblas_args.h) that each forwarded
# level-2 and level-3 CBLAS routine makes before it calls OpenBLAS, by the
# routine's name less "cblas_" and its precision letter: the check's name
# (less "ompwg_blas_cblas_" and "_ok") and what it is passed after the
# routine's name, the routine's arguments by their names in the list. Every
# forwarded routine of those levels must have one here.
CHECKS = {
    "gemv": "gemv(layout, TransA, M, N, lda, incX, incY)",
    "gbmv": "gbmv(layout, TransA, M, N, KL, KU, lda, incX, incY)",
    "trmv": "trmv(layout, Uplo, TransA, Diag, N, lda, incX)",
    "trsv": "trmv(layout, Uplo, TransA, Diag, N, lda, incX)",
    "tbmv": "tbmv(layout, Uplo, TransA, Diag, N, K, lda, incX)",
    "tbsv": "tbmv(layout, Uplo, TransA, Diag, N, K, lda, incX)",
    "tpmv": "tpmv(layout, Uplo, TransA, Diag, N, incX)",
    "tpsv": "tpmv(layout, Uplo, TransA, Diag, N, incX)",
    "symv": "symv(layout, Uplo, N, lda, incX, incY)",
    "hemv": "symv(layout, Uplo, N, lda, incX, incY)",
    "sbmv": "sbmv(layout, Uplo, N, K, lda, incX, incY)",
    "hbmv": "sbmv(layout, Uplo, N, K, lda, incX, incY)",
    "spmv": "spmv(layout, Uplo, N, incX, incY)",
    "hpmv": "spmv(layout, Uplo, N, incX, incY)",
    "ger": "ger(layout, M, N, incX, incY, lda)",
    "geru": "ger(layout, M, N, incX, incY, lda)",
    "gerc": "ger(layout, M, N, incX, incY, lda)",
    "syr": "syr(layout, Uplo, N, incX, lda)",
    "her": "syr(layout, Uplo, N, incX, lda)",
    "spr": "spr(layout, Uplo, N, incX)",
    "hpr": "spr(layout, Uplo, N, incX)",
    "syr2": "syr2(layout, Uplo, N, incX, incY, lda)",
    "her2": "her2(layout, Uplo, N, incX, incY, lda)",
    "spr2": "spr2(layout, Uplo, N, incX, incY)",
    "hpr2": "hpr2(layout, Uplo, N, incX, incY)",
    "symm": "symm(layout, Side, Uplo, M, N, lda, ldb, ldc)",
    "hemm": "symm(layout, Side, Uplo, M, N, lda, ldb, ldc)",
    "syrk": "syrk(false, false, layout, Uplo, Trans, N, K, lda, 0, ldc)",
    "herk": "syrk(true, false, layout, Uplo, Trans, N, K, lda, 0, ldc)",
    "syr2k": "syrk(false, true, layout, Uplo, Trans, N, K, lda, ldb, ldc)",
    "her2k": "syrk(true, true, layout, Uplo, Trans, N, K, lda, ldb, ldc)",
    "trmm": "trxm(layout, Side, Uplo, TransA, Diag, M, N, lda, ldb)",
    "trsm": "trxm(layout, Side, Uplo, TransA, Diag, M, N, lda, ldb)",
}
# the sections whose forwarders check their arguments
CHECKED = ("cblas_level2", "cblas_level3")

import os
import re
import sys

# tools/forward_gen.py, what this script shares with gen-lapack-forward.py
# (found beside it however this file is loaded; no bytecode in the source tree)
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forward_gen  # noqa: E402
from forward_gen import wrap  # noqa: E402

HEADER = ("/* Generated at build time (blas/forward/meson.build) by tools/gen-blas-forward.py\n"
          " * from tools/blas-prototypes.txt, where each routine's prototype, its name\n"
          " * spelled out, is a line: change the list or the script, not this file. */\n")

BLAS = forward_gen.Library(export="OMPWG_BLAS_EXPORT", forward="ompwg_blas_forward",
                           prefix="FWD_", what="libompwg_blas", guard="OMPWG_BLAS_FORWARD_IDS_H",
                           enum="ompwg_blas_fwd", names="ompwg_blas_forward_names")


def read_list(list_path):
    """The routines of the list; a section is "[WORD]" or "[WORD WORD]"
    (fortran_level1), and a line of [wrappers] names its ROUTINE. Each
    "int" of a prototype is the BLAS integer, written ompwg_blas_int
    (forward_gen.blas_int)."""
    routines = forward_gen.read_list(list_path, OWN, r"^\[(\w+)(?: (\w+))?\]$", "[section]")
    for r in routines:
        forward_gen.blas_int(r)
    return routines


def wrapper(r, by_name):
    target = by_name.get(r.target)
    if target is None:
        sys.exit(f"{r.list_path}: {r.name} -> {r.target}: no such routine in the list")
    names = r.arg_names()
    lines = [wrap(f"OMPWG_BLAS_EXPORT {r.signature()}"), "{"]
    if r.ret == "void":
        lines.append(wrap(f"    *{names[-1]} = {target.name}({', '.join(names[:-1])});"))
    else:
        lines.append(wrap(f"    return {target.name}({', '.join(names)});"))
    lines += ["}", ""]
    return "\n".join(lines)


def check_of(r):
    """The check r's forwarder makes (None for a section without checks)."""
    if r.section not in CHECKED:
        return None
    op = r.name[len("cblas_") + 1:]
    if op not in CHECKS:
        sys.exit(f"{r.list_path}: {r.name}: no argument check in CHECKS")
    m = re.match(r"^(\w+)\((.*)\)$", CHECKS[op])
    args = [a.strip() for a in m.group(2).split(",")]
    unknown = [a for a in args if re.match(r"^[A-Za-z_]\w*$", a) and a not in ("true", "false")
               and a not in r.arg_names()]
    if unknown:
        sys.exit(f"{r.list_path}: {r.name}: CHECKS names arguments it lacks: {' '.join(unknown)}")
    return f'ompwg_blas_cblas_{m.group(1)}_ok("{r.name}", {", ".join(args)})'


def render(routines):
    by_name = {r.name: r for r in routines}
    forwarded = [r for r in routines if r.name not in OWN and r.target is None]
    files = {"ids.h": BLAS.ids(HEADER, forwarded),
             "names.c": BLAS.names_file(HEADER, "forward.h", forwarded)}
    for s in forward_gen.sections(routines):
        members = [r for r in routines if r.section == s and r.name not in OWN]
        if not members:
            continue
        body = [HEADER, '#include "forward.h"', ""]
        if s == "wrappers":
            body[1:1] = ["/* Routines OpenBLAS does not have, computed by the routine each names. */"]
            decls = sorted({r.target for r in members})
            body += [wrap(f"{by_name[t].signature()};") for t in decls] + [""]
            body += [wrapper(r, by_name) for r in members]
        else:
            body[1:1] = [f"/* {s.replace('_', ' ')}: forwarded to OpenBLAS. */"]
            body += [BLAS.forwarder(r, check_of(r)) for r in members]
        files[f"{s}.c"] = "\n".join(body)
    return files


def main():
    return forward_gen.main("gen-blas-forward.py", "blas/forward/meson.build",
                            lambda list_path, flags: render(read_list(list_path)))


if __name__ == "__main__":
    sys.exit(main())
