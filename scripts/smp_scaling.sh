#!/usr/bin/env bash
# Lazy SMP scaling: time to depth (`tapir bench DEPTH --threads N` over the
# bench positions) and Elo of N threads against one thread (self-play on a
# clock), for the thread counts in THREADS. Meant for a machine with many
# cores (each N-thread game needs N free cores; CONCURRENCY games at once).
# Every match runs for at most SECONDS: the last running score is the result.
#   scripts/smp_scaling.sh [TAPIR] [OUT_DIR]
#   DEPTH=18 THREADS="1 2 4 8 16" ELO_THREADS="4 8" TC=5+0.05 SECONDS_PER_MATCH=200 \
#       scripts/smp_scaling.sh target/release/tapir /tmp/smp
# Needs python-chess; MATCH and OPENINGS name match.py and the openings file.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tapir=${1:-$here/target/release/tapir}
out=${2:-/tmp/tapir-smp}
match=${MATCH:-$here/../shared/tools/match.py}
openings=${OPENINGS:-$here/../shared/data/openings-dev.fen}
depth=${DEPTH:-18}
threads=${THREADS:-1 2 4 8 16}
elo_threads=${ELO_THREADS:-4 8}
tc=${TC:-5+0.05}
per_match=${SECONDS_PER_MATCH:-200}
cores=$(nproc)
mkdir -p "$out"
echo "cores: $cores"

echo "== time to depth $depth (bench positions)"
printf '%-8s %9s %13s %12s %8s\n' threads time_s nodes nps speedup
base=""
for n in $threads; do
    log="$out/bench-t$n.log"
    "$tapir" bench "$depth" --threads "$n" > "$log" 2>&1
    t=$(sed -n 's/^Time: \([0-9.]*\) s/\1/p' "$log")
    nodes=$(sed -n 's/^Nodes searched: //p' "$log")
    nps=$(sed -n 's/^Nodes\/second: //p' "$log")
    base=${base:-$t}
    printf '%-8s %9s %13s %12s %8s\n' "$n" "$t" "$nodes" "$nps" \
        "$(python3 -c "print(f'{$base / $t:.2f}x')")"
done

for n in $elo_threads; do
    conc=$(( cores / n ))
    [ "$conc" -lt 1 ] && conc=1
    echo "== $n threads against 1 thread at $tc, $conc games at once, ${per_match} s"
    log="$out/elo-t$n.log"
    PYTHONUNBUFFERED=1 timeout "$per_match" python3 "$match" \
        --a "$tapir uci" --b "$tapir uci" --a-opt "Threads=$n" --b-opt "Threads=1" \
        --tc "$tc" --games 1000 --concurrency "$conc" --openings "$openings" --seed 29 \
        --pgn "$out/elo-t$n.pgn" > "$log" 2>&1
    pkill -f "$tapir uci" 2>/dev/null
    grep ' games ' "$log" | tail -1
done
