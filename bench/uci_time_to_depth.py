#!/usr/bin/env python3
"""UCI time to depth, Threads 2 against Threads 1, over the 24 Bratko-Kopec positions: the
time until each engine's info line for depth D (the same alphactor binary, fresh tables for
each position: ucinewgame). Two pairs of engines:
  - the play search (prunes; what a GUI gets by default): Threads 1 is the sequential
    search/play_search.hpp, Threads 2 the actors (YBWC, real mode, replicated tables) pruning
    as it does, to --depth;
  - full width (FullWidth true, the reference): Threads 1 sequential, Threads 2 the actors,
    every value exact, to --full-depth.
Each position is searched --runs times by every engine (the engines' order alternating from
run to run) and its times are the medians of those: Threads 2 takes a different tree each
time, and on this machine one pass's median ratio moves by 0.05-0.15 from pass to pass.
Prints per position and the median and geometric mean of the ratios Threads 2 / Threads 1
for each pair (goal of issue 20: <= 0.6 for the play search), the same median for each
pass alone (the spread), and for the play pair the ratios of the nodes at that depth (the
trees) and of the nodes per second (the speeds).
usage: bench/uci_time_to_depth.py [ALPHACTOR] [--depth 16] [--full-depth 7] [--hash 16]
                                  [--positions N] [--runs 3]
"""
import argparse
import math
import re
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
    # A search that proves a mate may end before the depth: its answer's time counts then.
    line = engine.read_until(
        lambda l: l.startswith(f"info depth {depth} ") or l.startswith("bestmove"), 120)[-1]
    reached = engine.last_at
    if not line.startswith("bestmove"):
        engine.expect("bestmove")
    nodes = re.search(r" nodes (\d+)", line)  # none when a mate ended the search first
    return reached - start, int(nodes.group(1)) if nodes else None


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ap = argparse.ArgumentParser()
    ap.add_argument("alphactor", nargs="?", default=os.path.join(root, "build", "alphactor"))
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--full-depth", type=int, default=7)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    if a.runs < 1:
        sys.exit("uci_time_to_depth.py: --runs must be at least 1")
    engines = {}
    for name, options in [("T1 play", {"Threads": 1}),
                          ("T2 play", {"Threads": 2}),
                          ("T1 full", {"Threads": 1, "FullWidth": "true"}),
                          ("T2 full", {"Threads": 2, "FullWidth": "true"})]:
        e = Engine(name, [a.alphactor, "uci"])
        e.send("uci")
        e.expect("uciok")
        e.send(f"setoption name Hash value {a.hash}")
        for k, v in options.items():
            e.send(f"setoption name {k} value {v}")
        e.sync()
        engines[name] = e
    depth = {"T1 play": a.depth, "T2 play": a.depth, "T1 full": a.full_depth,
             "T2 full": a.full_depth}
    fens = bk_positions(os.path.join(root, "data", "chess", "bratko-kopec.epd"), a.positions)
    print(f"time to depth {a.depth} (play search) and {a.full_depth} (full width), Hash {a.hash} "
          f"MiB, {len(fens)} Bratko-Kopec positions, medians of {a.runs} run(s) each")
    print(f"{'#':>3} {'T1 play s':>10} {'T2 play s':>10} {'T2/T1':>6} "
          f"{'T1 full s':>10} {'T2 full s':>10} {'T2/T1':>6}")
    ratios_play, ratios_full, nodes_play, nps_play = [], [], [], []
    pass_play = [[] for _ in range(a.runs)]  # each pass's play ratios alone
    try:
        for i, fen in enumerate(fens, 1):
            times = {name: [] for name in engines}
            counts = {name: [] for name in engines}
            for r in range(a.runs):
                order = list(engines.items())
                for name, e in order if r % 2 == 0 else reversed(order):
                    tr, nr = time_to_depth(e, fen, depth[name])
                    times[name].append(tr)
                    counts[name].append(nr)
                pass_play[r].append(times["T2 play"][-1] / times["T1 play"][-1])
            t = {name: statistics.median(v) for name, v in times.items()}
            # Nodes only when every run reported them (a mate may end a search first).
            n = {name: statistics.median(v) if all(v) else None for name, v in counts.items()}
            rp, rf = t["T2 play"] / t["T1 play"], t["T2 full"] / t["T1 full"]
            ratios_play.append(rp)
            ratios_full.append(rf)
            if n["T1 play"] and n["T2 play"]:  # the play pair's trees and speeds apart
                nodes_play.append(n["T2 play"] / n["T1 play"])
                nps_play.append(nodes_play[-1] / rp)
            print(f"{i:>3} {t['T1 play']:>10.3f} {t['T2 play']:>10.3f} {rp:>6.2f} "
                  f"{t['T1 full']:>10.3f} {t['T2 full']:>10.3f} {rf:>6.2f}", flush=True)
    finally:
        for e in engines.values():
            e.quit()
    geo = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))
    print(f"play search, Threads 2 / Threads 1: median {statistics.median(ratios_play):.2f}, "
          f"geometric mean {geo(ratios_play):.2f}")
    print(f"full width,  Threads 2 / Threads 1: median {statistics.median(ratios_full):.2f}, "
          f"geometric mean {geo(ratios_full):.2f}")
    if a.runs > 1:
        print("play search, each pass alone: medians " +
              ", ".join(f"{statistics.median(v):.2f}" for v in pass_play))
    if nodes_play:
        print(f"play search, nodes at the depth (Threads 2 / 1): median "
              f"{statistics.median(nodes_play):.2f}, geometric mean {geo(nodes_play):.2f}; "
              f"nodes per second: median {statistics.median(nps_play):.2f}, "
              f"geometric mean {geo(nps_play):.2f}")


if __name__ == "__main__":
    main()
