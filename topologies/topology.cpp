#include "topologies/topology.hpp"

#include <algorithm>
#include <limits>

#include "search/input_error.hpp"

namespace alphactor::topo {

Topology Topology::make(const std::string& name, int processors, const TopologyParams& params) {
  if (processors < 1 || processors > kMaxProcessors)
    throw InputError("processor count must be 1.." + std::to_string(kMaxProcessors) + ", got " +
                     std::to_string(processors));
  Adjacency g;
  if (name == "tree") g = processor_tree(processors, params.fanout);
  else if (name == "star") g = processor_tree(processors, std::max(1, processors - 1));
  else if (name == "debruijn") g = de_bruijn(processors);
  else if (name == "hypercube") g = hypercube(processors);
  else if (name == "ring") g = ring(processors);
  else if (name == "torus") g = torus(processors, params.rows);
  else if (name == "complete") {
    if (processors > kMaxCompleteProcessors)  // its neighbour lists alone grow as P^2
      throw InputError("complete graph: at most " + std::to_string(kMaxCompleteProcessors) +
                       " processors, got " + std::to_string(processors));
    g = complete_graph(processors);
  } else throw InputError("unknown topology '" + name + "' (known: " + known_names() + ")");
  Topology t(name, std::move(g), params);
  if (name == "torus" && t.params_.rows == 0) t.params_.rows = square_rows(processors);
  return t;
}

Topology::Topology(std::string name, Adjacency adjacency, TopologyParams params)
    : name_(std::move(name)), adjacency_(std::move(adjacency)), params_(params) {
  complete_ = name_ == "complete";
  const int p = size();
  parent_.assign(p, -1);
  children_.assign(p, {});
  // A star is the processor tree of height one: processor 0 the master, the others its children.
  const int fanout = name_ == "star" ? std::max(1, p - 1) : params_.fanout;
  if (name_ == "tree" || name_ == "star")
    for (int c = 1; c < p; ++c) {
      parent_[c] = (c - 1) / fanout;
      children_[parent_[c]].push_back(c);
    }
  build_routes();
}

void Topology::build_routes() {
  const int p = size();
  if (complete_) {
    diameter_ = p > 1 ? 1 : 0;
    return;
  }
  constexpr auto kUnseen = std::numeric_limits<std::uint16_t>::max();
  next_hop_.assign(static_cast<std::size_t>(p) * p, kUnseen);
  std::vector<int> queue(p), dist(p);
  for (int to = 0; to < p; ++to) {
    std::uint16_t* hop = &next_hop_[static_cast<std::size_t>(to) * p];
    hop[to] = static_cast<std::uint16_t>(to);
    dist[to] = 0;
    int head = 0, tail = 0;
    queue[tail++] = to;
    while (head < tail) {
      const int x = queue[head++];
      for (const int y : adjacency_[x]) {
        if (hop[y] != kUnseen) continue;
        hop[y] = static_cast<std::uint16_t>(x);  // y reaches `to` through x
        dist[y] = dist[x] + 1;
        diameter_ = std::max(diameter_, dist[y]);
        queue[tail++] = y;
      }
    }
    if (tail != p)
      throw InputError("topology '" + name_ + "' with " + std::to_string(p) +
                       " processors is not connected");
  }
}

bool Topology::adjacent(int a, int b) const {
  if (complete_) return a != b;
  const auto& n = adjacency_[a];
  return std::binary_search(n.begin(), n.end(), b);
}

int Topology::next_hop(int from, int to) const {
  if (complete_) return to;
  return next_hop_[static_cast<std::size_t>(to) * size() + from];
}

int Topology::distance(int from, int to) const {
  int hops = 0;
  for (int x = from; x != to; x = next_hop(x, to)) ++hops;
  return hops;
}

int Topology::max_degree() const {
  std::size_t d = 0;
  for (const auto& n : adjacency_) d = std::max(d, n.size());
  return static_cast<int>(d);
}

int Topology::min_degree() const {
  std::size_t d = std::numeric_limits<std::size_t>::max();
  for (const auto& n : adjacency_) d = std::min(d, n.size());
  return adjacency_.empty() ? 0 : static_cast<int>(d);
}

int Topology::diameter() const {
  return diameter_;
}

std::size_t Topology::edge_count() const {
  std::size_t twice = 0;
  for (const auto& n : adjacency_) twice += n.size();
  return twice / 2;
}

int Topology::parent(int p) const {
  return parent_[p];
}
const std::vector<int>& Topology::tree_children(int p) const {
  return children_[p];
}

}  // namespace alphactor::topo
