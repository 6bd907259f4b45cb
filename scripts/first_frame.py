#!/usr/bin/env python3
"""Start-up to first frame: starts `tapir` (the board) in a pseudo-terminal
of 120x40 with fresh settings and data folders, and times from the start of
the process to the first frame on screen (the move list's title "Moves"
written to the terminal); best and median of N runs.
    scripts/first_frame.py [N] [PGN]   (PGN: a game to open, optional)"""
import fcntl, os, pty, select, signal, statistics, struct, sys, tempfile, termios, time

def once(binary, pgn):
    with tempfile.TemporaryDirectory() as cfg, tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, TAPIR_CONFIG_DIR=cfg, TAPIR_DATA_DIR=data, TERM="xterm-256color")
        args = [binary] + ([pgn] if pgn else [])
        t0 = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, args, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        seen = b""
        elapsed = None
        deadline = t0 + 10
        while time.perf_counter() < deadline:
            r, _, _ = select.select([fd], [], [], 0.5)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                seen += chunk
                if b"Moves" in seen:
                    elapsed = time.perf_counter() - t0
                    break
        os.kill(pid, signal.SIGTERM)
        # Drain so the board can restore the terminal and end.
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    if not os.read(fd, 65536):
                        break
                except OSError:
                    break
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
        os.close(fd)
        return elapsed

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    pgn = sys.argv[2] if len(sys.argv) > 2 else None
    binary = os.path.join(os.path.dirname(__file__), "..", "target", "release", "tapir")
    times = [t for t in (once(binary, pgn) for _ in range(n)) if t is not None]
    if not times:
        sys.exit("no frame seen")
    ms = sorted(t * 1e3 for t in times)
    print(f"first frame at 120x40: best {ms[0]:.1f} ms, median {statistics.median(ms):.1f} ms ({len(ms)} runs)")

main()
