// Shared history and killers (Feldmann, Mysliwietz & Monien, ZUGZWANG, section 5): every
// processor keeps its own killer and history tables; when one of its history counters has
// moved by at least `threshold` since it last told, or its newest killer at a ply changes, it
// sends UPDATE-HISTORY / UPDATE-KILLER to its topology neighbours only (no flooding: what a
// processor receives it merges and does not pass on). The receiver keeps the maximum history
// counter and takes the killer as its newest. `interval`: at most one message round of a kind
// per that many nodes searched here (the rate limit). A round goes to at most `fanout`
// neighbours, the next ones in turn: ZUGZWANG's De Bruijn network has degree 4, and a round
// to every neighbour of a complete graph or a star's hub (P - 1 messages every few nodes)
// buries the sender and its neighbours in gossip (P = 882, complete: a 1749-node tree took
// 0.216 s of virtual time instead of 0.001 s).
//
// Gossip only changes move ordering, never which moves are searched, so the full-width value
// stays exact. Not thread-safe: one per processor, called from its actor only.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "actors/algorithm.hpp"
#include "search/heuristics.hpp"
#include "search/stats.hpp"

namespace alphactor::actors {

struct GossipParams {
  bool history = false;
  bool killers = false;
  std::int32_t threshold = 0;  // history change that is worth a message
  std::uint64_t interval = 0;  // nodes between two rounds of one kind
  int fanout = 4;              // neighbours told per round (all of them when fewer)
  [[nodiscard]] bool any() const { return history || killers; }
};

class Gossip final : public HeuristicsListener {
 public:
  Gossip(Runtime& rt, const GossipParams& params) : rt_(rt), params_(params) {}
  // The node counter the rate limit reads (the processor's search statistics).
  void set_stats(const SearchStats* stats) { stats_ = stats; }

  void history_changed(std::size_t index, std::int32_t value) override;
  void killer_changed(int ply, std::uint32_t move) override;

 private:
  [[nodiscard]] std::uint64_t nodes() const { return stats_ ? stats_->nodes() : 0; }
  // Sends m to the round's neighbours: all when there are at most `fanout`, else the next
  // `fanout` live ones after the last round's (so every neighbour hears in turn).
  template <class M>
  void tell(const M& m);

  Runtime& rt_;
  GossipParams params_;
  const SearchStats* stats_ = nullptr;
  std::unordered_map<std::size_t, std::int32_t> told_;  // history counters as last sent
  std::uint64_t history_at_ = 0, killer_at_ = 0;        // nodes at the last round
  bool history_sent_ = false, killer_sent_ = false;
  std::size_t next_ = 0;  // the neighbour the next capped round starts at
};

}  // namespace alphactor::actors
