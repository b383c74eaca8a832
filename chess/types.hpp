// Chess vocabulary: colours, piece types, pieces, squares, bitboards and the 16-bit move.
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping), so
// bit s of a Bitboard is square s.
//
// A Move is from (6 bits) | to (6 bits) | flag (4 bits). The flag says what kind of move it
// is, so make/unmake never has to rediscover it; Move{} (a1a1, quiet) is "no move".
#pragma once

#include <bit>
#include <cstdint>

namespace alphactor::chess {

using Bitboard = std::uint64_t;

enum Color : int { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

enum PieceType : int { kPawn = 0, kKnight, kBishop, kRook, kQueen, kKing, kNoPieceType };

// Piece = colour * 6 + type; kNoPiece marks an empty square.
enum Piece : std::uint8_t { kNoPiece = 12 };
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(c * 6 + t);
}
constexpr PieceType type_of(Piece p) {
  return PieceType(p % 6);
}
constexpr Color color_of(Piece p) {
  return Color(p / 6);
}

using Square = int;
inline constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Square make_square(int file, int rank) {
  return rank * 8 + file;
}
// The same square seen from the other side (a1 <-> a8).
constexpr Square flip_rank(Square s) {
  return s ^ 56;
}
// A square from `c`'s point of view: rank 0 is c's back rank.
constexpr Square relative_square(Color c, Square s) {
  return c == kWhite ? s : flip_rank(s);
}
constexpr int relative_rank(Color c, Square s) {
  return c == kWhite ? rank_of(s) : 7 - rank_of(s);
}

constexpr Bitboard bit(Square s) {
  return Bitboard{1} << s;
}
inline int popcount(Bitboard b) {
  return std::popcount(b);
}
inline Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
inline Square msb(Bitboard b) {
  return 63 - std::countl_zero(b);
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard file_bb(int f) {
  return kFileA << f;
}
constexpr Bitboard rank_bb(int r) {
  return kRank1 << (8 * r);
}

// Castling rights, one bit each.
enum CastlingRight : int {
  kWhiteKingSide = 1,
  kWhiteQueenSide = 2,
  kBlackKingSide = 4,
  kBlackQueenSide = 8,
  kAllCastling = 15
};

enum MoveFlag : int {
  kQuiet = 0,
  kDoublePush = 1,
  kKingCastle = 2,
  kQueenCastle = 3,
  kCapture = 4,
  kEnPassant = 5,
  kPromoKnight = 8,  // + (promoted type - kKnight); + kCapture for a capturing promotion
  kPromoCaptureKnight = 12,
};

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, int flag)
      : data_(std::uint16_t(from | (to << 6) | (flag << 12))) {}
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  [[nodiscard]] constexpr Square from() const { return data_ & 63; }
  [[nodiscard]] constexpr Square to() const { return (data_ >> 6) & 63; }
  [[nodiscard]] constexpr int flag() const { return data_ >> 12; }
  [[nodiscard]] constexpr bool is_capture() const { return (flag() & kCapture) != 0; }
  [[nodiscard]] constexpr bool is_promotion() const { return (flag() & 8) != 0; }
  [[nodiscard]] constexpr bool is_castle() const {
    return flag() == kKingCastle || flag() == kQueenCastle;
  }
  [[nodiscard]] constexpr bool is_en_passant() const { return flag() == kEnPassant; }
  // Captures and promotions: what quiescence search looks at.
  [[nodiscard]] constexpr bool is_noisy() const { return (flag() & 12) != 0; }
  [[nodiscard]] constexpr PieceType promotion_type() const {
    return PieceType(kKnight + (flag() & 3));
  }
  [[nodiscard]] constexpr std::uint16_t raw() const { return data_; }
  [[nodiscard]] constexpr bool is_none() const { return data_ == 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace alphactor::chess
