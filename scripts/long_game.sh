#!/usr/bin/env bash
# Writes one game of PLIES half-moves (knights out and back, over and
# over) for `tapir tui --bench-keys`: the board's keys on a very long game.
#   scripts/long_game.sh 80000 /tmp/long.pgn
set -euo pipefail
plies=${1:?usage: long_game.sh PLIES OUT}
out=${2:?usage: long_game.sh PLIES OUT}
moves=(Nf3 Nf6 Ng1 Ng8)
{
    printf '[Event "long game"]\n[Result "*"]\n\n'
    for ((i = 0; i < plies; i++)); do
        if ((i % 2 == 0)); then printf '%d. ' $((i / 2 + 1)); fi
        printf '%s ' "${moves[i % 4]}"
        if ((i % 16 == 15)); then printf '\n'; fi
    done
    printf '*\n'
} > "$out"
echo "$out: $plies plies, $(wc -c < "$out") bytes"
