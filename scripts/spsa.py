#!/usr/bin/env python3
"""SPSA over tapir's tunable search parameters, by self-play at fixed nodes.

Each iteration draws a random direction (+1 or -1 per parameter), plays one
game pair (an opening, colours swapped) between tapir at theta + c*delta and
tapir at theta - c*delta, and moves theta along delta by how much the first
side won. The gains follow the usual SPSA schedule (Spall; the same as
Fishtest and OpenBench): c_k = c / k^0.101, a_k = a / (A + k)^0.602,
A = N / 10, with each parameter's c_end and r_end from
`tapir uci --spsa-input`, so a run here and one on OpenBench read alike.

    scripts/spsa.py --tapir target/release/tapir --iterations 2000 \\
        --nodes 6000 --openings ../shared/data/openings-dev.fen \\
        --concurrency 2 --state spsa.json

The state file (theta, the iteration count, the score so far) is written
atomically after every pair, so a stopped run resumes where it was with
the same command. Every --report iterations it prints theta next to the
defaults. The result is only a proposal: put the values in
src/search/params.rs and play an SPRT against the build before.

Needs python-chess (../shared/tools/setup-engines.sh installs it).
"""
import argparse, json, os, random, subprocess, sys, threading

try:
    import chess, chess.engine
except ImportError:
    sys.exit("python-chess is missing: run ../shared/tools/setup-engines.sh (or pip install chess)")

ALPHA, GAMMA = 0.602, 0.101
MAX_PLIES = 400
# Adjudicate a game both engines score beyond this (cp) for this many plies.
RESIGN_CP, RESIGN_PLIES = 1000, 6


def read_tunables(tapir, only):
    out = subprocess.run([tapir, "uci", "--spsa-input"], capture_output=True, text=True, check=True).stdout
    params = []
    for line in out.splitlines():
        name, _kind, default, lo, hi, c_end, r_end = [f.strip() for f in line.split(",")]
        if only and name not in only:
            continue
        params.append({"name": name, "default": int(default), "min": int(lo), "max": int(hi),
                       "c_end": float(c_end), "r_end": float(r_end)})
    missing = set(only or []) - {p["name"] for p in params}
    if missing:
        sys.exit(f"no such tunables: {', '.join(sorted(missing))}")
    return params


def load_state(path, params):
    if path and os.path.exists(path):
        with open(path) as f:
            state = json.load(f)
        if sorted(state["theta"]) != sorted(p["name"] for p in params):
            sys.exit(f"{path} tunes other parameters; give another --state")
        return state
    return {"k": 0, "theta": {p["name"]: float(p["default"]) for p in params}, "wins": 0, "draws": 0, "losses": 0}


def save_state(path, state):
    if not path:
        return
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def play_game(white, black, fen, nodes):
    """1, 0.5 or 0 for white."""
    board = chess.Board(fen)
    game_id = object()
    lopsided = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        e = white if board.turn == chess.WHITE else black
        res = e.play(board, chess.engine.Limit(nodes=nodes), game=game_id, info=chess.engine.INFO_SCORE)
        if res.move is None:
            break
        score = res.info.get("score")
        if score is not None:
            cp = score.white().score(mate_score=100000)
            lopsided = lopsided + 1 if abs(cp) >= RESIGN_CP else 0
            if lopsided >= RESIGN_PLIES:
                return 1.0 if cp > 0 else 0.0
        board.push(res.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == chess.WHITE else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tapir", default="target/release/tapir")
    ap.add_argument("--iterations", type=int, default=2000, help="game pairs in the whole run (N)")
    ap.add_argument("--nodes", type=int, default=6000, help="nodes per move")
    ap.add_argument("--openings", required=True, help="one FEN per line")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--state", help="JSON file to keep (and resume) the run in")
    ap.add_argument("--params", help="comma-separated tunables (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", type=int, default=100, help="print theta every this many pairs")
    args = ap.parse_args()

    params = read_tunables(args.tapir, args.params.split(",") if args.params else None)
    state = load_state(args.state, params)
    with open(args.openings) as f:
        openings = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    n = args.iterations
    big_a = n / 10
    lock = threading.Lock()

    def gains(k):
        out = {}
        for p in params:
            c = p["c_end"] * n ** GAMMA
            a = p["r_end"] * p["c_end"] ** 2 * (big_a + n) ** ALPHA
            c_k = c / k ** GAMMA
            a_k = a / (big_a + k) ** ALPHA
            out[p["name"]] = (c_k, a_k / c_k ** 2)
        return out

    def side(theta, delta, g, sign):
        vals = {}
        for p in params:
            v = theta[p["name"]] + sign * g[p["name"]][0] * delta[p["name"]]
            vals[p["name"]] = min(p["max"], max(p["min"], round(v)))
        return vals

    def report():
        print(f"-- after {state['k']} pairs (+{state['wins']} ={state['draws']} -{state['losses']} for theta+):")
        for p in params:
            t = state["theta"][p["name"]]
            print(f"   {p['name']:<20} {t:9.2f}  (default {p['default']}, {t - p['default']:+.2f})")
        sys.stdout.flush()

    def worker(wid):
        rng = random.Random(args.seed * 1000 + wid)
        cmd = [args.tapir, "uci", "--tune"]
        plus = chess.engine.SimpleEngine.popen_uci(cmd)
        minus = chess.engine.SimpleEngine.popen_uci(cmd)
        try:
            while True:
                with lock:
                    if state["k"] >= n:
                        return
                    state["k"] += 1
                    k = state["k"]
                    g = gains(k)
                    delta = {p["name"]: rng.choice((-1, 1)) for p in params}
                    theta_plus = side(state["theta"], delta, g, +1)
                    theta_minus = side(state["theta"], delta, g, -1)
                plus.configure(theta_plus)
                minus.configure(theta_minus)
                fen = rng.choice(openings)
                first = play_game(plus, minus, fen, args.nodes)
                second = 1.0 - play_game(minus, plus, fen, args.nodes)
                result = (first + second) - 1.0  # theta+'s pair score, -1..1
                with lock:
                    for p in params:
                        c_k, r_k = g[p["name"]]
                        t = state["theta"][p["name"]] + r_k * c_k * 2 * result * delta[p["name"]]
                        state["theta"][p["name"]] = min(p["max"], max(p["min"], t))
                    for s in (first, second):
                        key = "wins" if s == 1.0 else "losses" if s == 0.0 else "draws"
                        state[key] += 1
                    save_state(args.state, state)
                    if state["k"] % args.report == 0:
                        report()
        finally:
            plus.quit()
            minus.quit()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if state["k"] % args.report:
        report()


if __name__ == "__main__":
    main()
