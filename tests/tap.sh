# The shell test scripts' side of TAP (tap.c is the programs'), sourced:
# ok STATUS DESCRIPTION (STATUS 0 passes), diag LINE..., finish (prints the
# plan and exits 0 when every test passed), and $work, a temporary folder
# removed at exit.
count=0
failed=0
ok() {
    count=$((count + 1))
    if [ "$1" -eq 0 ]; then echo "ok $count - $2"; else echo "not ok $count - $2"; failed=$((failed + 1)); fi
}
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }
finish() {
    echo "1..$count"
    [ "$failed" -eq 0 ]
    exit
}

work=$(mktemp -d) || { echo "Bail out! no temporary directory"; exit 1; }
trap 'rm -rf "$work"' EXIT
