#include "trees/tree_game.hpp"

#include <charconv>

namespace alphactor::trees {
namespace {

// SplitMix64 finalizer: a strong 64-bit mixer, so sibling hashes are independent.
constexpr std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
// Independent streams drawn from one node hash.
enum Salt : std::uint64_t {
  kLeaf = 1,
  kWidth = 2,
  kBest = 3,
  kBestIndex = 4,
  kWorse = 5,
  kNoise = 6,
  kRoot = 7
};
std::uint64_t draw(std::uint64_t hash, Salt salt) {
  return mix(hash ^ (salt * 0xd6e8feb86659fd93ULL));
}
// Uniform integer in [lo, hi].
int uniform(std::uint64_t r, int lo, int hi) {
  return lo + static_cast<int>(r % static_cast<std::uint64_t>(hi - lo + 1));
}
double unit(std::uint64_t r) {
  return double(r >> 11) * 0x1.0p-53;
}

}  // namespace

TreeGame::TreeGame(const TreeSpec& spec) : spec_(spec) {
  path_.reserve(spec_.depth + 1);
  const std::uint64_t root = mix(spec_.seed ^ 0x5bd1e995ULL);
  path_.push_back({root, uniform(draw(root, kRoot), -spec_.range / 2, spec_.range / 2)});
}

int TreeGame::width() const {
  if (spec_.width_min == spec_.width_max) return spec_.width_min;
  return uniform(draw(hash(), kWidth), spec_.width_min, spec_.width_max);
}

void TreeGame::generate_moves(MoveList& list) const {
  list.clear();
  if (is_terminal()) return;
  const int w = width();
  for (int i = 0; i < w; ++i) list.push(static_cast<Move>(i));
}

Value TreeGame::child_value(Move m) const {
  if (spec_.kind == TreeKind::kRandom) return 0;  // random trees draw leaves independently
  const std::uint64_t h = hash();
  const int w = width();
  // Which child is best: first w.p. p, else in the first quarter w.p. q, else after it.
  const int quarter = (w + 3) / 4;
  const double u = unit(draw(h, kBest));
  int best = 0;
  if (u >= spec_.p) {
    const std::uint64_t r = draw(h, kBestIndex);
    if (u < spec_.q || quarter >= w) best = quarter > 1 ? uniform(r, 1, quarter - 1) : 0;
    else best = uniform(r, quarter, w - 1);
    if (best >= w) best = 0;
  }
  const Value v = path_.back().value;
  if (static_cast<int>(m) == best) return -v;
  const std::uint64_t child = mix(h ^ (std::uint64_t(m) + 1) * 0x9e3779b97f4a7c15ULL);
  return -v + 1 + uniform(draw(child, kWorse), 0, spec_.spread - 1);
}

void TreeGame::play(Move m) {
  const std::uint64_t child = mix(hash() ^ (std::uint64_t(m) + 1) * 0x9e3779b97f4a7c15ULL);
  path_.push_back({child, child_value(m)});
}

void TreeGame::undo(Move) {
  path_.pop_back();
}

Value TreeGame::terminal_value(int) const {
  if (spec_.kind == TreeKind::kOrdered) return path_.back().value;
  return uniform(draw(hash(), kLeaf), -spec_.range, spec_.range);
}

Value TreeGame::evaluate() const {
  if (is_terminal()) return terminal_value(ply());
  const std::uint64_t r = draw(hash(), kNoise);
  if (spec_.kind == TreeKind::kOrdered)
    return path_.back().value + uniform(r, -spec_.noise, spec_.noise);
  return uniform(r, -spec_.range, spec_.range);
}

std::optional<TreeGame::Move> TreeGame::parse_move(std::string_view text) const {
  Move m{};
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), m);
  if (ec != std::errc() || ptr != text.data() + text.size() || is_terminal() ||
      static_cast<int>(m) >= width())
    return std::nullopt;
  return m;
}

}  // namespace alphactor::trees
