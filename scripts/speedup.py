#!/usr/bin/env python3
"""Measures whether build B searches faster than build A: runs `bench` of
each in turn, N pairs, and prints both speeds and B's speed-up with a 95%
interval over the pairs (as OpenBench's speed-up test reports it).

Why: a change meant only to make the search faster (the same bench node
signature, so the same search) is judged by its speed, and one `bench` run
on a shared machine varies by +-15% from run to run. Alternating the two
builds puts both under the same drift, and the pairs' spread says how far
the figure can be trusted. Run it on idle cores: the two builds check that
they search the same nodes and refuse to compare otherwise.

--parallel runs each pair at once, one build a core (two idle cores):
both then meet the same moment's load from the rest of the machine,
which on a shared virtual machine is most of the variation.

usage: scripts/speedup.py A B [--pairs 12] [--depth D] [--parallel]
"""
import argparse, math, re, statistics, subprocess, sys


def start(binary, depth):
    args = [binary, "bench"] + ([str(depth)] if depth else [])
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def result(proc):
    out, _ = proc.communicate()
    if proc.returncode != 0:
        sys.exit(f"bench failed ({proc.returncode})")
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    nps = int(re.search(r"Nodes/second: (\d+)", out).group(1))
    return nodes, nps


def bench(binary, depth):
    return result(start(binary, depth))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", help="the build before")
    p.add_argument("b", help="the build after")
    p.add_argument("--pairs", type=int, default=12)
    p.add_argument("--depth", type=int, help="bench depth (default: the standard one)")
    p.add_argument("--parallel", action="store_true", help="run each pair at once, a core each")
    args = p.parse_args()
    a_nps, b_nps = [], []
    for i in range(args.pairs):
        # Alternate which build goes first, so a drift within a pair cancels.
        order = [(args.a, a_nps), (args.b, b_nps)]
        if i % 2:
            order.reverse()
        signature = set()
        if args.parallel:
            running = [(start(binary, args.depth), out) for binary, out in order]
            done = [(result(proc), out) for proc, out in running]
        else:
            done = [(bench(binary, args.depth), out) for binary, out in order]
        for (nodes, nps), out in done:
            signature.add(nodes)
            out.append(nps)
        if len(signature) != 1:
            sys.exit(f"the builds search different nodes ({sorted(signature)}): not a pure speed change")
        print(f"pair {i + 1:2d}: A {a_nps[-1]:>9,} nps  B {b_nps[-1]:>9,} nps  B/A {b_nps[-1] / a_nps[-1]:.3f}", flush=True)
    ratios = [b / a for a, b in zip(a_nps, b_nps)]
    mean = statistics.mean(ratios)
    half = 1.96 * statistics.stdev(ratios) / math.sqrt(len(ratios)) if len(ratios) > 1 else float("nan")
    print(f"A: {statistics.mean(a_nps):,.0f} nps  B: {statistics.mean(b_nps):,.0f} nps (means of {len(ratios)} runs)")
    print(f"B/A: {100 * (mean - 1):+.2f}% +- {100 * half:.2f}% (95%, over the pairs)")


if __name__ == "__main__":
    main()
