#include "othello/perft.hpp"

namespace alphactor::othello {

std::uint64_t perft(Bits P, Bits O, int depth) {
  if (depth <= 0) return 1;
  Bits moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return 1;  // ended: one leaf at every deeper depth
    return perft(O, P, depth - 1);     // the pass is the only child
  }
  if (depth == 1) return popcount(moves);
  std::uint64_t n = 0;
  while (moves) {
    const int sq = first_square(moves);
    moves &= moves - 1;
    const Bits f = flips(sq, P, O);
    n += perft(O ^ f, P ^ f ^ bit(sq), depth - 1);
  }
  return n;
}

std::vector<std::pair<int, std::uint64_t>> perft_divide(const Position& p, int depth) {
  std::vector<std::pair<int, std::uint64_t>> out;
  if (depth <= 0) return out;
  const Bits P = p.player, O = p.opponent;
  Bits moves = legal_moves(P, O);
  if (!moves) {
    if (legal_moves(O, P)) out.emplace_back(kPassSquare, perft(O, P, depth - 1));
    return out;
  }
  while (moves) {
    const int sq = first_square(moves);
    moves &= moves - 1;
    const Bits f = flips(sq, P, O);
    out.emplace_back(sq, perft(O ^ f, P ^ f ^ bit(sq), depth - 1));
  }
  return out;
}

}  // namespace alphactor::othello
