#!/usr/bin/env python3
"""Writes dts-positions.txt: 40 Othello middle-game positions for configs/dts-othello.toml
(Ferguson & Korf, AAAI-88, section 6: "40 mid-game Othello positions").

Position i (0..39) is reached from the standard start by 24 plies of uniformly random legal
moves drawn from Python's random.Random(1988 + i) (a side without a move passes); a game that
ends or leaves the side to move without a move is drawn again with the next seed of that
stream. Output: one "<64 chars a1..h8, row 1 first: X black, O white, - empty> <side>" a line,
the format othello/board.hpp's parse_position reads. Run: python3 make_dts_positions.py > dts-positions.txt
"""
import random

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, sq, side):
    if board[sq] != '-':
        return []
    other = 'O' if side == 'X' else 'X'
    r0, c0 = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        r, c, line = r0 + dr, c0 + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == other:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == side:
            out += line
    return out


def moves(board, side):
    return [sq for sq in range(64) if flips(board, sq, side)]


def start():
    b = ['-'] * 64
    # a1 = index 0, row 1 first: d4 (27) and e5 (36) white, e4 (28) and d5 (35) black.
    b[27], b[36], b[28], b[35] = 'O', 'O', 'X', 'X'
    return b


def position(rng, plies=24):
    while True:
        b, side, ok = start(), 'X', True
        for _ in range(plies):
            ms = moves(b, side)
            if not ms:
                side = 'O' if side == 'X' else 'X'
                ms = moves(b, side)
                if not ms:
                    ok = False
                    break
            sq = rng.choice(ms)
            for f in flips(b, sq, side):
                b[f] = side
            b[sq] = side
            side = 'O' if side == 'X' else 'X'
        if ok and moves(b, side):
            return ''.join(b) + ' ' + side


if __name__ == '__main__':
    for i in range(40):
        print(position(random.Random(1988 + i)))
