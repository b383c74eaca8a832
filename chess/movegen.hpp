// Legal move generation. Pins and checks are worked out once per position (a pin ray per
// pinned piece, a check mask of the squares that block or capture a single checker, king moves
// tested with the king lifted off the board), so every generated move is legal without
// making it. En passant, whose legality can hinge on two pieces leaving a rank at once, is
// checked exactly by recomputing the slider attacks on the king.
//
// count_legal() runs the same code but only counts (bit counts of target sets): perft uses it
// for the last ply ("bulk counting").
#pragma once

#include <cstdint>

#include "chess/position.hpp"
#include "search/game.hpp"

namespace alphactor::chess {

// 218 is the most legal moves any chess position has; 256 leaves room.
using MoveList = alphactor::MoveList<Move, 256>;

void generate_legal(const Position& pos, MoveList& list);
// Legal captures (en passant included) and promotions (all four pieces).
void generate_noisy(const Position& pos, MoveList& list);
// The number of legal moves, equal to generate_legal's list size.
std::uint64_t count_legal(const Position& pos);
// True when the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

}  // namespace alphactor::chess
