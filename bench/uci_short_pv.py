#!/usr/bin/env python3
"""Short principal variations over UCI, Threads 1 against Threads 2: for the first --positions
Bratko-Kopec positions, `go depth D` (fresh tables: ucinewgame), and of every iteration from
--from-depth on whose score is exact (neither lowerbound nor upperbound) it counts those whose
pv is shorter than half the iteration's depth, apart for mate scores (a mate in n has a line
of 2n - 1 plies, which may well be short) and for the rest.
The play search is not exact, so a parallel search may take a bound for a value; a line of
one or two moves with a centipawn score is its trace (the UCI user sees the line, and the
move played is its first). The sequential search gives none but mates: the count at
Threads 2 beside it says how many the actors add. Prints, per engine, the counts and each
short iteration (position, depth, score, pv length), --runs times.
usage: bench/uci_short_pv.py [ALPHACTOR] [--depth 13] [--from-depth 6] [--positions 12]
                             [--hash 16] [--runs 1] [--threads 1,2]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from uci_engine import Engine  # noqa: E402
from uci_time_to_depth import bk_positions  # noqa: E402

INFO = re.compile(r"^info depth (\d+) .*?score (cp|mate) (-?\d+)(.*?) pv ?(.*)$")


def iterations(engine, fen, depth):
    """The exact iterations of one search: (depth, kind, score, pv length)."""
    engine.send("ucinewgame")
    engine.sync()
    engine.send(f"position fen {fen}")
    engine.send(f"go depth {depth}")
    lines = engine.read_until(lambda l: l.startswith("bestmove"), 600)
    out = []
    for l in lines:
        m = INFO.match(l)
        if not m or "bound" in m.group(4):
            continue
        out.append((int(m.group(1)), m.group(2), int(m.group(3)), len(m.group(5).split())))
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ap = argparse.ArgumentParser()
    ap.add_argument("alphactor", nargs="?", default=os.path.join(root, "build", "alphactor"))
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--from-depth", type=int, default=6)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--threads", default="1,2")
    a = ap.parse_args()
    try:
        threads = [int(t) for t in a.threads.split(",")]
    except ValueError:
        sys.exit(f"uci_short_pv.py: --threads {a.threads}: a comma-separated list of integers")
    if a.runs < 1 or a.depth < 1 or a.positions < 1 or any(t < 1 for t in threads):
        sys.exit("uci_short_pv.py: --runs, --depth, --positions and --threads must be positive")
    if not os.access(a.alphactor, os.X_OK):
        sys.exit(f"uci_short_pv.py: {a.alphactor} is not an executable")
    fens = bk_positions(os.path.join(root, "data", "chess", "bratko-kopec.epd"), a.positions)
    print(f"go depth {a.depth}, exact iterations from depth {a.from_depth}, pv shorter than "
          f"half the depth; {len(fens)} Bratko-Kopec positions, Hash {a.hash} MiB")
    for t in threads:
        e = Engine(f"T{t}", [a.alphactor, "uci"], keep_log=False)
        e.send("uci")
        e.expect("uciok")
        e.send(f"setoption name Hash value {a.hash}")
        e.send(f"setoption name Threads value {t}")
        e.sync()
        try:
            for r in range(a.runs):
                total = short_cp = short_mate = 0
                shown = []
                for i, fen in enumerate(fens, 1):
                    for d, kind, score, length in iterations(e, fen, a.depth):
                        if d < a.from_depth:
                            continue
                        total += 1
                        if 2 * length >= d:
                            continue
                        if kind == "mate":
                            short_mate += 1
                        else:
                            short_cp += 1
                        shown.append(f"#{i} depth {d} {kind} {score} pv {length}")
                print(f"Threads {t}, run {r + 1}: {short_cp} short with a cp score, "
                      f"{short_mate} with a mate score, of {total} iterations", flush=True)
                for s in shown:
                    print(f"  {s}")
        finally:
            e.quit()


if __name__ == "__main__":
    main()
