#!/bin/sh
# usage: bench_dropin.sh OMPWG_PROGRAM BENCH_DROPIN_COST
# The drop-in cost benchmark's output, not its times: `ompwg bench --dropin`
# and the program bench_dropin_cost on a few routines at two orders with
# tiny samples print a row per routine, order and shape under the table's
# header and a summary, and write a CSV of as many rows with the header's
# number of fields and a JSON of as many results, a routine without an order
# with an empty CSV field and a JSON null there; a name that is not a
# routine is refused with the valid ones.
. "$(dirname "$0")/tap.sh"
program=$1
bench=$2
routines=ddot_,zaxpy_,dgemv_,ctpsv_,sgemm_,ztrsm_,srotg_

"$program" bench --dropin --routines "$routines" --sizes 1,8 --rounds 1 --sample-us 20 \
    --out "$work/out" >"$work/stdout" 2>"$work/stderr"
status=$?
ok "$([ "$status" -eq 0 ] && echo 0 || echo 1)" "ompwg bench --dropin: exit status 0 (got $status)"
[ "$status" -eq 0 ] || diag "$(cat "$work/stderr")"
ok "$(grep -q '^routine  *lvl  *n  *shape  *calls  *calls_ob  *dropin_us  *openblas_us  *ratio  *extra_us  *target$' "$work/stdout" && echo 0 || echo 1)" \
    "the table's header"
# 6 routines at 2 orders, sgemm_ also as a rank-64 update at both, srotg_ once
rows=$(grep -c -E '^[a-z0-9]+_ +[123] +([0-9]+|-) +[a-z=0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x +[-+][0-9.]+ (ok|MISS)$' "$work/stdout")
ok "$([ "$rows" -eq 15 ] && echo 0 || echo 1)" "15 rows in the table's form (got $rows)"
[ "$rows" -eq 15 ] || diag "$(cat "$work/stdout")"
ok "$(grep -q '^[0-9]* of 15 rows miss the target' "$work/stdout" && echo 0 || echo 1)" "the summary"
ok "$(grep -q '^first call through the drop-in (sgemm_, n = 1): [0-9.]* s$' "$work/stdout" && echo 0 || echo 1)" \
    "the first call's time"

csv=$work/out/dropin.csv
json=$work/out/dropin.json
fields=$(head -n 1 "$csv" | awk -F, '{ print NF }')
bad=$(awk -F, -v f="$fields" 'NR > 1 && NF != f' "$csv" | wc -l)
lines=$(($(wc -l <"$csv") - 1))
ok "$([ "$lines" -eq 15 ] && [ "$bad" -eq 0 ] && echo 0 || echo 1)" \
    "the CSV: 15 rows of $fields fields (got $lines, $bad of another count)"
ok "$(grep -q '^srotg_,1,float,,scalar,' "$csv" && echo 0 || echo 1)" "the CSV: srotg_'s n is an empty field"
ok "$(grep -q '^sgemm_,3,float,8,k=64,8,64,' "$csv" && echo 0 || echo 1)" "the CSV: sgemm_'s rank-64 update"
if command -v python3 >/dev/null 2>&1; then
    python3 - "$json" >"$work/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"]
assert len(r) == 15, len(r)
assert d["context"]["rounds"] == 1
assert [x["n"] for x in r if x["routine"] == "srotg_"] == [None]
assert all(x["dropin_us"] > 0 and x["openblas_us"] > 0 for x in r)
assert all(isinstance(x["within_target"], bool) for x in r)
PY
    st=$?
    ok "$st" "the JSON: 15 results, srotg_'s n null, times and verdicts"
    [ "$st" -eq 0 ] || diag "$(cat "$work/py")"
fi

"$bench" --routines ddot_ --sizes 4 --rounds 1 --sample-us 20 >"$work/stdout" 2>"$work/stderr"
status=$?
ok "$([ "$status" -eq 0 ] && grep -q '^ddot_ *1 *4 vector ' "$work/stdout" && echo 0 || echo 1)" \
    "bench_dropin_cost: the same rows (exit status $status)"
"$program" bench --dropin --routines ddot_,frob_ >"$work/stdout" 2>"$work/stderr"
status=$?
ok "$([ "$status" -eq 2 ] && grep -q "'frob_' is not one of" "$work/stderr" && grep -q ' ddot_ ' "$work/stderr" && echo 0 || echo 1)" \
    "an unknown routine: exit status 2 (got $status), the valid ones listed"
finish
