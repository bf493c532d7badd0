"""What the forwarder generators share (tools/gen-blas-forward.py for
libompwg_blas, tools/gen-lapack-forward.py for libompwg_lapack): reading a
list of prototypes, writing one forwarder C function per routine that
calls OpenBLAS's own definition through the library's table, the file that
numbers them and the one that names them, and the command line that checks
the files written against the outputs the build names.

A list is one prototype a line, "RET NAME(ARGS);", in sections "[WORD]" or
"[WORD WORD]"; a line may end in "-> ROUTINE" where the script allows it
(Routine.target). An argument may be a procedure, "int (*select)(...)".
"""

import os
import re
import sys

PROTO = re.compile(r"^(?P<ret>[\w ]+?\**)\s*\b(?P<name>\w+)\((?P<args>.*)\);$")


def split_args(text):
    """text's arguments, split at the commas outside parentheses (a
    procedure argument's own list has commas)."""
    args, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        args.append(cur.strip())
    return args


def wrap(text, width=100):
    """text cut after the commas of its argument list so that no line is
    longer than width, the continuation lines under the first argument."""
    if len(text) <= width or "(" not in text:
        return text
    indent = " " * (text.index("(") + 1)
    # the pieces: text cut after each ", " of the outermost argument list
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 1 and text[i + 1:i + 2] == " ":
            pieces.append(text[start:i + 1])
            start = i + 2
    pieces.append(text[start:])
    lines, line = [], ""
    for piece in pieces:
        if line and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = indent + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join(lines)


class Routine:
    """One line of the list: ret, name, args (each with its name), the
    section it stands in, and target, the routine after "->" (None without
    one; with targets false such a line is not a prototype)."""

    def __init__(self, line, section, list_path, targets=True):
        proto, target = line, ""
        if targets:
            proto, _, target = line.partition("->")
        m = PROTO.match(proto.strip())
        if not m:
            sys.exit(f"{list_path}: cannot read the prototype: {line}")
        self.ret = m.group("ret").strip()
        self.name = m.group("name")
        self.args = split_args(m.group("args"))
        self.target = target.strip() or None
        self.section = section
        self.list_path = list_path

    def arg_names(self):
        names = []
        for a in self.args:
            m = re.search(r"\(\s*\*\s*(\w+)\s*\)", a) or re.search(r"(\w+)$", a)
            if not m:
                sys.exit(f"{self.list_path}: {self.name}: an argument without a name: {a}")
            names.append(m.group(1))
        return names

    def signature(self, name=None):
        return f"{self.ret} {name or self.name}({', '.join(self.args)})"


def blas_int(routine):
    """routine's "int"s (in its value and its arguments) as the library's
    BLAS integer, ompwg_blas_int (ompwg_blas.h): int in the LP64 build,
    int64_t in the ILP64 one, which compile the same generated files."""
    def sub(text):
        return re.sub(r"\bint\b", "ompwg_blas_int", text)
    routine.ret = sub(routine.ret)
    routine.args = [sub(a) for a in routine.args]


def read_list(list_path, own, section_re, section_form, targets=True):
    """The routines of list_path, in its order. section_re matches a
    section's line; the section is its groups joined by "_". section_form
    names that line in the message for a prototype before the first. Every
    name of own must be in the list, and no name twice."""
    routines, section = [], None
    for raw in open(list_path):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(section_re, line)
        if m:
            section = "_".join(g for g in m.groups() if g)
            continue
        if section is None:
            sys.exit(f"{list_path}: a prototype before the first {section_form}: {line}")
        routines.append(Routine(line, section, list_path, targets))
    names = [r.name for r in routines]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit(f"{list_path}: listed twice: {' '.join(dup)}")
    unknown = sorted(set(own) - set(names))
    if unknown:
        sys.exit(f"OWN names routines the list does not have: {' '.join(unknown)}")
    return routines


def sections(routines):
    """The sections of routines, in the order they first appear."""
    found = []
    for r in routines:
        if r.section not in found:
            found.append(r.section)
    return found


class Library:
    """How one library spells its forwarders: export, the attribute of its
    exported functions ("OMPWG_BLAS_EXPORT"); forward, the function that
    gives a routine's definition ("ompwg_blas_forward"); prefix, that of the
    routines' indices ("FWD_"); what, the library's name in the comments
    ("libompwg_blas"); guard, the numbering header's include guard; enum,
    the numbering's type; names, the array of the names."""

    def __init__(self, export, forward, prefix, what, guard, enum, names):
        self.export = export
        self.forward = forward
        self.prefix = prefix
        self.what = what
        self.guard = guard
        self.enum = enum
        self.names = names

    def forwarder(self, r, check=None):
        """The C function named r that calls OpenBLAS's definition of r,
        between ompwg_openblas_enter() and ompwg_openblas_leave(gate);
        with check (a C expression of its arguments, true when they are
        legal; only for a routine without a value) it returns first when
        check is false."""
        call = f"fn({', '.join(r.arg_names())})"
        lines = [wrap(f"typedef {r.signature(r.name + '_fn')};"), "",
                 wrap(f"{self.export} {r.signature()}"), "{"]
        if check:
            if r.ret != "void":
                sys.exit(f"{r.list_path}: {r.name}: a check for a routine with a value")
            lines += [wrap(f"    bool legal = {check};"), "    if (!legal) return;"]
        lines.append(
            f"    {r.name}_fn *fn = ({r.name}_fn *){self.forward}({self.prefix}{r.name});")
        # the call held in the fork gate (core/openblas_gate.h)
        if r.ret == "void":
            lines += ["    if (!fn) return;", "    ompwg_gate_slot *gate = ompwg_openblas_enter();",
                      wrap(f"    {call};"), "    ompwg_openblas_leave(gate);"]
        else:
            lines += ["    if (!fn) return 0;", "    ompwg_gate_slot *gate = ompwg_openblas_enter();",
                      wrap(f"    {r.ret} result = {call};"), "    ompwg_openblas_leave(gate);",
                      "    return result;"]
        lines += ["}", ""]
        return "\n".join(lines)

    def ids(self, header, forwarded):
        """The header that numbers the forwarded routines."""
        count = f"{self.prefix}COUNT"
        lines = [header, f"/* One index per routine {self.what} forwards to OpenBLAS. */",
                 f"#ifndef {self.guard}", f"#define {self.guard}", "",
                 f"typedef enum {self.enum} {{"]
        lines += [f"    {self.prefix}{r.name}," for r in forwarded]
        lines += [f"    {count}", f"}} {self.enum};", "",
                  "/* the names, in the order of the indices */",
                  f"extern const char *const {self.names}[{count}];", "", "#endif", ""]
        return "\n".join(lines)

    def names_file(self, header, include, forwarded):
        """The C file that names the forwarded routines, by index."""
        lines = [header, f'#include "{include}"', "",
                 f"const char *const {self.names}[{self.prefix}COUNT] = {{"]
        lines += [f'    [{self.prefix}{r.name}] = "{r.name}",' for r in forwarded]
        lines += ["};", ""]
        return "\n".join(lines)


def main(script, meson_build, render, flags=()):
    """The command line of a generator: script [FLAG ...] LIST OUTDIR
    [EXPECTED-OUTPUT ...]. render(list_path, flags_given) gives the files,
    {name: text}; they are written to OUTDIR (each only where it differs),
    after a check that they are EXPECTED-OUTPUT's names, meson_build's
    outputs, where those are given."""
    argv = sys.argv[1:]
    given = {f for f in flags if f in argv}
    argv = [a for a in argv if a not in flags]
    if len(argv) < 2:
        sys.exit(f"usage: {script} {''.join(f'[{f}] ' for f in flags)}"
                 "LIST OUTDIR [EXPECTED-OUTPUT ...]")
    list_path, out = argv[0], argv[1]
    expected = {os.path.basename(p) for p in argv[2:]}
    files = render(list_path, given)
    if expected and set(files) != expected:
        sys.exit(f"{script}: {meson_build}'s outputs ("
                 + " ".join(sorted(expected)) + ") are not the files written ("
                 + " ".join(sorted(files)) + ")")
    os.makedirs(out, exist_ok=True)
    for name, text in sorted(files.items()):
        path = os.path.join(out, name)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
    return 0
