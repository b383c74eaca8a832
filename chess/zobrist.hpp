// Zobrist keys: one random 64-bit key per (piece, square), castling-rights set, en-passant
// file and side to move, drawn from a fixed-seed generator so hashes are the same on every run
// (the actor runtime relies on that to send hashes between processors).
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.hpp"

namespace alphactor::chess::zobrist {

struct Keys {
  std::array<std::array<std::uint64_t, 64>, 12> piece_square;
  std::array<std::uint64_t, 16> castling;
  std::array<std::uint64_t, 8> en_passant_file;
  std::uint64_t side;  // xor-ed in when black is to move
};

namespace detail {
extern Keys keys;  // filled by init_tables() (chess/bitboard.hpp), read-only afterwards
void init_keys();
}  // namespace detail

inline const Keys& keys() {
  return detail::keys;
}
inline std::uint64_t piece(Piece p, Square s) {
  return detail::keys.piece_square[p][s];
}

}  // namespace alphactor::chess::zobrist
