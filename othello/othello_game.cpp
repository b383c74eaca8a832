#include "othello/othello_game.hpp"

#include "othello/zobrist.hpp"

namespace alphactor::othello {

OthelloGame::OthelloGame(const Position& p) : pos_(p), hash_(zobrist_hash(p)) {
  history_.reserve(kMaxPly + 64);
}

void OthelloGame::generate_moves(MoveList& list) const {
  list.clear();
  Bits moves = legal_moves(pos_.player, pos_.opponent);
  if (!moves) {
    if (legal_moves(pos_.opponent, pos_.player)) list.push(kPassSquare);
    return;
  }
  while (moves) {
    list.push(static_cast<Move>(first_square(moves)));
    moves &= moves - 1;
  }
}

void OthelloGame::play(Move m) {
  history_.push_back({pos_, hash_});
  Position next;
  if (m == kPassSquare) {
    next.player = pos_.opponent;
    next.opponent = pos_.player;
  } else {
    const Bits f = flips(m, pos_.player, pos_.opponent);
    next.player = pos_.opponent ^ f;
    next.opponent = pos_.player ^ f ^ bit(m);
  }
  next.side = other(pos_.side);
  pos_ = next;
  hash_ = zobrist_hash(pos_);
}

void OthelloGame::undo(Move /*m*/) {
  pos_ = history_.back().pos;
  hash_ = history_.back().hash;
  history_.pop_back();
}

std::optional<OthelloGame::Move> OthelloGame::parse_move(std::string_view text) const {
  const auto sq = parse_square(text);
  if (!sq) return std::nullopt;
  const Bits moves = legal_moves(pos_.player, pos_.opponent);
  if (*sq == kPassSquare) {
    if (!moves && legal_moves(pos_.opponent, pos_.player)) return kPassSquare;
    return std::nullopt;
  }
  if (moves & bit(*sq)) return static_cast<Move>(*sq);
  return std::nullopt;
}

int OthelloGame::order_hint(Move m) const {
  if (m == kPassSquare) return 0;
  if (kCorners & bit(m)) return kOrderCorner;
  // X-squares: b2 g2 b7 g7, each with its corner.
  constexpr int kX[4] = {9, 14, 49, 54}, kC[4] = {0, 7, 56, 63};
  const Bits empty = pos_.empty();
  for (int k = 0; k < 4; ++k)
    if (m == kX[k] && (empty & bit(kC[k]))) return -kOrderCorner;
  return 0;
}

}  // namespace alphactor::othello
