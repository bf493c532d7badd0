#!/bin/sh
# usage: man_page.sh OMPWG_PROGRAM MAN_PAGE
# The man page renders without a warning and names every command of
# `ompwg help` and every option of `ompwg bench --help`, so that it stays in
# step with the program.
. "$(dirname "$0")/tap.sh"
program=$1
page=$2
if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z "$page" >"$work/warn" 2>&1
    ok "$([ ! -s "$work/warn" ] && echo 0 || echo 1)" "groff renders $(basename "$page") without a warning"
    [ -s "$work/warn" ] && diag "$(cat "$work/warn")"
fi
# the man page's text with roff's escaped hyphens as plain ones
sed 's/\\-/-/g' "$page" >"$work/text"
"$program" help 2>&1 | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' >"$work/commands"
missing=
for c in $(cat "$work/commands"); do
    grep -q "^\.B ompwg $c\|^\.B $c\$" "$work/text" || missing="$missing $c"
done
ok "$([ -s "$work/commands" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
    "every command of ompwg help is in the man page (missing:${missing:- none})"
"$program" bench --help 2>&1 | sed -n 's/^  \(--[a-z-]*\).*/\1/p' >"$work/options"
missing=
for o in $(cat "$work/options"); do
    grep -q -- "$o" "$work/text" || missing="$missing $o"
done
ok "$([ -s "$work/options" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
    "every option of ompwg bench --help is in the man page (missing:${missing:- none})"
finish
