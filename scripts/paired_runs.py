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

usage: scripts/paired_runs.py BEFORE.pgn AFTER.pgn
"""
import math, re, sys

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(path):
    """(opening FEN, A has White) -> A's score, for each finished game."""
    out, tags = {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]', line)
            if m:
                tags[m.group(1)] = m.group(2)
                continue
            if not line.strip() or "Result" not in tags:
                continue
            if not re.search(r"(1-0|0-1|1/2-1/2|\*)\s*$", line.strip()):
                continue
            score = RESULTS.get(tags["Result"])
            if score is not None:
                a_white = tags.get("White") == "A"
                key = (tags.get("FEN", "startpos"), a_white)
                out.setdefault(key, score if a_white else 1 - score)
            tags = {}
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
