#!/bin/sh
# usage: bench_missing.sh OMPWG_PROGRAM
# `ompwg bench --out DIR` writes one missing-value convention: where the
# JSON has null (no reference ratio on the reference's own row, no
# ceiling), the CSV has an empty field, never a number such as -1.
. "$(dirname "$0")/tap.sh"
program=$1

"$program" bench --ops gemm --prec d --sizes 64 --vec-sizes 1024 --reps 1 --backends openblas,cpu \
    --out "$work/out" >"$work/stdout" 2>"$work/stderr"
status=$?
csv=$(ls "$work/out"/*.csv 2>/dev/null | head -n 1)
json=$(ls "$work/out"/*.json 2>/dev/null | head -n 1)
ok "$([ "$status" -eq 0 ] && [ -n "$csv" ] && [ -n "$json" ] && echo 0 || echo 1)" \
    "ompwg bench --out writes a CSV and a JSON (exit status $status)"
[ -n "$csv" ] || { diag "$(cat "$work/stderr")"; finish; exit; }

# the openblas row is its own reference: its ratio is missing in both
row=$(grep '^openblas,' "$csv" | head -n 1)
ratio=$(printf '%s\n' "$row" | cut -d, -f12)
ok "$([ -n "$row" ] && [ -z "$ratio" ] && echo 0 || echo 1)" \
    "the CSV's openblas row has an empty ratio_to_reference (got '$ratio')"
ok "$(grep -q '"engine": "openblas".*"ratio_to_reference": null' "$json" && echo 0 || echo 1)" \
    "the JSON's openblas row has ratio_to_reference null"
neg=$(grep -c -E '(^|,)-1(,|$)' "$csv")
ok "$([ "$neg" -eq 0 ] && echo 0 || echo 1)" "no CSV field is -1 ($neg rows have one)"
finish
