#include "app/parallel_player.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "actors/tunables.hpp"
#include "algorithms/parallel.hpp"

namespace alphactor::app {
namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t ms_since(Clock::time_point t0) {
  return std::uint64_t(
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
}

// The run as a sequential search would have reported it.
SearchResult as_search_result(const actors::RootResult& r, std::uint64_t nodes, int max_ply,
                              Clock::time_point t0) {
  SearchResult s;
  s.value = r.value;
  s.principal_variation = r.line;
  s.has_move = !r.line.empty();
  if (s.has_move) s.best_move = r.line.front();
  s.depth_completed = r.depth;
  s.stats.interior_nodes = nodes;  // the runtime counts nodes, not their kinds, while it runs
  s.stats.max_ply = max_ply;
  s.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return s;
}

}  // namespace

ParallelPlayer::ParallelPlayer() = default;
ParallelPlayer::~ParallelPlayer() = default;
ParallelPlayer::ParallelPlayer(ParallelPlayer&&) noexcept = default;
ParallelPlayer& ParallelPlayer::operator=(ParallelPlayer&&) noexcept = default;

void ParallelPlayer::prepare(const ParallelPlayerSettings& s) {
  if (prepared_ && s == settings_) return;
  tables_.clear();  // the old tables go before the new ones come
  histories_.clear();
  for (int p = 0; p < s.processors; ++p) {
    tables_.push_back(std::make_unique<TranspositionTable>(s.hash_mb));
    if (s.play) histories_.push_back(std::make_unique<PlayHistory>(chess::ChessGame::kHistorySize));
  }
  if (!system_ || system_->threads() != s.processors) {
    system_.reset();  // its workers joined before the new ones start
    system_ = std::make_unique<actors::RealSystem>(s.processors);
  }
  settings_ = s;
  prepared_ = true;
}

void ParallelPlayer::clear() {
  for (auto& t : tables_) t->clear();
  for (auto& h : histories_) h->clear();
}

SearchResult ParallelPlayer::search(const chess::ChessGame& root, const PlayLimits& limits,
                                    const std::atomic<bool>* stop, const SearchListeners& listen) {
  const auto& on_iteration = listen.on_iteration;
  const auto& on_progress = listen.on_progress;
  prepare(settings_);
  const Clock::time_point t0 = Clock::now();
  actors::LiveControl live;
  live.on_iteration = [&](const actors::RootResult& r) {
    SearchResult s = as_search_result(r, live.nodes.load(), live.max_ply.load(), t0);
    // This runs in the root's processor, 0 (actors/real_mode.cpp), the owner of tables_[0].
    s.hashfull = tables_.front()->permille_full();
    if (on_iteration) on_iteration(s);
    if (limits.soft_ms && ms_since(t0) >= limits.soft_ms) live.stop = true;  // no new iteration
    if (stop && stop->load()) live.stop = true;  // e.g. set by on_iteration: now, not at a poll
    // Pruning: a mate found, and deep enough to have seen any shorter one, ends the search
    // (as search/play_search.hpp ends it).
    if (settings_.play && std::abs(r.value) >= kMateBound &&
        r.depth > 2 * (kMate - std::abs(r.value)) + 2)
      live.stop = true;
  };
  live.on_root_move = listen.on_root_move;

  // 1. The run: YBWC in real mode, one scheduler thread per processor, replicated tables.
  actors::ParallelConfig c;
  c.algorithm = "ybwc";
  c.mode = actors::Mode::kReal;
  c.processors = c.threads = settings_.processors;
  c.topology = settings_.topology;
  c.costs = actors::cost_preset("modern", "chess");
  c.slice_nodes = actors::tunables::kRealSliceNodes;
  c.depth = std::clamp(limits.depth, 1, kMaxPly - 1);
  c.iterative_deepening = true;
  c.play = settings_.play;
  c.table = actors::TablePlacement::kReplicated;
  c.table_kb = settings_.hash_mb * 1024;
  for (auto& t : tables_) c.tables.push_back(t.get());
  for (auto& h : histories_) {
    h->fade();  // older statistics fade, as in the sequential search's run()
    c.play_histories.push_back(h.get());
  }
  c.live = &live;
  c.system = system_.get();
  const topo::Topology topology = topo::Topology::make(c.topology, c.processors);

  // 2. A watchdog ends it at the hard time or node limit, or on stop; woken at the run's end
  // rather than left to finish its poll (which every `go` would wait for).
  std::mutex watch_mutex;
  std::condition_variable watch_end;
  bool done = false;
  std::thread watchdog([&] {
    std::unique_lock lock(watch_mutex);
    while (!done) {
      if ((stop && stop->load()) || (limits.hard_ms && ms_since(t0) >= limits.hard_ms) ||
          (limits.nodes && live.nodes.load() >= limits.nodes))
        live.stop = true;
      if (on_progress) on_progress(live.nodes.load());
      watch_end.wait_for(lock, std::chrono::microseconds(actors::tunables::kRealLivePollUs));
    }
  });
  const auto end_watchdog = [&] {
    {
      std::lock_guard lock(watch_mutex);
      done = true;
    }
    watch_end.notify_one();
    watchdog.join();
  };
  actors::RunOutcome out;
  try {
    out = actors::run_parallel(root, c, topology);
  } catch (...) {
    end_watchdog();
    throw;
  }
  end_watchdog();

  // 3. The answer: the last complete iteration (the whole search unless it was stopped).
  SearchResult r = as_search_result(out.result, live.nodes.load(), live.max_ply.load(), t0);
  r.stopped = out.stopped;
  return r;
}

}  // namespace alphactor::app
