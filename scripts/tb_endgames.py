#!/usr/bin/env python3
"""Does tapir convert won endgames and hold drawn ones, with and without
Syzygy tables? Plays each start position out with `tapir uci` at a fixed
node count against a defender that always has the tables (perfect
defence), and scores the result under the 50-move rule.

  python3 scripts/tb_endgames.py [--tapir target/release/tapir]
      [--tables tests/data/syzygy] [--per-set 10] [--nodes 20000]

Start positions (White to move, the engine under test is White): random
positions of the sets in WON that the tables call won (WDL 2), and of
the sets in DRAWN (White the weaker side) that they call drawn; the same
seed gives the same positions. A game ends at
mate, stalemate, a draw by the 50-move rule or threefold repetition, or
when a capture leaves too little to mate. Prints, for each set and each
configuration: the expected results reached (wins for the won sets,
draws held for the drawn ones) and the average moves to win.
"""
import argparse
import os
import random
import sys

import chess
import chess.engine
import chess.syzygy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Won for White (the engine under test); drawn with White the weaker side.
WON = ["KQvK", "KRvK", "KPvK", "KBNvK", "KQvKR", "KRvKP", "KPvKP"]
DRAWN = ["KPvKR", "KPvKQ", "KRvKQ", "KNvKP"]


def random_position(rng, tb, material, want):
    white, black = material.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        ok = True
        for (color, letters) in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in letters:
                sq = squares.pop()
                if letter == "P" and chess.square_rank(sq) in (0, 7):
                    ok = False
                board.set_piece_at(sq, chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
        board.turn = chess.WHITE
        if not ok or not board.is_valid() or board.is_game_over():
            continue
        if tb.probe_wdl(board) == want:
            return board


def play(board, attacker, defender, nodes):
    """Plays from `board` (the attacker to move); returns (result for the
    attacker: 1, 0.5 or 0, full moves played)."""
    board = board.copy()
    us = board.turn
    start = board.fullmove_number
    while True:
        if board.is_checkmate():
            return (0 if board.turn == us else 1), board.fullmove_number - start
        if (board.is_stalemate() or board.is_insufficient_material()
                or board.halfmove_clock >= 100 or board.is_repetition(3)):
            return 0.5, board.fullmove_number - start
        engine = attacker if board.turn == us else defender
        result = engine.play(board, chess.engine.Limit(nodes=nodes))
        board.push(result.move)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tapir", default=os.path.join(ROOT, "target/release/tapir"))
    ap.add_argument("--tables", default=os.path.join(ROOT, "tests/data/syzygy"))
    ap.add_argument("--per-set", type=int, default=10)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=27)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with chess.syzygy.open_tablebase(args.tables) as tb:
        sets = [(m, 2) for m in WON] + [(m, 0) for m in DRAWN]
        starts = {m: [random_position(rng, tb, m, want) for _ in range(args.per_set)] for m, want in sets}
    defender = chess.engine.SimpleEngine.popen_uci([args.tapir, "uci"])
    defender.configure({"SyzygyPath": args.tables})
    print(f"{args.per_set} positions a set, {args.nodes} nodes a move, "
          "the defender always with the tables")
    try:
        for label, path in (("without tables", None), ("with tables", args.tables)):
            attacker = chess.engine.SimpleEngine.popen_uci([args.tapir, "uci"])
            if path:
                attacker.configure({"SyzygyPath": path})
            for material, want in sets:
                reached, moves = 0, []
                for board in starts[material]:
                    result, n = play(board, attacker, defender, args.nodes)
                    if want == 2 and result == 1:
                        reached += 1
                        moves.append(n)
                    elif want == 0 and result >= 0.5:
                        reached += 1
                what = "won" if want == 2 else "held"
                avg = f", {sum(moves) / len(moves):.1f} moves on average" if moves else ""
                print(f"{label:15} {material:6} {what} {reached}/{len(starts[material])}{avg}")
                sys.stdout.flush()
            attacker.quit()
    finally:
        defender.quit()


if __name__ == "__main__":
    main()
