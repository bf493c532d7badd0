#!/bin/sh
# usage: knob_quote.sh OMPWG_PROGRAM
# A knob's bad value is shown quoted in its message: an escape sequence or a
# newline in it neither reaches the terminal raw nor splits the line.
. "$(dirname "$0")/tap.sh"
program=$1
esc=$(printf '\033')
for knob in OMPWG_VERBOSE OMPWG_BACKEND; do
    env "$knob=$(printf '9\033[31m\nX')" "$program" info >/dev/null 2>"$work/err"
    line=$(grep -c "^ompwg: $knob=" "$work/err")
    raw=$(grep -c "$esc" "$work/err")
    ok "$([ "$line" -eq 1 ] && [ "$raw" -eq 0 ] && grep -q '\\x1b\[31m\\x0aX' "$work/err" && echo 0 || echo 1)" \
        "$knob with an escape and a newline: one line, the bytes shown as \\xNN"
    [ "$raw" -eq 0 ] || diag "stderr holds the raw escape"
done
finish
