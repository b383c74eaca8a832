#!/usr/bin/env python3
"""Training positions for the evaluation tuner: alphactor plays itself quickly from randomised
openings (uniformly random legal moves for the first plies), positions are sampled along the
games, and Debian's stockfish labels each with its score at a fixed depth (centipawns, side to
move's view). Output: one "FEN;score" per line. Nothing is downloaded; the positions are ours,
stockfish is only the judge.

usage: make_data.py ALPHACTOR OUT.txt [--games 300] [--depth 7] [--seed 1]
"""
import argparse
import random
import subprocess


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines


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
    a = Engine([args.alphactor, "uci"])
    s = Engine([args.stockfish])
    s.send("uci")
    s.until("uciok")
    a.send("uci")
    a.until("uciok")
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
                legal = [l.split(":")[0] for l in s.until("Nodes searched") if l.endswith(": 1")]
                if not legal:
                    break
                if ply < random_plies:
                    move = rng.choice(legal)
                else:
                    a.send(pos)
                    a.send("go nodes 3000")
                    move = a.until("bestmove")[-1].split()[1]
                    # Label a sample of the positions reached by play.
                    if ply % 3 == 0:
                        s.send("d")
                        fen = next(l for l in s.until("Checkers") if l.startswith("Fen: "))[5:]
                        s.send(f"go depth {args.depth}")
                        info = [l for l in s.until("bestmove") if l.startswith("info depth")]
                        score = info[-1].split(" score ")[1].split()
                        if score[0] == "cp":
                            out.write(f"{fen};{score[1]}\n")
                            written += 1
                moves.append(move)
            out.flush()
            print(f"game {game + 1}: {len(moves)} plies, {written} positions", flush=True)
    a.send("quit")
    s.send("quit")


if __name__ == "__main__":
    main()
