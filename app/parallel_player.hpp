// ParallelPlayer: the chess engine's search on processor actors (UCI `Threads` > 1). YBWC
// (algorithms/ybwc) in real mode: N processors on N scheduler threads of one complete network,
// each with its own replicated transposition table (actors/table_replication.hpp), the setting
// that won on chess in real mode (docs/results/BENCHMARKS.md). By default the processors
// prune as search/play_search.hpp does (ParallelPlayerSettings::play; the resumable search's
// play mode), and a proven mate ends the deepening; full width on request (exact values).
// The root deepens iteratively;
// every completed iteration is reported (depth, value, line, nodes summed over processors,
// seldepth) and the search ends at the go command's limits or on stop, answering with the last
// complete iteration, or with a better root move the interrupted iteration had searched to the
// end (as the sequential search/play_search.hpp does).
//
// The tables (and, pruning, each processor's move statistics, search/play_search.hpp
// PlayHistory) are allocated by prepare() (UCI isready), never inside search() when prepared,
// and kept between moves: a full-width search cuts only on entries of exactly its draft, so a
// table's contents never change its value at a fixed depth (a pruning one's they may). prepare()
// also starts the scheduler's worker threads (actors::RealSystem), kept until the settings change:
// a `go` neither starts nor joins threads.
//
// Limits: depth; nodes (summed, looked at every poll, so a run may pass it by a slice per
// processor; like every stop, it never interrupts the first iteration); soft_ms (no new iteration
// after it) and hard_ms (stop now) from the clock; the stop flag (UCI stop). Not thread-safe: one
// search at a time, from one thread; the listeners run on a scheduler thread or the watchdog.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "chess/chess_game.hpp"
#include "search/play_search.hpp"
#include "search/transposition_table.hpp"

namespace alphactor::actors {
class RealSystem;
}

namespace alphactor::app {

struct ParallelPlayerSettings {
  int processors = 2;
  std::size_t hash_mb = 64;  // each processor's table (a replica), MiB
  std::string topology = "complete";
  // The searches prune as search/play_search.hpp does (the engine's default); false: full
  // width, every value the sequential full-width search's.
  bool play = true;
  bool operator==(const ParallelPlayerSettings&) const = default;
};

// What a caller hears of a search under way (UCI's info lines); any may be empty.
struct SearchListeners {
  // Every completed iteration, with the fill of the table (SearchResult::hashfull).
  std::function<void(const SearchResult&)> on_iteration;
  // The nodes searched so far, now and then during an iteration.
  std::function<void(std::uint64_t nodes)> on_progress;
  // A root move started: the move (encoded) and its number in the root's order from 1. With
  // Threads > 1 only processor 0's own (its helpers search others beside it).
  std::function<void(std::uint32_t move, int number)> on_root_move;
};

class ParallelPlayer {
 public:
  ParallelPlayer();
  ~ParallelPlayer();
  ParallelPlayer(ParallelPlayer&&) noexcept;
  ParallelPlayer& operator=(ParallelPlayer&&) noexcept;  // the old tables and workers go

  // Allocates the tables when the settings changed (or on first use); cheap otherwise.
  void prepare(const ParallelPlayerSettings& s);
  // Forget the tables' contents (UCI ucinewgame).
  void clear();
  // Searches `root`; `stop` may be set from another thread. Throws InputError for settings the
  // runtime refuses (e.g. a topology that does not take the processor count). on_iteration
  // and on_root_move run on the root processor's thread (on_iteration gets the fill of its
  // table); on_progress, the nodes summed over processors, runs on the watchdog at every poll.
  SearchResult search(const chess::ChessGame& root, const PlayLimits& limits,
                      const std::atomic<bool>* stop, const SearchListeners& listen);
  [[nodiscard]] const ParallelPlayerSettings& settings() const { return settings_; }

 private:
  ParallelPlayerSettings settings_;
  bool prepared_ = false;
  std::vector<std::unique_ptr<TranspositionTable>> tables_;
  // Each processor's play-search move statistics, kept from move to move as the sequential
  // engine keeps its own (faded at each search, cleared with the tables).
  std::vector<std::unique_ptr<PlayHistory>> histories_;
  std::unique_ptr<actors::RealSystem> system_;  // settings_.processors workers
};

}  // namespace alphactor::app
