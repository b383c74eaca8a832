#!/usr/bin/env python3
"""UCI time to depth, Threads 2 against Threads 1, over the 24 Bratko-Kopec positions: the
time until each engine's info line for depth D completed (fresh tables for each position:
ucinewgame). Three pairs of engines:
  - the play search (prunes; what a GUI gets by default): Threads 1 is the sequential
    search/play_search.hpp, Threads 2 the actors (YBWC, real mode, replicated tables) pruning
    as it does, to --depth;
  - full width (FullWidth true): Threads 1 sequential, Threads 2 the actors, every value
    exact, to --full-depth;
  - the reference, Debian's stockfish (on PATH or in /usr/games; --reference PATH,
    --no-reference to leave it out), to --reference-depth, where it takes about as long as
    alphactor to --depth: what two cores give a lazy-SMP engine on this machine, measured in
    the same minutes (issue 20's goal was set beside a Stockfish range typed in by hand).
Each position is searched --runs times by every engine (the engines' order alternating from
run to run) and its times are the medians of those: Threads 2 takes a different tree each
time, and on this machine one pass's median ratio moves by 0.05-0.15 from pass to pass.
Prints per position and the median and geometric mean of the ratios Threads 2 / Threads 1
for each pair (goal of issue 20: <= 0.6 for the play search), the same median for each
pass alone (the spread), and for each pair the ratios of the nodes at that depth (the
trees) and of the nodes per second (the speeds).
usage: bench/uci_time_to_depth.py [ALPHACTOR] [--depth 16] [--full-depth 7] [--hash 16]
                                  [--positions N] [--runs 3] [--reference PATH]
                                  [--reference-depth 20] [--no-reference]
"""
import argparse
import math
import re
import os
import shutil
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
    # A line with a bound (a reference engine's failed aspiration window) is not the depth
    # completed.
    done = lambda l: (l.startswith(f"info depth {depth} ") and "lowerbound" not in l and
                      "upperbound" not in l) or l.startswith("bestmove")
    line = engine.read_until(done, 120)[-1]
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
    ap.add_argument("--reference", default=shutil.which("stockfish") or
                    shutil.which("stockfish", path="/usr/games"))
    ap.add_argument("--reference-depth", type=int, default=20)
    ap.add_argument("--no-reference", action="store_true")
    a = ap.parse_args()
    if a.runs < 1:
        sys.exit("uci_time_to_depth.py: --runs must be at least 1")
    if a.no_reference:
        a.reference = None
    elif not a.reference:
        sys.exit("uci_time_to_depth.py: no stockfish on PATH or in /usr/games: give "
                 "--reference PATH or --no-reference")
    elif not shutil.which(a.reference):
        sys.exit(f"uci_time_to_depth.py: --reference {a.reference} is not an executable")
    if a.reference_depth < 1:
        sys.exit("uci_time_to_depth.py: --reference-depth must be at least 1")
    pairs = {"play": ([a.alphactor, "uci"], {}, a.depth),
             "full": ([a.alphactor, "uci"], {"FullWidth": "true"}, a.full_depth)}
    if a.reference:
        pairs["ref"] = ([a.reference], {}, a.reference_depth)
    engines, depth = {}, {}
    for p, (argv, options, d) in pairs.items():
        for threads in (1, 2):
            name = f"T{threads} {p}"
            depth[name] = d
            e = Engine(name, argv)
            e.send("uci")
            e.expect("uciok")
            e.send(f"setoption name Hash value {a.hash}")
            for k, v in {"Threads": threads, **options}.items():
                e.send(f"setoption name {k} value {v}")
            e.sync()
            engines[name] = e
    fens = bk_positions(os.path.join(root, "data", "chess", "bratko-kopec.epd"), a.positions)
    title = {"play": "play search", "full": "full width", "ref": "reference"}
    print(f"time to depth {a.depth} (play search) and {a.full_depth} (full width)" +
          (f", reference {a.reference} to depth {a.reference_depth}" if a.reference else "") +
          f", Hash {a.hash} MiB, {len(fens)} Bratko-Kopec positions, medians of {a.runs} "
          f"run(s) each")
    print(f"{'#':>3}" + "".join(f" {'T1 ' + p + ' s':>10} {'T2 ' + p + ' s':>10} {'T2/T1':>6}"
                                for p in pairs))
    ratios = {p: [] for p in pairs}
    nodes = {p: [] for p in pairs}  # Threads 2's nodes at the depth over Threads 1's
    nps = {p: [] for p in pairs}
    pass_ratios = {p: [[] for _ in range(a.runs)] for p in pairs}  # each pass alone
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
                for p in pairs:
                    pass_ratios[p][r].append(times["T2 " + p][-1] / times["T1 " + p][-1])
            t = {name: statistics.median(v) for name, v in times.items()}
            # Nodes only when every run reported them (a mate may end a search first).
            n = {name: statistics.median(v) if all(v) else None for name, v in counts.items()}
            row = f"{i:>3}"
            for p in pairs:
                ratio = t["T2 " + p] / t["T1 " + p]
                ratios[p].append(ratio)
                if n["T1 " + p] and n["T2 " + p]:  # the trees and the speeds apart
                    nodes[p].append(n["T2 " + p] / n["T1 " + p])
                    nps[p].append(nodes[p][-1] / ratio)
                row += f" {t['T1 ' + p]:>10.3f} {t['T2 ' + p]:>10.3f} {ratio:>6.2f}"
            print(row, flush=True)
    finally:
        for e in engines.values():
            e.quit()
    geo = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))
    for p in pairs:
        print(f"{title[p]}, Threads 2 / Threads 1: median {statistics.median(ratios[p]):.2f}, "
              f"geometric mean {geo(ratios[p]):.2f}")
        if a.runs > 1:
            print(f"{title[p]}, each pass alone: medians " +
                  ", ".join(f"{statistics.median(v):.2f}" for v in pass_ratios[p]))
        if nodes[p]:
            print(f"{title[p]}, nodes at the depth (Threads 2 / 1): median "
                  f"{statistics.median(nodes[p]):.2f}, geometric mean {geo(nodes[p]):.2f}; "
                  f"nodes per second: median {statistics.median(nps[p]):.2f}, "
                  f"geometric mean {geo(nps[p]):.2f}")


if __name__ == "__main__":
    main()
