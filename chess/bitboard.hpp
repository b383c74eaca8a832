// Attack tables: leapers (pawn, knight, king) precomputed per square, sliders through magic
// bitboards ("fancy" magics: one shared table, a per-square offset, mask, multiplier, shift).
// The magic multipliers are found at start-up by a seeded trial search, so no table is
// copied from anywhere and the result is the same on every run.
//
// Call init_tables() once before use (Position's constructors do it; it is idempotent and
// thread-safe). It also fills the Zobrist keys. After that every table is read-only.
#pragma once

#include <array>

#include "chess/types.hpp"

namespace alphactor::chess {

void init_tables();

namespace detail {

struct Magic {
  Bitboard mask;
  Bitboard multiplier;
  const Bitboard* attacks;  // into the shared table
  int shift;
  [[nodiscard]] unsigned index(Bitboard occupied) const {
    return unsigned(((occupied & mask) * multiplier) >> shift);
  }
};

struct Tables {
  std::array<Magic, 64> rook_magic;
  std::array<Magic, 64> bishop_magic;
  std::array<Bitboard, 64> knight;
  std::array<Bitboard, 64> king;
  std::array<std::array<Bitboard, 64>, 2> pawn;  // pawn attacks by colour
  // between[a][b]: squares strictly between a and b on a line (0 if not aligned).
  std::array<std::array<Bitboard, 64>, 64> between;
  // line[a][b]: the whole line through a and b, edge to edge (0 if not aligned).
  std::array<std::array<Bitboard, 64>, 64> line;
};
extern Tables tables;

}  // namespace detail

inline Bitboard knight_attacks(Square s) {
  return detail::tables.knight[s];
}
inline Bitboard king_attacks(Square s) {
  return detail::tables.king[s];
}
inline Bitboard pawn_attacks(Color c, Square s) {
  return detail::tables.pawn[c][s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& m = detail::tables.rook_magic[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& m = detail::tables.bishop_magic[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard between_bb(Square a, Square b) {
  return detail::tables.between[a][b];
}
inline Bitboard line_bb(Square a, Square b) {
  return detail::tables.line[a][b];
}
// Attacks of a piece of type t (not a pawn) on square s.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case kKnight:
      return knight_attacks(s);
    case kBishop:
      return bishop_attacks(s, occupied);
    case kRook:
      return rook_attacks(s, occupied);
    case kQueen:
      return queen_attacks(s, occupied);
    case kKing:
      return king_attacks(s);
    default:
      return 0;
  }
}

// Set-wise shifts that do not wrap around the board's edge.
template <int Delta>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (Delta == 8) return b << 8;
  else if constexpr (Delta == -8) return b >> 8;
  else if constexpr (Delta == 16) return b << 16;
  else if constexpr (Delta == -16) return b >> 16;
  else if constexpr (Delta == 9) return (b & ~kFileH) << 9;
  else if constexpr (Delta == 7) return (b & ~kFileA) << 7;
  else if constexpr (Delta == -7) return (b & ~kFileH) >> 7;
  else if constexpr (Delta == -9) return (b & ~kFileA) >> 9;
  else if constexpr (Delta == 1) return (b & ~kFileH) << 1;
  else if constexpr (Delta == -1) return (b & ~kFileA) >> 1;
  else static_assert(Delta == 0, "unsupported shift");
}

// All squares attacked by `c`'s pawns.
inline Bitboard pawn_attacks_bb(Color c, Bitboard pawns) {
  return c == kWhite ? shift<9>(pawns) | shift<7>(pawns) : shift<-7>(pawns) | shift<-9>(pawns);
}

}  // namespace alphactor::chess
