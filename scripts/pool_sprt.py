#!/usr/bin/env python3
"""Pools the PGN files of several match.py runs of one SPRT, counting each
game once.

Why: at a fixed node count tapir plays the same game whenever it gets the
same opening with the same colours, so two runs with different --seed share
every opening both reached, and one run longer than twice its opening file
replays its own first games. Summing the runs' totals counts those replays
as evidence. This keeps the first game of each (opening, colours) pair,
reports how many later ones repeated it move for move (and how many did not,
which would mean the games were not reproducible after all), and prints the
score, Elo and SPRT log-likelihood ratio with match.py's own formulas.

A run's PGN files do not outlive the machine that played them, and an SPRT
on two cores takes more than one session. So --ledger OUT.tsv writes the
distinct games as a ledger small enough to commit (one line a game: a hash
of the opening, White, the result, a hash of the moves; about 40 bytes),
and a .tsv given as a RUN is read as such a ledger, pooled with the PGN
files of a later run exactly as their games would be. A ledger keeps the
'# from:' and '# conditions:' lines of the ledgers it pooled, so a run's
conditions outlive every later pooling; --conditions TEXT adds this one's.

--unplayed OPENINGS.fen OUT.fen writes the openings of OPENINGS.fen that no
pooled game started from, in their order, so that the next run (any --seed)
plays only games the pool has not seen instead of replaying a third of them.

usage: scripts/pool_sprt.py [--sprt ELO0 ELO1] [--match ../shared/tools/match.py]
                            [--ledger OUT.tsv [--conditions TEXT]]
                            [--unplayed OPENINGS.fen OUT.fen] RUN.pgn|LEDGER.tsv...
"""
import argparse, hashlib, importlib.util, os, re, sys


def digest(text):
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def games(path):
    """(opening FEN, White's name, result, moves without comments) of each
    game in a match.py PGN file."""
    text = open(path, encoding="utf-8").read()
    for block in re.split(r"\n\n(?=\[Event )", text):
        result = re.search(r'\[Result "([^"]+)"\]', block)
        white = re.search(r'\[White "([^"]+)"\]', block)
        if not (result and white):
            continue
        fen = re.search(r'\[FEN "([^"]+)"\]', block)
        body = block.split("\n\n", 1)[1] if "\n\n" in block else ""
        moves = re.sub(r"\{[^}]*\}", " ", body).split()
        yield (fen.group(1) if fen else "startpos", white.group(1), result.group(1), moves)


def hashed_games(path):
    """(opening hash, White, result, moves hash) of each game of a PGN file
    or a ledger written by --ledger."""
    if path.endswith(".tsv"):
        for line in open(path, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            fen, white, result, moves = line.rstrip("\n").split("\t")
            yield fen, white, result, moves
    else:
        for fen, white, result, moves in games(path):
            yield digest(fen), white, result, digest(" ".join(moves))


def ledger_notes(path):
    """The '# from:' and '# conditions:' lines of a ledger, in order (none
    for a PGN file)."""
    if not path.endswith(".tsv"):
        return []
    notes = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("# from:") or line.startswith("# conditions:"):
            notes.append(line.rstrip("\n"))
    return notes


def load_match(path):
    spec = importlib.util.spec_from_file_location("match", path)
    module = importlib.util.module_from_spec(spec)
    sys.argv, argv = [path], sys.argv
    spec.loader.exec_module(module)
    sys.argv = argv
    return module


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn", nargs="+", metavar="RUN", help="a match.py PGN file or a ledger (.tsv)")
    p.add_argument("--sprt", nargs=2, type=float, default=(0.0, 5.0), metavar=("ELO0", "ELO1"))
    p.add_argument("--match", default="../shared/tools/match.py", help="match.py, for its Elo and LLR formulas")
    p.add_argument("--engine", default="A", help="the name match.py gave the engine under test")
    p.add_argument("--ledger", help="write the distinct games to this ledger (.tsv)")
    p.add_argument("--conditions", help="with --ledger: a line saying how this run was played")
    p.add_argument("--unplayed", nargs=2, metavar=("OPENINGS", "OUT"),
                   help="write the openings of OPENINGS no pooled game started from to OUT")
    args = p.parse_args()
    match = load_match(args.match)

    first = {}
    same = differ = 0
    for path in args.pgn:
        count = 0
        for fen, white, result, moves in hashed_games(path):
            count += 1
            key = (fen, white)
            if key not in first:
                first[key] = (white, result, moves)
            elif first[key][2] == moves:
                same += 1
            else:
                differ += 1
        print(f"{path}: {count} games")
    w = d = l = 0
    for white, result, _ in first.values():
        if result == "1/2-1/2":
            d += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == (white == args.engine):
                w += 1
            else:
                l += 1
    print(f"repeats left out: {same} move for move the same, {differ} different (counted once, the first)")
    llr = match.sprt_llr(w, d, l, *args.sprt)
    print(f"distinct: {w + d + l} games  +{w} ={d} -{l}  {match.summarize(w, d, l)}  LLR {llr:+.2f}")
    if args.ledger:
        with open(args.ledger + ".tmp", "w", encoding="utf-8") as out:
            out.write("# opening sha1[:16]\tWhite\tresult\tmoves sha1[:16] (scripts/pool_sprt.py --ledger)\n")
            for path in args.pgn:
                out.writelines(note + "\n" for note in ledger_notes(path))
            out.write("# from: " + " ".join(args.pgn) + "\n")
            if args.conditions:
                out.write("# conditions: " + " ".join(args.conditions.splitlines()) + "\n")
            for (fen, _), (white, result, moves) in first.items():
                out.write(f"{fen}\t{white}\t{result}\t{moves}\n")
        os.replace(args.ledger + ".tmp", args.ledger)
        print(f"ledger: {len(first)} games written to {args.ledger}")
    if args.unplayed:
        openings, out_path = args.unplayed
        played = {fen for fen, _ in first}
        fens = [l.strip() for l in open(openings, encoding="utf-8") if l.strip() and not l.startswith("#")]
        fresh = [f for f in fens if digest(f) not in played]
        with open(out_path + ".tmp", "w", encoding="utf-8") as out:
            out.write("".join(f + "\n" for f in fresh))
        os.replace(out_path + ".tmp", out_path)
        print(f"unplayed: {len(fresh)} of {len(fens)} openings written to {out_path}")


if __name__ == "__main__":
    main()
