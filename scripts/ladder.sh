#!/bin/sh
# The README's strength ladder: tapir (its default evaluator, one thread)
# against the reference engines Debian ships, 200 games each at 10+0.1
# from openings-dev.fen, two games at a time. Each match writes its log and
# PGN to OUT_DIR; the last line of each log is the result the README quotes.
#
#   scripts/ladder.sh [OUT_DIR] [ENGINE...]   # engines: hoichess sjeng phalanx gnuchess glaurung toga2
#
# Needs ../shared/tools (match.py, setup-engines.sh for the engines) and a
# release build. TAPIR overrides the binary (copy it if you build meanwhile),
# GAMES the number of games.
set -eu

cd "$(dirname "$0")/.."
out="${1:-ladder}"
[ $# -gt 0 ] && shift
engines="${*:-hoichess sjeng phalanx gnuchess glaurung toga2}"
tapir="${TAPIR:-target/release/tapir}"
games="${GAMES:-200}"
match=../shared/tools/match.py
openings=../shared/data/openings-dev.fen
mkdir -p "$out"

for name in $engines; do
    # The seed of each engine's openings, and how to start it. Glaurung
    # would take two threads; everyone plays with one.
    case "$name" in
        hoichess) seed=41 cmd="xboard:/usr/games/hoichess" opt="" ;;
        sjeng)    seed=42 cmd="xboard:/usr/games/sjeng" opt="" ;;
        phalanx)  seed=45 cmd="xboard:/usr/games/phalanx" opt="" ;;
        gnuchess) seed=46 cmd="/usr/games/gnuchess --uci" opt="" ;;
        glaurung) seed=47 cmd="/usr/games/glaurung" opt="Threads=1" ;;
        toga2)    seed=44 cmd="/usr/games/toga2" opt="" ;;
        *) echo "unknown engine '$name' (hoichess sjeng phalanx gnuchess glaurung toga2)" >&2; exit 2 ;;
    esac
    echo "== $name (seed $seed)"
    python3 "$match" --a "$tapir uci" --b "$cmd" ${opt:+--b-opt "$opt"} \
        --tc 10+0.1 --games "$games" --openings "$openings" --seed "$seed" \
        --concurrency 2 --pgn "$out/$name.pgn" > "$out/$name.log" 2>&1 || true
    tail -n 3 "$out/$name.log"
done
