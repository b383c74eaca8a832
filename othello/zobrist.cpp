#include "othello/zobrist.hpp"

#include <array>

namespace alphactor::othello {
namespace {

constexpr std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

struct Keys {
  std::uint64_t disc[2][64];
  std::uint64_t side;
  std::uint64_t row[2][8][256];  // XOR of disc keys of an 8-bit pattern on a row
};

Keys make_keys() {
  Keys k{};
  for (int c = 0; c < 2; ++c)
    for (int sq = 0; sq < 64; ++sq) k.disc[c][sq] = splitmix(0x0e110ULL + 64 * c + sq);
  k.side = splitmix(0x51DEULL);
  for (int c = 0; c < 2; ++c)
    for (int r = 0; r < 8; ++r)
      for (int pattern = 0; pattern < 256; ++pattern) {
        std::uint64_t h = 0;
        for (int col = 0; col < 8; ++col)
          if (pattern & (1 << col)) h ^= k.disc[c][8 * r + col];
        k.row[c][r][pattern] = h;
      }
  return k;
}

const Keys& keys() {
  static const Keys k = make_keys();
  return k;
}

}  // namespace

std::uint64_t zobrist_key(Colour c, int sq) {
  return keys().disc[int(c)][sq];
}
std::uint64_t zobrist_side_key() {
  return keys().side;
}

std::uint64_t zobrist_hash(Bits black, Bits white, Colour side) {
  const Keys& k = keys();
  std::uint64_t h = side == Colour::kWhite ? k.side : 0;
  for (int r = 0; r < 8; ++r) {
    h ^= k.row[0][r][(black >> (8 * r)) & 0xFF];
    h ^= k.row[1][r][(white >> (8 * r)) & 0xFF];
  }
  return h;
}

}  // namespace alphactor::othello
