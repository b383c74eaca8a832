// Stable discs: discs that no sequence of moves can ever flip. Used by the evaluation (edge
// stability) and by the endgame solver's stability cut-off: if the opponent owns s stable
// discs, the side to move cannot finish better than 64 - 2 s.
//
// The set found is a subset of the truly stable discs (a lower bound), built in two steps:
//  1. Edges: a disc on an edge can only be flanked along that edge, so its stability depends
//     on the edge's 8 squares alone. A 3^8 table, filled by recursion over every way the edge
//     can fill up (each empty square taken by either colour, flipping along the edge only),
//     gives the exactly stable discs of every edge configuration.
//  2. Interior: a disc is stable when, on each of its four lines (row, column, two diagonals),
//     the line is full or the disc touches the board's border or a stable disc of its own
//     colour. Iterated to a fixed point, seeded with the edge-stable discs.
#pragma once

#include <cstdint>

#include "othello/bitboard.hpp"

namespace alphactor::othello {

// Stable discs of `own` on the four edges (exact for edge squares).
Bits edge_stable(Bits own, Bits other);
// Stable discs of `own` anywhere (edges exact, interior by the full-line / neighbour rule).
Bits stable_discs(Bits own, Bits other);

// Squares whose line in each direction is completely filled (for tests and the solver).
struct FullLines {
  Bits horizontal, vertical, diagonal9, diagonal7;
};
FullLines full_lines(Bits occupied);

// Stable edge discs of the first colour in an 8-square line (bit i = square i of the line).
std::uint8_t edge_line_stable(std::uint8_t own, std::uint8_t other);

}  // namespace alphactor::othello
