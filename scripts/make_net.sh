#!/usr/bin/env bash
# Rebuilds tapir's built-in net from tapir's own self-play, as recorded in
# the README ("Reproducing the net"). Takes hours on two cores: the self-play
# is the slow part. Every game is a function of (seed, game index) and games
# are written in order, so the first N records are the same however long
# the run and however many threads play it; the run is stopped once it has
# N. (Restarting it on the same file would append games with a derived
# seed instead, so start from an empty WORKDIR.)
#
#   scripts/make_net.sh WORKDIR [POSITIONS]
#
# POSITIONS: how many records of the self-play file to train on (default:
# the figure the README gives for the built-in net).
set -euo pipefail
cd "$(dirname "$0")/.."

work=${1:?usage: scripts/make_net.sh WORKDIR [POSITIONS]}
positions=${2:-2400000}
mkdir -p "$work"
cargo build --release
tapir=target/release/tapir

# Generation 0: the tuned hand-crafted evaluation plays itself, 5000 nodes a
# move.
data="$work/hce-s2000.bin"
if [[ -e "$data" ]]; then
    echo "$data exists: start from an empty WORKDIR" >&2
    exit 1
fi
"$tapir" datagen --out "$data" --games 1000000 --nodes 5000 --threads 2 --seed 2000 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
    sleep 10
    if (( $(stat -c %s "$data") / 32 >= positions )); then kill "$pid"; fi
done
wait "$pid" || true
head -c $(( positions * 32 )) "$data" > "$work/train.bin"

"$tapir" train --data "$work/train.bin" --out "$work/default.nnue" \
    --epochs 12 --threads 2 --seed 1 --lambda 0.75
echo "now: cp $work/default.nnue nets/default.nnue"
