#include "topologies/topology.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <deque>
#include <limits>
#include <stdexcept>

#include "search/input_error.hpp"
#include "topologies/routes.hpp"

namespace alphactor::topo {
namespace {

const std::vector<int> kNoChildren;
std::atomic<std::uint64_t> topologies_made{0};

// Breadth-first distances from `source` (the processors unreached keep -1).
std::vector<int> distances_from(const Adjacency& g, int source) {
  std::vector<int> dist(g.size(), -1);
  std::deque<int> queue{source};
  dist[source] = 0;
  while (!queue.empty()) {
    const int x = queue.front();
    queue.pop_front();
    for (const int y : g[x])
      if (dist[y] < 0) dist[y] = dist[x] + 1, queue.push_back(y);
  }
  return dist;
}

// The ends of De Bruijn's two added links: 0..0 - 0101.. and 1..1 - 1010.. (graphs.cpp).
std::array<unsigned, 4> de_bruijn_ends(int n) {
  unsigned alternating = 0;
  for (int bit = n - 2; bit >= 0; bit -= 2) alternating |= 1u << bit;
  const unsigned mask = (1u << n) - 1;
  return {0u, alternating, mask, alternating ^ mask};
}

}  // namespace

Topology Topology::make(const std::string& name, int processors, const TopologyParams& params) {
  if (processors < 1 || processors > kMaxProcessors)
    throw InputError("processor count must be 1.." + std::to_string(kMaxProcessors) + ", got " +
                     std::to_string(processors));
  Adjacency g;
  Kind kind;
  if (name == "tree") g = processor_tree(processors, params.fanout), kind = Kind::kTree;
  else if (name == "star")
    g = processor_tree(processors, std::max(1, processors - 1)), kind = Kind::kStar;
  else if (name == "debruijn") g = de_bruijn(processors), kind = Kind::kDeBruijn;
  else if (name == "hypercube") g = hypercube(processors), kind = Kind::kHypercube;
  else if (name == "ring") g = ring(processors), kind = Kind::kRing;
  else if (name == "torus") g = torus(processors, params.rows), kind = Kind::kTorus;
  else if (name == "complete") {
    if (processors > kMaxCompleteProcessors)  // its neighbour lists alone grow as P^2
      throw InputError("complete graph: at most " + std::to_string(kMaxCompleteProcessors) +
                       " processors, got " + std::to_string(processors));
    g = complete_graph(processors), kind = Kind::kComplete;
  } else throw InputError("unknown topology '" + name + "' (known: " + known_names() + ")");
  TopologyParams p = params;
  if (kind == Kind::kTorus && p.rows == 0) p.rows = square_rows(processors);
  return Topology(name, kind, std::move(g), p);
}

Topology::Topology(std::string name, Kind kind, Adjacency adjacency, TopologyParams params)
    : name_(std::move(name)),
      kind_(kind),
      params_(params),
      serial_(topologies_made.fetch_add(1) & ((std::uint64_t{1} << 20) - 1)) {
  const int p = static_cast<int>(adjacency.size());
  first_.reserve(std::size_t(p) + 1);
  first_.push_back(0);
  for (const auto& n : adjacency) {
    links_.insert(links_.end(), n.begin(), n.end());
    first_.push_back(static_cast<std::uint32_t>(links_.size()));
  }
  if (kind_ == Kind::kDeBruijn || kind_ == Kind::kHypercube) bits_ = exact_log2(p);
  if (kind_ == Kind::kTorus) cols_ = p / params_.rows;
  if (is_processor_tree()) {
    // A star is the processor tree of height one: processor 0 the master, the others its children.
    const int fanout = kind_ == Kind::kStar ? std::max(1, p - 1) : params_.fanout;
    parent_.assign(p, -1);
    children_.assign(p, {});
    for (int c = 1; c < p; ++c) {
      parent_[c] = (c - 1) / fanout;
      children_[parent_[c]].push_back(c);
    }
  }
  if (kind_ == Kind::kDeBruijn && p <= kRouteMemoProcessors)
    route_memo_ = std::make_shared<RouteMemo>(std::size_t(p) * std::size_t(p));
  if (kind_ == Kind::kDeBruijn && bits_ >= 2) {
    ends_ = de_bruijn_ends(bits_);
    to_ends_.resize(std::size_t(p) * 4);
    for (int x = 0; x < p; ++x)
      for (int k = 0; k < 4; ++k)
        to_ends_[std::size_t(x) * 4 + k] =
            std::uint8_t(plain_de_bruijn_distance(unsigned(x), ends_[k], bits_));
  }
  compute_diameter(adjacency);
}

void Topology::compute_diameter(const Adjacency& g) {
  const int p = size();
  const int half_rows = params_.rows / 2, half_cols = cols_ / 2;
  switch (kind_) {
    case Kind::kComplete:
      diameter_ = p > 1 ? 1 : 0;
      break;
    case Kind::kHypercube:
      diameter_ = bits_;
      break;
    case Kind::kRing:
      diameter_ = p / 2;
      break;
    case Kind::kTorus:
      diameter_ = half_rows + half_cols;
      break;
    case Kind::kTree:
    case Kind::kStar: {  // a tree: the farthest from the farthest from anyone
      const std::vector<int> d0 = distances_from(g, 0);
      const int far = int(std::max_element(d0.begin(), d0.end()) - d0.begin());
      const std::vector<int> d1 = distances_from(g, far);
      diameter_ = *std::max_element(d1.begin(), d1.end());
      break;
    }
    case Kind::kDeBruijn: {
      // Every distance is at most n (plain_de_bruijn_distance); 0..0 is n away from someone
      // for n >= 5, which settles it in one search; small networks are searched whole.
      const std::vector<int> d0 = distances_from(g, 0);
      diameter_ = *std::max_element(d0.begin(), d0.end());
      if (diameter_ < bits_)
        for (int x = 1; x < p; ++x) {
          const std::vector<int> d = distances_from(g, x);
          diameter_ = std::max(diameter_, *std::max_element(d.begin(), d.end()));
        }
      break;
    }
  }
}

bool Topology::adjacent(int a, int b) const {
  if (kind_ == Kind::kComplete) return a != b;
  const std::span<const int> n = neighbours(a);
  return std::binary_search(n.begin(), n.end(), b);
}

int Topology::depth(int p) const {
  int d = 0;
  for (; p > 0; p = parent_[p]) ++d;
  return d;
}

bool Topology::in_subtree(int root, int p) const {
  while (p > root) p = parent_[p];  // ancestors have smaller numbers
  return p == root;
}

int Topology::distance(int from, int to) const {
  if (from == to) return 0;
  switch (kind_) {
    case Kind::kComplete:
      return 1;
    case Kind::kHypercube:
      return __builtin_popcount(unsigned(from ^ to));
    case Kind::kRing:
      return ring_distance(from, to, size());
    case Kind::kTorus:
      return torus_distance(from, to, cols_, params_.rows);
    case Kind::kTree:
    case Kind::kStar: {
      int a = from, b = to, d = 0;
      while (a != b) {  // climb from the larger number: it is never the other's ancestor
        if (a > b) a = parent_[a];
        else b = parent_[b];
        ++d;
      }
      return d;
    }
    case Kind::kDeBruijn:
      if (direct_step(from, to) >= 0) return 1;
      return de_bruijn_distance(from, to, de_bruijn_link_exits(to));
  }
  return 0;
}

std::array<int, 4> Topology::de_bruijn_link_exits(int to) const {
  // Paths through the added links 0..0 - 0101.. (ends 0, 1) and 1..1 - 1010.. (ends 2, 3):
  // plain segments joined by one or both links, each crossed at most once. Entering at end
  // e, the rest of the way is the link, then either plain to `to` or plain to the other
  // link, across it, and plain to `to`: it depends on `to` alone, so a route computes it once
  // for all the distances it asks.
  if (bits_ < 2) return {};  // no added links (via_links says so)
  const std::uint8_t* t = &to_ends_[std::size_t(to) * 4];
  constexpr int kOther[4] = {1, 0, 3, 2};  // the link's far end
  std::array<int, 4> exits{};
  for (int e = 0; e < 4; ++e) {
    const int far = kOther[e];
    int best = 1 + t[far];
    for (const int b : {2 - 2 * (e / 2), 3 - 2 * (e / 2)})  // the other link's ends
      best = std::min(best, 1 + to_ends_[std::size_t(ends_[far]) * 4 + b] + 1 + t[kOther[b]]);
    exits[e] = best;
  }
  return exits;
}

int Topology::de_bruijn_via_links(int from, const std::array<int, 4>& exits) const {
  if (bits_ < 2) return bits_;  // no added links: the plain distance is at most n
  const std::uint8_t* f = &to_ends_[std::size_t(from) * 4];
  return std::min({bits_, f[0] + exits[0], f[1] + exits[1], f[2] + exits[2], f[3] + exits[3]});
}

int Topology::de_bruijn_distance(int from, int to, const std::array<int, 4>& exits) const {
  return std::min(plain_de_bruijn_distance(unsigned(from), unsigned(to), bits_),
                  de_bruijn_via_links(from, exits));
}

bool Topology::de_bruijn_within(int from, int to, const std::array<int, 4>& exits,
                                int limit) const {
  return plain_de_bruijn_within(unsigned(from), unsigned(to), bits_, limit) ||
         de_bruijn_via_links(from, exits) <= limit;
}

void Topology::greedy_path(int to, int from, std::vector<int>& path) const {
  path.clear();
  path.push_back(to);
  const std::array<int, 4> exits = de_bruijn_link_exits(from);
  int left = de_bruijn_distance(to, from, exits);
  for (int here = to; left > 0; --left) {
    if (left == 1) {
      here = from;
    } else {
      int next = -1;
      // Ascending: the first neighbour on a shortest path. None is nearer than left - 1, so
      // "within left - 1" is the question, cheaper than the distance on De Bruijn.
      for (const int y : de_bruijn_neighbours(here))
        if (de_bruijn_within(y, from, exits, left - 1)) {
          next = y;
          break;
        }
      here = next;
    }
    path.push_back(here);
  }
}

int Topology::next_hop(int from, int to) const {
  if (from == to) return to;
  switch (kind_) {
    case Kind::kComplete:
      return to;
    case Kind::kHypercube:
      return hypercube_next_hop(from, to);
    case Kind::kRing:
      return ring_next_hop(from, to, size());
    case Kind::kStar:
      return from == 0 ? to : 0;
    case Kind::kTree: {
      if (!in_subtree(from, to)) return parent_[from];
      int x = to;
      while (parent_[x] != from) x = parent_[x];
      return x;
    }
    case Kind::kTorus:
      return torus_next_hop(from, to, cols_, params_.rows);
    case Kind::kDeBruijn:
      return searched_next_hop(from, to);
  }
  return to;
}

static_assert(
    kRouteMemoProcessors <= (1 << 18),
    "a memo entry holds a route's steps (3 bits a hop, at most log2 P hops) above 8 bits");

Topology::RouteMemo::RouteMemo(std::size_t pairs)
    : steps(static_cast<std::uint64_t*>(std::calloc(pairs, sizeof(std::uint64_t)))) {
  if (steps == nullptr) throw std::bad_alloc();
}

Topology::RouteMemo::~RouteMemo() {
  std::free(steps);
}

RouteSteps Topology::route_steps(int from, int to) const {
  if (kind_ != Kind::kDeBruijn || from == to) return {};
  RouteMemo* memo = route_memo_.get();
  if (memo == nullptr) return searched_route(from, to, false);
  // Counted until enough, then only read: no shared line is written once the memo is on.
  const std::uint64_t enough = std::uint64_t(kRouteMemoAfter) * std::uint64_t(size());
  if (memo->computed.load(std::memory_order_relaxed) < enough &&
      memo->computed.fetch_add(1, std::memory_order_relaxed) < enough)
    return searched_route(from, to, false);
  std::atomic_ref<std::uint64_t> slot(
      memo->steps[std::size_t(from) * std::size_t(size()) + std::size_t(to)]);
  if (const std::uint64_t known = slot.load(std::memory_order_relaxed); known != 0) {
    RouteSteps steps;
    steps.word[0] = known >> 8;
    steps.hops = int(known & 0xff);
    return steps;
  }
  const RouteSteps steps = searched_route(from, to, false);
  slot.store(steps.word[0] << 8 | std::uint64_t(steps.hops), std::memory_order_relaxed);
  return steps;
}

Topology::FewNeighbours Topology::de_bruijn_neighbours(int x) const {
  // The two left shifts (bringing in 0, 1) and the two right shifts (0, 1 at the top), then
  // the added link of an end: sorted, without x itself (the loops of 0..0 and 1..1) and
  // without repeats (when the shifts meet, as at n = 1, or the link doubles a shift).
  // Each pair of shifts is sorted already, so merging them takes four comparisons: the
  // smaller and larger of the firsts and of the seconds (this runs for every step of every
  // route computed, and for every step of YBWC's random walks).
  const unsigned mask = (1u << bits_) - 1, u = unsigned(x);
  const int l0 = int((u << 1) & mask), l1 = l0 | 1, r0 = int(u >> 1), r1 = r0 | (1 << (bits_ - 1));
  const int sorted[4] = {std::min(l0, r0), std::min(std::max(l0, r0), std::min(l1, r1)),
                         std::max(std::max(l0, r0), std::min(l1, r1)), std::max(l1, r1)};
  FewNeighbours n;
  for (const int y : sorted)
    if (y != x && (n.count == 0 || n.at[n.count - 1] != y)) n.at[n.count++] = y;
  if (bits_ >= 2 && (u == ends_[0] || u == ends_[1] || u == ends_[2] || u == ends_[3])) {
    const int y = take_step(x, 4);  // an end of an added link: insert its other end
    int i = n.count;
    while (i > 0 && n.at[i - 1] > y) --i;
    if (i == 0 || n.at[i - 1] != y) {
      for (int j = n.count; j > i; --j) n.at[j] = n.at[j - 1];
      n.at[i] = y;
      ++n.count;
    }
  }
  return n;
}

int Topology::neighbour(int p, std::uint64_t r) const {
  if (kind_ == Kind::kDeBruijn && bits_ >= 1) {
    const FewNeighbours n = de_bruijn_neighbours(p);
    return n.at[r % std::uint64_t(n.count)];
  }
  const std::span<const int> n = neighbours(p);
  return n[r % n.size()];
}

int Topology::direct_step(int from, int to) const {
  const unsigned mask = (1u << bits_) - 1, x = unsigned(from), y = unsigned(to);
  const unsigned left = (x << 1) & mask, right = x >> 1, top = 1u << (bits_ - 1);
  if (y == left) return 0;
  if (y == (left | 1u)) return 1;
  if (y == right) return 2;
  if (y == (right | top)) return 3;
  if (bits_ >= 2 && take_step(from, 4) == to) return 4;
  return -1;
}

unsigned Topology::step_code(int from, int to) const {
  const int code = direct_step(from, to);
  if (code < 0) throw std::logic_error("topology: a De Bruijn route steps to a non-neighbour");
  return unsigned(code);
}

int Topology::take_step(int from, unsigned step) const {
  const unsigned mask = (1u << bits_) - 1, x = unsigned(from);
  switch (step) {
    case 0:
    case 1:
      return int(((x << 1) & mask) | step);
    case 2:
    case 3:
      return int((x >> 1) | ((step & 1u) << (bits_ - 1)));
    default: {  // the added links: ends_ 0 - 1 and 2 - 3
      constexpr int kOther[4] = {1, 0, 3, 2};
      for (int e = 0; e < 4; ++e)
        if (ends_[e] == x) return int(ends_[kOther[e]]);
      return -1;
    }
  }
}

Topology::RouteEntry& Topology::route_slot(std::uint64_t key) {
  thread_local std::vector<RouteEntry> cache(std::size_t{1} << kRouteCacheBits);
  return cache[(key * 0x9e3779b97f4a7c15ULL) >> (64 - kRouteCacheBits)];
}

const Topology::RouteEntry* Topology::cached_route(int from, int to) const {
  const std::uint64_t k = route_key(from, to);
  const RouteEntry& e = route_slot(k);
  return e.key == k ? &e : nullptr;
}

int Topology::searched_next_hop(int from, int to) const {
  const RouteSteps steps = searched_route(from, to, true);
  return take_step(from, steps.step(steps.hops));
}

// One greedy path from `to` gives the route towards `to` of every processor on it: processor
// path[i] is exactly i hops from `to` (a shortest path), and its steps are the path's last i.
RouteSteps Topology::searched_route(int from, int to, bool whole_path) const {
  RouteSteps steps;
  if (const int code = direct_step(from, to); code >= 0) {  // a neighbour: no look-up
    steps.set(1, unsigned(code));
    steps.hops = 1;
    return steps;
  }
  if (whole_path)
    if (const RouteEntry* e = cached_route(from, to)) return e->steps;
  thread_local std::vector<int> path;
  greedy_path(to, from, path);
  for (std::size_t i = 1; i < path.size(); ++i) {  // path.back() is `from`
    const int k = static_cast<int>(i);
    steps.set(k, step_code(path[i], path[i - 1]));
    steps.hops = k;
    if (whole_path) {
      const std::uint64_t key = route_key(path[i], to);
      route_slot(key) = RouteEntry{key, steps};
    }
  }
  return steps;
}

void Topology::route(int from, int to, std::vector<int>& out) const {
  out.clear();
  if (is_processor_tree()) {  // up to the common ancestor, then down: O(length)
    thread_local std::vector<int> down;
    down.clear();
    for (int a = from, b = to; a != b;) {  // the larger number is never the other's ancestor
      if (a > b) out.push_back(a = parent_[a]);
      else down.push_back(b), b = parent_[b];
    }
    out.insert(out.end(), down.rbegin(), down.rend());
    return;
  }
  for (int x = from; x != to;) out.push_back(x = next_hop(x, to));
}

int Topology::max_degree() const {
  std::size_t d = 0;
  for (int p = 0; p < size(); ++p) d = std::max<std::size_t>(d, first_[p + 1] - first_[p]);
  return static_cast<int>(d);
}

int Topology::min_degree() const {
  std::size_t d = std::numeric_limits<std::size_t>::max();
  for (int p = 0; p < size(); ++p) d = std::min<std::size_t>(d, first_[p + 1] - first_[p]);
  return size() == 0 ? 0 : static_cast<int>(d);
}

std::size_t Topology::edge_count() const {
  return links_.size() / 2;
}

std::size_t Topology::memory_bytes() const {
  std::size_t bytes = sizeof(*this) + first_.capacity() * sizeof(std::uint32_t) +
                      links_.capacity() * sizeof(int) + to_ends_.capacity() +
                      parent_.capacity() * sizeof(int) +
                      children_.capacity() * sizeof(std::vector<int>);
  for (const auto& c : children_) bytes += c.capacity() * sizeof(int);
  if (route_memo_) bytes += std::size_t(size()) * std::size_t(size()) * sizeof(std::uint64_t);
  return bytes;
}

int Topology::parent(int p) const {
  return parent_.empty() ? -1 : parent_[p];
}
const std::vector<int>& Topology::tree_children(int p) const {
  return children_.empty() ? kNoChildren : children_[p];
}

}  // namespace alphactor::topo
