#!/usr/bin/env python3
"""Compares two match.py runs of two builds against the same opponent, game
for game.

Why: a 400-game run against Ethereal at 10+0.1 has error bars of about 30
Elo, so two builds' runs on their own rarely tell the builds apart. Played
on the same openings with the same seed, each game of one run has a twin in
the other (the same opening, the engine under test with the same colour);
the differences between twins vary less than the games themselves, so the
paired comparison is tighter than comparing the two totals.

Engine A of each run is the build under test. Prints the games in common,
each run's points on them, the mean difference with its 95% interval (from
the spread of the paired differences), and how many results changed each
way.

usage: scripts/paired_runs.py BEFORE.pgn|.tsv AFTER.pgn|.tsv
"""
import math, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pool_sprt import hashed_games  # noqa: E402  (the same reading of a run)

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(path, engine="A"):
    """(opening, A has White) -> A's score, for each finished game of a
    match.py PGN file or a pool_sprt.py ledger (the first of any replays)."""
    out = {}
    for fen, white, result, _ in hashed_games(path):
        score = RESULTS.get(result)
        if score is not None:
            a_white = white == engine
            out.setdefault((fen, a_white), score if a_white else 1 - score)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    before, after = games(sys.argv[1]), games(sys.argv[2])
    common = [k for k in before if k in after]
    n = len(common)
    if n < 2:
        sys.exit(f"only {n} games in common: were both runs played with the same openings and seed?")
    d = [after[k] - before[k] for k in common]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    half = 1.96 * sd / math.sqrt(n) * n
    up = sum(1 for x in d if x > 0)
    down = sum(1 for x in d if x < 0)
    print(f"games in common: {n} (of {len(before)} and {len(after)})")
    print(f"points: before {sum(before[k] for k in common):.1f}, after {sum(after[k] for k in common):.1f}")
    print(f"difference: {mean * n:+.1f} +- {half:.1f} points (95%)")
    print(f"results changed: {up + down}, {up} up and {down} down")


if __name__ == "__main__":
    main()
