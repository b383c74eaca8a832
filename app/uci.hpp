// UciSession: the Universal Chess Interface over a pair of streams (`alphactor uci` uses stdin
// and stdout; tests use string streams).
//
// Commands: uci, isready, ucinewgame, setoption name N [value V], position startpos|fen F
// [moves ...], go [depth N] [nodes N] [mate N] [movetime MS] [wtime/btime/winc/binc MS]
// [movestogo N] [infinite] [ponder] [searchmoves M...], ponderhit, stop, quit, and `d` (prints the
// FEN). Options: Hash (MiB; with Threads > 1 each processor's replica), Threads (> 1: that many
// processor actors on as many scheduler threads, YBWC with replicated tables:
// app/parallel_player.hpp), Topology (their network, default complete), Algorithm and FullWidth
// (the sequential search), Move Overhead, Ponder (the GUI's note that it may ponder; it changes
// nothing here), and the Clear Hash button (as ucinewgame). Tables are allocated at isready
// (after the setoptions; at go only if no isready came), not inside a timed go; Threads x Hash
// must fit in half the machine's memory. A mated or stalemated position answers `bestmove
// (none)`. `go nodes N` never cuts the first iteration short (the move played has been
// searched); after it one thread stops at N nodes, more within a slice each (parallel_player.hpp).
// `go mate N` deepens (within any other limits given) until it finds a mate for the
// side to move in at most N moves. `searchmoves` limits the root's moves
// (chess::ChessGame::set_root_moves), for every search and thread count; its list ends at the
// next parameter of go.
//
// Threads: `go` starts the search on a worker thread, so isready/stop/quit are answered while
// it runs; the worker prints an `info depth` line after each iteration (with hashfull: the
// table's fill, processor 0's with Threads > 1) and then `bestmove`. A search that has printed
// nothing for a second prints `info time T nodes N nps X`, from the search's own polls (the
// watchdog's with Threads > 1), so a long iteration shows as alive; from 3 s into a search each
// root move the search starts (processor 0's own with Threads > 1; none with FullWidth and one
// thread) prints `info currmove M currmovenumber N`. Output lines are written
// whole under a mutex. Bad input never stops the session: it is answered with one `info string
// ...` line and otherwise ignored (an illegal move in `position ... moves` leaves the previous
// position in place).
//
// Pondering: `go ponder` searches the move the GUI expects from the opponent with no time
// limit (depth and nodes still count) and never answers bestmove while it ponders. On
// `ponderhit` the opponent has played that move and our clock runs: the go's movetime or clock
// limits start from then (a clock thread ends the search at the hard limit; after the soft
// limit no new iteration starts), and a search that already finished answers at once. `stop`
// ends a ponder search as any other; the GUI ignores its bestmove.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

#include "app/chess_engine.hpp"

namespace alphactor::app {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);
  ~UciSession();
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  // Reads commands until quit or end of input; a search still running at the end of input
  // runs to its limit (an infinite one is stopped).
  void run(std::istream& in);
  // Handles one command line; returns false on quit.
  bool handle(const std::string& line);
  // Blocks until the current search (if any) has printed its bestmove.
  void wait();

 private:
  void send(const std::string& line);
  void cmd_uci();
  void cmd_setoption(const std::string& args);
  void cmd_position(const std::string& args);
  void cmd_go(const std::string& args);
  void stop_search();
  void ponderhit();
  void join_threads();
  void search_thread(PlayLimits limits, bool infinite);

  std::ostream& out_;
  std::mutex out_mutex_;
  ChessEngine engine_;
  chess::ChessGame position_;  // set by `position`; copied into the engine on `go`
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  bool infinite_ = false;  // the current search waits for stop
  int mate_moves_ = 0;     // go mate N: a mate in at most N moves ends the search (0: none)
  std::atomic<bool> pondering_{false};  // go ponder, before ponderhit: no bestmove, no clock
  PlayLimits ponder_limits_;            // a ponder search's time limits, from ponderhit on
  std::atomic<std::int64_t> soft_deadline_ns_{0};  // steady clock; 0: none (ponderhit sets it)
  std::thread clock_;               // after ponderhit: stops the search at the hard limit
  std::uint64_t move_overhead_ms_;  // "Move Overhead": kept back from movetime and the clock
  std::mutex wake_mutex_;
  std::condition_variable wake_;  // wakes a search waiting for stop or ponderhit, and clock_
};

}  // namespace alphactor::app
