// ChessEngine: one chess game plus the searcher that plays it, shared by `alphactor uci` and
// `alphactor epd`. In play mode (the default) it runs the pruning PVS of
// search/play_search.hpp; in full-width mode, or with another algorithm, it runs the reference
// sequential searcher (search/searcher.hpp), iteratively deepening. Tables persist between
// searches until clear() (UCI's ucinewgame) or a change of settings. With more than one
// processor it searches on the actor runtime instead (app/parallel_player.hpp: YBWC, real
// mode, replicated tables), pruning as the play search does unless in full-width mode. prepare()
// allocates the tables of whichever search will run (UCI: on isready), so that search() does not
// allocate them on the clock.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "app/parallel_player.hpp"
#include "chess/chess_game.hpp"
#include "search/play_search.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {

struct ChessEngineSettings {
  Algorithm algorithm = Algorithm::kPvs;
  bool full_width = false;
  std::size_t hash_mb = 64;
  bool thread_cpu_clock = false;      // time limits count the search thread's CPU time
  int processors = 1;                 // > 1: the actor runtime (ParallelPlayer), one thread each
  std::string topology = "complete";  // the processors' network
  bool operator==(const ChessEngineSettings&) const = default;
};

class ChessEngine {
 public:
  explicit ChessEngine(ChessEngineSettings s = {}) : settings_(std::move(s)) {}

  chess::ChessGame& game() { return game_; }
  // Sets the position; the searchers keep referring to the same game object.
  void set_position(chess::ChessGame g) {
    game_ = std::move(g);
    game_.set_root();
  }
  const ChessEngineSettings& settings() const { return settings_; }
  void set_settings(const ChessEngineSettings& s) {
    if (s.algorithm != settings_.algorithm || s.full_width != settings_.full_width ||
        s.hash_mb != settings_.hash_mb || s.thread_cpu_clock != settings_.thread_cpu_clock) {
      play_.reset();
      reference_.reset();
    }
    settings_ = s;
  }
  // Allocates the tables of the search the settings choose and frees the other's, and
  // clears them if clear() asked for it since.
  void prepare() {
    if (settings_.processors > 1) {
      play_.reset();
      reference_.reset();
      parallel_.prepare(
          {settings_.processors, settings_.hash_mb, settings_.topology, uses_play_search()});
    } else {
      parallel_ = ParallelPlayer();
      if (uses_play_search() && !play_)
        play_ = std::make_unique<PlaySearcher<chess::ChessGame>>(game_, options());
      if (!uses_play_search() && !reference_)
        reference_ = std::make_unique<Searcher<chess::ChessGame>>(game_, options());
    }
    if (!clear_pending_) return;
    clear_pending_ = false;
    if (play_) play_->clear();
    if (reference_) reference_->context().clear_tables();
    parallel_.clear();
  }
  // Forget what earlier searches learnt (UCI's ucinewgame): done by the next prepare(), so
  // that clearing large tables happens on isready, not where the GUI waits for nothing.
  void clear() { clear_pending_ = true; }
  [[nodiscard]] bool uses_play_search() const {
    return !settings_.full_width && settings_.algorithm == Algorithm::kPvs;
  }

  // Searches the current position. `stop` may be set from another thread. The listeners hear
  // every completed iteration with the table's fill (SearchResult::hashfull), the nodes so far
  // now and then during an iteration (at the sequential search's polls, or the processors'
  // watchdog's), and each root move as it starts (the play search's, or processor 0's; the
  // full-width sequential search reports none), from the searching thread or the watchdog.
  SearchResult search(const PlayLimits& limits, const std::atomic<bool>* stop,
                      SearchListeners listen = {}) {
    game_.set_root();
    prepare();  // nothing to do when isready prepared it
    if (settings_.processors > 1) return parallel_.search(game_, limits, stop, listen);
    SearchContext<chess::ChessGame>& ctx =
        uses_play_search() ? play_->context() : reference_->context();
    ctx.set_progress_listener(std::move(listen.on_progress));
    // The iteration reports run on this thread, the table's owner: it may read its fill.
    // The full-width search takes its node limit there too, as the play search does, from
    // the first iteration's end: the first iteration, and so the move played, is complete.
    const bool play = uses_play_search();
    auto report = [&ctx, play, nodes = limits.nodes,
                   cb = std::move(listen.on_iteration)](const SearchResult& r) {
      if (!play && r.depth_completed == 1) ctx.set_node_limit(nodes);
      if (!cb) return;
      SearchResult with_fill = r;
      if (const TranspositionTable* t = ctx.table()) with_fill.hashfull = t->permille_full();
      cb(with_fill);
    };
    SearchResult r;
    if (play) {
      play_->set_stop_flag(stop);
      play_->on_iteration(std::move(report));
      play_->on_root_move(std::move(listen.on_root_move));
      r = play_->run(limits);
      play_->on_root_move({});  // as the progress listener below
    } else {
      auto& opt = reference_->context().mutable_options();
      opt.depth = std::clamp(limits.depth, 1, kMaxPly - 1);
      opt.node_limit = 0;
      opt.time_limit_ms = limits.hard_ms;
      reference_->set_stop_flag(stop);
      reference_->on_iteration(std::move(report));
      r = reference_->run();
    }
    ctx.set_progress_listener({});  // the caller's listener may not outlive this search
    return r;
  }

 private:
  SearchOptions options() const {
    SearchOptions o;
    o.algorithm = settings_.algorithm;
    o.full_width = !uses_play_search();
    o.iterative_deepening = true;
    o.table_megabytes = settings_.hash_mb;
    o.thread_cpu_clock = settings_.thread_cpu_clock;
    return o;
  }

  ChessEngineSettings settings_;
  chess::ChessGame game_;
  std::unique_ptr<PlaySearcher<chess::ChessGame>> play_;
  std::unique_ptr<Searcher<chess::ChessGame>> reference_;
  ParallelPlayer parallel_;
  bool clear_pending_ = false;
};

}  // namespace alphactor::app
