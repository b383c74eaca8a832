// Static exchange evaluation: the material balance of the capture sequence on one square when
// both sides always recapture with their least valuable attacker and may stop when it pays.
// X-ray attackers (a rook behind a rook) join as the pieces in front leave. Pins are ignored.
#pragma once

#include "chess/position.hpp"

namespace alphactor::chess {

// True when the exchange started by m wins at least `threshold` centipawns (kSeeValue units).
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace alphactor::chess
