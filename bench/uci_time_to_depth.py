#!/usr/bin/env python3
"""UCI time to depth, Threads 2 against Threads 1, over the 24 Bratko-Kopec positions: the
time until each engine's info line for depth D (the same alphactor binary, fresh tables for
each position: ucinewgame). Three engines:
  - Threads 1, the play search (prunes; what a GUI gets by default);
  - Threads 1, FullWidth true (the sequential reference, what the actors parallelise);
  - Threads 2, the actors (YBWC, real mode, replicated tables; full width).
Prints per position and the median and geometric mean of the ratios Threads 2 / each
Threads 1 engine (goal of issue 20: <= 0.6 against the play search).
usage: bench/uci_time_to_depth.py [ALPHACTOR] [--depth 7] [--hash 16] [--positions N]
"""
import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from uci_engine import Engine  # noqa: E402


def bk_positions(path, limit):
    out = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        out.append(" ".join(fields[:4]) + " 0 1")
        if len(out) == limit:
            break
    return out


def time_to_depth(engine, fen, depth):
    engine.send("ucinewgame")
    engine.sync()
    engine.send(f"position fen {fen}")
    start = engine.send(f"go depth {depth}")
    engine.expect(f"info depth {depth} ")
    reached = engine.last_at
    engine.expect("bestmove")
    return reached - start


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ap = argparse.ArgumentParser()
    ap.add_argument("alphactor", nargs="?", default=os.path.join(root, "build", "alphactor"))
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--positions", type=int, default=24)
    a = ap.parse_args()
    engines = {}
    for name, options in [("T1 play", {"Threads": 1}),
                          ("T1 full width", {"Threads": 1, "FullWidth": "true"}),
                          ("T2 actors", {"Threads": 2})]:
        e = Engine(name, [a.alphactor, "uci"])
        e.send("uci")
        e.expect("uciok")
        e.send(f"setoption name Hash value {a.hash}")
        for k, v in options.items():
            e.send(f"setoption name {k} value {v}")
        e.sync()
        engines[name] = e
    fens = bk_positions(os.path.join(root, "data", "chess", "bratko-kopec.epd"), a.positions)
    print(f"time to depth {a.depth}, Hash {a.hash} MiB, {len(fens)} Bratko-Kopec positions")
    print(f"{'#':>3} {'T1 play s':>10} {'T1 full s':>10} {'T2 actors s':>12} {'T2/play':>8} {'T2/full':>8}")
    ratios_play, ratios_full = [], []
    try:
        for i, fen in enumerate(fens, 1):
            t = {name: time_to_depth(e, fen, a.depth) for name, e in engines.items()}
            rp, rf = t["T2 actors"] / t["T1 play"], t["T2 actors"] / t["T1 full width"]
            ratios_play.append(rp)
            ratios_full.append(rf)
            print(f"{i:>3} {t['T1 play']:>10.3f} {t['T1 full width']:>10.3f} "
                  f"{t['T2 actors']:>12.3f} {rp:>8.2f} {rf:>8.2f}", flush=True)
    finally:
        for e in engines.values():
            e.quit()
    geo = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))
    print(f"Threads 2 / Threads 1 play search: median {statistics.median(ratios_play):.2f}, "
          f"geometric mean {geo(ratios_play):.2f}")
    print(f"Threads 2 / Threads 1 full width:  median {statistics.median(ratios_full):.2f}, "
          f"geometric mean {geo(ratios_full):.2f}")


if __name__ == "__main__":
    main()
