#include "chess/chess_game.hpp"

namespace alphactor::chess {

ChessGame::ChessGame(std::string_view fen)
    : ChessGame(fen == "startpos" ? Position() : Position::from_fen(fen)) {}

void ChessGame::generate_noisy(MoveList& list) const {
  MoveList all;
  chess::generate_noisy(pos_, all);
  list.clear();
  for (const Move m : all) {
    if (m.is_promotion() && m.promotion_type() != kQueen) continue;
    if (m.is_capture() && !chess::see_ge(pos_, m, 0)) continue;
    list.push(m);
  }
}

bool ChessGame::is_terminal() const {
  if (pos_.moves_played() == root_moves_) return false;
  if (pos_.is_repetition() || pos_.insufficient_material()) return true;
  if (pos_.is_fifty_move_draw()) return !(pos_.in_check() && !has_legal_move(pos_));
  return false;
}

Value ChessGame::terminal_value(int ply) const {
  if (pos_.in_check() && !has_legal_move(pos_)) return -(kMate - ply);
  return 0;
}

int ChessGame::order_hint(Move m) const {
  if (!m.is_noisy()) return 0;
  int score = 0;
  if (m.is_capture()) {
    const PieceType victim = m.is_en_passant() ? kPawn : type_of(pos_.piece_on(m.to()));
    const PieceType attacker = type_of(pos_.piece_on(m.from()));
    score = (victim + 1) * 8 + (kKing - attacker);  // most valuable victim, least valuable attacker
  }
  if (m.is_promotion() && m.promotion_type() == kQueen) score += 48;
  // Every noisy move > 0; spaced so history scores of quiet moves (< 2^20) stay below.
  return (score + 1) << 20;
}

}  // namespace alphactor::chess
