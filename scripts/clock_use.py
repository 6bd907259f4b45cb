#!/usr/bin/env python3
"""Where the clock goes: tapir's clock and its opponent's, move by move.

Why: match.py scores games but keeps no clock times, and a time manager
that leaves half its clock unused loses strength no fixed-node test can
see. This plays a few games through match.py with tapir's input logged
(every `go` carries both clocks), then prints, every few moves, the mean
time each side had left as tapir saw it.

    python3 scripts/clock_use.py --tapir target/release/tapir \\
        --b /usr/games/ethereal-chess --tc 10+0.1 --games 4 --seed 5 \\
        --openings ../shared/data/openings-dev.fen

Needs match.py (../shared/tools) and python-chess, like every match.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

RELAY = """#!{python}
import os, subprocess, sys
log = open(os.path.join({tmp!r}, "in-%d.log" % os.getpid()), "w")
engine = subprocess.Popen([{tapir!r}, "uci"], stdin=subprocess.PIPE, text=True)
while True:
    line = sys.stdin.readline()
    if not line:
        break
    log.write(line)
    log.flush()
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == "quit":
        break
engine.stdin.close()
engine.wait()
"""

GO = re.compile(r"^go .*wtime (\d+) btime (\d+)")
POSITION = re.compile(r"^position (startpos|fen (\S+ [wb]) .*?)(?: moves (.*))?$")


def tapir_is_white(position_line):
    """Whether the side to move in `position ...` is White."""
    m = POSITION.match(position_line)
    if not m:
        return None
    white = m.group(2) is None or m.group(2).split()[1] == "w"
    moves = (m.group(3) or "").split()
    return white if len(moves) % 2 == 0 else not white


def clocks(log):
    """(move number, tapir's clock, the opponent's clock) per `go`, in ms."""
    out = []
    position = None
    n = 0
    with open(log) as f:
        for line in f:
            line = line.strip()
            if line.startswith("position"):
                position = line
            m = GO.match(line)
            if m and position:
                white = tapir_is_white(position)
                if white is None:
                    continue
                w, b = int(m.group(1)), int(m.group(2))
                n += 1
                out.append((n, w, b) if white else (n, b, w))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tapir", default="target/release/tapir")
    p.add_argument("--b", required=True, help="the opponent's command")
    p.add_argument("--tc", default="10+0.1")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--openings")
    p.add_argument("--every", type=int, default=5, help="print every this many moves")
    p.add_argument("--match", default=os.path.join(here, "..", "..", "shared", "tools", "match.py"))
    args = p.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        # A relay that logs what the referee sends and ends with tapir (a
        # shell pipe through tee would outlive it and hold the referee).
        wrapper = os.path.join(tmp, "tapir.py")
        with open(wrapper, "w") as f:
            f.write(RELAY.format(python=sys.executable, tapir=os.path.abspath(args.tapir), tmp=tmp))
        os.chmod(wrapper, 0o755)
        cmd = [sys.executable, args.match, "--a", wrapper, "--b", args.b, "--tc", args.tc,
               "--games", str(args.games), "--seed", str(args.seed), "--concurrency", "1"]
        if args.openings:
            cmd += ["--openings", args.openings]
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = result.stdout.strip().splitlines()
        if result.returncode != 0:
            sys.exit("match.py failed:\n" + "\n".join(lines[-20:]))
        print(lines[-1] if lines else "")
        table = defaultdict(list)
        for log in sorted(os.listdir(tmp)):
            if log.endswith(".log"):
                for n, ours, theirs in clocks(os.path.join(tmp, log)):
                    table[n].append((ours, theirs))

    print(f"{'move':>5} {'games':>5} {'tapir ms':>9} {'opponent ms':>12}")
    last = max(table, default=0)
    for n in sorted(table):
        if n % args.every == 1 or n == last:
            rows = table[n]
            ours = sum(r[0] for r in rows) // len(rows)
            theirs = sum(r[1] for r in rows) // len(rows)
            print(f"{n:>5} {len(rows):>5} {ours:>9} {theirs:>12}")


if __name__ == "__main__":
    main()
