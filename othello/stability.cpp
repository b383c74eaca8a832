#include "othello/stability.hpp"

#include <array>

namespace alphactor::othello {
namespace {

// Flips along an 8-square line when `own` plays at i.
std::uint8_t line_flips(int i, std::uint8_t own, std::uint8_t other) {
  std::uint8_t f = 0;
  for (int step : {-1, 1}) {
    std::uint8_t run = 0;
    int j = i + step;
    while (j >= 0 && j < 8 && (other >> j & 1)) {
      run |= std::uint8_t(1u << j);
      j += step;
    }
    if (j >= 0 && j < 8 && (own >> j & 1)) f |= run;
  }
  return f;
}

// Table of stable discs (both colours) for every (a, b) pair of disjoint 8-bit patterns,
// index a * 256 + b; filled by memoised recursion: full lines are stable, otherwise a disc is
// stable if it survives every move (either colour, any empty square) and stays stable after.
struct EdgeTable {
  std::array<std::uint8_t, 65536> stable{};
  std::array<bool, 65536> done{};

  std::uint8_t solve(std::uint8_t a, std::uint8_t b) {
    const int index = a * 256 + b;
    if (done[index]) return stable[index];
    const std::uint8_t occupied = a | b;
    std::uint8_t s = occupied;
    for (int i = 0; i < 8 && s; ++i) {
      if (occupied >> i & 1) continue;
      const std::uint8_t m = std::uint8_t(1u << i);
      // a plays i
      std::uint8_t f = line_flips(i, a, b);
      s &= std::uint8_t(~f) & solve(std::uint8_t(a | m | f), std::uint8_t(b & ~f));
      // b plays i
      f = line_flips(i, b, a);
      s &= std::uint8_t(~f) & solve(std::uint8_t(a & ~f), std::uint8_t(b | m | f));
    }
    done[index] = true;
    stable[index] = s;
    return s;
  }

  EdgeTable() {
    for (int a = 0; a < 256; ++a)
      for (int b = 0; b < 256; ++b)
        if ((a & b) == 0) solve(std::uint8_t(a), std::uint8_t(b));
  }
};

const EdgeTable& edge_table() {
  static const EdgeTable t;
  return t;
}

// Column A (squares a1..a8) as an 8-bit line and back; likewise column H.
inline std::uint8_t column_to_line(Bits b, int col) {
  std::uint8_t line = 0;
  for (int r = 0; r < 8; ++r) line |= std::uint8_t(((b >> (8 * r + col)) & 1) << r);
  return line;
}
inline Bits line_to_column(std::uint8_t line, int col) {
  Bits b = 0;
  for (int r = 0; r < 8; ++r) b |= Bits((line >> r) & 1) << (8 * r + col);
  return b;
}

constexpr Bits kRow1 = 0xFFULL, kRow8 = 0xFF00000000000000ULL;
constexpr Bits kColA = 0x0101010101010101ULL, kColH = 0x8080808080808080ULL;
constexpr Bits kBorder = kRow1 | kRow8 | kColA | kColH;

// Spreads the squares of `seed` along a direction (both senses) to their whole line.
inline Bits spread(Bits seed, int dir, Bits wrap_up, Bits wrap_down) {
  for (int i = 0; i < 7; ++i) seed |= ((seed << dir) & wrap_up) | ((seed >> dir) & wrap_down);
  return seed;
}

}  // namespace

std::uint8_t edge_line_stable(std::uint8_t own, std::uint8_t other) {
  return edge_table().stable[own * 256 + other] & own;
}

Bits edge_stable(Bits own, Bits other) {
  const auto& t = edge_table().stable;
  Bits s = 0;
  s |= Bits(t[(own & 0xFF) * 256 + (other & 0xFF)]);
  s |= Bits(t[(own >> 56) * 256 + (other >> 56)]) << 56;
  s |= line_to_column(t[column_to_line(own, 0) * 256 + column_to_line(other, 0)], 0);
  s |= line_to_column(t[column_to_line(own, 7) * 256 + column_to_line(other, 7)], 7);
  return s & own;
}

FullLines full_lines(Bits occupied) {
  const Bits empty = ~occupied;
  FullLines f;
  f.horizontal = ~spread(empty, 1, kNotColumnA, kNotColumnH);
  f.vertical = ~spread(empty, 8, ~Bits{0}, ~Bits{0});
  f.diagonal9 = ~spread(empty, 9, kNotColumnA, kNotColumnH);
  f.diagonal7 = ~spread(empty, 7, kNotColumnH, kNotColumnA);
  return f;
}

Bits stable_discs(Bits own, Bits other) {
  const FullLines f = full_lines(own | other);
  // A line is safe for a disc when full, or when the disc lies on the border across it.
  const Bits safe_h = f.horizontal | kColA | kColH;
  const Bits safe_v = f.vertical | kRow1 | kRow8;
  const Bits safe_d = f.diagonal9 | kBorder;
  const Bits safe_a = f.diagonal7 | kBorder;
  Bits stable = edge_stable(own, other) | (own & safe_h & safe_v & safe_d & safe_a);
  for (;;) {
    const Bits h = safe_h | ((stable << 1) & kNotColumnA) | ((stable >> 1) & kNotColumnH);
    const Bits v = safe_v | (stable << 8) | (stable >> 8);
    const Bits d = safe_d | ((stable << 9) & kNotColumnA) | ((stable >> 9) & kNotColumnH);
    const Bits a = safe_a | ((stable << 7) & kNotColumnH) | ((stable >> 7) & kNotColumnA);
    const Bits next = stable | (own & h & v & d & a);
    if (next == stable) return stable;
    stable = next;
  }
}

}  // namespace alphactor::othello
