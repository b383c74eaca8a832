#!/usr/bin/env python3
"""UCI test: alphactor plays whole short games against Debian's stockfish through the UCI
protocol, and every move of both sides is checked legal by stockfish's own move generator
(`go perft 1` lists the legal moves). Also checks the protocol around a search: isready while
searching, stop of an infinite search, an illegal move in `position ... moves`, bad options.

usage: uci_games.py ALPHACTOR [STOCKFISH]      exit 0 on success, 77 when stockfish is missing
"""
import os
import re
import sys

from uci_engine import Engine

ENGINES = []


def legal_moves(stockfish, moves, fen=None):
    where = f"fen {fen}" if fen else "startpos"
    stockfish.send(f"position {where} moves {' '.join(moves)}" if moves else f"position {where}")
    stockfish.send("go perft 1")
    lines = stockfish.expect("Nodes searched")
    return {l.split(":")[0] for l in lines if re.match(r"^[a-h][1-8][a-h][1-8][nbrq]?: 1$", l)}


def position_command(moves, fen):
    where = f"fen {fen}" if fen else "startpos"
    return f"position {where} moves {' '.join(moves)}" if moves else f"position {where}"


INFO = re.compile(r"^info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+( hashfull \d+)? time \d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+$")
PROGRESS = re.compile(r"^info time \d+ nodes \d+ nps \d+$")  # a long iteration's nodes so far


def play_game(alphactor, stockfish, alphactor_white, fen, max_plies, go_alphactor, go_stockfish):
    moves = []
    white_to_move = fen is None or fen.split()[1] == "w"
    for _ in range(max_plies):
        legal = legal_moves(stockfish, moves, fen)
        alphactor_moves = white_to_move == alphactor_white
        engine = alphactor if alphactor_moves else stockfish
        engine.send(position_command(moves, fen))
        engine.send(go_alphactor if alphactor_moves else go_stockfish)
        lines = engine.expect("bestmove")
        best = lines[-1].split()[1]
        if not legal:
            # Mate or stalemate: the engine must say it has no move.
            assert best in ("0000", "(none)"), f"{engine.name} moved {best} with no legal move"
            return "ended", moves
        assert best in legal, f"{engine.name} played illegal {best} after {moves} (legal: {sorted(legal)})"
        if alphactor_moves:
            infos = [l for l in lines if l.startswith("info depth")]
            assert infos, f"alphactor printed no info line: {lines}"
            for l in infos:
                assert INFO.match(l), f"malformed info line: {l}"
            for l in lines:
                assert not l.startswith("info time") or PROGRESS.match(l), f"malformed info line: {l}"
            assert infos[-1].split(" pv ")[1].split()[0] == best, f"pv does not start with bestmove: {lines[-2:]}"
        moves.append(best)
        white_to_move = not white_to_move
    return "max plies", moves


def protocol_checks(alphactor, stockfish):
    # isready while searching, stop ends an infinite search with a legal bestmove.
    alphactor.send("position startpos moves e2e4")
    alphactor.send("go infinite")
    alphactor.sync()
    alphactor.send("stop")
    best = alphactor.expect("bestmove")[-1].split()[1]
    assert best in legal_moves(stockfish, ["e2e4"]), best
    # An illegal move is refused with an info string and the position stays as it was.
    alphactor.send("position startpos moves e2e4 e7e5")
    alphactor.send("position startpos moves e2e4 e2e4")
    lines = alphactor.expect("info string")
    assert "illegal move 'e2e4'" in lines[-1], lines
    alphactor.send("d")
    fen_line = alphactor.expect("info string fen")[-1]
    assert "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w" in fen_line, fen_line
    # Bad FEN, bad options, bad go parameters, unknown commands: one info string each.
    for command, expected in [
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling field 'KQxq'"),
        ("position fen 8/8/8/8 w - - 0 1", "bad FEN"),
        ("position sideways", "position needs startpos or fen"),
        ("setoption name Hash value lots", "option Hash needs a non-negative number"),
        ("setoption name Hash value 0", "option Hash must be"),
        ("setoption name Algorithm value mtdf", "unknown algorithm 'mtdf'"),
        ("setoption name Frobnicate value 3", "unknown option 'Frobnicate'"),
        ("go depth x", "go depth needs a non-negative number"),
        ("go nodes 99999999999999999999", "go nodes is out of range (at most 18 digits)"),
        ("go sideways", "unknown parameter 'sideways'"),
        ("xyzzy", "unknown command 'xyzzy'"),
    ]:
        alphactor.send(command)
        line = alphactor.expect("info string")[-1]
        assert expected in line, f"{command!r} -> {line!r}"
    alphactor.sync()
    # The session survived all of that and still searches the position left in place.
    alphactor.send("go depth 3")
    best = alphactor.expect("bestmove")[-1].split()[1]
    assert best in legal_moves(stockfish, ["e2e4", "e7e5"]), best
    # Reference algorithms through the Algorithm option (full width), then back.
    alphactor.send("setoption name Algorithm value alphabeta")
    alphactor.send("setoption name FullWidth value true")
    alphactor.send("go depth 3")
    best = alphactor.expect("bestmove")[-1].split()[1]
    assert best in legal_moves(stockfish, ["e2e4", "e7e5"]), best
    alphactor.send("setoption name Algorithm value pvs")
    alphactor.send("setoption name FullWidth value false")
    alphactor.sync()


def main():
    alphactor_bin = sys.argv[1]
    stockfish_bin = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
    if not os.access(stockfish_bin, os.X_OK):
        print(f"stockfish not found at {stockfish_bin}: skipped")
        return 77
    alphactor = Engine("alphactor", [alphactor_bin, "uci"])
    stockfish = Engine("stockfish", [stockfish_bin])
    ENGINES.extend([alphactor, stockfish])
    try:
        alphactor.send("uci")
        lines = alphactor.expect("uciok")
        for option in ("Hash", "Threads", "Algorithm", "Topology", "Move Overhead", "Ponder"):
            assert any(l.startswith(f"option name {option} ") for l in lines), f"no option {option}"
        alphactor.send("setoption name Hash value 16")
        alphactor.sync()
        stockfish.send("uci")
        stockfish.expect("uciok")
        stockfish.sync()

        protocol_checks(alphactor, stockfish)

        games = [
            (True, None, 80, "go movetime 40", "go depth 2"),
            (False, None, 80, "go depth 5", "go depth 2"),
            # A middle game with castling rights, en passant chances and promotions ahead.
            (True, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 60,
             "go wtime 3000 btime 3000 winc 20 binc 20", "go depth 1"),
            # A pawn race: promotions on both sides.
            (False, "8/1P4k1/8/8/8/8/5p2/1K6 w - - 0 1", 40, "go nodes 20000", "go depth 1"),
        ]
        total = 0
        for alphactor_white, fen, plies, go_a, go_s in games:
            alphactor.send("ucinewgame")
            alphactor.sync()
            result, moves = play_game(alphactor, stockfish, alphactor_white, fen, plies, go_a, go_s)
            total += len(moves)
            print(f"game ({'white' if alphactor_white else 'black'}, {fen or 'startpos'}): "
                  f"{len(moves)} plies, {result}: {' '.join(moves)}")
        print(f"all {total} moves legal; protocol checks passed")
        return 0
    finally:
        alphactor.quit()
        stockfish.quit()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"FAIL: {e}")
        for engine in ENGINES:
            print(f"--- last lines of the conversation with {engine.name}:")
            print("\n".join(engine.log[-40:]))
        sys.exit(1)
