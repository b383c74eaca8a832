#!/usr/bin/env python3
"""Perft speed of alphactor side by side with Debian's stockfish, single-threaded, in one run.

Both engines count the same trees (start position to depth 6, Kiwipete to depth 5) with the
last ply counted in bulk; each is timed --runs times, alternating, and the medians are compared.
alphactor's time comes from its own report (search only, after start-up); stockfish's from the
moment `go perft` is sent to the "Nodes searched" line, as its `perft` has no timer of its own.

usage: bench/chess_perft.py [--alphactor build/alphactor] [--stockfish /usr/games/stockfish] [--runs 3]
"""
import argparse
import os
import re
import statistics
import subprocess
import time

POSITIONS = [
    ("startpos", "startpos", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
]


def stockfish_seconds(proc, fen, depth, expected):
    where = "startpos" if fen == "startpos" else f"fen {fen}"
    proc.stdin.write(f"position {where}\nisready\n")
    proc.stdin.flush()
    while proc.stdout.readline().strip() != "readyok":
        pass
    start = time.perf_counter()
    proc.stdin.write(f"go perft {depth}\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if line.startswith("Nodes searched"):
            elapsed = time.perf_counter() - start
            nodes = int(line.split(":")[1])
            assert nodes == expected, f"stockfish counted {nodes}, expected {expected}"
            return elapsed


def alphactor_seconds(binary, fen, depth, expected):
    out = subprocess.run([binary, "perft", "--game", "chess", "--fen", fen, "--depth", str(depth)],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"perft depth \d+: (\d+) nodes, ([0-9.]+) s", out)
    assert m and int(m.group(1)) == expected, out
    return float(m.group(2))


def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--alphactor", default=os.path.join(root, "build", "alphactor"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sf = subprocess.Popen([args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    sf.stdin.write("uci\nsetoption name Threads value 1\n")
    sf.stdin.flush()
    print(f"{'position':10} {'depth':>5} {'nodes':>11} {'alphactor Mn/s':>15} {'stockfish Mn/s':>15} {'ratio':>6}")
    ratios = []
    for name, fen, depth, expected in POSITIONS:
        a_times, s_times = [], []
        for _ in range(args.runs):
            a_times.append(alphactor_seconds(args.alphactor, fen, depth, expected))
            s_times.append(stockfish_seconds(sf, fen, depth, expected))
        a = expected / statistics.median(a_times) / 1e6
        s = expected / statistics.median(s_times) / 1e6
        ratios.append(a / s)
        print(f"{name:10} {depth:>5} {expected:>11} {a:>15.1f} {s:>15.1f} {a / s:>6.2f}")
    sf.stdin.write("quit\n")
    sf.stdin.flush()
    sf.wait()
    print(f"median of {args.runs} runs each; alphactor / stockfish perft speed: "
          + ", ".join(f"{r:.2f}x" for r in ratios))


if __name__ == "__main__":
    main()
