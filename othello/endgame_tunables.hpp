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
// Moves are also scored by a shallow midgame search of each child (othello/eval.hpp's fast
// evaluation) from kShallowOrderMinEmpties[0] empties on, one ply deeper from each further
// threshold (1 ply from 13 empties, 2 from 17, 3 from 20, 4 from 22). Measured on FFO #43-#47
// (node counts are deterministic; times on the shared machine are not): starting at 10 saves
// 7% of the nodes but costs more time than it saves; the deeper searches from 17/20/22 save
// 25% of the nodes of #43-#47 and 40% of #45 over one ply alone.
inline constexpr int kShallowOrderMinEmpties[] = {13, 17, 20, 22};
// The root's MTD(f) probes start from a guess: a midgame search of kGuessDepth plies, its
// centi-discs times kGuessStretch taken as discs. Every 2 discs off cost a probe, but not
// evenly: a probe below the score fails high on the first good root move, one above it must
// refute every root move. The evaluation is about three times too cautious about final
// margins, yet stretching it (x3, 6 plies: mean error 7 discs on FFO #40-#49 instead of 11)
// cost more, as more guesses land above the score: FFO #45 283 M -> 537 M nodes, #41-#47
// 564 M -> 818 M. Biasing the guess down by 2 or 4 discs changed #41-#47 by under 2%.
inline constexpr int kGuessDepth = 4;
inline constexpr int kGuessStretch = 1;
// Empties from which children are probed in the table before searching (enhanced
// transposition cut-off).
inline constexpr int kEtcMinEmpties = 10;
// Move ordering weights (fastest-first): opponent's weighted mobility after the move
// dominates; then its potential mobility, corners taken, and parity.
inline constexpr int kOrderMobility = 1 << 12;
inline constexpr int kOrderPotentialMobility = 1 << 9;
// Below this many empties potential mobility is not worth computing: on FFO #43, #44, #47 it
// saves 0.3% of the nodes.
inline constexpr int kPotentialMobilityMinEmpties = 10;
inline constexpr int kOrderCorner = 1 << 11;
inline constexpr int kOrderParity = 1 << 10;
inline constexpr int kOrderTableMove = 1 << 28;
inline constexpr int kOrderWipeout = 1 << 29;
// Weight of the shallow search value (centi-discs) in the ordering score: 64 per centi-disc,
// so a disc of evaluation weighs about 1.5 replies of opponent mobility (1 << 4 and 1 << 8
// both cost 10-15% more nodes on FFO #43-#47).
inline constexpr int kOrderShallowValue = 1 << 6;

}  // namespace alphactor::othello::endgame_tunables
