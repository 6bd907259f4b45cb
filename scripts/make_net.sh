#!/usr/bin/env bash
# Rebuilds tapir's built-in net from tapir's own self-play, as recorded in
# the README ("Reproducing the net"). Takes hours on two cores: the self-play
# is the slow part. Every game is a function of (seed, game index) and games
# are written in order, so the first N records are the same however long
# the run and however many threads play it; each run is stopped once it has
# its N. (Restarting a run on the same file would append games with a
# derived seed instead, so start from an empty WORKDIR.)
#
#   scripts/make_net.sh WORKDIR [THREADS]
#
# Six generations: the first net (commit cde8c5c, trained on hand-crafted
# self-play) plays 1,301,468 positions, the tuned hand-crafted evaluation
# 4,440,365 and then 4,441,777 more, the third net (commit ee9f36f, trained
# on those three) plays 2,258,772, the fourth (commit ba71f88, trained on
# those four) 3,629,462, the fifth (commit a1c5a4b, trained on those five)
# 4,096,792 at 2500 nodes a move, the sixth (commit 7ed135c, trained on
# those six) 3,481,854 at 2500 nodes, and the seventh net trains on all
# seven; the seventh then plays 10,376,156 positions and the eighth trains
# on from it with them; the eighth plays 8,143,178 and the ninth trains on
# from it with them; the ninth plays 4,467,794 and the tenth trains on from
# it; the tenth plays 4,137,300 and the eleventh trains on from it; the
# eleventh plays 8,004,632 and the twelfth trains on from it; the twelfth
# plays 8,007,913 and the thirteenth trains on from it; the thirteenth
# plays 8,000,839 and the fourteenth (the built-in net) trains on from it.
# The README's runs of each generation were played by the
# search of their day (the ninth's by commit 0080135, bench 8114710; the
# tenth's and eleventh's by bench 12850400, the twelfth's by 12362068,
# the thirteenth's by 11335334, the fourteenth's by 10767756);
# this script plays them all with today's, so its nets are made the same
# way, not the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${1:?usage: scripts/make_net.sh WORKDIR [THREADS]}
threads=${2:-2}
mkdir -p "$work"
cargo build --release
tapir=target/release/tapir
git show cde8c5c:nets/default.nnue > "$work/net0.nnue"
git show ee9f36f:nets/default.nnue > "$work/net2.nnue"
git show ba71f88:nets/default.nnue > "$work/net4.nnue"
git show a1c5a4b:nets/default.nnue > "$work/net5.nnue"
git show 7ed135c:nets/default.nnue > "$work/net6.nnue"

# play_until FILE POSITIONS SEED NODES [datagen flags...]: runs datagen on
# FILE (appending if it exists) until FILE holds POSITIONS records, and
# cuts it there.
play_until() {
    local data=$1 positions=$2 seed=$3 nodes=$4
    shift 4
    "$tapir" datagen --out "$data" --games 1000000 --nodes "$nodes" \
        --threads "$threads" --seed "$seed" "$@" &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 10
        if (( $(stat -c %s "$data") / 32 >= positions )); then
            kill "$pid" 2>/dev/null || true
            break
        fi
    done
    wait "$pid" || true
    truncate -s $(( positions * 32 )) "$data"
}

# selfplay FILE POSITIONS SEED NODES [datagen flags...]: the first
# POSITIONS records of a new self-play run at NODES nodes a move.
selfplay() {
    if [[ -e "$1" ]]; then
        echo "$1 exists: start from an empty WORKDIR" >&2
        exit 1
    fi
    play_until "$@"
}

selfplay "$work/gen1-net.bin" 1301468 3001 5000 --net "$work/net0.nnue"
selfplay "$work/gen1-hce.bin" 4440365 3002 5000 --hce
selfplay "$work/gen3-hce.bin" 4441777 3003 5000 --hce
selfplay "$work/gen5-net.bin" 2258772 3005 5000 --net "$work/net2.nnue"
selfplay "$work/gen6-net.bin" 3629462 3006 5000 --net "$work/net4.nnue"
selfplay "$work/gen7-net.bin" 4096792 3007 2500 --net "$work/net5.nnue"
selfplay "$work/gen8-net.bin" 3481854 3008 2500 --net "$work/net6.nnue"

"$tapir" train --data "$work/gen1-hce.bin" "$work/gen1-net.bin" "$work/gen3-hce.bin" \
    "$work/gen5-net.bin" "$work/gen6-net.bin" "$work/gen7-net.bin" "$work/gen8-net.bin" \
    --out "$work/net7.nnue" --epochs 8 --threads 2 --seed 1

# The eighth net: the seventh plays 10,376,156 positions of its own at
# 2500 nodes (nine runs) and trains on from them at a low rate.
gen9=()
for run in 3009:2751938 3010:1872960 3011:276986 3012:911715 3013:916487 \
           3014:916417 3015:911350 3016:909420 3017:908883; do
    seed=${run%%:*}
    selfplay "$work/gen9-s$seed.bin" "${run##*:}" "$seed" 2500 --net "$work/net7.nnue"
    gen9+=("$work/gen9-s$seed.bin")
done
"$tapir" train --init "$work/net7.nnue" --data "${gen9[@]}" \
    --out "$work/net8.nnue" --epochs 4 --lr 0.00005 --threads 2 --seed 1
# The ninth net: the eighth plays 8,143,178 positions (two runs) and trains
# on from them the same way.
selfplay "$work/gen10-s3031.bin" 3682232 3031 2500 --net "$work/net8.nnue"
selfplay "$work/gen10-s3032.bin" 4460946 3032 2500 --net "$work/net8.nnue"
"$tapir" train --init "$work/net8.nnue" --data "$work/gen10-s3031.bin" "$work/gen10-s3032.bin" \
    --out "$work/net9.nnue" --epochs 4 --lr 0.00005 --threads 2 --seed 1
# The tenth net: the ninth plays 4,467,794 positions and trains on from
# them for two epochs (four over-fit).
selfplay "$work/gen11-s3041.bin" 4467794 3041 2500 --net "$work/net9.nnue"
"$tapir" train --init "$work/net9.nnue" --data "$work/gen11-s3041.bin" \
    --out "$work/net10.nnue" --epochs 2 --lr 0.00005 --threads 2 --seed 1
# The eleventh net: the tenth plays 4,137,300 positions (two runs) and
# trains on from them the same way.
selfplay "$work/gen12-s3051.bin" 2509843 3051 2500 --net "$work/net10.nnue"
selfplay "$work/gen12-s3052.bin" 1627457 3052 2500 --net "$work/net10.nnue"
"$tapir" train --init "$work/net10.nnue" --data "$work/gen12-s3051.bin" "$work/gen12-s3052.bin" \
    --out "$work/net11.nnue" --epochs 2 --lr 0.00005 --threads 2 --seed 1
# The twelfth net: the eleventh plays 8,004,632 positions in one file, as
# the README's run was made: stopped at 4,641,438, then resumed (appending,
# with a seed derived from 3071 and those records), and trains on from it.
selfplay "$work/gen13-s3071.bin" 4641438 3071 2500 --net "$work/net11.nnue"
play_until "$work/gen13-s3071.bin" 8004632 3071 2500 --net "$work/net11.nnue"
"$tapir" train --init "$work/net11.nnue" --data "$work/gen13-s3071.bin" \
    --out "$work/net12.nnue" --epochs 4 --lr 0.00005 --threads 2 --seed 1
# The thirteenth net: the twelfth plays 8,007,913 positions in one file,
# as the README's run was made: stopped at 5,099,658, resumed to 5,345,184
# and again to 8,007,913 (each resumed run appends, with a seed derived
# from 3081 and the records there), and trains on from it.
selfplay "$work/gen14-s3081.bin" 5099658 3081 2500 --net "$work/net12.nnue"
play_until "$work/gen14-s3081.bin" 5345184 3081 2500 --net "$work/net12.nnue"
play_until "$work/gen14-s3081.bin" 8007913 3081 2500 --net "$work/net12.nnue"
"$tapir" train --init "$work/net12.nnue" --data "$work/gen14-s3081.bin" \
    --out "$work/net13.nnue" --epochs 4 --lr 0.00005 --threads 2 --seed 1
# The fourteenth net: the thirteenth plays 8,000,839 positions in one file,
# as the README's run was made: stopped at 2,674,268, resumed to
# 4,963,135, 6,137,923 and 8,000,839, and trains on from it.
selfplay "$work/gen15-s3091.bin" 2674268 3091 2500 --net "$work/net13.nnue"
play_until "$work/gen15-s3091.bin" 4963135 3091 2500 --net "$work/net13.nnue"
play_until "$work/gen15-s3091.bin" 6137923 3091 2500 --net "$work/net13.nnue"
play_until "$work/gen15-s3091.bin" 8000839 3091 2500 --net "$work/net13.nnue"
"$tapir" train --init "$work/net13.nnue" --data "$work/gen15-s3091.bin" \
    --out "$work/default.nnue" --epochs 4 --lr 0.00005 --threads 2 --seed 1
echo "now: cp $work/default.nnue nets/default.nnue"
