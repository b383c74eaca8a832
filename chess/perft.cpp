#include "chess/perft.hpp"

#include "chess/movegen.hpp"

namespace alphactor::chess {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  for (const Move m : list) {
    pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake(m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (const Move m : list) {
    pos.make(m);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.unmake(m);
  }
  return out;
}

}  // namespace alphactor::chess
