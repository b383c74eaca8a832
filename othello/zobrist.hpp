// Zobrist hashing of Othello positions: a fixed random key per (colour, square) and one for
// the side to move; a position's hash is the XOR of the keys of its discs. Because flips
// change many squares at once, the hash is not updated disc by disc but recomputed from the
// bitboards a row at a time: each (colour, row, 8-bit row pattern) has the XOR of its squares'
// keys precomputed, so a hash is 16 table lookups, and it is the same value the disc-by-disc
// XOR would give.
#pragma once

#include <cstdint>

#include "othello/board.hpp"

namespace alphactor::othello {

// The key of one disc (colour, square) and of "white to move"; exposed for tests.
std::uint64_t zobrist_key(Colour c, int sq);
std::uint64_t zobrist_side_key();

std::uint64_t zobrist_hash(Bits black, Bits white, Colour side);
inline std::uint64_t zobrist_hash(const Position& p) {
  return zobrist_hash(p.black(), p.white(), p.side);
}

}  // namespace alphactor::othello
