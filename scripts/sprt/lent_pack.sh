#!/bin/sh
# Packs one SPRT's games for a lent many-core machine into .dev/ (ignored by
# git, so the device tool's run must name it in carry), so that the machine plays
# the openings the run here will reach last and the two runs pool without
# replays (scripts/pool_sprt.py). The machine has Python but neither
# python-chess nor cargo: the two binaries travel built (xz keeps the pair
# at about 7 MB, the embedded net being the same), with match.py and
# python-chess beside them.
#
#   scripts/sprt/lent_pack.sh CANDIDATE BASE OPENINGS SEED COUNT
#
# CANDIDATE, BASE: release binaries (x86-64); OPENINGS: the file the run
# here plays with --seed SEED; COUNT: how many openings of the end of that
# run's order go to the machine. Then, on it (the device tool's run, with
# carry [".dev"]), for SECONDS at CONCURRENCY games at a time:
#
#   bash .dev/go.sh SECONDS CONCURRENCY NEWSEED
#
# It writes NAME-NEWSEED.pgn and .log under $OUT (NAME: the candidate's
# file name). Pool the PGN with the run here and the ledger.
set -eu
[ $# -eq 5 ] || { sed -n 2,20p "$0"; exit 2; }
cand=$1 base=$2 openings=$3 seed=$4 count=$5
name=$(basename "$cand")
# The base travels as `base`: a candidate of that name would replace it.
[ "$name" != base ] || { echo "lent_pack.sh: the candidate may not be named 'base'" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
dev=$root/.dev
shared=${SHARED:-$root/../shared}
rm -rf "$dev" && mkdir -p "$dev/bins"
cp "$cand" "$dev/bins/$name"
cp "$base" "$dev/bins/base"
tar -cJf "$dev/bins.tar.xz" -C "$dev/bins" . && rm -rf "$dev/bins"
cp "$shared/tools/match.py" "$dev/"
chess=$(python3 -c 'import chess, os; print(os.path.dirname(chess.__file__))')
cp -r "$chess" "$dev/chess" && rm -rf "$dev/chess/__pycache__"
python3 - "$openings" "$seed" "$count" "$dev/open.fen" <<'EOF'
import random, sys
src, seed, count, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
fens = [l.strip() for l in open(src) if l.strip() and not l.startswith("#")]
random.Random(seed).shuffle(fens)  # match.py's own order for --seed SEED
open(out, "w").write("\n".join(fens[-count:]) + "\n")
EOF
cat > "$dev/go.sh" <<EOF
#!/bin/bash
# $name against the base at 10,000 nodes, stopped after \$1 seconds.
cd "\$(dirname "\$0")"
tar -xJf bins.tar.xz
export PYTHONPATH=\$PWD PYTHONUNBUFFERED=1
timeout -s INT "\$1" python3 match.py --a "\$PWD/$name uci" --b "\$PWD/base uci" \\
    --nodes 10000 --games 20000 --openings open.fen --seed "\$3" --concurrency "\$2" \\
    --sprt 0 5 --pgn "\$OUT/$name-\$3.pgn" > "\$OUT/$name-\$3.log" 2>&1
grep games "\$OUT/$name-\$3.log" | tail -1
EOF
du -sh "$dev"
