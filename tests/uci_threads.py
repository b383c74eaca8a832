#!/usr/bin/env python3
"""UCI with Threads > 1 plays through the actors (app/parallel_player.hpp), checked against
alphactor's own sequential search:
  - with FullWidth true, `go depth N` answers a legal best move whose score is the sequential
    full-width value at depth N (the same from the parallel search, always), with info lines
    whose depth rises and whose nodes are summed over processors;
  - `go searchmoves` (full width, Threads 2 and 1) answers one of the listed moves with the
    best of their values, each the sequential value of the position after it;
  - by default the actors prune as the sequential play search does: `go depth N` answers a
    legal move, finds the mates (in one, in three), and searches fewer nodes than full width
    to the same depth;
  - `stop` during a parallel `go infinite` answers bestmove within 100 ms, the move of the last
    line reported;
  - no table is allocated inside `go`: after `setoption Hash` + `isready`, `go movetime 50`
    answers in time, with one thread and with two; and no scheduler thread is started inside
    `go` (the workers start on isready and are kept from move to move); without isready the
    tables are made inside `go`, which says so and takes that time from the search's;
  - `Move Overhead` is what a movetime keeps back: 0 searches the whole movetime, 150 of
    300 answers after about half of it, and a value beyond 0..5000 is refused;
  - `go mate N` answers the mate's move with its score as soon as an iteration finds it
    (Threads 1 and 2);
  - pondering: `go ponder` never answers before ponderhit or stop, whatever its limits; after
    ponderhit the movetime or clock runs from then, a finished ponder search answers at once,
    `stop` answers within 100 ms, and the end of input ends a ponder search (Threads 1 and 2);
  - every iteration's line gives hashfull (0..1000, not falling within a search); the Clear
    Hash button makes a search repeat the nodes of one from new tables (Threads 1); a long
    iteration prints `info time T nodes N nps X` once a second, nodes never falling; from 3 s
    into a search each root move started prints `info currmove M currmovenumber N`;
  - `go nodes N` always completes the first iteration, and with Threads 1 stops within a few
    nodes of N after it;
  - a mated position answers `bestmove (none)` with `score mate 0`, a stalemate with cp 0;
  - a topology that does not take the processor count is refused with one info string.
Usage: uci_threads.py ALPHACTOR
"""
import json
import os
import subprocess
import sys
import time

from uci_engine import Engine

def run_json(binary, *args):
    return json.loads(subprocess.run([binary, *args], check=True, capture_output=True,
                                     text=True).stdout)


def legal_moves(binary, fen):
    doc = run_json(binary, "perft", "--fen", fen, "--depth", "1", "--divide", "--json")
    return {m["move"] for m in doc["results"][0].get("divide", [])}


def sequential_value(binary, fen, depth):
    doc = run_json(binary, "search", "--game", "chess", "--fen", fen, "--depth", str(depth),
                   "--algorithm", "pvs", "--json")
    return doc["results"][0]["value"]


def field(line, name):
    words = line.split()
    return words[words.index(name) + 1]


def go_depth(e, binary, fen, depth):
    """`go depth` on fen: a legal best move and info lines for every depth 1..depth.
    Returns the best move and the info lines."""
    e.send(f"position fen {fen}")
    e.send(f"go depth {depth}")
    lines = e.expect("bestmove")
    best = lines[-1].split()[1]
    assert best in legal_moves(binary, fen), f"{fen}: illegal {best}"
    infos = [l for l in lines if l.startswith("info depth")]
    depths = [int(field(l, "depth")) for l in infos]
    assert depths == list(range(1, depth + 1)), f"{fen}: info depths {depths}"
    return best, infos


START_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"

POSITIONS = [
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 6),  # Italian
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),  # Kiwipete
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),  # perft position 3, an endgame
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4),  # mate in one: Rd8#
]


def main():
    binary = sys.argv[1]
    e = Engine("alphactor", [binary, "uci"])
    try:
        e.send("uci")
        e.expect("uciok")
        e.send("setoption name Threads value 2")
        e.send("setoption name FullWidth value true")
        e.send("isready")
        e.expect("readyok")

        # go depth N: legal, the sequential value, deepening info lines summed over processors.
        full_width_nodes = {}
        for fen, depth in POSITIONS:
            best, infos = go_depth(e, binary, fen, depth)
            nodes = [int(field(l, "nodes")) for l in infos]
            assert nodes == sorted(nodes) and nodes[-1] > 0, f"{fen}: nodes {nodes}"
            full_width_nodes[fen] = nodes[-1]
            assert all(int(field(l, "seldepth")) >= int(field(l, "depth")) for l in infos), infos
            last = infos[-1]
            assert last.split(" pv ")[1].split()[0] == best, f"{fen}: pv {last} vs {best}"
            want = sequential_value(binary, fen, depth)
            kind, score = field(last, "score"), int(last.split(" score ")[1].split()[1])
            if kind == "cp":
                assert score == want, f"{fen} depth {depth}: parallel {score}, sequential {want}"
            else:
                assert kind == "mate" and want >= 30000 and score == (31000 - want + 1) // 2, (last, want)

        # go searchmoves, full width: the value over the listed moves alone, each move's value
        # the sequential search's of the position after it, one ply less (Threads 2, then 1).
        fen, depth = POSITIONS[1][0], 5
        listed = sorted(legal_moves(binary, fen))[:3]
        values = {}
        for m in listed:
            e.send(f"position fen {fen} moves {m}")
            e.send("d")
            child = e.expect("info string fen")[-1].split("info string fen ")[1]
            values[m] = -sequential_value(binary, child, depth - 1)
        want = max(values.values())
        for threads in (2, 1):
            e.send(f"setoption name Threads value {threads}")
            e.send(f"position fen {fen}")
            e.send(f"go depth {depth} searchmoves {' '.join(listed)}")
            lines = e.expect("bestmove")
            infos = [l for l in lines if l.startswith("info depth")]
            best = lines[-1].split()[1]
            assert all(l.split(" pv ")[1].split()[0] in listed for l in infos), infos
            assert values.get(best) == want and field(infos[-1], "score") == "cp" and \
                int(infos[-1].split(" score cp ")[1].split()[0]) == want, (threads, values, lines[-2:])
        e.send("go searchmoves e2e5")
        assert "go searchmoves: illegal move 'e2e5'" in e.expect("info string")[-1]
        e.send("setoption name Threads value 2")

        # The default: the actors prune. Legal moves, the mates, fewer nodes than full width.
        e.send("setoption name FullWidth value false")
        e.send("isready")
        e.expect("readyok")
        for fen, depth in POSITIONS[:3]:
            e.send("ucinewgame")
            _, infos = go_depth(e, binary, fen, depth)
            nodes = int(field(infos[-1], "nodes"))
            assert nodes < full_width_nodes[fen], \
                f"{fen}: pruning searched {nodes} nodes, full width {full_width_nodes[fen]}"
        for fen, mate in [(POSITIONS[3][0], "Rd8#"),
                          ("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", None)]:
            e.send(f"position fen {fen}")
            e.send("go depth 16")
            lines = e.expect("bestmove")
            infos = [l for l in lines if l.startswith("info depth")]
            want = "mate 1" if mate else "mate 3"  # Bratko-Kopec 1: Qd1+ mates in three
            assert f"score {want} " in infos[-1], (fen, infos[-1])
            if not mate:
                assert lines[-1].split()[1] == "d6d1", lines[-1]
            else:
                assert lines[-1].split()[1] == "d1d8", lines[-1]
            # A proven mate ends the deepening before depth 16.
            assert int(field(infos[-1], "depth")) < 16, infos[-1]

        # go mate N (Threads 2 here, 1 below): the mate's move and score; mate 0 is refused.
        def go_mate(threads):
            for fen, moves, want in [(POSITIONS[3][0], 1, "d1d8"),
                                     ("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 3,
                                      "d6d1")]:
                e.send(f"position fen {fen}")
                e.send(f"go mate {moves}")
                lines = e.expect("bestmove")
                infos = [l for l in lines if l.startswith("info depth")]
                assert f"score mate {moves} " in infos[-1] and lines[-1].split()[1] == want, \
                    (threads, fen, lines[-2:])
                # It ends with the first iteration that finds it, no iteration later.
                assert sum(" score mate " in l for l in infos) == 1, (threads, fen, infos)
            e.send("go mate 0")
            assert "go mate must be 1.." in e.expect("info string")[-1]
        go_mate(2)

        # hashfull on every iteration's line: the fill of the table (processor 0's with
        # Threads 2) by this search, 0..1000 and never falling within a search, and a 1 MiB
        # table filled well by a search of a million nodes.
        e.send("setoption name Hash value 1")
        for threads in (1, 2):
            e.send(f"setoption name Threads value {threads}")
            e.send("ucinewgame")
            e.send("isready")
            e.expect("readyok")
            _, infos = go_depth(e, binary, POSITIONS[1][0], 10)
            fills = [int(field(l, "hashfull")) for l in infos]
            assert all(0 <= f <= 1000 for f in fills) and fills == sorted(fills), (threads, fills)
            # Depth 10 writes tens of thousands of entries into 65536 (fills of 274-435 seen).
            assert fills[-1] >= 100, (threads, fills, infos[-1])

        # Clear Hash (a button) forgets what earlier searches learnt, as ucinewgame does: with
        # one thread a search from cleared tables repeats the first search's nodes exactly,
        # where the same search with the tables kept searches another tree.
        e.send("setoption name Threads value 1")
        e.send("setoption name Hash value 16")
        e.send("ucinewgame")
        e.send("isready")
        e.expect("readyok")
        counts = []
        for clear in (False, False, True):
            if clear:
                e.send("setoption name Clear Hash")
                e.send("isready")
                e.expect("readyok")
            _, infos = go_depth(e, binary, POSITIONS[0][0], 9)
            counts.append(int(field(infos[-1], "nodes")))
        assert counts[1] != counts[0] and counts[2] == counts[0], f"nodes {counts}"
        e.send("setoption name Clear Hash value 1")
        assert "Clear Hash is a button" in e.expect("info string")[-1]

        # go nodes N never cuts the first iteration short (the move played has been searched),
        # and after it, with one thread, stops within a few nodes of N: no line after the
        # first reports more (the interrupted iteration's own line, when it found a better
        # move, counts every node searched). Before the limit was polled at its count, `go
        # nodes 300` completed depth 5 at 468 nodes and depth 6 at 891. With two threads the
        # watchdog reads the summed nodes once a millisecond: the first iteration is kept there
        # too.
        for threads in (1, 2):
            e.send(f"setoption name Threads value {threads}")
            for limit in (1, 300, 5000):
                e.send("ucinewgame")
                e.send("position fen " + POSITIONS[1][0])
                e.send(f"go nodes {limit}")
                lines = e.expect("bestmove")
                infos = [l for l in lines if l.startswith("info depth ")]
                assert infos and field(infos[0], "depth") == "1", (threads, limit, lines)
                assert lines[-1].split()[1] == infos[-1].split(" pv ")[1].split()[0], lines[-2:]
                if threads == 1:
                    over = [l for l in infos[1:] if int(field(l, "nodes")) >= limit + 16]
                    assert not over, (limit, over)

        # A long iteration shows as alive: once a second without a line, `info time T nodes N
        # nps X` (Threads 1 from the search's polls, Threads 2 from the watchdog); nodes never
        # fall from line to line, and no such line comes within a second of the one before.
        # From 3 s on, each root move the search (processor 0) starts: `info currmove M
        # currmovenumber N`, a legal move and its number among the root's moves.
        kiwipete_moves = legal_moves(binary, POSITIONS[1][0])
        for threads in (1, 2):
            e.send(f"setoption name Threads value {threads}")
            e.sync()
            e.send("position fen " + POSITIONS[1][0])
            sent = e.send("go infinite")
            # The first currmove line, no sooner than 3 s; iterations grow until one takes over
            # a second (Kiwipete: by depth 17 or so) and prints a progress line.
            seen = e.expect("info currmove ", timeout=60)
            assert e.last_at - sent >= 3.0, f"currmove after {e.last_at - sent:.2f} s"
            if not any(l.startswith("info time ") for l in seen):
                seen += e.expect("info time ", timeout=60)
            e.send("stop")
            seen += e.expect("bestmove")
            current = [l.split() for l in seen if l.startswith("info currmove ")]
            assert all(len(w) == 5 and w[2] in kiwipete_moves and w[3] == "currmovenumber" and
                       1 <= int(w[4]) <= len(kiwipete_moves) for w in current), (threads, current)
            lines = [l for l in seen if l.startswith(("info depth ", "info time "))]
            progress = [i for i, l in enumerate(lines) if l.startswith("info time ")]
            assert progress, (threads, lines)
            times = [int(field(l, "time")) for l in lines]
            nodes = [int(field(l, "nodes")) for l in lines]
            assert nodes == sorted(nodes) and nodes[0] > 0, (threads, nodes)
            for i in progress:
                assert i == 0 or times[i] - times[i - 1] >= 900, (threads, lines[i - 1:i + 1])
                assert times[i] >= 900 and int(field(lines[i], "nps")) > 0, (threads, lines[i])

        # stop during a parallel infinite search: bestmove within 100 ms.
        e.send("position fen " + POSITIONS[1][0])
        e.send("go infinite")
        e.expect("info depth 3")
        time.sleep(0.3)
        sent = e.send("stop")
        lines = e.expect("bestmove")
        at = e.last_at
        assert lines[-1].split()[1] in legal_moves(binary, POSITIONS[1][0]), lines[-1]
        assert at - sent < 0.1, f"stop answered after {1000 * (at - sent):.0f} ms"
        # The move played is the last reported line's, also when the interrupted iteration
        # found a better one (reported as an info line of its own before bestmove).
        pvs = [l for l in lines if " pv " in l]
        assert pvs and pvs[-1].split(" pv ")[1].split()[0] == lines[-1].split()[1], lines[-3:]

        # The scheduler's workers start on isready and are kept: a go starts no thread but its
        # own and its watchdog's, and leaves the same threads behind it.
        def threads():
            return set(os.listdir(f"/proc/{e.proc.pid}/task"))
        e.send("setoption name Threads value 1")
        e.send("isready")
        e.expect("readyok")
        one = len(threads())
        e.send("setoption name Threads value 2")
        e.send("isready")
        e.expect("readyok")
        idle = threads()
        assert len(idle) >= one + 2, f"Threads 2 at rest: {len(idle)} threads, Threads 1: {one}"
        e.send("position startpos")
        e.send("go infinite")
        e.expect("info depth 3")
        during = threads()
        e.send("stop")
        e.expect("bestmove")
        assert idle <= during and len(during - idle) <= 2, \
            f"go started {len(during - idle)} threads, stopped {len(idle - during)}"
        for _ in range(100):  # the go's own threads are joined just after bestmove
            if threads() == idle:
                break
            time.sleep(0.01)
        assert threads() == idle, f"after go: {len(threads())} threads, before {len(idle)}"

        # No table allocated inside go: a large Hash, then a short movetime, is answered in time.
        # A GUI that sends go without isready: the tables are made inside go, it says so, and
        # the time that took is the search's, not added to it.
        def timed_go(threads, hash_mb, ready, movetime):
            e.send(f"setoption name Threads value {threads}")
            e.send(f"setoption name Hash value {hash_mb if ready else 16}")
            e.send("isready")
            e.expect("readyok")
            if not ready:
                e.send(f"setoption name Hash value {hash_mb}")
            e.send("position startpos moves e2e4")
            sent = e.send(f"go movetime {movetime}")
            lines = e.expect("bestmove")
            return lines, e.last_at - sent

        for threads in (1, 2):
            _, took = timed_go(threads, 1024, True, 50)
            assert took < 0.25, f"Threads {threads}: movetime 50 took {1000 * took:.0f} ms"
            lines, took = timed_go(threads, 512, False, 300)
            notes = [l for l in lines if "tables prepared in" in l]
            assert notes, f"Threads {threads}: no note of tables made inside go: {lines}"
            prepared = int(notes[0].split("tables prepared in ")[1].split()[0]) / 1000
            assert took < max(prepared, 0.3) + 0.15, \
                f"Threads {threads}: movetime 300 took {1000 * took:.0f} ms, " \
                f"of which {1000 * prepared:.0f} ms making tables"
        e.send("setoption name Hash value 16")

        # Move Overhead: the time a movetime (or the clock) keeps back, 30 ms by default.
        for threads in (1, 2):
            e.send(f"setoption name Threads value {threads}")
            for overhead, low, high in [(0, 0.295, 0.6), (150, 0.14, 0.25)]:
                e.send(f"setoption name Move Overhead value {overhead}")
                _, took = timed_go(threads, 16, True, 300)
                assert low <= took < high, \
                    f"Threads {threads}, Move Overhead {overhead}: movetime 300 took " \
                    f"{1000 * took:.0f} ms, not {1000 * low:.0f}..{1000 * high:.0f}"
        e.send("setoption name Move Overhead value 5001")
        lines = e.expect("info string")
        assert "Move Overhead must be 0..5000" in lines[-1], lines
        e.send("setoption name Move Overhead value 30")
        e.send("setoption name Threads value 2")

        e.send("setoption name Threads value 1")
        go_mate(1)

        # Pondering (Threads 1 and 2, Move Overhead 30): no bestmove before ponderhit.
        for threads in (1, 2):
            e.send(f"setoption name Threads value {threads}")
            e.send("setoption name Ponder value true")
            e.sync()
            e.send("position startpos moves e2e4 e7e5")

            def ponder(go, quiet, release, within, at_least=-1.0):
                """go ponder: no bestmove for `quiet` s; then one within `within` s of release
                (an answer may be stamped a hair before send() returns: at_least -1 by default)."""
                e.send(go)
                e.silent("bestmove", quiet)
                sent = e.send(release)
                lines = e.expect("bestmove")
                took = e.last_at - sent
                assert at_least <= took < within, \
                    f"Threads {threads}: {go!r} answered {1000 * took:.0f} ms after {release}, " \
                    f"not {max(0, 1000 * at_least):.0f}..{1000 * within:.0f}"
                assert lines[-1].split()[1] in legal_moves(binary, START_E4_E5), lines[-1]

            # Twice the movetime pondering, then the movetime from ponderhit on.
            ponder("go ponder movetime 300", 0.6, "ponderhit", 0.6, 0.2)
            # A ponder search that ends by itself (depth) waits for ponderhit, then answers.
            ponder("go ponder depth 2", 0.4, "ponderhit", 0.1)
            # The clock's limits (here about 45 ms soft, 195 ms hard) start at ponderhit.
            ponder("go ponder wtime 2000 btime 2000", 0.5, "ponderhit", 0.45)
            # stop ends a ponder search at once.
            ponder("go ponder wtime 60000 btime 60000", 0.3, "stop", 0.1)
        e.send("setoption name Ponder value maybe")
        lines = e.expect("info string")
        assert "Ponder must be true or false" in lines[-1], lines
        # The end of input ends a ponder search, with a bestmove.
        for threads in (1, 2):
            out = subprocess.run([binary, "uci"], text=True, capture_output=True, timeout=60,
                                 input=f"setoption name Threads value {threads}\nisready\n"
                                       "position startpos\ngo ponder wtime 60000 btime 60000\n")
            assert out.returncode == 0 and "bestmove " in out.stdout, (threads, out)

        # Mated and stalemated: bestmove (none).
        for fen, score in [("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", "mate 0"),
                           ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0")]:
            e.send(f"position fen {fen}")
            e.send("go depth 3")
            lines = e.expect("bestmove")
            assert lines[-1] == "bestmove (none)", lines
            assert any(f"score {score}" in l for l in lines), lines

        # A topology that does not take the processor count: refused, settings kept.
        e.send("setoption name Topology value hypercube")
        e.send("setoption name Threads value 3")
        lines = e.expect("info string")
        assert "hypercube" in lines[-1], lines
        e.send("setoption name Topology value complete")
        # More threads than an engine can run, or tables that cannot fit: refused up front.
        e.send("setoption name Threads value 300")
        lines = e.expect("info string")
        assert "must be 1..256" in lines[-1], lines
        e.send("setoption name Threads value 200")
        e.send("setoption name Hash value 4096")
        lines = e.expect("info string")
        assert "exceeds half of this machine's memory" in lines[-1], lines
        e.send("setoption name Threads value 2")
        e.send("isready")
        e.expect("readyok")
    finally:
        e.quit()
    print("uci threads: parallel search plays, stops, and answers as the sequential one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
