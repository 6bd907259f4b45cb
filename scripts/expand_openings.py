#!/usr/bin/env python3
"""Grows an opening file two plies deeper, so that fixed-node SPRTs get more
distinct games than the base file has openings.

Why: at a fixed node count tapir plays the same game every time it gets the
same opening with the same colours, and match.py cycles through its opening
file. With the 1,500 openings of openings-dev.fen only 3,000 games of an SPRT
are distinct; every game after that (and every game a second run with another
--seed shares with the first) is a replay that adds weight and no evidence.

How: for each base opening, tapir's MultiPV search (fixed nodes, a cleared
table before each search, one thread: the output is the same on every run)
names the side to move's moves within --margin of its best; up to --first of
them are played, and from each, up to --reply of the opponent's moves within
--margin of its best. A line is kept when its score stays within --max-cp of
level and its position is new (counters aside). The output lists the new
positions only, base order kept.

usage: scripts/expand_openings.py IN.fen OUT.fen [--tapir target/release/tapir]
           [--nodes 20000] [--first 3] [--reply 3] [--margin 40] [--max-cp 120] [--workers 2]
"""
import argparse, concurrent.futures as cf, os, sys, threading

import chess, chess.engine


def key(board):
    """The position without its move counters: two openings that differ only
    there play the same games."""
    return " ".join(board.fen().split()[:4])


class Searcher:
    """One tapir process per worker thread, each search from a cleared table."""

    def __init__(self, exe, nodes):
        self.exe, self.nodes = exe, nodes
        self.local = threading.local()
        self.all = []

    def engine(self):
        e = getattr(self.local, "engine", None)
        if e is None:
            e = chess.engine.SimpleEngine.popen_uci([self.exe, "uci"])
            e.configure({"Threads": 1, "Hash": 16})
            self.local.engine = e
            self.all.append(e)
        return e

    def good_moves(self, board, count, margin):
        """(move, score for the side to move) of up to `count` moves within
        `margin` centipawns of the best, best first."""
        infos = self.engine().analyse(
            board, chess.engine.Limit(nodes=self.nodes), multipv=max(count, 2), game=object()
        )
        lines = []
        for info in infos:
            pv, score = info.get("pv"), info.get("score")
            if not pv or score is None:
                continue
            cp = score.relative.score(mate_score=100000)
            lines.append((pv[0], cp))
        if not lines:
            return []
        best = lines[0][1]
        return [(m, cp) for m, cp in lines if cp >= best - margin][:count]

    def close(self):
        for e in self.all:
            e.quit()


def expand(fen, searcher, args):
    """The kept two-ply extensions of one base opening, as FENs."""
    out = []
    base = chess.Board(fen)
    for m1, _ in searcher.good_moves(base, args.first, args.margin):
        b1 = base.copy(stack=False)
        b1.push(m1)
        for m2, cp in searcher.good_moves(b1, args.reply, args.margin):
            if abs(cp) > args.max_cp:
                continue
            b2 = b1.copy(stack=False)
            b2.push(m2)
            if not b2.is_game_over():
                out.append(b2)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--tapir", default="target/release/tapir")
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--first", type=int, default=3, help="moves tried from each base opening")
    p.add_argument("--reply", type=int, default=3, help="replies tried to each of those")
    p.add_argument("--margin", type=int, default=40, help="centipawns below the best a move may be")
    p.add_argument("--max-cp", type=int, default=120, help="the most a kept line may stand from level")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()

    fens = [l.strip() for l in open(args.input) if l.strip() and not l.startswith("#")]
    searcher = Searcher(args.tapir, args.nodes)
    seen = {key(chess.Board(f)) for f in fens}
    kept = []
    try:
        with cf.ThreadPoolExecutor(args.workers) as ex:
            for n, boards in enumerate(ex.map(lambda f: expand(f, searcher, args), fens), 1):
                for b in boards:
                    k = key(b)
                    if k not in seen:
                        seen.add(k)
                        kept.append(b.fen())
                if n % 100 == 0 or n == len(fens):
                    print(f"{n}/{len(fens)} base openings, {len(kept)} kept", file=sys.stderr, flush=True)
    finally:
        searcher.close()
    tmp = args.output + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"# {len(kept)} openings: {args.input} two plies deeper by scripts/expand_openings.py\n")
        f.write(
            f"# --nodes {args.nodes} --first {args.first} --reply {args.reply} "
            f"--margin {args.margin} --max-cp {args.max_cp}\n"
        )
        for fen in kept:
            f.write(fen + "\n")
    os.replace(tmp, args.output)
    print(f"wrote {len(kept)} openings to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
