#include "chess/see.hpp"

#include "chess/eval.hpp"

namespace alphactor::chess {

bool see_ge(const Position& pos, Move m, int threshold) {
  if (m.is_castle()) return threshold <= 0;
  const Square from = m.from(), to = m.to();
  // What we win at once, and what we stand to lose on the square afterwards.
  int gain = m.is_en_passant() ? kSeeValue[kPawn] : kSeeValue[type_of(pos.piece_on(to)) % 6];
  if (!m.is_capture()) gain = 0;
  PieceType on_square = type_of(pos.piece_on(from));
  if (m.is_promotion()) {
    gain += kSeeValue[m.promotion_type()] - kSeeValue[kPawn];
    on_square = m.promotion_type();
  }
  // swap: balance from the point of view of the side that just captured, minus threshold.
  int swap = gain - threshold;
  if (swap < 0) return false;
  swap = kSeeValue[on_square] - swap;
  if (swap <= 0) return true;  // even losing the piece keeps us above the threshold

  Bitboard occupied = pos.pieces() ^ bit(from) ^ bit(to);
  if (m.is_en_passant()) occupied ^= bit(to + (pos.side_to_move() == kWhite ? -8 : 8));
  Color side = pos.side_to_move();
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  const Bitboard diagonal = pos.pieces(kBishop, kQueen), straight = pos.pieces(kRook, kQueen);
  bool result = true;  // "the side that moved last wins the threshold"
  for (;;) {
    side = ~side;
    attackers &= occupied;
    const Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    result = !result;
    PieceType pt = kPawn;
    while (!(mine & pos.pieces(pt))) pt = PieceType(pt + 1);
    if (pt == kKing) {
      // The king may only take if the square is no longer defended.
      return (attackers & pos.pieces(~side)) ? !result : result;
    }
    swap = kSeeValue[pt] - swap;
    if (swap < int(result)) break;
    occupied ^= bit(lsb(mine & pos.pieces(pt)));
    if (pt == kPawn || pt == kBishop || pt == kQueen)
      attackers |= bishop_attacks(to, occupied) & diagonal;
    if (pt == kRook || pt == kQueen) attackers |= rook_attacks(to, occupied) & straight;
  }
  return result;
}

}  // namespace alphactor::chess
