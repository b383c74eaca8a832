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
// four ends of the network's two added links). P is limited to kMaxProcessors. A De Bruijn
// network of at most kRouteMemoProcessors also remembers the steps of every route
// route_steps() computes once it has computed kRouteMemoAfter a processor (8 bytes a pair: 8 MB
// at P = 1024), since a long run there asks for the same pairs again and again: that is a memo
// of computed routes, not a table built ahead.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "topologies/graphs.hpp"

namespace alphactor::topo {

inline constexpr int kMaxProcessors = 1 << 22;
inline constexpr int kMaxCompleteProcessors = 4096;
// route_steps() remembers De Bruijn routes up to this P: BK-24 at depth 8 on DB(10) sends 22 M
// messages a position over its 1 M pairs, and computing each route's greedy path was 60 % of
// the run. Above it the memo would grow like P^2 (128 MB at 4096) while random pairs repeat
// less and less.
inline constexpr int kRouteMemoProcessors = 1024;
// ... once route_steps() has computed this many routes a processor: before, the memo's first
// writes would fault in a fresh page each (a runtime-bench row at P = 1024, 2046 messages in
// 0.7 ms, took 5 ms with the memo on from the start).
inline constexpr int kRouteMemoAfter = 16;

// A De Bruijn route as its steps, so that the processors on it need not look it up again
// (the simulator's forwarding, docs/SIMULATION.md). Each step is three bits: 0 and 1 shift
// left bringing in that bit at the low end, 2 and 3 shift right bringing in 0 or 1 at the
// top, 4 crosses the added link. Step k is the one taken with k steps left, so the last step
// is step 1 and the route from any processor on it is the low part of the code: a processor
// with k steps to go reads step k. Up to 21 steps fit in word[0], the rest (DB(22)) in word[1].
struct RouteSteps {
  std::uint64_t word[2] = {0, 0};
  int hops = 0;  // 0: no steps (not a De Bruijn route, or from == to)
  [[nodiscard]] unsigned step(int k) const {
    const int i = k - 1;
    return unsigned(i < 21 ? word[0] >> (3 * i) : word[1] >> (3 * (i - 21))) & 7u;
  }
  void set(int k, unsigned code) {
    const int i = k - 1;
    if (i < 21) word[0] |= std::uint64_t(code) << (3 * i);
    else word[1] |= std::uint64_t(code) << (3 * (i - 21));
  }
};

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
  // Neighbour number r (taken mod p's degree) of neighbours(p), ascending. On De Bruijn it is
  // computed from the address: a random walk then reads no neighbour list, which at tens of
  // thousands of processors missed the cache at every step.
  [[nodiscard]] int neighbour(int p, std::uint64_t r) const;
  [[nodiscard]] bool adjacent(int a, int b) const;
  // A neighbour of `from` on a shortest path to `to`; `to` itself when adjacent, `from` when
  // from == to.
  [[nodiscard]] int next_hop(int from, int to) const;
  // The whole route: the processors after `from` up to and including `to`, in order, exactly
  // as next_hop would walk it (one computation instead of one a hop). `out` is overwritten.
  void route(int from, int to, std::vector<int>& out) const;
  [[nodiscard]] int distance(int from, int to) const;  // hops of a shortest path
  // De Bruijn: the route from `from` to `to` (the one next_hop walks) as its steps; other
  // networks: no steps (hops 0), their next_hop is a closed form already.
  [[nodiscard]] RouteSteps route_steps(int from, int to) const;
  // The processor one step of a De Bruijn route (RouteSteps::step) leads to from `from`.
  [[nodiscard]] int take_step(int from, unsigned step) const;
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
  // De Bruijn: the greedy path's steps from a processor on it to its end, remembered for
  // next_hop in a small cache of the calling thread's (2^kRouteCacheBits entries of 32 bytes,
  // shared by every processor the thread runs; keys name the topology, so topologies never
  // see each other's entries).
  struct RouteEntry {
    std::uint64_t key = ~std::uint64_t{0};
    RouteSteps steps;
  };
  // The code of the step from `from` to its neighbour `to`; direct_step: -1 when `to` is
  // not a neighbour (arithmetic, no neighbour list read).
  [[nodiscard]] unsigned step_code(int from, int to) const;
  [[nodiscard]] int direct_step(int from, int to) const;
  // De Bruijn: x's neighbours from its address, ascending, exactly neighbours(x)'s list.
  struct FewNeighbours {
    std::array<int, 5> at;
    int count = 0;
    [[nodiscard]] const int* begin() const { return at.data(); }
    [[nodiscard]] const int* end() const { return at.data() + count; }
  };
  [[nodiscard]] FewNeighbours de_bruijn_neighbours(int x) const;
  static RouteEntry& route_slot(std::uint64_t key);  // this thread's cache
  [[nodiscard]] std::uint64_t route_key(int from, int to) const {
    return serial_ << 44 | std::uint64_t(from) << 22 | std::uint64_t(to);
  }
  [[nodiscard]] const RouteEntry* cached_route(int from, int to) const;
  [[nodiscard]] int searched_next_hop(int from, int to) const;
  // The route's steps: to a neighbour the one step from the addresses, else from a greedy
  // path. With whole_path (next_hop's callers, who ask again at every processor on the
  // route) the cache is asked first and the path remembered for every processor on it.
  // Without (route_steps: the simulator's sender asks once a message and the steps travel
  // with it) the cache is neither asked nor filled: a random-stealing pair rarely repeats
  // (2.3 M hits in 16 M look-ups at P = 16384), and at P = 65536 the look-up's memory miss
  // cost more than the paths it saved (a d=10 YBWC run 64.5 -> 57.8 s without it).
  [[nodiscard]] RouteSteps searched_route(int from, int to, bool whole_path) const;
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
  // De Bruijn, P <= kRouteMemoProcessors: route_steps(from, to) at steps[from * P + to], the
  // steps shifted left 8 bits over the hops (a route of at most 10 hops fits), 0 while not
  // known. Written and read through relaxed atomic_refs: threads that share the topology may
  // race to compute a route, but they compute the same value. calloc'd, so untouched pairs
  // cost no memory.
  struct RouteMemo {
    explicit RouteMemo(std::size_t pairs);
    ~RouteMemo();
    RouteMemo(const RouteMemo&) = delete;
    RouteMemo& operator=(const RouteMemo&) = delete;
    std::uint64_t* steps;
    std::atomic<std::uint64_t> computed{0};  // routes computed, counted up to the memo's start
  };
  std::shared_ptr<RouteMemo> route_memo_;
  int diameter_ = 0;
  std::vector<int> parent_;
  Adjacency children_;
};

}  // namespace alphactor::topo
