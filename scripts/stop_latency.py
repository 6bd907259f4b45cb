#!/usr/bin/env python3
"""Time from `stop` to `bestmove` over 20 infinite searches of a UCI engine.

Usage: scripts/stop_latency.py target/release/tapir uci
"""
import subprocess, time, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s+"\n"); p.stdin.flush()
send("uci"); send("isready")
while p.stdout.readline().strip() != "readyok": pass
lat = []
for i in range(20):
    send("position startpos moves e2e4 e7e5"); send("go infinite"); time.sleep(0.3)
    t = time.perf_counter(); send("stop")
    while not p.stdout.readline().startswith("bestmove"): pass
    lat.append((time.perf_counter() - t) * 1000)
send("quit")
lat.sort(); print(f"stop -> bestmove over 20 searches: median {lat[10]:.2f} ms, max {lat[-1]:.2f} ms")
