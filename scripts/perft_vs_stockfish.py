#!/usr/bin/env python3
"""Times tapir's bulk-counting perft against Stockfish's `go perft` on the
same machine in the same run (start position depth 6, Kiwipete depth 5).

usage: scripts/perft_vs_stockfish.py [--tapir target/release/tapir] [--stockfish /usr/games/stockfish] [--runs 3]
"""
import argparse, re, subprocess, time

CASES = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]

def stockfish_nps(exe, fen, depth):
    p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("uci\nisready\n")
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    p.stdin.write(f"position fen {fen}\n")
    start = time.perf_counter()
    p.stdin.write(f"go perft {depth}\n")
    nodes = None
    for line in p.stdout:
        m = re.match(r"Nodes searched: (\d+)", line)
        if m:
            nodes = int(m.group(1))
            break
    secs = time.perf_counter() - start
    p.stdin.write("quit\n")
    p.wait()
    return nodes, nodes / secs

def tapir_nps(exe, fen, depth):
    out = subprocess.run([exe, "perft", str(depth), "--fen", fen], capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    nps = int(re.search(r"Nodes/second: (\d+)", out).group(1))
    return nodes, nps

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tapir", default="target/release/tapir")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    print(f"load average before: {open('/proc/loadavg').read().split()[0]}")
    for name, fen, depth in CASES:
        # Interleaved, so that changing load on a shared machine hits both alike.
        t, s = [], []
        for _ in range(a.runs):
            tn, tnps = tapir_nps(a.tapir, fen, depth)
            sn, snps = stockfish_nps(a.stockfish, fen, depth)
            if tn != sn:
                raise SystemExit(f"{name}: node counts differ: tapir {tn}, stockfish {sn}")
            t.append(tnps)
            s.append(snps)
        t, s = max(t), max(s)
        print(f"{name} depth {depth}: tapir {t/1e6:.0f} M nodes/s, stockfish {s/1e6:.0f} M nodes/s, ratio {t/s:.2f}x (best of {a.runs}, {tn} nodes)")

if __name__ == "__main__":
    main()
