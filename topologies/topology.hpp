// Topology: a named processor network with shortest-path routing over neighbours only.
//
// Processors know only their neighbours; a message for anyone else goes hop by hop, each hop
// choosing next_hop(here, destination). The next-hop table is computed once (a breadth-first
// search from every destination, neighbours visited in ascending order, so routes are
// deterministic) and then only read: a Topology is immutable after make() and may be shared
// by every actor and thread without locking.
//
// Memory: one 16-bit next hop per (from, to) pair, i.e. 2 P^2 bytes (32 MiB at P = 4096);
// the complete graph needs no table. P is limited to kMaxProcessors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "topologies/graphs.hpp"

namespace alphactor::topo {

inline constexpr int kMaxProcessors = 16384;
inline constexpr int kMaxCompleteProcessors = 4096;

struct TopologyParams {
  int fanout = 2;  // processor tree
  int rows = 0;    // torus; 0 = the most square factorisation
};

class Topology {
 public:
  // name: tree | star | debruijn | hypercube | ring | torus | complete (star: the processor
  // tree of height one, processor 0 linked to every other). Throws InputError when the
  // name is unknown or the processor count does not fit.
  static Topology make(const std::string& name, int processors, const TopologyParams& params = {});
  static const char* known_names() {
    return "tree, star, debruijn, hypercube, ring, torus, complete";
  }

  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] int size() const { return static_cast<int>(adjacency_.size()); }
  [[nodiscard]] const std::vector<int>& neighbours(int p) const { return adjacency_[p]; }
  [[nodiscard]] bool adjacent(int a, int b) const;
  // A neighbour of `from` on a shortest path to `to`; `to` itself when adjacent, `from` when
  // from == to.
  [[nodiscard]] int next_hop(int from, int to) const;
  [[nodiscard]] int distance(int from, int to) const;  // hops along next_hop
  [[nodiscard]] int max_degree() const;
  [[nodiscard]] int min_degree() const;
  [[nodiscard]] int diameter() const;  // computed once by make()
  [[nodiscard]] std::size_t edge_count() const;
  // Processor tree and star only (other topologies: -1 and no children).
  [[nodiscard]] int parent(int p) const;
  [[nodiscard]] const std::vector<int>& tree_children(int p) const;
  [[nodiscard]] const TopologyParams& params() const { return params_; }
  [[nodiscard]] bool is_processor_tree() const { return name_ == "tree" || name_ == "star"; }

 private:
  Topology(std::string name, Adjacency adjacency, TopologyParams params);
  void build_routes();

  std::string name_;
  Adjacency adjacency_;
  TopologyParams params_;
  bool complete_ = false;
  std::vector<std::uint16_t> next_hop_;  // [to * P + from]
  int diameter_ = 0;
  std::vector<int> parent_;
  Adjacency children_;
};

}  // namespace alphactor::topo
