// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard check
// of a move generator against published counts. The last ply is counted in bulk (the size of
// the legal move list, without making the moves), as Stockfish's `go perft` does.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "chess/position.hpp"

namespace alphactor::chess {

std::uint64_t perft(Position& pos, int depth);
// Perft of each legal root move (depth >= 1), in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace alphactor::chess
