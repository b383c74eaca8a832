#!/usr/bin/env python3
"""A quick match between two UCI engines (e.g. two alphactor builds), with Debian's stockfish
as the referee: it lists legal moves (`go perft 1`), tells mate from stalemate, and adjudicates
games that reach the ply limit by its own evaluation (|score| >= 300 cp wins, else a draw).
Openings are random legal moves (seeded), each played twice with colours swapped.

usage: bench/chess_match.py ENGINE_A ENGINE_B [--games 20] [--go "go movetime 50"] [--seed 1]
                           [--a-options Threads=2] [--b-options FullWidth=true,Hash=16]
  An engine is a command line, e.g. "build/alphactor uci"; its options are set with setoption.
  Against Debian's stockfish at a limited strength (issue 20), e.g.:
    bench/chess_match.py "build/alphactor uci" /usr/games/stockfish --games 30 \
        --go "go movetime 200" --a-options Threads=2 \
        --b-options UCI_LimitStrength=true,UCI_Elo=2400 --seed 23
Prints A's score, the Elo difference it implies and a 95 % error bar (from the spread of the
game pair results).
"""
import argparse
import math
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from uci_engine import Engine  # noqa: E402


def start(engine, options=""):
    """uci, then each Name=Value of `options` as setoption, then isready."""
    engine.send("uci")
    engine.expect("uciok")
    for option in filter(None, options.split(",")):
        name, value = option.split("=", 1)
        engine.send(f"setoption name {name} value {value}")
    engine.sync()


def referee_state(sf, moves):
    sf.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    sf.send("d")
    lines = sf.expect("Checkers")
    fen = next(l for l in lines if l.startswith("Fen: "))[5:]
    in_check = lines[-1].strip() != "Checkers:"
    sf.send("go perft 1")
    legal = [l.split(":")[0] for l in sf.expect("Nodes searched") if l.endswith(": 1")]
    return fen, in_check, legal


def play(engines, sf, opening, go, max_plies):
    """engines[0] has white. Returns 1 (white wins), 0.5, or 0."""
    moves = list(opening)
    seen = {}
    for e in engines:
        e.send("ucinewgame")
    while True:
        fen, in_check, legal = referee_state(sf, moves)
        if not legal:
            white_to_move = len(moves) % 2 == 0
            return (0 if white_to_move else 1) if in_check else 0.5
        key = " ".join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        halfmove = int(fen.split()[4])
        if seen[key] >= 3 or halfmove >= 100:
            return 0.5
        if len(moves) >= max_plies:
            sf.send("go depth 10")
            info = [l for l in sf.expect("bestmove") if l.startswith("info depth")][-1]
            kind, value = info.split(" score ")[1].split()[:2]
            v = int(value) * (1 if kind == "cp" else 100000)
            if len(moves) % 2 == 1:
                v = -v
            return 1 if v >= 300 else 0 if v <= -300 else 0.5
        mover = engines[len(moves) % 2]
        mover.send("position startpos moves " + " ".join(moves))
        mover.send(go)
        # No time limit: the --go a user chooses may think longer than the tests' 60 s.
        best = mover.expect("bestmove", timeout=None)[-1].split()[1]
        if best not in legal:
            raise RuntimeError(f"illegal move {best} after {moves}")
        moves.append(best)


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def signed(x):
    """An Elo figure as +N / -N, rounded first so that a value near 0 never shows as -0."""
    return f"{round(x):+d}"


def elo_line(pairs):
    """Elo of A over B and a 95 % interval, from the pairs' scores (each 0..2)."""
    n = len(pairs)
    mean = sum(pairs) / (2 * n)
    if n < 2:
        return f"Elo {signed(elo(mean))} (too few games for an error bar)"
    sd = math.sqrt(sum((p / 2 - mean) ** 2 for p in pairs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return (f"Elo {signed(elo(mean))}, 95 % interval {signed(elo(mean - half))} .. "
            f"{signed(elo(mean + half))} ({2 * n} games)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--go", default="go movetime 50")
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--a-options", default="", help="Name=Value,... set on engine A")
    ap.add_argument("--b-options", default="", help="Name=Value,... set on engine B")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    a = Engine("A", shlex.split(args.a), keep_log=False)
    b = Engine("B", shlex.split(args.b), keep_log=False)
    sf = Engine("stockfish", [args.stockfish], keep_log=False)
    start(a, args.a_options)
    start(b, args.b_options)
    start(sf)
    score_a = 0.0
    pairs = []
    for g in range(0, args.games, 2):
        opening = []
        for _ in range(6):
            _, _, legal = referee_state(sf, opening)
            opening.append(rng.choice(legal))
        r1 = play([a, b], sf, opening, args.go, args.plies)
        r2 = play([b, a], sf, opening, args.go, args.plies)
        score_a += r1 + (1 - r2)
        pairs.append(r1 + (1 - r2))
        print(f"games {g + 1}-{g + 2}: A as white {r1}, A as black {1 - r2}; "
              f"A {score_a} / {g + 2}", flush=True)
    n = 2 * len(pairs)
    print(f"A scored {score_a}/{n} ({100 * score_a / n:.1f}%) against B")
    print(elo_line(pairs))
    for e in (a, b, sf):
        e.quit()


if __name__ == "__main__":
    main()
