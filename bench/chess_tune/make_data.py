#!/usr/bin/env python3
"""Training positions for the evaluation tuner: alphactor plays itself quickly from randomised
openings (uniformly random legal moves for the first plies), positions are sampled along the
games, and Debian's stockfish labels each with its score at a fixed depth (centipawns, side to
move's view). Output: one "FEN;score" per line. Nothing is downloaded; the positions are ours,
stockfish is only the judge.

usage: make_data.py ALPHACTOR OUT.txt [--games 300] [--depth 7] [--seed 1]
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests"))
from uci_engine import Engine  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("alphactor")
    ap.add_argument("out")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    a = Engine("alphactor", [args.alphactor, "uci"], keep_log=False)
    s = Engine("stockfish", [args.stockfish], keep_log=False)
    s.send("uci")
    s.expect("uciok")
    a.send("uci")
    a.expect("uciok")
    a.send("setoption name Hash value 16")
    written = 0
    with open(args.out, "w") as out:
        for game in range(args.games):
            moves = []
            a.send("ucinewgame")
            random_plies = rng.randint(4, 10)
            for ply in range(160):
                pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
                s.send(pos)
                s.send("go perft 1")
                legal = [l.split(":")[0] for l in s.expect("Nodes searched") if l.endswith(": 1")]
                if not legal:
                    break
                if ply < random_plies:
                    move = rng.choice(legal)
                else:
                    a.send(pos)
                    a.send("go nodes 3000")
                    move = a.expect("bestmove")[-1].split()[1]
                    # Label a sample of the positions reached by play.
                    if ply % 3 == 0:
                        s.send("d")
                        fen = next(l for l in s.expect("Checkers") if l.startswith("Fen: "))[5:]
                        s.send(f"go depth {args.depth}")
                        # No time limit: a deep --depth may take stockfish over a minute.
                        info = [l for l in s.expect("bestmove", timeout=None)
                                if l.startswith("info depth")]
                        score = info[-1].split(" score ")[1].split()
                        if score[0] == "cp":
                            out.write(f"{fen};{score[1]}\n")
                            written += 1
                moves.append(move)
            out.flush()
            print(f"game {game + 1}: {len(moves)} plies, {written} positions", flush=True)
    a.quit()
    s.quit()


if __name__ == "__main__":
    main()
