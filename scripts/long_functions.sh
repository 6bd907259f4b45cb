#!/bin/sh
# Lists the functions longer than a limit (default 80 lines), longest first:
#   scripts/long_functions.sh [LIMIT] [DIR...]     (default DIR: src)
# A function runs from its `fn` line to the `}` at the same indentation,
# which is where rustfmt puts it; unit tests (`mod tests`, tests.rs) are
# left out. Output: lines, file:line, name.
limit=${1:-80}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- src
find "$@" -name '*.rs' ! -name tests.rs | sort | xargs awk -v limit="$limit" '
function indent(s) { match(s, /^ */); return RLENGTH }
FNR == 1 { open = 0; skip = -1 }
# A `mod tests {` block: skipped to its closing brace.
skip < 0 && /^ *mod tests *\{/ { skip = indent($0); next }
skip >= 0 { if (indent($0) == skip && $0 ~ /^ *\} *$/) skip = -1; next }
/^ *((pub(\([a-z:]+\))? )?(const |async |unsafe |extern "C" )*)fn [A-Za-z_][A-Za-z0-9_]*/ {
    # A one-line body, or a declaration without one (a trait method).
    if ($0 ~ /\{.*\} *$/ || $0 ~ /; *$/) { next }
    name = $0; sub(/^.*fn /, "", name); sub(/[^A-Za-z0-9_].*$/, "", name)
    open = 1; start = FNR; at = indent($0); fname = name
    next
}
open && indent($0) == at && $0 ~ /^ *\}/ {
    n = FNR - start + 1
    if (n > limit) printf "%5d  %s:%d  %s\n", n, FILENAME, start, fname
    open = 0
}
' | sort -rn
