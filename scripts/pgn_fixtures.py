#!/usr/bin/env python3
"""Writes tests/data/pgn/expected/NAME.pgn: python-chess's export (80
columns) of every game of tests/data/pgn/NAME.pgn, the independent answer
that tests/game_pgn.rs compares tapir's writer with. Run it when a fixture
is added; the tests themselves never need Python.

python-chess drops `;` comments (tapir keeps them as comments), so those
are handed to python-chess as brace comments first; nothing else is
changed. Files are read as UTF-8 (with or without a BOM), else Windows-1252,
as tapir reads them.
"""
import io
import pathlib
import re
import sys

import chess.pgn

HERE = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pgn"


def decode(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="strict")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def semicolons_to_braces(text: str) -> str:
    out = []
    for line in text.split("\n"):
        if not line.startswith("[") and "{" not in line and ";" in line:
            head, _, tail = line.partition(";")
            line = head + "{" + tail.strip() + "}"
        out.append(line)
    return "\n".join(out)


def main() -> int:
    bad = 0
    for path in sorted(HERE.glob("*.pgn")):
        text = semicolons_to_braces(decode(path.read_bytes()))
        handle = io.StringIO(text)
        games = []
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            if game.errors:
                print(f"{path.name}: {game.errors}", file=sys.stderr)
                bad += 1
            games.append(game.accept(chess.pgn.StringExporter(columns=80)))
        out = HERE / "expected" / path.name
        out.write_text("\n\n".join(games) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(games)} games")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
