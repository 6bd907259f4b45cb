#!/usr/bin/env python3
"""Writes the Syzygy fixtures tapir's tablebase test compares against, using
python-chess's independent prober (chess.syzygy). Run once from the
repository root; the outputs are committed, so the tests need no Python.

  python3 scripts/tb_fixture.py [--tables tests/data/syzygy] [--count 10000]

tests/data/tb_fixture.txt: one position a line, `FEN;WDL;DTZ`: random legal
positions of every material set in the folder (both colours), positions
with an en-passant capture, and positions with castling rights (WDL and
DTZ `-`: the tables do not hold them, a probe must refuse).

tests/data/tb_kqvk.txt: every placement of KQvK (White's king, Black's
king, White's queen, either side to move): a line per side to move, White
king square and Black king square (8,192 lines, a1 = 0, stm outer), 64
characters per line, one per queen square: `.` not a legal position, `=`
a draw, `A`+n-1 a win with DTZ n, `a`+n-1 a loss with DTZ -n.
"""
import argparse
import os
import random

import chess
import chess.syzygy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def material_sets(folder):
    names = set()
    for f in os.listdir(folder):
        if f.endswith(".rtbw"):
            names.add(f[:-5])
    return sorted(names)


def random_board(rng, white, black, turn):
    """A random placement of the pieces `white` and `black` (letters like
    'KQ', 'KRP'), or None when it is not a legal position."""
    board = chess.Board(None)
    squares = list(range(64))
    rng.shuffle(squares)
    i = 0
    for color, pieces in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in pieces:
            while True:
                sq = squares[i]
                i += 1
                if letter == "P" and chess.square_rank(sq) in (0, 7):
                    continue
                break
            board.set_piece_at(sq, chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
    board.turn = turn
    return board if reachable(board) else None


def reachable(board):
    """Valid for python-chess, and no double check without a slider (no
    move gives one, so tapir's FEN reader refuses it)."""
    if not board.is_valid():
        return False
    checkers = board.checkers()
    sliders = board.bishops | board.rooks | board.queens
    return len(checkers) < 2 or bool(checkers & sliders)


def line(tb, board):
    if board.castling_rights:
        return f"{board.fen()};-;-"
    return f"{board.fen()};{tb.probe_wdl(board)};{tb.probe_dtz(board)}"


def ep_board(rng):
    """KPvKP just after a double push with a legal en-passant capture."""
    while True:
        turn = rng.choice([chess.WHITE, chess.BLACK])
        # The side to move captures: its pawn stands beside the pushed one.
        file = rng.randrange(8)
        side = rng.choice([f for f in (file - 1, file + 1) if 0 <= f < 8])
        board = chess.Board(None)
        if turn == chess.WHITE:
            pushed, capturer, ep = chess.square(file, 4), chess.square(side, 4), chess.square(file, 5)
            board.set_piece_at(pushed, chess.Piece(chess.PAWN, chess.BLACK))
            board.set_piece_at(capturer, chess.Piece(chess.PAWN, chess.WHITE))
            behind = (chess.square(file, 5), chess.square(file, 6))
        else:
            pushed, capturer, ep = chess.square(file, 3), chess.square(side, 3), chess.square(file, 2)
            board.set_piece_at(pushed, chess.Piece(chess.PAWN, chess.WHITE))
            board.set_piece_at(capturer, chess.Piece(chess.PAWN, chess.BLACK))
            behind = (chess.square(file, 2), chess.square(file, 1))
        free = [s for s in range(64) if board.piece_at(s) is None and s not in behind]
        wk, bk = rng.sample(free, 2)
        board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
        board.turn = turn
        board.ep_square = ep
        if reachable(board) and board.has_legal_en_passant():
            return board


def castle_board(rng):
    """A king and rook at home with the right to castle, plus one piece."""
    while True:
        board = chess.Board(None)
        board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(chess.H1, chess.Piece(chess.ROOK, chess.WHITE))
        free = [s for s in range(64) if board.piece_at(s) is None]
        bk, extra = rng.sample(free, 2)
        board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
        board.set_piece_at(extra, chess.Piece(rng.choice([chess.KNIGHT, chess.ROOK]), chess.BLACK))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        board.castling_rights = chess.BB_H1
        if reachable(board):
            return board


def fixture(tb, folder, count, rng):
    sets = material_sets(folder)
    out = []
    while len(out) < count:
        white, black = rng.choice(sets).split("v")
        if rng.random() < 0.5:
            white, black = black, white
        board = random_board(rng, white, black, rng.choice([chess.WHITE, chess.BLACK]))
        if board is not None:
            out.append(line(tb, board))
    out += [line(tb, ep_board(rng)) for _ in range(300)]
    out += [line(tb, castle_board(rng)) for _ in range(50)]
    return out


def code(wdl, dtz):
    if wdl == 0:
        return "="
    assert 0 < abs(dtz) <= 26, dtz
    return chr((0x40 if dtz > 0 else 0x60) + abs(dtz))


def kqvk(tb):
    lines = []
    for turn in (chess.WHITE, chess.BLACK):
        for wk in range(64):
            for bk in range(64):
                row = []
                for wq in range(64):
                    if len({wk, bk, wq}) < 3:
                        row.append(".")
                        continue
                    board = chess.Board(None)
                    board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
                    board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
                    board.set_piece_at(wq, chess.Piece(chess.QUEEN, chess.WHITE))
                    board.turn = turn
                    if not reachable(board):
                        row.append(".")
                        continue
                    row.append(code(tb.probe_wdl(board), tb.probe_dtz(board)))
                lines.append("".join(row))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", default=os.path.join(ROOT, "tests/data/syzygy"))
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--no-kqvk", action="store_true", help="skip tb_kqvk.txt (slow)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with chess.syzygy.open_tablebase(args.tables) as tb:
        rows = fixture(tb, args.tables, args.count, rng)
        with open(os.path.join(ROOT, "tests/data/tb_fixture.txt"), "w") as f:
            f.write(f"# FEN;WDL;DTZ from python-chess {chess.__version__} chess.syzygy "
                    "(scripts/tb_fixture.py); '-': castling rights, not in the tables\n")
            f.write("\n".join(rows) + "\n")
        if args.no_kqvk:
            return
        with open(os.path.join(ROOT, "tests/data/tb_kqvk.txt"), "w") as f:
            f.write("\n".join(kqvk(tb)) + "\n")


if __name__ == "__main__":
    main()
