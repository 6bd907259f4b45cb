#!/usr/bin/env bash
# Writes a PGN file of at least COUNT games made of the real games in
# tests/data/pgn (20 of them a round), for `tapir tui --bench-open`.
#   scripts/many_games.sh 10000 /tmp/10k.pgn
set -euo pipefail
count=${1:?usage: many_games.sh COUNT OUT}
out=${2:?usage: many_games.sh COUNT OUT}
dir="$(dirname "$0")/../tests/data/pgn"
# The UTF-8 (BOM) and Latin-1 files are left out: a BOM or Latin-1 bytes
# in the middle of a UTF-8 file are not what a real collection holds.
files=()
for f in "$dir"/*.pgn; do
    case "$(basename "$f")" in utf8-bom.pgn|latin1.pgn) ;; *) files+=("$f") ;; esac
done
per_round=$(cat "${files[@]}" | grep -c '^\[Event ')
rounds=$(( (count + per_round - 1) / per_round ))
: > "$out"
for ((i = 0; i < rounds; i++)); do
    for f in "${files[@]}"; do
        cat "$f" >> "$out"
        printf '\n' >> "$out"
    done
done
echo "$out: $(grep -c '^\[Event ' "$out") games, $(wc -c < "$out") bytes"
