#!/usr/bin/env python3
"""Writes data/othello/er-steinberg.txt: the Othello roots of configs/er-steinberg.toml.

Steinberg & Solomon (1989, section 7, Fig. 9) searched three Othello configurations, White to
move, 7 ply; the figure is not legible in the available copy, so these are made reproducibly
instead: from the standard start, a fixed line (at ply k the legal moves sorted by square,
A1 = 0 .. H8 = 63, and move number (7k + 3) mod n taken) is played, and the positions after 15,
21 and 27 plies (White to move, no pass on the way) are kept. Usage: make_er_othello.py [OUT]
"""
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, sq, me):
    r, c = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == -me:
            line.append(rr * 8 + cc)
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == me:
            out += line
    return out


def moves(board, me):
    return [sq for sq in range(64) if board[sq] == 0 and flips(board, sq, me)]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "data/othello/er-steinberg.txt"
    board = [0] * 64
    board[28] = board[35] = 1  # e4, d5: black (X)
    board[27] = board[36] = -1  # d4, e5: white (O)
    me, kept = 1, []
    for ply in range(28):
        legal = moves(board, me)
        assert legal, "a pass on the fixed line"
        sq = legal[(7 * ply + 3) % len(legal)]
        for f in flips(board, sq, me):
            board[f] = me
        board[sq] = me
        me = -me
        if ply + 1 in (15, 21, 27):
            assert me == -1
            kept.append("".join("X" if v == 1 else "O" if v == -1 else "-" for v in board) + " O")
    with open(out, "w") as f:
        f.write("# Othello roots for configs/er-steinberg.toml (White to move), made by\n")
        f.write("# scripts/make_er_othello.py: the start, then a fixed line of 15, 21, 27 plies.\n")
        for k in kept:
            f.write(k + "\n")


main()
