// Processor networks: the properties the papers rely on, and routing over neighbours only.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "search/input_error.hpp"
#include "topologies/routes.hpp"
#include "topologies/topology.hpp"

using namespace alphactor;
using namespace alphactor::topo;

namespace {

// Follows next_hop from every processor to every other: each step must go to a neighbour,
// and the route must arrive within the diameter.
void check_routing(const Topology& t) {
  for (int from = 0; from < t.size(); ++from)
    for (int to = 0; to < t.size(); ++to) {
      int x = from, hops = 0;
      while (x != to && hops <= t.diameter()) {
        const int next = t.next_hop(x, to);
        REQUIRE(t.adjacent(x, next));
        x = next;
        ++hops;
      }
      REQUIRE(x == to);
      REQUIRE(t.distance(from, to) == t.distance(to, from));
    }
}

std::string refusal(const std::string& name, int p, TopologyParams params = {}) {
  try {
    Topology::make(name, p, params);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

// DB(n) written from the paper's definition with bit strings, independently of graphs.cpp.
std::set<std::pair<std::string, std::string>> de_bruijn_by_strings(int n) {
  std::set<std::pair<std::string, std::string>> edges;
  auto add = [&](const std::string& a, const std::string& b) {
    if (a != b) edges.insert(std::minmax(a, b));
  };
  for (int v = 0; v < (1 << n); ++v) {
    std::string x;
    for (int i = n - 1; i >= 0; --i) x += char('0' + ((v >> i) & 1));
    const std::string s = x.substr(1) + x[0];
    const std::string e = x.substr(1) + char(x[0] == '0' ? '1' : '0');
    add(x, s);
    add(x, e);
  }
  std::string alt01, alt10;
  for (int i = 0; i < n; ++i) alt01 += char('0' + (i % 2)), alt10 += char('1' - (i % 2));
  add(std::string(n, '0'), alt01);
  add(std::string(n, '1'), alt10);
  return edges;
}

}  // namespace

TEST_CASE("De Bruijn DB(n): the paper's modified network, degree <= 4, diameter <= n") {
  for (int n = 1; n <= 12; ++n) {
    INFO("n = " << n);
    const Topology t = Topology::make("debruijn", 1 << n);
    CHECK(t.max_degree() <= 4);
    CHECK(t.diameter() <= n);
    if (n <= 8) {
      std::set<std::pair<std::string, std::string>> edges;
      for (int x = 0; x < t.size(); ++x)
        for (int y : t.neighbours(x)) {
          auto bits = [n](int v) {
            std::string s;
            for (int i = n - 1; i >= 0; --i) s += char('0' + ((v >> i) & 1));
            return s;
          };
          edges.insert(std::minmax(bits(x), bits(y)));
        }
      CHECK(edges == de_bruijn_by_strings(n));
    }
    if (n <= 6) check_routing(t);
  }
  // Figure 1 of the paper: DB(3) with 000-010 and 111-101 added.
  const Topology db3 = Topology::make("debruijn", 8);
  CHECK(db3.adjacent(0b000, 0b010));
  CHECK(db3.adjacent(0b111, 0b101));
  CHECK_FALSE(db3.adjacent(0b000, 0b000));
}

TEST_CASE("a random walk's neighbour number r is the neighbour list's, on every topology") {
  // De Bruijn computes it from the address (no list read): it must be the list's, in order.
  for (const char* name : {"debruijn", "hypercube", "ring", "torus", "tree", "star"})
    for (const int p : {2, 4, 8, 64, 1024, 4096}) {
      INFO(name << " P = " << p);
      const Topology t = Topology::make(name, p);
      for (int x = 0; x < p; ++x) {
        const auto list = t.neighbours(x);
        for (std::uint64_t r = 0; r < 2 * list.size() + 1; ++r)
          REQUIRE(t.neighbour(x, r) == list[r % list.size()]);
        REQUIRE(t.neighbour(x, ~std::uint64_t{0}) == list[~std::uint64_t{0} % list.size()]);
      }
    }
}

TEST_CASE("hypercube of dimension n: degree n, diameter n") {
  for (int n = 0; n <= 10; ++n) {
    const Topology t = Topology::make("hypercube", 1 << n);
    CHECK(t.max_degree() == n);
    CHECK(t.min_degree() == n);
    CHECK(t.diameter() == n);
    CHECK(t.edge_count() == std::size_t(n) * (1u << n) / 2);
    if (n <= 6) check_routing(t);
  }
}

TEST_CASE("ring, torus, complete graph and processor tree") {
  const Topology ring = Topology::make("ring", 9);
  CHECK(ring.diameter() == 4);
  CHECK(ring.max_degree() == 2);
  check_routing(ring);
  const Topology torus = Topology::make("torus", 16);
  CHECK(torus.params().rows == 4);
  CHECK(torus.diameter() == 4);
  CHECK(torus.max_degree() == 4);
  check_routing(torus);
  const Topology thin = Topology::make("torus", 12, {.fanout = 2, .rows = 2});
  CHECK(thin.diameter() == 1 + 3);
  check_routing(thin);
  const Topology complete = Topology::make("complete", 7);
  CHECK(complete.diameter() == 1);
  CHECK(complete.edge_count() == 21);
  check_routing(complete);
  const Topology tree = Topology::make("tree", 13, {.fanout = 3});
  CHECK(tree.parent(0) == -1);
  CHECK(tree.tree_children(0) == std::vector<int>{1, 2, 3});
  CHECK(tree.parent(12) == 3);
  CHECK(tree.diameter() == 4);
  check_routing(tree);
  // A star is the processor tree of height one, whatever the fan-out says.
  const Topology star = Topology::make("star", 6, {.fanout = 2});
  CHECK(star.tree_children(0) == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(star.parent(5) == 0);
  CHECK(std::ranges::equal(star.neighbours(3), std::vector<int>{0}));
  CHECK(star.diameter() == 2);
  CHECK(star.is_processor_tree());
  CHECK(!complete.is_processor_tree());
  check_routing(star);
  for (int p : {1, 2, 3, 5}) {
    for (const char* name : {"tree", "star", "ring", "torus", "complete"}) {
      INFO(name << " " << p);
      check_routing(Topology::make(name, p));
    }
  }
}

TEST_CASE("4096 processors on DB(12) route every message within 12 hops") {
  const Topology t = Topology::make("debruijn", 4096);
  CHECK(t.diameter() <= 12);
  for (int from = 0; from < 4096; from += 97)
    for (int to = 0; to < 4096; to += 89) CHECK(t.distance(from, to) <= 12);
}

TEST_CASE("processor counts that do not fit a topology are refused") {
  CHECK_THAT(refusal("hypercube", 6),
             Catch::Contains("hypercube needs a power of two processors, got 6"));
  CHECK_THAT(refusal("debruijn", 12), Catch::Contains("debruijn needs a power of two"));
  CHECK_THAT(refusal("torus", 12, {.fanout = 2, .rows = 5}), Catch::Contains("do not fill 5 rows"));
  CHECK_THAT(refusal("mesh", 4), Catch::Contains("unknown topology 'mesh'"));
  CHECK_THAT(refusal("ring", 0), Catch::Contains("processor count must be"));
  CHECK_THAT(refusal("ring", kMaxProcessors + 1), Catch::Contains("processor count must be"));
  CHECK_THAT(refusal("complete", 5000), Catch::Contains("complete graph: at most"));
  CHECK_THAT(refusal("tree", 5, {.fanout = 0}), Catch::Contains("fanout >= 1"));
}

namespace {

// The routing table earlier versions kept, written independently: a breadth-first search
// from every destination, neighbours in ascending order; bfs_hop[to][from] is the neighbour
// of `from` the search reached it from, bfs_dist[to][from] its distance.
struct BreadthFirstRoutes {
  explicit BreadthFirstRoutes(const Topology& t)
      : hop(t.size(), std::vector<int>(t.size(), -1)), dist(hop) {
    for (int to = 0; to < t.size(); ++to) {
      std::vector<int> queue{to};
      hop[to][to] = to;
      dist[to][to] = 0;
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head];
        for (const int y : t.neighbours(x))
          if (hop[to][y] < 0) {
            hop[to][y] = x;
            dist[to][y] = dist[to][x] + 1;
            queue.push_back(y);
          }
      }
    }
  }
  std::vector<std::vector<int>> hop, dist;
};

// Every pair: the computed next hop is the table's, the computed route walks the table's hops,
// the distance is the breadth-first one, and the diameter is the largest of them. (Counted
// without an assertion a pair: a million pairs of Catch2 assertions take minutes.)
void check_routes_equal_table(const Topology& t) {
  const BreadthFirstRoutes table(t);
  std::vector<int> route;
  int diameter = 0;
  long wrong = 0;
  std::string first;
  for (int to = 0; to < t.size(); ++to)
    for (int from = 0; from < t.size(); ++from) {
      const int d = table.dist[to][from];
      diameter = std::max(diameter, d);
      bool same = t.next_hop(from, to) == table.hop[to][from] && t.distance(from, to) == d;
      t.route(from, to, route);
      same = same && int(route.size()) == d;
      for (int x = from, i = 0; same && x != to; ++i) same = route[i] == (x = table.hop[to][x]);
      // The route as steps (what the simulator carries with a message) walks the same hops;
      // asked again (DB up to kRouteMemoProcessors: read back from the memo) it is the same.
      const RouteSteps steps = t.route_steps(from, to), again = t.route_steps(from, to);
      same = same && again.hops == steps.hops && again.word[0] == steps.word[0] &&
             again.word[1] == steps.word[1];
      if (t.kind() != Topology::Kind::kDeBruijn || from == to) {
        same = same && steps.hops == 0;
      } else {
        same = same && steps.hops == d;
        for (int x = from, k = d; same && k > 0; --k) {
          const int next = t.take_step(x, steps.step(k));
          same = next == table.hop[to][x];
          x = next;
        }
      }
      if (!same && wrong++ == 0)
        first = std::to_string(from) + " -> " + std::to_string(to) + ": next hop " +
                std::to_string(t.next_hop(from, to)) + ", table " +
                std::to_string(table.hop[to][from]);
    }
  INFO("first difference " << first);
  CHECK(wrong == 0);
  CHECK(t.diameter() == diameter);
}

}  // namespace

TEST_CASE("route steps read back as written beyond the first word of 21 steps") {
  RouteSteps steps;
  for (int k = 1; k <= 30; ++k) steps.set(k, unsigned(k * 7 + 3) % 5);
  steps.hops = 30;
  int wrong = 0;
  for (int k = 1; k <= 30; ++k) wrong += steps.step(k) != unsigned(k * 7 + 3) % 5;
  CHECK(wrong == 0);
}

TEST_CASE("computed routes are the breadth-first table's for every pair up to 1024 processors") {
  for (int n = 0; n <= 10; ++n) {
    INFO("debruijn " << (1 << n));
    check_routes_equal_table(Topology::make("debruijn", 1 << n));
  }
  for (int p : {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 30, 31, 64, 100, 256, 1024}) {
    for (const char* name : {"ring", "star", "complete"}) {
      INFO(name << " " << p);
      check_routes_equal_table(Topology::make(name, p));
    }
    for (int fanout : {1, 2, 3, 7}) {
      INFO("tree " << p << " fanout " << fanout);
      check_routes_equal_table(Topology::make("tree", p, {.fanout = fanout}));
    }
  }
}

namespace {

// Every pair: each hop goes to a neighbour, the route is a shortest path (the breadth-first
// distance), and every processor passes on the same number of the P x P routes (no hub).
void check_shortest_and_balanced(const Topology& t) {
  const BreadthFirstRoutes table(t);
  std::vector<long> forwards(std::size_t(t.size()), 0);
  std::vector<int> route;
  long wrong = 0;
  int diameter = 0;
  for (int to = 0; to < t.size(); ++to)
    for (int from = 0; from < t.size(); ++from) {
      const int d = table.dist[to][from];
      diameter = std::max(diameter, d);
      t.route(from, to, route);
      bool ok = t.distance(from, to) == d && int(route.size()) == d &&
                (d == 0 || route.back() == to) && (from == to || t.next_hop(from, to) == route[0]);
      for (int i = 0, x = from; ok && i < d; x = route[std::size_t(i++)]) {
        const auto& n = t.neighbours(x);
        ok = std::find(n.begin(), n.end(), route[std::size_t(i)]) != n.end();
      }
      for (std::size_t i = 0; ok && i + 1 < route.size(); ++i) ++forwards[route[i]];
      if (!ok) ++wrong;
    }
  CHECK(wrong == 0);
  CHECK(t.diameter() == diameter);
  CHECK(*std::min_element(forwards.begin(), forwards.end()) ==
        *std::max_element(forwards.begin(), forwards.end()));
}

}  // namespace

TEST_CASE("torus routes go in dimension order: shortest, and every processor forwards alike") {
  for (int p : {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 30, 31, 64, 100, 256, 1024}) {
    INFO("torus " << p);
    check_shortest_and_balanced(Topology::make("torus", p));
  }
  for (int rows : {1, 2, 4, 5, 8, 25}) {  // thin and odd tori, both axes wrapping
    INFO("torus 200 rows " << rows);
    check_shortest_and_balanced(Topology::make("torus", 200, {.fanout = 2, .rows = rows}));
  }
}

// Dimension order: each hop flips the lowest bit still differing, so every route is a shortest
// one and every processor passes on the same number of the P x P routes (none is a hub).
TEST_CASE("hypercube routes flip the lowest differing bit; every processor forwards alike") {
  for (int n = 0; n <= 10; ++n) {
    INFO("hypercube " << (1 << n));
    const Topology t = Topology::make("hypercube", 1 << n);
    check_shortest_and_balanced(t);
    long wrong = 0;
    for (int to = 0; to < t.size(); ++to)
      for (int from = 0; from < t.size(); ++from) {
        const unsigned differ = unsigned(from ^ to);
        wrong += t.next_hop(from, to) != (from ^ int(differ & (~differ + 1)));
      }
    CHECK(wrong == 0);
  }
}

TEST_CASE("the De Bruijn 'within' test agrees with the distance for every pair and limit") {
  for (int n = 1; n <= 9; ++n)
    for (unsigned x = 0; x < (1u << n); ++x)
      for (unsigned y = 0; y < (1u << n); ++y) {
        const int d = plain_de_bruijn_distance(x, y, n);
        for (int limit = -1; limit <= n + 1; ++limit) {
          INFO("n " << n << " x " << x << " y " << y << " limit " << limit << " d " << d);
          REQUIRE(plain_de_bruijn_within(x, y, n, limit) == (d <= limit));
        }
      }
}

TEST_CASE("2^20 processors route without a table on shortest paths within the diameter") {
  for (const char* name : {"debruijn", "hypercube", "torus", "tree"}) {
    INFO(name);
    const Topology t = Topology::make(name, 1 << 20);
    // Neighbour lists and a few bytes a processor: no P x P table (that would be 2 TiB).
    CHECK(t.memory_bytes() < std::size_t(t.size()) * (64 + 8 * t.max_degree()));
    std::vector<int> route;
    std::uint64_t seed = 7;
    for (int i = 0; i < 2000; ++i) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const int from = int(seed >> 44), to = int((seed >> 20) & 0xFFFFF);
      const int d = t.distance(from, to);
      REQUIRE(d <= t.diameter());
      t.route(from, to, route);
      REQUIRE(int(route.size()) == d);
      int x = from;
      for (const int y : route) {
        REQUIRE(t.adjacent(x, y));
        REQUIRE(t.distance(y, to) == t.distance(x, to) - 1);  // every hop gets one closer
        x = y;
      }
      REQUIRE(x == to);
    }
  }
  CHECK(Topology::make("debruijn", 1 << 20).diameter() == 20);
  CHECK(Topology::make("hypercube", 1 << 20).diameter() == 20);
}
