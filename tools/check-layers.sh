#!/usr/bin/env bash
# The layers include only downwards. Every quoted #include of the C sources
# and headers is resolved to the file it names: first beside the including
# file (a path relative to it included), then in the folder of the including
# file's own part, then in the parts of the layers under it, then anywhere
# else it could be; an include that lands in a higher layer, or in another
# part of the same layer (one backend in another, bench/ in blas/), fails,
# and so does one that names no file. The layers, lowest first:
#
#   1 include/            the public headers
#   2 core/               the backend contract, the settings store, host memory,
#                         the OpenBLAS object (ompwg_config.h is generated there)
#   3 backends/<name>/    one part per backend
#   4 src/                registry, planner, entry points, setters (backend_list.h
#                         is generated for it)
#   5 blas/ lapack/ mpi/ bench/
#   6 cli/                the ompwg program
#   7 tests/ and each part's tests/ folder, which may include any layer
#
# lapack/ is built over the drop-in BLAS and may include blas/, the one
# include between parts of a layer.
#
#     tools/check-layers.sh [SOURCE_ROOT]
#
# TAP: a line a part, with the parts it includes from; exits 1 when an
# include goes up or sideways or names no file (meson's test 'layers').
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"

# Headers generated at build time, by the part they belong to.
declare -A generated=(
    [ompwg_config.h]=core
    [backend_list.h]=src
    [forward/ids.h]=blas
    [lapack_ids.h]=lapack
)
# Includes allowed between two parts of one layer.
declare -A peers=([lapack:blas]=1)

# The part file $1 belongs to, in PART (empty: none of the layers').
part_of() {
    case "$1" in
        */tests/* | tests/*) PART=tests ;;
        include/*) PART=include ;;
        core/*) PART=core ;;
        backends/*/*) PART=${1#backends/}; PART="backends/${PART%%/*}" ;;
        src/*) PART=src ;;
        blas/* | lapack/* | mpi/* | bench/* | cli/*) PART=${1%%/*} ;;
        *) PART="" ;;
    esac
}

declare -A rank=([include]=1 [core]=2 [src]=4 [blas]=5 [lapack]=5 [mpi]=5 [bench]=5 [cli]=6
                 [tests]=7)
for b in backends/*/; do rank[${b%/}]=3; done

# $1 without its . and .. segments (a/b/../c: a/c), in NORM.
normalize() {
    case "$1" in
        *./*) ;;
        *) NORM=$1; return ;;
    esac
    local IFS=/ out=() seg
    for seg in $1; do
        case "$seg" in
            '' | .) ;;
            ..) [ ${#out[@]} -gt 0 ] && unset 'out[${#out[@]}-1]' ;;
            *) out+=("$seg") ;;
        esac
    done
    NORM="${out[*]}"
}

parts=(include core)
for b in backends/*/; do parts+=("${b%/}"); done
parts+=(src blas lapack mpi bench cli tests)
# where a name not found beside the including file is looked for, lowest
# layer first; '.' is the top folder, where src/ and the layers above name
# a backend's public header by its path (backends/gpu/api.h); last the
# tests' folders, which include each other's headers
search=()
for p in "${parts[@]}"; do [ -d "$p" ] && search+=("$p"); done
search+=(.)
for d in */tests tests/*/; do [ -d "$d" ] && search+=("${d%/}"); done

# Resolves name as included from file (own: the folder of its part) into
# TARGET: the file it names, generated:PART, or empty.
resolve() {
    local file=$1 name=$2 own=$3 dir
    normalize "${file%/*}/$name"
    if [ -f "$NORM" ]; then TARGET=$NORM; return; fi
    if [ -n "${generated[$name]:-}" ]; then TARGET="generated:${generated[$name]}"; return; fi
    normalize "$own/$name"
    if [ -f "$NORM" ]; then TARGET=$NORM; return; fi
    for dir in "${search[@]}"; do
        normalize "$dir/$name"
        if [ -f "$NORM" ]; then TARGET=${NORM#./}; return; fi
    done
    TARGET=""
}

declare -A files_in includes_in from_parts bad_lines
total_bad=0
while IFS= read -r -d '' file; do
    file=${file#./}
    part_of "$file"
    own=$PART
    [ -n "$own" ] || continue
    files_in[$own]=$(( ${files_in[$own]:-0} + 1 ))
    own_dir=$own
    [ "$own" = tests ] && own_dir=${file%/*}
    while IFS=: read -r line name; do
        includes_in[$own]=$(( ${includes_in[$own]:-0} + 1 ))
        resolve "$file" "$name" "$own_dir"
        target=$TARGET
        if [ -z "$target" ]; then
            bad_lines[$own]+="# $file:$line: \"$name\" names no file"$'\n'
            total_bad=$((total_bad + 1))
            continue
        fi
        if [ "${target#generated:}" != "$target" ]; then
            to=${target#generated:}
            target="$name (generated)"
        else
            part_of "$target"
            to=$PART
            if [ -z "$to" ]; then
                bad_lines[$own]+="# $file:$line: \"$name\" is $target, outside the layers"$'\n'
                total_bad=$((total_bad + 1))
                continue
            fi
        fi
        [ "$to" = "$own" ] && continue
        case " ${from_parts[$own]:-} " in *" $to "*) ;; *) from_parts[$own]+=" $to" ;; esac
        r_own=${rank[$own]}
        r_to=${rank[$to]}
        if [ "$r_to" -gt "$r_own" ]; then
            bad_lines[$own]+="# $file:$line: \"$name\" is $target: $to is above $own"$'\n'
            total_bad=$((total_bad + 1))
        elif [ "$r_to" -eq "$r_own" ] && [ "$own" != tests ] && [ -z "${peers[$own:$to]:-}" ]; then
            bad_lines[$own]+="# $file:$line: \"$name\" is $target: $to is beside $own, in its layer"$'\n'
            total_bad=$((total_bad + 1))
        fi
    done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]+"' "$file" |
             sed -E 's/^([0-9]+):[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1:\2/')
done < <(find include core backends src blas lapack mpi bench cli tests -type f \
              \( -name '*.c' -o -name '*.h' -o -name '*.inl' -o -name '*.in' -o -name '*.cu' \) \
              -print0 2>/dev/null | sort -z)

n=0
present=()
for p in "${parts[@]}"; do [ -n "${files_in[$p]:-}" ] && present+=("$p"); done
echo "1..${#present[@]}"
for p in "${present[@]}"; do
    n=$((n + 1))
    what="$p (layer ${rank[$p]}): ${files_in[$p]} files, ${includes_in[$p]:-0} includes, from${from_parts[$p]:- its own part only}"
    if [ -n "${bad_lines[$p]:-}" ]; then
        echo "not ok $n - $what"
        printf '%s' "${bad_lines[$p]}"
    else
        echo "ok $n - $what"
    fi
done
if [ "$total_bad" -gt 0 ]; then
    echo "# $total_bad includes go up or sideways or name no file"
    exit 1
fi
