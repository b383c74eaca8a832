// The sequential searcher: runs one of the four algorithms at a fixed depth, or iteratively
// deepening to it, each iteration seeded with the previous principal variation (the PV table)
// and the transposition table's moves. The reference for every parallel search, and their
// 1-processor case.
#pragma once

#include <functional>
#include <optional>
#include <utility>

#include "search/alphabeta.hpp"
#include "search/context.hpp"
#include "search/er.hpp"
#include "search/negamax.hpp"
#include "search/pvs.hpp"

namespace alphactor {

template <Game G>
class Searcher {
 public:
  // Called after each completed iteration (UCI prints its `info` line from here).
  using IterationCallback = std::function<void(const SearchResult&)>;

  Searcher(G& game, SearchOptions options) : ctx_(game, options) {}

  SearchContext<G>& context() { return ctx_; }
  void set_stop_flag(const std::atomic<bool>* flag) { ctx_.set_stop_flag(flag); }
  void on_iteration(IterationCallback cb) { on_iteration_ = std::move(cb); }

  // One search of the root at options().depth. Tables persist between calls.
  SearchResult run() {
    const SearchOptions& opt = ctx_.options();
    ctx_.reset_stats();
    ctx_.start_clock();
    if (auto* t = ctx_.table()) t->new_search();
    ctx_.set_previous_pv({});
    SearchResult result;
    const int first = opt.iterative_deepening ? 1 : opt.depth;
    for (int d = first; d <= opt.depth; ++d) {
      const Value v = search_root(d);
      if (ctx_.stopped() && d > first) break;  // keep the last complete iteration
      result.value = v;
      result.depth_completed = d;
      result.principal_variation = ctx_.pv();
      result.has_move = !result.principal_variation.empty();
      if (result.has_move) result.best_move = result.principal_variation.front();
      result.stats = ctx_.stats();
      result.seconds = ctx_.elapsed_seconds();
      if (on_iteration_) on_iteration_(result);
      ctx_.set_previous_pv(result.principal_variation);
      if (ctx_.poll_external_stop()) break;
    }
    result.stopped = ctx_.stopped();
    result.stats = ctx_.stats();
    result.seconds = ctx_.elapsed_seconds();
    return result;
  }

 private:
  Value search_root(int depth) {
    switch (ctx_.options().algorithm) {
      case Algorithm::kNegamax:
        return negamax(ctx_, depth, 0);
      case Algorithm::kAlphaBeta:
        return alphabeta(ctx_, -kInfinity, kInfinity, depth, 0);
      case Algorithm::kPvs:
        return pvs(ctx_, -kInfinity, kInfinity, depth, 0);
      case Algorithm::kEr:
        return er(ctx_, -kInfinity, kInfinity, depth, 0);
    }
    return 0;
  }

  SearchContext<G> ctx_;
  IterationCallback on_iteration_;
};

// Convenience: one search of `game` with `options`.
template <Game G>
SearchResult search(G& game, const SearchOptions& options) {
  Searcher<G> s(game, options);
  return s.run();
}

}  // namespace alphactor
