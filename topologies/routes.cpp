#include "topologies/routes.hpp"

#include <algorithm>
#include <cstdlib>

namespace alphactor::topo {
namespace {

int longest_run_of_ones(unsigned m) {
  int run = 0;
  for (; m; ++run) m &= m >> 1;
  return run;
}

// Whether m has k >= 1 consecutive ones: after m &= m >> len, bit i says that the run at i
// is 2 len long, so doubling reaches k in O(log k) steps.
bool has_run_of_ones(unsigned m, int k) {
  if (__builtin_popcount(m) < k) return false;  // most masks routing asks about: one count
  int len = 1;
  for (; 2 * len <= k && m; len *= 2) m &= m >> len;
  if (len < k) m &= m >> (k - len);
  return m != 0;
}

}  // namespace

bool plain_de_bruijn_within(unsigned x, unsigned y, int n, int limit) {
  if (limit < 0) return false;
  if (x == y || limit >= n) return true;
  for (int shift = 0; shift <= limit; ++shift) {
    // 2 (n - m) - shift <= limit, with at most n - shift bits in common at this offset.
    const int need = (2 * n - shift - limit + 1) / 2;
    if (need > n - shift) continue;
    const unsigned keep = (1u << (n - shift)) - 1;
    if (has_run_of_ones(~(x ^ (y >> shift)) & keep, need) ||
        has_run_of_ones(~((x >> shift) ^ y) & keep, need))
      return true;
  }
  return false;
}

int plain_de_bruijn_distance(unsigned x, unsigned y, int n) {
  if (x == y) return 0;
  int best = n;
  for (int shift = 0; shift < best; ++shift) {
    const unsigned keep = (1u << (n - shift)) - 1;
    // x's bit i against y's bit i + shift, then x's bit i + shift against y's bit i.
    for (const unsigned same : {~(x ^ (y >> shift)) & keep, ~((x >> shift) ^ y) & keep}) {
      // Only a run with 2 (n - m) - shift < best helps, and no run is longer than the count.
      if (2 * __builtin_popcount(same) <= 2 * n - shift - best) continue;
      const int m = longest_run_of_ones(same);
      if (m > 0) best = std::min(best, 2 * (n - m) - shift);
    }
  }
  return best;
}

int ring_distance(int from, int to, int p) {
  const int d = std::abs(from - to);
  return std::min(d, p - d);
}

int ring_next_hop(int from, int to, int p) {
  if (from == to) return to;
  const int up = (from + 1) % p, down = (from - 1 + p) % p;
  const int d = ring_distance(from, to, p);
  if (2 * d != p) return ring_distance(up, to, p) < d ? up : down;
  // Halfway: the search from `to` went first towards its smaller neighbour, so it arrives
  // from that side: having gone down from `to`, it comes to `from` from above.
  const bool went_down = (to - 1 + p) % p < (to + 1) % p;
  return went_down ? up : down;
}

int torus_distance(int from, int to, int cols, int rows) {
  return ring_distance(from / cols, to / cols, rows) + ring_distance(from % cols, to % cols, cols);
}

namespace {
// The next coordinate from x towards y on an axis of n: the shorter way, upwards when halfway.
int axis_step(int x, int y, int n) {
  const int up = (y - x + n) % n;
  if (up == 0) return x;
  return 2 * up <= n ? (x + 1) % n : (x - 1 + n) % n;
}
}  // namespace

int torus_next_hop(int from, int to, int cols, int rows) {
  const int r = from / cols, c = from % cols, tc = to % cols;
  if (c != tc) return r * cols + axis_step(c, tc, cols);
  return axis_step(r, to / cols, rows) * cols + c;
}

}  // namespace alphactor::topo
