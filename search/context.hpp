// SearchContext: everything one sequential searcher owns while it searches a game — the
// options, the tables (transposition, killers, history), the triangular PV table, the
// statistics and the stop condition — plus the move ordering every algorithm shares.
// One context per searcher (per actor in the parallel runtime); nothing here is thread-safe.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "search/game.hpp"
#include "search/heuristics.hpp"
#include "search/options.hpp"
#include "search/stats.hpp"
#include "search/transposition_table.hpp"
#include "search/tunables.hpp"

namespace alphactor {

// CPU time of the calling thread (POSIX CLOCK_THREAD_CPUTIME_ID), in seconds.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

template <Game G>
class SearchContext {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  SearchContext(G& game, SearchOptions options)
      : game_(game), options_(options), history_(G::kHistorySize) {
    if (options_.use_table && options_.external_table) {
      table_view_ = options_.external_table;
    } else if (options_.use_table) {
      table_ = options_.table_kilobytes
                   ? std::make_unique<TranspositionTable>(
                         TranspositionTable::with_kilobytes(options_.table_kilobytes))
                   : std::make_unique<TranspositionTable>(options_.table_megabytes);
      table_view_ = table_.get();
    }
  }

  G& game() { return game_; }
  const SearchOptions& options() const { return options_; }
  SearchOptions& mutable_options() { return options_; }
  SearchStats& stats() { return stats_; }
  TranspositionTable* table() { return table_view_; }
  KillerTable& killers() { return killers_; }
  HistoryTable& history() { return history_; }

  // --- Stop condition -------------------------------------------------------------------
  void start_clock() {
    start_ = std::chrono::steady_clock::now();
    start_cpu_ = thread_cpu_seconds();
    stopped_ = false;
    next_poll_ = poll_after(0);
  }
  // A node limit set during a search (after its first iteration, which a node limit should
  // not interrupt): stopped at once if already reached, else polled no later than the limit.
  void set_node_limit(std::uint64_t limit) {
    options_.node_limit = limit;
    const std::uint64_t n = stats_.nodes();
    if (limit && n >= limit) stopped_ = true;
    next_poll_ = std::min(next_poll_, poll_after(n));
  }
  void set_stop_flag(const std::atomic<bool>* flag) { external_stop_ = flag; }
  // Told the nodes searched so far at every poll (every tunables::kStopPollNodes nodes), on
  // the searching thread: a caller's report of a long iteration (UCI's info lines meanwhile).
  void set_progress_listener(std::function<void(std::uint64_t)> f) { progress_ = std::move(f); }
  [[nodiscard]] double elapsed_seconds() const {
    if (options_.thread_cpu_clock) return thread_cpu_seconds() - start_cpu_;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // True once a limit is reached; cheap between polls.
  bool should_stop() {
    if (stopped_) return true;
    const std::uint64_t n = stats_.nodes();
    if (n < next_poll_) return false;
    next_poll_ = poll_after(n);
    if (progress_) progress_(n);
    if (options_.node_limit && n >= options_.node_limit) stopped_ = true;
    if (options_.time_limit_ms && elapsed_seconds() * 1000.0 >= double(options_.time_limit_ms))
      stopped_ = true;
    if (external_stop_ && external_stop_->load(std::memory_order_relaxed)) stopped_ = true;
    return stopped_;
  }
  [[nodiscard]] bool stopped() const { return stopped_; }
  // stopped(), with the external flag read now: between iterations, where a small iteration
  // may end before the next poll (a stop set by the caller's iteration report takes effect).
  bool poll_external_stop() {
    if (external_stop_ && external_stop_->load(std::memory_order_relaxed)) stopped_ = true;
    return stopped_;
  }

  // --- Playing moves along the current path (keeps the previous PV in view) -------------
  void play(Move m, int ply) {
    const std::uint32_t w = G::encode(m);
    on_pv_[ply + 1] = on_pv_[ply] && ply < int(previous_pv_.size()) && previous_pv_[ply] == w;
    game_.play(m);
  }
  void undo(Move m) { game_.undo(m); }
  void set_previous_pv(std::vector<std::uint32_t> pv) { previous_pv_ = std::move(pv); }

  // --- Principal variation (triangular table) -------------------------------------------
  void pv_clear(int ply) { pv_length_[ply] = 0; }
  void pv_update(int ply, Move m) {  // pv(ply) = m + pv(ply + 1)
    if (!pv_) pv_ = std::make_unique<PvRows>();
    auto& pv = *pv_;
    pv[ply][0] = G::encode(m);
    const int child_len = ply + 1 < kMaxPly ? pv_length_[ply + 1] : 0;
    for (int i = 0; i < child_len && i + 1 < kMaxPly; ++i) pv[ply][i + 1] = pv[ply + 1][i];
    pv_length_[ply] = std::min(child_len + 1, kMaxPly);
  }
  void pv_copy(int ply, std::vector<std::uint32_t>& out) const {  // out = pv(ply), no allocation
    out.clear();
    if (pv_) out.insert(out.end(), (*pv_)[ply].begin(), (*pv_)[ply].begin() + pv_length_[ply]);
  }
  [[nodiscard]] std::vector<std::uint32_t> pv(int ply = 0) const {
    std::vector<std::uint32_t> out;
    pv_copy(ply, out);
    return out;
  }

  // --- Move ordering ----------------------------------------------------------------------
  // Sorts moves best-first: table move, previous PV move, then by the game's hint plus the
  // killer bonus and history score. Stable, so equal scores keep the game's natural order.
  void order_moves(MoveList& list, int ply, std::optional<std::uint32_t> table_move) {
    std::array<int, 512> score{};
    static_assert(MoveList::capacity() <= 512);
    const bool pv_node = on_pv_[ply] && ply < int(previous_pv_.size());
    for (int i = 0; i < list.size(); ++i) {
      const Move m = list[i];
      const std::uint32_t w = G::encode(m);
      int s = game_.order_hint(m);
      if (table_move && *table_move == w) s = tunables::kOrderTableMove;
      else if (pv_node && previous_pv_[ply] == w) s = tunables::kOrderPvMove;
      else {
        if (options_.killers) {
          const int k = killers_.rank(ply, w);
          if (k >= 0 && s <= 0) s = tunables::kOrderKiller - k;
        }
        if (options_.history && s < tunables::kOrderKiller - KillerTable::kSlots)
          s += history_.score(game_.history_index(m)) >> 4;
      }
      score[i] = s;
    }
    // Insertion sort: lists are short and mostly ordered already.
    for (int i = 1; i < list.size(); ++i) {
      const Move m = list[i];
      const int s = score[i];
      int j = i - 1;
      while (j >= 0 && score[j] < s) {
        list[j + 1] = list[j];
        score[j + 1] = score[j];
        --j;
      }
      list[j + 1] = m;
      score[j + 1] = s;
    }
  }

  // Record a cutoff move for killers and history (quiet moves only: those with no hint).
  void reward_cutoff(Move m, int depth, int ply) {
    ++stats_.cutoffs;
    if (game_.order_hint(m) > 0) return;
    if (options_.killers && killers_.add(ply, G::encode(m)) && listener_)
      listener_->killer_changed(ply, G::encode(m));
    if (options_.history) {
      const auto index = game_.history_index(m);
      const std::int32_t v = history_.reward(index, depth);
      if (listener_) listener_->history_changed(index, v);
    }
  }
  // Who hears about the killers and history this search changes (nullptr: nobody).
  void set_heuristics_listener(HeuristicsListener* l) { listener_ = l; }
  // Who hears about the entries this search stores in its table (nullptr: nobody).
  void set_table_listener(TableListener* l) { table_listener_ = l; }
  [[nodiscard]] TableListener* table_listener() const { return table_listener_; }

  // Forget everything learned: tables, killers, history.
  void clear_tables() {
    if (table_view_) table_view_->clear();
    killers_.clear();
    history_.clear();
  }
  void reset_stats() { stats_ = SearchStats{}; }

 private:
  G& game_;
  SearchOptions options_;
  std::unique_ptr<TranspositionTable> table_;  // owned, unless the options name an external one
  TranspositionTable* table_view_ = nullptr;   // the table searched: table_ or the external one
  KillerTable killers_;
  HistoryTable history_;
  HeuristicsListener* listener_ = nullptr;
  TableListener* table_listener_ = nullptr;
  SearchStats stats_;
  // The triangular PV table (64 KB) is allocated on first use: searches that keep their lines
  // elsewhere (the resumable search of every processor actor) never pay for it.
  using PvRows = std::array<std::array<std::uint32_t, kMaxPly>, kMaxPly>;
  std::unique_ptr<PvRows> pv_;
  std::array<int, kMaxPly + 1> pv_length_{};
  std::vector<std::uint32_t> previous_pv_;
  std::array<bool, kMaxPly + 1> on_pv_{true};
  std::chrono::steady_clock::time_point start_{};
  double start_cpu_ = 0;
  const std::atomic<bool>* external_stop_ = nullptr;
  // The node count of the poll after one at n: a node limit is polled at exactly its count,
  // so `go nodes 100` stops at 100 nodes, not at the next multiple of the poll interval.
  [[nodiscard]] std::uint64_t poll_after(std::uint64_t n) const {
    const std::uint64_t next = n + tunables::kStopPollNodes;
    const std::uint64_t limit = options_.node_limit;
    return limit > n ? std::min(next, limit) : next;
  }

  std::function<void(std::uint64_t)> progress_;
  std::uint64_t next_poll_ = tunables::kStopPollNodes;
  bool stopped_ = false;
};

}  // namespace alphactor
