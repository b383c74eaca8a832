// Node and event counters of one search. Plain counters: a search (or an actor) owns its own.
#pragma once

#include <cstdint>

namespace alphactor {

struct SearchStats {
  std::uint64_t interior_nodes = 0;    // nodes whose moves were generated (depth > 0)
  std::uint64_t leaf_nodes = 0;        // nodes evaluated at the horizon or decided (terminal)
  std::uint64_t quiescence_nodes = 0;  // nodes visited by quiescence search
  std::uint64_t cutoffs = 0;           // beta cutoffs
  std::uint64_t researches = 0;        // PVS / ER re-searches after a failed zero window
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;  // probes that found the position
  std::uint64_t tt_cuts = 0;  // probes that ended the node
  int max_ply = 0;            // the deepest ply a quiescence node was searched at (UCI seldepth)

  [[nodiscard]] std::uint64_t nodes() const {
    return interior_nodes + leaf_nodes + quiescence_nodes;
  }
  SearchStats& operator+=(const SearchStats& o) {
    interior_nodes += o.interior_nodes;
    leaf_nodes += o.leaf_nodes;
    quiescence_nodes += o.quiescence_nodes;
    cutoffs += o.cutoffs;
    researches += o.researches;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    tt_cuts += o.tt_cuts;
    max_ply = max_ply > o.max_ply ? max_ply : o.max_ply;
    return *this;
  }
};

}  // namespace alphactor
