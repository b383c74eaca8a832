// Killer moves (two a ply) and a history table (Schaeffer's history heuristic), indexed by a
// game's history_index. Owned by one searcher; not shared between threads.
// Shared tables between processors (ZUGZWANG's gossip) are built on top: merge_max() is the
// receiver's rule, "keep the maximum".
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "search/game.hpp"
#include "search/tunables.hpp"

namespace alphactor {

// Told about the changes a search makes to its own killers and history (not about merges):
// ZUGZWANG's shared history and killers (actors/gossip.hpp) listen here.
class HeuristicsListener {
 public:
  virtual ~HeuristicsListener() = default;
  virtual void history_changed(std::size_t index, std::int32_t value) = 0;
  virtual void killer_changed(int ply, std::uint32_t move) = 0;
};

class KillerTable {
 public:
  static constexpr int kSlots = tunables::kKillersPerPly;

  // Returns true when the killers of ply changed.
  bool add(int ply, std::uint32_t move) {
    auto& k = slots_[clamp_ply(ply)];
    if (k[0] == move + 1) return false;
    for (int i = kSlots - 1; i > 0; --i) k[i] = k[i - 1];
    k[0] = move + 1;
    return true;
  }
  [[nodiscard]] int rank(int ply, std::uint32_t move) const {  // 0, 1 or -1 (not a killer)
    const auto& k = slots_[clamp_ply(ply)];
    for (int i = 0; i < kSlots; ++i)
      if (k[i] == move + 1) return i;
    return -1;
  }
  // Killer i of ply as encoded move, or nullopt-like (false, 0).
  [[nodiscard]] bool get(int ply, int i, std::uint32_t& move) const {
    const auto v = slots_[clamp_ply(ply)][i];
    move = v - 1;
    return v != 0;
  }
  void clear() { slots_ = {}; }

 private:
  static int clamp_ply(int ply) { return std::clamp(ply, 0, kMaxPly - 1); }
  std::array<std::array<std::uint32_t, kSlots>, kMaxPly> slots_{};  // move+1, 0 = empty
};

class HistoryTable {
 public:
  explicit HistoryTable(std::size_t size) : counters_(size, 0) {}

  // Rewards a move that caused a cutoff at remaining depth `depth`; returns the new counter.
  std::int32_t reward(std::size_t index, int depth) {
    auto& c = counters_[index];
    c += depth * depth;
    if (c > tunables::kHistoryMax)
      for (auto& x : counters_) x /= 2;
    return c;
  }
  [[nodiscard]] std::int32_t score(std::size_t index) const { return counters_[index]; }
  void merge_max(std::size_t index, std::int32_t value) {
    counters_[index] = std::max(counters_[index], value);
  }
  void clear() { std::fill(counters_.begin(), counters_.end(), 0); }
  [[nodiscard]] std::size_t size() const { return counters_.size(); }

 private:
  std::vector<std::int32_t> counters_;
};

}  // namespace alphactor
