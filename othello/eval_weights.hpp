// The midgame evaluation's weights, in centi-discs per unit of each feature: the one place to
// tune them. Hand-set (no training data); chosen so that a corner is worth about four discs
// and a move of mobility most of a disc, the usual proportions of hand-made Othello programs.
#pragma once

namespace alphactor::othello::weights {

inline constexpr int kMobility = 70;           // per legal move of difference
inline constexpr int kPotentialMobility = 25;  // per frontier square of difference
inline constexpr int kCorner = 400;            // per corner held
inline constexpr int kXSquare = -250;          // per X-square held next to an empty corner
inline constexpr int kCSquare = -100;          // per C-square held next to an empty corner
inline constexpr int kEdgeStable = 120;        // per stable edge disc
inline constexpr int kParity = 150;            // mover expects the last move (odd empties)
inline constexpr int kClamp = 6400;            // |evaluation| never exceeds a won-out game

}  // namespace alphactor::othello::weights
