#!/usr/bin/env python3
"""Writes the forwarders of libompwg_blas: the BLAS routines it does not run
in ompwg, each a C function with its real prototype that calls OpenBLAS's
own definition (blas/forward.c resolves them). The build runs it
(blas/forward/meson.build):

    python3 tools/gen-blas-forward.py LIST OUTDIR

LIST is tools/blas-prototypes.txt. A routine whose name is in OWN below is
defined by hand in blas/, under its literal name (tools/check-names.sh checks
that it greps to its definition), and gets no forwarder: when ompwg starts
running a routine, add its Fortran and CBLAS names here. The files it writes
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

import os
import re
import sys

LIST = "tools/blas-prototypes.txt"
HEADER = ("/* Generated at build time (blas/forward/meson.build) by tools/gen-blas-forward.py\n"
          " * from tools/blas-prototypes.txt, where each routine's prototype, its name\n"
          " * spelled out, is a line: change the list or the script, not this file. */\n")

PROTO = re.compile(r"^(?P<ret>[\w ]+?\**)\s*\b(?P<name>\w+)\((?P<args>.*)\);$")


def wrap(text, width=100):
    """text cut after the commas of its argument list so that no line is
    longer than width, the continuation lines under the first argument."""
    if len(text) <= width or "(" not in text:
        return text
    indent = " " * (text.index("(") + 1)
    lines, line = [], ""
    for piece in re.split(r"(?<=,) ", text):
        if line and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = indent + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join(lines)


class Routine:
    def __init__(self, line, section):
        proto, _, target = line.partition("->")
        m = PROTO.match(proto.strip())
        if not m:
            sys.exit(f"{LIST}: cannot read the prototype: {line}")
        self.ret = m.group("ret").strip()
        self.name = m.group("name")
        self.args = [a.strip() for a in m.group("args").split(",") if a.strip()]
        self.target = target.strip() or None
        self.section = section

    def arg_names(self):
        return [re.search(r"(\w+)$", a).group(1) for a in self.args]

    def signature(self, name=None):
        return f"{self.ret} {name or self.name}({', '.join(self.args)})"


def read_list():
    routines, section = [], None
    for raw in open(LIST):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^\[(\w+)(?: (\w+))?\]$", line)
        if m:
            section = "_".join(g for g in m.groups() if g)
            continue
        if section is None:
            sys.exit(f"{LIST}: a prototype before the first [section]: {line}")
        routines.append(Routine(line, section))
    names = [r.name for r in routines]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit(f"{LIST}: listed twice: {' '.join(dup)}")
    unknown = sorted(set(OWN) - set(names))
    if unknown:
        sys.exit(f"OWN names routines the list does not have: {' '.join(unknown)}")
    return routines


def forwarder(r):
    call = f"fn({', '.join(r.arg_names())})"
    lines = [wrap(f"typedef {r.signature(r.name + '_fn')};"), "",
             wrap(f"OMPWG_BLAS_EXPORT {r.signature()}"), "{",
             f"    {r.name}_fn *fn = ({r.name}_fn *)ompwg_blas_forward(FWD_{r.name});"]
    if r.ret == "void":
        lines.append(wrap(f"    if (fn) {call};"))
    else:
        lines += ["    if (!fn) return 0;", wrap(f"    return {call};")]
    lines += ["}", ""]
    return "\n".join(lines)


def wrapper(r, by_name):
    target = by_name.get(r.target)
    if target is None:
        sys.exit(f"{LIST}: {r.name} -> {r.target}: no such routine in the list")
    names = r.arg_names()
    lines = [wrap(f"OMPWG_BLAS_EXPORT {r.signature()}"), "{"]
    if r.ret == "void":
        lines.append(wrap(f"    *{names[-1]} = {target.name}({', '.join(names[:-1])});"))
    else:
        lines.append(wrap(f"    return {target.name}({', '.join(names)});"))
    lines += ["}", ""]
    return "\n".join(lines)


def render(routines):
    by_name = {r.name: r for r in routines}
    forwarded = [r for r in routines if r.name not in OWN and r.target is None]
    files = {}

    ids = [HEADER, "/* One index per routine libompwg_blas forwards to OpenBLAS. */",
           "#ifndef OMPWG_BLAS_FORWARD_IDS_H", "#define OMPWG_BLAS_FORWARD_IDS_H", "",
           "typedef enum ompwg_blas_fwd {"]
    ids += [f"    FWD_{r.name}," for r in forwarded]
    ids += ["    FWD_COUNT", "} ompwg_blas_fwd;", "",
            "/* the names, in the order of the indices */",
            "extern const char *const ompwg_blas_forward_names[FWD_COUNT];", "", "#endif", ""]
    files["ids.h"] = "\n".join(ids)

    names = [HEADER, '#include "forward.h"', "",
             "const char *const ompwg_blas_forward_names[FWD_COUNT] = {"]
    names += [f'    [FWD_{r.name}] = "{r.name}",' for r in forwarded]
    names += ["};", ""]
    files["names.c"] = "\n".join(names)

    sections = []
    for r in routines:
        if r.section not in sections:
            sections.append(r.section)
    for s in sections:
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
            body += [forwarder(r) for r in members]
        files[f"{s}.c"] = "\n".join(body)

    return files


def main():
    global LIST
    if len(sys.argv) < 3:
        sys.exit("usage: gen-blas-forward.py LIST OUTDIR [EXPECTED-OUTPUT ...]")
    LIST, out = sys.argv[1], sys.argv[2]
    expected = {os.path.basename(p) for p in sys.argv[3:]}
    files = render(read_list())
    if expected and set(files) != expected:
        sys.exit("gen-blas-forward.py: blas/forward/meson.build's outputs ("
                 + " ".join(sorted(expected)) + ") are not the files written ("
                 + " ".join(sorted(files)) + ")")
    os.makedirs(out, exist_ok=True)
    for name, text in sorted(files.items()):
        path = os.path.join(out, name)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
