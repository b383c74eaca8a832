// Tunables of the exact endgame solver, in one place, each with the reason for its value.
#pragma once

#include <cstddef>

namespace alphactor::othello::endgame_tunables {

// Table size per solver. FFO #40-#49 search ~10^8 nodes; 2^22 entries keep their hash-level
// nodes (about a tenth of all) without much replacement.
inline constexpr std::size_t kDefaultTableMegabytes = 128;
// Empties from which a node uses the table and sorts its moves (fastest-first); below it,
// the parity-ordered shallow search (the table costs more than it saves near the leaves).
inline constexpr int kHashMinEmpties = 7;
// Empties from which moves are sorted by a shallow midgame search (one ply, then two) on top
// of mobility. Measured on FFO #43-#47: lower thresholds save nodes but cost more time in the
// ordering searches than they save (10: -7% nodes, +35% time; 13 and 17 the best found).
inline constexpr int kShallowOrderMinEmpties = 13;
inline constexpr int kShallowOrderDepth2MinEmpties = 17;
// Empties from which children are probed in the table before searching (enhanced
// transposition cut-off).
inline constexpr int kEtcMinEmpties = 10;
// Move ordering weights (fastest-first): opponent's weighted mobility after the move
// dominates; then its potential mobility, corners taken, and parity.
inline constexpr int kOrderMobility = 1 << 12;
inline constexpr int kOrderPotentialMobility = 1 << 9;
inline constexpr int kOrderCorner = 1 << 11;
inline constexpr int kOrderParity = 1 << 10;
inline constexpr int kOrderTableMove = 1 << 28;
inline constexpr int kOrderWipeout = 1 << 29;
// Weight of the shallow search value (centi-discs) in the ordering score at high empties.
inline constexpr int kOrderShallowValue = 1 << 4;

}  // namespace alphactor::othello::endgame_tunables
