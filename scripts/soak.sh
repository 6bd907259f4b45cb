#!/usr/bin/env bash
# The soak test: tapir against itself on a strict clock (no grace margin,
# no adjudication), with Move Overhead at its default and at 0, with 1 and
# 2 threads: 1,000 games at 1+0.01 and 200 at 2+0 (sudden death), in
# eight runs. Fails if any game ends by a time loss, an illegal move or a
# crash. Needs python-chess (../shared/tools/setup-engines.sh).
#   scripts/soak.sh [TAPIR] [OUT_DIR]
#   SOAK_SCALE=0.1 scripts/soak.sh    (a tenth of the games, for a try)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tapir=${1:-$here/target/release/tapir}
out=${2:-/tmp/tapir-soak}
match=${MATCH:-$here/../shared/tools/match.py}
openings=${OPENINGS:-$here/../shared/data/openings-dev.fen}
scale=${SOAK_SCALE:-1}
mkdir -p "$out"
games() { python3 -c "import math; print(max(2, 2 * math.ceil($1 * $scale / 2)))"; }
bad=0
printf '%-8s %-8s %-9s %6s  %s\n' clock threads overhead games terminations
for tc in 1+0.01 2+0; do
    per=$([ "$tc" = 1+0.01 ] && games 250 || games 50)
    for threads in 1 2; do
        for overhead in default 0; do
            opts=(--a-opt "Threads=$threads" --b-opt "Threads=$threads")
            if [ "$overhead" = 0 ]; then
                opts+=(--a-opt "Move Overhead=0" --b-opt "Move Overhead=0")
            fi
            log="$out/soak-$tc-t$threads-o$overhead.log"
            python3 "$match" --a "$tapir uci" --b "$tapir uci" "${opts[@]}" \
                --tc "$tc" --games "$per" --margin 0 --concurrency 1 \
                --max-plies 600 --resign-cp 100000 --adj-plies 100000 \
                --openings "$openings" --seed 5 \
                --pgn "$out/soak-$tc-t$threads-o$overhead.pgn" > "$log" 2>&1 || true
            terms=$(grep '^terminations:' "$log" | sed 's/^terminations: //')
            printf '%-8s %-8s %-9s %6s  %s\n' "$tc" "$threads" "$overhead" "$per" "${terms:-no result (see $log)}"
            if [ -z "$terms" ] || grep -qE 'lost on time|illegal|crashed|failed to start' <<<"$terms"; then
                bad=1
            fi
        done
    done
done
if [ "$bad" = 1 ]; then
    echo "soak: FAILED (a time loss, an illegal move, a crash, or a run without a result)"
    exit 1
fi
echo "soak: no time loss, no illegal move, no crash"
