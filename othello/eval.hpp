// Midgame evaluation of an Othello position, from the side to move's point of view, in
// centi-discs (1/100 of a disc). The scale matches terminal values: a finished game scores
// 100 x its final disc difference (OthelloGame::terminal_value), so "+250" reads as "about
// two and a half discs ahead".
//
// Terms (classic hand-made features; weights in eval_weights.hpp):
//  - mobility: legal moves of the mover minus the opponent's (corner moves count double);
//  - potential mobility: empty squares next to opponent discs minus those next to own discs
//    (frontier: fewer own discs on the frontier means more future moves);
//  - corners held; X-squares (b2, g2, b7, g7) and C-squares (next to a corner on the edge)
//    held while their corner is empty, which tend to give the corner away;
//  - edge stability: edge discs that can never be flipped (stability.hpp);
//  - parity: with an odd number of empties the mover expects the last move.
// No trained weights: the data to train them is not part of this project.
#pragma once

#include "othello/bitboard.hpp"
#include "search/game.hpp"

namespace alphactor::othello {

struct EvalTerms {
  int mobility = 0, potential_mobility = 0, corners = 0, x_squares = 0, c_squares = 0,
      edge_stable = 0, parity = 0;
};

// The feature differences (mover minus opponent) the evaluation weighs; for tests and tuning.
EvalTerms eval_terms(Bits player, Bits opponent);
// The weighted sum, clamped to +-6400 (the range of terminal values).
Value evaluate(Bits player, Bits opponent);
// A cheaper evaluation (mobility, potential mobility, corners, X-squares) for move ordering
// inside the endgame solver; same scale.
Value evaluate_fast(Bits player, Bits opponent);

}  // namespace alphactor::othello
