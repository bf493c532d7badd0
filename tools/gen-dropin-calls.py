#!/usr/bin/env python3
"""Writes the calls of the drop-in cost benchmark (bench/dropin_cost.c): one
C function per BLAS routine of levels 1, 2 and 3 that libompwg_blas exports
under its Fortran name, which calls a definition of the routine found at
run time with the operands of bench/dropin_calls.h. The build runs it
(bench/meson.build):

    python3 tools/gen-dropin-calls.py LIST OUTDIR

LIST is tools/blas-prototypes.txt, the list libompwg_blas's forwarders are
written from (tools/gen-blas-forward.py): every routine of its sections
[fortran level1], [fortran level2] and [fortran level3] is benchmarked, so a
routine added there is measured too. Each argument is passed by its name
(ARGS below); a routine of levels 2 and 3 is given its operands' storage by
its name less the precision letter (KINDS below), and one missing there
stops the build.
"""

import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forward_gen  # noqa: E402
from forward_gen import wrap  # noqa: E402

SECTIONS = {"fortran_level1": 1, "fortran_level2": 2, "fortran_level3": 3}

# The storage of each level-2 and level-3 routine's operands, by its name
# less the precision letter and the underscore (bench/dropin_calls.h).
KINDS = {
    "gemv": "GE", "ger": "GE", "geru": "GE", "gerc": "GE",
    "gbmv": "GB",
    "symv": "SY", "hemv": "SY", "syr": "SY", "her": "SY", "syr2": "SY", "her2": "SY",
    "sbmv": "SB", "hbmv": "SB",
    "spmv": "SP", "hpmv": "SP", "spr": "SP", "hpr": "SP", "spr2": "SP", "hpr2": "SP",
    "trmv": "TR", "trsv": "TR",
    "tbmv": "TB", "tbsv": "TB",
    "tpmv": "TP", "tpsv": "TP",
    "gemm": "GEMM",
    "symm": "SYMM", "hemm": "SYMM",
    "syrk": "SYRK", "herk": "SYRK", "syr2k": "SYRK", "her2k": "SYRK",
    "trmm": "TRXM", "trsm": "TRXM",
}

# C element types and the letter of their field in bench_dropin_scalar
TYPES = {"float": "s", "double": "d", "float _Complex": "c", "double _Complex": "z"}

# the characters of the options: the plainest case of each
CHARS = {"trans": "N", "transa": "N", "transb": "N", "uplo": "L", "side": "L", "diag": "N"}

# integers by name: the fields of bench_dropin_args
INTS = {"n": "n", "m": "m", "k": "k", "kl": "kl", "ku": "ku", "lda": "lda", "ldb": "ldb",
        "ldc": "ldc", "incx": "inc", "incy": "inc"}

# the scalar routines' (rotg, rotmg) arguments: locals set before each call
LOCALS = {"a": "0.6", "b": "0.8", "c": "0", "s": "0", "d1": "1.0", "d2": "0.5", "x1": "0.6",
          "y1": "0.8"}

HEADER = ("/* Generated at build time (bench/meson.build) by tools/gen-dropin-calls.py\n"
          " * from tools/blas-prototypes.txt: change the list or the script, not this file. */\n")


def base_type(decl):
    """The element type of an argument's declaration ("const double *x" ->
    "double"), or None for one that is not a pointer to a number."""
    m = re.match(r"^(?:const\s+)?(float _Complex|double _Complex|float|double)\s*\*\s*\w+$", decl)
    return m.group(1) if m else None


def scalar_local(r, name, decl, t):
    """A local of a scalar routine (rotg, rotmg) for argument name, its
    declaration and its initial value."""
    if name.endswith("param"):
        return f"{t} {name}_[5] = {{ 0 }};", f"{name}_"
    key = name if name in LOCALS else name[-2:]
    if key not in LOCALS:
        sys.exit(f"{r.list_path}: {r.name}: no value for the argument {name}")
    return f"{t} {name}_ = {LOCALS[key]};", f"&{name}_"


def argument(r, level, name, decl, scalar):
    """The C expression passed for one argument of r, and a local it needs
    (or None)."""
    if decl.startswith("size_t"):
        return "1", None
    if decl.startswith("const char *"):
        if name not in CHARS:
            sys.exit(f"{r.list_path}: {r.name}: no option character for {name}")
        return f'"{CHARS[name]}"', None
    if decl.startswith("const int *"):
        if name not in INTS:
            sys.exit(f"{r.list_path}: {r.name}: no integer for {name}")
        return f"&a->{INTS[name]}", None
    t = base_type(decl)
    if t is None:
        sys.exit(f"{r.list_path}: {r.name}: an argument of a type not handled: {decl}")
    cast = decl[:decl.rindex("*") + 1].strip()
    f = TYPES[t]
    if scalar:
        if name == "z":
            return f"({cast})a->x", None
        local, expr = scalar_local(r, name, decl, t)
        return expr, local
    if name in ("alpha", "beta"):
        return f"&a->{name}.{f}", None
    if level == 1 and name in ("sa", "da", "ca", "za", "sb"):
        return f"&a->alpha.{f}", None
    if level == 1 and name in ("c", "s"):
        return f"&a->{'cos' if name == 'c' else 'sin'}.{f}", None
    if name in ("sparam", "dparam"):
        return f"a->param_{f}", None
    if name in ("a", "ap"):
        return f"({cast})a->a", None
    if level == 3 and name in ("b", "c"):
        return f"({cast})a->{name}", None
    if name.endswith("x"):
        return f"({cast})a->x", None
    if name.endswith("y"):
        return f"({cast})a->y", None
    sys.exit(f"{r.list_path}: {r.name}: no operand for the argument {name}")


def element(r, names):
    """The precision letter of r's data: the type of its first array (or
    for a routine without one, its first number)."""
    for name, decl in zip(names, r.args):
        t = base_type(decl)
        array = name in ("a", "ap", "x", "y", "z") or (len(name) == 2 and name[1] in "xy")
        if t and array:
            return TYPES[t]
    for decl in r.args:
        t = base_type(decl)
        if t:
            return TYPES[t]
    sys.exit(f"{r.list_path}: {r.name}: no data type")


def kind(r, level, names):
    if level == 1:
        return "BENCH_DROPIN_VEC" if "n" in names else "BENCH_DROPIN_SCALAR"
    stem = r.name[1:-1]
    if stem not in KINDS:
        sys.exit(f"{r.list_path}: {r.name}: no operand kind in KINDS for {stem}")
    return f"BENCH_DROPIN_{KINDS[stem]}"


def call(r, level):
    names = r.arg_names()
    scalar = level == 1 and "n" not in names
    args, locals_ = [], []
    for name, decl in zip(names, r.args):
        expr, local = argument(r, level, name, decl, scalar)
        args.append(expr)
        if local:
            locals_.append(local)
    lines = [wrap(f"typedef {r.signature(r.name + 'fn')};"), "",
             f"static void call_{r.name}(void *fn, bench_dropin_args *a)", "{"]
    lines += [f"    {loc}" for loc in locals_]
    if not any("a->" in x for x in args):
        lines.append("    (void)a;")
    lines.append(f"    {r.name}fn *f = ({r.name}fn *)fn;")
    lines.append(wrap(f"    f({', '.join(args)});"))
    lines += ["}", ""]
    return "\n".join(lines)


def render(list_path):
    routines = forward_gen.read_list(list_path, {}, r"^\[(\w+)(?: (\w+))?\]$", "[section]")
    measured = [r for r in routines if r.section in SECTIONS]
    if not measured:
        sys.exit(f"{list_path}: no routine in the sections {' '.join(SECTIONS)}")
    body = [HEADER, '#include "dropin_calls.h"', ""]
    table = ["const bench_dropin_routine bench_dropin_routines[] = {"]
    for r in measured:
        level = SECTIONS[r.section]
        names = r.arg_names()
        body.append(call(r, level))
        table.append(f'    {{ "{r.name}", {level}, \'{element(r, names)}\', '
                     f'{kind(r, level, names)}, call_{r.name} }},')
    table += ["};", "", "const int bench_dropin_routine_count =",
              "    (int)(sizeof bench_dropin_routines / sizeof bench_dropin_routines[0]);", ""]
    return {"dropin_calls.c": "\n".join(body + table)}


def main():
    return forward_gen.main("gen-dropin-calls.py", "bench/meson.build",
                            lambda list_path, flags: render(list_path))


if __name__ == "__main__":
    sys.exit(main())
