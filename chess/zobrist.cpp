#include "chess/zobrist.hpp"

namespace alphactor::chess::zobrist {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Keys make_keys() {
  Keys k{};
  std::uint64_t state = 0x616C706861637472ULL;  // "alphactr"
  for (auto& per_piece : k.piece_square)
    for (auto& key : per_piece) key = splitmix64(state);
  // Castling: one key per right, combined by xor, so a set's key is the xor of its rights.
  std::array<std::uint64_t, 4> right{};
  for (auto& r : right) r = splitmix64(state);
  for (int set = 0; set < 16; ++set) {
    k.castling[set] = 0;
    for (int i = 0; i < 4; ++i)
      if (set & (1 << i)) k.castling[set] ^= right[i];
  }
  for (auto& key : k.en_passant_file) key = splitmix64(state);
  k.side = splitmix64(state);
  return k;
}

}  // namespace

namespace detail {
Keys keys;
void init_keys() {
  keys = make_keys();
}
}  // namespace detail

}  // namespace alphactor::chess::zobrist
