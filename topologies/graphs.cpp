#include "topologies/graphs.hpp"

#include <algorithm>
#include <string>

#include "search/input_error.hpp"

namespace alphactor::topo {
namespace {

void link(Adjacency& g, int a, int b) {
  if (a == b) return;  // self-loops make no sense between processors
  g[a].push_back(b);
  g[b].push_back(a);
}

Adjacency normalised(Adjacency g) {
  for (auto& n : g) {
    std::sort(n.begin(), n.end());
    n.erase(std::unique(n.begin(), n.end()), n.end());
  }
  return g;
}

int require_power_of_two(const char* name, int processors) {
  const int n = exact_log2(processors);
  if (n < 0)
    throw InputError(std::string(name) + " needs a power of two processors, got " +
                     std::to_string(processors));
  return n;
}

}  // namespace

int exact_log2(int processors) {
  if (processors < 1 || (processors & (processors - 1)) != 0) return -1;
  int n = 0;
  while ((1 << n) < processors) ++n;
  return n;
}

int square_rows(int processors) {
  int rows = 1;
  for (int r = 1; r * r <= processors; ++r)
    if (processors % r == 0) rows = r;
  return rows;
}

Adjacency processor_tree(int processors, int fanout) {
  if (fanout < 1)
    throw InputError("processor tree needs fanout >= 1, got " + std::to_string(fanout));
  Adjacency g(processors);
  for (int child = 1; child < processors; ++child) link(g, (child - 1) / fanout, child);
  return normalised(std::move(g));
}

Adjacency de_bruijn(int processors) {
  const int n = require_power_of_two("debruijn", processors);
  Adjacency g(processors);
  if (n == 0) return g;
  const int top = n - 1, mask = processors - 1;
  auto shuffle = [&](int x) { return ((x << 1) & mask) | (x >> top); };
  auto exchange = [&](int x) { return ((x << 1) & mask) | ((x >> top) ^ 1); };
  for (int x = 0; x < processors; ++x) {
    link(g, x, shuffle(x));  // the loops of 0..0 and 1..1 are dropped by link()
    link(g, x, exchange(x));
  }
  // 0101.. and 1010.. (most significant bit first), linked to 0..0 and 1..1. The double edge
  // between them collapses to one in normalised().
  int alternating = 0;
  for (int bit = top - 1; bit >= 0; bit -= 2) alternating |= 1 << bit;  // 0101..
  const int zeros = 0, ones = mask, alt01 = alternating, alt10 = alternating ^ mask;
  if (n >= 2) {
    link(g, zeros, alt01);
    link(g, ones, alt10);
  }
  return normalised(std::move(g));
}

Adjacency hypercube(int processors) {
  const int n = require_power_of_two("hypercube", processors);
  Adjacency g(processors);
  for (int x = 0; x < processors; ++x)
    for (int b = 0; b < n; ++b) g[x].push_back(x ^ (1 << b));
  return normalised(std::move(g));
}

Adjacency ring(int processors) {
  Adjacency g(processors);
  for (int x = 0; x < processors; ++x) link(g, x, (x + 1) % processors);
  return normalised(std::move(g));
}

Adjacency torus(int processors, int rows) {
  if (rows == 0) rows = square_rows(processors);
  if (rows < 1 || processors % rows != 0)
    throw InputError("torus: " + std::to_string(processors) + " processors do not fill " +
                     std::to_string(rows) + " rows");
  const int cols = processors / rows;
  Adjacency g(processors);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int x = r * cols + c;
      link(g, x, r * cols + (c + 1) % cols);
      link(g, x, ((r + 1) % rows) * cols + c);
    }
  return normalised(std::move(g));
}

Adjacency complete_graph(int processors) {
  Adjacency g(processors);
  for (int x = 0; x < processors; ++x)
    for (int y = 0; y < processors; ++y)
      if (x != y) g[x].push_back(y);
  return g;
}

}  // namespace alphactor::topo
