// Topology: a named processor network with shortest-path routing over neighbours only.
//
// Processors know only their neighbours; a message for anyone else goes hop by hop, each hop
// choosing next_hop(here, destination). Routes are computed from the two addresses, in O(1)
// space per processor (topologies/routes.hpp): no P x P table. They are the routes of a
// breadth-first search from the destination that visits neighbours in ascending order, i.e.
// the route from `from` is the reverse of the lexicographically smallest shortest path from
// `to` to `from` (the routes of the table that earlier versions kept), except the hypercube's
// and the torus's: dimension order, so that no processor is a hub (routes.hpp says why).
// A Topology is immutable after make() and may be shared by every actor and thread without
// locking.
//
// Memory: the neighbour lists (4 + 4 x degree bytes a processor; the complete graph P - 1,
// hence its lower cap) and, for De Bruijn networks, four bytes a processor (distances to the
// four ends of the network's two added links). P is limited to kMaxProcessors.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "topologies/graphs.hpp"

namespace alphactor::topo {

inline constexpr int kMaxProcessors = 1 << 22;
inline constexpr int kMaxCompleteProcessors = 4096;

struct TopologyParams {
  int fanout = 2;  // processor tree
  int rows = 0;    // torus; 0 = the most square factorisation
};

class Topology {
 public:
  enum class Kind : std::uint8_t { kTree, kStar, kDeBruijn, kHypercube, kRing, kTorus, kComplete };

  // name: tree | star | debruijn | hypercube | ring | torus | complete (star: the processor
  // tree of height one, processor 0 linked to every other). Throws InputError when the
  // name is unknown or the processor count does not fit.
  static Topology make(const std::string& name, int processors, const TopologyParams& params = {});
  static const char* known_names() {
    return "tree, star, debruijn, hypercube, ring, torus, complete";
  }

  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] int size() const { return static_cast<int>(first_.size()) - 1; }
  // Ascending.
  [[nodiscard]] std::span<const int> neighbours(int p) const {
    return {links_.data() + first_[p], links_.data() + first_[p + 1]};
  }
  [[nodiscard]] bool adjacent(int a, int b) const;
  // A neighbour of `from` on a shortest path to `to`; `to` itself when adjacent, `from` when
  // from == to.
  [[nodiscard]] int next_hop(int from, int to) const;
  // The whole route: the processors after `from` up to and including `to`, in order, exactly
  // as next_hop would walk it (one computation instead of one a hop). `out` is overwritten.
  void route(int from, int to, std::vector<int>& out) const;
  [[nodiscard]] int distance(int from, int to) const;  // hops of a shortest path
  [[nodiscard]] int max_degree() const;
  [[nodiscard]] int min_degree() const;
  [[nodiscard]] int diameter() const { return diameter_; }  // computed once by make()
  [[nodiscard]] std::size_t edge_count() const;
  // Processor tree and star only (other topologies: -1 and no children).
  [[nodiscard]] int parent(int p) const;
  [[nodiscard]] const std::vector<int>& tree_children(int p) const;
  [[nodiscard]] const TopologyParams& params() const { return params_; }
  [[nodiscard]] bool is_processor_tree() const {
    return kind_ == Kind::kTree || kind_ == Kind::kStar;
  }
  // Bytes this object holds (neighbour lists and route data), for memory estimates.
  [[nodiscard]] std::size_t memory_bytes() const;

 private:
  Topology(std::string name, Kind kind, Adjacency adjacency, TopologyParams params);
  void compute_diameter(const Adjacency& g);
  // Lexicographically smallest shortest path from `to` to `from`: path[0] = to, ...,
  // path[d] = from (De Bruijn; the others have closed forms).
  void greedy_path(int to, int from, std::vector<int>& path) const;
  // De Bruijn: the greedy path's hop, remembered in a small cache of the calling
  // thread's (2^kRouteCacheBits entries of 16 bytes, shared by every processor the thread
  // runs; keys name the topology, so topologies never see each other's entries). An entry
  // also holds the distance, which a processor on a greedy path has to its end: distance()
  // asks the cache first (a sender counts the hops of the route it has just looked up).
  struct RouteEntry {
    std::uint64_t key = ~std::uint64_t{0};
    std::int32_t hop = 0;
    std::int32_t distance = 0;
  };
  static RouteEntry& route_slot(std::uint64_t key);  // this thread's cache
  [[nodiscard]] std::uint64_t route_key(int from, int to) const {
    return serial_ << 44 | std::uint64_t(from) << 22 | std::uint64_t(to);
  }
  [[nodiscard]] const RouteEntry* cached_route(int from, int to) const;
  [[nodiscard]] int searched_next_hop(int from, int to) const;
  // With `to`'s exits (de_bruijn_link_exits), which a route computes once.
  [[nodiscard]] int de_bruijn_distance(int from, int to, const std::array<int, 4>& exits) const;
  // For destination `to`: the fewest hops on to it from each end of an added link, the link
  // crossed first (0..0 - 0101.. has ends 0 and 1, 1..1 - 1010.. ends 2 and 3).
  [[nodiscard]] std::array<int, 4> de_bruijn_link_exits(int to) const;
  // The shortest path from `from` that uses an added link, given its destination's exits.
  [[nodiscard]] int de_bruijn_via_links(int from, const std::array<int, 4>& exits) const;
  // d(from, to) <= limit, with `to`'s exits.
  [[nodiscard]] bool de_bruijn_within(int from, int to, const std::array<int, 4>& exits,
                                      int limit) const;
  static constexpr int kRouteCacheBits = 18;
  [[nodiscard]] bool in_subtree(int root, int p) const;  // processor tree: p below root?
  [[nodiscard]] int depth(int p) const;                  // processor tree

  std::string name_;
  Kind kind_;
  // The neighbour lists in one array (processor p's are links_[first_[p] .. first_[p + 1])):
  // a random walk over the network touches one cache line a step, not two.
  std::vector<std::uint32_t> first_;
  std::vector<int> links_;
  TopologyParams params_;
  std::uint64_t serial_ = 0;  // tells this topology's route cache entries from others'
  int bits_ = 0;              // De Bruijn, hypercube: log2 P
  int cols_ = 1;              // torus
  // De Bruijn: each processor's distances in plain DB(n) to 0..0, 0101.., 1..1, 1010.. (the
  // ends of the two added links), four bytes a processor.
  std::vector<std::uint8_t> to_ends_;
  std::array<unsigned, 4> ends_{};  // 0..0, 0101.., 1..1, 1010..
  int diameter_ = 0;
  std::vector<int> parent_;
  Adjacency children_;
};

}  // namespace alphactor::topo
