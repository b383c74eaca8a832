// Othello perft: the number of leaves of the game tree to a fixed depth, counted with the
// conventions of data/othello/perft.txt ("perft" column):
//  - a pass is a ply: a side without a legal move whose opponent has one passes, and that
//    pass is one node at its depth;
//  - a game that ended (neither side can move) at ply k < d counts as one leaf at depth d.
// The last ply is bulk-counted: a node one ply above the horizon contributes the popcount of
// its move mask without playing the moves.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "othello/board.hpp"

namespace alphactor::othello {

std::uint64_t perft(Bits player, Bits opponent, int depth);
inline std::uint64_t perft(const Position& p, int depth) {
  return perft(p.player, p.opponent, depth);
}

// Leaves below each root move (the pass, if it is the only move), in square order.
std::vector<std::pair<int, std::uint64_t>> perft_divide(const Position& p, int depth);

}  // namespace alphactor::othello
