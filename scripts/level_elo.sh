#!/usr/bin/env bash
# The board's play levels against a calibrated reference: each level 1-9
# of `tapir uci` (UCI_LimitStrength with the level's UCI_Elo, as the board
# sets them) plays Stockfish 15.1 limited to the nearest UCI_Elo it offers
# (1350-2850), and the level's Elo is the reference's plus the measured
# difference. Needs ../shared/tools/setup-engines.sh (python-chess and
# /usr/games/stockfish).
#   scripts/level_elo.sh [TAPIR] [OUT_DIR]
#   GAMES=40 TC=10+0.1 scripts/level_elo.sh
#   LEVELS="1 2" scripts/level_elo.sh   (some levels only)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tapir=${1:-$here/target/release/tapir}
out=${2:-/tmp/tapir-levels}
match=${MATCH:-$here/../shared/tools/match.py}
openings=${OPENINGS:-$here/../shared/data/openings-dev.fen}
games=${GAMES:-20}
tc=${TC:-5+0.05}
stockfish=${STOCKFISH:-/usr/games/stockfish}
# LEVEL_ELO in src/tui/params.rs, levels 1-9.
elos=(600 1250 1500 1750 2000 2200 2400 2600 2800)
mkdir -p "$out"
printf '%-6s %-8s %-9s %s\n' level UCI_Elo reference result
for i in "${!elos[@]}"; do
    level=$((i + 1))
    case " ${LEVELS:-1 2 3 4 5 6 7 8 9} " in *" $level "*) ;; *) continue ;; esac
    elo=${elos[$i]}
    ref=$elo
    [ "$ref" -lt 1350 ] && ref=1350
    log="$out/level-$level.log"
    python3 "$match" --a "$tapir uci" --b "$stockfish" \
        --a-opt UCI_LimitStrength=true --a-opt "UCI_Elo=$elo" \
        --b-opt UCI_LimitStrength=true --b-opt "UCI_Elo=$ref" --b-opt Threads=1 \
        --tc "$tc" --games "$games" --openings "$openings" --seed "$((60 + level))" \
        --concurrency 2 --pgn "$out/level-$level.pgn" > "$log" 2>&1 || true
    printf '%-6s %-8s %-9s %s\n' "$level" "$elo" "SF $ref" "$(grep '^final:' "$log" | sed 's/^final: //')"
done
