// Synthetic game trees named by a spec string:
//   random:w=4,d=10,seed=1            uniform width, independent uniform leaf values
//   ordered:w=8,d=7,p=0.7,seed=3      first child best with probability p (Marsland's "strongly
//                                     ordered": p = 0.7, best in the first quarter q = 0.9)
//   best:w=5,d=6                      perfectly ordered (p = q = 1)
//   irregular:w=2..8,d=8,seed=1       random values, branching drawn per node from 2..8
// Any kind takes w=a..b for per-node branching. Keys: w, d, seed, p, q (ordered), range (leaf
// values in [-range, range]), spread (ordered: how much worse a non-best child is at most),
// noise (ordered: error of interior static values). Wrong specs throw InputError.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace alphactor::trees {

enum class TreeKind { kRandom, kOrdered };

struct TreeSpec {
  TreeKind kind = TreeKind::kRandom;
  int width_min = 2;
  int width_max = 2;
  int depth = 1;
  double p = 1.0;  // ordered: probability that the first child is best
  double q = 1.0;  // ordered: probability that the best child is in the first quarter
  std::uint64_t seed = 0;
  int range = 1000;
  int spread = 100;
  int noise = 50;

  [[nodiscard]] std::string text() const;  // canonical spec string
};

// Limits a spec must respect (they keep values within the search's Value range).
inline constexpr int kMaxTreeWidth = 256;
inline constexpr int kMaxTreeDepth = 64;
inline constexpr int kMaxTreeRange = 10000;

TreeSpec parse_tree_spec(std::string_view text);

}  // namespace alphactor::trees
